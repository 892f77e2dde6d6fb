// The notification outbox: every WhatsApp message is written here in the same transaction as
// the change that causes it. A worker (worker.ts) sends it later through the messaging provider.
import { EventEmitter } from "node:events";
import type { DbOrTx } from "../../db/client";
import { notificationOutbox } from "../../db/schema";
import { toWhatsappChatNumber } from "../../../shared/domain/phone";
import type { NotificationKind } from "../../../shared/domain/statuses";

export interface NewNotification {
  kind: NotificationKind;
  /** Any phone form; stored as international digits (50688887777). */
  recipient: string;
  /** The message as the person reads it. */
  body: string;
  /** Template parameters for the provider (kept with the message so a retry sends the same). */
  payload?: Record<string, unknown>;
  clientId?: number | null;
  trackingId?: number | null;
  whatsappEntryId?: number | null;
}

/** Wakes the sending worker right after a commit, so the first try happens at once. */
export const outboxSignal = new EventEmitter();

export async function enqueueNotification(tx: DbOrTx, n: NewNotification): Promise<{ id: number }> {
  const [row] = await tx
    .insert(notificationOutbox)
    .values({
      kind: n.kind,
      recipient: toWhatsappChatNumber(n.recipient).slice(0, 20),
      body: n.body,
      payload: n.payload ?? {},
      clientId: n.clientId ?? null,
      trackingId: n.trackingId ?? null,
      whatsappEntryId: n.whatsappEntryId ?? null,
    })
    .returning({ id: notificationOutbox.id });
  return row;
}

/** Call after the transaction that enqueued messages has committed. */
export function wakeOutboxWorker(): void {
  outboxSignal.emit("enqueued");
}
