// Entregas (issue 20, docs/decisions/132): GET /api/admin/deliveries (ready packages by zone),
// GET /api/admin/deliveries/scan?code= (the scanned package), POST /api/admin/deliveries/{id}
// (deliver with proof) for every staff role, and PATCH /api/admin/deliveries/{id}/pickup (office
// pickup) for office staff: it is an arrangement made with the client, whose data Bodega does not see.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../../context";
import { parseWith } from "../../../errors";
import { staffActor } from "../../../lib/actor";
import { ANY_STAFF, OFFICE_STAFF } from "../../../../shared/domain/staff-roles";
import { ZTrackingIdParamsSchema } from "../../../../shared/api/trackings";
import {
  ZDeliverRequestSchema,
  ZDeliveriesQuerySchema,
  ZDeliveryScanQuerySchema,
  ZPickupRequestSchema,
} from "../../../../shared/api/admin/deliveries";
import { deliverPackage, listDeliveries, scanForDelivery, setOfficePickup, type DeliveryView } from "./service";

/** Bodega sees no client data beyond name and code (issue 19). */
const viewOf = (request: FastifyRequest): DeliveryView => ({ contact: request.staff?.role !== "bodega" });

export function registerAdminDeliveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/admin/deliveries", { config: { auth: "admin", roles: ANY_STAFF } }, async (request) => {
    const query = parseWith(ZDeliveriesQuerySchema, request.query ?? {});
    return listDeliveries(ctx.db, query, viewOf(request));
  });

  app.get("/api/admin/deliveries/scan", { config: { auth: "admin", roles: ANY_STAFF } }, async (request) => {
    const { code } = parseWith(ZDeliveryScanQuerySchema, request.query ?? {});
    return scanForDelivery(ctx.db, code, viewOf(request));
  });

  app.post("/api/admin/deliveries/:id", { config: { auth: "admin", roles: ANY_STAFF } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    const body = parseWith(ZDeliverRequestSchema, request.body ?? {});
    return deliverPackage(ctx.db, id, body, { actor: staffActor(request), brandName: ctx.config.brand.name });
  });

  app.patch("/api/admin/deliveries/:id/pickup", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZTrackingIdParamsSchema, request.params);
    const { retiroOficina } = parseWith(ZPickupRequestSchema, request.body ?? {});
    return setOfficePickup(ctx.db, id, retiroOficina, staffActor(request));
  });
}
