// The warehouse's daily report as .xlsx (issue 32 item 8, docs/decisions/154): one sheet per
// section (Recibidos del día, Sin embarque, Sin dueño by age band, Sin peso o monto), written by
// the project's writer (lib/xlsx) with the exports' formula neutralization on every text cell.
import { xlsxBytes, type XlsxColumn, type XlsxValue } from "../../lib/xlsx/xlsx-writer";
import { neutralizeFormula } from "../excel/cells";
import { costaRicaCellDate } from "../excel/export-service";
import { SHIPPING_TYPE_LABELS, trackingStatusLabel, type ShippingType } from "../../../shared/domain/statuses";
import {
  REPORT_MISSING_HEADERS,
  REPORT_PACKAGE_HEADERS,
  REPORT_SHEETS,
  REPORT_UNCLAIMED_HEADERS,
  type TReportPackage,
  type TWarehouseReport,
} from "../../../shared/api/admin/warehouse-report";

const COLONES = '"₡"#,##0';
const WHEN = "dd/mm/yyyy hh:mm";
const text = (value: string | null | undefined): XlsxValue => (value ? neutralizeFormula(value) : null);
const when = (iso: string | null): XlsxValue => (iso ? costaRicaCellDate(new Date(iso)) : null);

const PACKAGE_COLUMNS: XlsxColumn[] = [
  { width: 24 },
  { width: 14 },
  { width: 28 },
  { width: 22 },
  { width: 10 },
  { width: 17, numFmt: WHEN },
  { width: 10 },
  { width: 10 },
  { width: 9 },
  { width: 13, numFmt: COLONES },
];
const UNCLAIMED_COLUMNS: XlsxColumn[] = [{ width: 16 }, { width: 24 }, { width: 14 }, { width: 16 }, { width: 10 }, { width: 17, numFmt: WHEN }, { width: 8 }];

function packageRow(p: TReportPackage): XlsxValue[] {
  return [
    text(p.trackingCode),
    text(p.clientCode),
    text(p.clientName),
    trackingStatusLabel(p.estado, p.origen),
    SHIPPING_TYPE_LABELS[p.formaEnvio as ShippingType] ?? text(p.formaEnvio),
    when(p.receivedAt),
    p.days,
    p.pesoGramos,
    p.pieCubicos,
    p.montoColones,
  ];
}

/** The workbook's bytes and its data rows per sheet (for the export's audit record). */
export async function warehouseReportXlsx(report: TWarehouseReport, brand: string, now = new Date()): Promise<{ bytes: Buffer; rows: Record<string, number> }> {
  const unclaimedRows = report.unclaimed.bands.reduce((n, b) => n + b.rows.length, 0);
  const bytes = await xlsxBytes({ creator: brand, date: now }, async (workbook) => {
    const received = await workbook.addSheet(REPORT_SHEETS.received, PACKAGE_COLUMNS);
    received.addRow([...REPORT_PACKAGE_HEADERS], { style: "header" });
    for (const p of report.received.rows) received.addRow(packageRow(p));
    await workbook.endSheet();

    const notShipped = await workbook.addSheet(REPORT_SHEETS.notShipped, PACKAGE_COLUMNS);
    notShipped.addRow([...REPORT_PACKAGE_HEADERS], { style: "header" });
    for (const p of report.notShipped.rows) notShipped.addRow(packageRow(p));
    await workbook.endSheet();

    const unclaimed = await workbook.addSheet(REPORT_SHEETS.unclaimed, UNCLAIMED_COLUMNS);
    unclaimed.addRow([...REPORT_UNCLAIMED_HEADERS], { style: "header" });
    for (const band of report.unclaimed.bands) {
      unclaimed.addRow([text(`${band.label}: ${band.count}`)], { style: "group" });
      for (const r of band.rows) unclaimed.addRow([text(band.label), text(r.trackingCode), text(r.carrier), text(r.clientCodeHint), r.pesoGramos, when(r.receivedAt), r.days]);
    }
    await workbook.endSheet();

    const missing = await workbook.addSheet(REPORT_SHEETS.missing, [...PACKAGE_COLUMNS, { width: 20 }]);
    missing.addRow([...REPORT_MISSING_HEADERS], { style: "header" });
    for (const p of report.missing.rows) missing.addRow([...packageRow(p), p.motivo]);
    await workbook.endSheet();
  });
  return {
    bytes,
    rows: {
      [REPORT_SHEETS.received]: report.received.rows.length,
      [REPORT_SHEETS.notShipped]: report.notShipped.rows.length,
      [REPORT_SHEETS.unclaimed]: unclaimedRows,
      [REPORT_SHEETS.missing]: report.missing.rows.length,
    },
  };
}
