// Part-photo uploads (public-site §4, §7, §9): signed, expiring, single-use upload addresses;
// the file's content checked by its magic bytes (JPEG, PNG, GIF, WebP), at most 10 MB, under a
// random name; and the serving of uploaded objects. Local disk receives the PUT here; with S3
// the browser PUTs to the store and the first read checks what arrived (docs/decisions/053).
import { randomBytes } from "node:crypto";
import { and, eq, gt, ne, sql, type SQL } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { ObjectTooLargeError, type ObjectStorage } from "../../providers/storage";
import {
  FILE_TOO_LARGE_MESSAGE,
  IMAGE_MAX_BYTES,
  NOT_AN_IMAGE_MESSAGE,
  NOT_AN_INVOICE_MESSAGE,
  UPLOADS_PATH_PREFIX,
  UPLOAD_NAME_PATTERN,
  UPLOAD_QUOTA_ADDRESS,
  UPLOAD_QUOTA_TOTAL,
  UPLOAD_SIZE_MISMATCH,
  UPLOAD_SIZE_REQUIRED,
  UPLOAD_TOO_MANY_OPEN,
  UPLOAD_URL_EXPIRED,
  STAFF_PHOTO_QUOTA_ACCOUNT,
  STAFF_PHOTO_QUOTA_TOTAL,
  UPLOAD_URL_INVALID,
  UPLOAD_URL_USED,
  detectUploadType,
  type AcceptedImageType,
  type AcceptedInvoiceType,
  type UploadKind,
} from "../../../shared/api/uploads";

/** An upload address works this long after it is handed out. */
export const UPLOAD_URL_TTL_MS = 10 * 60_000;
/** Past the limit the rest of a body is read and dropped up to this much, so the client gets the answer. */
const DRAIN_LIMIT_BYTES = 4 * IMAGE_MAX_BYTES;

const keyOf = (name: string) => `uploads/${name}`;
export const isUploadName = (name: unknown): name is string => typeof name === "string" && UPLOAD_NAME_PATTERN.test(name);

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", 413, FILE_TOO_LARGE_MESSAGE);
const notAccepted = (kind: UploadKind) => new AppError("UNSUPPORTED_MEDIA_TYPE", 415, kind === "FACTURA" ? NOT_AN_INVOICE_MESSAGE : NOT_AN_IMAGE_MESSAGE);
const invalidUrl = () => new AppError("FORBIDDEN", 403, UPLOAD_URL_INVALID);
const expiredUrl = () => new AppError("FORBIDDEN", 403, UPLOAD_URL_EXPIRED);
const usedUrl = () => new AppError("CONFLICT", 409, UPLOAD_URL_USED);

/** Unreferenced uploads live this long; bytes count against their address for as long. */
export const UPLOAD_RETENTION_MS = 24 * 3600_000;
/**
 * S3 checks a presigned PUT's expiry when the PUT starts, so a file may still be arriving after
 * its address lapsed: a lapsed S3 reservation keeps counting until the settle step, run this long
 * after the lapse, finds what arrived (docs/decisions/145).
 */
export const S3_LATE_ARRIVAL_MS = 15 * 60_000;
/** How often the settle step runs (cleanup.ts). */
export const UPLOAD_SETTLE_INTERVAL_MS = 5 * 60_000;
/** One lock for every reservation, so two at once cannot both take the last bytes of a cap. */
const QUOTA_LOCK_ID = 7_302_015;

export interface UploadQuota {
  /** The address the request came from (limitAddress: IPv4, or IPv6 /64). */
  ownerKey: string;
  maxBytesPerAddress: number;
  /** The public's part of the total (UPLOADS_MAX_TOTAL_MB less the staff share). */
  maxBytesPublic: number;
  /** Reservations an address may hold open at once. */
  maxOpenPerAddress: number;
}

export interface StaffUploadQuota {
  accountId: number;
  /** Per account over 24 hours. */
  maxBytesPerAccount: number;
  /** The staff share of the total. */
  maxBytesStaff: number;
}

/** The public caps of the configuration for one address. */
export const publicQuota = (caps: Config["uploads"], ownerKey: string): UploadQuota => ({
  ownerKey,
  maxBytesPerAddress: caps.maxBytesPerAddress,
  maxBytesPublic: caps.maxBytesPublic,
  maxOpenPerAddress: caps.maxOpenPerAddress,
});

/** The staff caps of the configuration for one account. */
export const staffQuota = (caps: Config["uploads"], accountId: number): StaffUploadQuota => ({
  accountId,
  maxBytesPerAccount: caps.maxBytesPerAccount,
  maxBytesStaff: caps.maxBytesStaff,
});

const quotaRefusal = (message: string, retryAfterSeconds: number) =>
  new AppError("LIMIT_REACHED", 429, message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });

/**
 * The rows whose bytes count against the caps (docs/decisions/145): a file that arrived (its own
 * size), a reservation still open (the size asked for), and a lapsed S3 reservation the settle
 * step has not checked yet (its file may have arrived). A lapsed local reservation counts
 * nothing: a local PUT is refused once its address has lapsed.
 */
const countedAt = (now: Date) =>
  sql`(${uploads.status} = 'UPLOADED' or (${uploads.status} = 'PENDING' and (${uploads.expiresAt} > ${now} or ${uploads.storage} <> 'local')))`;
const epochMs = (column: SQL) => sql<number | null>`(extract(epoch from ${column}) * 1000)::float8`;

/** When a counted reservation stops counting, at the latest (expiry; on S3 after the settle step). */
const releaseOf = (storage: ObjectStorage, expiresAtMs: number) =>
  expiresAtMs + (storage.kind === "local" ? 0 : S3_LATE_ARRIVAL_MS + UPLOAD_SETTLE_INTERVAL_MS);

/** Seconds until the soonest of these instants (ms), `fallback` seconds when there is none. */
const secondsUntil = (now: Date, instants: (number | null)[], fallback: number) => {
  const known = instants.filter((ms): ms is number => ms !== null && Number.isFinite(ms));
  return known.length ? (Math.min(...known) - now.getTime()) / 1000 : fallback;
};

/**
 * POST /api/upload/image-url: a new random name, PENDING for UPLOAD_URL_TTL_MS, reserving `size`
 * bytes (the most an image may have when the page did not say) against the address's cap over
 * 24 hours and the public's part of the total. An address holds at most `maxOpenPerAddress` open
 * reservations. The check and the reservation are one step under a transaction lock, on both
 * databases. An object store signs the size into the address.
 */
export async function createUpload(
  db: Db,
  storage: ObjectStorage,
  origin: string,
  request: { size?: number; quota: UploadQuota; kind?: UploadKind },
  now = new Date(),
): Promise<{ uploadURL: string; name: string }> {
  if (request.size === undefined && storage.kind !== "local") throw new AppError("VALIDATION", 400, UPLOAD_SIZE_REQUIRED);
  const size = request.size ?? IMAGE_MAX_BYTES;
  const { quota } = request;
  const name = randomBytes(16).toString("hex");
  const expiresAt = new Date(now.getTime() + UPLOAD_URL_TTL_MS);
  const since = new Date(now.getTime() - UPLOAD_RETENTION_MS);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_ID})`);
    const counted = countedAt(now);
    const publicRow = sql`${uploads.staffAccountId} is null`;
    const mine = sql`${uploads.ownerKey} = ${quota.ownerKey} and ${uploads.createdAt} > ${since}`;
    const open = sql`${uploads.status} = 'PENDING' and ${uploads.expiresAt} > ${now} and ${uploads.ownerKey} = ${quota.ownerKey}`;
    const reserved = sql`${counted} and ${uploads.status} = 'PENDING'`;
    const [held] = await tx
      .select({
        publicBytes: sql<number>`coalesce(sum(${uploads.sizeBytes}) filter (where ${counted} and ${publicRow}), 0)::float8`,
        mine: sql<number>`coalesce(sum(${uploads.sizeBytes}) filter (where ${counted} and ${mine}), 0)::float8`,
        openMine: sql<number>`(count(*) filter (where ${open}))::int`,
        soonestOpenMine: epochMs(sql`min(${uploads.expiresAt}) filter (where ${open})`),
        oldestStoredMine: epochMs(sql`min(${uploads.createdAt}) filter (where ${uploads.status} = 'UPLOADED' and ${mine})`),
        soonestReservedMine: epochMs(sql`min(${uploads.expiresAt}) filter (where ${reserved} and ${mine})`),
        soonestReservedPublic: epochMs(sql`min(${uploads.expiresAt}) filter (where ${reserved} and ${publicRow})`),
      })
      .from(uploads);
    const release = (ms: number | null) => (ms === null ? null : releaseOf(storage, Number(ms)));
    if (Number(held.openMine) >= quota.maxOpenPerAddress) {
      throw quotaRefusal(UPLOAD_TOO_MANY_OPEN, secondsUntil(now, [held.soonestOpenMine === null ? null : Number(held.soonestOpenMine)], UPLOAD_URL_TTL_MS / 1000));
    }
    if (Number(held.mine) + size > quota.maxBytesPerAddress) {
      const stored = held.oldestStoredMine === null ? null : Number(held.oldestStoredMine) + UPLOAD_RETENTION_MS;
      throw quotaRefusal(UPLOAD_QUOTA_ADDRESS, secondsUntil(now, [stored, release(held.soonestReservedMine)], UPLOAD_RETENTION_MS / 1000));
    }
    // Space frees as reservations lapse and as the hourly clean-up deletes unreferenced uploads.
    if (Number(held.publicBytes) + size > quota.maxBytesPublic) {
      throw quotaRefusal(UPLOAD_QUOTA_TOTAL, Math.min(3600, secondsUntil(now, [release(held.soonestReservedPublic)], 3600)));
    }
    await tx.insert(uploads).values({
      name,
      storage: storage.kind,
      status: "PENDING",
      sizeBytes: size,
      ownerKey: quota.ownerKey,
      kind: request.kind ?? "IMAGEN",
      expiresAt,
      createdAt: now,
    });
  });
  const uploadURL = await storage.createUploadUrl(keyOf(name), expiresAt, origin, { contentLength: request.size });
  return { uploadURL, name };
}

/**
 * A staff photo's bytes, reserved before its file is written (a PENDING row of the account):
 * within the account's allowance over 24 hours and the staff share of the total, in one step
 * under the same lock as the public's reservations.
 */
export async function reserveStaffUpload(
  db: Db,
  storage: ObjectStorage,
  upload: { name: string; size: number; contentType: AcceptedImageType; quota: StaffUploadQuota },
  now = new Date(),
): Promise<void> {
  const { quota } = upload;
  const since = new Date(now.getTime() - UPLOAD_RETENTION_MS);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_ID})`);
    const counted = countedAt(now);
    const mine = sql`${uploads.staffAccountId} = ${quota.accountId} and ${uploads.createdAt} > ${since}`;
    const [held] = await tx
      .select({
        staffBytes: sql<number>`coalesce(sum(${uploads.sizeBytes}) filter (where ${counted} and ${uploads.staffAccountId} is not null), 0)::float8`,
        mine: sql<number>`coalesce(sum(${uploads.sizeBytes}) filter (where ${counted} and ${mine}), 0)::float8`,
        oldestMine: epochMs(sql`min(${uploads.createdAt}) filter (where ${counted} and ${mine})`),
      })
      .from(uploads);
    if (Number(held.mine) + upload.size > quota.maxBytesPerAccount) {
      const oldest = held.oldestMine === null ? null : Number(held.oldestMine) + UPLOAD_RETENTION_MS;
      throw quotaRefusal(STAFF_PHOTO_QUOTA_ACCOUNT, secondsUntil(now, [oldest], UPLOAD_RETENTION_MS / 1000));
    }
    if (Number(held.staffBytes) + upload.size > quota.maxBytesStaff) throw quotaRefusal(STAFF_PHOTO_QUOTA_TOTAL, 3600);
    await tx.insert(uploads).values({
      name: upload.name,
      storage: storage.kind,
      status: "PENDING",
      contentType: upload.contentType,
      sizeBytes: upload.size,
      staffAccountId: quota.accountId,
      expiresAt: new Date(now.getTime() + UPLOAD_URL_TTL_MS),
      createdAt: now,
    });
  });
}

/** The most a PUT to this name may carry: the size reserved for it (never above the image limit). */
export async function reservedBytes(db: Db, name: string): Promise<number> {
  const [row] = await db.select({ sizeBytes: uploads.sizeBytes }).from(uploads).where(eq(uploads.name, name)).limit(1);
  return Math.min(row?.sizeBytes ?? IMAGE_MAX_BYTES, IMAGE_MAX_BYTES);
}

const tooLargeFor = (maxBytes: number) =>
  maxBytes >= IMAGE_MAX_BYTES ? tooLarge() : new AppError("PAYLOAD_TOO_LARGE", 413, UPLOAD_SIZE_MISMATCH);

/** Refuses (413) a declared length above what this address may carry, before the body is read. */
export function checkDeclaredLength(contentLength: string | undefined, maxBytes: number): void {
  if (contentLength !== undefined && Number(contentLength) > maxBytes) throw tooLargeFor(maxBytes);
}

/** Reads a request body, refusing (413) more than `maxBytes` (the image limit by default). */
export async function readLimitedBody(
  body: AsyncIterable<Uint8Array> | null | undefined,
  maxBytes: number = IMAGE_MAX_BYTES,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (total > DRAIN_LIMIT_BYTES) throw tooLargeFor(maxBytes);
    if (total <= maxBytes) chunks.push(chunk);
  }
  if (total > maxBytes) throw tooLargeFor(maxBytes);
  return new Uint8Array(Buffer.concat(chunks));
}

export interface SignedPut {
  name: string;
  expires: unknown;
  signature: unknown;
  contentLength?: string;
}

/**
 * Checks a PUT to a local upload address before its body is read: the name's form, the
 * signature over name and expiry, the expiry, and the declared length.
 */
export async function checkSignedPut(storage: ObjectStorage, put: SignedPut, now = new Date()): Promise<void> {
  if (!isUploadName(put.name) || !storage.verifyUploadSignature) throw notFound();
  const expires = typeof put.expires === "string" ? put.expires : "";
  const signature = typeof put.signature === "string" ? put.signature : "";
  if (!(await storage.verifyUploadSignature(keyOf(put.name), expires, signature))) throw invalidUrl();
  if (Number(expires) * 1000 <= now.getTime()) throw expiredUrl();
  if (put.contentLength !== undefined && Number(put.contentLength) > IMAGE_MAX_BYTES) throw tooLarge();
}

/**
 * Stores an uploaded file once: its content must be an accepted image (for an invoice upload, an
 * image or a PDF: the row's kind decides, docs/decisions/215). The row is claimed
 * (PENDING → UPLOADED) in one conditional UPDATE before the file is written, so of two PUTs to
 * one address only one ever writes; a failed write gives the address back.
 */
export async function receiveUpload(
  db: Db,
  storage: ObjectStorage,
  name: string,
  bytes: Uint8Array,
  now = new Date(),
): Promise<{ objectPath: string; contentType: AcceptedInvoiceType; sizeBytes: number }> {
  const [reserved] = await db.select({ kind: uploads.kind }).from(uploads).where(eq(uploads.name, name)).limit(1);
  const kind = (reserved?.kind ?? "IMAGEN") as UploadKind;
  const contentType = detectUploadType(bytes.subarray(0, 16), kind);
  if (!contentType) throw notAccepted(kind);
  const [claimed] = await db
    .update(uploads)
    .set({ status: "UPLOADED", usedAt: now, contentType, sizeBytes: bytes.byteLength })
    .where(and(eq(uploads.name, name), eq(uploads.status, "PENDING"), gt(uploads.expiresAt, now)))
    .returning({ id: uploads.id });
  if (!claimed) {
    const [row] = await db.select({ status: uploads.status }).from(uploads).where(eq(uploads.name, name));
    if (!row) throw invalidUrl();
    throw row.status === "UPLOADED" ? usedUrl() : expiredUrl();
  }
  try {
    await storage.put(keyOf(name), bytes, contentType);
  } catch (error) {
    await db
      .update(uploads)
      // The size stays reserved: the address may be used again with the same file.
      .set({ status: "PENDING", usedAt: null, contentType: null })
      .where(eq(uploads.id, claimed.id));
    throw error;
  }
  return { objectPath: `${UPLOADS_PATH_PREFIX}${name}`, contentType, sizeBytes: bytes.byteLength };
}

/**
 * An uploaded object to serve, or null (404). Only names of the random form that were handed out
 * and have arrived are served, with the type their content shows and the upload's kind. An S3
 * object is checked on its first read; one that is not accepted for its kind (an image; for an
 * invoice also a PDF) or too big is deleted and never served.
 */
export async function readUploadedObject(
  db: Db,
  storage: ObjectStorage,
  name: string,
  now = new Date(),
): Promise<{ bytes: Uint8Array; contentType: AcceptedInvoiceType; kind: UploadKind } | null> {
  if (!isUploadName(name)) return null;
  const [row] = await db.select().from(uploads).where(eq(uploads.name, name)).limit(1);
  if (!row || row.storage !== storage.kind) return null;
  if (row.status !== "UPLOADED" && storage.kind === "local") return null;

  let bytes: Uint8Array | null;
  try {
    bytes = await storage.get(keyOf(name), IMAGE_MAX_BYTES);
  } catch (error) {
    if (!(error instanceof ObjectTooLargeError)) throw error;
    await storage.delete(keyOf(name));
    return null;
  }
  if (!bytes) return null;
  const kind = row.kind as UploadKind;
  const contentType = detectUploadType(bytes.subarray(0, 16), kind);
  if (!contentType) {
    // Only a store the browser writes to directly can hold this; it is removed, never served.
    if (storage.kind !== "local") await storage.delete(keyOf(name));
    return null;
  }
  // A file that arrived (on S3, also one that arrived after its address lapsed) now counts with its own size.
  if (row.status !== "UPLOADED") {
    await db
      .update(uploads)
      .set({ status: "UPLOADED", usedAt: now, contentType, sizeBytes: bytes.byteLength })
      .where(and(eq(uploads.id, row.id), ne(uploads.status, "UPLOADED")));
  }
  return { bytes, contentType, kind };
}
