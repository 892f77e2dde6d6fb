// The manifest of a shipment as a printable A4 landscape PDF (issue 20, docs/decisions/130; lib/pdf):
// the same rows, header facts and stored totals as the .xlsx (./manifest-xlsx.ts), the header block
// on every page. An open shipment's manifest is a draft and says so.
import { BLACK, GREY, createPdf, drawFittedText, mm } from "../../lib/pdf/document";
import { MANIFEST_HEADERS, MANIFEST_TOTAL, type TShipmentDetail } from "../../../shared/api/admin/shipments";
import { formatQuantity, formatUsd, formatWholeNumber } from "../../../shared/domain/format";
import { invoiceCell } from "../../../shared/api/purchase-invoices";
import { headerFacts } from "./manifest-xlsx";

// --- PDF: A4 landscape, the header block on every page, the column headers, rows, totals last ---

const PAGE: [number, number] = [841.89, 595.28];
const MARGIN = mm(12);
const ROW = 15;
const HEADER_BLOCK = 78;
/** Package rows on one page (the totals row takes one more line on the last page). */
export const MANIFEST_ROWS_PER_PAGE = Math.floor((PAGE[1] - 2 * MARGIN - HEADER_BLOCK - ROW - 20) / ROW);

/** Pages of the PDF manifest of `packages` rows (and the totals row). */
export const manifestPageCount = (packages: number) => Math.max(1, Math.ceil((packages + 1) / MANIFEST_ROWS_PER_PAGE));

/** Column widths as shares of the usable width. */
const PDF_COLUMNS: { share: number; align?: "right" }[] = [
  { share: 0.03, align: "right" },
  { share: 0.07 },
  { share: 0.13 },
  { share: 0.14 },
  { share: 0.07 },
  { share: 0.15 },
  { share: 0.04, align: "right" },
  { share: 0.07, align: "right" },
  { share: 0.07, align: "right" },
  { share: 0.08, align: "right" },
  { share: 0.09 },
  { share: 0.06 },
];

// The screens' number style (decision 219): cubic feet to at most 3 decimals, dollars to the cent.
const decimals = (n: number | null, digits: 2 | 3) => (n === null ? "" : digits === 2 ? formatUsd(n).slice(1) : formatQuantity(n, 3));

export async function manifestPdf(detail: TShipmentDetail, brand: string): Promise<Uint8Array> {
  const s = detail.shipment;
  const { doc, fonts } = await createPdf({ title: `Manifiesto ${s.numeroGuia}`, author: brand });
  const width = PAGE[0] - 2 * MARGIN;
  const xs: number[] = [];
  PDF_COLUMNS.reduce((x, c) => (xs.push(x), x + c.share * width), MARGIN);
  const cells = (values: string[], y: number, bold: boolean, page: ReturnType<typeof doc.addPage>) => {
    values.forEach((value, i) => {
      const col = PDF_COLUMNS[i];
      drawFittedText(page, value, {
        x: xs[i] + 2,
        y,
        maxWidth: col.share * width - 4,
        size: 8,
        minSize: 6,
        font: bold ? fonts.bold : fonts.regular,
        align: col.align ?? "left",
      });
    });
  };
  const rows = [...detail.packages.map((p, i) => ({ p, i })), null];
  const pages = manifestPageCount(detail.packages.length);
  const facts = headerFacts(detail, brand);
  for (let n = 0; n < pages; n++) {
    const page = doc.addPage(PAGE);
    let y = PAGE[1] - MARGIN - 16;
    drawFittedText(page, `Manifiesto de embarque · ${brand}`, { x: MARGIN, y, maxWidth: width * 0.7, size: 16, minSize: 10, font: fonts.bold });
    drawFittedText(page, `Página ${n + 1} de ${pages}`, { x: MARGIN, y, maxWidth: width, size: 9, font: fonts.regular, align: "right", color: GREY });
    y -= 20;
    // Facts in three columns of two lines.
    facts.slice(1).forEach(([label, value], i) => {
      const col = i % 3;
      const line = Math.floor(i / 3);
      drawFittedText(page, `${label}: ${value}`, { x: MARGIN + (col * width) / 3, y: y - line * 14, maxWidth: width / 3 - 8, size: 10, minSize: 7, font: fonts.regular });
    });
    const t = s.totals;
    y -= 28;
    drawFittedText(
      page,
      `Piezas: ${formatWholeNumber(t.piezas)} · Peso: ${formatWholeNumber(t.gramos)} g · Pies cúbicos: ${decimals(t.pieCubicos, 3)} · Valor declarado: ${formatUsd(t.valorDeclaradoUsd)}`,
      { x: MARGIN, y, maxWidth: width, size: 10, minSize: 7, font: fonts.bold },
    );
    y = PAGE[1] - MARGIN - HEADER_BLOCK;
    page.drawLine({ start: { x: MARGIN, y: y + ROW - 4 }, end: { x: MARGIN + width, y: y + ROW - 4 }, thickness: 0.5, color: BLACK });
    cells([...MANIFEST_HEADERS], y, true, page);
    page.drawLine({ start: { x: MARGIN, y: y - 4 }, end: { x: MARGIN + width, y: y - 4 }, thickness: 0.5, color: BLACK });
    y -= ROW;
    for (const row of rows.slice(n * MANIFEST_ROWS_PER_PAGE, (n + 1) * MANIFEST_ROWS_PER_PAGE)) {
      if (row === null) {
        page.drawLine({ start: { x: MARGIN, y: y + ROW - 4 }, end: { x: MARGIN + width, y: y + ROW - 4 }, thickness: 0.5, color: BLACK });
        cells([MANIFEST_TOTAL, "", "", "", "", "", formatWholeNumber(t.piezas), formatWholeNumber(t.gramos), decimals(t.pieCubicos, 3), decimals(t.valorDeclaradoUsd, 2)], y, true, page);
      } else {
        const { p, i } = row;
        cells(
          [String(i + 1), p.clientCode, p.clientName, p.trackingCode, p.carrier ?? "", p.descripcion ?? "", "1", p.pesoGramos === null ? "" : formatWholeNumber(p.pesoGramos), decimals(p.pieCubicos, 3), decimals(p.valorDeclarado, 2), p.tiendaOrigen ?? "", invoiceCell(p.factura)],
          y,
          false,
          page,
        );
      }
      y -= ROW;
    }
  }
  return doc.save();
}
