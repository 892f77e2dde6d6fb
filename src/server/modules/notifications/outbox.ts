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
  /**
   * Template body parameters in order ({{1}}, {{2}}, …), kept with the message so a retry
   * sends the same. Stored as `payload.parameters`; messages.ts builds them per kind.
   */
  parameters?: string[];
  /** Extra provider data kept with the message. */
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
      payload: n.parameters ? { ...n.payload, parameters: n.parameters } : (n.payload ?? {}),
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

/** The template parameters stored with a message; a message without them sends its text as the one parameter. */
export function templateParametersOf(row: { payload: unknown; body: string }): string[] {
  const parameters = (row.payload as { parameters?: unknown } | null)?.parameters;
  if (Array.isArray(parameters) && parameters.every((p) => typeof p === "string")) return parameters;
  return [row.body];
}
