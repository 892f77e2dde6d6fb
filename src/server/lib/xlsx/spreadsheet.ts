// Opens an uploaded workbook by what its first bytes say, never by its name: a zip is read as
// .xlsx here in the server (xlsx-reader.ts), an OLE2 compound file as legacy .xls in a worker
// thread (xls-reader.ts), anything else is refused as not a spreadsheet.
import { EXCEL_MAX_ROWS, IMPORT_NOT_SPREADSHEET } from "../../../shared/api/excel";
import { badRequest } from "../../errors";
import { DEFAULT_MAX_COLUMNS, type ReadLimits, type WorkbookData } from "./workbook-data";
import { readXls } from "./xls-reader";
import { readXlsx } from "./xlsx-reader";

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export type SpreadsheetKind = "xlsx" | "xls";

export function detectSpreadsheetKind(buffer: Buffer): SpreadsheetKind | null {
  if (buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50) return "xlsx";
  if (buffer.length >= 512 && buffer.subarray(0, 8).equals(CFB_SIGNATURE)) return "xls";
  return null;
}

export async function readSpreadsheet(
  buffer: Buffer,
  options: Pick<ReadLimits, "wantSheet"> & Partial<ReadLimits>,
): Promise<WorkbookData> {
  const limits: ReadLimits = {
    wantSheet: options.wantSheet,
    maxRows: options.maxRows ?? EXCEL_MAX_ROWS,
    maxColumns: options.maxColumns ?? DEFAULT_MAX_COLUMNS,
  };
  switch (detectSpreadsheetKind(buffer)) {
    case "xlsx":
      return readXlsx(buffer, limits);
    case "xls":
      return readXls(buffer, limits);
    default:
      throw badRequest(IMPORT_NOT_SPREADSHEET);
  }
}
