// Entregas (issue 20, docs/decisions/132): GET /api/admin/deliveries (ready packages by zone),
// GET /api/admin/deliveries/scan?code= (the scanned package), POST /api/admin/deliveries/{id}
// (deliver with proof) for every staff role, and PATCH /api/admin/deliveries/{id}/pickup (office
// pickup) for office staff: it is an arrangement made with the client, whose data Bodega does not see.
// The delivery lists (issue 32 item 7, docs/decisions/161): office staff put a ready package on a
// Mensajero's list (PUT /api/admin/deliveries/{id}/messenger, GET /api/admin/messengers); the
// Mensajero reads only their own list (GET /api/admin/delivery-list) and delivers only from it.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { staffActor } from "../../lib/actor";
import { can, staffSubject } from "../../core/policies";
import { ANY_STAFF, DELIVERY_STAFF, MESSENGER_ONLY, OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import { ZTrackingIdParamsSchema } from "../../../shared/api/trackings";
import {
  ZAssignMessengerRequestSchema,
  ZDeliverRequestSchema,
  ZDeliveriesQuerySchema,
  ZDeliveryScanQuerySchema,
  ZPickupRequestSchema,
} from "../../../shared/api/admin/deliveries";
import {
  assignMessenger,
  deliverPackage,
  listDeliveries,
  listMessengerPackages,
  listMessengers,
  scanForDelivery,
  setOfficePickup,
  type DeliveryView,
} from "./service";

/** Bodega sees no client data beyond name and code (issue 19; core/policies/client.ts). */
const viewOf = (request: FastifyRequest): DeliveryView => ({ contact: can(staffSubject(request), "client.readContact") });

export function registerAdminDeliveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/admin/deliveries", { config: { auth: "admin", roles: ANY_STAFF } }, async (request) => {
    const query = parseWith(ZDeliveriesQuerySchema, request.query ?? {});
    return listDeliveries(ctx.db, query, viewOf(request));
  });

  app.get("/api/admin/deliveries/scan", { config: { auth: "admin", roles: ANY_STAFF } }, async (request) => {
    const { code } = parseWith(ZDeliveryScanQuerySchema, request.query ?? {});
    return scanForDelivery(ctx.db, code, viewOf(request));
  });

  app.post("/api/admin/deliveries/:id", { config: { auth: "admin", roles: DELIVERY_STAFF } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    const body = parseWith(ZDeliverRequestSchema, request.body ?? {});
    return deliverPackage(ctx.db, id, body, {
      actor: staffActor(request),
      brandName: ctx.config.brand.name,
      staff: staffSubject(request),
    });
  });

  app.get("/api/admin/delivery-list", { config: { auth: "admin", roles: MESSENGER_ONLY } }, async (request) => {
    return listMessengerPackages(ctx.db, request.staff!.accountId);
  });

  app.get("/api/admin/messengers", { config: { auth: "admin", roles: OFFICE_STAFF } }, async () => listMessengers(ctx.db));

  app.put("/api/admin/deliveries/:id/messenger", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    const { messengerId } = parseWith(ZAssignMessengerRequestSchema, request.body ?? {});
    return assignMessenger(ctx.db, id, messengerId, staffActor(request));
  });

  app.patch("/api/admin/deliveries/:id/pickup", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    const { retiroOficina } = parseWith(ZPickupRequestSchema, request.body ?? {});
    return setOfficePickup(ctx.db, id, retiroOficina, staffActor(request));
  });
}
