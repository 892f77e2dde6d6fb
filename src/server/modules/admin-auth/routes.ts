// POST /api/admin/login and GET /api/admin/session. Failed logins from one address are slowed
// down and, past a limit, refused for a while (counters shared through the database).
import type { FastifyInstance } from "fastify";
import { ADMIN_PASSWORD_WRONG, ZAdminLoginRequestSchema } from "../../../shared/api/admin-auth";
import { AppError, parseWith } from "../../errors";
import type { AppContext } from "../../context";
import { ABUSE_LIMITS, assertUnderLimit, clearLimit, countFailure } from "../../lib/abuse-limits";

export const LOGIN_FAILURE_LIMIT = ABUSE_LIMITS.adminLogin.limit;
export const LOGIN_FAILURE_WINDOW_MS = ABUSE_LIMITS.adminLogin.windowMs;

export function registerAdminAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/api/admin/login", { config: { auth: "public", codeOracle: false } }, async (request, reply) => {
    await assertUnderLimit(ctx, request, "adminLogin", reply);
    const { password } = parseWith(ZAdminLoginRequestSchema, request.body ?? {});
    if (!ctx.sessions.checkPassword(password)) {
      const hit = await countFailure(ctx, request, "adminLogin");
      // Each failure costs the guesser a little more time.
      await sleep(Math.min(hit.count * 250, 2000));
      request.log.warn({ ip: request.ip, failures: hit.count }, "admin login failed");
      throw new AppError("UNAUTHORIZED", 401, ADMIN_PASSWORD_WRONG);
    }
    await clearLimit(ctx, request, "adminLogin");
    return ctx.sessions.issue();
  });

  app.get("/api/admin/session", { config: { auth: "admin" } }, async () => ({ ok: true }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
