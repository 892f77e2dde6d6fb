// AWS Signature Version 4 for S3-compatible stores with AWS's own signer (@smithy/signature-v4,
// what the AWS SDK signs with; decision 166), without the rest of the SDK: the presigned URLs the
// browser PUTs to, and the Authorization header of the server's own calls. This file only turns
// the app's URL and headers into the signer's request and back. The tests check it against the
// examples published in AWS's S3 documentation and against a fake S3 that verifies every request.

export const EMPTY_PAYLOAD_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
/** Seven days: the longest lifetime SigV4 allows a presigned URL. */
const MAX_PRESIGNED_SECONDS = 604_800;
/** Read by the signer as the payload hash, neither signed nor moved into the query (as the AWS SDK's S3 presigner does). */
const PAYLOAD_HASH_HEADER = new Set(["x-amz-content-sha256"]);

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** "s3" for object stores. */
  service?: string;
  /** Temporary credentials (STS, SSO, instance roles) come with a session token, signed with the request. */
  sessionToken?: string;
}

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX. */
export function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The signer; its packages load with the first signature (a server on local disk never loads them; decision 194). */
async function signerFor(c: SigV4Credentials) {
  const [{ SignatureV4 }, { Hash }] = await Promise.all([import("@smithy/signature-v4"), import("@smithy/hash-node")]);
  return new SignatureV4({
    credentials: { accessKeyId: c.accessKeyId, secretAccessKey: c.secretAccessKey, sessionToken: c.sessionToken },
    region: c.region,
    service: c.service ?? "s3",
    sha256: Hash.bind(null, "sha256"),
    // S3 signs the path as sent (each segment encoded once), not encoded a second time.
    uriEscapePath: false,
  });
}

/** The URL and headers as the signer takes a request; header names in lower case, host included. */
function requestOf(method: string, url: URL, headers: Record<string, string> | undefined, body?: Uint8Array) {
  return {
    method: method.toUpperCase(),
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname || "/",
    query: Object.fromEntries(url.searchParams),
    headers: {
      ...Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      host: url.host,
    },
    body,
  };
}

/**
 * A presigned URL (query-string authentication) valid for `expiresSeconds` (1 s to 7 days).
 * `headers` are signed too: the request must carry them with exactly these values (a signed
 * `content-length` makes the store refuse any other body size).
 */
export async function presignUrl(options: {
  method: string;
  url: string;
  credentials: SigV4Credentials;
  expiresSeconds: number;
  headers?: Record<string, string>;
  now?: Date;
}): Promise<string> {
  const expires = Math.floor(options.expiresSeconds);
  if (!(expires >= 1 && expires <= MAX_PRESIGNED_SECONDS)) throw new RangeError("A presigned URL must expire within 1 s and 7 days");
  const url = new URL(options.url);
  const request = requestOf(options.method, url, { ...options.headers, "x-amz-content-sha256": UNSIGNED_PAYLOAD });
  const signed = await (await signerFor(options.credentials)).presign(request, {
    signingDate: options.now ?? new Date(),
    expiresIn: expires,
    unhoistableHeaders: PAYLOAD_HASH_HEADER,
    unsignableHeaders: PAYLOAD_HASH_HEADER,
  });
  // Sorted as in the canonical request, the signature last (as AWS's examples write them).
  const { "X-Amz-Signature": signature, ...query } = signed.query as Record<string, string>;
  const pairs = Object.entries(query)
    .map(([k, v]) => [uriEncode(k), uriEncode(String(v))] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`);
  return `${url.origin}${request.path}?${[...pairs, `X-Amz-Signature=${signature}`].join("&")}`;
}

/** Headers (authorization, x-amz-date, x-amz-content-sha256, plus the given ones) for a server-side call. */
export async function signHeaders(options: {
  method: string;
  url: string;
  credentials: SigV4Credentials;
  headers?: Record<string, string>;
  /** The bytes sent, hashed into the signature (none: the empty payload). */
  body?: Uint8Array;
  now?: Date;
}): Promise<Record<string, string>> {
  const request = requestOf(options.method, new URL(options.url), options.headers, options.body);
  const signed = await (await signerFor(options.credentials)).sign(request, { signingDate: options.now ?? new Date() });
  // fetch sets Host itself (and refuses it as a header).
  const { host: _host, ...sent } = signed.headers as Record<string, string>;
  return sent;
}
