// The four exports of /admin as real .xlsx files, streamed: xlsx-writer.ts compresses each page
// of rows into the reply as it is read from the database in keyset pages, and waits whenever the
// reply is not draining, so 100 000 packages never sit in memory at once.
//   all        → express-import-completo: exactly the import's sheets, columns and machine values
//                (it imports back unchanged);
//   clients    → clientes-trackings: a Clientes sheet and a Trackings sheet for people;
//   by-client  → trackings-por-cliente: one sheet, each client's packages grouped under it;
//   contacts   → mensajes-contacto: the contact form's messages, newest first.
// Every text cell goes through neutralizeFormula (cells.ts). Dates are real dates in Costa Rica
// time, colones are numbers with the colón format, statuses carry their Spanish labels.
import type { Writable } from "node:stream";
import { count, inArray, sql } from "drizzle-orm";
import { taxIdLabel } from "../../../shared/api/tax-id";
import type { TaxIdType } from "../../../shared/domain/tax-identification";
import { CLIENT_COLUMNS, CLIENTS_SHEET, TRACKING_COLUMNS, TRACKINGS_SHEET, type ExportKind } from "../../../shared/api/excel";
import { ORIGIN_LABELS } from "../../../shared/api/trackings";
import {
  SHIPPING_TYPE_LABELS,
  trackingStatusLabel,
  WELCOME_STATE_LABELS,
  type Origin,
  type ShippingType,
  type WelcomeState,
} from "../../../shared/domain/statuses";
import type { Db } from "../../db/client";
import { clients, clientTrackings, contactMessages } from "../../db/schema";
import { jsonColumns, selectJsonRows } from "../../db/json-rows";
import { neutralizeFormula } from "./cells";
import { XlsxWriter, type XlsxSheetWriter, type XlsxValue } from "../../lib/xlsx/xlsx-writer";
import { ZipWriterClosed } from "../../lib/xlsx/zip-writer";

type Value = XlsxValue;

export interface ColumnSpec<T> {
  header: string;
  width: number;
  numFmt?: string;
  wrap?: boolean;
  value(item: T): Value;
}

export interface ExportOptions {
  /** Rows per database page (tests use small pages to cross page boundaries). */
  pageSize?: number;
  /** Shown as the workbook's author. */
  creator?: string;
  /**
   * Called with each sheet's count of data rows once the workbook is complete, before the stream
   * ends (the export's audit record, issue 19): the download finishes only after it.
   */
  onComplete?: (rows: Record<string, number>) => Promise<void>;
}

const COLONES_FORMAT = '"₡"#,##0';
const USD_FORMAT = '"$"#,##0.00';
const DATE_TIME_FORMAT = "dd/mm/yyyy hh:mm";

/** Costa Rica keeps UTC−6 all year (no daylight saving since 1992). */
const COSTA_RICA_OFFSET_MS = -6 * 60 * 60 * 1000;

/** The instant as Costa Rica's wall clock, which is what a spreadsheet date cell shows. */
export function costaRicaCellDate(value: Date | null | undefined): Date | null {
  return value ? new Date(value.getTime() + COSTA_RICA_OFFSET_MS) : null;
}

export class ExportAborted extends Error {}

export async function writeExport(db: Db, kind: ExportKind, out: Writable, options: ExportOptions = {}): Promise<void> {
  await runWorkbook(db, out, options, async (ctx) => {
    switch (kind) {
      case "all":
        await writeSheet(ctx, CLIENTS_SHEET, importClientColumns, clientPages(ctx));
        await writeSheet(ctx, TRACKINGS_SHEET, importTrackingColumns, trackingPages(ctx));
        break;
      case "clients":
        await writeSheet(ctx, "Clientes", peopleClientColumns, withPackageCounts(ctx, clientPages(ctx)));
        await writeSheet(ctx, "Trackings", peopleTrackingColumns, trackingPages(ctx));
        break;
      case "by-client":
        await writeByClient(ctx);
        break;
      case "contacts":
        await writeSheet(ctx, "Mensajes", contactColumns, contactPages(ctx));
        break;
    }
  });
}

/**
 * A workbook of one sheet from pages of rows the caller reads (the audit log's export), with the
 * same cell rules as the exports above (formula neutralization, header row, streaming by page).
 */
export async function writeOneSheetExport<T>(
  db: Db,
  out: Writable,
  sheetName: string,
  columns: ColumnSpec<T>[],
  pages: AsyncIterable<T[]>,
  options: ExportOptions = {},
): Promise<void> {
  await runWorkbook(db, out, options, (ctx) => writeSheet(ctx, sheetName, columns, pages));
}

async function runWorkbook(db: Db, out: Writable, options: ExportOptions, write: (ctx: WriteContext) => Promise<void>): Promise<void> {
  const workbook = new XlsxWriter(out, { creator: options.creator ?? "Express Import" });
  const ctx: WriteContext = { db, workbook, out, pageSize: options.pageSize ?? 1000, rows: {} };
  try {
    await write(ctx);
    await workbook.commit();
  } catch (err) {
    workbook.abort();
    throw err instanceof ZipWriterClosed ? aborted() : err;
  }
  if (out.destroyed) throw aborted();
  await options.onComplete?.(ctx.rows);
  out.end();
}

interface WriteContext {
  db: Db;
  workbook: XlsxWriter;
  out: Writable;
  pageSize: number;
  /** Data rows written per sheet (headers and group rows aside). */
  rows: Record<string, number>;
}

function cellValue(value: Value): XlsxValue {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "string") return neutralizeFormula(value);
  return value;
}

const aborted = () => new ExportAborted("La descarga se interrumpió");

/** Hands a page to the reply (waiting while it is not draining) and lets other requests run. */
async function endPage(ctx: WriteContext, sheet: XlsxSheetWriter): Promise<void> {
  if (ctx.out.destroyed) throw aborted();
  await sheet.flush();
  await new Promise((resolve) => setImmediate(resolve));
  if (ctx.out.destroyed) throw aborted();
}

/** A sheet with its bold, shaded header row (frozen, with an auto-filter). */
async function addSheet<T>(ctx: WriteContext, name: string, columns: ColumnSpec<T>[], outline = false): Promise<XlsxSheetWriter> {
  const sheet = await ctx.workbook.addSheet(name, columns, { outline });
  sheet.addRow(
    columns.map((c) => c.header),
    { style: "header" },
  );
  return sheet;
}

async function writeSheet<T>(ctx: WriteContext, name: string, columns: ColumnSpec<T>[], pages: AsyncIterable<T[]>): Promise<void> {
  const sheet = await addSheet(ctx, name, columns);
  ctx.rows[name] = 0;
  for await (const page of pages) {
    for (const item of page) sheet.addRow(columns.map((c) => cellValue(c.value(item))));
    ctx.rows[name] += page.length;
    await endPage(ctx, sheet);
  }
  await ctx.workbook.endSheet();
}

// --- Row sources (keyset pages: each page is one short query, nothing is held open) ---

type ClientRow = typeof clients.$inferSelect;
type TrackingRow = typeof clientTrackings.$inferSelect;
type PackageRow = TrackingRow & { clientCode: string; clientName: string };
type ContactRow = typeof contactMessages.$inferSelect;

const clientColumns = jsonColumns(clients);
const trackingColumns = jsonColumns(clientTrackings);
const contactColumnsSql = jsonColumns(contactMessages);

async function* clientPages(ctx: WriteContext): AsyncGenerator<ClientRow[]> {
  let after = 0;
  for (;;) {
    const page = await selectJsonRows<ClientRow>(
      ctx.db,
      sql`select ${clientColumns.list} from ${clients} where ${clients.id} > ${after} order by ${clients.id} limit ${ctx.pageSize}`,
      sql`x."id"`,
      clientColumns.dateKeys,
    );
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1].id;
  }
}

async function* trackingPages(ctx: WriteContext): AsyncGenerator<PackageRow[]> {
  let after = 0;
  for (;;) {
    const page = await selectJsonRows<PackageRow>(
      ctx.db,
      sql`select ${trackingColumns.list}, ${clients.clientCode} as "clientCode", ${clients.nombre} as "clientName"
          from ${clientTrackings} join ${clients} on ${clients.id} = ${clientTrackings.clientId}
          where ${clientTrackings.id} > ${after} order by ${clientTrackings.id} limit ${ctx.pageSize}`,
      sql`x."id"`,
      trackingColumns.dateKeys,
    );
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1].id;
  }
}

async function* withPackageCounts(
  ctx: WriteContext,
  pages: AsyncIterable<ClientRow[]>,
): AsyncGenerator<(ClientRow & { packages: number })[]> {
  for await (const page of pages) {
    const counts = await ctx.db
      .select({ clientId: clientTrackings.clientId, n: count() })
      .from(clientTrackings)
      .where(inArray(clientTrackings.clientId, page.map((c) => c.id)))
      .groupBy(clientTrackings.clientId);
    const byClient = new Map(counts.map((c) => [c.clientId, c.n]));
    yield page.map((c) => ({ ...c, packages: byClient.get(c.id) ?? 0 }));
  }
}

async function* contactPages(ctx: WriteContext): AsyncGenerator<ContactRow[]> {
  let before = 2_147_483_647;
  for (;;) {
    const page = await selectJsonRows<ContactRow>(
      ctx.db,
      sql`select ${contactColumnsSql.list} from ${contactMessages} where ${contactMessages.id} < ${before}
          order by ${contactMessages.id} desc limit ${ctx.pageSize}`,
      sql`x."id" desc`,
      contactColumnsSql.dateKeys,
    );
    if (page.length === 0) return;
    yield page;
    before = page[page.length - 1].id;
  }
}

// --- Columns ---

/** The import's own columns, in its order, with machine values. */
const IMPORT_CLIENT_VALUES: Record<(typeof CLIENT_COLUMNS)[number]["key"], (c: ClientRow) => Value> = {
  client_code: (c) => c.clientCode,
  nombre: (c) => c.nombre,
  direccion: (c) => c.direccion,
  telefono: (c) => c.telefono,
  tipo_identificacion: (c) => c.taxIdType,
  identificacion: (c) => c.taxIdNumber,
};
const IMPORT_TRACKING_VALUES: Record<(typeof TRACKING_COLUMNS)[number]["key"], (t: PackageRow) => Value> = {
  client_code: (t) => t.clientCode,
  tracking_code: (t) => t.trackingCode,
  origen: (t) => t.origen,
  forma_envio: (t) => t.formaEnvio,
  estado: (t) => t.estado,
  descripcion_paquete: (t) => t.descripcionPaquete,
  peso_estimado: (t) => t.pesoEstimado,
  valor_declarado: (t) => t.valorDeclarado,
  tienda_origen: (t) => t.tiendaOrigen,
  carrier: (t) => t.carrier,
  notas: (t) => t.notas,
  peso_pie_cubicos: (t) => t.pesoPieCubicos,
  monto_colones: (t) => t.montoColones,
};
const IMPORT_WIDTHS: Record<string, number> = {
  client_code: 14,
  nombre: 30,
  direccion: 40,
  telefono: 16,
  tipo_identificacion: 20,
  identificacion: 16,
  tracking_code: 26,
  origen: 9,
  forma_envio: 12,
  estado: 28,
  descripcion_paquete: 36,
  peso_estimado: 14,
  valor_declarado: 15,
  tienda_origen: 18,
  carrier: 16,
  notas: 36,
  peso_pie_cubicos: 18,
  monto_colones: 14,
};

const importClientColumns: ColumnSpec<ClientRow>[] = CLIENT_COLUMNS.map((c) => ({
  header: c.key,
  width: IMPORT_WIDTHS[c.key],
  value: IMPORT_CLIENT_VALUES[c.key],
}));
const importTrackingColumns: ColumnSpec<PackageRow>[] = TRACKING_COLUMNS.map((c) => ({
  header: c.key,
  width: IMPORT_WIDTHS[c.key],
  value: IMPORT_TRACKING_VALUES[c.key],
}));

const status = (s: string, o: string) => trackingStatusLabel(s, o);
const origin = (o: string) => ORIGIN_LABELS[o as Origin] ?? o;
const shipping = (s: string) => SHIPPING_TYPE_LABELS[s as ShippingType] ?? s;

const peopleClientColumns: ColumnSpec<ClientRow & { packages: number }>[] = [
  { header: "Código", width: 12, value: (c) => c.clientCode },
  { header: "Nombre", width: 30, value: (c) => c.nombre },
  { header: "Teléfono", width: 16, value: (c) => c.telefono },
  { header: "Dirección", width: 40, wrap: true, value: (c) => c.direccion },
  { header: "Email", width: 28, value: (c) => c.email },
  { header: "Registrado", width: 17, numFmt: DATE_TIME_FORMAT, value: (c) => costaRicaCellDate(c.createdAt) },
  { header: "WhatsApp de bienvenida", width: 22, value: (c) => WELCOME_STATE_LABELS[c.whatsappEnviado as WelcomeState] ?? c.whatsappEnviado },
  { header: "Búsquedas IA usadas", width: 19, value: (c) => c.searchCount },
  { header: "Límite mensual", width: 15, value: (c) => (c.unlimitedAccess === 1 ? "Ilimitado" : c.searchLimit) },
  { header: "Paquetes", width: 10, value: (c) => c.packages },
  { header: "Identificación", width: 28, value: (c) => (c.taxIdType ? taxIdLabel({ tipoIdentificacion: c.taxIdType as TaxIdType, identificacion: c.taxIdNumber }) : null) },
];

/** The package's STORED charge columns (issue 21, docs/decisions/139): never recomputed here. */
const chargeColumns: ColumnSpec<PackageRow>[] = [
  { header: "Cargos extra ₡", width: 14, numFmt: COLONES_FORMAT, value: (t) => t.cargosExtraColones },
  { header: "Descuento ₡", width: 13, numFmt: COLONES_FORMAT, value: (t) => t.descuentoColones },
  { header: "Total ₡", width: 13, numFmt: COLONES_FORMAT, value: (t) => t.totalColones },
  { header: "Pagado ₡", width: 13, numFmt: COLONES_FORMAT, value: (t) => t.pagadoColones },
  { header: "Saldo ₡", width: 13, numFmt: COLONES_FORMAT, value: (t) => t.saldoColones },
];

const peopleTrackingColumns: ColumnSpec<PackageRow>[] = [
  { header: "Código cliente", width: 14, value: (t) => t.clientCode },
  { header: "Cliente", width: 28, value: (t) => t.clientName },
  { header: "Tracking", width: 26, value: (t) => t.trackingCode },
  { header: "Estado", width: 24, value: (t) => status(t.estado, t.origen) },
  { header: "Origen", width: 15, value: (t) => origin(t.origen) },
  { header: "Forma de envío", width: 14, value: (t) => shipping(t.formaEnvio) },
  { header: "Carrier", width: 16, value: (t) => t.carrier },
  { header: "Tienda", width: 18, value: (t) => t.tiendaOrigen },
  { header: "Descripción", width: 36, wrap: true, value: (t) => t.descripcionPaquete },
  { header: "Peso estimado", width: 14, value: (t) => t.pesoEstimado },
  { header: "Valor declarado", width: 15, numFmt: USD_FORMAT, value: (t) => t.valorDeclarado },
  { header: "Peso / pies cúbicos", width: 18, value: (t) => t.pesoPieCubicos },
  { header: "Costo", width: 13, numFmt: COLONES_FORMAT, value: (t) => t.costo },
  { header: "Monto", width: 13, numFmt: COLONES_FORMAT, value: (t) => t.montoColones },
  { header: "Descuento %", width: 12, value: (t) => t.discountPercent },
  ...chargeColumns,
  { header: "Último cambio", width: 17, numFmt: DATE_TIME_FORMAT, value: (t) => costaRicaCellDate(t.lastStatusChangeDate) },
  { header: "Registrado", width: 17, numFmt: DATE_TIME_FORMAT, value: (t) => costaRicaCellDate(t.createdAt) },
  { header: "Notas internas", width: 30, wrap: true, value: (t) => t.notas },
];

const contactColumns: ColumnSpec<ContactRow>[] = [
  { header: "Fecha", width: 17, numFmt: DATE_TIME_FORMAT, value: (m) => costaRicaCellDate(m.createdAt) },
  { header: "Nombre", width: 26, value: (m) => m.nombre },
  { header: "Email", width: 28, value: (m) => m.email },
  { header: "Teléfono", width: 16, value: (m) => m.telefono },
  { header: "Mensaje", width: 70, wrap: true, value: (m) => m.mensaje },
];

// --- trackings-por-cliente: a bold row per client, its packages under it (outline level 1) ---

const groupedTrackingColumns: ColumnSpec<PackageRow>[] = [
  { header: "Cliente", width: 14, value: () => null },
  { header: "Nombre", width: 28, value: () => null },
  { header: "Teléfono", width: 16, value: () => null },
  { header: "Tracking", width: 26, value: (t) => t.trackingCode },
  { header: "Estado", width: 24, value: (t) => status(t.estado, t.origen) },
  { header: "Origen", width: 15, value: (t) => origin(t.origen) },
  { header: "Forma de envío", width: 14, value: (t) => shipping(t.formaEnvio) },
  { header: "Carrier", width: 16, value: (t) => t.carrier },
  { header: "Tienda", width: 18, value: (t) => t.tiendaOrigen },
  { header: "Descripción", width: 36, wrap: true, value: (t) => t.descripcionPaquete },
  { header: "Peso / pies cúbicos", width: 18, value: (t) => t.pesoPieCubicos },
  { header: "Costo", width: 13, numFmt: COLONES_FORMAT, value: (t) => t.costo },
  { header: "Monto", width: 13, numFmt: COLONES_FORMAT, value: (t) => t.montoColones },
  ...chargeColumns,
  { header: "Último cambio", width: 17, numFmt: DATE_TIME_FORMAT, value: (t) => costaRicaCellDate(t.lastStatusChangeDate) },
];

async function writeByClient(ctx: WriteContext): Promise<void> {
  const name = "Trackings por cliente";
  const sheet = await addSheet(ctx, name, groupedTrackingColumns, true);
  ctx.rows[name] = 0;
  // A page of clients brings all their packages (about ten each): fewer clients per page keep
  // each read near the other exports' page size.
  const clientsPerPage = { ...ctx, pageSize: Math.max(1, Math.floor(ctx.pageSize / 10)) };
  for await (const page of clientPages(clientsPerPage)) {
    const packages = await selectJsonRows<TrackingRow>(
      ctx.db,
      sql`select ${trackingColumns.list} from ${clientTrackings} where ${inArray(
        clientTrackings.clientId,
        page.map((c) => c.id),
      )}`,
      sql`x."clientId", x."id"`,
      trackingColumns.dateKeys,
    );
    const byClient = new Map<number, TrackingRow[]>();
    for (const p of packages) {
      const list = byClient.get(p.clientId);
      if (list) list.push(p);
      else byClient.set(p.clientId, [p]);
    }
    for (const client of page) {
      const own = byClient.get(client.id) ?? [];
      sheet.addRow(
        [cellValue(client.clientCode), cellValue(client.nombre), cellValue(client.telefono), own.length === 1 ? "1 paquete" : `${own.length} paquetes`],
        { style: "group" },
      );
      ctx.rows[name] += own.length;
      for (const p of own) {
        const item: PackageRow = { ...p, clientCode: client.clientCode, clientName: client.nombre };
        sheet.addRow(
          groupedTrackingColumns.map((c) => cellValue(c.value(item))),
          { outlineLevel: 1 },
        );
      }
    }
    await endPage(ctx, sheet);
  }
  await ctx.workbook.endSheet();
}
