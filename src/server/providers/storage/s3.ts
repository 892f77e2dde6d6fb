// S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …) addressed
// path-style at S3_ENDPOINT/S3_BUCKET/key, signed with AWS Signature V4 (./sigv4, AWS's signer). The browser
// PUTs to a presigned URL; the server reads objects back with a signed GET to check what arrived.
import { ObjectTooLargeError, StorageError, assertObjectKey, type ObjectStorage } from "./types";
import { presignUrl, signHeaders, type SigV4Credentials } from "./sigv4";

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** For temporary credentials (S3_SESSION_TOKEN): sent signed as X-Amz-Security-Token. */
  sessionToken?: string;
  /** Per-call limit for the server's own requests. */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const base = options.endpoint.replace(/\/+$/, "");
  const credentials: SigV4Credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: "s3",
    sessionToken: options.sessionToken,
  };
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const urlOf = (key: string) => {
    assertObjectKey(key);
    return `${base}/${encodeURIComponent(options.bucket)}/${key}`;
  };

  async function call(method: string, key: string, init: { body?: Uint8Array; headers?: Record<string, string> } = {}) {
    const url = urlOf(key);
    const headers = await signHeaders({ method, url, credentials, headers: init.headers, body: init.body });
    try {
      const body = init.body ? new Uint8Array(init.body) : undefined;
      return await fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new StorageError(`El almacenamiento S3 no respondió (${(error as Error).name})`);
    }
  }

  return {
    kind: "s3",
    async createUploadUrl(key, expiresAt, _origin, upload) {
      const seconds = Math.ceil((expiresAt.getTime() - Date.now()) / 1000);
      // A signed content-length: S3 refuses (403) a body of any other size, so a larger file never lands.
      const headers = upload?.contentLength !== undefined ? { "content-length": String(upload.contentLength) } : undefined;
      return presignUrl({ method: "PUT", url: urlOf(key), credentials, headers, expiresSeconds: Math.max(1, seconds) });
    },
    async put(key, bytes, contentType) {
      const res = await call("PUT", key, { body: bytes, headers: { "content-type": contentType } });
      await res.body?.cancel();
      if (!res.ok) throw new StorageError(`S3 respondió HTTP ${res.status} al guardar`, res.status);
    },
    async get(key, maxBytes) {
      const res = await call("GET", key);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new StorageError(`S3 respondió HTTP ${res.status} al leer`, res.status);
      }
      const declared = Number(res.headers.get("content-length"));
      if (Number.isFinite(declared) && declared > maxBytes) {
        await res.body?.cancel();
        throw new ObjectTooLargeError(maxBytes);
      }
      return readAtMost(res, maxBytes);
    },
    async delete(key) {
      const res = await call("DELETE", key);
      await res.body?.cancel();
      if (!res.ok && res.status !== 404) throw new StorageError(`S3 respondió HTTP ${res.status} al borrar`, res.status);
    },
  };
}

/** The body, refusing to hold more than `maxBytes` whatever the headers said. */
async function readAtMost(res: Response, maxBytes: number): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ObjectTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
