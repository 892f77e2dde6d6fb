// The Spanish WhatsApp texts: what staff and the outbox send to clients (welcome, status
// changes, contact replies) and the prefilled chats visitors open from the public pages.
// Kept here so the server's outbox and the panel's "Copiar mensaje" preview say the same thing.

import { CONTACT_REPLY_QUOTE_CHARS } from "./limits";
import { formatColones } from "./format";
import {
  ORIGIN_WAREHOUSE_PLACES,
  trackingStatusLabel,
  whatsappEntryStatusLabel,
  type Origin,
  type TrackingStatus,
  type WhatsappEntryStatus,
} from "./statuses";

export interface WelcomeMessageInput {
  nombre: string;
  clientCode: string;
  brandName: string;
}

export function welcomeMessage({ nombre, clientCode, brandName }: WelcomeMessageInput): string {
  return [
    `¡Hola ${nombre.trim()}! Te damos la bienvenida a ${brandName}. ¡Pura vida!`,
    `Tu código de cliente único es: ${clientCode}`,
    `Usa este código en tu dirección de Miami: escríbelo junto a tu nombre en cada compra ` +
      `(por ejemplo: ${nombre.trim()} ${clientCode}). Así identificamos tus paquetes apenas llegan a nuestra bodega.`,
    `Con el mismo código puedes ver tus paquetes y pre-alertarlos en la sección Rastreo de nuestra página.`,
    `Si tienes cualquier consulta, escríbenos por este medio.`,
  ].join("\n\n");
}

export interface StatusMessageInput<S> {
  nombre: string;
  trackingCode: string;
  estado: S;
  brandName: string;
}

const TRACKING_STATUS_SENTENCES: Record<TrackingStatus, (code: string, brandName: string, origin: Origin | null) => string> = {
  SEGUIMIENTO_INTERNACIONAL: (code) =>
    `Registramos tu paquete ${code}. Por ahora el seguimiento lo hace el courier internacional; ` +
    `actualizamos la información cada tarde.`,
  EN_BODEGA_MIAMI: (code, _brandName, origin) =>
    `Tu paquete ${code} ya llegó a nuestra bodega ${origin === null ? "de origen" : `en ${ORIGIN_WAREHOUSE_PLACES[origin]}`}. Pronto sale rumbo a Costa Rica.`,
  EN_ADUANAS: (code) =>
    `Tu paquete ${code} está en aduanas de Costa Rica. Te avisamos apenas sea liberado.`,
  EN_BODEGA_CR: (code) =>
    `Tu paquete ${code} ya está en nuestra bodega en Costa Rica y lo estamos preparando para la entrega.`,
  LISTO_PARA_ENTREGAR: (code) =>
    `¡Buenas noticias! Tu paquete ${code} está listo para entregar. ` +
    `Respóndenos por este medio para coordinar la entrega.`,
  ENTREGADO: (code, brandName) =>
    `Tu paquete ${code} fue entregado. ¡Gracias por confiar en ${brandName}!`,
};

/** The package's STORED amounts (client_trackings.total_colones, saldo_colones), never computed here. */
export interface AmountDue {
  totalColones: number | null;
  saldoColones: number;
}

/**
 * The amount line of the 'Listo para entregar' message (docs/decisions/139): "Monto a pagar: ₡12 345"
 * while something is due, "Ya está pagado." when it has an amount and nothing is due, null when
 * the package has no amount yet. Also the {{3}} of the WHATSAPP_TEMPLATE_READY template.
 */
export function amountDueText(amount: AmountDue | null | undefined): string | null {
  if (!amount) return null;
  if (amount.saldoColones > 0) return `Monto a pagar: ${formatColones(amount.saldoColones)}`;
  if ((amount.totalColones ?? 0) > 0) return "Ya está pagado.";
  return null;
}

/**
 * A client package's status change (TRACKING_STATUSES), in the words of the package's origin
 * ("En bodega China"; without one, the neutral "En bodega de origen"); `amount` is shown on
 * LISTO_PARA_ENTREGAR.
 */
export function trackingStatusMessage({
  nombre,
  trackingCode,
  estado,
  origen,
  brandName,
  amount,
}: StatusMessageInput<TrackingStatus> & { origen?: Origin | null; amount?: AmountDue | null }): string {
  const amountLine = estado === "LISTO_PARA_ENTREGAR" ? amountDueText(amount) : null;
  return [
    `Hola ${nombre.trim()}:`,
    TRACKING_STATUS_SENTENCES[estado](trackingCode, brandName, origen ?? null),
    ...(amountLine ? [amountLine] : []),
    `Estado: ${trackingStatusLabel(estado, origen ?? null)}`,
    brandName,
  ].join("\n\n");
}

const ENTRY_STATUS_SENTENCES: Record<WhatsappEntryStatus, (code: string, brandName: string) => string> = {
  PENDIENTE: (code) => `Recibimos tu código de tracking ${code}. Te avisaremos por aquí cada vez que cambie de estado.`,
  // An entry does not know where the package was bought: the warehouse is not named.
  EN_BODEGA_MIAMI: (code) => `Tu paquete ${code} ya llegó a nuestra bodega de origen. Pronto sale rumbo a Costa Rica.`,
  EN_TRANSITO: (code) => `Tu paquete ${code} va en tránsito hacia Costa Rica.`,
  EN_ADUANAS: (code) => `Tu paquete ${code} está en aduanas de Costa Rica. Te avisamos apenas sea liberado.`,
  EN_BODEGA_CR: (code) =>
    `Tu paquete ${code} ya está en nuestra bodega en Costa Rica y lo estamos preparando para la entrega.`,
  LISTO_PARA_ENTREGAR: (code) =>
    `¡Buenas noticias! Tu paquete ${code} está listo para entregar. ` +
    `Respóndenos por este medio para coordinar la entrega.`,
  ENTREGADO: (code, brandName) => `Tu paquete ${code} fue entregado. ¡Gracias por confiar en ${brandName}!`,
  CANCELADO: (code) =>
    `El seguimiento de tu paquete ${code} fue cancelado. Si no esperabas este cambio, escríbenos y lo revisamos.`,
};

/** A WhatsApp notice entry's status change (WHATSAPP_ENTRY_STATUSES). */
export function whatsappEntryStatusMessage({
  nombre,
  trackingCode,
  estado,
  brandName,
}: StatusMessageInput<WhatsappEntryStatus>): string {
  return [
    `Hola ${nombre.trim()}:`,
    ENTRY_STATUS_SENTENCES[estado](trackingCode, brandName),
    `Estado: ${whatsappEntryStatusLabel(estado)}`,
    brandName,
  ].join("\n\n");
}

/** The first 50 characters of a contact message, counted as people see them (not UTF-16 units). */
export function contactMessageQuote(mensaje: string): string {
  const chars = Array.from(mensaje.trim());
  const quote = chars.slice(0, CONTACT_REPLY_QUOTE_CHARS).join("");
  return chars.length > CONTACT_REPLY_QUOTE_CHARS ? `${quote}...` : quote;
}

/** The staff's 'Responder por WhatsApp' greeting (staff-side §2, §9). */
export function contactReplyMessage({ nombre, mensaje }: { nombre: string; mensaje: string }): string {
  return `Hola ${nombre.trim()}, gracias por contactarnos. Respecto a tu mensaje: "${contactMessageQuote(mensaje)}"`;
}

// Prefilled chats of the public pages (public-site §2, §7): in a file of their own, since the
// home page's first download opens them and needs nothing else of this one.
export {
  expertHelpMessage,
  founderContactMessage,
  purchaseInquiryMessage,
  quoteRequestMessage,
  teamContactMessage,
} from "./chat-messages";

/** The ready-for-delivery card's contact button on /rastreo. */
export function deliveryCoordinationMessage({
  nombre,
  clientCode,
  trackingCode,
}: {
  nombre: string;
  clientCode: string;
  trackingCode: string;
}): string {
  return `Hola, soy ${nombre.trim()} (código ${clientCode}). Mi paquete ${trackingCode} está listo para entregar y quisiera coordinar la entrega.`;
}
