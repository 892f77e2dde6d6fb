// The manifest of a shipment as .xlsx (issue 20, docs/decisions/130): one row per package (#,
// client code and name, tracking, carrier, description, 1 piece, grams, cubic feet, declared USD)
// and a totals row (the project's writer, lib/xlsx; every text cell through the exports' formula
// neutralization). The PDF is ./manifest.ts; this file does not load the PDF libraries, so the
// first .xlsx download does not pay for them (decision 194). An open shipment's manifest is a
// draft and says so. Totals are the stored sums (shipmentSummaries), never re-added here.
import { xlsxBytes, type XlsxColumn, type XlsxValue } from "../../lib/xlsx/xlsx-writer";
import { neutralizeFormula } from "../excel/cells";
import { costaRicaCellDate } from "../excel/export-service";
import {
  MANIFEST_DRAFT,
  MANIFEST_HEADERS,
  MANIFEST_INFO_SHEET,
  MANIFEST_SHEET,
  MANIFEST_TOTAL,
  SHIPMENT_GUIDE_LABELS,
  SHIPMENT_TRANSPORT_LABELS,
  SHIPMENT_TYPE_LABELS,
  type TShipmentDetail,
} from "../../../shared/api/admin/shipments";
import { SHIPMENT_STATE_LABELS } from "../../../shared/domain/warehouse";
import { invoiceCell } from "../../../shared/api/purchase-invoices";

const text = (value: string | null | undefined): XlsxValue => (value ? neutralizeFormula(value) : null);

/** The lines of the manifest's header (brand, type, guide, transport, date, state). */
export function headerFacts(detail: TShipmentDetail, brand: string): [string, string][] {
  const s = detail.shipment;
  return [
    ["Empresa", brand],
    ["Tipo", SHIPMENT_TYPE_LABELS[s.formaEnvio]],
    [SHIPMENT_GUIDE_LABELS[s.formaEnvio], s.numeroGuia],
    [SHIPMENT_TRANSPORT_LABELS[s.formaEnvio], s.transporte ?? "—"],
    ["Fecha", s.fecha.split("-").reverse().join("/")],
    ["Estado", s.estado === "ABIERTO" ? `${SHIPMENT_STATE_LABELS.ABIERTO} (${MANIFEST_DRAFT})` : SHIPMENT_STATE_LABELS.CERRADO],
  ];
}

const COLUMNS: XlsxColumn[] = [
  { width: 6 },
  { width: 14 },
  { width: 30 },
  { width: 26 },
  { width: 12 },
  { width: 34, wrap: true },
  { width: 8 },
  { width: 12, numFmt: "#,##0" },
  { width: 13, numFmt: "#,##0.000" },
  { width: 20, numFmt: '"$"#,##0.00' },
  { width: 20, wrap: true },
  { width: 10 },
];

/** The manifest as an .xlsx workbook: sheet "Manifiesto" (rows and totals), sheet "Embarque" (its facts). */
export async function manifestXlsx(detail: TShipmentDetail, brand: string, now = new Date()): Promise<{ bytes: Buffer; rows: Record<string, number> }> {
  const bytes = await xlsxBytes({ creator: brand, date: now }, async (workbook) => {
    const sheet = await workbook.addSheet(MANIFEST_SHEET, COLUMNS);
    sheet.addRow([...MANIFEST_HEADERS], { style: "header" });
    detail.packages.forEach((p, i) => {
      sheet.addRow([
        i + 1,
        text(p.clientCode),
        text(p.clientName),
        text(p.trackingCode),
        text(p.carrier),
        text(p.descripcion),
        1,
        p.pesoGramos,
        p.pieCubicos,
        p.valorDeclarado,
        text(p.tiendaOrigen),
        invoiceCell(p.factura),
      ]);
  });
  const t = detail.shipment.totals;
  sheet.addRow([MANIFEST_TOTAL, null, null, null, null, null, t.piezas, t.gramos, t.pieCubicos, t.valorDeclaradoUsd], { style: "group" });
  await workbook.endSheet();
  const info = await workbook.addSheet(MANIFEST_INFO_SHEET, [{ width: 22 }, { width: 48 }]);
  info.addRow(["Dato", "Valor"], { style: "header" });
  for (const [label, value] of headerFacts(detail, brand)) info.addRow([label, text(value)]);
  info.addRow(["Piezas", t.piezas]);
  info.addRow(["Peso total (g)", t.gramos]);
  info.addRow(["Pies cúbicos", t.pieCubicos]);
  info.addRow(["Valor declarado (USD)", t.valorDeclaradoUsd]);
  info.addRow(["Generado", costaRicaCellDate(now)]);
  });
  return { bytes, rows: { [MANIFEST_SHEET]: detail.packages.length } };
}

