// The notification outbox: every WhatsApp message is written here in the same transaction as
// the change that causes it. A worker (worker.ts) sends it later through the messaging provider.
import { AsyncLocalStorage } from "node:async_hooks";
import { EventEmitter } from "node:events";
import type { Db, DbOrTx, Tx } from "../db/client";
import { notificationOutbox } from "../db/schema";
import { toWhatsappChatNumber } from "../../shared/domain/phone";
import type { TemplateKey } from "../providers/messaging/types";
import {
  ORIGINS,
  TRACKING_STATUSES,
  WHATSAPP_ENTRY_STATUSES,
  trackingStatusLabel,
  whatsappEntryStatusLabel,
  type NotificationKind,
  type Origin,
  type TrackingStatus,
  type WhatsappEntryStatus,
} from "../../shared/domain/statuses";

export interface NewNotification {
  kind: NotificationKind;
  /** Any phone form; stored as international digits (50688887777). */
  recipient: string;
  /** The message as the person reads it. */
  body: string;
  /**
   * The named facts the provider's template needs, kept with the message so a retry sends the
   * same: {nombre, clientCode} for WELCOME, {nombre, trackingCode, estado} for status changes
   * (and origen for a package's),
   * plus amountText on a priced 'Listo para entregar' (see templateParametersOf and
   * templateKeyOf; messages.ts builds them per kind).
   */
  payload?: Record<string, unknown>;
  /** Explicit template parameters in order ({{1}}, {{2}}, …), when the named facts do not fit. */
  parameters?: string[];
  clientId?: number | null;
  trackingId?: number | null;
  whatsappEntryId?: number | null;
  /** The Embarque of a notice to all its clients (decision 213). */
  shipmentId?: number | null;
  /** Written already decided (a notice to an opted-out client: SKIPPED with `skipReason`); default PENDING. */
  skipReason?: string;
}

/** Wakes the sending worker right after a commit, so the first try happens at once. */
export const outboxSignal = new EventEmitter();

/** Counts the messages queued inside the current inOutboxTransaction. */
const queuedInTransaction = new AsyncLocalStorage<{ queued: number }>();

/**
 * The one way a change that may send WhatsApp messages is written: `work` runs in one transaction
 * (the messages are queued with the change that causes them, by the builders of messages.ts), and
 * once it has committed, the worker is woken if anything was queued, so the first try happens at
 * once. `beforeWake` runs between the commit and the wake-up: the WhatsApp entry's status change
 * tries its message right there, before the worker could claim it.
 */
export async function inOutboxTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  beforeWake?: (result: T) => Promise<void>,
): Promise<T> {
  const scope = { queued: 0 };
  const result = await queuedInTransaction.run(scope, () => db.transaction(work));
  if (scope.queued > 0) {
    await beforeWake?.(result);
    wakeOutboxWorker();
  }
  return result;
}

export async function enqueueNotification(tx: DbOrTx, n: NewNotification): Promise<{ id: number }> {
  const [row] = await enqueueNotifications(tx, [n]);
  return row;
}

/** Many messages in one multi-row insert per 500 (an import's status changes); ids in input order. */
export async function enqueueNotifications(tx: DbOrTx, list: NewNotification[]): Promise<{ id: number }[]> {
  const scope = queuedInTransaction.getStore();
  if (scope) scope.queued += list.filter((n) => !n.skipReason).length;
  const ids: { id: number }[] = [];
  for (let i = 0; i < list.length; i += 500) {
    const rows = await tx
      .insert(notificationOutbox)
      .values(
        list.slice(i, i + 500).map((n) => ({
          kind: n.kind,
          recipient: toWhatsappChatNumber(n.recipient).slice(0, 20),
          body: n.body,
          payload: n.parameters ? { ...n.payload, parameters: n.parameters } : (n.payload ?? {}),
          clientId: n.clientId ?? null,
          trackingId: n.trackingId ?? null,
          whatsappEntryId: n.whatsappEntryId ?? null,
          shipmentId: n.shipmentId ?? null,
          ...(n.skipReason ? { status: "SKIPPED", lastError: n.skipReason } : {}),
        })),
      )
      .returning({ id: notificationOutbox.id });
    // A multi-row INSERT … RETURNING answers in the order of its VALUES; the ids are serial.
    ids.push(...rows.sort((a, b) => a.id - b.id));
  }
  return ids;
}

/** After a commit that queued messages (inOutboxTransaction calls it; tests may too). */
export function wakeOutboxWorker(): void {
  outboxSignal.emit("enqueued");
}

/**
 * The template body parameters of a stored message, in the order the approved templates
 * expect (docs/decisions/042): explicit `payload.parameters`, else built from the named
 * fields every module stores — WELCOME {nombre, clientCode}; TRACKING_STATUS and
 * WHATSAPP_ENTRY_STATUS {nombre, trackingCode, estado}; the 'ready' template (templateKeyOf)
 * {nombre, trackingCode, amountText} — else the text itself.
 */
export function templateParametersOf(row: { kind: string; payload?: unknown; body: string }): string[] {
  const p = (row.payload ?? {}) as Record<string, unknown>;
  if (Array.isArray(p.parameters) && p.parameters.every((v) => typeof v === "string")) return p.parameters;
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  if (row.kind === "WELCOME" && text(p.nombre) && text(p.clientCode)) return [text(p.nombre), text(p.clientCode)];
  if (row.kind === "STAFF_REPLY") return [text(p.nombre) || "cliente"];
  if (templateKeyOf(row) === "ready") return [text(p.nombre), text(p.trackingCode), text(p.amountText)];
  if (text(p.nombre) && text(p.trackingCode) && typeof p.estado === "string") {
    // The label in the words of the package's origin (docs/decisions/157); a message queued before
    // payloads carried the origin was written with the Miami words, and its parameter says the same.
    const origin: Origin = (ORIGINS as readonly unknown[]).includes(p.origen) ? (p.origen as Origin) : "USA";
    const label =
      row.kind === "TRACKING_STATUS" && (TRACKING_STATUSES as readonly string[]).includes(p.estado)
        ? trackingStatusLabel(p.estado as TrackingStatus, origin)
        : row.kind === "WHATSAPP_ENTRY_STATUS" && (WHATSAPP_ENTRY_STATUSES as readonly string[]).includes(p.estado)
          ? whatsappEntryStatusLabel(p.estado as WhatsappEntryStatus)
          : undefined;
    if (label) return [text(p.nombre), text(p.trackingCode), label];
  }
  return [row.body];
}

/** A staff reply inside the 24-hour window goes as free text, not a template (decision 211). */
export function isFreeTextReply(row: { kind: string; payload?: unknown }): boolean {
  return row.kind === "STAFF_REPLY" && (row.payload as { freeText?: unknown } | null)?.freeText === true;
}

/**
 * Which approved template a stored message uses: 'ready' (WHATSAPP_TEMPLATE_READY) for a
 * package's 'Listo para entregar' that carries the amount due (payload.amountText), else the
 * template of its kind.
 */
export function templateKeyOf(row: { kind: string; payload?: unknown }): TemplateKey {
  const p = (row.payload ?? {}) as Record<string, unknown>;
  if (row.kind === "WELCOME") return "welcome";
  if (row.kind === "WHATSAPP_ENTRY_STATUS") return "entryStatus";
  if (row.kind === "STAFF_REPLY") return "reply";
  const ready = p.estado === "LISTO_PARA_ENTREGAR" && typeof p.amountText === "string" && p.amountText.trim() !== "";
  return ready && typeof p.nombre === "string" && typeof p.trackingCode === "string" ? "ready" : "status";
}
