// Entregas (issue 20, docs/decisions/132): GET /api/admin/deliveries (ready packages by zone),
// GET /api/admin/deliveries/scan?code= (the scanned package), POST /api/admin/deliveries/{id}
// (deliver with proof) for every staff role, and PATCH /api/admin/deliveries/{id}/pickup (office
// pickup) for office staff: it is an arrangement made with the client, whose data Bodega does not see.
// The delivery lists (issue 32 item 7, docs/decisions/161): office staff put a ready package on a
// Mensajero's list (PUT /api/admin/deliveries/{id}/messenger, GET /api/admin/messengers); the
// Mensajero reads only their own list (GET /api/admin/delivery-list) and delivers only from it.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { can, staffSubject } from "../../core/policies";
import { contractSchema } from "../../lib/route-contract";
import { ANY_STAFF, DELIVERY_STAFF, MESSENGER_ONLY, OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import {
  ASSIGN_MESSENGER_ROUTE,
  DELIVER_ROUTE,
  DELIVERIES_ROUTE,
  DELIVERY_SCAN_ROUTE,
  MESSENGER_LIST_ROUTE,
  MESSENGERS_ROUTE,
  OFFICE_PICKUP_ROUTE,
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
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(DELIVERIES_ROUTE.path, { config: { auth: "admin", roles: ANY_STAFF }, schema: contractSchema(DELIVERIES_ROUTE) }, async (request) => {
    return listDeliveries(ctx.db, request.query, viewOf(request));
  });

  api.get(DELIVERY_SCAN_ROUTE.path, { config: { auth: "admin", roles: ANY_STAFF }, schema: contractSchema(DELIVERY_SCAN_ROUTE) }, async (request) => {
    return scanForDelivery(ctx.db, request.query.code, viewOf(request));
  });

  api.post(DELIVER_ROUTE.path, { config: { auth: "admin", roles: DELIVERY_STAFF }, schema: contractSchema(DELIVER_ROUTE) }, async (request) => {
    const { id } = request.params;
    return deliverPackage(ctx.db, id, request.body, {
      actor: staffActor(request),
      brandName: ctx.config.brand.name,
      staff: staffSubject(request),
    });
  });

  api.get(MESSENGER_LIST_ROUTE.path, { config: { auth: "admin", roles: MESSENGER_ONLY }, schema: contractSchema(MESSENGER_LIST_ROUTE) }, async (request) => {
    return listMessengerPackages(ctx.db, request.staff!.accountId);
  });

  api.get(MESSENGERS_ROUTE.path, { config: { auth: "admin", roles: OFFICE_STAFF }, schema: contractSchema(MESSENGERS_ROUTE) }, async () => listMessengers(ctx.db));

  api.put(ASSIGN_MESSENGER_ROUTE.path, { config: { auth: "admin", roles: OFFICE_STAFF }, schema: contractSchema(ASSIGN_MESSENGER_ROUTE) }, async (request) => {
    return assignMessenger(ctx.db, request.params.id, request.body.messengerId, staffActor(request));
  });

  api.patch(OFFICE_PICKUP_ROUTE.path, { config: { auth: "admin", roles: OFFICE_STAFF }, schema: contractSchema(OFFICE_PICKUP_ROUTE) }, async (request) => {
    return setOfficePickup(ctx.db, request.params.id, request.body.retiroOficina, staffActor(request));
  });
}
