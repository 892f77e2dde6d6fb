// Signed, short-lived links to stored images (issue 31, item 8; docs/decisions/146). Delivery
// photos, signatures, SINPE receipts, package photos and part photos are private: GET
// /objects/uploads/{name} serves one only with `?exp=<unix seconds>&sig=<HMAC>` valid now, never
// by its name alone, and never for a shared cache. An <img> cannot send the staff's Bearer token,
// so staff answers carry signed links too, made when the answer leaves.
//
// Expiry comes in buckets of LINK_BUCKET_SECONDS: a link made at any moment of a bucket expires at
// the end of the bucket after it, so it lives between one and two buckets (30–60 minutes), and
// every link to one image made within a bucket is the same text. The client lookup keeps its
// answers in memory (decision 140) with their links signed inside: such an answer is kept only
// until its bucket ends (`signJson` says when), so whatever it serves has at least a bucket left.
import { createHmac, timingSafeEqual } from "node:crypto";
import { UPLOADS_PATH_PREFIX, UPLOAD_NAME_PATTERN } from "../../shared/api/uploads";

export const LINK_BUCKET_SECONDS = 30 * 60;

/** A bare upload path, as stored answers and services write it. */
const UPLOAD_PATH = /^\/objects\/uploads\/([0-9a-f]{32})$/;
/** The keys under which answers carry image links. */
const LINK_KEYS: ReadonlySet<string> = new Set(["url", "photoUrl", "signatureUrl", "imageUrl"]);
/**
 * The same in a JSON text (PostgreSQL's json_build_object writes `"key" : value`). The key is
 * matched with its unescaped quotes, which no string value can contain, so a text a client typed
 * is never taken for a link.
 */
const LINK_IN_JSON = /("(?:url|photoUrl|signatureUrl|imageUrl)"\s*:\s*")\/objects\/uploads\/([0-9a-f]{32})"/g;

export interface ImageLinks {
  /** The signed address of an upload's path (`/objects/uploads/<name>`), valid 30–60 minutes from now. */
  sign(path: string): string;
  /** Whether `exp` and `sig` make a link to `name` that is valid now. */
  verify(name: string, exp: unknown, sig: unknown): boolean;
  /** A JSON text with its image links signed, and until when it may be served as it is (null: it holds none). */
  signJson(json: string): { json: string; validUntilMs: number | null };
  /** The value with the bare upload paths under its link keys signed (a copy where anything changed). */
  signValue<T>(value: T): T;
}

export function createImageLinks(sessionSecret: string, now: () => number = Date.now): ImageLinks {
  // Its own key, derived from the session secret (every instance shares it, decision 146).
  const key = createHmac("sha256", sessionSecret).update("express-import/image-links/v1").digest();
  const signature = (name: string, exp: number) => createHmac("sha256", key).update(`GET\n${name}\n${exp}`).digest("base64url");
  const bucketOf = (ms: number) => Math.floor(ms / 1000 / LINK_BUCKET_SECONDS);
  // A link is the same all through its bucket: made once (an HMAC is ~10 µs; a staff list may hold
  // a hundred photos), remembered until the bucket changes.
  const made = new Map<string, string>();
  let madeBucket = -1;
  const link = (name: string, bucket: number) => {
    if (bucket !== madeBucket || made.size > 10_000) {
      made.clear();
      madeBucket = bucket;
    }
    let out = made.get(name);
    if (!out) {
      const exp = (bucket + 2) * LINK_BUCKET_SECONDS;
      out = `${UPLOADS_PATH_PREFIX}${name}?exp=${exp}&sig=${signature(name, exp)}`;
      made.set(name, out);
    }
    return out;
  };

  const signValue = (value: unknown, depth: number): unknown => {
    if (depth > 20 || value === null || typeof value !== "object" || Buffer.isBuffer(value)) return value;
    if (Array.isArray(value)) {
      let copy: unknown[] | null = null;
      value.forEach((item, i) => {
        const signed = signValue(item, depth + 1);
        if (signed !== item) (copy ??= [...value])[i] = signed;
      });
      return copy ?? value;
    }
    if (Object.getPrototypeOf(value) !== Object.prototype) return value;
    let copy: Record<string, unknown> | null = null;
    for (const [k, item] of Object.entries(value)) {
      let signed: unknown;
      if (typeof item === "string") {
        const name = LINK_KEYS.has(k) ? UPLOAD_PATH.exec(item)?.[1] : undefined;
        signed = name ? link(name, bucketOf(now())) : item;
      } else signed = signValue(item, depth + 1);
      if (signed !== item) (copy ??= { ...(value as Record<string, unknown>) })[k] = signed;
    }
    return copy ?? value;
  };

  return {
    sign(path) {
      const name = UPLOAD_PATH.exec(path)?.[1];
      if (!name) throw new Error("createImageLinks.sign: not an upload path");
      return link(name, bucketOf(now()));
    },
    verify(name, exp, sig) {
      if (!UPLOAD_NAME_PATTERN.test(name) || typeof exp !== "string" || typeof sig !== "string") return false;
      if (!/^\d{1,12}$/.test(exp) || sig.length > 64) return false;
      const expires = Number(exp);
      const seconds = now() / 1000;
      // Expired, or further ahead than any link this server makes.
      if (expires <= seconds || expires > seconds + 2 * LINK_BUCKET_SECONDS) return false;
      const expected = Buffer.from(signature(name, expires));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    signJson(json) {
      if (!json.includes(UPLOADS_PATH_PREFIX)) return { json, validUntilMs: null };
      const bucket = bucketOf(now());
      let found = false;
      const signed = json.replace(LINK_IN_JSON, (_match, head: string, name: string) => {
        found = true;
        return `${head}${link(name, bucket)}"`;
      });
      return found ? { json: signed, validUntilMs: (bucket + 1) * LINK_BUCKET_SECONDS * 1000 } : { json, validUntilMs: null };
    },
    signValue: <T>(value: T) => signValue(value, 0) as T,
  };
}
