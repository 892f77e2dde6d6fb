// POST /api/admin/login, GET /api/admin/session and POST /api/admin/logout. Failed logins from one address are slowed
// down and, past a limit, refused for a while (counters shared through the database).
import type { FastifyInstance } from "fastify";
import { ADMIN_PASSWORD_WRONG, ZAdminLoginRequestSchema } from "../../../../shared/api/admin/auth";
import { AppError, parseWith } from "../../../errors";
import type { AppContext } from "../../../context";
import { claimAttempt, clearLimit } from "../../../lib/abuse-limits";
import { bearerToken } from "./service";


/** How long the answer to an address's n-th failed login is held back. */
const loginFailureDelayMs = (failures: number): number => Math.min(failures * 250, 2000);

export function registerAdminAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/api/admin/login", { config: { auth: "public", codeOracle: false } }, async (request, reply) => {
    const { password } = parseWith(ZAdminLoginRequestSchema, request.body ?? {});
    // The attempt is counted before the password is checked, in one atomic statement: of any
    // burst from one address at most `limit` passwords are compared (issue 15 item 3).
    const attempt = await claimAttempt(ctx, request, "adminLogin", reply);
    if (!ctx.sessions.checkPassword(password)) {
      // Each failure costs the guesser a little more time.
      await ctx.slowDown(loginFailureDelayMs(attempt.count));
      request.log.warn({ ip: request.ip, failures: attempt.count }, "admin login failed");
      throw new AppError("UNAUTHORIZED", 401, ADMIN_PASSWORD_WRONG);
    }
    await clearLimit(ctx, request, "adminLogin");
    return ctx.sessions.issue();
  });

  app.get("/api/admin/session", { config: { auth: "admin" } }, async () => ({ ok: true }));

  // 'Cerrar sesión': the session ends on the server, not only in the browser tab.
  app.post("/api/admin/logout", { config: { auth: "admin" } }, async (request, reply) => {
    await ctx.sessions.revoke(bearerToken(request.headers.authorization));
    return reply.code(204).send();
  });
}
