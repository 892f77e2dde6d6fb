// The comprobantes' sender (issue 34 item 4, decision 190): like the WhatsApp outbox worker, it
// claims due rows of invoice_documents (FOR UPDATE SKIP LOCKED, a lease in locked_until, so two
// instances never send one twice and a crashed one's claim is taken again), submits a
// 'pendiente' one to Hacienda's reception API and then asks its state until it is final,
// storing Hacienda's answer. Failures never touch the payment:
// - retryable (network, time-out, 429, 5xx, "not there yet"): tried again with backoff, or after
//   Hacienda's Retry-After when longer; never given up (a fiscal document must go out);
// - the request refused (HTTP 400 with X-Error-Cause) on sending: 'rechazado' with that reason,
//   for staff to correct and reissue;
// - refused credentials: the row is parked (next_attempt_at null, the reason in last_error) until
//   someone fixes the configuration; the next start puts parked rows back in line.
import { createDrainLoop } from "../../lib/drain-loop";
import { EventEmitter } from "node:events";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { invoiceDocuments } from "../../db/schema";
import { HaciendaApiError, type HaciendaReception, type Submission } from "../../providers/hacienda/reception";
import { settledOrAborted } from "../../lib/jobs";
import { invoiceSignal } from "./comprobantes";

export type InvoiceRow = typeof invoiceDocuments.$inferSelect;

export interface SenderPolicy {
  /** Wait before try n+1 after try n failed (the last value repeats). */
  backoffMs: readonly number[];
  /** Wait before asking again while Hacienda is still processing (the last value repeats). */
  pollMs: readonly number[];
  /** How long a claim lasts; longer than a submit plus a status can take (20 s time-out each). */
  lockSeconds: number;
  /** The longest wait a Retry-After may impose. */
  maxRetryAfterMs: number;
}

export const DEFAULT_SENDER_POLICY: SenderPolicy = {
  backoffMs: [30_000, 120_000, 600_000, 1_800_000, 3_600_000],
  pollMs: [5_000, 15_000, 60_000, 300_000, 1_800_000],
  lockSeconds: 120,
  maxRetryAfterMs: 86_400_000,
};

const d = invoiceDocuments;

function pick(list: readonly number[], index: number): number {
  return list[Math.min(Math.max(index, 0), list.length - 1)];
}

/** Claims up to `limit` due comprobantes for this instance (a lease until now + lockSeconds). */
export async function claimDueInvoices(db: Db, now: Date, limit: number, policy: SenderPolicy = DEFAULT_SENDER_POLICY): Promise<InvoiceRow[]> {
  const due = db
    .select({ id: d.id })
    .from(d)
    .where(
      and(
        inArray(d.state, ["pendiente", "enviado"]),
        lte(d.nextAttemptAt, now),
        or(isNull(d.lockedUntil), lt(d.lockedUntil, now)),
        // A Nota de Crédito waits until Hacienda has the document it cancels.
        sql`not exists (select 1 from invoice_documents original where original.id = "invoice_documents"."references_id" and original.state = 'pendiente')`,
      ),
    )
    .orderBy(asc(d.nextAttemptAt), asc(d.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(d)
    .set({ lockedUntil: new Date(now.getTime() + policy.lockSeconds * 1000) })
    .where(inArray(d.id, due))
    .returning();
}

/** Hacienda's DetalleMensaje in its MensajeHacienda. */
export function answerDetail(responseXml: string | undefined): string | undefined {
  const raw = responseXml ? /<(?:\w+:)?DetalleMensaje>([\s\S]*?)<\/(?:\w+:)?DetalleMensaje>/.exec(responseXml)?.[1] : undefined;
  if (!raw) return undefined;
  return raw
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .trim()
    .slice(0, 2000);
}

type Outcome = "aceptado" | "rechazado" | "enviado" | "retry" | "parked";

/** Sends or asks about one claimed comprobante and records the outcome (only while the claim is ours). */
export async function processInvoice(db: Db, reception: HaciendaReception, row: InvoiceRow, now: Date, policy: SenderPolicy = DEFAULT_SENDER_POLICY): Promise<Outcome> {
  const ours = and(eq(d.id, row.id), eq(d.lockedUntil, row.lockedUntil!));
  const write = async (values: Partial<typeof d.$inferInsert>) => {
    await db.update(d).set({ ...values, lockedUntil: null, updatedAt: now }).where(ours);
  };
  let state = row.state;
  const attempts = row.attempts + 1;
  try {
    if (state === "pendiente") {
      const submission = { ...(row.submission as Omit<Submission, "signedXml">), clave: row.clave!, signedXml: row.signedXml! };
      await reception.submit(submission);
      state = "enviado";
      await db.update(d).set({ state, sentAt: now, lastError: null, updatedAt: now }).where(ours);
    }
    const status = await reception.status(row.clave!);
    if (status.state === "aceptado" || status.state === "rechazado") {
      await write({
        state: status.state,
        responseXml: status.responseXml ?? null,
        rejectionReason: status.state === "rechazado" ? (answerDetail(status.responseXml) ?? "Hacienda rechazó el comprobante sin indicar el motivo.") : null,
        decidedAt: now,
        nextAttemptAt: null,
        attempts,
        lastError: null,
      });
      return status.state;
    }
    // recibido, procesando, or Hacienda's own "error": asked again later.
    await write({ state: "enviado", attempts, nextAttemptAt: new Date(now.getTime() + pick(policy.pollMs, attempts - 1)), lastError: null });
    return "enviado";
  } catch (error) {
    const failure = error instanceof HaciendaApiError ? error : undefined;
    const message = failure?.message ?? "Error inesperado al enviar el comprobante.";
    if (failure && !failure.retryable) {
      if (failure.failure === "REJECTED_REQUEST" && state === "pendiente") {
        await write({ state: "rechazado", rejectionReason: message, decidedAt: now, nextAttemptAt: null, attempts, lastError: message });
        return "rechazado";
      }
      await write({ state, attempts, nextAttemptAt: null, lastError: message });
      return "parked";
    }
    const wait = Math.max(pick(policy.backoffMs, attempts - 1), Math.min(failure?.details.retryAfterMs ?? 0, policy.maxRetryAfterMs));
    await write({ state, attempts, nextAttemptAt: new Date(now.getTime() + wait), lastError: message });
    return "retry";
  }
}

/** One round: claims what is due at `now` and handles it. Returns how many were claimed. */
export async function processDueInvoices(
  db: Db,
  reception: HaciendaReception,
  options: { now?: Date; batchSize?: number; policy?: SenderPolicy; logger?: FastifyBaseLogger } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const policy = options.policy ?? DEFAULT_SENDER_POLICY;
  const rows = await claimDueInvoices(db, now, options.batchSize ?? 10, policy);
  for (const row of rows) {
    try {
      const outcome = await processInvoice(db, reception, row, now, policy);
      if (outcome === "parked" || outcome === "rechazado") options.logger?.warn({ documentId: row.id, outcome }, "comprobante electrónico no enviado");
    } catch (error) {
      options.logger?.error({ err: error, documentId: row.id }, "comprobante electrónico: no se pudo registrar el resultado");
    }
  }
  return rows.length;
}

/** Parked rows (refused credentials) go back in line: called when the sender starts. */
export async function unparkInvoices(db: Db, now: Date): Promise<number> {
  const rows = await db
    .update(d)
    .set({ nextAttemptAt: now, updatedAt: now })
    .where(and(inArray(d.state, ["pendiente", "enviado"]), isNull(d.nextAttemptAt)))
    .returning({ id: d.id });
  return rows.length;
}

export interface InvoiceSender {
  start(): void;
  /**
   * Stops polling and waits for the round under way, or until `deadline` aborts (the shutdown
   * limit): a claim left behind expires and is taken again; sending twice is harmless (Hacienda
   * answers "ya fue recibido" and its state is asked).
   */
  stop(deadline?: AbortSignal): Promise<void>;
  /** Handles everything due now (also what the poll and the wake-up call). */
  drain(): Promise<void>;
}

export const INVOICE_SENDER_POLL_MS = 5000;

export function createInvoiceSender(options: {
  db: Db;
  reception: HaciendaReception;
  logger?: FastifyBaseLogger;
  pollMs?: number;
  policy?: SenderPolicy;
  now?: () => Date;
  signal?: EventEmitter;
}): InvoiceSender {
  const { db, reception, logger } = options;
  const clock = options.now ?? (() => new Date());
  const signal = options.signal ?? invoiceSignal;
  let starting: Promise<void> | undefined;
  const loop = createDrainLoop({
    step: async () => (await processDueInvoices(db, reception, { now: clock(), policy: options.policy, logger })) > 0,
    pollMs: options.pollMs ?? INVOICE_SENDER_POLL_MS,
    wake: { emitter: signal, event: "issued" },
    onError: (error) => logger?.error({ err: error }, "comprobantes electrónicos: el envío falló"),
  });

  return {
    start() {
      if (starting) return;
      loop.start();
      starting = unparkInvoices(db, clock())
        .then((count) => {
          if (count > 0) logger?.info({ count }, "comprobantes electrónicos: reanudados los que esperaban credenciales");
        })
        .catch((error: unknown) => logger?.error({ err: error }, "comprobantes electrónicos: no se pudieron reanudar"))
        .then(() => loop.drain());
    },
    async stop(deadline) {
      const work = Promise.all([starting, loop.stop()]);
      await (deadline ? settledOrAborted(work, deadline) : work);
    },
    drain: loop.drain,
  };
}
