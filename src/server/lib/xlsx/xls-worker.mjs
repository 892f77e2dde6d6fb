// @ts-check
// Parses a legacy .xls in its own worker thread and posts back plain values only. SheetJS is
// `@e965/xlsx`, the fixed 0.20.3 republished (decision 166; the registry's `xlsx` stopped at 0.18.5,
// with a prototype-pollution bug and a ReDoS). The thread stays as a second wall (decision 074):
// whatever a crafted file could still do here dies with the thread; the server receives a
// structured-clone copy of arrays of strings, numbers and booleans (see xls-reader.ts).
// Plain JavaScript so the thread starts without the TypeScript loader.
import { parentPort, workerData } from "node:worker_threads";
import * as XLSX from "@e965/xlsx";

/** @param {{ buffer: ArrayBuffer, maxRows: number, maxColumns: number }} input */
function parse(input) {
  const workbook = XLSX.read(new Uint8Array(input.buffer), {
    type: "array",
    // Reads at most the header, maxRows data rows and one more (to know the sheet is too long).
    sheetRows: input.maxRows + 2,
    cellFormula: false,
    cellHTML: false,
    cellText: false,
    cellStyles: false,
    cellDates: false,
    bookVBA: false,
  });
  const sheets = [];
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    const ref = sheet && sheet["!ref"];
    if (!ref) {
      sheets.push({ name: String(name), declaredRows: 0, rows: [] });
      continue;
    }
    const range = XLSX.utils.decode_range(ref);
    const full = sheet["!fullref"] ? XLSX.utils.decode_range(sheet["!fullref"]) : range;
    const rows = [];
    const lastColumn = Math.min(range.e.c, input.maxColumns - 1);
    for (let r = range.s.r; r <= range.e.r; r++) {
      const cells = [];
      let hasValue = false;
      for (let c = range.s.c; c <= lastColumn; c++) {
        const cell = sheet[XLSX.utils.encode_cell({ r, c })];
        const value = cell ? plainValue(cell) : null;
        cells[c] = value;
        if (value !== null && value !== "") hasValue = true;
      }
      if (hasValue) rows.push({ row: r + 1, cells });
    }
    sheets.push({ name: String(name), declaredRows: full.e.r + 1, rows });
  }
  return sheets;
}

/** @param {{ t?: string, v?: unknown, w?: string }} cell */
function plainValue(cell) {
  switch (cell.t) {
    case "s":
      return typeof cell.v === "string" ? cell.v : String(cell.v ?? "");
    case "n":
      return typeof cell.v === "number" && Number.isFinite(cell.v) ? cell.v : null;
    case "b":
      return cell.v === true;
    case "e":
      return typeof cell.w === "string" ? cell.w : "#ERROR";
    case "d":
      return cell.v instanceof Date ? cell.v.toISOString() : null;
    default:
      return null;
  }
}

try {
  parentPort?.postMessage({ ok: true, sheets: parse(workerData) });
} catch (err) {
  const message = err instanceof Error ? err.message : String(err);
  parentPort?.postMessage({ ok: false, reason: /password|encrypt/i.test(message) ? "encrypted" : "corrupt" });
}
