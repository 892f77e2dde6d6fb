// The three status families of the specs, with their Spanish labels, plus the smaller
// state sets (referrals, coupons, notices, welcome message, outbox).

/** Client packages (public-site §4, staff-side §4). */
export const TRACKING_STATUSES = [
  "SEGUIMIENTO_INTERNACIONAL",
  "EN_BODEGA_MIAMI",
  "EN_ADUANAS",
  "EN_BODEGA_CR",
  "LISTO_PARA_ENTREGAR",
  "ENTREGADO",
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** The five statuses the admin panel offers (staff-side §4); EN_BODEGA_CR is stored data only. */
export const ADMIN_TRACKING_STATUSES = [
  "SEGUIMIENTO_INTERNACIONAL",
  "EN_BODEGA_MIAMI",
  "EN_ADUANAS",
  "LISTO_PARA_ENTREGAR",
  "ENTREGADO",
] as const satisfies readonly TrackingStatus[];

/**
 * One vocabulary (issue 32, docs/decisions/157): every screen, export, message and audit summary
 * names a status through trackingStatusLabel / whatsappEntryStatusLabel. The stored codes stay
 * (EN_BODEGA_MIAMI is an identifier: a package from China also sits in "EN_BODEGA_MIAMI", its
 * origin's warehouse); the words follow the package's origin.
 */
export const ORIGIN_WAREHOUSE_PLACES = { USA: "Miami", CHINA: "China" } as const satisfies Record<Origin, string>;

/** The words where no package is at hand (filters, legends, the WhatsApp entries): the neutral form. */
export const TRACKING_STATUS_LABELS: Record<TrackingStatus, string> = {
  SEGUIMIENTO_INTERNACIONAL: "Seguimiento internacional",
  EN_BODEGA_MIAMI: "En bodega de origen",
  EN_ADUANAS: "En aduanas",
  EN_BODEGA_CR: "En bodega Costa Rica",
  LISTO_PARA_ENTREGAR: "Listo para entregar",
  ENTREGADO: "Entregado",
};

/**
 * A package's status as people read it: "En bodega Miami" for a package from the USA,
 * "En bodega China" for one from China, the neutral "En bodega de origen" when the origin is not
 * known (null); every other status reads the same from both origins. Stored rows may be passed
 * as they are (an unknown code reads as itself, an unknown origin as the neutral form).
 */
export function trackingStatusLabel(status: TrackingStatus | (string & {}), origin: Origin | (string & {}) | null): string {
  if (status === "EN_BODEGA_MIAMI" && origin !== null && Object.hasOwn(ORIGIN_WAREHOUSE_PLACES, origin)) {
    return `En bodega ${ORIGIN_WAREHOUSE_PLACES[origin as Origin]}`;
  }
  return Object.hasOwn(TRACKING_STATUS_LABELS, status) ? TRACKING_STATUS_LABELS[status as TrackingStatus] : status;
}

/** The only status in which a client may edit or delete a package. */
export const CLIENT_EDITABLE_STATUS: TrackingStatus = "SEGUIMIENTO_INTERNACIONAL";

/**
 * WhatsApp notice entries (the older estados). Where an entry's step is a package's step it
 * carries the package's code and words (migration 0019 renamed RECIBIDO_MIAMI, ADUANAS_CR and
 * LISTO_ENTREGA, docs/decisions/157); an entry has no origin, so it reads the neutral form.
 */
export const WHATSAPP_ENTRY_STATUSES = [
  "PENDIENTE",
  "EN_BODEGA_MIAMI",
  "EN_TRANSITO",
  "EN_ADUANAS",
  "EN_BODEGA_CR",
  "LISTO_PARA_ENTREGAR",
  "ENTREGADO",
  "CANCELADO",
] as const;
export type WhatsappEntryStatus = (typeof WHATSAPP_ENTRY_STATUSES)[number];

/** The entry codes before migration 0019 and the code each became. */
export const LEGACY_WHATSAPP_ENTRY_STATUSES = {
  RECIBIDO_MIAMI: "EN_BODEGA_MIAMI",
  ADUANAS_CR: "EN_ADUANAS",
  LISTO_ENTREGA: "LISTO_PARA_ENTREGAR",
} as const satisfies Record<string, WhatsappEntryStatus>;

const ENTRY_ONLY_LABELS = { PENDIENTE: "Pendiente", EN_TRANSITO: "En tránsito", CANCELADO: "Cancelado" } as const;

function isTrackingStatus(s: string): s is TrackingStatus {
  return (TRACKING_STATUSES as readonly string[]).includes(s);
}

/** An entry's status as people read it: a package's step in the package's (neutral) words. */
export function whatsappEntryStatusLabel(status: WhatsappEntryStatus): string {
  return isTrackingStatus(status) ? trackingStatusLabel(status, null) : ENTRY_ONLY_LABELS[status];
}

export const WHATSAPP_ENTRY_STATUS_LABELS = Object.fromEntries(
  WHATSAPP_ENTRY_STATUSES.map((s) => [s, whatsappEntryStatusLabel(s)]),
) as Record<WhatsappEntryStatus, string>;

/** Traditional (legacy) tracking notices. */
export const NOTICE_STATUSES = ["PENDIENTE", "EN_PROCESO", "COMPLETADO", "CANCELADO"] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
export const NOTICE_STATUS_LABELS: Record<NoticeStatus, string> = {
  PENDIENTE: "Pendiente",
  EN_PROCESO: "En proceso",
  COMPLETADO: "Completado",
  CANCELADO: "Cancelado",
};

export const REFERRAL_STATUSES = ["PENDIENTE", "REGISTRADO", "COMPLETADO"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  PENDIENTE: "Pendiente",
  REGISTRADO: "Registrado",
  COMPLETADO: "Completado",
};

export const COUPON_STATUSES = ["DISPONIBLE", "USADO", "EXPIRADO"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export const COUPON_STATUS_LABELS: Record<CouponStatus, string> = {
  DISPONIBLE: "Disponible",
  USADO: "Usado",
  EXPIRADO: "Expirado",
};

export const WELCOME_STATES = ["PENDIENTE", "ENVIADO"] as const;
export type WelcomeState = (typeof WELCOME_STATES)[number];
export const WELCOME_STATE_LABELS: Record<WelcomeState, string> = { PENDIENTE: "Pendiente", ENVIADO: "Enviado" };

export const ORIGINS = ["USA", "CHINA"] as const;
export type Origin = (typeof ORIGINS)[number];
export const SHIPPING_TYPES = ["AVION", "BARCO"] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];
export const SHIPPING_TYPE_LABELS: Record<ShippingType, string> = { AVION: "Avión", BARCO: "Barco" };

/** SKIPPED: never sent because the client opted out ("BAJA", decision 201); the reason is in last_error. */
export const OUTBOX_STATUSES = ["PENDING", "SENDING", "SENT", "FAILED", "SKIPPED"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
/**
 * SHIPMENT_NOTICE: staff's notice to every client of an Embarque; CONSENT_REPLY: the answer to BAJA / ALTA (decision 213).
 * STAFF_REPLY: staff answering a client in Conversaciones (free text, or the reply template; decision 211).
 */
export const NOTIFICATION_KINDS = ["WELCOME", "TRACKING_STATUS", "WHATSAPP_ENTRY_STATUS", "SHIPMENT_NOTICE", "CONSENT_REPLY", "STAFF_REPLY"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
