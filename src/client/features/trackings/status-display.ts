// How each package state reads on its card (public-site §4 "Display"): a label, a colour and
// the message the spec asks for; ready-for-delivery also offers the WhatsApp button. The words
// follow the package's origin: a package from China is "En bodega China" (docs/decisions/157).

import { TRACKING_REFRESH_NOTE } from "../../../shared/domain/policies";
import { ORIGIN_WAREHOUSE_PLACES, trackingStatusLabel, type Origin, type TrackingStatus } from "../../../shared/domain/statuses";

export interface StatusDisplay {
  label: string;
  /** Badge classes (AA contrast on each background). */
  badge: string;
  message: string;
}

const DISPLAY: Record<TrackingStatus, { badge: string; message: (origin: Origin) => string }> = {
  SEGUIMIENTO_INTERNACIONAL: {
    badge: "bg-slate-100 text-slate-800",
    message: () => TRACKING_REFRESH_NOTE,
  },
  EN_BODEGA_MIAMI: {
    badge: "bg-blue-100 text-blue-900",
    message: (origin) => `Tu paquete ya está en nuestra bodega de ${ORIGIN_WAREHOUSE_PLACES[origin]}. Pronto saldrá rumbo a Costa Rica.`,
  },
  EN_ADUANAS: {
    badge: "bg-amber-100 text-amber-900",
    message: () => "Tu paquete está en proceso de aduanas en Costa Rica. Te avisaremos apenas sea liberado.",
  },
  EN_BODEGA_CR: {
    badge: "bg-indigo-100 text-indigo-900",
    message: () => "Tu paquete ya está en nuestra bodega en Costa Rica y lo estamos preparando para la entrega.",
  },
  LISTO_PARA_ENTREGAR: {
    badge: "bg-green-100 text-green-900",
    message: () => "¡Tu paquete está listo para entregar! Escríbenos por WhatsApp para coordinar la entrega.",
  },
  ENTREGADO: {
    badge: "bg-emerald-700 text-white",
    message: () => "Paquete entregado. ¡Gracias por confiar en nosotros!",
  },
};

/**
 * A package whose number waits in Sin dueño until staff confirm it is the client's
 * (docs/decisions/155): in place of its status, with nothing of the warehouse's receipt.
 */
export const VERIFYING_DISPLAY: StatusDisplay = {
  label: "Recibido, en verificación",
  badge: "bg-amber-100 text-amber-900",
  message: "Recibimos en bodega un paquete con este número. Estamos verificando que sea tuyo; te avisaremos por WhatsApp apenas lo confirmemos.",
};

export function statusDisplay(estado: TrackingStatus, origen: Origin): StatusDisplay {
  const { badge, message } = DISPLAY[estado];
  return { label: trackingStatusLabel(estado, origen), badge, message: message(origen) };
}
