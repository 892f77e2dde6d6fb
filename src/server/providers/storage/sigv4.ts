// AWS Signature Version 4 for S3-compatible stores, written on node:crypto (no AWS SDK): the
// presigned URLs the browser PUTs to, and the Authorization header of the server's own calls.
// Checked against the examples published in AWS's S3 documentation and, in the tests, against
// AWS's own signer (@smithy/signature-v4), which the fake S3 uses to verify every request.
import { createHash, createHmac } from "node:crypto";

export const EMPTY_PAYLOAD_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
export const UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
const ALGORITHM = "AWS4-HMAC-SHA256";

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** "s3" for object stores. */
  service?: string;
  /** Temporary credentials (STS, SSO, instance roles) come with a session token, signed with the request. */
  sessionToken?: string;
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX. */
export function uriEncode(text: string, keepSlash = false): string {
  const encoded = encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return keepSlash ? encoded.replace(/%2F/g, "/") : encoded;
}

/** "20130524T000000Z" and "20130524". */
export function amzDates(now: Date): { amzDate: string; dateStamp: string } {
  const amzDate = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  return { amzDate, dateStamp: amzDate.slice(0, 8) };
}

/** The path as S3 canonicalizes it: each segment decoded once, then encoded once. */
function canonicalPath(url: URL): string {
  return url.pathname
    .split("/")
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join("/") || "/";
}

function canonicalQuery(params: [string, string][]): string {
  return params
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

function signingKey(c: SigV4Credentials, dateStamp: string): Buffer {
  const kDate = hmac(`AWS4${c.secretAccessKey}`, dateStamp);
  const kRegion = hmac(kDate, c.region);
  const kService = hmac(kRegion, c.service ?? "s3");
  return hmac(kService, "aws4_request");
}

interface Canonical {
  method: string;
  url: URL;
  query: [string, string][];
  /** Lower-case names; host included. */
  headers: Record<string, string>;
  payloadHash: string;
}

/** The signature (hex) over one canonical request. */
export function signCanonical(c: SigV4Credentials, request: Canonical, now: Date): { signature: string; signedHeaders: string; scope: string } {
  const { amzDate, dateStamp } = amzDates(now);
  const names = Object.keys(request.headers).map((n) => n.toLowerCase()).sort();
  const lower = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v]));
  const canonicalHeaders = names.map((n) => `${n}:${String(lower[n]).trim().replace(/\s+/g, " ")}\n`).join("");
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath(request.url),
    canonicalQuery(request.query),
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join("\n");
  const scope = `${dateStamp}/${c.region}/${c.service ?? "s3"}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const signature = createHmac("sha256", signingKey(c, dateStamp)).update(stringToSign, "utf8").digest("hex");
  return { signature, signedHeaders, scope };
}

/**
 * A presigned URL (query-string authentication) valid for `expiresSeconds` (1 s to 7 days).
 * `headers` are signed too: the request must carry them with exactly these values (a signed
 * `content-length` makes the store refuse any other body size).
 */
export function presignUrl(options: {
  method: string;
  url: string;
  credentials: SigV4Credentials;
  expiresSeconds: number;
  headers?: Record<string, string>;
  now?: Date;
}): string {
  const { credentials: c } = options;
  const expires = Math.floor(options.expiresSeconds);
  if (!(expires >= 1 && expires <= 604_800)) throw new RangeError("A presigned URL must expire within 1 s and 7 days");
  const now = options.now ?? new Date();
  const url = new URL(options.url);
  const { amzDate, dateStamp } = amzDates(now);
  const query: [string, string][] = [
    ...[...url.searchParams.entries()],
    ["X-Amz-Algorithm", ALGORITHM],
    ["X-Amz-Credential", `${c.accessKeyId}/${dateStamp}/${c.region}/${c.service ?? "s3"}/aws4_request`],
    ["X-Amz-Date", amzDate],
    ["X-Amz-Expires", String(expires)],
    ...(c.sessionToken ? [["X-Amz-Security-Token", c.sessionToken] as [string, string]] : []),
  ];
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    host: url.host,
  };
  query.push(["X-Amz-SignedHeaders", Object.keys(headers).sort().join(";")]);
  const { signature } = signCanonical(c, { method: options.method, url, query, headers, payloadHash: UNSIGNED_PAYLOAD }, now);
  return `${url.origin}${canonicalPath(url)}?${canonicalQuery(query)}&X-Amz-Signature=${signature}`;
}

/** Headers (authorization, x-amz-date, x-amz-content-sha256, plus the given ones) for a server-side call. */
export function signHeaders(options: {
  method: string;
  url: string;
  credentials: SigV4Credentials;
  headers?: Record<string, string>;
  payloadHash?: string;
  now?: Date;
}): Record<string, string> {
  const { credentials: c } = options;
  const now = options.now ?? new Date();
  const url = new URL(options.url);
  const payloadHash = options.payloadHash ?? EMPTY_PAYLOAD_SHA256;
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(options.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
    host: url.host,
    "x-amz-content-sha256": payloadHash,
    "x-amz-date": amzDates(now).amzDate,
    ...(c.sessionToken ? { "x-amz-security-token": c.sessionToken } : {}),
  };
  const { signature, signedHeaders, scope } = signCanonical(
    c,
    { method: options.method, url, query: [...url.searchParams.entries()], headers, payloadHash },
    now,
  );
  const { host: _host, ...sent } = headers;
  return {
    ...sent,
    authorization: `${ALGORITHM} Credential=${c.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
