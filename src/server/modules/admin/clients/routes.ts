// GET /api/clients (the panel's filtered, paged client list), GET /api/admin/clients/{id}/trackings
// (every package of one client) and PATCH /api/clients/{code}/whatsapp-sent: all admin.
import type { FastifyInstance } from "fastify";
import { ZAdminClientsQuerySchema } from "../../../../shared/api/admin/clients";
import { ZClientCodeLooseSchema } from "../../../../shared/api/clients";
import { z } from "../../../../shared/validation";
import type { AppContext } from "../../../context";
import { parseWith } from "../../../errors";
import { listClientTrackings } from "../trackings/presenter";
import { listAdminClients, markWelcomeSent } from "./service";

/** More than any real client has; the card lists them all. */
const CLIENT_TRACKINGS_MAX = 2000;

const ZCodeParams = z.object({ clientCode: ZClientCodeLooseSchema });
const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export function registerAdminClientRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/clients", { config: { auth: "admin" } }, async (request) => {
    const query = parseWith(ZAdminClientsQuerySchema, request.query ?? {});
    const list = await listAdminClients(ctx.db, query);
    return { ...list, messaging: { configured: ctx.providers.messaging.configured } };
  });

  app.get("/api/admin/clients/:id/trackings", { config: { auth: "admin" } }, async (request) => {
    const { id } = parseWith(ZIdParams, request.params);
    return { trackings: await listClientTrackings(ctx.db, id, CLIENT_TRACKINGS_MAX) };
  });

  app.patch("/api/clients/:clientCode/whatsapp-sent", { config: { auth: "admin" } }, async (request) => {
    const { clientCode } = parseWith(ZCodeParams, request.params);
    return markWelcomeSent(ctx.db, clientCode);
  });
}
