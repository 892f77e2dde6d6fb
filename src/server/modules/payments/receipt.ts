// The payment receipt (issue 21, docs/decisions/136): one A4 page from the STORED payment — the
// brand, "Recibo de pago N.º <id>", the client, each package with the amount applied, the total,
// the method (and reference), who recorded it, and the reversal when there is one. Under them,
// its fiscal standing (issue 34, decision 197): the comprobantes electrónicos the payment has
// (kind, consecutivo and clave, whole), or, with none, that the receipt is not a fiscal document.
import type { PDFPage } from "pdf-lib";
import type { ReceiptInvoice } from "../invoices/downloads";
import type { Brand } from "../../../shared/brand";
import { createPdf, drawFittedText, drawWrappedText, GREY, mm, PAGE_SIZES, BLACK } from "../../lib/pdf/document";
import { formatColones, formatDateTime } from "../../../shared/domain/format";
import { PAYMENT_METHOD_LABELS } from "../../../shared/domain/charges";
import {
  RECEIPT_CLIENT,
  RECEIPT_DATE,
  RECEIPT_HEADERS,
  RECEIPT_LEGAL_ID,
  RECEIPT_METHOD,
  RECEIPT_REFERENCE,
  RECEIPT_TITLE,
  RECEIPT_TOTAL,
  receiptRecordedBy,
  receiptReversed,
  type TPayment,
} from "../../../shared/api/admin/payments";

const PAGE = PAGE_SIZES.A4;

const MARGIN = mm(18);
const ROW = 16;
/** Package rows that fit under the header on one page. */
const ROWS_PER_PAGE = 34;
/** Rows on the last page, under which the total and the rest must fit. */
const LAST_PAGE_ROWS = 20;

/** Printed when the payment has no comprobante electrónico (invoicing off, or its document is being corrected). */
export const RECEIPT_NOT_FISCAL = "Este recibo no es un documento fiscal.";
export const RECEIPT_INVOICE_INTRO = "Comprobante electrónico de este pago:";
export const RECEIPT_INVOICE_CLAVE = "Clave";

export async function receiptPdf(
  payment: TPayment,
  brand: Pick<Brand, "name" | "addressLine" | "phoneDisplay" | "legalId">,
  invoices: readonly ReceiptInvoice[] = [],
): Promise<Uint8Array> {
  const { doc, fonts } = await createPdf({ title: `${RECEIPT_TITLE} ${payment.receiptNumber}`, author: brand.name });
  const width = PAGE[0] - 2 * MARGIN;
  const columns = [
    { x: MARGIN, w: width * 0.34 },
    { x: MARGIN + width * 0.34, w: width * 0.42 },
    { x: MARGIN + width * 0.76, w: width * 0.24, right: true },
  ];
  const line = (page: PDFPage, y: number) => page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.5, color: BLACK });
  const text = (page: PDFPage, value: string, x: number, y: number, w: number, opts: { bold?: boolean; size?: number; right?: boolean; grey?: boolean } = {}) =>
    drawFittedText(page, value, {
      x,
      y,
      maxWidth: w,
      size: opts.size ?? 10,
      minSize: 7,
      font: opts.bold ? fonts.bold : fonts.regular,
      align: opts.right ? "right" : "left",
      color: opts.grey ? GREY : BLACK,
    });

  const chunks: TPayment["allocations"][] = [];
  for (let i = 0; i < payment.allocations.length; i += ROWS_PER_PAGE) chunks.push(payment.allocations.slice(i, i + ROWS_PER_PAGE));
  // The last page keeps room under its rows for the total, notes, reversal and comprobantes.
  const last = chunks.at(-1);
  if (last && last.length > LAST_PAGE_ROWS) chunks.splice(-1, 1, last.slice(0, LAST_PAGE_ROWS), last.slice(LAST_PAGE_ROWS));
  chunks.forEach((rows, n) => {
    const page = doc.addPage(PAGE);
    let y = PAGE[1] - MARGIN - 16;
    text(page, brand.name, MARGIN, y, width * 0.6, { bold: true, size: 18 });
    if (chunks.length > 1) text(page, `${n + 1} / ${chunks.length}`, MARGIN, y, width, { right: true, grey: true, size: 9 });
    y -= 16;
    for (const fact of [
      brand.legalId ? `${RECEIPT_LEGAL_ID}: ${brand.legalId}` : "",
      brand.addressLine,
      brand.phoneDisplay,
    ].filter(Boolean)) {
      text(page, fact, MARGIN, y, width, { size: 9, grey: true });
      y -= 12;
    }
    y -= 14;
    text(page, `${RECEIPT_TITLE} ${payment.receiptNumber}`, MARGIN, y, width, { bold: true, size: 15 });
    y -= 20;
    text(page, `${RECEIPT_DATE}: ${formatDateTime(payment.paidAt)}`, MARGIN, y, width);
    y -= 14;
    text(page, `${RECEIPT_CLIENT}: ${payment.clientName} (${payment.clientCode})`, MARGIN, y, width);
    y -= 14;
    const method = PAYMENT_METHOD_LABELS[payment.method];
    text(page, `${RECEIPT_METHOD}: ${method}${payment.reference ? ` · ${RECEIPT_REFERENCE}: ${payment.reference}` : ""}`, MARGIN, y, width);
    y -= 24;
    line(page, y + ROW - 4);
    RECEIPT_HEADERS.forEach((h, i) => text(page, h, columns[i].x + 2, y, columns[i].w - 4, { bold: true, right: columns[i].right }));
    line(page, y - 4);
    y -= ROW;
    for (const a of rows) {
      const values = [a.trackingCode, a.descripcion ?? "", formatColones(a.amountColones)];
      values.forEach((v, i) => text(page, v, columns[i].x + 2, y, columns[i].w - 4, { right: columns[i].right }));
      y -= ROW;
    }
    if (n < chunks.length - 1) return;
    line(page, y + ROW - 4);
    text(page, RECEIPT_TOTAL, columns[0].x + 2, y, columns[0].w, { bold: true });
    text(page, formatColones(payment.amountColones), columns[2].x + 2, y, columns[2].w - 4, { bold: true, right: true });
    y -= 28;
    text(page, receiptRecordedBy(payment.recordedByName), MARGIN, y, width);
    if (payment.notas) y = drawWrappedText(page, payment.notas, { x: MARGIN, y: y - 14, maxWidth: width, size: 9, font: fonts.regular, color: GREY, maxLines: 4 });
    if (payment.reversedAt) {
      y -= 24;
      y = drawWrappedText(page, receiptReversed(payment.reversedAt, payment.reversalReason ?? ""), {
        x: MARGIN,
        y,
        maxWidth: width,
        size: 12,
        font: fonts.bold,
        maxLines: 4,
      });
    }
    // The fiscal standing: the documents by kind, consecutivo (20 digits) and clave (50), each whole on its line.
    y -= 20;
    if (invoices.length === 0) {
      text(page, RECEIPT_NOT_FISCAL, MARGIN, y, width, { size: 9, grey: true });
      return;
    }
    text(page, RECEIPT_INVOICE_INTRO, MARGIN, y, width, { bold: true, size: 9 });
    for (const invoice of invoices) {
      y -= 13;
      text(page, `${invoice.typeLabel} N.º ${invoice.consecutivo}`, MARGIN, y, width, { size: 9 });
      y -= 12;
      text(page, `${RECEIPT_INVOICE_CLAVE}: ${invoice.clave}`, MARGIN, y, width, { size: 9 });
    }
  });
  return doc.save();
}
