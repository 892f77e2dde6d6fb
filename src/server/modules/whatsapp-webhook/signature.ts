// Meta signs every webhook POST: X-Hub-Signature-256 = "sha256=" + hex HMAC-SHA256 of the raw
// body with the app secret. Compared in constant time, on the bytes as received (a re-serialised
// JSON would not match).
import { createHmac, timingSafeEqual } from "node:crypto";

export function webhookSignature(body: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

/** Whether `header` is the right signature of `body`; a missing or malformed header is not. */
export function isValidWebhookSignature(body: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  if (typeof header !== "string") return false;
  const expected = Buffer.from(webhookSignature(body, appSecret), "utf8");
  const given = Buffer.from(header.trim().toLowerCase(), "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Constant-time equality of two texts (the verify token). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given, "utf8");
  const b = Buffer.from(expected, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
