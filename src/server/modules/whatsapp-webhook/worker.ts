// The webhook worker (decision 199), the same kind of job runner as the outbox's: woken when the
// handler stored events and every few seconds, it applies PENDING events one by one in arrival
// order, each in its own transaction with its row locked (FOR UPDATE SKIP LOCKED), so several
// app instances never apply one event twice. A status report whose message is not stored yet
// waits and is tried again; an event that keeps failing is set aside as FAILED with the reason.
import type { FastifyBaseLogger } from "fastify";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { whatsappWebhookEvents } from "../../db/schema";
import { applyIncomingMessage, applyStatusReport, type EventOutcome } from "./processing";
import { webhookSignal } from "./intake";
import { createDrainLoop } from "../../lib/drain-loop";
import type { RetryPolicy } from "../notifications/sending";
import { wakeOutboxWorker } from "../../core/outbox";

const e = whatsappWebhookEvents;

/** Tries for an event that fails or names a message not stored yet, and the wait between them. */
export const WEBHOOK_EVENT_MAX_ATTEMPTS = 5;
export const WEBHOOK_EVENT_RETRY_MS = 30_000;

/** Applies one due event; false when none is due. */
export async function processNextWebhookEvent(
  db: Db,
  options: { now?: () => Date; policy?: RetryPolicy; retryMs?: number; logger?: FastifyBaseLogger } = {},
): Promise<boolean> {
  const now = options.now?.() ?? new Date();
  const retryMs = options.retryMs ?? WEBHOOK_EVENT_RETRY_MS;
  let claimed: { id: number; attempts: number } | undefined;
  let queued = false;
  let media = false;
  try {
    const applied = await db.transaction(async (tx) => {
      const [event] = await tx
        .select()
        .from(e)
        .where(and(eq(e.state, "PENDING"), lte(e.nextAttemptAt, sql`now()`)))
        .orderBy(asc(e.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!event) return false;
      claimed = { id: event.id, attempts: event.attempts + 1 };
      let outcome: EventOutcome;
      if (event.kind === "status") outcome = await applyStatusReport(tx, event.payload, { now, policy: options.policy });
      else if (event.kind === "message") outcome = await applyIncomingMessage(tx, event.payload, { now });
      else outcome = { state: "DONE", note: "Nada que aplicar" };
      queued = outcome.state === "DONE" && outcome.queued === true;
      media = outcome.state === "DONE" && outcome.media === true;
      const attempts = event.attempts + 1;
      if (outcome.state === "WAIT" && attempts < WEBHOOK_EVENT_MAX_ATTEMPTS) {
        await tx
          .update(e)
          .set({ attempts, lastError: outcome.note, nextAttemptAt: sql`now() + make_interval(secs => ${(retryMs * attempts) / 1000})` })
          .where(eq(e.id, event.id));
      } else {
        await tx
          .update(e)
          .set({
            state: "DONE",
            attempts,
            lastError: outcome.note ?? null,
            processedAt: sql`now()`,
            notificationId: outcome.state === "DONE" ? (outcome.notificationId ?? null) : null,
          })
          .where(eq(e.id, event.id));
      }
      return true;
    });
    // The answer to BAJA / ALTA is committed: its sender may take it now (decision 214).
    if (queued) wakeOutboxWorker();
    // After the commit: the media worker fetches the client's file (decision 212).
    if (media) webhookSignal.emit("media");
    return applied;
  } catch (error) {
    // The transaction rolled back: count the try outside it, and set the event aside after the last.
    if (!claimed) throw error;
    options.logger?.error({ err: error, eventId: claimed.id }, "whatsapp webhook event could not be applied");
    const failed = claimed.attempts >= WEBHOOK_EVENT_MAX_ATTEMPTS;
    await db
      .update(e)
      .set({
        attempts: claimed.attempts,
        lastError: `Error al aplicar el evento: ${String(error).slice(0, 300)}`,
        ...(failed ? { state: "FAILED", processedAt: sql`now()` } : { nextAttemptAt: sql`now() + make_interval(secs => ${retryMs / 1000})` }),
      })
      .where(eq(e.id, claimed.id));
    return true;
  }
}

/** Applies every due event; returns how many were handled. */
export async function processDueWebhookEvents(db: Db, options: Parameters<typeof processNextWebhookEvent>[1] = {}): Promise<number> {
  let handled = 0;
  while (await processNextWebhookEvent(db, options)) handled++;
  return handled;
}

export interface WebhookWorker {
  start(): void;
  stop(): Promise<void>;
  drain(): Promise<void>;
}

export const WEBHOOK_POLL_MS = 5000;

export function createWebhookWorker(options: { db: Db; logger?: FastifyBaseLogger; pollMs?: number; policy?: RetryPolicy }): WebhookWorker {
  const loop = createDrainLoop({
    step: () => processNextWebhookEvent(options.db, { logger: options.logger, policy: options.policy }),
    pollMs: options.pollMs ?? WEBHOOK_POLL_MS,
    wake: { emitter: webhookSignal, event: "stored" },
    onError: (error) => options.logger?.error({ err: error }, "whatsapp webhook worker could not drain"),
  });
  return {
    start() {
      loop.start();
      void loop.drain();
    },
    stop: () => loop.stop(),
    drain: loop.drain,
  };
}
