// POST /api/admin/login, GET /api/admin/session and POST /api/admin/logout (issue 19: one account
// per person). Failed sign-ins are slowed down and counted per address AND per account (counters
// shared through the database, each attempt taken before the password is compared); past the free
// ones a sign-in carries a growing proof of work, never a refusal, and a known device of the
// account is counted apart (login-guard.ts, decision 143).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { eq } from "drizzle-orm";
import { EVERY_ROLE, ROLE_SECTIONS } from "../../../shared/domain/staff-roles";
import { ADMIN_PASSWORD_WRONG } from "../../../shared/api/admin/auth";
import {
  ADMIN_LOGIN_ROUTE,
  ADMIN_LOGOUT_ROUTE,
  ADMIN_SESSION_ROUTE,
  LOGIN_WRONG,
  TOTP_CODE_REQUIRED,
  TOTP_CODE_WRONG,
  type TStaffSession,
} from "../../../shared/api/admin/staff";
import { AppError } from "../../errors";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { contractSchema } from "../../lib/route-contract";
import { staffAccounts } from "../../db/schema";
import { recordAudit } from "../../core/audit/service";
import { recordRepeatable } from "../../core/audit/throttle";
import { bearerToken } from "./service";
import { checkAccountPassword, findAccountById, findAccountByLogin, signInActor, spendSecondFactor } from "./sign-in";
import { registerOwnAccountRoutes } from "./me";
import { admitSignIn, rememberDevice } from "./login-guard";

/** How long the answer to an address's n-th failed login is held back. */
const loginFailureDelayMs = (failures: number): number => Math.min(failures * 250, 2000);

/** Why a sign-in failed, as the audit record says it. */
type FailureReason = "clave" | "codigo" | "cuenta_desactivada" | "cuenta_inexistente";
const FAILURE_SUMMARIES: Record<FailureReason, string> = {
  clave: "contraseña incorrecta",
  codigo: "código de verificación incorrecto",
  cuenta_desactivada: "cuenta desactivada",
  cuenta_inexistente: "no existe una cuenta con ese usuario",
};

export function registerAdminAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const everyRole = { auth: "admin", roles: EVERY_ROLE, whileMustChangePassword: true } as const;

  // The body is validated (a 400 counts nothing) before any attempt is counted, as it always was.
  api.post(ADMIN_LOGIN_ROUTE.path, { config: { auth: "public", codeOracle: false }, schema: contractSchema(ADMIN_LOGIN_ROUTE) }, async (request, reply) => {
    const { body } = request;
    const typed = body.login ?? "";
    // Each attempt is counted before the password is compared, in one atomic statement per
    // counter (issue 15 item 3), and never refused: past the free failures of its address or
    // account it must carry a proof of work that grows with them, unless it comes from a known
    // device of the account (login-guard.ts, decision 143).
    const account = typed ? await findAccountByLogin(ctx.db, typed) : await findAccountById(ctx.db, await ctx.sessions.builtInOwnerId());
    const subject = typed || account!.login;
    const attempt = await admitSignIn(ctx, request, reply, account, subject);
    const wrong = typed ? LOGIN_WRONG : ADMIN_PASSWORD_WRONG;
    const fail = async (reason: FailureReason, message: string): Promise<never> => {
      const failure = {
        action: "sesion.fallo",
        entity: "sesion",
        entityId: account?.id ?? null,
        summary: `${subject}: ${FAILURE_SUMMARIES[reason]}`,
        after: { login: subject, motivo: reason },
      } as const;
      if (reason === "cuenta_inexistente") {
        // Unknown users, from any address: one row per 10 minutes, the rest counted into one
        // summary (decision 148), so a guesser with many addresses cannot flood the log.
        await recordRepeatable(ctx.db, signInActor(account, request.ip), failure, {
          key: "sesion.fallo:cuenta_inexistente",
          sample: `${subject.slice(0, 120)} · ${request.ip}`,
        });
      } else {
        await recordAudit(ctx.db, signInActor(account, request.ip), failure);
      }
      // Each failure costs the guesser a little more time.
      await ctx.slowDown(loginFailureDelayMs(attempt.failures));
      request.log.warn({ ip: request.ip, failures: attempt.failures, knownDevice: attempt.knownDevice, reason }, "admin login failed");
      throw new AppError("UNAUTHORIZED", 401, message);
    };

    const passwordRight = await checkAccountPassword(ctx.sessions, account, body.password);
    if (!account) return fail("cuenta_inexistente", wrong);
    if (account.disabledAt) return fail("cuenta_desactivada", wrong);
    if (!passwordRight) return fail("clave", wrong);
    let usedRecoveryCode = false;
    if (account.totpEnabledAt) {
      if (!body.code) {
        // The password was right: asking for the second step is not a failure.
        await attempt.release();
        throw new AppError("SECOND_FACTOR_REQUIRED", 401, TOTP_CODE_REQUIRED);
      }
      const spent = await spendSecondFactor(ctx.db, ctx.sessions.totpKey, account, body.code, { allowRecovery: true });
      if (!spent) return fail("codigo", TOTP_CODE_WRONG);
      usedRecoveryCode = spent === "recovery";
    }

    await attempt.clear();
    rememberDevice(ctx, request, reply, account.id);
    const session = await ctx.sessions.issue({ accountId: account.id, ip: request.ip, userAgent: request.headers["user-agent"] ?? null });
    await ctx.db.transaction(async (tx) => {
      await tx.update(staffAccounts).set({ lastSignInAt: new Date() }).where(eq(staffAccounts.id, account.id));
      // A sign-in with a recovery code is its own action (issue 32): the owner sees that a
      // code was spent (a lost phone, or a stolen code) without reading every sign-in.
      await recordAudit(tx, signInActor(account, request.ip), {
        action: usedRecoveryCode ? "sesion.entrar_recuperacion" : "sesion.entrar",
        entity: "sesion",
        entityId: account.id,
        summary: usedRecoveryCode ? `${account.login}: con un código de recuperación` : account.login,
      });
    });
    return session;
  });

  api.get(ADMIN_SESSION_ROUTE.path, { config: everyRole, schema: contractSchema(ADMIN_SESSION_ROUTE) }, async (request) => {
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
  api.post(ADMIN_LOGOUT_ROUTE.path, { config: everyRole, schema: contractSchema(ADMIN_LOGOUT_ROUTE) }, async (request, reply) => {
    await ctx.sessions.revoke(bearerToken(request.headers.authorization));
    await recordAudit(ctx.db, staffActor(request), { action: "sesion.salir", entity: "sesion", entityId: request.staff!.accountId, summary: request.staff!.login });
    return reply.code(204).send(null);
  });

  registerOwnAccountRoutes(app, ctx);
}
