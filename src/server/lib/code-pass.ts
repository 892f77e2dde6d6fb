// Passes for client codes a browser has been shown (decision 144). After a lookup or a
// registration answers with a code, the browser gets a pass for that code: `<expiry>.<HMAC>`,
// the HMAC (SHA-256, the proof-of-work secret) over the code and the expiry. Only someone who
// knew the right code can hold one, and it names no code itself, so the browser may keep it. With
// it, later requests for that same code skip the miss challenge its address's neighbours' misses
// would ask for — and since a pass opens only the code it was made for, it tells a guesser nothing.
import { createHmac, timingSafeEqual } from "node:crypto";

/** How long a pass stays good (a returning client within a month solves nothing for its own code). */
export const CODE_PASS_DAYS = 30;
/** Passes read from one request: a household's few codes. */
const MAX_PASSES = 8;

function mac(secret: string, code: string, expiresAt: number): Buffer {
  return createHmac("sha256", `${secret}:code-pass`).update(`${code}\n${expiresAt}`).digest();
}

/** A pass for `code` (normalized: trimmed, upper case), good for CODE_PASS_DAYS from `now`. */
export function issueCodePass(secret: string, code: string, now = Date.now()): string {
  const expiresAt = Math.floor(now / 1000) + CODE_PASS_DAYS * 86_400;
  return `${expiresAt}.${mac(secret, code, expiresAt).toString("base64url")}`;
}

/** Whether the header (comma-separated passes) holds an unexpired pass made for `code`. */
export function holdsCodePass(secret: string, header: unknown, code: string, now = Date.now()): boolean {
  if (typeof header !== "string" || header.length > 1024) return false;
  for (const pass of header.split(",", MAX_PASSES)) {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(pass.trim());
    if (!match) continue;
    const expiresAt = Number(match[1]);
    if (expiresAt * 1000 <= now) continue;
    const given = Buffer.from(match[2], "base64url");
    const expected = mac(secret, code, expiresAt);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return false;
}
