// One builder per message kind: the Spanish text people read (shared/domain/messages.ts) and
// the WhatsApp template parameters that go with it, so every module queues messages the same
// way. The parameter order is the contract with the approved templates (docs/decisions/042).
import { TRACKING_STATUS_LABELS, WHATSAPP_ENTRY_STATUS_LABELS, type TrackingStatus, type WhatsappEntryStatus } from "../../../shared/domain/statuses";
import { trackingStatusMessage, welcomeMessage, whatsappEntryStatusMessage } from "../../../shared/domain/messages";
import type { NewNotification } from "./outbox";

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
    parameters: [input.nombre.trim(), input.trackingCode, WHATSAPP_ENTRY_STATUS_LABELS[input.estado]],
  };
}

/** Template WHATSAPP_TEMPLATE_STATUS: {{1}} name, {{2}} tracking code, {{3}} status label. */
export function trackingStatusNotification(input: {
  clientId: number;
  trackingId: number;
  telefono: string;
  nombre: string;
  trackingCode: string;
  estado: TrackingStatus;
  brandName: string;
}): NewNotification {
  return {
    kind: "TRACKING_STATUS",
    recipient: input.telefono,
    clientId: input.clientId,
    trackingId: input.trackingId,
    body: trackingStatusMessage(input),
    parameters: [input.nombre.trim(), input.trackingCode, TRACKING_STATUS_LABELS[input.estado]],
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
    parameters: [input.nombre.trim(), input.clientCode],
  };
}
