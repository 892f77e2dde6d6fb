// Reads the values of the wanted sheets of a .xlsx: package relations → workbook → its relations →
// shared strings and sheets, each entry inflated through zip-archive.ts (bounded) and tokenized
// through xml-scanner.ts (streaming). Only what the import needs is kept: cell values by column,
// with the cached result of formulas; styles, comments and drawings are never opened. Rows are
// counted while reading, so a sheet over the limit stops the read at once.
import { StringDecoder } from "node:string_decoder";
import { IMPORT_CORRUPT, IMPORT_NOT_SPREADSHEET } from "../../../shared/api/excel";
import { badRequest } from "../../errors";
import { tooManyRows, type CellValue, type ReadLimits, type SheetData, type SheetRow, type WorkbookData } from "./workbook-data";
import { XmlScanner, XmlSyntaxError, type XmlHandler } from "./xml-scanner";
import { inflateEntry, readZipDirectory, type ZipEntry } from "./zip-archive";

/** Excel keeps 32 767 characters per cell; far more than that is not a spreadsheet cell. */
const MAX_CELL_CHARS = 1_000_000;
const MAX_ROW_NUMBER = 1_048_576;

const corrupt = () => badRequest(IMPORT_CORRUPT);

export async function readXlsx(buffer: Buffer, limits: ReadLimits): Promise<WorkbookData> {
  const entries = readZipDirectory(buffer);
  const packageRels = entries.has("_rels/.rels") ? await readRelationships(buffer, entries, "_rels/.rels", "") : [];
  const officeDocument = packageRels.find((rel) => rel.type.endsWith("/officeDocument"));
  const workbookPath = officeDocument?.target ?? "xl/workbook.xml";
  // A zip without an XML workbook (a .docx, a binary .xlsb, an archive renamed .xlsx) is not a spreadsheet we read.
  if (!workbookPath.endsWith(".xml") || !entries.has(workbookPath)) throw badRequest(IMPORT_NOT_SPREADSHEET);

  const baseDir = workbookPath.slice(0, workbookPath.lastIndexOf("/") + 1);
  const relsPath = `${baseDir}_rels/${workbookPath.slice(baseDir.length)}.rels`;
  const workbookRels = entries.has(relsPath) ? await readRelationships(buffer, entries, relsPath, baseDir) : [];
  const sheets = await readSheetList(buffer, entries, workbookPath);

  const wanted = sheets
    .filter((sheet) => limits.wantSheet(sheet.name))
    .map((sheet) => ({ name: sheet.name, path: workbookRels.find((rel) => rel.id === sheet.relId)?.target }));
  if (wanted.length === 0) return { sheets: [] };

  const sharedStringsRel = workbookRels.find((rel) => rel.type.endsWith("/sharedStrings"));
  const sharedStrings =
    sharedStringsRel && entries.has(sharedStringsRel.target)
      ? await readSharedStrings(buffer, entries, sharedStringsRel.target)
      : [];

  const result: SheetData[] = [];
  for (const sheet of wanted) {
    if (!sheet.path || !entries.has(sheet.path)) throw corrupt();
    result.push({ name: sheet.name, rows: await readSheet(buffer, entries, sheet.path, sheet.name, sharedStrings, limits) });
  }
  return { sheets: result };
}

async function scanEntry(buffer: Buffer, entries: Map<string, ZipEntry>, name: string, handler: XmlHandler): Promise<void> {
  const entry = entries.get(name);
  if (!entry) throw corrupt();
  const decoder = new StringDecoder("utf8");
  const scanner = new XmlScanner(handler);
  try {
    for await (const chunk of inflateEntry(buffer, entry)) scanner.write(decoder.write(chunk));
    scanner.write(decoder.end());
    scanner.end();
  } catch (err) {
    if (err instanceof XmlSyntaxError) throw corrupt();
    throw err;
  }
}

interface Relationship {
  id: string;
  type: string;
  /** The part's path inside the zip, resolved. */
  target: string;
}

async function readRelationships(
  buffer: Buffer,
  entries: Map<string, ZipEntry>,
  path: string,
  baseDir: string,
): Promise<Relationship[]> {
  const rels: Relationship[] = [];
  await scanEntry(buffer, entries, path, {
    open(name, attributes) {
      if (name !== "Relationship" || attributes.TargetMode === "External") return;
      if (!attributes.Id || !attributes.Target) return;
      rels.push({ id: attributes.Id, type: attributes.Type ?? "", target: resolvePart(baseDir, attributes.Target) });
    },
    close() {},
    text() {},
  });
  return rels;
}

/** "worksheets/sheet1.xml" from xl/ → "xl/worksheets/sheet1.xml"; "/xl/…" is already absolute. */
export function resolvePart(baseDir: string, target: string): string {
  const raw = target.startsWith("/") ? target.slice(1) : baseDir + target;
  const parts: string[] = [];
  for (const segment of raw.split("/")) {
    if (segment === "..") parts.pop();
    else if (segment && segment !== ".") parts.push(segment);
  }
  return parts.join("/");
}

async function readSheetList(
  buffer: Buffer,
  entries: Map<string, ZipEntry>,
  workbookPath: string,
): Promise<{ name: string; relId: string }[]> {
  const sheets: { name: string; relId: string }[] = [];
  await scanEntry(buffer, entries, workbookPath, {
    open(name, attributes) {
      if (name !== "sheet") return;
      // The relationship id is r:id under whatever prefix the writer bound to the namespace.
      const idKey = Object.keys(attributes).find((key) => key.endsWith(":id"));
      if (attributes.name && idKey) sheets.push({ name: attributes.name, relId: attributes[idKey] });
    },
    close() {},
    text() {},
  });
  return sheets;
}

/** OOXML writes characters XML cannot hold as _xHHHH_ (and a literal "_x" as _x005F_x). */
export function decodeOoxmlEscapes(text: string): string {
  return text.includes("_x") ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text;
}

async function readSharedStrings(buffer: Buffer, entries: Map<string, ZipEntry>, path: string): Promise<string[]> {
  const strings: string[] = [];
  let parts: string[] | null = null;
  let length = 0;
  let phonetic = 0;
  let inText = false;
  await scanEntry(buffer, entries, path, {
    open(name, _attributes, selfClosing) {
      if (name === "si") {
        parts = [];
        length = 0;
      } else if (name === "rPh") {
        if (!selfClosing) phonetic++;
      } else if (name === "t") {
        inText = parts !== null && phonetic === 0 && !selfClosing;
      }
    },
    close(name) {
      if (name === "t") inText = false;
      else if (name === "rPh") phonetic = Math.max(0, phonetic - 1);
      else if (name === "si" && parts) {
        strings.push(decodeOoxmlEscapes(parts.join("")));
        parts = null;
      }
    },
    text(value) {
      if (!inText || !parts) return;
      length += value.length;
      if (length > MAX_CELL_CHARS) throw corrupt();
      parts.push(value);
    },
  });
  return strings;
}

/** "AB12" → 27 (zero-based column); null when the reference is not a cell address. */
export function columnIndexOf(reference: string): number | null {
  const match = /^([A-Za-z]{1,3})\d*$/.exec(reference);
  if (!match) return null;
  let index = 0;
  for (const ch of match[1].toUpperCase()) index = index * 26 + (ch.charCodeAt(0) - 64);
  return index - 1;
}

interface CellState {
  column: number;
  type: string;
  value: string[] | null;
  inline: string[] | null;
  length: number;
}

function cellValue(cell: CellState, sharedStrings: string[]): CellValue {
  const raw = cell.value?.join("") ?? null;
  switch (cell.type) {
    case "s": {
      const index = raw === null ? NaN : Number(raw.trim());
      return Number.isInteger(index) && index >= 0 && index < sharedStrings.length ? sharedStrings[index] : null;
    }
    case "inlineStr":
      return cell.inline ? decodeOoxmlEscapes(cell.inline.join("")) : raw === null ? null : decodeOoxmlEscapes(raw);
    case "str":
    case "e":
    case "d":
      return raw === null ? null : decodeOoxmlEscapes(raw);
    case "b":
      return raw === null ? null : raw.trim() === "1" || raw.trim().toLowerCase() === "true";
    default: {
      if (raw === null || raw.trim() === "") return null;
      const n = Number(raw);
      return Number.isFinite(n) ? n : raw;
    }
  }
}

async function readSheet(
  buffer: Buffer,
  entries: Map<string, ZipEntry>,
  path: string,
  sheetName: string,
  sharedStrings: string[],
  limits: ReadLimits,
): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  let inSheetData = false;
  let row: (SheetRow & { hasValue: boolean }) | null = null;
  let lastRow = 0;
  let lastColumn = -1;
  let cell: CellState | null = null;
  let capture: "value" | "inline" | null = null;
  let phonetic = 0;

  await scanEntry(buffer, entries, path, {
    open(name, attributes, selfClosing) {
      switch (name) {
        case "sheetData":
          inSheetData = !selfClosing;
          break;
        case "row": {
          if (!inSheetData) break;
          const declared = attributes.r === undefined ? NaN : Number(attributes.r);
          const number = Number.isInteger(declared) ? declared : lastRow + 1;
          if (number < 1 || number > MAX_ROW_NUMBER) throw corrupt();
          row = { row: number, cells: [], hasValue: false };
          lastColumn = -1;
          break;
        }
        case "c": {
          if (!row) break;
          const column = attributes.r === undefined ? lastColumn + 1 : columnIndexOf(attributes.r);
          if (column === null) throw corrupt();
          lastColumn = column;
          cell = { column, type: attributes.t ?? "n", value: null, inline: null, length: 0 };
          break;
        }
        case "v":
          if (cell && !selfClosing) {
            cell.value = [];
            capture = "value";
          }
          break;
        case "is":
          if (cell) cell.inline = [];
          break;
        case "rPh":
          if (!selfClosing) phonetic++;
          break;
        case "t":
          if (cell?.inline && phonetic === 0 && !selfClosing) capture = "inline";
          break;
        case "f":
          capture = null;
          break;
      }
    },
    close(name) {
      switch (name) {
        case "v":
        case "t":
          capture = null;
          break;
        case "rPh":
          phonetic = Math.max(0, phonetic - 1);
          break;
        case "c":
          if (row && cell) {
            const value = cellValue(cell, sharedStrings);
            if (value !== null && value !== "" && cell.column < limits.maxColumns) {
              row.cells[cell.column] = value;
              row.hasValue = true;
            }
          }
          cell = null;
          capture = null;
          break;
        case "row":
          if (row) {
            lastRow = row.row;
            if (row.hasValue) {
              rows.push({ row: row.row, cells: row.cells });
              // The header plus maxRows data rows.
              if (rows.length > limits.maxRows + 1) throw tooManyRows(sheetName);
            }
          }
          row = null;
          break;
        case "sheetData":
          inSheetData = false;
          break;
      }
    },
    text(value) {
      if (!cell || !capture) return;
      cell.length += value.length;
      if (cell.length > MAX_CELL_CHARS) throw corrupt();
      if (capture === "value") cell.value?.push(value);
      else cell.inline?.push(value);
    },
  });
  return rows;
}

