// A client's packages in the portal (/rastreo): the lookup answer, pre-alert, edit and delete
// (public-site §3, §4, §5, §7, §8), with their Spanish messages. The admin panel reuses the
// tracking-code rule.
import { z } from "../validation";
import { ORIGINS, SHIPPING_TYPES, TRACKING_STATUSES, trackingStatusLabel, type Origin, type TrackingStatus } from "../domain/statuses";
import { ZClientCodeSchema, ZClientTrackingsQuerySchema } from "./clients";
import { ZPortalTaxIdSchema } from "./tax-id";
import { defineRoute } from "./contract";
import { CHARGE_LINE_KINDS } from "../domain/charges";
import { ZClientPaymentProofSchema } from "./payments";
import {
  parseDeclaredValueText,
  ZDeclaredContentSchema,
  ZDeclaredStoreSchema,
  ZDeclaredValueUsdSchema,
  ZDeclaredValueUsdTextSchema,
  ZDiscrepancySchema,
} from "./declared";
import { ZInvoiceUploadSchema, ZPackageInvoiceSchema } from "./purchase-invoices";

export const TRACKING_CODE_MAX = 64;
export const TRACKING_CODE_REQUIRED = "Código de tracking es requerido";
export const TRACKING_CODE_INVALID = `El código de tracking solo puede tener letras, números y guiones (máximo ${TRACKING_CODE_MAX} caracteres)`;

/**
 * How a tracking code is stored: trimmed, uppercased, inner spaces removed (people paste
 * "1Z 999 AA1 …"); then only A–Z, 0–9 and "-", at most 64 characters.
 */
export function normalizeTrackingCode(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, "");
}

export const ZTrackingCodeSchema = z
  .string({ error: TRACKING_CODE_REQUIRED })
  .transform(normalizeTrackingCode)
  .pipe(
    z
      .string()
      .min(1, TRACKING_CODE_REQUIRED)
      .max(TRACKING_CODE_MAX, TRACKING_CODE_INVALID)
      .regex(/^[A-Z0-9-]+$/, TRACKING_CODE_INVALID),
  );

export const ORIGIN_INVALID = "El origen debe ser USA o CHINA";
export const SHIPPING_TYPE_INVALID = "La forma de envío debe ser AVION o BARCO";
export const ORIGIN_LABELS = { USA: "Estados Unidos", CHINA: "China" } as const;

/**
 * Pre-alert and client edit share one body (public-site §3), plus what the client may declare
 * (issue 32 item 5): content, value in USD and store — optional; on an edit an absent field stays.
 */
export const ZPreAlertRequestSchema = z.object({
  clientCode: ZClientCodeSchema,
  trackingCode: ZTrackingCodeSchema,
  origen: z.enum(ORIGINS, { error: ORIGIN_INVALID }).default("USA"),
  formaEnvio: z.enum(SHIPPING_TYPES, { error: SHIPPING_TYPE_INVALID }).default("AVION"),
  descripcionPaquete: ZDeclaredContentSchema,
  valorDeclarado: ZDeclaredValueUsdSchema,
  tiendaOrigen: ZDeclaredStoreSchema,
});
export type TPreAlertRequest = z.infer<typeof ZPreAlertRequestSchema>;

/** The portal's dialog: the same body, with the declared value as typed ("49,99"; blank: none). */
export const ZPreAlertFormSchema = ZPreAlertRequestSchema.extend({
  valorDeclarado: ZDeclaredValueUsdTextSchema.transform((v) => (v === "" ? null : parseDeclaredValueText(v))),
});
export type TPreAlertForm = z.input<typeof ZPreAlertFormSchema>;

/** The pre-alert's body also takes the purchase invoice already uploaded (issue 36 item 2; the edit does not). */
export const ZPreAlertCreateRequestSchema = ZPreAlertRequestSchema.extend({ factura: ZInvoiceUploadSchema.nullish() });
export type TPreAlertCreateRequest = z.infer<typeof ZPreAlertCreateRequestSchema>;


export const ZDeleteClientTrackingRequestSchema = z.object({ clientCode: ZClientCodeSchema });

export const TRACKING_ID_INVALID = "Identificador de paquete inválido";
export const ZTrackingIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: TRACKING_ID_INVALID })
    .int(TRACKING_ID_INVALID)
    .min(1, TRACKING_ID_INVALID)
    .max(2_147_483_647, TRACKING_ID_INVALID),
});

export const ZTrackingHistoryEntrySchema = z.object({
  /** Null: the package was created. */
  previousStatus: z.enum(TRACKING_STATUSES).nullable(),
  newStatus: z.enum(TRACKING_STATUSES),
  changedAt: z.string(),
});

/** Kinds of photo the client sees as the package's arrival photos. */
export const CLIENT_PHOTO_KINDS = ["LLEGADA", "ETIQUETA"] as const;

export const ZClientPackagePhotoSchema = z.object({
  url: z.string(),
  kind: z.enum(CLIENT_PHOTO_KINDS),
  createdAt: z.string(),
});

export const ZClientDeliverySchema = z.object({
  recibidoPor: z.string(),
  deliveredAt: z.string(),
  photoUrl: z.string().nullable(),
  signatureUrl: z.string().nullable(),
});

// The package card's photos and proof of delivery (issue 20).
export const ARRIVAL_PHOTOS_TITLE = "Fotos en bodega";
export const PHOTO_OPEN_LABEL = "Ver foto más grande";
export const DELIVERY_PHOTO_ALT = "Foto de la entrega del paquete";
export const DELIVERY_SIGNATURE_ALT = "Firma de quien recibió el paquete";

/** The alt text of an arrival photo: what it shows, which one of how many. */
export function arrivalPhotoAlt(kind: (typeof CLIENT_PHOTO_KINDS)[number], index: number, count: number): string {
  const what = kind === "ETIQUETA" ? "Etiqueta del paquete" : "Foto del paquete al llegar a la bodega";
  return count > 1 ? `${what} (${index + 1} de ${count})` : what;
}

export function deliveredToText(recibidoPor: string, when: string): string {
  return `Entregado a ${recibidoPor} el ${when}`;
}

/** A line of a package's charge (shared/domain/charges.ts chargeLines over the stored values). */
export const ZChargeLineSchema = z.object({
  kind: z.enum(CHARGE_LINE_KINDS),
  description: z.string(),
  /** Colones; the discount is negative. */
  amountColones: z.number().int(),
});

/** What a package costs and what is paid: the STORED columns (issue 21, decisions 134 and 135). */
export const ZClientChargeSchema = z.object({
  lineas: z.array(ZChargeLineSchema),
  totalColones: z.number().int(),
  pagadoColones: z.number().int(),
  /** total − paid; negative: paid more (saldo a favor). */
  saldoColones: z.number().int(),
});
export type TClientCharge = z.infer<typeof ZClientChargeSchema>;

/** The client's statement (issue 21): what is due over all packages and the receipts sent. */
export const ZClientStatementSchema = z.object({
  /** The sum of the packages' positive balances. */
  totalPendienteColones: z.number().int(),
  /** Newest first, at most 20 (payments.ts PROOFS_LISTED_MAX). */
  comprobantes: z.array(ZClientPaymentProofSchema),
});
export type TClientStatement = z.infer<typeof ZClientStatementSchema>;

/** One package as its owner sees it: the spec's fields (§3) plus formaEnvio, history and coupon. */
export const ZClientTrackingSchema = z.object({
  id: z.number().int(),
  trackingCode: z.string(),
  estado: z.enum(TRACKING_STATUSES),
  origen: z.enum(ORIGINS),
  formaEnvio: z.enum(SHIPPING_TYPES),
  carrier: z.string().nullable(),
  descripcionPaquete: z.string().nullable(),
  tiendaOrigen: z.string().nullable(),
  /** Declared value in USD (the client's own, at pre-alert). */
  valorDeclarado: z.number().nullable(),
  /** What the warehouse found different from the declaration at receipt (issue 32 item 5). */
  diferencia: ZDiscrepancySchema.nullable(),
  /** The volumetric grams the amount was charged on (docs/decisions/159); null: charged on the measure. */
  pesoVolumetricoGramos: z.number().int().nullable(),
  pesoPieCubicos: z.string().nullable(),
  montoColones: z.number().int().nullable(),
  createdAt: z.string(),
  lastEventAt: z.string().nullable(),
  history: z.array(ZTrackingHistoryEntrySchema),
  coupon: z.object({ discountPercent: z.number().int() }).nullable(),
  /** The warehouse's arrival photos (LLEGADA, ETIQUETA), oldest first (issue 20). */
  photos: z.array(ZClientPackagePhotoSchema),
  /** The proof of delivery once ENTREGADO (issue 20): who received it, when, photo and signature. */
  delivery: ZClientDeliverySchema.nullable(),
  /** Null while the package has no amount (total_colones null), else its lines and stored totals. */
  cargo: ZClientChargeSchema.nullable(),
  /**
   * True while the number waits in Sin dueño and staff have not confirmed it is this client's
   * (docs/decisions/155): the portal shows "Recibido, en verificación" and nothing of the receipt.
   */
  enVerificacion: z.boolean(),
  /** The purchase invoice the client attached (issue 36 item 2), opened through its own route; null: none. */
  factura: ZPackageInvoiceSchema.nullable(),
});
export type TClientTracking = z.infer<typeof ZClientTrackingSchema>;

export const ZClientTrackingsResponseSchema = z.object({
  /** referralCode: what the share link carries (decision 108); null until the start-up fill reaches the client. */
  client: z.object({
    nombre: z.string(),
    clientCode: z.string(),
    referralCode: z.string().nullable(),
    /** The identification for the electronic invoice: type and last 4 digits, or null (decision 189). */
    identificacion: ZPortalTaxIdSchema,
  }),
  trackings: z.array(ZClientTrackingSchema),
  estadoCuenta: ZClientStatementSchema,
});
export type TClientTrackingsResponse = z.infer<typeof ZClientTrackingsResponseSchema>;


// --- Texts (§8) ---

export const PRE_ALERT_SUCCESS_TITLE = "¡Pre-alerta creada!";
export const PRE_ALERT_FAILED_FALLBACK = "No se pudo crear la pre-alerta. Intenta nuevamente.";
export const TRACKING_UPDATED_TITLE = "¡Tracking actualizado!";
export const TRACKING_UPDATE_FAILED_FALLBACK = "No se pudo actualizar el tracking. Intenta nuevamente.";
export const TRACKING_DELETED_TITLE = "Tracking eliminado";
export const TRACKING_DELETE_FAILED_FALLBACK = "No se pudo eliminar el tracking. Intenta nuevamente.";
export const TRACKING_DELETE_CONFIRMATION =
  "¿Estás seguro de que deseas eliminar este tracking? Esta acción no se puede deshacer.";

/** 404 for a package that does not exist and for one of another client alike. */
export const TRACKING_NOT_FOUND = "Paquete no encontrado";
export const TRACKING_DUPLICATE = "Ya tienes un paquete registrado con este código de tracking.";
export const WRITE_RATE_LIMITED = "Demasiados cambios en poco tiempo. Espera un minuto e intenta de nuevo.";

/** 409 when the package has left international tracking. */
export function trackingNotEditableMessage(estado: TrackingStatus, action: "editar" | "eliminar", origen: Origin | null = null): string {
  return (
    `Este paquete ya no se puede ${action} porque está en estado "${trackingStatusLabel(estado, origen)}". ` +
    "Solo se pueden modificar paquetes en seguimiento internacional. Si necesitas un cambio, escríbenos por WhatsApp."
  );
}

// --- Calls (issue 33 item 3) ---

/** A package deleted (by its owner in the portal, or by staff): `{ success: true, id }`. */
export const ZTrackingDeletedResponseSchema = z.object({ success: z.literal(true), id: z.number().int() });

/**
 * GET /api/clients/trackings?code=… (public, by code): the /rastreo lookup. The server answers
 * the bytes it keeps ready (packages/lookup-cache.ts), so the serializer never runs for it; the
 * schema documents the answer and the tests hold those bytes to it.
 */
export const CLIENT_TRACKINGS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/clients/trackings",
  tag: "packages",
  summary: "Los paquetes de un cliente y su estado de cuenta (/rastreo)",
  query: ZClientTrackingsQuerySchema,
  responses: { 200: ZClientTrackingsResponseSchema },
});

/** POST /api/clients/trackings (public, by code): the client pre-alerts a package. */
export const PRE_ALERT_ROUTE = defineRoute({
  method: "POST",
  path: "/api/clients/trackings",
  tag: "packages",
  summary: "Pre-alerta de un paquete por su cliente",
  body: ZPreAlertCreateRequestSchema,
  responses: { 201: ZClientTrackingSchema },
});

/** PATCH /api/clients/trackings/{id} (public, by code): the client edits a package still in international tracking. */
export const CLIENT_TRACKING_UPDATE_ROUTE = defineRoute({
  method: "PATCH",
  path: "/api/clients/trackings/:id",
  tag: "packages",
  summary: "El cliente edita un paquete en seguimiento internacional",
  params: ZTrackingIdParamsSchema,
  body: ZPreAlertRequestSchema,
  responses: { 200: ZClientTrackingSchema },
});

/** DELETE /api/clients/trackings/{id} (public, by code; the code in the body). */
export const CLIENT_TRACKING_DELETE_ROUTE = defineRoute({
  method: "DELETE",
  path: "/api/clients/trackings/:id",
  tag: "packages",
  summary: "El cliente elimina un paquete en seguimiento internacional",
  params: ZTrackingIdParamsSchema,
  body: ZDeleteClientTrackingRequestSchema,
  responses: { 200: ZTrackingDeletedResponseSchema },
});
