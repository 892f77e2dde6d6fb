// One builder per message kind: the Spanish text people read (shared/domain/messages.ts) and
// the named facts the WhatsApp template is filled with (outbox.ts templateParametersOf turns
// them into the ordered parameters of the approved templates, docs/decisions/042).
import type { Origin, TrackingStatus, WhatsappEntryStatus } from "../../../shared/domain/statuses";
import {
  amountDueText,
  trackingStatusMessage,
  welcomeMessage,
  whatsappEntryStatusMessage,
  type AmountDue,
} from "../../../shared/domain/messages";
import type { NewNotification } from "../../core/outbox";

/** Template WHATSAPP_TEMPLATE_ENTRY_STATUS: {{1}} name, {{2}} tracking code, {{3}} status label. */
export function whatsappEntryStatusNotification(input: {
  entryId: number;
  whatsapp: string;
  nombre: string;
  trackingCode: string;
  estado: WhatsappEntryStatus;
  brandName: string;
}): NewNotification {
  return {
    kind: "WHATSAPP_ENTRY_STATUS",
    recipient: input.whatsapp,
    whatsappEntryId: input.entryId,
    body: whatsappEntryStatusMessage(input),
    payload: { nombre: input.nombre.trim(), trackingCode: input.trackingCode, estado: input.estado },
  };
}

/**
 * Template WHATSAPP_TEMPLATE_STATUS: {{1}} name, {{2}} tracking code, {{3}} status label in the
 * words of the package's origin (payload.origen: "En bodega China", docs/decisions/157); on
 * LISTO_PARA_ENTREGAR with an amount (the package's stored total and saldo after its coupon),
 * template WHATSAPP_TEMPLATE_READY: {{1}} name, {{2}} tracking code, {{3}} amount text
 * (payload.amountText, docs/decisions/139).
 */
export function trackingStatusNotification(input: {
  clientId: number;
  trackingId: number;
  telefono: string;
  nombre: string;
  trackingCode: string;
  estado: TrackingStatus;
  origen: Origin;
  brandName: string;
  amount?: AmountDue | null;
}): NewNotification {
  const amountText = input.estado === "LISTO_PARA_ENTREGAR" ? amountDueText(input.amount) : null;
  return {
    kind: "TRACKING_STATUS",
    recipient: input.telefono,
    clientId: input.clientId,
    trackingId: input.trackingId,
    body: trackingStatusMessage(input),
    payload: {
      nombre: input.nombre.trim(),
      trackingCode: input.trackingCode,
      estado: input.estado,
      origen: input.origen,
      ...(amountText ? { amountText } : {}),
    },
  };
}

/** Template WHATSAPP_TEMPLATE_WELCOME: {{1}} name, {{2}} client code. */
export function welcomeNotification(input: {
  clientId: number;
  telefono: string;
  nombre: string;
  clientCode: string;
  brandName: string;
}): NewNotification {
  return {
    kind: "WELCOME",
    recipient: input.telefono,
    clientId: input.clientId,
    body: welcomeMessage(input),
    payload: { nombre: input.nombre.trim(), clientCode: input.clientCode },
  };
}
