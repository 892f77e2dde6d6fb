// Sending what the outbox holds: claiming rows so that several app instances never send one
// message twice (UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)), handing them to the
// messaging provider, and recording the outcome: SENT, a later retry with back-off, or FAILED
// with the reason. A claim is a lease: a row left SENDING by a crashed instance is taken
// again once its lock expires.
import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { clients, notificationOutbox } from "../../db/schema";
import { sameWhatsappNumber } from "../../core/whatsapp-number";
import { optedOutSkipReason } from "../../../shared/domain/whatsapp";
import { CONSENT_REPLY_WINDOW_CLOSED, staffMayRetry } from "../../../shared/domain/whatsapp-outbox";
import { MessagingError, type MessagingProvider } from "../../providers/messaging";
import type { NotificationKind } from "../../../shared/domain/statuses";
import { isFreeTextReply, templateKeyOf, templateParametersOf } from "../../core/outbox";
import type { Actor } from "../../lib/actor";
import { recordAudit } from "../../core/audit/service";

export type OutboxRow = typeof notificationOutbox.$inferSelect;

export interface RetryPolicy {
  /** Wait before attempt n+1 after attempt n failed (the last value repeats). */
  backoffMs: readonly number[];
  /** After this many failed attempts the message is FAILED. */
  maxAttempts: number;
  /** How long a claim lasts; longer than any send can take (the adapter times out at 10 s). */
  lockSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  backoffMs: [30_000, 120_000, 600_000, 1_800_000, 7_200_000],
  maxAttempts: 6,
  lockSeconds: 60,
};

/** The longest wait a provider's Retry-After can impose (a wrong header must not park a message for weeks). */
export const MAX_RETRY_AFTER_MS = 86_400_000;

export type DeliveryOutcome = "SENT" | "RETRY" | "FAILED" | "SKIPPED" | "LOST_CLAIM";

const o = notificationOutbox;

function dueCondition() {
  return or(
    and(eq(o.status, "PENDING"), lte(o.nextAttemptAt, sql`now()`)),
    and(eq(o.status, "SENDING"), lt(o.lockedUntil, sql`now()`)),
  );
}

async function claim(db: Db, where: ReturnType<typeof and>, limit: number, lockSeconds: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: o.id })
    .from(o)
    .where(where)
    .orderBy(asc(o.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(o)
    .set({
      status: "SENDING",
      lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})`,
      attempts: sql`${o.attempts} + 1`,
    })
    .where(inArray(o.id, due))
    .returning();
}

/** Claims up to `limit` due messages for this instance. */
export function claimDueNotifications(db: Db, limit: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): Promise<OutboxRow[]> {
  return claim(db, dueCondition(), limit, policy.lockSeconds);
}

/** Claims one message if it is due and nobody else holds it. */
export async function claimNotification(db: Db, id: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): Promise<OutboxRow | undefined> {
  const [row] = await claim(db, and(eq(o.id, id), dueCondition()), 1, policy.lockSeconds);
  return row;
}

/** Sends one claimed message and records the outcome (only if the claim is still ours). */
export async function deliverClaimed(
  db: Db,
  provider: MessagingProvider,
  row: OutboxRow,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
  logger?: FastifyBaseLogger,
  signal?: AbortSignal,
): Promise<DeliveryOutcome> {
  // Our claim: same status and attempt count as when we took it (an expired lease re-taken by another instance changes both).
  const stillOurs = and(eq(o.id, row.id), eq(o.status, "SENDING"), eq(o.attempts, row.attempts));
  // Never to a client who wrote BAJA (decision 201): the message is kept, marked SKIPPED with why.
  // The answer to that BAJA itself goes (decision 214), but only inside the 24 hours it opened.
  const payload = (row.payload ?? {}) as Record<string, unknown>;
  const reply = row.kind === "CONSENT_REPLY";
  const optOutAt = reply ? null : await optedOutAtOf(db, row);
  const windowClosed = reply && !(typeof payload.windowEndsAt === "string" && Date.parse(payload.windowEndsAt) > Date.now());
  if (optOutAt || windowClosed) {
    const skipped = await db
      .update(o)
      .set({ status: "SKIPPED", lastError: optOutAt ? optedOutSkipReason(optOutAt) : CONSENT_REPLY_WINDOW_CLOSED, lockedUntil: null })
      .where(stillOurs)
      .returning({ id: o.id });
    logger?.info({ notificationId: row.id }, optOutAt ? "notification skipped: the client opted out" : "notification skipped: the 24-hour window closed");
    return skipped.length ? "SKIPPED" : "LOST_CLAIM";
  }
  try {
    const result = await provider.send({
      kind: row.kind as NotificationKind,
      template: templateKeyOf(row),
      templateName: typeof payload.template === "string" && row.kind === "SHIPMENT_NOTICE" ? payload.template : undefined,
      to: row.recipient,
      body: row.body,
      parameters: templateParametersOf(row),
      // The answer to BAJA / ALTA (decision 214) and a staff reply inside the window (decision 211).
      freeText: reply || isFreeTextReply(row),
      signal,
    });
    const updated = await db
      .update(o)
      .set({
        status: "SENT",
        sentAt: sql`now()`,
        providerMessageId: result.providerMessageId,
        lastError: null,
        lockedUntil: null,
        // Meta's reports of an earlier send (another wamid) no longer describe this one.
        deliveryStatus: null,
        deliveryStatusAt: null,
        deliveredAt: null,
        readAt: null,
        failedAt: null,
        errorCode: null,
        errorTitle: null,
      })
      .where(stillOurs)
      .returning({ id: o.id });
    return updated.length ? "SENT" : "LOST_CLAIM";
  } catch (error) {
    const retryable = error instanceof MessagingError ? error.retryable : true;
    const reason = error instanceof MessagingError ? error.message : `Error inesperado al enviar: ${String(error).slice(0, 200)}`;
    const exhausted = row.attempts >= policy.maxAttempts;
    // Meta's code of a refusal at send time, stored as a delivery report's would be: Bandeja de
    // salida names it and offers "Reintentar" only where it lets another try succeed.
    const metaCode = error instanceof MessagingError ? (error.metaCode ?? null) : null;
    const metaError = metaCode === null ? {} : { errorCode: metaCode, errorTitle: reason.slice(0, 500) };
    if (!retryable || exhausted) {
      logger?.warn({ notificationId: row.id, attempts: row.attempts, reason }, "notification failed");
      const updated = await db
        .update(o)
        .set({
          status: "FAILED",
          lastError: exhausted && retryable ? `${reason} (sin éxito tras ${row.attempts} intentos)` : reason,
          lockedUntil: null,
          ...metaError,
        })
        .where(stillOurs)
        .returning({ id: o.id });
      return updated.length ? "FAILED" : "LOST_CLAIM";
    }
    // The back-off, or longer when the provider said when to come back (Retry-After), within a day.
    const backoff = policy.backoffMs[Math.min(row.attempts - 1, policy.backoffMs.length - 1)] ?? 0;
    const asked = error instanceof MessagingError ? (error.retryAfterMs ?? 0) : 0;
    const wait = Math.max(backoff, Math.min(asked, MAX_RETRY_AFTER_MS));
    logger?.info({ notificationId: row.id, attempts: row.attempts, retryInMs: wait, reason }, "notification will be retried");
    const updated = await db
      .update(o)
      .set({
        status: "PENDING",
        lastError: reason,
        lockedUntil: null,
        ...metaError,
        nextAttemptAt: sql`now() + make_interval(secs => ${wait / 1000})`,
      })
      .where(stillOurs)
      .returning({ id: o.id });
    return updated.length ? "RETRY" : "LOST_CLAIM";
  }
}

/**
 * When the message's client, or a client holding its number, last wrote BAJA and has not written
 * ALTA since; null when the message may go (the partial index keeps this to the opted-out few).
 */
async function optedOutAtOf(db: Db, row: Pick<OutboxRow, "clientId" | "recipient">): Promise<Date | null> {
  const byNumber = sameWhatsappNumber(clients.telefono, row.recipient);
  const [hit] = await db
    .select({ at: clients.whatsappOptOutAt })
    .from(clients)
    .where(
      and(
        sql`${clients.whatsappOptOutAt} is not null`,
        sql`(${clients.whatsappOptInAt} is null or ${clients.whatsappOptOutAt} > ${clients.whatsappOptInAt})`,
        row.clientId === null ? byNumber : or(eq(clients.id, row.clientId), byNumber),
      ),
    )
    .limit(1);
  return hit?.at ?? null;
}

/** Claims one batch of due messages and sends them side by side; returns how many were claimed. */
export async function processDueBatch(
  db: Db,
  provider: MessagingProvider,
  options: { batchSize?: number; policy?: RetryPolicy; logger?: FastifyBaseLogger; signal?: AbortSignal } = {},
): Promise<number> {
  if (!provider.configured) return 0;
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const rows = await claimDueNotifications(db, options.batchSize ?? 10, policy);
  // Side by side, so a batch takes about one send time and stays well inside the lease.
  await Promise.all(rows.map((row) => deliverClaimed(db, provider, row, policy, options.logger, options.signal)));
  return rows.length;
}

/**
 * Tries to send one message now and says whether the provider accepted it within `budgetMs`
 * (the status-change call reports it). If a worker holds it, waits for that worker's outcome;
 * a send still under way when the budget runs out finishes in the background. With the
 * offline provider nothing is claimed and the answer is false.
 */
export async function sendNotificationNow(
  db: Db,
  provider: MessagingProvider,
  id: number,
  budgetMs: number,
  options: { policy?: RetryPolicy; logger?: FastifyBaseLogger } = {},
): Promise<boolean> {
  if (!provider.configured) return false;
  const deadline = Date.now() + budgetMs;
  const row = await claimNotification(db, id, options.policy);
  if (row) {
    const delivery = deliverClaimed(db, provider, row, options.policy, options.logger).catch((error: unknown) => {
      options.logger?.error({ err: error, notificationId: id }, "notification delivery could not be recorded");
      return "LOST_CLAIM" as const;
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outOfTime = new Promise<"TIMEOUT">((resolve) => {
      timer = setTimeout(() => resolve("TIMEOUT"), Math.max(0, deadline - Date.now()));
    });
    const outcome = await Promise.race([delivery, outOfTime]);
    clearTimeout(timer);
    return outcome === "SENT";
  }
  for (;;) {
    const [current] = await db.select({ status: o.status }).from(o).where(eq(o.id, id));
    if (!current) return false;
    if (current.status === "SENT") return true;
    if (current.status !== "SENDING" || Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, Math.max(0, deadline - Date.now()))));
  }
}

/**
 * Staff's "Reintentar" on a FAILED message: back to PENDING with a fresh count of attempts, due
 * now (the caller wakes the worker). Only a failed message can be retried, so a message that is
 * queued, under way or sent is never sent twice; and not one Meta failed with a permanent code
 * (decision 213: the same send would fail again).
 */
export async function retryFailedNotification(db: Db, id: number, actor: Actor): Promise<OutboxRow | "NOT_FOUND" | "NOT_FAILED" | "NOT_RETRYABLE"> {
  return db.transaction(async (tx) => {
    const [was] = await tx
      .select({ attempts: o.attempts, lastError: o.lastError, errorCode: o.errorCode })
      .from(o)
      .where(and(eq(o.id, id), eq(o.status, "FAILED")))
      .for("update");
    if (!was) {
      const [exists] = await tx.select({ id: o.id }).from(o).where(eq(o.id, id));
      return exists ? "NOT_FAILED" : "NOT_FOUND";
    }
    if (!staffMayRetry("FAILED", was.errorCode)) return "NOT_RETRYABLE";
    const [row] = await tx
      .update(o)
      .set({ status: "PENDING", attempts: 0, lastError: null, lockedUntil: null, nextAttemptAt: sql`now()` })
      .where(eq(o.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: "mensaje.reintentar",
      entity: "mensaje",
      entityId: id,
      summary: `${row.kind} · ${row.recipient}`,
      before: { status: "FAILED", attempts: was.attempts, lastError: was.lastError },
      after: { status: "PENDING", attempts: 0 },
    });
    return row;
  });
}
