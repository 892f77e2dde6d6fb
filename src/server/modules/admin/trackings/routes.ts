// Staff's package calls (staff-side §7), all admin: PATCH /api/trackings/{id} (inline edits),
// GET /api/trackings/{id}/history, POST /api/admin/trackings, PATCH and DELETE
// /api/admin/trackings/{id}, and POST /api/admin/trackings/bulk-status and
// POST /api/admin/trackings/{id}/reprice (docs/decisions/114), and the Paquetes section's list
// GET /api/admin/packages (docs/decisions/119). After a commit that
// queued WhatsApp messages the outbox worker is woken so they go out at once.
import type { FastifyInstance } from "fastify";
import {
  ZBulkStatusRequestSchema,
  ZCreateAdminTrackingRequestSchema,
  ZPatchTrackingRequestSchema,
  ZUpdateAdminTrackingRequestSchema,
} from "../../../../shared/api/admin/trackings";
import { ZAdminPackagesQuerySchema } from "../../../../shared/api/admin/packages";
import { ZTrackingIdParamsSchema } from "../../../../shared/api/trackings";
import type { AppContext } from "../../../context";
import { parseWith } from "../../../errors";
import {
  changeStatusInBulk,
  createAdminTracking,
  deleteAdminTracking,
  getTrackingHistory,
  patchTracking,
  repriceAdminTracking,
  updateAdminTracking,
} from "./service";
import { getExchangeRate } from "../../exchange-rate/service";
import { listAdminPackages } from "./packages";

export function registerAdminTrackingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const options = () => ({
    brandName: ctx.config.brand.name,
    messagingConfigured: ctx.providers.messaging.configured,
    rate: async () => (await getExchangeRate(ctx)).rate,
  });

  app.get("/api/admin/packages", { config: { auth: "admin" } }, async (request) => {
    const query = parseWith(ZAdminPackagesQuerySchema, request.query ?? {});
    return listAdminPackages(ctx.db, query);
  });

  app.patch("/api/trackings/:id", { config: { auth: "admin" } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    const body = parseWith(ZPatchTrackingRequestSchema, request.body ?? {});
    return patchTracking(ctx.db, id, body, options());
  });

  app.get("/api/trackings/:id/history", { config: { auth: "admin" } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    return { history: await getTrackingHistory(ctx.db, id) };
  });

  app.post("/api/admin/trackings", { config: { auth: "admin" } }, async (request, reply) => {
    const body = parseWith(ZCreateAdminTrackingRequestSchema, request.body ?? {});
    const result = await createAdminTracking(ctx.db, body, options());
    return reply.status(201).send(result);
  });

  app.post("/api/admin/trackings/bulk-status", { config: { auth: "admin" } }, async (request) => {
    const body = parseWith(ZBulkStatusRequestSchema, request.body ?? {});
    return changeStatusInBulk(ctx.db, body, options());
  });

  app.patch("/api/admin/trackings/:id", { config: { auth: "admin" } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    const body = parseWith(ZUpdateAdminTrackingRequestSchema, request.body ?? {});
    return updateAdminTracking(ctx.db, id, body, options());
  });

  app.post("/api/admin/trackings/:id/reprice", { config: { auth: "admin" } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    return repriceAdminTracking(ctx.db, id, options());
  });

  app.delete("/api/admin/trackings/:id", { config: { auth: "admin" } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    await deleteAdminTracking(ctx.db, id);
    return { success: true as const, id };
  });
}
