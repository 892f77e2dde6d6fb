// Staff's package calls (staff-side §7), all admin: PATCH /api/trackings/{id} (inline edits),
// GET /api/trackings/{id}/history, POST /api/admin/trackings, PATCH and DELETE
// /api/admin/trackings/{id}, and POST /api/admin/trackings/bulk-status and
// POST /api/admin/trackings/{id}/reprice (docs/decisions/114), and the Paquetes section's list
// GET /api/admin/packages (docs/decisions/119). After a commit that
// queued WhatsApp messages the outbox worker is woken so they go out at once.
import { ANY_STAFF, OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { staffActor } from "../../lib/actor";
import {
  ADMIN_TRACKING_CREATE_ROUTE,
  ADMIN_TRACKING_DELETE_ROUTE,
  ADMIN_TRACKING_REPRICE_ROUTE,
  ADMIN_TRACKING_UPDATE_ROUTE,
  BULK_STATUS_ROUTE,
  TRACKING_HISTORY_ROUTE,
  TRACKING_PATCH_ROUTE,
  type TAdminTrackingResponse,
} from "../../../shared/api/admin/trackings";
import { ADMIN_PACKAGES_ROUTE } from "../../../shared/api/admin/packages";
import type { AppContext } from "../../context";
import { authorize, can, staffSubject } from "../../core/policies";
import { contractSchema } from "../../lib/route-contract";
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
 * any other field (the bulk call's `ids` aside) is refused with 403 before anything is read or
 * written. It runs as the route's preValidation hook: on the body as sent, before the contract's
 * rules (which drop unknown fields) read it, so a field outside Bodega's is a 403 whatever its value.
 */
function bodegaFields(bulk = false) {
  return (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void): void => {
    try {
      authorize(staffSubject(request), "package.changeFields", { body: request.body, bulk });
    } catch (error) {
      return done(error as Error);
    }
    done();
  };
}

/** Bodega's answer carries no charge columns (docs/decisions/139). */
function forRole(request: FastifyRequest, answer: TAdminTrackingResponse): TAdminTrackingResponse {
  return can(staffSubject(request), "package.readCharges") ? answer : { ...answer, tracking: withoutCharges(answer.tracking) };
}

export function registerAdminTrackingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const options = (request: FastifyRequest) => ({
    actor: staffActor(request),
    brandName: ctx.config.brand.name,
    messagingConfigured: ctx.providers.messaging.configured,
    tariff: async () => ({ rate: (await getExchangeRate(ctx)).rate, volumetric: ctx.config.pricing.volumetric }),
  });
  const anyStaff = { auth: "admin", roles: ANY_STAFF } as const;
  const officeStaff = { auth: "admin", roles: OFFICE_STAFF } as const;

  api.get(ADMIN_PACKAGES_ROUTE.path, { config: anyStaff, schema: contractSchema(ADMIN_PACKAGES_ROUTE) }, async (request) => {
    // Bodega sees no client data beyond name and code: its search does not match phone numbers.
    const staff = staffSubject(request);
    return listAdminPackages(ctx.db, request.query, { phones: can(staff, "client.readContact"), amounts: can(staff, "package.readCharges") });
  });

  api.patch(
    TRACKING_PATCH_ROUTE.path,
    { config: anyStaff, preValidation: bodegaFields(), schema: contractSchema(TRACKING_PATCH_ROUTE) },
    async (request) => forRole(request, await patchTracking(ctx.db, request.params.id, request.body, options(request))),
  );

  api.get(TRACKING_HISTORY_ROUTE.path, { config: anyStaff, schema: contractSchema(TRACKING_HISTORY_ROUTE) }, async (request) => ({
    history: await getTrackingHistory(ctx.db, request.params.id),
  }));

  api.post(ADMIN_TRACKING_CREATE_ROUTE.path, { config: officeStaff, schema: contractSchema(ADMIN_TRACKING_CREATE_ROUTE) }, async (request, reply) => {
    const result = await createAdminTracking(ctx.db, request.body, options(request));
    return reply.status(201).send(result);
  });

  api.post(
    BULK_STATUS_ROUTE.path,
    { config: anyStaff, preValidation: bodegaFields(true), schema: contractSchema(BULK_STATUS_ROUTE) },
    async (request) => changeStatusInBulk(ctx.db, request.body, options(request)),
  );

  api.patch(
    ADMIN_TRACKING_UPDATE_ROUTE.path,
    { config: anyStaff, preValidation: bodegaFields(), schema: contractSchema(ADMIN_TRACKING_UPDATE_ROUTE) },
    async (request) => forRole(request, await updateAdminTracking(ctx.db, request.params.id, request.body, options(request))),
  );

  api.post(ADMIN_TRACKING_REPRICE_ROUTE.path, { config: officeStaff, schema: contractSchema(ADMIN_TRACKING_REPRICE_ROUTE) }, async (request) =>
    repriceAdminTracking(ctx.db, request.params.id, options(request)),
  );

  api.delete(ADMIN_TRACKING_DELETE_ROUTE.path, { config: officeStaff, schema: contractSchema(ADMIN_TRACKING_DELETE_ROUTE) }, async (request) => {
    const { id } = request.params;
    await deleteAdminTracking(ctx.db, id, staffActor(request));
    return { success: true as const, id };
  });
}
