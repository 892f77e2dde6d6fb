// POST /api/admin/login, GET /api/admin/session and POST /api/admin/logout. Failed logins from one address are slowed
// down and, past a limit, refused for a while (counters shared through the database).
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { ANY_STAFF, ROLE_SECTIONS } from "../../../../shared/domain/staff-roles";
import { ADMIN_PASSWORD_WRONG } from "../../../../shared/api/admin/auth";
import { ZStaffLoginRequestSchema, type TStaffSession } from "../../../../shared/api/admin/staff";
import { AppError, parseWith } from "../../../errors";
import type { AppContext } from "../../../context";
import { claimAttempt, clearLimit } from "../../../lib/abuse-limits";
import { verifyPassword } from "../../../lib/password-hash";
import { staffAccounts } from "../../../db/schema";
import { bearerToken } from "./service";

/** How long the answer to an address's n-th failed login is held back. */
const loginFailureDelayMs = (failures: number): number => Math.min(failures * 250, 2000);

export function registerAdminAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/api/admin/login", { config: { auth: "public", codeOracle: false } }, async (request, reply) => {
    const { password } = parseWith(ZStaffLoginRequestSchema, request.body ?? {});
    // The attempt is counted before the password is checked, in one atomic statement: of any
    // burst from one address at most `limit` passwords are compared (issue 15 item 3).
    const attempt = await claimAttempt(ctx, request, "adminLogin", reply);
    const ownerId = await ctx.sessions.builtInOwnerId();
    const [owner] = await ctx.db.select().from(staffAccounts).where(eq(staffAccounts.id, ownerId)).limit(1);
    const ok = owner.passwordHash ? await verifyPassword(password, owner.passwordHash) : ctx.sessions.checkSystemPassword(password);
    if (!ok || owner.disabledAt) {
      // Each failure costs the guesser a little more time.
      await ctx.slowDown(loginFailureDelayMs(attempt.count));
      request.log.warn({ ip: request.ip, failures: attempt.count }, "admin login failed");
      throw new AppError("UNAUTHORIZED", 401, ADMIN_PASSWORD_WRONG);
    }
    await clearLimit(ctx, request, "adminLogin");
    return ctx.sessions.issue({ accountId: ownerId, ip: request.ip, userAgent: request.headers["user-agent"] ?? null });
  });

  app.get("/api/admin/session", { config: { auth: "admin", roles: ANY_STAFF, whileMustChangePassword: true } }, async (request) => {
    const staff = request.staff!;
    const session: TStaffSession = {
      ok: true,
      account: {
        id: staff.accountId,
        login: staff.login,
        name: staff.name,
        role: staff.role,
        mustChangePassword: staff.mustChangePassword,
        totpEnabled: staff.totpEnabled,
      },
      sections: staff.mustChangePassword ? [] : [...ROLE_SECTIONS[staff.role]],
      expiresAt: staff.expiresAt.toISOString(),
    };
    return session;
  });

  // 'Cerrar sesión': the session ends on the server, not only in the browser tab.
  app.post("/api/admin/logout", { config: { auth: "admin", roles: ANY_STAFF, whileMustChangePassword: true } }, async (request, reply) => {
    await ctx.sessions.revoke(bearerToken(request.headers.authorization));
    return reply.code(204).send();
  });
}
