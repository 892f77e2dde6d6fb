// Picks the object storage from configuration: S3-compatible when S3_BUCKET is set (with its
// endpoint and keys), else local disk under DATA_DIR/objects.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { appCache } from "../../db/schema";
import { createLocalDiskStorage } from "./local-disk";
import { createS3Storage } from "./s3";
import type { ObjectStorage } from "./types";

export type { ObjectStorage } from "./types";
export { ObjectTooLargeError } from "./types";

const SIGNING_KEY_CACHE_KEY = "uploads:signing-key";

/**
 * The local upload signing secret: made once, kept in app_cache, so every instance and every
 * restart agrees. The first writer wins; the others read what it wrote.
 */
export async function loadUploadSigningKey(db: Db): Promise<Buffer> {
  await db
    .insert(appCache)
    .values({ key: SIGNING_KEY_CACHE_KEY, value: randomBytes(32).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appCache.value }).from(appCache).where(eq(appCache.key, SIGNING_KEY_CACHE_KEY));
  if (typeof row?.value !== "string") throw new Error("No se pudo leer la clave de firma de subidas");
  return Buffer.from(row.value, "base64");
}

export function createObjectStorage(config: Pick<Config, "s3" | "dataDir">, db: Db): ObjectStorage {
  const s3 = config.s3;
  if (s3.bucket) {
    if (!s3.endpoint || !s3.accessKeyId || !s3.secretAccessKey) {
      throw new Error("Configuración inválida: S3_BUCKET requiere S3_ENDPOINT, S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY");
    }
    return createS3Storage({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: s3.region,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      sessionToken: s3.sessionToken,
    });
  }
  let key: Promise<Buffer> | undefined;
  return createLocalDiskStorage({
    root: path.join(config.dataDir, "objects"),
    signingKey: () => {
      key ??= loadUploadSigningKey(db).catch((error) => {
        key = undefined;
        throw error;
      });
      return key;
    },
  });
}
