// Staff sessions (issue 19): each person signs in with their own account and gets a random
// token; the session lives on the server, one row per session in admin_sessions (every instance
// on one PostgreSQL sees the same rows). 'Cerrar sesión' deletes the row, a session never
// outlives the configured lifetime, a disabled account's sessions stop at once, and each row
// carries a keyed fingerprint of the account's password (hash), so changing the password ends
// every session opened with the old one. Only a SHA-256 of the token is stored: a copy of the
// database opens no session, and a token says nothing about the password.
//
// The built-in owner account (login "admin", created on first use) signs in with the system
// admin password (ADMIN_PASSWORD or the generated one, staff-side §6) until it sets its own.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { adminSessions, staffAccounts } from "../../db/schema";
import type { StaffRole } from "../../../shared/domain/staff-roles";
import { totpKey } from "./totp";

export const BUILT_IN_OWNER_LOGIN = "admin";
export const BUILT_IN_OWNER_NAME = "Dueño";

/** The person behind a valid session, as the auth hook puts it on `request.staff`. */
export interface StaffPrincipal {
  accountId: number;
  login: string;
  name: string;
  role: StaffRole;
  builtIn: boolean;
  mustChangePassword: boolean;
  totpEnabled: boolean;
  /** SHA-256 of this session's token (to end the others on a password change). */
  tokenHash: string;
  expiresAt: Date;
}

export interface IssueOptions {
  /** The account; default the built-in owner (created when missing). */
  accountId?: number;
  /** The instant the session opens (tests). */
  now?: number;
  ip?: string | null;
  userAgent?: string | null;
}

export interface AdminSessionService {
  /** Compares with the system admin password (the built-in owner's way in while it has none of its own). */
  checkSystemPassword(candidate: string): boolean;
  /** The built-in owner's id, creating the account on first use. */
  builtInOwnerId(): Promise<number>;
  /** Opens a session and deletes the ones that have ended. A number is the instant (tests). */
  issue(options?: IssueOptions | number): Promise<{ token: string; expiresAt: string }>;
  /** The person while the token's session is open: not revoked, within its lifetime, same password, account enabled. */
  verify(token: string, now?: number): Promise<StaffPrincipal | null>;
  /** Ends the token's session ('Cerrar sesión'). */
  revoke(token: string): Promise<void>;
  /** Ends every session of an account, but the one with `exceptTokenHash` when given. */
  revokeAccount(accountId: number, exceptTokenHash?: string): Promise<number>;
  /** What a session row of the account stores for this password hash (null: the system password). */
  fingerprintFor(accountId: number, passwordHash: string | null): string;
  /** The key TOTP secrets are encrypted with (derived from the session secret, totp.ts). */
  readonly totpKey: Buffer;
  /** The key known-device tokens are signed with (derived from the session secret; login-guard.ts). */
  readonly deviceKey: Buffer;
}

/** 32 random bytes, base64url: what issue() hands out and the only shape verify() looks up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Seconds between two writes of a session's last_seen_at. */
const LAST_SEEN_EVERY_MS = 60_000;

export function createAdminSessionService(options: {
  db: Db;
  password: string;
  /** SESSION_SECRET or the random one kept in DATA_DIR (lib/session-secret.ts); never the password. */
  secret: string;
  ttlMs: number;
}): AdminSessionService {
  const { db, ttlMs, secret } = options;
  const systemDigest = digest(options.password);
  // Keyed with the secret: the rows hold no fast offline oracle for the password.
  const fingerprint = (accountId: number, passwordHash: string | null) =>
    createHmac("sha256", secret)
      .update(passwordHash ? `account:${accountId}:${passwordHash}` : `admin-password:${accountId}:${options.password}`)
      .digest("hex");

  let ownerId: number | undefined;
  async function builtInOwnerId(): Promise<number> {
    if (ownerId !== undefined) {
      const still = await db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.id, ownerId)).limit(1);
      if (still.length) return ownerId;
    }
    await db
      .insert(staffAccounts)
      .values({ login: BUILT_IN_OWNER_LOGIN, name: BUILT_IN_OWNER_NAME, role: "dueno", builtIn: true })
      .onConflictDoNothing();
    const [row] = await db.select({ id: staffAccounts.id }).from(staffAccounts).where(eq(staffAccounts.builtIn, true)).limit(1);
    ownerId = row.id;
    return ownerId;
  }

  return {
    fingerprintFor: fingerprint,
    totpKey: totpKey(secret),
    deviceKey: createHmac("sha256", secret).update("express-import:known-device").digest(),
    checkSystemPassword(candidate) {
      // Compare digests of equal length so the time does not depend on where they differ.
      return timingSafeEqual(digest(candidate), systemDigest);
    },
    builtInOwnerId,
    async issue(input = {}) {
      const opts: IssueOptions = typeof input === "number" ? { now: input } : input;
      const now = opts.now ?? Date.now();
      const accountId = opts.accountId ?? (await builtInOwnerId());
      const [account] = await db
        .select({ passwordHash: staffAccounts.passwordHash })
        .from(staffAccounts)
        .where(eq(staffAccounts.id, accountId))
        .limit(1);
      if (!account) throw new Error(`No staff account ${accountId}`);
      const token = randomBytes(32).toString("base64url");
      const createdAt = new Date(now);
      const expiresAt = new Date(now + ttlMs);
      const print = fingerprint(accountId, account.passwordHash);
      // Logins are rare: each one sweeps the sessions that have ended (expired, or this
      // account's opened with another password), so the table holds at most one lifetime's worth.
      await db
        .delete(adminSessions)
        .where(
          or(
            lte(adminSessions.expiresAt, new Date()),
            and(eq(adminSessions.accountId, accountId), ne(adminSessions.passwordFingerprint, print)),
          ),
        );
      await db.insert(adminSessions).values({
        tokenHash: tokenHash(token),
        accountId,
        passwordFingerprint: print,
        createdAt,
        expiresAt,
        ip: opts.ip?.slice(0, 64) ?? null,
        userAgent: opts.userAgent?.slice(0, 200) ?? null,
      });
      return { token, expiresAt: expiresAt.toISOString() };
    },
    async verify(token, now = Date.now()) {
      if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return null;
      const hash = tokenHash(token);
      const at = new Date(now);
      const [found] = await db
        .select({
          fingerprint: adminSessions.passwordFingerprint,
          expiresAt: adminSessions.expiresAt,
          lastSeenAt: adminSessions.lastSeenAt,
          account: {
            id: staffAccounts.id,
            login: staffAccounts.login,
            name: staffAccounts.name,
            role: staffAccounts.role,
            builtIn: staffAccounts.builtIn,
            passwordHash: staffAccounts.passwordHash,
            mustChangePassword: staffAccounts.mustChangePassword,
            totpEnabledAt: staffAccounts.totpEnabledAt,
          },
        })
        .from(adminSessions)
        .innerJoin(staffAccounts, eq(staffAccounts.id, adminSessions.accountId))
        .where(
          and(
            eq(adminSessions.tokenHash, hash),
            gt(adminSessions.expiresAt, at),
            // A session opened before `now - ttl` has ended even if its row says otherwise (a
            // shorter SESSION_TTL_HOURS applies to sessions opened under a longer one).
            gt(adminSessions.createdAt, new Date(now - ttlMs)),
            isNull(staffAccounts.disabledAt),
          ),
        )
        .limit(1);
      const a = found?.account;
      if (!found || !a || !sameText(found.fingerprint, fingerprint(a.id, a.passwordHash))) {
        // Ended or never existed: forget the row if there is one.
        await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hash));
        return null;
      }
      if (!found.lastSeenAt || now - found.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
        await db.update(adminSessions).set({ lastSeenAt: at }).where(eq(adminSessions.tokenHash, hash));
      }
      return {
        accountId: a.id,
        login: a.login,
        name: a.name,
        role: a.role as StaffRole,
        builtIn: a.builtIn,
        mustChangePassword: a.mustChangePassword,
        totpEnabled: a.totpEnabledAt !== null,
        tokenHash: hash,
        expiresAt: found.expiresAt,
      };
    },
    async revoke(token) {
      if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return;
      await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash(token)));
    },
    async revokeAccount(accountId, exceptTokenHash) {
      const ended = await db
        .delete(adminSessions)
        .where(
          and(
            eq(adminSessions.accountId, accountId),
            exceptTokenHash ? ne(adminSessions.tokenHash, exceptTokenHash) : sql`true`,
          ),
        )
        .returning({ hash: adminSessions.tokenHash });
      return ended.length;
    },
  };
}

/** The Bearer token of a request's Authorization header ("" when there is none). */
export function bearerToken(authorization: string | undefined): string {
  return authorization?.startsWith("Bearer ") ? authorization.slice(7).trim() : "";
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

function sameText(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
