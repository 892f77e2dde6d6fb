// The upload clean-up job (docs/decisions/100): a part photo that no parts search refers to is
// deleted a day after its address was handed out, from the object storage in use (local disk or
// S3) and then from the table; one that a search refers to is marked kept and stays. Runs at
// start and every hour in every instance (deleting twice is harmless), stops when the app closes.
import { startPeriodicJob, type PeriodicJob } from "../../lib/jobs";
import type { FastifyInstance } from "fastify";
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { partsSearches, uploads } from "../../db/schema";
import type { ObjectStorage } from "../../providers/storage";
import { UPLOADS_PATH_PREFIX } from "../../../shared/api/uploads";
import { S3_LATE_ARRIVAL_MS, UPLOAD_RETENTION_MS, UPLOAD_SETTLE_INTERVAL_MS, readUploadedObject } from "./service";

export const UPLOAD_CLEANUP_INTERVAL_MS = 3600_000;
const BATCH = 200;

export interface CleanupResult {
  kept: number;
  deleted: number;
  /** Objects the storage could not delete this time (their rows stay for the next run). */
  failed: number;
}

/** Marks uploads that a search refers to as kept, then deletes the others older than a day. */
export async function cleanUpUploads(
  db: Db,
  storage: ObjectStorage,
  now = new Date(),
  /** Checked before each deletion: a closing app waits for one storage call at most. */
  shouldStop: () => boolean = () => false,
): Promise<CleanupResult> {
  // A search's imagenUrl is this site's address of the object: …/objects/uploads/{32 hex}. The
  // address's owner is forgotten once the photo belongs to a search.
  const kept = await db
    .update(uploads)
    .set({ keptAt: now, ownerKey: null })
    .from(partsSearches)
    .where(
      and(
        isNull(uploads.keptAt),
        sql`${partsSearches.imagenUrl} like ${`%${UPLOADS_PATH_PREFIX}%`}`,
        sql`right(${partsSearches.imagenUrl}, 32) = ${uploads.name}`,
      ),
    )
    .returning({ id: uploads.id });

  const before = new Date(now.getTime() - UPLOAD_RETENTION_MS);
  let deleted = 0;
  let failed = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({ id: uploads.id, name: uploads.name })
      .from(uploads)
      .where(
        and(
          isNull(uploads.keptAt),
          lt(uploads.createdAt, before),
          // Rows of another storage (before a switch to S3, say) are not this adapter's to delete.
          eq(uploads.storage, storage.kind),
          sql`${uploads.id} > ${afterId}`,
        ),
      )
      .orderBy(asc(uploads.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1].id;
    const gone: number[] = [];
    for (const row of rows) {
      if (shouldStop()) break;
      try {
        await storage.delete(`uploads/${row.name}`);
        gone.push(row.id);
      } catch {
        failed++;
      }
    }
    // The row goes after its object, so a failure leaves it for the next run, never an orphan file.
    if (gone.length > 0) {
      await db.delete(uploads).where(and(inArray(uploads.id, gone), isNull(uploads.keptAt)));
      deleted += gone.length;
    }
    if (rows.length < BATCH || shouldStop()) break;
  }
  return { kept: kept.length, deleted, failed };
}

export interface SettleResult {
  /** Lapsed reservations whose file had arrived: checked, now counted with their own size. */
  arrived: number;
  /** Lapsed reservations with nothing (or nothing acceptable) stored: EXPIRED, counting nothing. */
  lapsed: number;
  /** Objects the storage could not read this time (they keep counting until the next run). */
  failed: number;
}

/**
 * The settle step (docs/decisions/145): on S3, a reservation whose address lapsed more than
 * S3_LATE_ARRIVAL_MS ago is looked up in the bucket. A file that arrived is checked like every
 * served object (a non-image or an oversized one is deleted) and then counts with its own size;
 * otherwise the row becomes EXPIRED and counts nothing. Local disk needs none: a local PUT is
 * refused once its address has lapsed, so a lapsed local reservation already counts nothing.
 */
export async function settleUploads(
  db: Db,
  storage: ObjectStorage,
  now = new Date(),
  shouldStop: () => boolean = () => false,
): Promise<SettleResult> {
  const result: SettleResult = { arrived: 0, lapsed: 0, failed: 0 };
  if (storage.kind === "local") return result;
  const before = new Date(now.getTime() - S3_LATE_ARRIVAL_MS);
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({ id: uploads.id, name: uploads.name })
      .from(uploads)
      .where(and(eq(uploads.status, "PENDING"), eq(uploads.storage, storage.kind), lt(uploads.expiresAt, before), sql`${uploads.id} > ${afterId}`))
      .orderBy(asc(uploads.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    afterId = rows[rows.length - 1].id;
    for (const row of rows) {
      if (shouldStop()) return result;
      try {
        if (await readUploadedObject(db, storage, row.name, now)) {
          result.arrived++;
        } else {
          await db.update(uploads).set({ status: "EXPIRED" }).where(and(eq(uploads.id, row.id), eq(uploads.status, "PENDING")));
          result.lapsed++;
        }
      } catch {
        result.failed++;
      }
    }
    if (rows.length < BATCH) break;
  }
  return result;
}

/** Runs the settle step every UPLOAD_SETTLE_INTERVAL_MS (only S3 has anything to settle). */
export function startUploadSettle(app: FastifyInstance, ctx: Pick<AppContext, "db" | "providers">): PeriodicJob | null {
  if (ctx.providers.storage.kind === "local") return null;
  return startPeriodicJob(app, {
    name: "upload-settle",
    everyMs: UPLOAD_SETTLE_INTERVAL_MS,
    run: async (signal) => {
      const result = await settleUploads(ctx.db, ctx.providers.storage, new Date(), () => signal.aborted);
      if (result.arrived || result.lapsed || result.failed) app.log.info(result, "upload settle");
    },
  });
}

/**
 * Runs the clean-up at start and every `intervalMs` as one of the app's periodic jobs (lib/jobs.ts:
 * never overlapping itself, stopped on app close; at the shutdown limit it stops between deletions).
 */
export function startUploadCleanup(
  app: FastifyInstance,
  ctx: Pick<AppContext, "db" | "providers">,
  intervalMs: number = UPLOAD_CLEANUP_INTERVAL_MS,
): PeriodicJob {
  return startPeriodicJob(app, {
    name: "upload-cleanup",
    everyMs: intervalMs,
    firstAfterMs: 0,
    run: async (signal) => {
      const result = await cleanUpUploads(ctx.db, ctx.providers.storage, new Date(), () => signal.aborted);
      if (result.deleted || result.failed) app.log.info(result, "upload clean-up");
    },
  });
}
