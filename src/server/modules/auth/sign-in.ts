// The checks behind a staff sign-in and the own-account calls (issue 19): a person's password
// (their scrypt hash, or the system admin password for the built-in owner while it has none),
// the second step (a TOTP code never accepted twice, or a recovery code used once), and the
// audit record of each attempt.
import { randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { staffAccounts } from "../../db/schema";
import { hashPassword, verifyPassword } from "../../lib/password-hash";
import type { Actor } from "../../lib/actor";
import { UNKNOWN_ACTOR_LABEL } from "../../../shared/api/admin/staff";
import type { AdminSessionService } from "./service";
import { looksLikeRecoveryCode, openSecret, recoveryCodeHash, totpStep } from "./totp";

export type StaffAccountRow = typeof staffAccounts.$inferSelect;

export async function findAccountByLogin(db: Db, login: string): Promise<StaffAccountRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.login, login.toLowerCase())).limit(1);
  return row;
}

export async function findAccountById(db: DbOrTx, id: number): Promise<StaffAccountRow | undefined> {
  const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, id)).limit(1);
  return row;
}

/** A hash of a random password nobody knows: compared when there is no account, so the time is the same. */
let dummyHash: Promise<string> | undefined;

/**
 * True when `password` is the account's. No account, or a disabled one: a dummy hash is compared
 * all the same (and false returned), so the answer's time does not tell which logins exist.
 */
export async function checkAccountPassword(
  sessions: AdminSessionService,
  account: StaffAccountRow | undefined,
  password: string,
): Promise<boolean> {
  if (!account || account.disabledAt) {
    dummyHash ??= hashPassword(randomBytes(16).toString("base64url"));
    await verifyPassword(password, await dummyHash);
    return false;
  }
  return account.passwordHash ? verifyPassword(password, account.passwordHash) : sessions.checkSystemPassword(password);
}

/**
 * Spends a second-step code of the account: a 6-digit TOTP code of a step later than the last
 * one accepted, or (when `allowRecovery`) one of its unused recovery codes, which is removed.
 * Each is one atomic UPDATE, so two parallel requests cannot both spend one code.
 */
export async function spendSecondFactor(
  db: DbOrTx,
  totpKey: Buffer,
  account: Pick<StaffAccountRow, "id" | "totpSecret">,
  code: string,
  options: { allowRecovery: boolean; now?: number },
): Promise<"totp" | "recovery" | null> {
  if (/^\d{6}$/.test(code)) {
    const secret = account.totpSecret ? openSecret(totpKey, account.totpSecret) : null;
    const step = secret ? totpStep(secret, code, options.now) : null;
    if (step === null) return null;
    const spent = await db
      .update(staffAccounts)
      .set({ totpLastStep: step })
      .where(and(eq(staffAccounts.id, account.id), or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step))))
      .returning({ id: staffAccounts.id });
    return spent.length ? "totp" : null;
  }
  if (options.allowRecovery && looksLikeRecoveryCode(code)) {
    const hash = recoveryCodeHash(code);
    const spent = await db
      .update(staffAccounts)
      .set({ recoveryCodes: sql`${staffAccounts.recoveryCodes} - ${hash}::text` })
      .where(and(eq(staffAccounts.id, account.id), sql`${staffAccounts.recoveryCodes} @> jsonb_build_array(${hash}::text)`))
      .returning({ id: staffAccounts.id });
    return spent.length ? "recovery" : null;
  }
  return null;
}

/**
 * Who a sign-in record names (docs/decisions/125): the account the login named, when it exists
 * (the attempt was against that person's account, from the address shown); else 'Desconocido'.
 */
export function signInActor(account: Pick<StaffAccountRow, "id" | "name"> | undefined, ip: string): Actor {
  return account
    ? { kind: "staff", accountId: account.id, label: account.name, ip }
    : { kind: "system", accountId: null, label: UNKNOWN_ACTOR_LABEL, ip };
}
