// Admin sessions: one shared password (staff-side §6) exchanged for a random token, so the
// browser never keeps the password. Sessions live on the server, one row per session in
// admin_sessions (every instance on one PostgreSQL sees the same rows): 'Cerrar sesión' deletes
// the row, a session never outlives the configured lifetime, and each row carries a keyed
// fingerprint of the password it was opened with, so changing the password ends every session.
// Only a SHA-256 of the token is stored: a copy of the database opens no session, and a token
// says nothing about the password (it is random, not signed with a key derived from it).
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, lte, ne, or } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { adminSessions } from "../../../db/schema";

export interface AdminSessionService {
  checkPassword(candidate: string): boolean;
  /** Opens a session (at `now`, for tests) and deletes the ones that have ended. */
  issue(now?: number): Promise<{ token: string; expiresAt: string }>;
  /** True while the token's session is open: not revoked, within its lifetime, same password. */
  verify(token: string, now?: number): Promise<boolean>;
  /** Ends the token's session ('Cerrar sesión'). */
  revoke(token: string): Promise<void>;
}

/** 32 random bytes, base64url: what issue() hands out and the only shape verify() looks up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function createAdminSessionService(options: {
  db: Db;
  password: string;
  /** SESSION_SECRET or the random one kept in DATA_DIR (lib/session-secret.ts); never the password. */
  secret: string;
  ttlMs: number;
}): AdminSessionService {
  const { db, ttlMs } = options;
  const passwordDigest = digest(options.password);
  // Keyed with the secret: the rows hold no fast offline oracle for the password.
  const fingerprint = createHmac("sha256", options.secret).update(`admin-password:${options.password}`).digest("hex");
  // A session opened before `now - ttl` has ended even if its row says otherwise (a shorter
  // SESSION_TTL_HOURS applies to sessions opened under a longer one).
  const open = (hash: string, now: Date) =>
    and(
      eq(adminSessions.tokenHash, hash),
      eq(adminSessions.passwordFingerprint, fingerprint),
      gt(adminSessions.expiresAt, now),
      gt(adminSessions.createdAt, new Date(now.getTime() - ttlMs)),
    );

  return {
    checkPassword(candidate) {
      // Compare digests of equal length so the time does not depend on where they differ.
      return timingSafeEqual(digest(candidate), passwordDigest);
    },
    async issue(now = Date.now()) {
      const token = randomBytes(32).toString("base64url");
      const createdAt = new Date(now);
      const expiresAt = new Date(now + ttlMs);
      // Logins are rare: each one sweeps the sessions that have ended (expired, or opened with
      // another password), so the table holds at most one lifetime's worth of sessions.
      await db
        .delete(adminSessions)
        .where(or(lte(adminSessions.expiresAt, new Date()), ne(adminSessions.passwordFingerprint, fingerprint)));
      await db.insert(adminSessions).values({ tokenHash: tokenHash(token), passwordFingerprint: fingerprint, createdAt, expiresAt });
      return { token, expiresAt: expiresAt.toISOString() };
    },
    async verify(token, now = Date.now()) {
      if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return false;
      const hash = tokenHash(token);
      const found = await db.select({ hash: adminSessions.tokenHash }).from(adminSessions).where(open(hash, new Date(now))).limit(1);
      if (found.length) return true;
      // Ended or never existed: forget the row if there is one.
      await db.delete(adminSessions).where(eq(adminSessions.tokenHash, hash));
      return false;
    },
    async revoke(token) {
      if (typeof token !== "string" || !TOKEN_SHAPE.test(token)) return;
      await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash(token)));
    },
  };
}

/** The Bearer token of a request's Authorization header ("" when there is none). */
export function bearerToken(authorization: string | undefined): string {
  return authorization?.startsWith("Bearer ") ? authorization.slice(7).trim() : "";
}

function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value, "utf8").digest();
}

/** A readable generated password: 4 groups of 4 from an unambiguous alphabet (~80 bits). */
export function generateAdminPassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = "";
    while (group.length < 4) {
      const byte = randomBytes(1)[0];
      if (byte < 248) group += alphabet[byte % 31];
    }
    groups.push(group);
  }
  return groups.join("-");
}
