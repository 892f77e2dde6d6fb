// What the webhook handler does with a signed body (decision 199): splits it into one event per
// status report and per incoming message, and stores each once (INSERT … ON CONFLICT DO NOTHING
// on its key), so Meta's retries of the same delivery change nothing. A body that is not JSON,
// or holds nothing we can apply, is kept as UNPROCESSABLE for a person to look at; it never
// fails the request (Meta would only retry it for days).
import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";
import type { DbOrTx } from "../../db/client";
import { whatsappWebhookEvents } from "../../db/schema";
import { WHATSAPP_DELIVERY_STATUSES } from "../../../shared/domain/whatsapp";

type NewEvent = typeof whatsappWebhookEvents.$inferInsert;

/** Wakes the webhook worker after events were stored. */
export const webhookSignal = new EventEmitter();

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A key within the column's 300 characters, whatever Meta's ids look like. */
function keyOf(kind: string, ...parts: string[]): string {
  const key = `${kind}:${parts.join(":")}`;
  return key.length <= 300 ? key : `${kind}:sha256:${sha256(key)}`;
}

/** The events of one webhook body (already known to be correctly signed). */
export function eventsOfBody(raw: string): NewEvent[] {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return [{ eventKey: keyOf("raw", sha256(raw)), kind: "raw", rawBody: raw, state: "UNPROCESSABLE", lastError: "El cuerpo no es JSON válido" }];
  }
  const events: NewEvent[] = [];
  const unusable = (item: unknown, why: string) =>
    events.push({ eventKey: keyOf("other", sha256(JSON.stringify(item))), kind: "other", payload: item as object, state: "UNPROCESSABLE", lastError: why });
  if (!isObject(body) || body.object !== "whatsapp_business_account") {
    unusable(body, "No es un evento de una cuenta de WhatsApp Business");
    return events;
  }
  for (const entry of list(body.entry)) {
    for (const change of list(isObject(entry) ? entry.changes : undefined)) {
      const value = isObject(change) ? change.value : undefined;
      if (!isObject(change) || change.field !== "messages" || !isObject(value)) {
        unusable(change, "Cambio que no usamos");
        continue;
      }
      const metadata = isObject(value.metadata) ? value.metadata : undefined;
      for (const status of list(value.statuses)) {
        if (
          isObject(status) &&
          typeof status.id === "string" &&
          typeof status.timestamp === "string" &&
          (WHATSAPP_DELIVERY_STATUSES as readonly unknown[]).includes(status.status)
        ) {
          events.push({ eventKey: keyOf("status", status.id, String(status.status)), kind: "status", payload: { status, metadata } });
        } else unusable(status, "Estado sin id, estado o fecha válidos");
      }
      const contacts = list(value.contacts).filter(isObject);
      for (const message of list(value.messages)) {
        if (isObject(message) && typeof message.id === "string" && typeof message.from === "string" && typeof message.timestamp === "string") {
          const contact = contacts.find((c) => c.wa_id === message.from) ?? (contacts.length === 1 ? contacts[0] : undefined);
          events.push({ eventKey: keyOf("message", message.id), kind: "message", payload: { message, contact, metadata } });
        } else unusable(message, "Mensaje sin id, remitente o fecha válidos");
      }
      if (list(value.statuses).length === 0 && list(value.messages).length === 0) unusable(change, "Cambio sin estados ni mensajes");
    }
  }
  if (events.length === 0) unusable(body, "Evento sin estados ni mensajes");
  return events;
}

/** Stores a body's events; returns how many were new (0 for a repeated delivery). */
export async function storeWebhookBody(db: DbOrTx, raw: string): Promise<number> {
  // One row per key even when a body repeats an item.
  const events = [...new Map(eventsOfBody(raw).map((e) => [e.eventKey, e])).values()];
  const stored = await db.insert(whatsappWebhookEvents).values(events).onConflictDoNothing({ target: whatsappWebhookEvents.eventKey }).returning({ id: whatsappWebhookEvents.id });
  if (stored.length > 0) webhookSignal.emit("stored");
  return stored.length;
}
