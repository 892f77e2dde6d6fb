// The clients' files (decision 212): a message with an image or a PDF is stored with
// media_state PENDING; this worker asks the Graph media endpoint for the file's address
// (GET /{media-id}), downloads it with the token, checks its content (the uploads module's
// image kinds by their magic bytes, or a PDF) and size (10 MB), and keeps it in the object
// storage under whatsapp/<32 hex>. A failure is tried again with back-off and, after the last
// try or when Meta's answer says another cannot help, kept as FAILED with the Spanish reason
// staff see in the thread. Nothing here throws into the worker loop. Without WhatsApp
// configured nothing is claimed: the files wait, and staff read why.
import { createDrainLoop } from "../../lib/drain-loop";
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { whatsappInboundMessages } from "../../db/schema";
import { MessagingError, type MessagingProvider } from "../../providers/messaging";
import type { ObjectStorage } from "../../providers/storage";
import { detectImageType, IMAGE_MAX_BYTES } from "../../../shared/api/uploads";
import { webhookSignal } from "../whatsapp-webhook/intake";

const m = whatsappInboundMessages;

export const MEDIA_MAX_ATTEMPTS = 5;
/** Wait before try n+1 after try n failed (the last value repeats). */
export const MEDIA_BACKOFF_MS: readonly number[] = [30_000, 120_000, 600_000, 1_800_000];
/** A claim lasts this long: longer than two Graph calls can take (10 s each). */
const MEDIA_LEASE_SECONDS = 120;
export const MEDIA_NOT_A_KEPT_FILE = "El archivo no es una imagen JPG, PNG, GIF o WebP ni un PDF: no se guardó.";

/** The type the bytes show: an image the uploads module accepts, or a PDF; else null. */
export function storedMediaTypeOf(bytes: Uint8Array): string | null {
  const image = detectImageType(bytes.subarray(0, 16));
  if (image) return image;
  return Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-" ? "application/pdf" : null;
}

export const mediaKeyOf = () => `whatsapp/${randomBytes(16).toString("hex")}`;

export interface MediaFetchOptions {
  backoffMs?: readonly number[];
  logger?: FastifyBaseLogger;
}

/** Fetches one due file; false when none is due (or WhatsApp is not configured). */
export async function fetchNextMedia(db: Db, provider: MessagingProvider, storage: ObjectStorage, options: MediaFetchOptions = {}): Promise<boolean> {
  if (!provider.configured) return false;
  const due = db
    .select({ id: m.id })
    .from(m)
    .where(and(eq(m.mediaState, "PENDING"), lte(m.mediaNextAttemptAt, sql`now()`)))
    .orderBy(asc(m.mediaNextAttemptAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(m)
    .set({ mediaAttempts: sql`${m.mediaAttempts} + 1`, mediaNextAttemptAt: sql`now() + make_interval(secs => ${MEDIA_LEASE_SECONDS})` })
    .where(inArray(m.id, due))
    .returning({ id: m.id, mediaId: m.mediaId, attempts: m.mediaAttempts, filename: m.mediaFilename });
  if (!row) return false;
  // Our claim: still pending with the count we set (a lease re-taken by another instance changes it).
  const ours = and(eq(m.id, row.id), eq(m.mediaState, "PENDING"), eq(m.mediaAttempts, row.attempts));
  try {
    const { bytes } = await provider.fetchMedia(row.mediaId ?? "", IMAGE_MAX_BYTES);
    const type = storedMediaTypeOf(bytes);
    if (!type) {
      await db.update(m).set({ mediaState: "SKIPPED", mediaError: MEDIA_NOT_A_KEPT_FILE, mediaNextAttemptAt: null }).where(ours);
      return true;
    }
    const key = mediaKeyOf();
    await storage.put(key, bytes, type);
    const stored = await db
      .update(m)
      .set({ mediaState: "STORED", mediaKey: key, mediaSize: bytes.byteLength, mediaMimeType: type, mediaError: null, mediaNextAttemptAt: null })
      .where(ours)
      .returning({ id: m.id });
    if (stored.length === 0) await storage.delete(key).catch(() => undefined);
  } catch (error) {
    const retryable = error instanceof MessagingError ? error.retryable : true;
    const reason = error instanceof MessagingError ? error.message : `Error al guardar el archivo: ${String(error).slice(0, 200)}`;
    const final = !retryable || row.attempts >= MEDIA_MAX_ATTEMPTS;
    const backoffMs = options.backoffMs ?? MEDIA_BACKOFF_MS;
    const wait = backoffMs[Math.min(row.attempts - 1, backoffMs.length - 1)] ?? 0;
    options.logger?.warn({ messageId: row.id, attempts: row.attempts, reason, final }, "whatsapp media could not be fetched");
    await db
      .update(m)
      .set(
        final
          ? { mediaState: "FAILED", mediaError: retryable ? `${reason} (sin éxito tras ${row.attempts} intentos)` : reason, mediaNextAttemptAt: null }
          : { mediaError: reason, mediaNextAttemptAt: sql`now() + make_interval(secs => ${wait / 1000})` },
      )
      .where(ours);
  }
  return true;
}

/** Fetches every due file; returns how many were tried. */
export async function fetchDueMedia(db: Db, provider: MessagingProvider, storage: ObjectStorage, options: MediaFetchOptions = {}): Promise<number> {
  let tried = 0;
  while (await fetchNextMedia(db, provider, storage, options)) tried++;
  return tried;
}

export interface MediaWorker {
  start(): void;
  stop(): Promise<void>;
  drain(): Promise<void>;
}

export const MEDIA_POLL_MS = 15_000;
const MEDIA_STOP_WAIT_MS = 3000;

/** Woken when the webhook worker stored a message with a file, and every few seconds. */
export function createMediaWorker(options: { db: Db; provider: MessagingProvider; storage: ObjectStorage; logger?: FastifyBaseLogger; pollMs?: number }): MediaWorker {
  const loop = createDrainLoop({
    step: () => fetchNextMedia(options.db, options.provider, options.storage, { logger: options.logger }),
    pollMs: options.pollMs ?? MEDIA_POLL_MS,
    wake: { emitter: webhookSignal, event: "media" },
    onError: (error) => options.logger?.error({ err: error }, "whatsapp media worker could not drain"),
  });
  return {
    start() {
      if (!options.provider.configured) return;
      loop.start();
      void loop.drain();
    },
    async stop() {
      // A download under way may take its 10 s time-outs: shutdown waits for it a little, then its
      // lease runs out and the file is fetched again later (by this instance or another).
      let wait: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([loop.stop(), new Promise<void>((resolve) => (wait = setTimeout(resolve, MEDIA_STOP_WAIT_MS)))]);
      clearTimeout(wait);
    },
    drain: loop.drain,
  };
}
