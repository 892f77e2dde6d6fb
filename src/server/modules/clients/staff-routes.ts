// GET /api/clients (the panel's filtered, paged client list), GET /api/admin/clients/{id}/trackings
// (one page of a client's packages), PATCH /api/clients/{code}/whatsapp-sent, and managing records:
// POST /api/admin/clients, PATCH and DELETE /api/admin/clients/{id}, POST /api/admin/clients/{id}/merge
// (docs/decisions/120, 121). All admin.
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance } from "fastify";
import {
  ZAdminClientTrackingsQuerySchema,
  ZAdminClientsQuerySchema,
  ZCreateAdminClientRequestSchema,
  ZMergeClientsRequestSchema,
  ZUpdateAdminClientRequestSchema,
} from "../../../shared/api/admin/clients";
import { ZClientCodeLooseSchema } from "../../../shared/api/clients";
import { z } from "../../../shared/validation";
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { staffActor } from "../../lib/actor";
import { listAdminClients, listClientTrackingsPage, markWelcomeSent } from "./staff-service";
import { createClientByStaff, deleteClientByStaff, mergeClients, updateClientByStaff } from "./staff-manage";

const ZCodeParams = z.object({ clientCode: ZClientCodeLooseSchema });
const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export function registerAdminClientRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/clients", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const query = parseWith(ZAdminClientsQuerySchema, request.query ?? {});
    const list = await listAdminClients(ctx.db, query);
    return { ...list, messaging: { configured: ctx.providers.messaging.configured } };
  });

  app.get("/api/admin/clients/:id/trackings", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZIdParams, request.params);
    const query = parseWith(ZAdminClientTrackingsQuerySchema, request.query ?? {});
    return listClientTrackingsPage(ctx.db, id, query);
  });

  app.post("/api/admin/clients", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request, reply) => {
    const input = parseWith(ZCreateAdminClientRequestSchema, request.body ?? {});
    const client = await createClientByStaff(ctx.db, input, { brandName: ctx.config.brand.name, actor: staffActor(request) });
    return reply.code(201).send({ client });
  });

  app.patch("/api/admin/clients/:id", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZIdParams, request.params);
    const input = parseWith(ZUpdateAdminClientRequestSchema, request.body ?? {});
    return { client: await updateClientByStaff(ctx.db, id, input, staffActor(request)) };
  });

  app.delete("/api/admin/clients/:id", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZIdParams, request.params);
    return deleteClientByStaff(ctx.db, id, staffActor(request));
  });

  app.post("/api/admin/clients/:id/merge", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { id } = parseWith(ZIdParams, request.params);
    const { from } = parseWith(ZMergeClientsRequestSchema, request.body ?? {});
    return mergeClients(ctx.db, id, from, staffActor(request));
  });

  app.patch("/api/clients/:clientCode/whatsapp-sent", { config: { auth: "admin", roles: OFFICE_STAFF } }, async (request) => {
    const { clientCode } = parseWith(ZCodeParams, request.params);
    return markWelcomeSent(ctx.db, clientCode, staffActor(request));
  });
}
