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

export const TRACKING_STATUS_LABELS: Record<TrackingStatus, string> = {
  SEGUIMIENTO_INTERNACIONAL: "Seguimiento internacional",
  EN_BODEGA_MIAMI: "En bodega Miami",
  EN_ADUANAS: "En aduanas",
  EN_BODEGA_CR: "En bodega Costa Rica",
  LISTO_PARA_ENTREGAR: "Listo para entregar",
  ENTREGADO: "Entregado",
};

/** The only status in which a client may edit or delete a package. */
export const CLIENT_EDITABLE_STATUS: TrackingStatus = "SEGUIMIENTO_INTERNACIONAL";

/** WhatsApp notice entries (the older estados). */
export const WHATSAPP_ENTRY_STATUSES = [
  "PENDIENTE",
  "RECIBIDO_MIAMI",
  "EN_TRANSITO",
  "ADUANAS_CR",
  "EN_BODEGA_CR",
  "LISTO_ENTREGA",
  "ENTREGADO",
  "CANCELADO",
] as const;
export type WhatsappEntryStatus = (typeof WHATSAPP_ENTRY_STATUSES)[number];

export const WHATSAPP_ENTRY_STATUS_LABELS: Record<WhatsappEntryStatus, string> = {
  PENDIENTE: "Pendiente",
  RECIBIDO_MIAMI: "Recibido en Miami",
  EN_TRANSITO: "En tránsito",
  ADUANAS_CR: "En aduanas CR",
  EN_BODEGA_CR: "En bodega CR",
  LISTO_ENTREGA: "Listo para entrega",
  ENTREGADO: "Entregado",
  CANCELADO: "Cancelado",
};

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

export const OUTBOX_STATUSES = ["PENDING", "SENDING", "SENT", "FAILED"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const NOTIFICATION_KINDS = ["WELCOME", "TRACKING_STATUS", "WHATSAPP_ENTRY_STATUS"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
