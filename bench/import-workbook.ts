// The workbook both import benchmarks upload (npm run bench, scripts/bench-excel.ts): like one
// staff would bring, new clients (a tenth as many as packages) and their packages, a few each,
// every status, some notes, each package weighed and priced.
import ExcelJS from "exceljs";
import { TRACKING_COLUMNS } from "../src/shared/api/excel";
import { TRACKING_STATUSES } from "../src/shared/domain/statuses";

/**
 * `revision` 0 creates; a later revision of the same rows moves every package to another status
 * and changes its note (an import of updates: history and a WhatsApp message for each).
 */
export async function benchImportWorkbook(rows: number, revision = 0): Promise<Buffer> {
  const clientCount = Math.max(1, Math.ceil(rows / 10));
  const codes = Array.from({ length: clientCount }, (_, i) => `EXB${String(i).padStart(5, "0")}`);
  const workbook = new ExcelJS.Workbook();
  const clientsSheet = workbook.addWorksheet("Clientes");
  clientsSheet.addRow(["client_code", "nombre", "direccion", "telefono"]);
  codes.forEach((code, i) => clientsSheet.addRow([code, `Cliente de prueba ${String(i).replace(/\d/g, (d) => "abcdefghij"[Number(d)])}`, "Grecia, Alajuela", `+5068${String(i).padStart(7, "0")}`]));
  const trackingSheet = workbook.addWorksheet("Trackings");
  trackingSheet.addRow(TRACKING_COLUMNS.map((c) => c.key));
  for (let i = 0; i < rows; i++) {
    trackingSheet.addRow([
      codes[i % clientCount],
      `TBA${String(i).padStart(12, "0")}`,
      i % 5 === 0 ? "CHINA" : "USA",
      i % 7 === 0 ? "BARCO" : "AVION",
      TRACKING_STATUSES[(i + revision) % TRACKING_STATUSES.length],
      "Artículo de prueba",
      (i % 40) / 4 + 0.5,
      (i % 300) + 9.99,
      "Amazon",
      null,
      revision ? `nota ${revision}` : i % 3 === 0 ? "nota" : null,
      // Priced, as a staff file that makes packages ready or delivered must be (docs/decisions/152).
      i % 7 === 0 ? (i % 20) / 4 + 1 : 500 + (i % 40) * 100,
      6_000 + (i % 50) * 250,
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Clientes rows the workbook of `rows` packages carries. */
export const benchImportClientRows = (rows: number) => Math.max(1, Math.ceil(rows / 10));
