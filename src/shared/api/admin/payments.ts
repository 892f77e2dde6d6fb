// Pagos (issue 21, docs/decisions/136): a package's extra charge lines, recording a payment applied
// to one or several packages, reversing it, its receipt (PDF), and the clients' SINPE receipts
// (comprobantes) staff confirm or reject. Contract and Spanish texts of /api/admin/payments,
// /api/admin/payment-proofs and /api/admin/trackings/:id/charges.
import { z } from "../../validation";
import { zText } from "../../text-rules";
import { ZClientCodeLooseSchema } from "../clients";
import {
  CHARGE_COLONES_MAX,
  CHARGE_LINE_KINDS,
  EXTRA_CHARGE_KINDS,
  METHODS_WITH_UNIQUE_REFERENCE,
  PAYMENT_METHODS,
  PAYMENT_PROOF_STATUSES,
} from "../../domain/charges";
import { formatColones, formatDate, formatDateTime } from "../../domain/format";
import { isCalendarDay, isIsoInstant } from "../../domain/dates";
import { COLONES_MAX } from "./trackings";
import { binary, defineRoute } from "../contract";
import { ZComprobanteBriefSchema, ZInvoicingStateSchema } from "./invoices";

export const CHARGE_DESCRIPTION_MAX = 120;
export const PAYMENT_REFERENCE_MAX = 64;
export const PAYMENT_NOTES_MAX = 500;
export const PAYMENT_ALLOCATIONS_MAX = 200;
export const REVERSAL_REASON_MIN = 5;
/**
 * How far back anyone in the office may date a payment (docs/decisions/147): today and this many
 * Costa Rica days before it. Older dates: only the Dueño, with a written reason.
 */
export const PAID_AT_WINDOW_DAYS = 7;
export const REASON_MAX = 300;
export const PAYMENTS_PAGE_SIZE = 25;
/** Pending receipts listed at once (oldest first). */
export const PROOFS_LIST_MAX = 100;

/** The receipt number: the payment's id, zero-padded ("000123"). */
export const receiptNumber = (paymentId: number): string => String(paymentId).padStart(6, "0");
export const receiptFileName = (paymentId: number): string => `recibo-${receiptNumber(paymentId)}.pdf`;

// --- Messages ---
export const CHARGE_KIND_INVALID = "Tipo de cargo inválido: Impuestos, Entrega, Almacenaje u Otro";
export const CHARGE_DESCRIPTION_REQUIRED = "Escribe la descripción del cargo";
export const CHARGE_DESCRIPTION_TOO_LONG = `La descripción puede tener hasta ${CHARGE_DESCRIPTION_MAX} caracteres`;
export const AMOUNT_INVALID = `El monto debe ser un número entero de colones entre 1 y ${formatColones(CHARGE_COLONES_MAX)}`;
export const CHARGE_NOT_FOUND = "Cargo no encontrado";
export const EXTRAS_TOO_LARGE = `Los cargos extra de un paquete suman como máximo ${formatColones(CHARGE_COLONES_MAX)}`;
export const PAYMENT_TOO_LARGE = `Un pago puede ser de hasta ${formatColones(COLONES_MAX)}: regístrelo en varios pagos`;
export const PACKAGE_NOT_FOUND = "Paquete no encontrado";
export const CHARGE_REMOVE_PAID = "No se puede quitar el cargo: el total quedaría por debajo de lo pagado. Revierta el pago primero.";
export const METHOD_INVALID = "Método de pago inválido: SINPE Móvil, Efectivo, Tarjeta o Transferencia";
export const REFERENCE_REQUIRED = "Escribe la referencia del SINPE Móvil";
export const REFERENCE_INVALID = `La referencia solo puede tener letras, números y guiones (máximo ${PAYMENT_REFERENCE_MAX})`;
export const PAID_AT_INVALID = "Fecha de pago inválida";
export const PAID_AT_FUTURE = "La fecha de pago no puede estar en el futuro";
export const PAID_AT_TOO_OLD = `Solo el Dueño puede registrar un pago con fecha de hace más de ${PAID_AT_WINDOW_DAYS} días`;
export const PAID_AT_REASON_REQUIRED = `Escribe el motivo para registrar un pago con fecha de hace más de ${PAID_AT_WINDOW_DAYS} días (al menos ${REVERSAL_REASON_MIN} caracteres)`;
/** A closed cash day (docs/decisions/147) takes no new, reversed or re-dated payment. */
export const cashDayClosedMessage = (day: string) =>
  `La caja del ${formatDate(`${day}T12:00:00-06:00`)} ya está cerrada: no se puede registrar, revertir ni cambiar un pago de ese día.`;
export const reversalDayClosedMessage = (day: string) =>
  `Este pago es de un día con la caja cerrada y su reversión cuenta en la caja de hoy, pero la caja de hoy (${formatDate(`${day}T12:00:00-06:00`)}) también está cerrada. Revierta el pago mañana.`;
export const NOTES_TOO_LONG = `Las notas pueden tener hasta ${PAYMENT_NOTES_MAX} caracteres`;
export const ALLOCATIONS_INVALID = `Elige entre 1 y ${PAYMENT_ALLOCATIONS_MAX} paquetes, cada uno una sola vez`;
export const PAYMENT_CLIENT_NOT_FOUND = "No existe un cliente con ese código";
export const PAYMENT_NOT_FOUND = "Pago no encontrado";
export const PAYMENT_ALREADY_REVERSED = "Este pago ya fue revertido";
export const REVERSAL_REASON_REQUIRED = `Escribe el motivo de la reversión (al menos ${REVERSAL_REASON_MIN} caracteres)`;
export const REASON_TOO_LONG = `El motivo puede tener hasta ${REASON_MAX} caracteres`;
export const REJECT_REASON_REQUIRED = "Escribe el motivo del rechazo (el cliente lo verá)";
export const PROOF_NOT_FOUND = "Comprobante no encontrado";
export const PROOF_ALREADY_REVIEWED = "Este comprobante ya fue revisado";
export const PROOF_OTHER_CLIENT = "El comprobante es de otro cliente";
export const PROOF_STATUS_INVALID = "Estado inválido: PENDIENTE, CONFIRMADO o RECHAZADO";
export const DATE_INVALID = "Fecha inválida: usa el formato AAAA-MM-DD";
export const ID_INVALID = "Identificador inválido";
/** 409 from the admin delete paths (modules/packages, modules/clients). */
export const PACKAGE_HAS_PAYMENTS = "El paquete tiene pagos registrados: revierta o conserve el paquete (no se puede eliminar).";
export const CLIENT_HAS_PAYMENTS = "El cliente tiene pagos registrados: no se puede eliminar.";

export const packageNotOfClient = (trackingId: number) => `El paquete ${trackingId} no es de este cliente`;
export const overpaidMessage = (trackingCode: string, saldoColones: number) =>
  `El paquete ${trackingCode} tiene un saldo de ${formatColones(saldoColones)}: no se puede aplicar más que su saldo.`;
export const duplicateReferenceMessage = (reference: string, paymentId: number | null) =>
  `Ya existe un pago registrado con la referencia SINPE ${reference}${paymentId === null ? "" : ` (recibo N.º ${receiptNumber(paymentId)})`}.`;

// --- Requests ---
const id = z.coerce.number({ error: ID_INVALID }).int(ID_INVALID).min(1, ID_INVALID).max(2_147_483_647, ID_INVALID);
const amount = z.number({ error: AMOUNT_INVALID }).int(AMOUNT_INVALID).min(1, AMOUNT_INVALID).max(CHARGE_COLONES_MAX, AMOUNT_INVALID);
/** What a payment applies to one package: at most the largest total a package can have (its balance decides). */
const ALLOCATION_MAX = COLONES_MAX + CHARGE_COLONES_MAX;
export const ALLOCATION_INVALID = `El monto aplicado debe ser un número entero de colones entre 1 y ${formatColones(ALLOCATION_MAX)}`;
const allocationAmount = z.number({ error: ALLOCATION_INVALID }).int(ALLOCATION_INVALID).min(1, ALLOCATION_INVALID).max(ALLOCATION_MAX, ALLOCATION_INVALID);

export const ZPaymentIdParamsSchema = z.object({ id });
export const ZChargeParamsSchema = z.object({ id, chargeId: id });

export const ZChargeCreateSchema = z.object({
  kind: z.enum(EXTRA_CHARGE_KINDS, { error: CHARGE_KIND_INVALID }),
  description: zText({ error: CHARGE_DESCRIPTION_REQUIRED }).pipe(
    z.string().min(1, CHARGE_DESCRIPTION_REQUIRED).max(CHARGE_DESCRIPTION_MAX, CHARGE_DESCRIPTION_TOO_LONG),
  ),
  amountColones: amount,
});
export type TChargeCreate = z.infer<typeof ZChargeCreateSchema>;

/** At most this many extra lines in one POST (issue 32: several lines at once). */
export const CHARGE_LINES_MAX = 10;
export const CHARGE_LINES_TOO_MANY = `Agrega entre 1 y ${CHARGE_LINES_MAX} cargos a la vez`;
/**
 * POST /api/admin/trackings/{id}/charges with several lines: `{ lines: [...] }`, all added in
 * one transaction or none (one line alone is still accepted as the body itself).
 */
export const ZChargeBatchSchema = z.object({
  lines: z.array(ZChargeCreateSchema, { error: CHARGE_LINES_TOO_MANY }).min(1, CHARGE_LINES_TOO_MANY).max(CHARGE_LINES_MAX, CHARGE_LINES_TOO_MANY),
});

/** A payment reference (the code rule): trimmed, uppercased; letters, digits and dashes. */
const reference = z
  .string({ error: REFERENCE_INVALID })
  .transform((v) => v.trim().toUpperCase())
  .pipe(z.string().max(PAYMENT_REFERENCE_MAX, REFERENCE_INVALID).regex(/^[A-Z0-9-]*$/, REFERENCE_INVALID));

/**
 * "AAAA-MM-DD" (that day; today: now) or an ISO instant, a day that exists (2026-02-30 is refused,
 * never rolled over); the server checks it against the clock, the window and closed days.
 */
const paidAt = z
  .string({ error: PAID_AT_INVALID })
  .trim()
  .refine((v) => (isCalendarDay(v) || isIsoInstant(v)) && v >= "2000-01-01", PAID_AT_INVALID);

/** Why a payment is dated before the window (the Dueño only; stored and audited). */
const paidAtReason = zText({ error: PAID_AT_REASON_REQUIRED })
  .pipe(z.string().max(REASON_MAX, REASON_TOO_LONG))
  .optional()
  .transform((v) => v || undefined)
  .refine((v) => v === undefined || v.length >= REVERSAL_REASON_MIN, PAID_AT_REASON_REQUIRED);

const notas = zText({ multiline: true })
  .pipe(z.string().max(PAYMENT_NOTES_MAX, NOTES_TOO_LONG))
  .optional()
  .transform((v) => v || undefined);

export const ZAllocationsSchema = z
  .array(z.object({ trackingId: id, amountColones: allocationAmount }), { error: ALLOCATIONS_INVALID })
  .min(1, ALLOCATIONS_INVALID)
  .max(PAYMENT_ALLOCATIONS_MAX, ALLOCATIONS_INVALID)
  .refine((list) => new Set(list.map((a) => a.trackingId)).size === list.length, ALLOCATIONS_INVALID);

export const ZPaymentCreateSchema = z
  .object({
    clientCode: ZClientCodeLooseSchema,
    method: z.enum(PAYMENT_METHODS, { error: METHOD_INVALID }),
    reference: reference.optional().transform((v) => v || undefined),
    paidAt: paidAt.optional(),
    paidAtReason,
    notas,
    allocations: ZAllocationsSchema,
    proofId: id.optional(),
  })
  .superRefine((v, ctx) => {
    if (METHODS_WITH_UNIQUE_REFERENCE.includes(v.method) && !v.reference) ctx.addIssue({ code: "custom", path: ["reference"], message: REFERENCE_REQUIRED });
  });
export type TPaymentCreate = z.infer<typeof ZPaymentCreateSchema>;

export const ZReverseSchema = z.object({
  reason: zText({ error: REVERSAL_REASON_REQUIRED }).pipe(
    z.string().min(REVERSAL_REASON_MIN, REVERSAL_REASON_REQUIRED).max(REASON_MAX, REASON_TOO_LONG),
  ),
});

const day = z
  .string({ error: DATE_INVALID })
  .trim()
  .refine(isCalendarDay, DATE_INVALID);
const empty = (v: unknown) => (v === "" ? undefined : v);

export const ZPaymentsQuerySchema = z.object({
  clientCode: z.preprocess(empty, ZClientCodeLooseSchema.optional()),
  from: z.preprocess(empty, day.optional()),
  to: z.preprocess(empty, day.optional()),
  method: z.preprocess(empty, z.enum(PAYMENT_METHODS, { error: METHOD_INVALID }).optional()),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TPaymentsQuery = z.infer<typeof ZPaymentsQuerySchema>;

export const ZDueQuerySchema = z.object({ clientCode: ZClientCodeLooseSchema });

export const ZProofsQuerySchema = z.object({
  estado: z.preprocess(empty, z.enum(PAYMENT_PROOF_STATUSES, { error: PROOF_STATUS_INVALID }).default("PENDIENTE")),
});

export const ZProofConfirmSchema = z.object({
  reference: reference.pipe(z.string().min(1, REFERENCE_REQUIRED)),
  allocations: ZAllocationsSchema,
  paidAt: paidAt.optional(),
  paidAtReason,
  notas,
});
export type TProofConfirm = z.infer<typeof ZProofConfirmSchema>;

export const ZProofRejectSchema = z.object({
  reason: zText({ error: REJECT_REASON_REQUIRED }).pipe(z.string().min(REVERSAL_REASON_MIN, REJECT_REASON_REQUIRED).max(REASON_MAX, REASON_TOO_LONG)),
});

// --- Responses ---
export const ZChargeLineSchema = z.object({
  kind: z.enum(CHARGE_LINE_KINDS),
  description: z.string(),
  amountColones: z.number().int(),
  /** The extra line's id (to remove it); null for the freight and the discount. */
  chargeId: z.number().int().nullable(),
});

export const ZPackagePaymentSchema = z.object({
  paymentId: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  paidAt: z.string(),
  amountColones: z.number().int(),
  reversed: z.boolean(),
});

/** GET /api/admin/trackings/:id/charges: the lines and the STORED total, paid and balance. */
export const ZChargesResponseSchema = z.object({
  trackingId: z.number().int(),
  trackingCode: z.string(),
  lines: z.array(ZChargeLineSchema),
  totalColones: z.number().int().nullable(),
  pagadoColones: z.number().int(),
  saldoColones: z.number().int(),
  payments: z.array(ZPackagePaymentSchema),
});
export type TChargesResponse = z.infer<typeof ZChargesResponseSchema>;

/** A package with something to pay (or paid more): the stored numbers. */
export const ZDuePackageSchema = z.object({
  id: z.number().int(),
  trackingCode: z.string(),
  descripcion: z.string().nullable(),
  estado: z.string(),
  origen: z.string(),
  totalColones: z.number().int().nullable(),
  pagadoColones: z.number().int(),
  saldoColones: z.number().int(),
});
export type TDuePackage = z.infer<typeof ZDuePackageSchema>;

export const ZDueResponseSchema = z.object({
  client: z.object({ id: z.number().int(), clientCode: z.string(), nombre: z.string() }),
  packages: z.array(ZDuePackageSchema),
});
export type TDueResponse = z.infer<typeof ZDueResponseSchema>;

export const ZAllocationSchema = z.object({
  trackingId: z.number().int(),
  trackingCode: z.string(),
  descripcion: z.string().nullable(),
  amountColones: z.number().int(),
  /** The package's stored numbers now. */
  totalColones: z.number().int().nullable(),
  pagadoColones: z.number().int(),
  saldoColones: z.number().int(),
});

export const ZPaymentSummarySchema = z.object({
  id: z.number().int(),
  receiptNumber: z.string(),
  clientCode: z.string(),
  clientName: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  amountColones: z.number().int(),
  paidAt: z.string(),
  recordedByName: z.string(),
  reversedAt: z.string().nullable(),
  reversedByName: z.string().nullable(),
  reversalReason: z.string().nullable(),
  /** A payment of a closed cash day reversed later: the Costa Rica day its reversal counts on (decision 147). */
  reversalCountedOn: z.string().nullable(),
  trackingCodes: z.array(z.string()),
});
export type TPaymentSummary = z.infer<typeof ZPaymentSummarySchema>;

export const ZPaymentSchema = ZPaymentSummarySchema.extend({
  clientId: z.number().int(),
  currency: z.string(),
  notas: z.string().nullable(),
  createdAt: z.string(),
  proofId: z.number().int().nullable(),
  /** Why the Dueño dated it before the window (decision 147). */
  paidAtReason: z.string().nullable(),
  allocations: z.array(ZAllocationSchema),
});
export type TPayment = z.infer<typeof ZPaymentSchema>;

export const ZPaymentResponseSchema = z.object({ payment: ZPaymentSchema });

/** A payment in the list, with its comprobantes electrónicos in brief (issue 34 item 6; none while invoicing is off). */
export const ZPaymentListItemSchema = ZPaymentSummarySchema.extend({ comprobantes: z.array(ZComprobanteBriefSchema) });
export type TPaymentListItem = z.infer<typeof ZPaymentListItemSchema>;

export const ZPaymentsPageSchema = z.object({
  items: z.array(ZPaymentListItemSchema),
  /** Whether this server issues comprobantes electrónicos (HACIENDA_* configured). */
  invoicing: ZInvoicingStateSchema,
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TPaymentsPage = z.infer<typeof ZPaymentsPageSchema>;

export const ZProofSchema = z.object({
  id: z.number().int(),
  clientCode: z.string(),
  clientName: z.string(),
  trackingId: z.number().int().nullable(),
  /** The package's tracking code, or "Saldo total". */
  forLabel: z.string(),
  imageUrl: z.string(),
  reference: z.string().nullable(),
  estado: z.enum(PAYMENT_PROOF_STATUSES),
  createdAt: z.string(),
  rejectReason: z.string().nullable(),
  paymentId: z.number().int().nullable(),
  /** The client's packages with a balance (pending receipts only; empty otherwise). */
  due: z.array(ZDuePackageSchema),
});
export type TProof = z.infer<typeof ZProofSchema>;
export const ZProofRejectResponseSchema = z.object({ id: z.number().int(), estado: z.literal("RECHAZADO") });
export const ZProofsResponseSchema = z.object({ items: z.array(ZProofSchema) });
export type TProofsResponse = z.infer<typeof ZProofsResponseSchema>;

// --- Routes (issue 33 item 3): every call OFFICE_STAFF ---
const tag = "payments";

/**
 * The body of POST /api/admin/trackings/{id}/charges: one line `{ kind, description, amountColones }`,
 * or several `{ lines: [...] }` added together. Each is checked by its own schema (so a refusal
 * names the field of that form); the handler receives one line or the list. The API reference
 * shows the two forms (the route's `bodyForms`), written by the server when the document is asked for.
 */
export const ZChargeAddSchema = z
  .unknown()
  .transform((raw, ctx): TChargeCreate | TChargeCreate[] => {
    const batch = typeof raw === "object" && raw !== null && "lines" in raw;
    const result = batch ? ZChargeBatchSchema.safeParse(raw) : ZChargeCreateSchema.safeParse(raw);
    if (result.success) return "lines" in result.data ? result.data.lines : result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  })
  .meta({
    description: "Un cargo { kind, description, amountColones } o varios { lines: [{ kind, description, amountColones }, …] } (hasta 10, todos o ninguno).",
  });

export const CHARGES_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/trackings/:id/charges",
  tag,
  summary: "El cobro de un paquete: sus líneas, el total, lo pagado, el saldo y los pagos aplicados",
  params: ZPaymentIdParamsSchema,
  responses: { 200: ZChargesResponseSchema },
});

export const CHARGE_ADD_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/trackings/:id/charges",
  tag,
  summary: "Agrega uno o varios cargos extra a un paquete",
  params: ZPaymentIdParamsSchema,
  body: ZChargeAddSchema,
  bodyForms: [ZChargeCreateSchema, ZChargeBatchSchema],
  responses: { 201: ZChargesResponseSchema },
});

export const CHARGE_REMOVE_ROUTE = defineRoute({
  method: "DELETE",
  path: "/api/admin/trackings/:id/charges/:chargeId",
  tag,
  summary: "Quita un cargo extra de un paquete",
  params: ZChargeParamsSchema,
  responses: { 200: ZChargesResponseSchema },
});

export const PAYMENTS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/payments",
  tag,
  summary: "Los pagos registrados, filtrados por cliente, fechas y método (paginados)",
  query: ZPaymentsQuerySchema,
  responses: { 200: ZPaymentsPageSchema },
});

export const PAYMENTS_DUE_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/payments/due",
  tag,
  summary: "Los paquetes de un cliente con saldo pendiente",
  query: ZDueQuerySchema,
  responses: { 200: ZDueResponseSchema },
});

export const PAYMENT_CREATE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/payments",
  tag,
  summary: "Registra un pago aplicado a uno o varios paquetes",
  body: ZPaymentCreateSchema,
  responses: { 201: ZPaymentResponseSchema },
});

export const PAYMENT_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/payments/:id",
  tag,
  summary: "Un pago con sus paquetes",
  params: ZPaymentIdParamsSchema,
  responses: { 200: ZPaymentResponseSchema },
});

export const PAYMENT_REVERSE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/payments/:id/reverse",
  tag,
  summary: "Revierte un pago, con el motivo",
  params: ZPaymentIdParamsSchema,
  body: ZReverseSchema,
  responses: { 200: ZPaymentResponseSchema },
});

export const PAYMENT_RECEIPT_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/payments/:id/receipt",
  tag,
  summary: "El recibo de un pago (PDF)",
  params: ZPaymentIdParamsSchema,
  responses: { 200: binary("application/pdf") },
});

export const PROOFS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/payment-proofs",
  tag,
  summary: "Los comprobantes SINPE de los clientes, por estado (por revisar: los más antiguos primero)",
  query: ZProofsQuerySchema,
  responses: { 200: ZProofsResponseSchema },
});

export const PROOF_CONFIRM_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/payment-proofs/:id/confirm",
  tag,
  summary: "Confirma un comprobante SINPE: registra su pago",
  params: ZPaymentIdParamsSchema,
  body: ZProofConfirmSchema,
  responses: { 201: ZPaymentResponseSchema },
});

export const PROOF_REJECT_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/payment-proofs/:id/reject",
  tag,
  summary: "Rechaza un comprobante SINPE, con el motivo",
  params: ZPaymentIdParamsSchema,
  body: ZProofRejectSchema,
  responses: { 200: ZProofRejectResponseSchema },
});

// --- Receipt (PDF) texts ---
export const PROOF_WHOLE_BALANCE = "Saldo total";
export const RECEIPT_TITLE = "Recibo de pago N.º";
export const RECEIPT_LEGAL_ID = "Cédula jurídica";
export const RECEIPT_CLIENT = "Cliente";
export const RECEIPT_DATE = "Fecha";
export const RECEIPT_METHOD = "Método";
export const RECEIPT_REFERENCE = "Referencia";
export const RECEIPT_TOTAL = "Total pagado";
export const RECEIPT_HEADERS = ["Tracking", "Descripción", "Monto aplicado"] as const;
export const receiptRecordedBy = (name: string) => `Registrado por ${name}`;
export const receiptReversed = (at: string, reason: string) => `REVERTIDO el ${formatDateTime(at)}: ${reason}`;

// --- The section's texts ---
export const PAYMENTS_TITLE = "Pagos";
export const PROOFS_TITLE = "Comprobantes por revisar";
export const PROOFS_EMPTY = "No hay comprobantes por revisar";
export const PROOFS_LOAD_FAILED = "No se pudieron cargar los comprobantes";
export const RECORD_TITLE = "Registrar pago";
export const LIST_TITLE = "Pagos registrados";
export const LIST_EMPTY = "No hay pagos con esos filtros";
export const LIST_LOAD_FAILED = "No se pudieron cargar los pagos";
export const CLIENT_CODE_LABEL = "Código de cliente";
export const SEARCH_DUE = "Buscar saldos";
export const DUE_EMPTY = "El cliente no tiene paquetes con saldo";
export const METHOD_LABEL = "Método de pago";
export const REFERENCE_LABEL = "Referencia SINPE";
export const NOTES_LABEL = "Notas";
export const PAID_AT_LABEL = "Fecha de pago";
export const PAID_AT_HINT = `Hoy o hasta ${PAID_AT_WINDOW_DAYS} días atrás. Una fecha anterior solo la registra el Dueño, con el motivo.`;
export const PAID_AT_REASON_LABEL = "Motivo de la fecha anterior";
export const reversalCountedOnLine = (day: string) =>
  `La caja del día del pago ya estaba cerrada: la reversión cuenta en la caja del ${formatDate(`${day}T12:00:00-06:00`)}.`;
export const AMOUNT_LABEL = "Monto";
export const RECORD_SUBMIT = "Registrar pago";
export const RECORD_FAILED = "No se pudo registrar el pago";
export const RECORD_NOTHING = "Marca al menos un paquete con su monto";
export const RECEIPT_LINK = "Recibo";
export const REVERSE_BUTTON = "Revertir";
export const REVERSE_TITLE = "Revertir pago";
export const REVERSE_REASON_LABEL = "Motivo";
export const REVERSE_FAILED = "No se pudo revertir el pago";
export const REVERSED_LABEL = "Revertido";
export const CONFIRM_BUTTON = "Confirmar";
/** The question before a SINPE receipt is confirmed (issue 32): the payment it records is real money. */
export const PROOF_CONFIRM_TITLE = "Confirmar comprobante SINPE";
export const proofConfirmQuestion = (amount: string, reference: string, client: string) =>
  `Se registrará un pago SINPE de ${amount} (referencia ${reference}) de ${client} y se emitirá su recibo. Revisa que el monto haya entrado a la cuenta.`;
export const REJECT_BUTTON = "Rechazar";
export const REJECT_REASON_LABEL = "Motivo del rechazo";
export const REVIEW_FAILED = "No se pudo revisar el comprobante";
export const PROOF_IMAGE_ALT = "Comprobante SINPE del cliente";
export const FILTER_FROM = "Desde";
export const FILTER_TO = "Hasta";
export const FILTER_ALL_METHODS = "Todos los métodos";
export const FILTER_APPLY = "Filtrar";
export const CHARGES_TITLE = "Cobro del paquete";
/** The button that opens a package's ChargesDialog. */
export const CHARGES_BUTTON = "Cobro";
export const CHARGE_LINES_LABEL = "Líneas del cobro";
export const CHARGE_PAYMENTS_LABEL = "Pagos aplicados";
export const CHARGES_LOAD_FAILED = "No se pudo cargar el cobro";
export const CHARGE_ADD = "Agregar cargo";
export const chargeAddMany = (n: number) => (n === 1 ? CHARGE_ADD : `Agregar ${n} cargos`);
export const CHARGE_ANOTHER_LINE = "Otra línea";
export const chargeLineLegend = (n: number) => `Cargo ${n}`;
export const CHARGE_LINE_DROP = "Quitar esta línea";
export const CHARGE_REMOVE = "Quitar";
export const CHARGE_KIND_LABEL = "Tipo";
export const CHARGE_DESCRIPTION_LABEL = "Descripción";
export const CHARGE_SAVE_FAILED = "No se pudo guardar el cargo";
export const TOTAL_LABEL = "Total";
export const PAID_LABEL = "Pagado";
export const BALANCE_LABEL = "Saldo";
export const paymentRecordedMessage = (paymentId: number) => `Pago registrado: recibo N.º ${receiptNumber(paymentId)}`;
