// Reads a legacy .xls through xls-worker.mjs (SheetJS in a worker thread, with a memory cap and a
// time limit) and rebuilds the answer from scratch out of primitive values, so nothing the worker
// made — a polluted prototype, a getter, an odd shape — reaches the server's objects.
import { Worker } from "node:worker_threads";
import { IMPORT_CORRUPT, IMPORT_ENCRYPTED, IMPORT_TOO_SLOW } from "../../../shared/api/excel";
import { AppError, badRequest } from "../../errors";
import { tooManyRows, type CellValue, type ReadLimits, type SheetData, type WorkbookData } from "./workbook-data";

const WORKER_URL = new URL("./xls-worker.mjs", import.meta.url);
const WORKER_TIMEOUT_MS = 60_000;
/** SheetJS keeps the whole workbook as objects; a 15 MB .xls fits well within this. */
const WORKER_HEAP_MB = 512;

export interface RawSheet {
  name: string;
  declaredRows: number;
  rows: { row: number; cells: CellValue[] }[];
}

/** Runs the worker on a copy of the file and answers its sheets (all of them, unfiltered). */
export function parseXlsInWorker(buffer: Buffer, limits: Pick<ReadLimits, "maxRows" | "maxColumns">): Promise<RawSheet[]> {
  const copy = new Uint8Array(buffer).buffer;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { buffer: copy, maxRows: limits.maxRows, maxColumns: limits.maxColumns },
      transferList: [copy],
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    // SheetJS may print warnings; they are read and dropped, never shown.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      action();
    };
    const timer = setTimeout(() => finish(() => reject(new AppError("PAYLOAD_TOO_LARGE", 413, IMPORT_TOO_SLOW))), WORKER_TIMEOUT_MS);
    worker.on("message", (message: unknown) => {
      finish(() => {
        try {
          resolve(sanitize(message));
        } catch (err) {
          reject(err);
        }
      });
    });
    // Out of memory, a crash inside SheetJS, or an exit without an answer: the file is unreadable.
    worker.on("error", () => finish(() => reject(badRequest(IMPORT_CORRUPT))));
    worker.on("exit", () => finish(() => reject(badRequest(IMPORT_CORRUPT))));
  });
}

export async function readXls(buffer: Buffer, limits: ReadLimits): Promise<WorkbookData> {
  const sheets: SheetData[] = [];
  for (const sheet of await parseXlsInWorker(buffer, limits)) {
    if (!limits.wantSheet(sheet.name)) continue;
    // The worker reads one row past the limit; a sheet declaring more rows than it read is too long too.
    const lastRead = sheet.rows.length > 0 ? sheet.rows[sheet.rows.length - 1].row : 0;
    if (sheet.rows.length > limits.maxRows + 1 || sheet.declaredRows > Math.max(lastRead, limits.maxRows + 1)) {
      throw tooManyRows(sheet.name);
    }
    sheets.push({ name: sheet.name, rows: sheet.rows });
  }
  return { sheets };
}

function primitive(value: unknown): CellValue {
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number" && Number.isFinite(value)) return value;
  return null;
}

function integer(value: unknown): number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0;
}

/** Copies the worker's answer field by field into fresh arrays and objects. */
function sanitize(message: unknown): RawSheet[] {
  if (typeof message !== "object" || message === null) throw badRequest(IMPORT_CORRUPT);
  const { ok, reason, sheets } = message as { ok?: unknown; reason?: unknown; sheets?: unknown };
  if (ok !== true) throw badRequest(reason === "encrypted" ? IMPORT_ENCRYPTED : IMPORT_CORRUPT);
  if (!Array.isArray(sheets)) throw badRequest(IMPORT_CORRUPT);
  const out: RawSheet[] = [];
  for (let s = 0; s < sheets.length; s++) {
    const sheet = sheets[s] as { name?: unknown; declaredRows?: unknown; rows?: unknown };
    if (typeof sheet !== "object" || sheet === null || typeof sheet.name !== "string" || !Array.isArray(sheet.rows)) {
      throw badRequest(IMPORT_CORRUPT);
    }
    const rows: RawSheet["rows"] = [];
    for (let r = 0; r < sheet.rows.length; r++) {
      const row = sheet.rows[r] as { row?: unknown; cells?: unknown };
      if (typeof row !== "object" || row === null || !Array.isArray(row.cells)) throw badRequest(IMPORT_CORRUPT);
      const cells: CellValue[] = [];
      for (let c = 0; c < row.cells.length; c++) cells.push(primitive(row.cells[c]));
      rows.push({ row: integer(row.row), cells });
    }
    out.push({ name: String(sheet.name), declaredRows: integer(sheet.declaredRows), rows });
  }
  return out;
}
