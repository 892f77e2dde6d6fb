// Staff accounts (issue 19), for the Dueño: list, create with a temporary password, edit, disable
// and enable, set a temporary password, see and end sessions. Accounts are never deleted (the
// audit log names them). Every change is audited with before/after, never a hash or a password.
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { adminSessions, staffAccounts } from "../../db/schema";
import { conflict, isUniqueViolation, notFound } from "../../errors";
import type { Actor } from "../../lib/actor";
import { assertUncommonPassword } from "../../lib/common-passwords";
import { hashPassword } from "../../lib/password-hash";
import { recordAudit, diffFields } from "../../core/audit/service";
import { holdsOwnerRole } from "../../core/policies";
import {
  ACCOUNT_LAST_OWNER,
  ACCOUNT_LOGIN_TAKEN,
  ACCOUNT_NOT_FOUND,
  ACCOUNT_SELF_LOCKOUT,
  type TStaffAccount,
  type TStaffSessionRow,
  ZCreateStaffAccountRequestSchema,
  ZUpdateStaffAccountRequestSchema,
} from "../../../shared/api/admin/staff";
import type { StaffRole } from "../../../shared/domain/staff-roles";
import type { z } from "../../../shared/validation";

type Row = typeof staffAccounts.$inferSelect;
type CreateInput = z.infer<typeof ZCreateStaffAccountRequestSchema>;
type UpdateInput = z.infer<typeof ZUpdateStaffAccountRequestSchema>;

/** Open sessions of an account: not yet at their end. */
const openSessions = sql<number>`(select count(*)::int from ${adminSessions} where ${adminSessions.accountId} = ${staffAccounts.id} and ${adminSessions.expiresAt} > now())`;

function toAccount(row: Row, sessions: number): TStaffAccount {
  return {
    id: row.id,
    login: row.login,
    name: row.name,
    role: row.role as StaffRole,
    builtIn: row.builtIn,
    disabled: row.disabledAt !== null,
    mustChangePassword: row.mustChangePassword,
    totpEnabled: row.totpEnabledAt !== null,
    openSessions: Number(sessions),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log shows of an account (no hash, no secret). */
const auditView = (row: Row) => ({ login: row.login, name: row.name, role: row.role, disabled: row.disabledAt !== null });

export async function listAccounts(db: Db): Promise<TStaffAccount[]> {
  const rows = await db
    .select({ account: staffAccounts, openSessions })
    .from(staffAccounts)
    .orderBy(desc(staffAccounts.builtIn), asc(staffAccounts.name), asc(staffAccounts.id));
  return rows.map((r) => toAccount(r.account, r.openSessions));
}

async function getAccount(db: DbOrTx, id: number): Promise<TStaffAccount> {
  const [row] = await db.select({ account: staffAccounts, openSessions }).from(staffAccounts).where(eq(staffAccounts.id, id)).limit(1);
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return toAccount(row.account, row.openSessions);
}

/** The account, locked for the rest of the transaction; 404 when there is none. */
async function lockAccount(tx: DbOrTx, id: number): Promise<Row> {
  const [row] = await tx.select().from(staffAccounts).where(eq(staffAccounts.id, id)).for("update").limit(1);
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return row;
}

/**
 * Refuses to leave no enabled Dueño: the enabled Dueño rows are locked, so two owners taking each
 * other's role or access at the same instant are served one after the other.
 */
async function assertAnotherOwner(tx: DbOrTx, accountId: number): Promise<void> {
  const owners = await tx
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.role, "dueno"), isNull(staffAccounts.disabledAt)))
    .for("update");
  if (!owners.some((o) => o.id !== accountId)) throw conflict(ACCOUNT_LAST_OWNER);
}

export async function createAccount(db: Db, actor: Actor, input: CreateInput): Promise<TStaffAccount> {
  const [taken] = await db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.login, input.login)).limit(1);
  if (taken) throw conflict(ACCOUNT_LOGIN_TAKEN);
  assertUncommonPassword(input.temporaryPassword, input);
  const passwordHash = await hashPassword(input.temporaryPassword);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffAccounts)
        .values({ login: input.login, name: input.name, role: input.role, passwordHash, mustChangePassword: true })
        .returning();
      await recordAudit(tx, actor, {
        action: "cuenta.crear",
        entity: "cuenta",
        entityId: row.id,
        summary: `${row.login} (${row.name})`,
        after: { ...auditView(row), mustChangePassword: true },
      });
      return toAccount(row, 0);
    });
  } catch (error) {
    if (isUniqueViolation(error, "staff_accounts_login_idx")) throw conflict(ACCOUNT_LOGIN_TAKEN);
    throw error;
  }
}

export async function updateAccount(db: Db, actor: Actor, id: number, input: UpdateInput): Promise<TStaffAccount> {
  try {
    return await db.transaction(async (tx) => {
      const before = await lockAccount(tx, id);
      if (input.role && !holdsOwnerRole({ role: input.role }) && holdsOwnerRole(before)) {
        if (id === actor.accountId) throw conflict(ACCOUNT_SELF_LOCKOUT);
        if (!before.disabledAt) await assertAnotherOwner(tx, id);
      }
      const changes = diffFields(auditView(before), { ...input }, ["login", "name", "role"]);
      if (changes) {
        await tx
          .update(staffAccounts)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(staffAccounts.id, id));
        await recordAudit(tx, actor, { action: "cuenta.editar", entity: "cuenta", entityId: id, summary: before.login, ...changes });
      }
      return getAccount(tx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error, "staff_accounts_login_idx")) throw conflict(ACCOUNT_LOGIN_TAKEN);
    throw error;
  }
}

/** Disables (its sessions end at once: verify() refuses a disabled account, and the rows go) or enables. */
export async function setAccountDisabled(db: Db, actor: Actor, id: number, disabled: boolean): Promise<TStaffAccount> {
  return db.transaction(async (tx) => {
    const before = await lockAccount(tx, id);
    if (disabled && id === actor.accountId) throw conflict(ACCOUNT_SELF_LOCKOUT);
    if ((before.disabledAt !== null) === disabled) return getAccount(tx, id);
    if (disabled && holdsOwnerRole(before)) await assertAnotherOwner(tx, id);
    await tx
      .update(staffAccounts)
      .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
      .where(eq(staffAccounts.id, id));
    const ended = disabled ? await endSessionsIn(tx, id) : 0;
    await recordAudit(tx, actor, {
      action: disabled ? "cuenta.desactivar" : "cuenta.activar",
      entity: "cuenta",
      entityId: id,
      summary: disabled && ended ? `${before.login}: ${ended} sesiones cerradas` : before.login,
      before: { disabled: !disabled },
      after: { disabled },
    });
    return getAccount(tx, id);
  });
}

/**
 * The Dueño's password reset: a temporary password the person must change at the next sign-in;
 * their sessions end, and their two-step sign-in is cleared (a person who lost the phone and the
 * recovery codes gets back in this way, and sets it up again from Mi cuenta).
 */
export async function setTemporaryPassword(db: Db, actor: Actor, id: number, temporaryPassword: string): Promise<void> {
  const [account] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id)).limit(1);
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  assertUncommonPassword(temporaryPassword, account);
  const passwordHash = await hashPassword(temporaryPassword);
  await db.transaction(async (tx) => {
    await lockAccount(tx, id);
    await tx
      .update(staffAccounts)
      .set({ passwordHash, mustChangePassword: true, totpSecret: null, totpEnabledAt: null, totpLastStep: null, recoveryCodes: [], updatedAt: new Date() })
      .where(eq(staffAccounts.id, id));
    const ended = await endSessionsIn(tx, id);
    await recordAudit(tx, actor, {
      action: "cuenta.clave_temporal",
      entity: "cuenta",
      entityId: id,
      summary: ended ? `${account.login}: ${ended} sesiones cerradas` : account.login,
      before: { mustChangePassword: account.mustChangePassword, totpEnabled: account.totpEnabledAt !== null },
      after: { mustChangePassword: true, totpEnabled: false },
    });
  });
}

export async function listAccountSessions(db: Db, id: number): Promise<TStaffSessionRow[]> {
  await getAccount(db, id);
  const rows = await db
    .select()
    .from(adminSessions)
    .where(and(eq(adminSessions.accountId, id), gt(adminSessions.expiresAt, new Date())))
    .orderBy(desc(adminSessions.createdAt));
  return rows.map((s) => ({
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt?.toISOString() ?? null,
    expiresAt: s.expiresAt.toISOString(),
    ip: s.ip,
    userAgent: s.userAgent,
  }));
}

export async function endAccountSessions(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const account = await lockAccount(tx, id);
    const ended = await endSessionsIn(tx, id);
    await recordAudit(tx, actor, {
      action: "cuenta.cerrar_sesiones",
      entity: "cuenta",
      entityId: id,
      summary: `${account.login}: ${ended} sesiones cerradas`,
      after: { endedSessions: ended },
    });
  });
}

async function endSessionsIn(tx: DbOrTx, accountId: number): Promise<number> {
  const ended = await tx.delete(adminSessions).where(eq(adminSessions.accountId, accountId)).returning({ hash: adminSessions.tokenHash });
  return ended.length;
}
