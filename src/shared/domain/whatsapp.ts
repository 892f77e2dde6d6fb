// What Meta's WhatsApp webhook tells us, in the words staff read (issue 35, decisions 199-201):
// the delivery states of an outgoing message and their order, the Spanish reason of a failure
// code, which failures are worth another try, and the clients' BAJA / ALTA words.
import { formatDateTime } from "./format";

/** Meta's status reports of an accepted message (`statuses[].status`). */
export const WHATSAPP_DELIVERY_STATUSES = ["sent", "delivered", "read", "failed"] as const;
export type WhatsappDeliveryStatus = (typeof WHATSAPP_DELIVERY_STATUSES)[number];

/** Where a stored webhook event stands: waiting for the worker, applied, unreadable, or given up. */
export const WEBHOOK_EVENT_STATES = ["PENDING", "DONE", "UNPROCESSABLE", "FAILED"] as const;

/**
 * How far along a message is: a report only ever moves it forward, so reports that arrive out of
 * order (read before delivered, sent after failed) never move it back. A failure beats only
 * "sent": a message delivered or read did reach the client (decision 200).
 */
export const DELIVERY_RANK: Record<WhatsappDeliveryStatus, number> = { sent: 1, delivered: 2, failed: 2, read: 3 };

export function deliveryMovesForward(current: string | null, next: WhatsappDeliveryStatus): boolean {
  const now = current && current in DELIVERY_RANK ? DELIVERY_RANK[current as WhatsappDeliveryStatus] : 0;
  return DELIVERY_RANK[next] > now;
}

/** Meta's code for "this number cannot receive WhatsApp messages": the client is marked so staff call. */
export const UNREACHABLE_NUMBER_CODE = 131026;

/** The common failure codes of the Cloud API, as staff read them. */
const FAILURE_REASONS: Record<number, string> = {
  1: "Error temporal de WhatsApp; se reintentará.",
  2: "WhatsApp no está disponible por el momento; se reintentará.",
  4: "Se alcanzó el límite de solicitudes de la aplicación; se reintentará.",
  368: "La cuenta de WhatsApp está bloqueada temporalmente por infringir las políticas de Meta.",
  470: "El mensaje se envió fuera de la ventana de 24 horas y no era una plantilla.",
  80007: "Se alcanzó el límite de mensajes de la cuenta de WhatsApp; se reintentará.",
  130429: "Se alcanzó el límite de envío por segundo de WhatsApp; se reintentará.",
  130472: "Meta no entregó el mensaje: el número del cliente participa en un experimento de WhatsApp.",
  131000: "WhatsApp tuvo un error desconocido al enviar el mensaje; se reintentará.",
  131008: "Falta un dato obligatorio en el mensaje (revise la plantilla).",
  131016: "El servicio de WhatsApp no está disponible por el momento; se reintentará.",
  131026: "El número del cliente no puede recibir mensajes de WhatsApp (no tiene WhatsApp o no aceptó las condiciones). Llámelo por teléfono.",
  131047: "Pasaron más de 24 horas desde el último mensaje del cliente; solo se puede escribir con una plantilla aprobada.",
  131049: "Meta decidió no entregar el mensaje para cuidar la experiencia del cliente (demasiados mensajes recientes). Puede reintentarlo más tarde.",
  131051: "WhatsApp no admite este tipo de mensaje.",
  131056: "Se enviaron demasiados mensajes seguidos a este cliente; se reintentará.",
  131057: "La cuenta de WhatsApp está en mantenimiento; se reintentará.",
  132000: "La cantidad de datos no coincide con la plantilla aprobada.",
  132001: "La plantilla no existe en WhatsApp (o no en este idioma).",
  133004: "El servidor de WhatsApp no está disponible temporalmente; se reintentará.",
  133010: "El número de WhatsApp de la empresa no está registrado en la API de WhatsApp.",
};

/** The Spanish reason of a failure code; an unknown code gets a generic sentence with the code. */
export function whatsappFailureReason(code: number | null | undefined, title?: string | null): string {
  if (code !== null && code !== undefined && FAILURE_REASONS[code]) return FAILURE_REASONS[code];
  const codeText = code === null || code === undefined ? "sin código" : `código ${code}`;
  return `WhatsApp no pudo entregar el mensaje (${codeText}${title ? `: ${title}` : ""}).`;
}

/**
 * Failure codes after which another try can succeed (decision 200): throttling (4, 80007, 130429,
 * 131056) and temporary trouble on Meta's side (1, 2, 131000, 131016, 131057, 133004). Every
 * other failure (the number, the template, the policy, 131049's "not now" included) is final for
 * the automatic retries; staff can still press "Reintentar".
 */
export const WHATSAPP_RETRYABLE_FAILURE_CODES: ReadonlySet<number> = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 131057, 133004]);

export function isRetryableWhatsappFailure(code: number | null | undefined): boolean {
  return code !== null && code !== undefined && WHATSAPP_RETRYABLE_FAILURE_CODES.has(code);
}

/** BAJA / ALTA from a client's text: trimmed, any case, accents and closing punctuation tolerated. */
export function consentWordOf(text: string | null | undefined): "BAJA" | "ALTA" | null {
  if (!text) return null;
  const word = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .replace(/[.!¡¿?\s]+$/u, "")
    .replace(/^[¡¿\s]+/u, "")
    .toUpperCase();
  if (word === "BAJA" || word === "STOP") return "BAJA";
  if (word === "ALTA") return "ALTA";
  return null;
}

/** Whether a client's last consent word was BAJA (the later of the two times). */
export function isOptedOut(optOutAt: Date | string | null | undefined, optInAt: Date | string | null | undefined): boolean {
  if (!optOutAt) return false;
  if (!optInAt) return true;
  return new Date(optOutAt).getTime() > new Date(optInAt).getTime();
}

/** The reason recorded on a message never sent to an opted-out client. */
export function optedOutSkipReason(optOutAt: Date | string): string {
  return `No enviado: el cliente pidió no recibir mensajes (escribió BAJA el ${formatDateTime(optOutAt)}).`;
}

/** The lines staff read on a client's record about WhatsApp (decisions 200, 201); none when all is well. */
export function clientWhatsappNotices(client: {
  whatsappOptOutAt?: string | null;
  whatsappOptInAt?: string | null;
  whatsappUnreachableAt?: string | null;
  whatsappUnreachableCode?: number | null;
}): { text: string; tone: "danger" | "warning" }[] {
  const notices: { text: string; tone: "danger" | "warning" }[] = [];
  if (client.whatsappUnreachableAt) {
    notices.push({
      text: `Su número no recibe WhatsApp (código ${client.whatsappUnreachableCode ?? "?"}, ${formatDateTime(client.whatsappUnreachableAt)}): llámelo por teléfono.`,
      tone: "danger",
    });
  }
  if (isOptedOut(client.whatsappOptOutAt, client.whatsappOptInAt)) {
    notices.push({ text: `Pidió no recibir mensajes de WhatsApp: escribió BAJA el ${formatDateTime(client.whatsappOptOutAt)}.`, tone: "warning" });
  } else if (client.whatsappOptInAt && client.whatsappOptOutAt) {
    notices.push({ text: `Volvió a aceptar mensajes de WhatsApp: escribió ALTA el ${formatDateTime(client.whatsappOptInAt)}.`, tone: "warning" });
  }
  return notices;
}

/** What became of a client's file (decision 212): fetched and STORED, PENDING a try, FAILED for good, or SKIPPED (type or size not kept). */
export const MEDIA_STATES = ["PENDING", "STORED", "FAILED", "SKIPPED"] as const;
export type MediaState = (typeof MEDIA_STATES)[number];
