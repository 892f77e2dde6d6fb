// Staff's package calls (staff-side §7), all admin: PATCH /api/trackings/{id} (inline edits),
// GET /api/trackings/{id}/history, POST /api/admin/trackings, PATCH and DELETE
// /api/admin/trackings/{id}, and POST /api/admin/trackings/bulk-status. After a commit that
// queued WhatsApp messages the outbox worker is woken so they go out at once.
import type { FastifyInstance } from "fastify";
import {
  ZBulkStatusRequestSchema,
  ZCreateAdminTrackingRequestSchema,
  ZPatchTrackingRequestSchema,
  ZUpdateAdminTrackingRequestSchema,
} from "../../../../shared/api/admin/trackings";
import { ZTrackingIdParamsSchema } from "../../../../shared/api/trackings";
import type { AppContext } from "../../../context";
import { parseWith } from "../../../errors";
import { wakeOutboxWorker } from "../../notifications/outbox";
import {
  changeStatusInBulk,
  createAdminTracking,
  deleteAdminTracking,
  getTrackingHistory,
  patchTracking,
  updateAdminTracking,
} from "./service";

export function registerAdminTrackingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const options = () => ({ brandName: ctx.config.brand.name });

  app.patch("/api/trackings/:id", { config: { auth: "admin" } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    const body = parseWith(ZPatchTrackingRequestSchema, request.body ?? {});
    const result = await patchTracking(ctx.db, id, body, options());
    if (result.notificationQueued) wakeOutboxWorker();
    return result;
  });

  app.get("/api/trackings/:id/history", { config: { auth: "admin" } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    return { history: await getTrackingHistory(ctx.db, id) };
  });

  app.post("/api/admin/trackings", { config: { auth: "admin" } }, async (request, reply) => {
    const body = parseWith(ZCreateAdminTrackingRequestSchema, request.body ?? {});
    const result = await createAdminTracking(ctx.db, body, options());
    if (result.notificationQueued) wakeOutboxWorker();
    return reply.status(201).send(result);
  });

  app.post("/api/admin/trackings/bulk-status", { config: { auth: "admin" } }, async (request) => {
    const body = parseWith(ZBulkStatusRequestSchema, request.body ?? {});
    const result = await changeStatusInBulk(ctx.db, body, options());
    if (result.changed > 0) wakeOutboxWorker();
    return result;
  });

  app.patch("/api/admin/trackings/:id", { config: { auth: "admin" } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    const body = parseWith(ZUpdateAdminTrackingRequestSchema, request.body ?? {});
    const result = await updateAdminTracking(ctx.db, id, body, options());
    if (result.notificationQueued) wakeOutboxWorker();
    return result;
  });

  app.delete("/api/admin/trackings/:id", { config: { auth: "admin" } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    await deleteAdminTracking(ctx.db, id);
    return { success: true as const, id };
  });
}
