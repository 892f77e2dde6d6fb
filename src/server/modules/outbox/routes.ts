// The outbox screen's calls (decision 213), Dueño and Oficina only (who reads the clients'
// messages and numbers; Bodega and the Mensajero do not): the list with its filters, and the
// notice to the clients of an Embarque (count, then send). "Reintentar" is
// POST /api/notifications/:id/retry (modules/notifications/routes.ts).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import { OUTBOX_LIST_ROUTE, SHIPMENT_NOTICE_PREVIEW_ROUTE, SHIPMENT_NOTICE_SEND_ROUTE } from "../../../shared/api/admin/outbox";
import type { AppContext } from "../../context";
import { contractSchema } from "../../lib/route-contract";
import { staffActor } from "../../lib/actor";
import { listOutbox } from "./queries";
import { previewShipmentNotice, sendShipmentNotice } from "./shipment-notices";

export function registerAdminOutboxRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: "admin", roles: OFFICE_STAFF } as const;
  api.get(OUTBOX_LIST_ROUTE.path, { config, schema: contractSchema(OUTBOX_LIST_ROUTE) }, async (request) =>
    listOutbox(ctx.db, request.query, ctx.providers.messaging.configured),
  );
  api.get(SHIPMENT_NOTICE_PREVIEW_ROUTE.path, { config, schema: contractSchema(SHIPMENT_NOTICE_PREVIEW_ROUTE) }, async (request) =>
    previewShipmentNotice(ctx.db, request.query),
  );
  api.post(SHIPMENT_NOTICE_SEND_ROUTE.path, { config, schema: contractSchema(SHIPMENT_NOTICE_SEND_ROUTE) }, async (request) =>
    sendShipmentNotice(ctx.db, request.body, staffActor(request)),
  );
}
