// Photos staff take of packages (issue 20): on arrival, of a Sin dueño label, of a delivery and
// the receiver's signature. The image arrives first (POST /api/admin/photos: stored as an upload,
// checked by content like every upload); the call that receives, registers or delivers the package
// then attaches it here, which marks the upload kept (the hourly clean-up deletes an upload
// nothing refers to after a day, so an abandoned photo does not stay).
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { packagePhotos, uploads } from "../../db/schema";
import { AppError, badRequest, conflict, isUniqueViolation } from "../../errors";
import type { ObjectStorage } from "../../providers/storage";
import type { Actor } from "../../lib/actor";
import { recordAudit } from "../../core/audit/service";
import { reserveStaffUpload, type StaffUploadQuota } from "./service";
import type { PhotoKind } from "../../../shared/domain/warehouse";
import {
  NOT_AN_IMAGE_MESSAGE,
  PHOTO_ALREADY_USED,
  PHOTO_NOT_FOUND,
  UPLOADS_PATH_PREFIX,
  detectImageType,
  type TStaffPhotoResponse,
} from "../../../shared/api/uploads";

/**
 * Stores a staff photo (already read, at most the image limit) under a new random name: its bytes
 * are reserved against the account's daily allowance and the staff share first (429 beyond), then
 * the file is written, then the upload is marked arrived and recorded in the audit log in one
 * transaction (docs/decisions/145). A failed write leaves nothing behind.
 */
export async function storeStaffPhoto(
  db: Db,
  storage: ObjectStorage,
  bytes: Uint8Array,
  actor: Actor,
  quota: StaffUploadQuota,
  now = new Date(),
): Promise<TStaffPhotoResponse> {
  const contentType = detectImageType(bytes.subarray(0, 16));
  if (!contentType) throw new AppError("UNSUPPORTED_MEDIA_TYPE", 415, NOT_AN_IMAGE_MESSAGE);
  const name = randomBytes(16).toString("hex");
  const key = `uploads/${name}`;
  await reserveStaffUpload(db, storage, { name, size: bytes.byteLength, contentType, quota }, now);
  try {
    await storage.put(key, bytes, contentType);
    await db.transaction(async (tx) => {
      await tx.update(uploads).set({ status: "UPLOADED", usedAt: now }).where(and(eq(uploads.name, name), eq(uploads.status, "PENDING")));
      await recordAudit(tx, actor, {
        action: "foto.subir",
        entity: "foto",
        entityId: name,
        summary: `${contentType.slice("image/".length).toUpperCase()} · ${formatKilobytes(bytes.byteLength)}`,
        after: { name, contentType, sizeBytes: bytes.byteLength },
        at: now,
      });
    });
  } catch (error) {
    await storage.delete(key).catch(() => {});
    await db.delete(uploads).where(and(eq(uploads.name, name), eq(uploads.status, "PENDING")));
    throw error;
  }
  return { name, url: `${UPLOADS_PATH_PREFIX}${name}` };
}

const formatKilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("es-CR")} KB`;

export type PhotoOwner = { trackingId: number } | { unclaimedId: number };

/**
 * Attaches uploaded photos to a package or a Sin dueño row, in the caller's transaction. Each name
 * must be an arrived upload not attached elsewhere (400 / 409 in Spanish otherwise).
 */
export async function attachPhotos(tx: DbOrTx, owner: PhotoOwner, kind: PhotoKind, names: readonly string[], actor: Actor, now = new Date()): Promise<void> {
  if (names.length === 0) return;
  const unique = [...new Set(names)];
  const found = await tx
    .select({ name: uploads.name })
    .from(uploads)
    .where(and(inArray(uploads.name, unique), eq(uploads.status, "UPLOADED"), eq(uploads.kind, "IMAGEN")));
  if (found.length !== unique.length) throw badRequest(PHOTO_NOT_FOUND);
  try {
    await tx.insert(packagePhotos).values(
      unique.map((uploadName) => ({
        trackingId: "trackingId" in owner ? owner.trackingId : null,
        unclaimedId: "unclaimedId" in owner ? owner.unclaimedId : null,
        uploadName,
        kind,
        createdAt: now,
        createdByAccountId: actor.accountId,
      })),
    );
  } catch (err) {
    if (isUniqueViolation(err, "package_photos_upload_key")) throw conflict(PHOTO_ALREADY_USED);
    throw err;
  }
  await tx.update(uploads).set({ keptAt: now, ownerKey: null }).where(and(inArray(uploads.name, unique), isNull(uploads.keptAt)));
}

/** A Sin dueño row's photos become the package's when a client's package claims it. */
export async function movePhotosToPackage(tx: DbOrTx, unclaimedId: number, trackingId: number): Promise<void> {
  await tx.update(packagePhotos).set({ trackingId }).where(eq(packagePhotos.unclaimedId, unclaimedId));
}

export interface PackagePhoto {
  url: string;
  kind: PhotoKind;
  createdAt: string;
}

/** The photos of these packages (or Sin dueño rows), oldest first, by owner id. */
export async function photosOf(db: DbOrTx, ids: readonly number[], of: "tracking" | "unclaimed" = "tracking"): Promise<Map<number, PackagePhoto[]>> {
  const out = new Map<number, PackagePhoto[]>();
  if (ids.length === 0) return out;
  const column = of === "tracking" ? packagePhotos.trackingId : packagePhotos.unclaimedId;
  const rows = await db
    .select({ owner: column, name: packagePhotos.uploadName, kind: packagePhotos.kind, createdAt: packagePhotos.createdAt })
    .from(packagePhotos)
    .where(inArray(column, [...new Set(ids)]))
    .orderBy(asc(packagePhotos.createdAt), asc(packagePhotos.id));
  for (const row of rows) {
    if (row.owner === null) continue;
    const list = out.get(row.owner) ?? [];
    list.push({ url: `${UPLOADS_PATH_PREFIX}${row.name}`, kind: row.kind as PhotoKind, createdAt: row.createdAt.toISOString() });
    out.set(row.owner, list);
  }
  return out;
}
