// Staff accounts (issue 19), Dueño only: list, create, edit, disable/enable, temporary password,
// end sessions. The calls are listed in shared/api/admin/staff.ts; the rules are in service.ts.
import type { FastifyInstance } from "fastify";
import { z } from "../../../shared/validation";
import { OWNER_ONLY } from "../../../shared/domain/staff-roles";
import {
  ZCreateStaffAccountRequestSchema,
  ZResetPasswordRequestSchema,
  ZUpdateStaffAccountRequestSchema,
} from "../../../shared/api/admin/staff";
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { staffActor } from "../../lib/actor";
import {
  createAccount,
  endAccountSessions,
  listAccounts,
  listAccountSessions,
  setAccountDisabled,
  setTemporaryPassword,
  updateAccount,
} from "./service";

const ZIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const owner = { config: { auth: "admin", roles: OWNER_ONLY } } as const;

export function registerAdminAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/admin/accounts", owner, async () => listAccounts(ctx.db));

  app.post("/api/admin/accounts", owner, async (request, reply) => {
    const body = parseWith(ZCreateStaffAccountRequestSchema, request.body ?? {});
    return reply.code(201).send(await createAccount(ctx.db, staffActor(request), body));
  });

  app.patch("/api/admin/accounts/:id", owner, async (request) => {
    const { id } = parseWith(ZIdParams, request.params);
    const body = parseWith(ZUpdateStaffAccountRequestSchema, request.body ?? {});
    return updateAccount(ctx.db, staffActor(request), id, body);
  });

  app.post("/api/admin/accounts/:id/password", owner, async (request, reply) => {
    const { id } = parseWith(ZIdParams, request.params);
    const { temporaryPassword } = parseWith(ZResetPasswordRequestSchema, request.body ?? {});
    await setTemporaryPassword(ctx.db, staffActor(request), id, temporaryPassword);
    return reply.code(204).send();
  });

  app.post("/api/admin/accounts/:id/disable", owner, async (request) => {
    const { id } = parseWith(ZIdParams, request.params);
    return setAccountDisabled(ctx.db, staffActor(request), id, true);
  });

  app.post("/api/admin/accounts/:id/enable", owner, async (request) => {
    const { id } = parseWith(ZIdParams, request.params);
    return setAccountDisabled(ctx.db, staffActor(request), id, false);
  });

  app.get("/api/admin/accounts/:id/sessions", owner, async (request) => {
    const { id } = parseWith(ZIdParams, request.params);
    return listAccountSessions(ctx.db, id);
  });

  app.delete("/api/admin/accounts/:id/sessions", owner, async (request, reply) => {
    const { id } = parseWith(ZIdParams, request.params);
    await endAccountSessions(ctx.db, staffActor(request), id);
    return reply.code(204).send();
  });
}
