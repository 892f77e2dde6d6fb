// The object-storage seam: where part photos live. The browser PUTs a file to a signed address
// the adapter makes; the server reads objects back to check and serve them.

export interface ObjectStorage {
  readonly kind: "local" | "s3";
  /**
   * The address the browser PUTs one object to, valid until `expiresAt`. `origin` is this site's
   * configured origin ("" for a relative address). With `contentLength`, a store the browser
   * writes to directly must refuse a body of any other size (S3: a signed content-length).
   */
  createUploadUrl(key: string, expiresAt: Date, origin: string, options?: { contentLength?: number }): Promise<string>;
  /**
   * For adapters whose uploads arrive at this app (local disk): true when the address's
   * signature is this adapter's for that key and expiry. Absent for stores that check their own.
   */
  verifyUploadSignature?(key: string, expires: string, signature: string): Promise<boolean>;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or null when it does not exist; ObjectTooLargeError past `maxBytes`. */
  get(key: string, maxBytes: number): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`El objeto supera ${maxBytes} bytes`);
    this.name = "ObjectTooLargeError";
  }
}

export class StorageError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "StorageError";
  }
}

/** Keys are "<folder>/<32 hex>": never a path a caller could steer elsewhere. */
export const OBJECT_KEY_PATTERN = /^[a-z]+\/[0-9a-f]{32}$/;

export function assertObjectKey(key: string): void {
  if (!OBJECT_KEY_PATTERN.test(key)) throw new StorageError("Nombre de objeto inválido");
}
