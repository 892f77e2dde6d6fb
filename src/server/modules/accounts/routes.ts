// Staff accounts (issue 19), Dueño only: list, create, edit, disable/enable, temporary password,
// end sessions. The calls' contract entries are in shared/api/admin/staff.ts; the rules are in service.ts.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { OWNER_ONLY } from "../../../shared/domain/staff-roles";
import {
  ACCOUNTS_ROUTE,
  ACCOUNT_CREATE_ROUTE,
  ACCOUNT_DISABLE_ROUTE,
  ACCOUNT_ENABLE_ROUTE,
  ACCOUNT_END_SESSIONS_ROUTE,
  ACCOUNT_PASSWORD_ROUTE,
  ACCOUNT_SESSIONS_ROUTE,
  ACCOUNT_UPDATE_ROUTE,
} from "../../../shared/api/admin/staff";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { contractSchema } from "../../lib/route-contract";
import {
  createAccount,
  endAccountSessions,
  listAccounts,
  listAccountSessions,
  setAccountDisabled,
  setTemporaryPassword,
  updateAccount,
} from "./service";

const config = { auth: "admin", roles: OWNER_ONLY } as const;

export function registerAdminAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(ACCOUNTS_ROUTE.path, { config, schema: contractSchema(ACCOUNTS_ROUTE) }, async () => listAccounts(ctx.db));

  api.post(ACCOUNT_CREATE_ROUTE.path, { config, schema: contractSchema(ACCOUNT_CREATE_ROUTE) }, async (request, reply) =>
    reply.code(201).send(await createAccount(ctx.db, staffActor(request), request.body)),
  );

  api.patch(ACCOUNT_UPDATE_ROUTE.path, { config, schema: contractSchema(ACCOUNT_UPDATE_ROUTE) }, async (request) =>
    updateAccount(ctx.db, staffActor(request), request.params.id, request.body),
  );

  api.post(ACCOUNT_PASSWORD_ROUTE.path, { config, schema: contractSchema(ACCOUNT_PASSWORD_ROUTE) }, async (request, reply) => {
    await setTemporaryPassword(ctx.db, staffActor(request), request.params.id, request.body.temporaryPassword);
    return reply.code(204).send(null);
  });

  api.post(ACCOUNT_DISABLE_ROUTE.path, { config, schema: contractSchema(ACCOUNT_DISABLE_ROUTE) }, async (request) =>
    setAccountDisabled(ctx.db, staffActor(request), request.params.id, true),
  );

  api.post(ACCOUNT_ENABLE_ROUTE.path, { config, schema: contractSchema(ACCOUNT_ENABLE_ROUTE) }, async (request) =>
    setAccountDisabled(ctx.db, staffActor(request), request.params.id, false),
  );

  api.get(ACCOUNT_SESSIONS_ROUTE.path, { config, schema: contractSchema(ACCOUNT_SESSIONS_ROUTE) }, async (request) =>
    listAccountSessions(ctx.db, request.params.id),
  );

  api.delete(ACCOUNT_END_SESSIONS_ROUTE.path, { config, schema: contractSchema(ACCOUNT_END_SESSIONS_ROUTE) }, async (request, reply) => {
    await endAccountSessions(ctx.db, staffActor(request), request.params.id);
    return reply.code(204).send(null);
  });
}
