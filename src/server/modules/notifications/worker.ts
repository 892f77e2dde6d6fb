// The outbox worker: drains due messages every few seconds and at once when a commit wakes it
// (outboxSignal), so the first try happens right away and retries follow the back-off. It
// never claims anything while no messaging provider is configured: those messages stay
// PENDING and are shown to staff as not sent.
import { createDrainLoop } from "../../lib/drain-loop";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { MessagingProvider } from "../../providers/messaging";
import { DEFAULT_RETRY_POLICY, processDueBatch, type RetryPolicy } from "./sending";
import { outboxSignal } from "../../core/outbox";

export interface OutboxWorkerOptions {
  db: Db;
  provider: MessagingProvider;
  logger?: FastifyBaseLogger;
  pollMs?: number;
  batchSize?: number;
  policy?: RetryPolicy;
}

export interface OutboxWorker {
  start(): void;
  /**
   * Stops polling and waits for the sends under way; when `deadline` aborts (the shutdown
   * limit), aborts them: each is recorded for a later retry, never lost.
   */
  stop(deadline?: AbortSignal): Promise<void>;
  /** Sends everything due now (also what the poll and the wake-up call). */
  drain(): Promise<void>;
}

export const OUTBOX_POLL_MS = 2000;

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, provider, logger } = options;
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const sends = new AbortController();
  const loop = createDrainLoop({
    step: async () => (await processDueBatch(db, provider, { batchSize: options.batchSize, policy, logger, signal: sends.signal })) > 0,
    pollMs: options.pollMs ?? OUTBOX_POLL_MS,
    wake: { emitter: outboxSignal, event: "enqueued" },
    onError: (error) => logger?.error({ err: error }, "outbox worker could not drain"),
  });

  return {
    start() {
      if (!provider.configured) {
        logger?.info("WhatsApp not configured: messages stay queued in the outbox");
        return;
      }
      loop.start();
      void loop.drain();
    },
    async stop(deadline) {
      const running = loop.stop();
      const abortSends = () => sends.abort();
      if (deadline?.aborted) abortSends();
      deadline?.addEventListener("abort", abortSends, { once: true });
      try {
        await running;
      } finally {
        deadline?.removeEventListener("abort", abortSends);
      }
    },
    drain: loop.drain,
  };
}

/** The app's worker (buildApp starts it when deps.startJobs is set and stops it on close). */
export function startOutboxWorker(ctx: Pick<AppContext, "db" | "providers">, logger?: FastifyBaseLogger): OutboxWorker {
  const worker = createOutboxWorker({ db: ctx.db, provider: ctx.providers.messaging, logger });
  worker.start();
  return worker;
}
