// Turns the rows of the Clientes and Trackings sheets into checked values, without the database:
// lenient headers (case, accents, spaces, a few aliases), lenient coded values (USA/China,
// Avión/Barco, status codes or their Spanish labels), numbers with comma or dot decimals, and a
// 'Fila N: reason' for every row that cannot be applied. A required column missing from the
// header refuses the whole file (400), since none of its rows could be read.
import {
  CLIENT_COLUMNS,
  CLIENTS_SHEET,
  IMPORT_NUMBER_MAX,
  IMPORT_TEXT_MAX,
  TRACKING_COLUMNS,
  TRACKINGS_SHEET,
  importMissingColumn,
  importRowReasons as reasons,
  rowErrorText,
  type ImportColumn,
  type TImportRowError,
} from "../../../shared/api/excel";
import { normalizeTrackingCode, TRACKING_CODE_MAX } from "../../../shared/api/trackings";
import { declaredValueProblem } from "../../../shared/api/declared";
import { ZRegisterClientRequestSchema } from "../../../shared/api/clients";
import { normalizeCostaRicanWhatsapp } from "../../../shared/domain/phone";
import { TAX_ID_TYPE_INVALID, checkTaxIdPair, taxIdTypeFromText } from "../../../shared/api/tax-id";
import type { TaxIdType } from "../../../shared/domain/tax-identification";
import { STORED_CLIENT_CODE_PATTERN } from "../../../shared/domain/client-code";
import { hasControlChars, normalizePersonName, normalizeText, personNameProblem } from "../../../shared/text-rules";
import {
  ORIGINS,
  SHIPPING_TYPE_LABELS,
  SHIPPING_TYPES,
  trackingStatusLabel,
  TRACKING_STATUSES,
  type Origin,
  type ShippingType,
  type TrackingStatus,
} from "../../../shared/domain/statuses";
import { badRequest } from "../../errors";
import { normalizeLabel, restoreNeutralized } from "./cells";
import type { CellValue, SheetData, SheetRow } from "../../lib/xlsx/workbook-data";

/** Free texts the old system may hold in lines: their line breaks are kept; every other column is one line. */
const MULTILINE_COLUMNS = new Set<string>(["direccion", "descripcion_paquete", "notas"]);

/** The client code as the database allows it (a check constraint); a new client's needs more (import-service.ts). */

const SHEET_NAMES: Record<"clients" | "trackings", string[]> = {
  clients: [CLIENTS_SHEET, "clients", "cliente"].map(normalizeLabel),
  trackings: [TRACKINGS_SHEET, "tracking", "paquetes"].map(normalizeLabel),
};

export function sheetRole(name: string): "clients" | "trackings" | null {
  const label = normalizeLabel(name);
  if (SHEET_NAMES.clients.includes(label)) return "clients";
  if (SHEET_NAMES.trackings.includes(label)) return "trackings";
  return null;
}

export interface ClientCandidate {
  row: number;
  clientCode: string;
  nombre: string;
  direccion: string;
  telefono: string;
  /** Why the phone fails the registration form's rule ('Fila N: …' if the row would create the client). */
  telefonoProblem: string | null;
  /** The identification for the electronic invoice, as the shared pair rule normalised it (decision 189). */
  tipoIdentificacion: TaxIdType | null;
  identificacion: string | null;
  /** Why the pair fails that rule ('Fila N: …' if the row would create the client). */
  identificacionProblem: string | null;
}

/** A package row; undefined means "not given" (empty cell or no such column): left as it is. */
export interface TrackingCandidate {
  row: number;
  clientCode: string;
  trackingCode: string;
  origen: Origin;
  formaEnvio: ShippingType;
  estado?: TrackingStatus;
  descripcionPaquete?: string;
  pesoEstimado?: number;
  valorDeclarado?: number;
  pesoPieCubicos?: string;
  montoColones?: number;
  tiendaOrigen?: string;
  carrier?: string;
  notas?: string;
}

export interface ParsedSheet<T> {
  rows: T[];
  errors: TImportRowError[];
}

// --- Lookup tables for coded values (built once from the shared constants) ---

function lookup<T extends string>(pairs: [string, T][]): Map<string, T> {
  return new Map(pairs.map(([label, value]) => [normalizeLabel(label), value]));
}

const STATUS_LOOKUP = lookup<TrackingStatus>([
  ...TRACKING_STATUSES.map((s) => [s, s] as [string, TrackingStatus]),
  // Every word of every origin (docs/decisions/157): "En bodega Miami", "En bodega China", "En bodega de origen".
  ...TRACKING_STATUSES.flatMap((s) => [null, ...ORIGINS].map((o) => [trackingStatusLabel(s, o), s] as [string, TrackingStatus])),
  ["En bodega CR", "EN_BODEGA_CR"],
  ["En aduana", "EN_ADUANAS"],
  ["Aduanas", "EN_ADUANAS"],
  ["Listo para entrega", "LISTO_PARA_ENTREGAR"],
  ["Seguimiento", "SEGUIMIENTO_INTERNACIONAL"],
]);
const ORIGIN_LOOKUP = lookup<Origin>([
  ...ORIGINS.map((o) => [o, o] as [string, Origin]),
  ["Estados Unidos", "USA"],
  ["EEUU", "USA"],
  ["EE UU", "USA"],
  ["US", "USA"],
]);
const SHIPPING_LOOKUP = lookup<ShippingType>([
  ...SHIPPING_TYPES.map((s) => [s, s] as [string, ShippingType]),
  ...SHIPPING_TYPES.map((s) => [SHIPPING_TYPE_LABELS[s], s] as [string, ShippingType]),
  ["Aéreo", "AVION"],
  ["Aérea", "AVION"],
  ["Marítimo", "BARCO"],
  ["Marítima", "BARCO"],
]);

// --- Cells ---

/** Trimmed text of a cell ("" when empty); numbers become their plain digits. */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return restoreNeutralized(value).trim();
}

/**
 * A non-negative amount from a number cell or text with comma or dot decimals ("1,5", "1.234,50",
 * "1,234.50", "$ 12"); rounded to cents as the database keeps it. A string is an error reason.
 */
export function parseAmount(value: CellValue | undefined, column: string): number | undefined | { error: string } {
  let n: number;
  if (typeof value === "number") {
    n = value;
  } else {
    const text = cellText(value);
    if (!text) return undefined;
    let compact = text.replace(/[\s\u00a0$₡]/g, "").replace(/^US/i, "");
    const lastComma = compact.lastIndexOf(",");
    const lastDot = compact.lastIndexOf(".");
    if (lastComma !== -1 && lastDot !== -1) {
      // Both: the last one is the decimal separator, the other groups thousands.
      compact = lastComma > lastDot ? compact.replace(/\./g, "").replace(",", ".") : compact.replace(/,/g, "");
    } else if (lastComma !== -1) {
      compact = (compact.match(/,/g) ?? []).length > 1 ? compact.replace(/,/g, "") : compact.replace(",", ".");
    } else if ((compact.match(/\./g) ?? []).length > 1) {
      compact = compact.replace(/\./g, "");
    }
    if (!/^-?\d+(\.\d+)?$|^-?\.\d+$/.test(compact)) return { error: reasons.numberInvalid(column, text) };
    n = Number(compact);
  }
  if (!Number.isFinite(n)) return { error: reasons.numberInvalid(column, String(value)) };
  if (n < 0) return { error: reasons.numberNegative(column) };
  if (n > IMPORT_NUMBER_MAX) return { error: reasons.numberTooLarge(column) };
  return Math.round(n * 100) / 100;
}

// --- Headers ---

/** Column index of every known column present in the header row; throws 400 for a missing required one. */
export function mapHeader<C extends ImportColumn>(
  sheetName: string,
  header: SheetRow | undefined,
  columns: readonly C[],
): Map<C["key"], number> {
  const found = new Map<C["key"], number>();
  const cells = header?.cells ?? [];
  for (let index = 0; index < cells.length; index++) {
    const label = normalizeLabel(cellText(cells[index]));
    if (!label) continue;
    const column = columns.find((c) => c.key === label || (c.aliases ?? []).includes(label));
    if (column && !found.has(column.key)) found.set(column.key, index);
  }
  for (const column of columns) {
    if (column.required && !found.has(column.key)) throw badRequest(importMissingColumn(sheetName, column.key));
  }
  return found;
}

/** Reads one row's cells by column key; `error` records the first reason the row fails. */
class RowReader<K extends string> {
  error: string | null = null;

  constructor(
    private readonly row: SheetRow,
    private readonly columns: Map<K, number>,
  ) {}

  private raw(key: K): CellValue | undefined {
    const index = this.columns.get(key);
    return index === undefined ? undefined : this.row.cells[index];
  }

  fail(reason: string): void {
    this.error ??= reason;
  }

  /** The same text rules as the forms (docs/decisions/098): no control characters; only notes keep line breaks. */
  text(key: K, required: boolean): string | undefined {
    const raw = cellText(this.raw(key));
    if (hasControlChars(raw)) this.fail(reasons.controlChars(key));
    const text = normalizeText(raw, { multiline: MULTILINE_COLUMNS.has(key) });
    if (!text) {
      if (required) this.fail(reasons.missingValue(key));
      return undefined;
    }
    const max = IMPORT_TEXT_MAX[key];
    if (max !== undefined && text.length > max) this.fail(reasons.textTooLong(key, max));
    return text;
  }

  /** A person's name, by the rule of every form (it goes into WhatsApp messages). */
  personName(key: K): string {
    const raw = cellText(this.raw(key));
    const name = normalizePersonName(raw);
    if (!name) {
      this.fail(reasons.missingValue(key));
      return "";
    }
    const problem = personNameProblem(name);
    if (problem) this.fail(reasons.nameInvalid(problem));
    const max = IMPORT_TEXT_MAX[key];
    if (max !== undefined && name.length > max) this.fail(reasons.textTooLong(key, max));
    return name;
  }

  coded<T>(key: K, table: Map<string, T>, invalid: (value: string) => string, required: boolean): T | undefined {
    const text = this.text(key, required);
    if (text === undefined) return undefined;
    const value = table.get(normalizeLabel(text));
    if (value === undefined) this.fail(invalid(text));
    return value;
  }

  amount(key: K): number | undefined {
    const parsed = parseAmount(this.raw(key), key);
    if (typeof parsed === "object") {
      this.fail(parsed.error);
      return undefined;
    }
    return parsed;
  }

  clientCode(key: K): string {
    const text = this.text(key, true);
    if (text === undefined) return "";
    const code = text.toUpperCase();
    if (!STORED_CLIENT_CODE_PATTERN.test(code)) this.fail(reasons.clientCodeInvalid(text));
    return code;
  }
}

function rowError(row: number, reason: string): TImportRowError {
  return { row, error: rowErrorText(row, reason) };
}

/** Data rows: everything after the header (the first row with a value). */
function splitHeader(sheet: SheetData): { header: SheetRow | undefined; data: SheetRow[] } {
  return { header: sheet.rows[0], data: sheet.rows.slice(1) };
}

/** The row's pair by the shared rule (shared/api/tax-id.ts): a type in words or Hacienda's code, the number as typed. */
function taxIdOfRow(typeText: string, number: string): Pick<ClientCandidate, "tipoIdentificacion" | "identificacion" | "identificacionProblem"> {
  const none = { tipoIdentificacion: null, identificacion: null };
  const type = taxIdTypeFromText(typeText);
  if (type === undefined) return { ...none, identificacionProblem: TAX_ID_TYPE_INVALID };
  const checked = checkTaxIdPair(type, number);
  return checked.ok ? { ...checked.pair, identificacionProblem: null } : { ...none, identificacionProblem: checked.message };
}

export function parseClientSheet(sheet: SheetData): ParsedSheet<ClientCandidate> {
  const { header, data } = splitHeader(sheet);
  const columns = mapHeader(sheet.name, header, CLIENT_COLUMNS);
  const result: ParsedSheet<ClientCandidate> = { rows: [], errors: [] };
  for (const row of data) {
    const r = new RowReader(row, columns);
    const clientCode = r.clientCode("client_code");
    const nombre = r.personName("nombre");
    const direccion = r.text("direccion", false) ?? "";
    const given = r.text("telefono", true) ?? "";
    if (r.error) {
      result.errors.push(rowError(row.row, r.error));
      continue;
    }
    // The registration form's phone rule (docs/decisions/118), checked by import-service.ts only
    // for a client the row would create: a row naming an existing client is skipped unread.
    // Duplicated numbers stay allowed (docs/decisions/005).
    const check = ZRegisterClientRequestSchema.shape.telefono.safeParse(given);
    const telefonoProblem = check.success ? null : reasons.phoneInvalid(check.error.issues[0]?.message ?? "");
    const telefono = normalizeCostaRicanWhatsapp(given) ?? given;
    const taxId = taxIdOfRow(r.text("tipo_identificacion", false) ?? "", r.text("identificacion", false) ?? "");
    if (r.error) {
      result.errors.push(rowError(row.row, r.error));
      continue;
    }
    result.rows.push({ row: row.row, clientCode, nombre, direccion, telefono, telefonoProblem, ...taxId });
  }
  return result;
}

export function parseTrackingSheet(sheet: SheetData): ParsedSheet<TrackingCandidate> {
  const { header, data } = splitHeader(sheet);
  const columns = mapHeader(sheet.name, header, TRACKING_COLUMNS);
  const allowedStatuses = [...TRACKING_STATUSES];
  const result: ParsedSheet<TrackingCandidate> = { rows: [], errors: [] };
  for (const row of data) {
    const r = new RowReader(row, columns);
    const clientCode = r.clientCode("client_code");
    const rawCode = r.text("tracking_code", true);
    const trackingCode = rawCode === undefined ? "" : normalizeTrackingCode(rawCode);
    if (rawCode !== undefined && (trackingCode.length > TRACKING_CODE_MAX || !/^[A-Z0-9-]+$/.test(trackingCode))) {
      r.fail(reasons.trackingCodeInvalid(rawCode));
    }
    const origen = r.coded("origen", ORIGIN_LOOKUP, reasons.originInvalid, true);
    const formaEnvio = r.coded("forma_envio", SHIPPING_LOOKUP, reasons.shippingTypeInvalid, true);
    const estado = r.coded("estado", STATUS_LOOKUP, (v) => reasons.statusInvalid(v, allowedStatuses), false);
    const candidate: TrackingCandidate = {
      row: row.row,
      clientCode,
      trackingCode,
      origen: origen ?? "USA",
      formaEnvio: formaEnvio ?? "AVION",
      estado,
      descripcionPaquete: r.text("descripcion_paquete", false),
      pesoEstimado: r.amount("peso_estimado"),
      valorDeclarado: r.amount("valor_declarado"),
      tiendaOrigen: r.text("tienda_origen", false),
      carrier: r.text("carrier", false),
      notas: r.text("notas", false),
      pesoPieCubicos: r.text("peso_pie_cubicos", false),
      montoColones: r.amount("monto_colones"),
    };
    const valorProblem = candidate.valorDeclarado === undefined ? null : declaredValueProblem(candidate.valorDeclarado);
    if (valorProblem) r.fail(reasons.declaredValue(valorProblem));
    if (candidate.montoColones !== undefined && (!Number.isInteger(candidate.montoColones) || candidate.montoColones < 0)) {
      r.fail(reasons.numberInvalid("monto_colones", String(candidate.montoColones)));
    }
    if (r.error) result.errors.push(rowError(row.row, r.error));
    else result.rows.push(candidate);
  }
  return result;
}
