// The cierre de caja as .xlsx (issue 21, docs/decisions/138): sheet "Resumen" (a row per staff
// member with their totals by method, then the day's totals) and sheet "Pagos" (every payment of
// the day, reversed ones marked and counted nowhere). The numbers are the closing's own (the
// database's sums), written by the project's writer (lib/xlsx) with the exports' formula
// neutralization on every text cell.
import { xlsxBytes, type XlsxColumn, type XlsxValue } from "../../lib/xlsx/xlsx-writer";
import { neutralizeFormula } from "../excel/cells";
import { costaRicaCellDate } from "../excel/export-service";
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from "../../../shared/domain/charges";
import {
  CLOSING_COMPROBANTES_HEADERS,
  CLOSING_COMPROBANTES_SHEET,
  CASH_COMPROBANTES_TOTALS,
  comprobanteCountLabel,
  comprobanteRejectedCountLabel,
  CLOSING_DAY_TOTAL,
  closedByLine,
  closedDayReversalMark,
  laterReversalMark,
  CLOSING_PAYMENTS_HEADERS,
  CLOSING_PAYMENTS_SHEET,
  CLOSING_SUMMARY_HEADERS,
  CLOSING_SUMMARY_SHEET,
  PAYMENT_VALID,
  reversedMark,
  type TCashClosingResponse,
  type TClosingPayment,
  type TMethodTotals,
} from "../../../shared/api/admin/cash";

const COLONES = '"₡"#,##0';
const text = (value: string | null | undefined): XlsxValue => (value ? neutralizeFormula(value) : null);
const totalsRow = (label: string, t: TMethodTotals): XlsxValue[] => [text(label), ...PAYMENT_METHODS.map((m) => t[m]), t.total];

const SUMMARY_COLUMNS: XlsxColumn[] = [{ width: 30 }, ...PAYMENT_METHODS.map(() => ({ width: 15, numFmt: COLONES })), { width: 16, numFmt: COLONES }];
const PAYMENT_COLUMNS: XlsxColumn[] = [
  { width: 9 },
  { width: 17, numFmt: "dd/mm/yyyy hh:mm" },
  { width: 26 },
  { width: 14 },
  { width: 28 },
  { width: 15 },
  { width: 18 },
  { width: 14, numFmt: COLONES },
  { width: 40, wrap: true },
  { width: 36, wrap: true },
];

const COMPROBANTE_COLUMNS: XlsxColumn[] = [
  { width: 26 },
  { width: 24 },
  { width: 9 },
  { width: 17, numFmt: "dd/mm/yyyy hh:mm" },
  { width: 14 },
  { width: 28 },
  { width: 14, numFmt: COLONES },
  { width: 14 },
];

/** A payment's row; a closed day's reversal made this day: when and by whom it was reversed, minus the amount. */
function paymentRow(p: TClosingPayment, estado: string, reversal?: { at: string; byName: string | null }): XlsxValue[] {
  return [
    p.id,
    costaRicaCellDate(new Date(reversal?.at ?? p.paidAt)),
    text(reversal ? reversal.byName : p.recordedByName),
    text(p.clientCode),
    text(p.clientName),
    PAYMENT_METHOD_LABELS[p.method],
    text(p.reference),
    reversal ? -p.amountColones : p.amountColones,
    text(p.packages.join(", ")),
    text(estado),
  ];
}

/** The workbook's bytes and its data rows per sheet (for the export's audit record). */
export async function closingXlsx(closing: TCashClosingResponse, brand: string, now = new Date()): Promise<{ bytes: Buffer; rows: Record<string, number> }> {
  let rows = 0;
  let comprobanteRows: number | undefined;
  const bytes = await xlsxBytes({ creator: brand, date: now }, async (workbook) => {
    const summary = await workbook.addSheet(CLOSING_SUMMARY_SHEET, SUMMARY_COLUMNS);
    summary.addRow([...CLOSING_SUMMARY_HEADERS], { style: "header" });
    for (const staff of closing.byStaff) summary.addRow(totalsRow(staff.staffName, staff.totals));
    summary.addRow(totalsRow(`${CLOSING_DAY_TOTAL} ${closing.date.split("-").reverse().join("/")}`, closing.totals), { style: "group" });
    if (closing.closing) summary.addRow([text(closedByLine(closing.closing))]);
    await workbook.endSheet();

    const sheet = await workbook.addSheet(CLOSING_PAYMENTS_SHEET, PAYMENT_COLUMNS);
    sheet.addRow([...CLOSING_PAYMENTS_HEADERS], { style: "header" });
    const valid = closing.byStaff.flatMap((s) => s.payments).sort((a, b) => a.paidAt.localeCompare(b.paidAt) || a.id - b.id);
    for (const p of valid) sheet.addRow(paymentRow(p, p.laterReversal ? laterReversalMark(p.laterReversal.countedOn, p.laterReversal.reversalReason) : PAYMENT_VALID));
    for (const p of closing.reversed) sheet.addRow(paymentRow(p, reversedMark(p.reversalReason)));
    for (const p of closing.closedDayReversals) {
      sheet.addRow(paymentRow(p, closedDayReversalMark(p.paidAt, p.reversalReason), { at: p.reversedAt, byName: p.reversedByName }));
    }
    await workbook.endSheet();
    rows = valid.length + closing.reversed.length + closing.closedDayReversals.length;

    // The day's comprobantes electrónicos (issue 34 item 6): no sheet while invoicing is off and
    // the day has none (nothing new in the file then).
    const { comprobantes } = closing;
    if (comprobantes.invoicing === "on" || comprobantes.items.length > 0) {
      const list = await workbook.addSheet(CLOSING_COMPROBANTES_SHEET, COMPROBANTE_COLUMNS);
      list.addRow([...CLOSING_COMPROBANTES_HEADERS], { style: "header" });
      for (const c of comprobantes.items) {
        list.addRow([
          text(c.typeLabel),
          c.consecutivo ? text(c.consecutivo) : null,
          c.paymentId,
          costaRicaCellDate(new Date(c.issuedAt)),
          text(c.clientCode),
          text(c.clientName),
          c.amountColones,
          text(c.stateLabel),
        ]);
      }
      list.addRow([]);
      list.addRow([text(CASH_COMPROBANTES_TOTALS)], { style: "header" });
      for (const t of comprobantes.totals) {
        const counts = comprobanteCountLabel(t.count) + (t.rejected ? ` · ${comprobanteRejectedCountLabel(t.rejected)}` : "");
        // The amount under "Monto".
        list.addRow([text(t.typeLabel), null, null, null, null, text(counts), t.amountColones, null], { style: "group" });
      }
      await workbook.endSheet();
      comprobanteRows = comprobantes.items.length;
    }
  });
  return {
    bytes,
    rows: {
      [CLOSING_SUMMARY_SHEET]: closing.byStaff.length,
      [CLOSING_PAYMENTS_SHEET]: rows,
      ...(comprobanteRows === undefined ? {} : { [CLOSING_COMPROBANTES_SHEET]: comprobanteRows }),
    },
  };
}
