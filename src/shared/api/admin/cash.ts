// Caja y por cobrar (issue 21, docs/decisions/138): the day's cierre de caja per staff member and
// method (with its Excel download), and cuentas por cobrar (clients with a balance, oldest debt
// first), with the section's Spanish texts. Every amount is a stored one, summed in SQL.
import { z } from "../../validation";
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from "../../domain/charges";
import { ORIGINS, TRACKING_STATUSES } from "../../domain/statuses";
import { isCalendarDay } from "../../domain/dates";
import { formatDate, formatDateTime } from "../../domain/format";
import { ZClientCodeLooseSchema } from "../clients";
import { ZAdminPageSchema, ZAdminSearchSchema } from "./clients";
import { binary, defineRoute } from "../contract";
import { XLSX_CONTENT_TYPE } from "../excel";
import { COMPROBANTE_STATES, ZInvoicingStateSchema } from "./invoices";

const CASH_CLOSING_PATH = "/api/admin/cash/closing";
const CASH_CLOSING_XLSX_PATH = "/api/admin/cash/closing.xlsx";
const CASH_RECEIVABLES_PATH = "/api/admin/cash/receivables";
/** POST { date }: closes that Costa Rica day's cash (docs/decisions/147). */
const CASH_CLOSE_DAY_PATH = "/api/admin/cash/closings";

/** "27/11/2026" for a Costa Rica day "2026-11-27". */
const dayLabel = (day: string) => formatDate(`${day}T12:00:00-06:00`);

export const CASH_DATE_INVALID = "Fecha inválida: usa el formato AAAA-MM-DD";
export const CASH_STAFF_INVALID = "Persona inválida";
export const RECEIVABLE_CLIENT_NOT_FOUND = "Cliente no encontrado";
export const CLOSE_DAY_FUTURE = "No se puede cerrar la caja de un día que todavía no llega";
export const closeDayAlreadyMessage = (day: string) => `La caja del ${dayLabel(day)} ya estaba cerrada`;

/** A real calendar day "2026-11-26" (Costa Rica's). */
const zDay = z
  .string({ error: CASH_DATE_INVALID })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, CASH_DATE_INVALID)
  .refine((v) => isCalendarDay(v) && v >= "2000-01-01" && v <= "2100-12-31", CASH_DATE_INVALID);

export const ZCashClosingQuerySchema = z.object({
  /** Default: today in Costa Rica. */
  date: zDay.optional(),
  /** Only the payments this staff account recorded. */
  staff: z.coerce.number({ error: CASH_STAFF_INVALID }).int(CASH_STAFF_INVALID).positive(CASH_STAFF_INVALID).max(2_147_483_647, CASH_STAFF_INVALID).optional(),
});
export type TCashClosingQuery = z.infer<typeof ZCashClosingQuerySchema>;

/** POST /api/admin/cash/closings: the day to close (required: closing is never implied). */
export const ZCloseDaySchema = z.object({ date: zDay });

const ZMethodSchema = z.enum(PAYMENT_METHODS);

/** Totals by method and their sum, in whole colones. */
export const ZMethodTotalsSchema = z.object({
  SINPE_MOVIL: z.number().int(),
  EFECTIVO: z.number().int(),
  TARJETA: z.number().int(),
  TRANSFERENCIA: z.number().int(),
  total: z.number().int(),
});
export type TMethodTotals = z.infer<typeof ZMethodTotalsSchema>;

export const ZClosingPaymentSchema = z.object({
  /** The receipt number. */
  id: z.number().int(),
  paidAt: z.string(),
  clientCode: z.string(),
  clientName: z.string(),
  method: ZMethodSchema,
  reference: z.string().nullable(),
  amountColones: z.number().int(),
  /** Tracking codes of the packages it paid. */
  packages: z.array(z.string()),
  recordedByName: z.string(),
  /**
   * A payment of a closed day reversed on a later day (decision 147): it still counts here; the
   * reversal counts on `countedOn`. Null otherwise.
   */
  laterReversal: z
    .object({ reversedAt: z.string(), reversedByName: z.string().nullable(), reversalReason: z.string().nullable(), countedOn: z.string() })
    .nullable(),
});
export type TClosingPayment = z.infer<typeof ZClosingPaymentSchema>;

export const ZClosingStaffSchema = z.object({
  /** Null: recorded by no account (the demo data's "Sistema (datos de ejemplo)"). */
  accountId: z.number().int().nullable(),
  staffName: z.string(),
  totals: ZMethodTotalsSchema,
  payments: z.array(ZClosingPaymentSchema),
});
export type TClosingStaff = z.infer<typeof ZClosingStaffSchema>;

export const ZReversedPaymentSchema = ZClosingPaymentSchema.extend({
  reversedAt: z.string(),
  reversedByName: z.string().nullable(),
  reversalReason: z.string().nullable(),
});
export type TReversedPayment = z.infer<typeof ZReversedPaymentSchema>;

/** The day's closing (decision 147): who closed it, when, and the totals as closed. */
export const ZCashDayClosingSchema = z.object({
  closedAt: z.string(),
  closedByName: z.string(),
  totals: ZMethodTotalsSchema,
  paymentCount: z.number().int(),
});
export type TCashDayClosing = z.infer<typeof ZCashDayClosingSchema>;

/**
 * A comprobante electrónico of the day (issue 34 item 6, decision 195): issued that Costa Rica
 * day; with the staff filter, those of the payments that person recorded (a Nota de crédito: the
 * payments they reversed).
 */
export const ZClosingComprobanteSchema = z.object({
  id: z.number().int(),
  /** The receipt number of its payment. */
  paymentId: z.number().int(),
  documentType: z.enum(["01", "03", "04"]),
  typeLabel: z.string(),
  /** Null: it could not be made (refused data), no number was taken. */
  consecutivo: z.string().nullable(),
  clientCode: z.string(),
  clientName: z.string(),
  /** Its payment's amount (what the document totals; a Nota de crédito credits that amount). */
  amountColones: z.number().int(),
  state: z.enum(COMPROBANTE_STATES),
  stateLabel: z.string(),
  issuedAt: z.string(),
});

/** Per kind: how many were issued that day and their amount, rejected ones left out (they are no fiscal document). */
export const ZComprobanteKindTotalSchema = z.object({
  documentType: z.enum(["01", "03", "04"]),
  typeLabel: z.string(),
  count: z.number().int(),
  amountColones: z.number().int(),
  /** Rejected ones that day (listed, not counted). */
  rejected: z.number().int(),
});

export const ZClosingComprobantesSchema = z.object({
  /** off: invoicing is not configured (the screens say so; nothing else is shown unless old ones exist). */
  invoicing: ZInvoicingStateSchema,
  items: z.array(ZClosingComprobanteSchema),
  /** Always 01, 04, 03 in that order. */
  totals: z.array(ZComprobanteKindTotalSchema),
});
export type TClosingComprobantes = z.infer<typeof ZClosingComprobantesSchema>;

/** GET /api/admin/cash/closing */
export const ZCashClosingResponseSchema = z.object({
  /** The day's comprobantes electrónicos (issue 34 item 6). */
  comprobantes: ZClosingComprobantesSchema,
  date: z.string(),
  byStaff: z.array(ZClosingStaffSchema),
  /** The day's totals by method (reversed payments excluded; closed days' reversals made this day subtracted). */
  totals: ZMethodTotalsSchema,
  /** Payments of the day reversed while the day was open: listed apart, not counted. */
  reversed: z.array(ZReversedPaymentSchema),
  /**
   * Reversals made this day of payments of closed days: each counts here as minus its amount, in
   * the group of who reversed it (the closed day is not touched).
   */
  closedDayReversals: z.array(ZReversedPaymentSchema),
  /** Null while the day is open. */
  closing: ZCashDayClosingSchema.nullable(),
  /** Everyone who recorded a payment that day (the staff filter's choices, whatever the filter). */
  staffOptions: z.array(z.object({ accountId: z.number().int(), staffName: z.string() })),
});
export type TCashClosingResponse = z.infer<typeof ZCashClosingResponseSchema>;

export const ZReceivablesQuerySchema = ZAdminPageSchema.extend({ search: ZAdminSearchSchema });
export type TReceivablesQuery = z.infer<typeof ZReceivablesQuerySchema>;

export const ZReceivableSchema = z.object({
  clientCode: z.string(),
  nombre: z.string(),
  telefono: z.string(),
  totalDueColones: z.number().int(),
  /** Packages with a balance. */
  packages: z.number().int(),
  /** The oldest cobrable_at among them; null: none is ready to collect yet. */
  oldestSince: z.string().nullable(),
  /** Costa Rica calendar days since oldestSince. */
  daysDue: z.number().int().nullable(),
});
export type TReceivable = z.infer<typeof ZReceivableSchema>;

/** GET /api/admin/cash/receivables */
export const ZReceivablesResponseSchema = z.object({
  items: z.array(ZReceivableSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totals: z.object({ totalDueColones: z.number().int(), clients: z.number().int() }),
});
export type TReceivablesResponse = z.infer<typeof ZReceivablesResponseSchema>;

export const ZReceivableParamsSchema = z.object({ clientCode: ZClientCodeLooseSchema });

export const ZReceivablePackageSchema = z.object({
  id: z.number().int(),
  trackingCode: z.string(),
  estado: z.enum(TRACKING_STATUSES),
  origen: z.enum(ORIGINS),
  totalColones: z.number().int().nullable(),
  pagadoColones: z.number().int(),
  saldoColones: z.number().int(),
  since: z.string().nullable(),
});

/** GET /api/admin/cash/receivables/{clientCode}: the client's packages with a balance. */
export const ZReceivableDetailSchema = z.object({
  clientCode: z.string(),
  nombre: z.string(),
  telefono: z.string(),
  totalDueColones: z.number().int(),
  packages: z.array(ZReceivablePackageSchema),
});
export type TReceivableDetail = z.infer<typeof ZReceivableDetailSchema>;

// --- Routes (issue 33 item 3): every call OFFICE_STAFF ---
export const CASH_CLOSING_ROUTE = defineRoute({
  method: "GET",
  path: CASH_CLOSING_PATH,
  tag: "cash",
  summary: "El cierre de caja de un día (hoy si no se indica), por persona y método de pago",
  query: ZCashClosingQuerySchema,
  responses: { 200: ZCashClosingResponseSchema },
});

export const CASH_CLOSE_DAY_ROUTE = defineRoute({
  method: "POST",
  path: CASH_CLOSE_DAY_PATH,
  tag: "cash",
  summary: "Cierra la caja de un día: guarda sus totales y ya no se registran ni revierten pagos de ese día",
  body: ZCloseDaySchema,
  responses: { 201: ZCashClosingResponseSchema },
});

export const CASH_CLOSING_XLSX_ROUTE = defineRoute({
  method: "GET",
  path: CASH_CLOSING_XLSX_PATH,
  tag: "cash",
  summary: "El cierre de caja de un día en Excel (queda registrado como exportación)",
  query: ZCashClosingQuerySchema,
  responses: { 200: binary(XLSX_CONTENT_TYPE) },
});

export const CASH_RECEIVABLES_ROUTE = defineRoute({
  method: "GET",
  path: CASH_RECEIVABLES_PATH,
  tag: "cash",
  summary: "Cuentas por cobrar: los clientes con saldo, la deuda más antigua primero",
  query: ZReceivablesQuerySchema,
  responses: { 200: ZReceivablesResponseSchema },
});

export const CASH_RECEIVABLE_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/cash/receivables/:clientCode",
  tag: "cash",
  summary: "Los paquetes con saldo de un cliente",
  params: ZReceivableParamsSchema,
  responses: { 200: ZReceivableDetailSchema },
});

/** Age bands of a debt (Costa Rica days since it became collectable). */
const AGE_BANDS = [
  { key: "reciente", max: 7, label: "0–7 días" },
  { key: "medio", max: 30, label: "8–30 días" },
  { key: "viejo", max: Number.POSITIVE_INFINITY, label: "> 30 días" },
] as const;
type AgeBand = (typeof AGE_BANDS)[number];

export function ageBandOf(daysDue: number): AgeBand {
  return AGE_BANDS.find((b) => daysDue <= b.max) ?? AGE_BANDS[AGE_BANDS.length - 1];
}

export function closingFileName(date: string): string {
  return `cierre-caja-${date}.xlsx`;
}

// --- The Excel workbook's texts ---
export const CLOSING_SUMMARY_SHEET = "Resumen";
export const CLOSING_PAYMENTS_SHEET = "Pagos";
export const CLOSING_SUMMARY_HEADERS = ["Persona", ...PAYMENT_METHODS.map((m) => PAYMENT_METHOD_LABELS[m]), "Total"];
export const CLOSING_DAY_TOTAL = "Total del día";
export const CLOSING_COMPROBANTES_SHEET = "Comprobantes electrónicos";
export const CLOSING_COMPROBANTES_HEADERS = ["Tipo", "Consecutivo", "Recibo", "Fecha y hora", "Código cliente", "Cliente", "Monto", "Estado"];
export const CLOSING_PAYMENTS_HEADERS = ["Recibo", "Fecha y hora", "Persona", "Código cliente", "Cliente", "Método", "Referencia", "Monto", "Paquetes", "Estado"];
export const PAYMENT_VALID = "Vigente";
export function reversedMark(reason: string | null): string {
  return reason ? `Revertido: ${reason}` : "Revertido";
}
/** A closed day's payment reversed on a later day (decision 147): it still counts on its day. */
export function laterReversalMark(countedOn: string, reason: string | null): string {
  return `Vigente en este día; revertido el ${dayLabel(countedOn)} (cuenta en la caja de ese día)${reason ? `: ${reason}` : ""}`;
}
/** A reversal made this day of a closed day's payment: minus its amount here. */
export function closedDayReversalMark(paidAt: string, reason: string | null): string {
  return `Reversión de un pago del ${formatDate(paidAt)} (caja cerrada)${reason ? `: ${reason}` : ""}`;
}
export const closedByLine = (closing: { closedByName: string; closedAt: string }) => `Caja cerrada por ${closing.closedByName} el ${formatDateTime(closing.closedAt)}`;

// --- The section's texts ---
export const CASH_TAB_CLOSING = "Cierre de caja";
export const CASH_TAB_RECEIVABLES = "Cuentas por cobrar";
export const CASH_DATE_LABEL = "Día";
export const CASH_PREVIOUS_DAY = "Anterior";
export const CASH_NEXT_DAY = "Siguiente día";
export const CASH_STAFF_LABEL = "Persona";
export const CASH_STAFF_ALL = "Todo el personal";
export const CASH_DAY_TOTAL = "Total del día";
export const CASH_DOWNLOAD = "Descargar Excel";
export const CASH_LOAD_FAILED = "No se pudo cargar el cierre de caja";
export const CASH_EMPTY = "No hay pagos registrados este día";
export const CASH_REVERSED_TITLE = "Pagos revertidos (no suman)";
// Closing a day (decision 147)
export const CASH_DAY_OPEN = "Caja abierta: todavía se pueden registrar y revertir pagos de este día.";
export const CASH_DAY_CLOSED_TITLE = "Caja cerrada";
export const CASH_CLOSE_BUTTON = "Cerrar caja del día";
export const CASH_CLOSE_CONFIRM = "Cerrar caja";
export const CASH_CLOSE_FAILED = "No se pudo cerrar la caja";
export const cashCloseTitle = (day: string) => `¿Cerrar la caja del ${dayLabel(day)}?`;
export const CASH_CLOSE_WARNING =
  "Se guardan los totales del día de todo el personal tal como están ahora. Después no se podrá registrar, revertir ni cambiar ningún pago de ese día; si luego se revierte uno de sus pagos, la reversión resta en la caja del día en que se haga.";
export const cashClosedToast = (day: string) => `Caja del ${dayLabel(day)} cerrada`;
export const closedTotalsLine = (total: string, count: number) => `Totales al cierre: ${total} en ${count} ${count === 1 ? "pago" : "pagos"}.`;
export const CASH_CLOSED_DAY_REVERSALS_TITLE = "Reversiones de pagos de días cerrados (restan en este día)";
export const laterReversalLine = (countedOn: string, name: string | null, reason: string | null) =>
  `Revertido el ${dayLabel(countedOn)} por ${name ?? "—"}${reason ? `: ${reason}` : ""}. Sigue sumando en este día (caja cerrada); la reversión resta en la caja del ${dayLabel(countedOn)}.`;
export const closedDayReversalLine = (paidAt: string, name: string | null, reason: string | null) =>
  `Pago del ${formatDate(paidAt)} (caja cerrada), revertido por ${name ?? "—"}${reason ? `: ${reason}` : ""}`;
export const CASH_RECEIPT = "Recibo";
export const CASH_COMPROBANTES_EMPTY = "No se emitieron comprobantes electrónicos este día";
export const CASH_COMPROBANTES_TOTALS = "Totales por tipo (los rechazados no suman)";
export const comprobanteCountLabel = (n: number) => (n === 1 ? "1 emitido" : `${n} emitidos`);
export const comprobanteRejectedCountLabel = (n: number) => (n === 1 ? "1 rechazado" : `${n} rechazados`);
export const RECEIVABLES_LOAD_FAILED = "No se pudieron cargar las cuentas por cobrar";
export const RECEIVABLES_EMPTY = "Ningún cliente tiene saldo pendiente";
export const RECEIVABLES_SEARCH_LABEL = "Buscar cliente (nombre, código o teléfono)";
export const RECEIVABLES_TOTAL = "Total por cobrar";
export const RECEIVABLES_NOT_READY = "Aún no listo para entregar";
export const RECEIVABLE_DETAIL_FAILED = "No se pudieron cargar los paquetes del cliente";

export function receivablesClientsLabel(n: number): string {
  return n === 1 ? "1 cliente" : `${n} clientes`;
}
export function packagesLabel(n: number): string {
  return n === 1 ? "1 paquete" : `${n} paquetes`;
}
export function daysDueLabel(days: number): string {
  return days === 1 ? "1 día" : `${days} días`;
}
export function reversedByLine(name: string | null, reason: string | null): string {
  return `Revertido por ${name ?? "—"}${reason ? `: ${reason}` : ""}`;
}
