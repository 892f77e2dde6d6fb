// Local-disk object storage under DATA_DIR/objects (the default). Uploads go to this app: the
// address is /api/upload/objects/{name} with an expiry and an HMAC-SHA256 signature over both,
// keyed by a secret kept in the database so every app instance signs and checks alike.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { ObjectTooLargeError, assertObjectKey, type ObjectStorage } from "./types";

/** The signed-upload route of the uploads module. */
export const LOCAL_UPLOAD_ROUTE_PREFIX = "/api/upload/objects/";

export interface LocalDiskStorageOptions {
  /** DATA_DIR/objects. */
  root: string;
  /** The signing secret (loaded once, shared by every instance). */
  signingKey: () => Promise<Buffer>;
}

export function createLocalDiskStorage(options: LocalDiskStorageOptions): ObjectStorage {
  const fileOf = (key: string) => {
    assertObjectKey(key);
    return path.join(options.root, ...key.split("/"));
  };
  const sign = async (key: string, expires: string) =>
    createHmac("sha256", await options.signingKey()).update(`PUT\n${key}\n${expires}`).digest("base64url");

  return {
    kind: "local",
    async createUploadUrl(key, expiresAt, origin) {
      assertObjectKey(key);
      const expires = String(Math.floor(expiresAt.getTime() / 1000));
      const name = key.split("/")[1];
      const signature = await sign(key, expires);
      return `${origin}${LOCAL_UPLOAD_ROUTE_PREFIX}${name}?expires=${expires}&signature=${signature}`;
    },
    async verifyUploadSignature(key, expires, signature) {
      if (!/^\d{1,12}$/.test(expires) || typeof signature !== "string" || signature.length > 100) return false;
      const expected = Buffer.from(await sign(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temp, bytes, { flag: "wx" });
      await rename(temp, file);
    },
    async get(key, maxBytes) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        if (info.size > maxBytes) throw new ObjectTooLargeError(maxBytes);
        return new Uint8Array(await readFile(file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
