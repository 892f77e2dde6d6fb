// Two-step sign-in (issue 19): TOTP codes (RFC 6238: 6 digits, 30 s, SHA-1, what every
// authenticator app speaks) through the otpauth library, and one-time recovery codes. The
// secret is kept encrypted (AES-256-GCM under a key derived from the session secret), so a copy of
// the database alone cannot produce codes; recovery codes are kept as SHA-256 only.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { RECOVERY_CODE_COUNT, TOTP_DIGITS } from "../../../shared/api/admin/staff";

const PERIOD_SECONDS = 30;
/** One step either side: a phone clock up to ~30 s off still works. */
const WINDOW = 1;
const SEALED_PREFIX = "v1";

/** The AES key for TOTP secrets, derived from the session secret (HKDF, its own label). */
export function totpKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionSecret, "express-import", "staff-totp-secret", 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [SEALED_PREFIX, iv, cipher.getAuthTag(), body].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The secret, or null when it cannot be opened (another key, tampered). */
export function openSecret(key: Buffer, sealed: string): string | null {
  const [prefix, iv, tag, body] = sealed.split(".");
  if (prefix !== SEALED_PREFIX || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** A new random base32 secret (160 bits, RFC 4226's recommendation). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), digits: TOTP_DIGITS, period: PERIOD_SECONDS, algorithm: "SHA1" });
}

/** The otpauth:// address the QR code carries. */
export function totpUri(secret: string, issuer: string, label: string): string {
  return totpOf(secret, issuer, label).toString();
}

/**
 * The time step a 6-digit code belongs to (now ± one step), or null. The caller accepts it only
 * if the step is later than the last one accepted (a code is never accepted twice).
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret, "x", "x");
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp: now }) + delta;
}

/** `xxxx-xxxx` from an unambiguous alphabet (~40 bits each). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const one = () => Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join("");
  return Array.from({ length: count }, () => {
    const code = one();
    return `${code.slice(0, 4)}-${code.slice(4)}`;
  });
}

/** What recovery_codes stores of a code: SHA-256 hex of its normalised form. */
export function recoveryCodeHash(code: string): string {
  const normal = code.replace(/[\s-]+/g, "").toLowerCase();
  return createHash("sha256").update(`${normal.slice(0, 4)}-${normal.slice(4)}`, "utf8").digest("hex");
}

/** True when a typed second-factor code has the shape of a recovery code (8 letters/digits, a dash optional). */
export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{4}-?[a-z0-9]{4}$/.test(code);
}
