// What the import reads from an uploaded workbook, whatever its format: the wanted sheets as rows
// of plain values (string, number, boolean, empty) with the spreadsheet's own row numbers.
import { importTooManyRows } from "../../../shared/api/excel";
import { AppError } from "../../errors";

export type CellValue = string | number | boolean | null;

export interface SheetRow {
  /** The spreadsheet's row number (1-based). */
  row: number;
  /** Cell values by column (index 0 is column A); holes and null are empty cells. */
  cells: CellValue[];
}

export interface SheetData {
  name: string;
  /** Only rows with at least one value, in sheet order. */
  rows: SheetRow[];
}

export interface WorkbookData {
  sheets: SheetData[];
}

export interface ReadLimits {
  /** Which sheets to read (by their name in the workbook); the others are never parsed. */
  wantSheet(name: string): boolean;
  /** Data rows allowed per wanted sheet; one more row (the header) is read. */
  maxRows: number;
  /** Columns past this many are ignored. */
  maxColumns: number;
}

export const DEFAULT_MAX_COLUMNS = 64;

export const tooManyRows = (sheet: string) => new AppError("PAYLOAD_TOO_LARGE", 413, importTooManyRows(sheet));
