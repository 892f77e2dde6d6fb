// The signed-in person's own account (issue 19), every role: change the password (also while a
// temporary one must be changed), and the two-step sign-in (set up, enable, disable, new
// recovery codes). Calls listed in shared/api/admin/staff.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { and, eq, isNull, ne } from "drizzle-orm";
import { EVERY_ROLE } from "../../../shared/domain/staff-roles";
import {
  ACCOUNT_NOT_FOUND,
  PASSWORD_CURRENT_WRONG,
  PASSWORD_SAME,
  TOTP_ALREADY_ENABLED,
  TOTP_CODE_WRONG,
  TOTP_NOT_ENABLED,
  TOTP_NOT_SET_UP,
  OWN_PASSWORD_ROUTE,
  RECOVERY_CODES_ROUTE,
  TOTP_DISABLE_ROUTE,
  TOTP_ENABLE_ROUTE,
  TOTP_SETUP_ROUTE,
} from "../../../shared/api/admin/staff";
import { AppError, notFound } from "../../errors";
import type { AppContext } from "../../context";
import { adminSessions, staffAccounts } from "../../db/schema";
import { claimAttempt, releaseAttempt } from "../../lib/abuse-limits";
import { staffActor } from "../../lib/actor";
import { contractSchema } from "../../lib/route-contract";
import { assertUncommonPassword } from "../../lib/common-passwords";
import { hashPassword } from "../../lib/password-hash";
import { recordAudit } from "../../core/audit/service";
import { authorize } from "../../core/policies";
import { checkAccountPassword, findAccountById, spendSecondFactor, type StaffAccountRow } from "./sign-in";
import { countSignInFailure } from "./login-guard";
import { newRecoveryCodes, newTotpSecret, openSecret, recoveryCodeHash, sealSecret, totpStep, totpUri } from "./totp";

export function registerOwnAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const everyRole = { auth: "admin", roles: EVERY_ROLE } as const;
  const own = async (request: FastifyRequest): Promise<StaffAccountRow> => {
    const account = await findAccountById(ctx.db, request.staff!.accountId);
    // The auth hook has just verified the session, so the account exists.
    if (!account) throw notFound(ACCOUNT_NOT_FOUND);
    return account;
  };

  /**
   * Runs a check of something only the person knows (current password, a code) against the
   * account's own allowance inside sessions (adminOwnCheck, 429 past it: only a session holder
   * can spend it), and prices a failure like a failed sign-in of the account: a stolen session
   * guesses no faster than a sign-in could, and strangers' failed sign-ins never stop the person
   * from changing their password (decision 143).
   */
  const guarded = async (request: FastifyRequest, reply: FastifyReply, account: StaffAccountRow, check: () => Promise<boolean>) => {
    await claimAttempt(ctx, request, "adminOwnCheck", reply, String(account.id));
    const ok = await check();
    if (ok) await releaseAttempt(ctx, request, "adminOwnCheck", String(account.id));
    else await countSignInFailure(ctx, account.login);
    return ok;
  };

  // The new password's hash changes the sessions' fingerprint: in one transaction the current
  // session's row takes the new fingerprint (the browser stays signed in with the same token)
  // and every other session of the person ends.
  api.post(
    OWN_PASSWORD_ROUTE.path,
    { config: { auth: "admin", roles: EVERY_ROLE, whileMustChangePassword: true }, schema: contractSchema(OWN_PASSWORD_ROUTE) },
    async (request, reply) => {
      const { body } = request;
      const account = await own(request);
      const right = await guarded(request, reply, account, () => checkAccountPassword(ctx.sessions, account, body.currentPassword));
      if (!right) throw new AppError("VALIDATION", 400, PASSWORD_CURRENT_WRONG);
      if (body.newPassword === body.currentPassword) throw new AppError("VALIDATION", 400, PASSWORD_SAME);
      assertUncommonPassword(body.newPassword, account);
      const hash = await hashPassword(body.newPassword);
      const current = request.staff!.tokenHash;
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(staffAccounts)
          .set({ passwordHash: hash, mustChangePassword: false, updatedAt: new Date() })
          .where(eq(staffAccounts.id, account.id));
        await tx
          .update(adminSessions)
          .set({ passwordFingerprint: ctx.sessions.fingerprintFor(account.id, hash) })
          .where(eq(adminSessions.tokenHash, current));
        const ended = await tx
          .delete(adminSessions)
          .where(and(eq(adminSessions.accountId, account.id), ne(adminSessions.tokenHash, current)))
          .returning({ hash: adminSessions.tokenHash });
        await recordAudit(tx, staffActor(request), {
          action: "cuenta.cambiar_clave",
          entity: "cuenta",
          entityId: account.id,
          summary: ended.length ? `${account.login}: ${ended.length} otras sesiones cerradas` : account.login,
          before: { mustChangePassword: account.mustChangePassword },
          after: { mustChangePassword: false },
        });
      });
      return reply.code(204).send(null);
    },
  );

  // A new secret, stored encrypted and not yet active: the person scans it, then enables it with a code.
  api.post(TOTP_SETUP_ROUTE.path, { config: everyRole, schema: contractSchema(TOTP_SETUP_ROUTE) }, async (request) => {
    const account = await own(request);
    if (account.totpEnabledAt) throw new AppError("CONFLICT", 409, TOTP_ALREADY_ENABLED);
    const secret = newTotpSecret();
    await ctx.db
      .update(staffAccounts)
      .set({ totpSecret: sealSecret(ctx.sessions.totpKey, secret), totpLastStep: null, updatedAt: new Date() })
      .where(and(eq(staffAccounts.id, account.id), isNull(staffAccounts.totpEnabledAt)));
    return { uri: totpUri(secret, ctx.config.brand.name, account.login), secret };
  });

  api.post(TOTP_ENABLE_ROUTE.path, { config: everyRole, schema: contractSchema(TOTP_ENABLE_ROUTE) }, async (request) => {
    const { code } = request.body;
    const account = await own(request);
    if (account.totpEnabledAt) throw new AppError("CONFLICT", 409, TOTP_ALREADY_ENABLED);
    const secret = account.totpSecret ? openSecret(ctx.sessions.totpKey, account.totpSecret) : null;
    if (!secret) throw new AppError("CONFLICT", 409, TOTP_NOT_SET_UP);
    const step = totpStep(secret, code);
    if (step === null) throw new AppError("VALIDATION", 400, TOTP_CODE_WRONG);
    const recoveryCodes = newRecoveryCodes();
    await ctx.db.transaction(async (tx) => {
      const enabled = await tx
        .update(staffAccounts)
        .set({ totpEnabledAt: new Date(), totpLastStep: step, recoveryCodes: recoveryCodes.map(recoveryCodeHash), updatedAt: new Date() })
        .where(and(eq(staffAccounts.id, account.id), isNull(staffAccounts.totpEnabledAt)))
        .returning({ id: staffAccounts.id });
      if (!enabled.length) throw new AppError("CONFLICT", 409, TOTP_ALREADY_ENABLED);
      await recordAudit(tx, staffActor(request), {
        action: "cuenta.dos_pasos_activar",
        entity: "cuenta",
        entityId: account.id,
        summary: account.login,
        before: { totpEnabled: false },
        after: { totpEnabled: true },
      });
    });
    return { recoveryCodes };
  });

  // Optional for Oficina and Bodega; a Dueño account keeps it once enabled.
  api.post(TOTP_DISABLE_ROUTE.path, { config: everyRole, schema: contractSchema(TOTP_DISABLE_ROUTE) }, async (request, reply) => {
    const { code } = request.body;
    const account = await own(request);
    authorize(account, "account.disableTotp");
    if (!account.totpEnabledAt) throw new AppError("CONFLICT", 409, TOTP_NOT_ENABLED);
    const ok = await guarded(request, reply, account, async () =>
      Boolean(await spendSecondFactor(ctx.db, ctx.sessions.totpKey, account, code, { allowRecovery: true })),
    );
    if (!ok) throw new AppError("VALIDATION", 400, TOTP_CODE_WRONG);
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(staffAccounts)
        .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: [], updatedAt: new Date() })
        .where(eq(staffAccounts.id, account.id));
      await recordAudit(tx, staffActor(request), {
        action: "cuenta.dos_pasos_desactivar",
        entity: "cuenta",
        entityId: account.id,
        summary: account.login,
        before: { totpEnabled: true },
        after: { totpEnabled: false },
      });
    });
    return reply.code(204).send(null);
  });

  api.post(RECOVERY_CODES_ROUTE.path, { config: everyRole, schema: contractSchema(RECOVERY_CODES_ROUTE) }, async (request, reply) => {
    const { code } = request.body;
    const account = await own(request);
    if (!account.totpEnabledAt) throw new AppError("CONFLICT", 409, TOTP_NOT_ENABLED);
    const ok = await guarded(request, reply, account, async () =>
      Boolean(await spendSecondFactor(ctx.db, ctx.sessions.totpKey, account, code, { allowRecovery: true })),
    );
    if (!ok) throw new AppError("VALIDATION", 400, TOTP_CODE_WRONG);
    const recoveryCodes = newRecoveryCodes();
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(staffAccounts)
        .set({ recoveryCodes: recoveryCodes.map(recoveryCodeHash), updatedAt: new Date() })
        .where(eq(staffAccounts.id, account.id));
      await recordAudit(tx, staffActor(request), {
        action: "cuenta.codigos_recuperacion",
        entity: "cuenta",
        entityId: account.id,
        summary: `${account.login}: ${recoveryCodes.length} códigos nuevos`,
      });
    });
    return { recoveryCodes };
  });
}
