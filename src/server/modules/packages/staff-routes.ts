// Staff's package calls (staff-side §7), all admin: PATCH /api/trackings/{id} (inline edits),
// GET /api/trackings/{id}/history, POST /api/admin/trackings, PATCH and DELETE
// /api/admin/trackings/{id}, and POST /api/admin/trackings/bulk-status and
// POST /api/admin/trackings/{id}/reprice (docs/decisions/114), and the Paquetes section's list
// GET /api/admin/packages (docs/decisions/119). After a commit that
// queued WhatsApp messages the outbox worker is woken so they go out at once.
import { ANY_STAFF, OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { staffActor } from "../../lib/actor";
import {
  ZBulkStatusRequestSchema,
  ZCreateAdminTrackingRequestSchema,
  ZPatchTrackingRequestSchema,
  ZUpdateAdminTrackingRequestSchema,
  type TAdminTrackingResponse,
} from "../../../shared/api/admin/trackings";
import { ZAdminPackagesQuerySchema } from "../../../shared/api/admin/packages";
import { ZTrackingIdParamsSchema } from "../../../shared/api/trackings";
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { authorize, can, staffSubject } from "../../core/policies";
import {
  changeStatusInBulk,
  createAdminTracking,
  deleteAdminTracking,
  getTrackingHistory,
  patchTracking,
  repriceAdminTracking,
  updateAdminTracking,
} from "./staff-service";
import { getExchangeRate } from "../exchange-rate/service";
import { listAdminPackages } from "./staff-list";
import { withoutCharges } from "./staff-presenter";

/**
 * Bodega changes only BODEGA_PACKAGE_FIELDS (issue 19, core/policies/package.ts): a body naming
 * any other field (the bulk call's `ids` aside) is refused with 403 before anything is read or written.
 */
function assertBodegaFields(request: FastifyRequest, bulk = false): void {
  authorize(staffSubject(request), "package.changeFields", { body: request.body, bulk });
}

/** Bodega's answer carries no charge columns (docs/decisions/139). */
function forRole(request: FastifyRequest, answer: TAdminTrackingResponse): TAdminTrackingResponse {
  return can(staffSubject(request), "package.readCharges") ? answer : { ...answer, tracking: withoutCharges(answer.tracking) };
}

export function registerAdminTrackingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const options = (request: FastifyRequest) => ({
    actor: staffActor(request),
    brandName: ctx.config.brand.name,
    messagingConfigured: ctx.providers.messaging.configured,
    tariff: async () => ({ rate: (await getExchangeRate(ctx)).rate, volumetric: ctx.config.pricing.volumetric }),
  });

  app.get("/api/admin/packages", { config: { auth: "admin", roles: ANY_STAFF } }, async (request) => {
    const query = parseWith(ZAdminPackagesQuerySchema, request.query ?? {});
    // Bodega sees no client data beyond name and code: its search does not match phone numbers.
    const staff = staffSubject(request);
    return listAdminPackages(ctx.db, query, { phones: can(staff, "client.readContact"), amounts: can(staff, "package.readCharges") });
  });

  app.patch("/api/trackings/:id", { config: { auth: "admin", roles: ANY_STAFF } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    assertBodegaFields(request);
    const body = parseWith(ZPatchTrackingRequestSchema, request.body ?? {});
    return forRole(request, await patchTracking(ctx.db, id, body, options(request)));
  });

  app.get("/api/trackings/:id/history", { config: { auth: "admin", roles: ANY_STAFF } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    return { history: await getTrackingHistory(ctx.db, id) };
  });

  app.post("/api/admin/trackings", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request, reply) => {
    const body = parseWith(ZCreateAdminTrackingRequestSchema, request.body ?? {});
    const result = await createAdminTracking(ctx.db, body, options(request));
    return reply.status(201).send(result);
  });

  app.post("/api/admin/trackings/bulk-status", { config: { auth: "admin", roles: ANY_STAFF } }, async (request) => {
    assertBodegaFields(request, true);
    const body = parseWith(ZBulkStatusRequestSchema, request.body ?? {});
    return changeStatusInBulk(ctx.db, body, options(request));
  });

  app.patch("/api/admin/trackings/:id", { config: { auth: "admin", roles: ANY_STAFF } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    assertBodegaFields(request);
    const body = parseWith(ZUpdateAdminTrackingRequestSchema, request.body ?? {});
    return forRole(request, await updateAdminTracking(ctx.db, id, body, options(request)));
  });

  app.post("/api/admin/trackings/:id/reprice", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    return repriceAdminTracking(ctx.db, id, options(request));
  });

  app.delete("/api/admin/trackings/:id", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    await deleteAdminTracking(ctx.db, id, staffActor(request));
    return { success: true as const, id };
  });
}
