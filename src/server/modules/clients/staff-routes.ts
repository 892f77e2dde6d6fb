// GET /api/clients (the panel's filtered, paged client list), GET /api/admin/clients/stats (its
// three stat cards, decision 232), GET /api/admin/clients/{id}/trackings
// (one page of a client's packages), PATCH /api/clients/{code}/whatsapp-sent, and managing records:
// POST /api/admin/clients, PATCH and DELETE /api/admin/clients/{id}, POST /api/admin/clients/{id}/merge
// (docs/decisions/120, 121). All admin; the contract entries are in shared/api/admin/clients.ts.
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  ADMIN_CLIENTS_MERGE_ROUTE,
  ADMIN_CLIENTS_ROUTE,
  ADMIN_CLIENT_CREATE_ROUTE,
  ADMIN_CLIENT_DELETE_ROUTE,
  ADMIN_CLIENT_STATS_ROUTE,
  ADMIN_CLIENT_TRACKINGS_ROUTE,
  ADMIN_CLIENT_UPDATE_ROUTE,
  CLIENT_WHATSAPP_SENT_ROUTE,
} from "../../../shared/api/admin/clients";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { contractSchema } from "../../lib/route-contract";
import { adminClientStats, listAdminClients, listClientTrackingsPage, markWelcomeSent } from "./staff-service";
import { createClientByStaff, deleteClientByStaff, mergeClients, updateClientByStaff } from "./staff-manage";

const config = { auth: "admin", roles: OFFICE_STAFF } as const;

export function registerAdminClientRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(ADMIN_CLIENTS_ROUTE.path, { config, schema: contractSchema(ADMIN_CLIENTS_ROUTE) }, async (request) => {
    const list = await listAdminClients(ctx.db, request.query);
    return { ...list, messaging: { configured: ctx.providers.messaging.configured } };
  });

  api.get(ADMIN_CLIENT_STATS_ROUTE.path, { config, schema: contractSchema(ADMIN_CLIENT_STATS_ROUTE) }, async () => adminClientStats(ctx.db));

  api.get(ADMIN_CLIENT_TRACKINGS_ROUTE.path, { config, schema: contractSchema(ADMIN_CLIENT_TRACKINGS_ROUTE) }, async (request) =>
    listClientTrackingsPage(ctx.db, request.params.id, request.query),
  );

  api.post(ADMIN_CLIENT_CREATE_ROUTE.path, { config, schema: contractSchema(ADMIN_CLIENT_CREATE_ROUTE) }, async (request, reply) => {
    const client = await createClientByStaff(ctx.db, request.body, { brandName: ctx.config.brand.name, actor: staffActor(request) });
    return reply.code(201).send({ client });
  });

  api.patch(ADMIN_CLIENT_UPDATE_ROUTE.path, { config, schema: contractSchema(ADMIN_CLIENT_UPDATE_ROUTE) }, async (request) => ({
    client: await updateClientByStaff(ctx.db, request.params.id, request.body, staffActor(request)),
  }));

  api.delete(ADMIN_CLIENT_DELETE_ROUTE.path, { config, schema: contractSchema(ADMIN_CLIENT_DELETE_ROUTE) }, async (request) =>
    deleteClientByStaff(ctx.db, request.params.id, staffActor(request)),
  );

  api.post(ADMIN_CLIENTS_MERGE_ROUTE.path, { config, schema: contractSchema(ADMIN_CLIENTS_MERGE_ROUTE) }, async (request) =>
    mergeClients(ctx.db, request.params.id, request.body.from, staffActor(request)),
  );

  api.patch(CLIENT_WHATSAPP_SENT_ROUTE.path, { config, schema: contractSchema(CLIENT_WHATSAPP_SENT_ROUTE) }, async (request) =>
    markWelcomeSent(ctx.db, request.params.clientCode, staffActor(request)),
  );
}
