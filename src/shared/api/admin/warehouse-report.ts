// The warehouse's daily report (issue 32 item 8, docs/decisions/154):
//   GET /api/admin/warehouse/report?date=AAAA-MM-DD        on screen (/admin/reporte-bodega)
//   GET /api/admin/warehouse/report.xlsx?date=AAAA-MM-DD   the same as Excel, one sheet a section
// Four sections: the packages received that Costa Rica day (they reached En bodega Miami that
// day, per their status history); those in the warehouse not yet in a shipment; Sin dueño rows
// still waiting, by age; packages without an amount ("Sin peso" / "Sin monto": the same list and
// count as Paquetes' "Sin peso o monto", docs/decisions/164). The first
// follows the date; the other three are the warehouse as it is when the report is asked for.
import { z } from "zod";
import { isCalendarDay } from "../../domain/dates";
import { UNPRICED_REASONS } from "./trackings";
import { binary, defineRoute } from "../contract";
import { XLSX_CONTENT_TYPE } from "../excel";


export const REPORT_DATE_INVALID = "Fecha inválida: usa el formato AAAA-MM-DD";
export const REPORT_DATE_FUTURE = "El reporte no puede ser de un día que todavía no llega";

/** Rows a section lists at most (the warehouse holds hundreds); the count is always the full one. */
export const REPORT_ROWS_MAX = 2000;

export const ZWarehouseReportQuerySchema = z.object({
  /** Default: today in Costa Rica. */
  date: z
    .string({ error: REPORT_DATE_INVALID })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, REPORT_DATE_INVALID)
    .refine((v) => isCalendarDay(v) && v >= "2000-01-01" && v <= "2100-12-31", REPORT_DATE_INVALID)
    .optional(),
});


/** Sin dueño age bands, in whole Costa Rica days since it was registered. */
export const UNCLAIMED_AGE_BANDS = [
  { key: "0-2", label: "0 a 2 días", min: 0, max: 2 },
  { key: "3-7", label: "3 a 7 días", min: 3, max: 7 },
  { key: "8-30", label: "8 a 30 días", min: 8, max: 30 },
  { key: "31+", label: "Más de 30 días", min: 31, max: null },
] as const;
export type UnclaimedAgeBand = (typeof UNCLAIMED_AGE_BANDS)[number]["key"];

export function ageBandOf(days: number): UnclaimedAgeBand {
  return UNCLAIMED_AGE_BANDS.find((b) => days >= b.min && (b.max === null || days <= b.max))?.key ?? "31+";
}

const ZReportPackageSchema = z.object({
  id: z.number(),
  trackingCode: z.string(),
  clientCode: z.string(),
  clientName: z.string(),
  estado: z.string(),
  /** USA or CHINA: the status reads in its origin's words ("En bodega China", docs/decisions/157). */
  origen: z.string(),
  formaEnvio: z.string(),
  /** When it reached the warehouse (the receipt, else the day's status change). */
  receivedAt: z.string().nullable(),
  pesoGramos: z.number().nullable(),
  pieCubicos: z.number().nullable(),
  montoColones: z.number().nullable(),
  /** Whole days in the warehouse, to the report's moment. */
  days: z.number().nullable(),
});
export type TReportPackage = z.infer<typeof ZReportPackageSchema>;

/** Its reason by the one rule (trackings.ts unpricedReason, docs/decisions/164). */
const ZMissingPackageSchema = ZReportPackageSchema.extend({ motivo: z.enum(UNPRICED_REASONS) });
export type TMissingPackage = z.infer<typeof ZMissingPackageSchema>;

const ZReportUnclaimedSchema = z.object({
  id: z.number(),
  trackingCode: z.string(),
  carrier: z.string().nullable(),
  clientCodeHint: z.string().nullable(),
  pesoGramos: z.number().nullable(),
  receivedAt: z.string(),
  days: z.number(),
});

const section = <T extends z.ZodType>(row: T) => z.object({ total: z.number(), rows: z.array(row) });

export const ZWarehouseReportSchema = z.object({
  date: z.string(),
  generatedAt: z.string(),
  received: section(ZReportPackageSchema),
  notShipped: section(ZReportPackageSchema),
  unclaimed: z.object({
    total: z.number(),
    bands: z.array(z.object({ key: z.enum(["0-2", "3-7", "8-30", "31+"]), label: z.string(), count: z.number(), rows: z.array(ZReportUnclaimedSchema) })),
  }),
  missing: section(ZMissingPackageSchema),
});
export type TWarehouseReport = z.infer<typeof ZWarehouseReportSchema>;

/** GET /api/admin/warehouse/report?date=AAAA-MM-DD (any staff): the report on screen. */
export const WAREHOUSE_REPORT_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/warehouse/report",
  tag: "warehouse",
  summary: "Reporte diario de bodega",
  query: ZWarehouseReportQuerySchema,
  responses: { 200: ZWarehouseReportSchema },
});

/** GET /api/admin/warehouse/report.xlsx?date=AAAA-MM-DD (any staff): the same report as Excel. */
export const WAREHOUSE_REPORT_XLSX_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/warehouse/report.xlsx",
  tag: "warehouse",
  summary: "Reporte diario de bodega en Excel",
  query: ZWarehouseReportQuerySchema,
  responses: { 200: binary(XLSX_CONTENT_TYPE) },
});

export const REPORT_SECTION_TITLES = {
  received: "Recibidos el día",
  notShipped: "Recibidos sin embarque",
  unclaimed: "Sin dueño por antigüedad",
  missing: "Sin peso o sin monto",
} as const;

/** Sheet names (Excel allows 31 characters, no / \ ? * [ ]). */
export const REPORT_SHEETS = {
  received: "Recibidos del día",
  notShipped: "Sin embarque",
  unclaimed: "Sin dueño",
  missing: "Sin peso o monto",
} as const;

export const REPORT_PACKAGE_HEADERS = ["Guía", "Código cliente", "Cliente", "Estado", "Envío", "Recibido", "Días en bodega", "Peso (g)", "Pie³", "Monto (₡)"] as const;
export const REPORT_MISSING_HEADERS = [...REPORT_PACKAGE_HEADERS, "Motivo"] as const;
export const REPORT_UNCLAIMED_HEADERS = ["Antigüedad", "Guía", "Transportista", "Código en etiqueta", "Peso (g)", "Registrado", "Días"] as const;

export function warehouseReportFileName(date: string): string {
  return `reporte-bodega-${date}.xlsx`;
}
