// Staff's package calls (staff-side §2, §4, §5, §7, §8): the inline edit PATCH /api/trackings/{id},
// the history, create / edit / delete under /api/admin/trackings and the bulk status change,
// with the defaults, limits and Spanish texts of the panel.
import { z } from "../../validation";
import { zText } from "../../text-rules";
import { ORIGINS, SHIPPING_TYPES, TRACKING_STATUSES, type ShippingType, type TrackingStatus } from "../../domain/statuses";
import { ZClientCodeLooseSchema } from "../clients";
import { ORIGIN_INVALID, SHIPPING_TYPE_INVALID, ZTrackingCodeSchema, ZTrackingDeletedResponseSchema, ZTrackingIdParamsSchema } from "../trackings";
import { defineRoute } from "../contract";
import { formatColones, formatThousands } from "../../domain/format";
import { ZAdminTrackingSchema, type TAdminTracking } from "./clients";
import { ZMessagingStatusSchema, type TMessagingStatus } from "../notifications";
import {
  DECLARED_CONTENT_MAX,
  DECLARED_CONTENT_TOO_LONG,
  DECLARED_STORE_MAX,
  DECLARED_STORE_TOO_LONG,
  parseDeclaredValueText,
  ZDeclaredContentSchema,
  ZDeclaredStoreSchema,
  ZDeclaredValueUsdSchema,
  ZDeclaredValueUsdTextSchema,
} from "../declared";

export const TRACKING_STATUS_REQUIRED = "El estado es requerido";
/** Largest colones a cost or amount may hold (the database's integer, with room to add). */
export const COLONES_MAX = 2_000_000_000;
/** Largest estimated weight or declared value of the dialog. */
export const AMOUNT_MAX = 10_000_000;
export const COSTO_INVALID = "El costo debe ser un número entero de colones";
export const COSTO_NEGATIVE = "El costo no puede ser negativo";
export const COSTO_TOO_HIGH = `El costo máximo es ${formatColones(COLONES_MAX)}`;
export const MONTO_INVALID = "El monto debe ser un número entero de colones";
export const MONTO_NEGATIVE = "El monto no puede ser negativo";
export const MONTO_TOO_HIGH = `El monto máximo es ${formatColones(COLONES_MAX)}`;
export const PESO_INVALID = "El peso o los pies cúbicos deben ser un número mayor que 0";
export const PESO_NEGATIVE = "El peso o los pies cúbicos no pueden ser negativos";
/** A type change must bring the measure in the new unit (docs/decisions/114): grams are not cubic feet. */
export const measureRequiredOnTypeChange = (formaEnvio: ShippingType): string =>
  formaEnvio === "BARCO"
    ? "Al cambiar a Barco indica los pies cúbicos del paquete"
    : "Al cambiar a Avión indica el peso en gramos del paquete";
export const NUMBER_INVALID = "Debe ser un número mayor o igual a 0";
export const NUMBER_NEGATIVE = "No puede ser negativo";
export const NUMBER_TOO_HIGH = `El máximo es ${formatThousands(AMOUNT_MAX)}`;
export const TEXT_TOO_LONG = (max: number) => `Puede tener hasta ${max} caracteres`;
export const TRACKING_CHANGE_REQUIRED = "Indica al menos un cambio";
export const BULK_IDS_REQUIRED = "Selecciona al menos un paquete";
export const BULK_MAX = 200;
export const BULK_TOO_MANY = `Puedes cambiar hasta ${BULK_MAX} paquetes a la vez`;

/** Colones are whole and never negative (the database checks it too); each failure says which. */
const colones = (invalid: string, negative: string, tooHigh: string) =>
  z.number({ error: invalid }).int(invalid).min(0, negative).max(COLONES_MAX, tooHigh);
const costo = colones(COSTO_INVALID, COSTO_NEGATIVE, COSTO_TOO_HIGH);
const montoColones = colones(MONTO_INVALID, MONTO_NEGATIVE, MONTO_TOO_HIGH);

/** A signed decimal as typed ("-5", "1,5"): a minus sign is refused by name, never dropped. */
const DECIMAL_TEXT = /^(\d+([.,]\d*)?|[.,]\d+)$/;
const isNegativeText = (v: string) => v.startsWith("-") && DECIMAL_TEXT.test(v.slice(1).trim());
const toNumber = (v: string): number => Number(v.replace(",", "."));

/** A computed amount past the column's range (docs/decisions/114). */
export const MONTO_TOO_LARGE = "El monto calculado supera ₡2 000 000 000: revisa el peso o los pies cúbicos";

/** Absent stays absent ("leave as is"); blank or null becomes null ("none"). */
const blankToNull = <T extends string>(v: T | null | undefined): T | null | undefined => (v === undefined ? undefined : v || null);

/** An optional text without control characters (docs/decisions/098), trimmed; notes keep their line breaks. */
const optionalText = (max: number, { multiline = false } = {}) =>
  zText({ multiline }).pipe(z.string().max(max, TEXT_TOO_LONG(max))).nullish().transform(blankToNull);

/** Weight in grams (air) or cubic feet (sea) as staff type it, comma accepted; blank clears it. */
const pesoPieCubicos = z
  .string({ error: PESO_INVALID })
  .trim()
  .max(32, PESO_INVALID)
  .superRefine((v, ctx) => {
    if (v === "" || DECIMAL_TEXT.test(v)) return;
    ctx.addIssue({ code: "custom", message: isNegativeText(v) ? PESO_NEGATIVE : PESO_INVALID });
  })
  .nullish()
  .transform(blankToNull);

const amount = z.number({ error: NUMBER_INVALID }).min(0, NUMBER_NEGATIVE).max(AMOUNT_MAX, NUMBER_TOO_HIGH).nullish();

const estado = z.enum(TRACKING_STATUSES, { error: TRACKING_STATUS_REQUIRED });

/**
 * Delivering with a balance (docs/decisions/139): a move to ENTREGADO of a package whose stored
 * saldo (after its coupon) is above 0 is refused with 409 UNPAID_DELIVERY unless the body says
 * `entregarConSaldo: true` — then the history notes the balance and the audit log records it.
 */
export const UNPAID_DELIVERY_CODE = "UNPAID_DELIVERY";
export const DELIVER_WITH_BALANCE_LABEL = "Entregar con saldo pendiente";
const zEntregarConSaldo = z.boolean({ error: "entregarConSaldo debe ser verdadero o falso" }).optional();

/** The unpaid packages a refused delivery names, at most this many (then "y N más"). */
const UNPAID_LISTED = 10;

/** The 409's sentence: one package by code and amount; several by count and which. */
export function unpaidDeliveryMessage(unpaid: readonly { trackingCode: string; saldoColones: number }[]): string {
  const ending = `Registre el pago o elija «${DELIVER_WITH_BALANCE_LABEL}».`;
  if (unpaid.length === 1) {
    const [p] = unpaid;
    return `El paquete ${p.trackingCode} tiene un saldo pendiente de ${formatColones(p.saldoColones)}. ${ending}`;
  }
  const listed = unpaid.slice(0, UNPAID_LISTED).map((p) => `${p.trackingCode} (${formatColones(p.saldoColones)})`);
  const more = unpaid.length > UNPAID_LISTED ? ` y ${unpaid.length - UNPAID_LISTED} más` : "";
  return `${unpaid.length} paquetes tienen saldo pendiente: ${listed.join(", ")}${more}. ${ending}`;
}

/**
 * A package without a stored amount (montoColones) never becomes collectable: a move to Listo para
 * entregar or Entregado is 409 UNPRICED on every path (docs/decisions/152), naming each package and
 * why it has no amount: "Sin peso" (nothing weighed or measured to price from) or "Sin monto".
 */
export const UNPRICED_CODE = "UNPRICED";
export const UNPRICED_REASONS = ["Sin peso", "Sin monto"] as const;
export type UnpricedReason = (typeof UNPRICED_REASONS)[number];

/**
 * THE "Sin peso / Sin monto" rule (docs/decisions/164), once for every place that says it: the
 * status service's refusal (assertPriced), the import's flags, the Paquetes filter and the
 * warehouse report. Its SQL twin is server/modules/packages/unpriced-sql.ts (unpricedReasonSql);
 * unpriced-rule.test.ts checks the two agree on a table of cases.
 *   - A package has an amount when montoColones is stored (₡0 included): no reason.
 *   - Otherwise "Sin peso" when nothing was weighed or measured: no billing measure
 *     (pesoPieCubicos null or blank), no grams, no cubic feet; else "Sin monto" (something to
 *     price from, no amount yet).
 */
export interface PricedFields {
  montoColones: number | null;
  pesoPieCubicos: string | null;
  pesoGramos: number | null;
  pieCubicos: number | null;
}

/** Blank text as both twins read it: only spaces, tabs and line breaks (SQL: btrim(x, E' \t\n\r') = ''). */
export const isBlankMeasure = (v: string | null): boolean => v === null || /^[ \t\n\r]*$/.test(v);

/** Why a package has no amount, or null when it has one. */
export function unpricedReason(t: PricedFields): UnpricedReason | null {
  if (t.montoColones !== null) return null;
  return isBlankMeasure(t.pesoPieCubicos) && t.pesoGramos === null && t.pieCubicos === null ? "Sin peso" : "Sin monto";
}

/**
 * The statuses at which a package is expected to carry an amount (it reached the origin warehouse
 * and is not delivered): the Paquetes filter "Sin peso o monto", the warehouse report's section
 * and the import's flags all list the unpriced packages of these statuses, so they agree on the
 * number (docs/decisions/164). Collectable ones among them (Listo) are legacy rows: no move gets there unpriced.
 */
export const PRICE_EXPECTED_STATUSES = ["EN_BODEGA_MIAMI", "EN_ADUANAS", "EN_BODEGA_CR", "LISTO_PARA_ENTREGAR"] as const satisfies readonly TrackingStatus[];

/** The package is in one of those statuses without an amount (the lists' membership). */
export function awaitsAmount(t: PricedFields & { estado: string }): boolean {
  return t.montoColones === null && (PRICE_EXPECTED_STATUSES as readonly string[]).includes(t.estado);
}

/** The 409's sentence: each package by code and reason (at most 10, then "y N más"). */
export function unpricedMessage(unpriced: readonly { trackingCode: string; motivo: UnpricedReason }[]): string {
  const ending = "no puede pasar a Listo para entregar ni entregarse sin un monto. Registre el peso y el monto.";
  if (unpriced.length === 1) {
    const [p] = unpriced;
    return `El paquete ${p.trackingCode} (${p.motivo}) ${ending}`;
  }
  const listed = unpriced.slice(0, UNPAID_LISTED).map((p) => `${p.trackingCode} (${p.motivo})`);
  const more = unpriced.length > UNPAID_LISTED ? ` y ${unpriced.length - UNPAID_LISTED} más` : "";
  return `${unpriced.length} paquetes no tienen monto: ${listed.join(", ")}${more}. Ninguno ${ending.replace("no puede", "puede")}`;
}

/** The history note of a package delivered with a balance. */
export function deliveredWithBalanceNote(saldoColones: number): string {
  return `Entregado con saldo pendiente de ${formatColones(saldoColones)}`;
}

/** The confirm button of the choice, with the amount when there is one package. */
export function deliverWithBalanceButton(saldoColones?: number | null): string {
  return typeof saldoColones === "number" ? `${DELIVER_WITH_BALANCE_LABEL} (${formatColones(saldoColones)})` : DELIVER_WITH_BALANCE_LABEL;
}

/** Whether a body sets something besides the entregarConSaldo flag. */
const changesSomething = (b: Record<string, unknown>) => Object.entries(b).some(([k, v]) => k !== "entregarConSaldo" && v !== undefined);

/** PATCH /api/trackings/{id}: the inline controls of an expanded package (any of these). */
export const ZPatchTrackingRequestSchema = z
  .object({
    entregarConSaldo: zEntregarConSaldo,
    estado: estado.optional(),
    formaEnvio: z.enum(SHIPPING_TYPES, { error: SHIPPING_TYPE_INVALID }).optional(),
    costo: costo.nullish(),
    pesoPieCubicos,
    montoColones: montoColones.nullish(),
    /** Staff's internal notes (the Paquetes row editor, Bodega included). */
    notas: optionalText(2000, { multiline: true }),
  })
  .refine(changesSomething, TRACKING_CHANGE_REQUIRED);
export type TPatchTrackingRequest = z.infer<typeof ZPatchTrackingRequestSchema>;
export type TPatchTrackingBody = z.input<typeof ZPatchTrackingRequestSchema>;

/** The fields of the create and edit dialog (§3 "Tracking (admin)"). */
const trackingFormFields = {
  trackingCode: ZTrackingCodeSchema,
  origen: z.enum(ORIGINS, { error: ORIGIN_INVALID }),
  formaEnvio: z.enum(SHIPPING_TYPES, { error: SHIPPING_TYPE_INVALID }),
  estado,
  // What the client declares: the same rules as the portal's pre-alert (shared/api/declared.ts).
  descripcionPaquete: ZDeclaredContentSchema,
  carrier: optionalText(64),
  tiendaOrigen: ZDeclaredStoreSchema,
  pesoEstimado: amount,
  valorDeclarado: ZDeclaredValueUsdSchema,
  costo: costo.nullish(),
  pesoPieCubicos,
  montoColones: montoColones.nullish(),
  notas: optionalText(2000, { multiline: true }),
};

/** POST /api/admin/trackings: defaults origen USA, formaEnvio AVION, estado SEGUIMIENTO_INTERNACIONAL (§5). */
export const ZCreateAdminTrackingRequestSchema = z.object({
  clientCode: ZClientCodeLooseSchema,
  ...trackingFormFields,
  origen: trackingFormFields.origen.default("USA"),
  formaEnvio: trackingFormFields.formaEnvio.default("AVION"),
  estado: estado.default("SEGUIMIENTO_INTERNACIONAL"),
});
export type TCreateAdminTrackingRequest = z.infer<typeof ZCreateAdminTrackingRequestSchema>;
export type TCreateAdminTrackingBody = z.input<typeof ZCreateAdminTrackingRequestSchema>;

/** PATCH /api/admin/trackings/{id}: only what is sent changes; null clears an optional field. */
export const ZUpdateAdminTrackingRequestSchema = z
  .object(trackingFormFields)
  .partial()
  .extend({ entregarConSaldo: zEntregarConSaldo })
  .refine(changesSomething, TRACKING_CHANGE_REQUIRED);
export type TUpdateAdminTrackingRequest = z.infer<typeof ZUpdateAdminTrackingRequestSchema>;
export type TUpdateAdminTrackingBody = z.input<typeof ZUpdateAdminTrackingRequestSchema>;

/** POST /api/admin/trackings/bulk-status: several packages to one status, in one transaction. */
export const ZBulkStatusRequestSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: BULK_IDS_REQUIRED })
    .min(1, BULK_IDS_REQUIRED)
    .max(BULK_MAX, BULK_TOO_MANY)
    .transform((ids) => [...new Set(ids)]),
  estado,
  entregarConSaldo: zEntregarConSaldo,
});
export type TBulkStatusRequest = z.infer<typeof ZBulkStatusRequestSchema>;

export const ZBulkStatusResponseSchema = z.object({
  /** Packages whose status actually changed (each notified and in its history). */
  changed: z.number().int(),
  /** Packages that already had that status. */
  unchanged: z.number().int(),
});
export type TBulkStatusResponse = z.infer<typeof ZBulkStatusResponseSchema>;

export const ZAdminTrackingResponseSchema = z.object({
  tracking: ZAdminTrackingSchema,
  /** True when a WhatsApp status message was queued for the client. */
  notificationQueued: z.boolean(),
  /** Whether anything queued will be sent: without WhatsApp configured it only waits in the outbox. */
  messaging: ZMessagingStatusSchema,
});
export type TAdminTrackingResponse = z.infer<typeof ZAdminTrackingResponseSchema>;

export const ZTrackingHistoryRecordSchema = z.object({
  id: z.number().int(),
  /** Null: the package was created. */
  previousStatus: z.enum(TRACKING_STATUSES).nullable(),
  newStatus: z.enum(TRACKING_STATUSES),
  changedAt: z.string(),
  notes: z.string().nullable(),
  changedBy: z.string(),
});
export type TTrackingHistoryRecord = z.infer<typeof ZTrackingHistoryRecordSchema>;
export const ZTrackingHistoryResponseSchema = z.object({ history: z.array(ZTrackingHistoryRecordSchema) });
export type TTrackingHistoryResponse = z.infer<typeof ZTrackingHistoryResponseSchema>;

// --- The create / edit dialog (§2, §5) ---

const formText = (max: number, tooLong = TEXT_TOO_LONG(max)) => zText().pipe(z.string().max(max, tooLong));
const formNumber = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (v === "") return;
    if (!DECIMAL_TEXT.test(v)) ctx.addIssue({ code: "custom", message: isNegativeText(v) ? NUMBER_NEGATIVE : NUMBER_INVALID });
    else if (toNumber(v) > AMOUNT_MAX) ctx.addIssue({ code: "custom", message: NUMBER_TOO_HIGH });
  });

/** What the dialog holds: every field a string as typed; tracking code and status required. */
export const ZTrackingFormSchema = z.object({
  trackingCode: ZTrackingCodeSchema,
  estado,
  origen: z.enum(ORIGINS, { error: ORIGIN_INVALID }),
  formaEnvio: z.enum(SHIPPING_TYPES, { error: SHIPPING_TYPE_INVALID }),
  carrier: formText(64),
  tiendaOrigen: formText(DECLARED_STORE_MAX, DECLARED_STORE_TOO_LONG),
  descripcionPaquete: formText(DECLARED_CONTENT_MAX, DECLARED_CONTENT_TOO_LONG),
  /** The package's one measure (docs/decisions/114): grams for Avión, cubic feet for Barco, as the row shows it. */
  pesoPieCubicos: formNumber,
  valorDeclarado: ZDeclaredValueUsdTextSchema,
});
export type TTrackingFormValues = z.input<typeof ZTrackingFormSchema>;
export type TTrackingForm = z.output<typeof ZTrackingFormSchema>;

const OPTIONAL_TEXTS = ["carrier", "tiendaOrigen", "descripcionPaquete"] as const;

/** The dialog's values for a new package (the spec's defaults) or for editing one. */
export function trackingFormDefaults(t?: TAdminTracking): TTrackingFormValues {
  return {
    trackingCode: t?.trackingCode ?? "",
    estado: t?.estado ?? "SEGUIMIENTO_INTERNACIONAL",
    origen: t?.origen ?? "USA",
    formaEnvio: t?.formaEnvio ?? "AVION",
    carrier: t?.carrier ?? "",
    tiendaOrigen: t?.tiendaOrigen ?? "",
    descripcionPaquete: t?.descripcionPaquete ?? "",
    pesoPieCubicos: t?.pesoPieCubicos ?? "",
    valorDeclarado: t?.valorDeclarado === null || t?.valorDeclarado === undefined ? "" : String(t.valorDeclarado),
  };
}

/** POST body: optional fields are omitted when empty (§5). */
export function createBodyFromForm(clientCode: string, v: TTrackingForm): TCreateAdminTrackingBody {
  const body: TCreateAdminTrackingBody = {
    clientCode,
    trackingCode: v.trackingCode,
    origen: v.origen,
    formaEnvio: v.formaEnvio,
    estado: v.estado,
  };
  for (const key of OPTIONAL_TEXTS) if (v[key]) body[key] = v[key];
  if (v.valorDeclarado) body.valorDeclarado = parseDeclaredValueText(v.valorDeclarado);
  if (v.pesoPieCubicos) {
    body.pesoPieCubicos = v.pesoPieCubicos;
    // By air the measure is the weight the package was announced with, too (exports' 'Peso estimado').
    if (v.formaEnvio === "AVION") body.pesoEstimado = toNumber(v.pesoPieCubicos);
  }
  return body;
}

/** PATCH body: only what changed; a field emptied by staff is sent as null so it is cleared. */
export function updateBodyFromForm(v: TTrackingForm, original: TAdminTracking): TUpdateAdminTrackingBody {
  const body: TUpdateAdminTrackingBody = {};
  if (v.trackingCode !== original.trackingCode) body.trackingCode = v.trackingCode;
  if (v.estado !== original.estado) body.estado = v.estado;
  if (v.origen !== original.origen) body.origen = v.origen;
  if (v.formaEnvio !== original.formaEnvio) body.formaEnvio = v.formaEnvio;
  for (const key of OPTIONAL_TEXTS) {
    if (v[key] !== (original[key] ?? "")) body[key] = v[key] || null;
  }
  const valor = v.valorDeclarado ? parseDeclaredValueText(v.valorDeclarado) : null;
  if (valor !== original.valorDeclarado) body.valorDeclarado = valor;
  // A new shipping type always carries the measure in its unit (the server refuses it otherwise).
  if (v.pesoPieCubicos !== (original.pesoPieCubicos ?? "") || body.formaEnvio) body.pesoPieCubicos = v.pesoPieCubicos || null;
  return body;
}

/** Whether the package's measure is grams (air) or cubic feet (sea). */
export function measureLabel(formaEnvio: ShippingType): string {
  return formaEnvio === "BARCO" ? "Pies cúbicos" : "Peso (gramos)";
}

// --- Texts (§2, §8) ---

export const TRACKING_CREATED_TITLE = "¡Tracking creado!";
export const TRACKING_UPDATED_TITLE = "¡Tracking actualizado!";
export const TRACKING_DELETED_TITLE = "Tracking eliminado";
export const FIELD_UPDATED_TITLE = "¡Actualizado!";
export const STATUS_UPDATED_TITLE = "Estado actualizado";
export const TRACKING_CREATE_FAILED_TITLE = "Error al crear tracking";
export const TRACKING_CREATE_FAILED = "No se pudo crear el tracking";
export const TRACKING_EDIT_FAILED_TITLE = "Error al editar tracking";
export const TRACKING_EDIT_FAILED = "No se pudo actualizar el tracking";
export const TRACKING_UPDATE_FAILED_TITLE = "Error al actualizar tracking";
export const TRACKING_UPDATE_FAILED = "No se pudo actualizar el tracking";
export const TRACKING_DELETE_FAILED_TITLE = "Error al eliminar tracking";
export const TRACKING_DELETE_FAILED = "No se pudo eliminar el tracking";
export const SHIPPING_TYPE_CHANGE_FAILED = "No se pudo cambiar el tipo de envío";
export const STATUS_CHANGE_FAILED = "No se pudo cambiar el estado";
export const COSTO_UPDATE_FAILED = "No se pudo actualizar el costo";
export const PESO_UPDATE_FAILED = "No se pudo actualizar el peso";
export const MEASURE_RETYPE_HINT = "Cambió el tipo de envío: escribe la medida en la nueva unidad.";
export const REPRICED_TITLE = "Monto recalculado";
export const REPRICE_FAILED = "No se pudo recalcular el monto";
export const HISTORY_LOAD_FAILED = "Error al cargar historial";
export const ADMIN_TRACKING_DUPLICATE = "El cliente ya tiene un tracking con este código.";

export function trackingDeleteConfirmation(trackingCode: string): string {
  return `¿Estás seguro de que deseas eliminar el tracking ${trackingCode}? Esta acción no se puede deshacer.`;
}

export const NOTIFICATION_QUEUED_TEXT = "Se avisará al cliente por WhatsApp.";
export const NOTIFICATION_NOT_CONFIGURED_TEXT = "No se avisará al cliente: WhatsApp no está configurado (el mensaje queda en cola).";
export const NOTIFICATION_NONE_TEXT = "No se envió aviso al cliente por WhatsApp.";

/**
 * What happened to the client's WhatsApp message after a change, in the toast's words: "will be
 * sent" only when a message was queued and a provider will send it (issue 18 item 8).
 */
export function notificationOutcomeText(answer: { notificationQueued: boolean; messaging: TMessagingStatus }): string {
  if (!answer.notificationQueued) return NOTIFICATION_NONE_TEXT;
  return answer.messaging.configured ? NOTIFICATION_QUEUED_TEXT : NOTIFICATION_NOT_CONFIGURED_TEXT;
}

export function bulkStatusSummary({ changed, unchanged }: TBulkStatusResponse): string {
  const moved = changed === 1 ? "1 paquete actualizado" : `${changed} paquetes actualizados`;
  if (unchanged === 0) return `${moved}.`;
  const kept = unchanged === 1 ? "1 ya tenía ese estado" : `${unchanged} ya tenían ese estado`;
  return `${moved}; ${kept}.`;
}

// --- Calls (issue 33 item 3) ---

/** PATCH /api/trackings/{id} (any staff; Bodega only its fields): the inline edits of a package. */
export const TRACKING_PATCH_ROUTE = defineRoute({
  method: "PATCH",
  path: "/api/trackings/:id",
  tag: "packages",
  summary: "Cambios en línea de un paquete (estado, tipo de envío, costo, medida, monto, notas)",
  params: ZTrackingIdParamsSchema,
  body: ZPatchTrackingRequestSchema,
  responses: { 200: ZAdminTrackingResponseSchema },
});

/** GET /api/trackings/{id}/history (any staff): the package's status history, newest first. */
export const TRACKING_HISTORY_ROUTE = defineRoute({
  method: "GET",
  path: "/api/trackings/:id/history",
  tag: "packages",
  summary: "Historial de estados de un paquete",
  params: ZTrackingIdParamsSchema,
  responses: { 200: ZTrackingHistoryResponseSchema },
});

/** POST /api/admin/trackings (office staff): a package created by staff for a client. */
export const ADMIN_TRACKING_CREATE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/trackings",
  tag: "packages",
  summary: "Crear un paquete para un cliente",
  body: ZCreateAdminTrackingRequestSchema,
  responses: { 201: ZAdminTrackingResponseSchema },
});

/** POST /api/admin/trackings/bulk-status (any staff): several packages to one status at once. */
export const BULK_STATUS_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/trackings/bulk-status",
  tag: "packages",
  summary: "Cambiar el estado de varios paquetes a la vez",
  body: ZBulkStatusRequestSchema,
  responses: { 200: ZBulkStatusResponseSchema },
});

/** PATCH /api/admin/trackings/{id} (any staff; Bodega only its fields): the edit dialog. */
export const ADMIN_TRACKING_UPDATE_ROUTE = defineRoute({
  method: "PATCH",
  path: "/api/admin/trackings/:id",
  tag: "packages",
  summary: "Editar un paquete (solo cambia lo enviado)",
  params: ZTrackingIdParamsSchema,
  body: ZUpdateAdminTrackingRequestSchema,
  responses: { 200: ZAdminTrackingResponseSchema },
});

/** POST /api/admin/trackings/{id}/reprice (office staff): the amount again at today's tariff (docs/decisions/114). */
export const ADMIN_TRACKING_REPRICE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/trackings/:id/reprice",
  tag: "packages",
  summary: "Recalcular el monto de un paquete con la tarifa de hoy",
  params: ZTrackingIdParamsSchema,
  responses: { 200: ZAdminTrackingResponseSchema },
});

/** DELETE /api/admin/trackings/{id} (office staff). */
export const ADMIN_TRACKING_DELETE_ROUTE = defineRoute({
  method: "DELETE",
  path: "/api/admin/trackings/:id",
  tag: "packages",
  summary: "Eliminar un paquete",
  params: ZTrackingIdParamsSchema,
  responses: { 200: ZTrackingDeletedResponseSchema },
});
