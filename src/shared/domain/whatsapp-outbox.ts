// The outbox as staff see it (issue 35 item 5, decision 213): the states they filter by, the
// templates a message went out with, which failures staff may send again, the notices to all the
// clients of an Embarque, and the answer a client gets to BAJA / ALTA (decision 214).
import { isRetryableWhatsappFailure } from "./whatsapp";
import type { OutboxStatus } from "./statuses";

/** The states of the outbox screen's filter (Meta's reports split "sent" into its steps). */
export const OUTBOX_FILTER_STATES = ["EN_COLA", "ENVIADO", "ENTREGADO", "LEIDO", "FALLIDO", "OMITIDO"] as const;
export type OutboxFilterState = (typeof OUTBOX_FILTER_STATES)[number];
export const OUTBOX_FILTER_STATE_LABELS: Record<OutboxFilterState, string> = {
  EN_COLA: "En cola",
  ENVIADO: "Enviado",
  ENTREGADO: "Entregado",
  LEIDO: "Leído",
  FALLIDO: "Falló",
  OMITIDO: "No enviado (omitido)",
};

/**
 * The notices staff may send to every client of an Embarque. Each is a WhatsApp template that
 * must be approved in the WhatsApp Manager under `name` (language WHATSAPP_TEMPLATE_LANGUAGE)
 * with the body `Hola {{1}}, <phrase>. Sus paquetes: {{2}}.`: {{1}} the client's name, {{2}} the
 * tracking numbers of their packages in that Embarque.
 */
export const SHIPMENT_NOTICE_TEMPLATES = [
  { key: "embarque_llego_cr", label: "Llegó a Costa Rica", phrase: "su embarque llegó a Costa Rica y pronto pasará por aduanas" },
  { key: "embarque_en_aduana", label: "En aduanas", phrase: "su embarque está en revisión de aduanas en Costa Rica" },
  { key: "embarque_listo_retiro", label: "Listo para retirar o entregar", phrase: "su embarque ya está en nuestra bodega y sus paquetes están listos para retirar o entregar" },
  { key: "embarque_retraso", label: "Retraso", phrase: "su embarque tiene un retraso; le avisaremos apenas llegue" },
] as const;
export type ShipmentNoticeTemplate = (typeof SHIPMENT_NOTICE_TEMPLATES)[number]["key"];
export const SHIPMENT_NOTICE_TEMPLATE_KEYS = SHIPMENT_NOTICE_TEMPLATES.map((t) => t.key) as [ShipmentNoticeTemplate, ...ShipmentNoticeTemplate[]];

export function shipmentNoticeTemplate(key: string) {
  return SHIPMENT_NOTICE_TEMPLATES.find((t) => t.key === key);
}

/** The message a client reads, as stored with the notice (the template's body with its two values). */
export function shipmentNoticeText(key: ShipmentNoticeTemplate, nombre: string, trackingCodes: string): string {
  const template = shipmentNoticeTemplate(key);
  return `Hola ${nombre}, ${template?.phrase ?? "hay novedades de su embarque"}. Sus paquetes: ${trackingCodes}.`;
}

/** The same notice of the same Embarque is not queued twice within this window (a double click, a second person). */
export const SHIPMENT_NOTICE_REPEAT_HOURS = 24;

/** Every template the outbox screen can filter by: the kinds' own templates and the Embarque notices. */
export const OUTBOX_TEMPLATE_LABELS: Record<string, string> = {
  bienvenida: "Bienvenida",
  estado_paquete: "Estado de paquete",
  estado_tracking: "Estado de código WhatsApp",
  respuesta_baja_alta: "Respuesta a BAJA / ALTA",
  ...Object.fromEntries(SHIPMENT_NOTICE_TEMPLATES.map((t) => [t.key, `Embarque: ${t.label}`])),
};
export const OUTBOX_TEMPLATE_KEYS = Object.keys(OUTBOX_TEMPLATE_LABELS) as [string, ...string[]];

/**
 * Whether staff may press "Reintentar" on a message (decision 213): only a FAILED one, and only
 * when Meta's code says another try can succeed (the automatic retry codes, and 131049, Meta's
 * "not now"), or when there is no Meta code (our own send was refused or ran out of attempts).
 * A permanent code (the number, the 24-hour window, the template, the policy) is never retried.
 */
export function staffMayRetry(status: OutboxStatus, errorCode: number | null | undefined): boolean {
  if (status !== "FAILED") return false;
  if (errorCode === null || errorCode === undefined) return true;
  return isRetryableWhatsappFailure(errorCode) || errorCode === 131049;
}

/** The answer to a client's BAJA / ALTA, free text inside the 24 hours their message opened (decision 214). */
export const CONSENT_REPLY_TEXTS = {
  BAJA: "Listo: no le enviaremos más avisos por WhatsApp. Si desea recibirlos de nuevo, escriba ALTA.",
  ALTA: "Listo: volverá a recibir por WhatsApp los avisos de sus paquetes. Si desea dejar de recibirlos, escriba BAJA.",
} as const;

/** Meta's customer-service window: free text only within 24 hours of the client's last message. */
export const CUSTOMER_SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Why a notice of an Embarque is not sent to a client. */
export const SHIPMENT_NOTICE_SKIP_REASONS = {
  optedOut: "No enviado: el cliente pidió no recibir mensajes (escribió BAJA).",
  unreachable: "No enviado: el número del cliente no puede recibir WhatsApp; llámelo por teléfono.",
  noPhone: "No enviado: el cliente no tiene número de teléfono.",
} as const;

export const CONSENT_REPLY_WINDOW_CLOSED = "No enviado: pasaron más de 24 horas desde el mensaje del cliente (solo se puede responder con texto libre dentro de ese plazo).";
