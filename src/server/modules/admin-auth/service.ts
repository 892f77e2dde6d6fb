// Admin sessions: one shared password (staff-side §6) exchanged for a signed, expiring token,
// so the browser never keeps the password. Tokens are HMAC-SHA256 signed; the key comes from
// SESSION_SECRET or, when unset, from the password itself (changing it ends every session).
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export interface AdminSessionService {
  checkPassword(candidate: string): boolean;
  issue(now?: number): { token: string; expiresAt: string };
  verify(token: string, now?: number): boolean;
}

export function createAdminSessionService(options: {
  password: string;
  secret?: string;
  ttlMs: number;
}): AdminSessionService {
  const key = createHash("sha256")
    .update(options.secret ?? `express-import-admin-session:${options.password}`)
    .digest();
  const passwordDigest = digest(options.password);
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

  return {
    checkPassword(candidate) {
      // Compare digests of equal length so the time does not depend on where they differ.
      return timingSafeEqual(digest(candidate), passwordDigest);
    },
    issue(now = Date.now()) {
      const exp = now + options.ttlMs;
      const payload = Buffer.from(
        JSON.stringify({ sub: "admin", iat: now, exp, jti: randomBytes(9).toString("base64url") }),
      ).toString("base64url");
      return { token: `${payload}.${sign(payload)}`, expiresAt: new Date(exp).toISOString() };
    },
    verify(token, now = Date.now()) {
      if (typeof token !== "string" || token.length > 1000) return false;
      const [payload, signature, extra] = token.split(".");
      if (!payload || !signature || extra !== undefined) return false;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      try {
        const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sub?: unknown; exp?: unknown };
        return claims.sub === "admin" && typeof claims.exp === "number" && claims.exp > now;
      } catch {
        return false;
      }
    },
  };
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
