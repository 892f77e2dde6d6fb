// The Paquetes section (issue 18 item 12): GET /api/admin/packages, every client's packages in one
// server-paged, sortable table with the filters staff use all day (docs/decisions/119), and the
// section's Spanish texts.
import { UNPRICED_REASONS } from "./trackings";
import { z } from "../../validation";
import { ADMIN_TRACKING_STATUSES, ORIGINS, SHIPPING_TYPES, TRACKING_STATUSES } from "../../domain/statuses";
import { formatThousands } from "../../domain/format";
import { isCalendarDay } from "../../domain/dates";
import { ADMIN_PAGE_SIZE_MAX, ZAdminSearchSchema } from "./clients";
import { defineRoute } from "../contract";

/** The columns the table sorts by; anything else is refused (never spliced into SQL). */
export const PACKAGE_SORTS = ["fecha", "actualizado", "cliente", "tracking", "estado", "peso", "monto"] as const;
export type PackageSort = (typeof PACKAGE_SORTS)[number];
export const SORT_DIRECTIONS = ["asc", "desc"] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** Newest packages first. */
export const PACKAGE_SORT_DEFAULT: PackageSort = "fecha";
export const PACKAGE_DIR_DEFAULT: SortDirection = "desc";

/** The page sizes the section offers (any 1–100 is accepted by the call). */
export const PACKAGE_PAGE_SIZES = [25, 50, 100] as const;
export const PACKAGE_PAGE_SIZE_DEFAULT = 50;

/** "Sin carrier": packages whose carrier is empty. */
export const CARRIER_NONE = "ninguno";

export const PACKAGE_FILTER_INVALID = "Filtro de paquetes inválido";
export const PACKAGE_SORT_INVALID = "Columna de orden inválida";
export const PACKAGE_DIR_INVALID = "Dirección de orden inválida: usa asc o desc";
export const PACKAGE_DATE_INVALID = "Fecha inválida: usa el formato AAAA-MM-DD";
export const PACKAGE_DATE_RANGE_INVALID = "La fecha 'desde' no puede ser posterior a la fecha 'hasta'";
export const PACKAGE_PAGE_INVALID = "Página inválida";
export const PACKAGE_CARRIER_INVALID = "Carrier inválido";

/** A calendar day as the date inputs send it; a real day (not 2026-02-31). */
const day = z
  .string({ error: PACKAGE_DATE_INVALID })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, PACKAGE_DATE_INVALID)
  .refine(isCalendarDay, PACKAGE_DATE_INVALID)
  .optional()
  .or(z.literal("").transform(() => undefined));

const PACKAGE_STATUS_FILTERS = ["todos", ...TRACKING_STATUSES] as const;
const ORIGIN_FILTERS = ["todos", ...ORIGINS] as const;
const SHIPPING_TYPE_FILTERS = ["todos", ...SHIPPING_TYPES] as const;

export const ZAdminPackagesQuerySchema = z
  .object({
    /** Tracking code by any part, client name (accents and case ignored), client code, phone. */
    q: ZAdminSearchSchema,
    estado: z.enum(PACKAGE_STATUS_FILTERS, { error: PACKAGE_FILTER_INVALID }).default("todos"),
    origen: z.enum(ORIGIN_FILTERS, { error: PACKAGE_FILTER_INVALID }).default("todos"),
    formaEnvio: z.enum(SHIPPING_TYPE_FILTERS, { error: PACKAGE_FILTER_INVALID }).default("todos"),
    /** A carrier name (case ignored), "ninguno" for none, or "todos". */
    carrier: z
      .string({ error: PACKAGE_CARRIER_INVALID })
      .trim()
      .max(64, PACKAGE_CARRIER_INVALID)
      // eslint-disable-next-line no-control-regex -- a carrier name never carries control characters
      .regex(/^[^\u0000-\u001F\u007F]*$/, PACKAGE_CARRIER_INVALID)
      .optional()
      .transform((v) => (v && v !== "todos" ? v : undefined)),
    /** Creation day, in Costa Rica, both ends included (docs/decisions/119). */
    desde: day,
    hasta: day,
    /** Same meaning as the clients list's 'Necesitan actualización': not delivered, not updated today. */
    needsUpdate: z
      .enum(["true", "false", "1", "0"], { error: PACKAGE_FILTER_INVALID })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === "true" || v === "1")),
    /**
     * 'Sin peso o monto' (issue 32, docs/decisions/152): packages in the warehouse (En bodega Miami
     * up to Listo para entregar) without a stored amount, each row with its reason.
     */
    sinMonto: z
      .enum(["true", "false", "1", "0"], { error: PACKAGE_FILTER_INVALID })
      .optional()
      .transform((v) => v === "true" || v === "1"),
    sort: z.enum(PACKAGE_SORTS, { error: PACKAGE_SORT_INVALID }).default(PACKAGE_SORT_DEFAULT),
    dir: z.enum(SORT_DIRECTIONS, { error: PACKAGE_DIR_INVALID }).default(PACKAGE_DIR_DEFAULT),
    page: z.coerce
      .number({ error: PACKAGE_PAGE_INVALID })
      .int(PACKAGE_PAGE_INVALID)
      .min(1, PACKAGE_PAGE_INVALID)
      .max(100_000, PACKAGE_PAGE_INVALID)
      .default(1),
    pageSize: z.coerce
      .number({ error: PACKAGE_PAGE_INVALID })
      .int(PACKAGE_PAGE_INVALID)
      .min(1, PACKAGE_PAGE_INVALID)
      .max(ADMIN_PAGE_SIZE_MAX, PACKAGE_PAGE_INVALID)
      .default(PACKAGE_PAGE_SIZE_DEFAULT),
  })
  .refine((f) => !f.desde || !f.hasta || f.desde <= f.hasta, { message: PACKAGE_DATE_RANGE_INVALID, path: ["hasta"] });
export type TAdminPackagesQuery = z.infer<typeof ZAdminPackagesQuerySchema>;

/** One row of the table. */
export const ZAdminPackageRowSchema = z.object({
  id: z.number().int(),
  trackingCode: z.string(),
  clientId: z.number().int(),
  clientCode: z.string(),
  clientName: z.string(),
  estado: z.enum(TRACKING_STATUSES),
  origen: z.enum(ORIGINS),
  formaEnvio: z.enum(SHIPPING_TYPES),
  carrier: z.string().nullable(),
  /** Grams (Avión) or cubic feet (Barco), as stored. */
  pesoPieCubicos: z.string().nullable(),
  /** The stored amount (docs/decisions/114), never recomputed here. */
  montoColones: z.number().int().nullable(),
  /**
   * The stored charge columns (issue 21, never computed here): total (null while neither freight
   * nor extras), paid and saldo (≤ 0 = paid). Office staff only: null for Bodega, which sees no
   * amounts beyond the freight it saw before (docs/decisions/139).
   */
  totalColones: z.number().int().nullable(),
  pagadoColones: z.number().int().nullable(),
  saldoColones: z.number().int().nullable(),
  /** Staff's internal notes (never shown to the client). */
  notas: z.string().nullable(),
  lastStatusChangeDate: z.string(),
  updatedAt: z.string(),
  createdAt: z.string(),
  /** Not delivered and not updated today (the clients list's 'Necesitan actualización'). */
  needsUpdate: z.boolean(),
  /**
   * Why it has no amount ('Sin peso', 'Sin monto'), or null when it has one or is not expected to
   * have one yet (before En bodega Miami, or delivered): the filter's rule (docs/decisions/152, 164).
   */
  motivoSinMonto: z.enum(UNPRICED_REASONS).nullable(),
});
export type TAdminPackageRow = z.infer<typeof ZAdminPackageRowSchema>;

export const ZAdminPackagesResponseSchema = z.object({
  packages: z.array(ZAdminPackageRowSchema),
  /** Packages matching the filters. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type TAdminPackagesResponse = z.infer<typeof ZAdminPackagesResponseSchema>;

/** GET /api/admin/packages (any staff): one page of every client's packages, filtered and sorted. */
export const ADMIN_PACKAGES_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/packages",
  tag: "packages",
  summary: "Paquetes de todos los clientes, filtrados, ordenados y por páginas",
  query: ZAdminPackagesQuerySchema,
  responses: { 200: ZAdminPackagesResponseSchema },
});

// --- Texts ---

export const PACKAGES_TITLE = "Paquetes";
export const PACKAGES_LOAD_FAILED = "Error al cargar paquetes";
export const NO_PACKAGES_MATCH = "No se encontraron paquetes con los filtros seleccionados.";
export const NO_PACKAGES_YET = "No hay paquetes registrados todavía.";
export const PACKAGE_SORT_LABELS: Record<PackageSort, string> = {
  fecha: "Creado",
  actualizado: "Actualizado",
  cliente: "Cliente",
  tracking: "Tracking",
  estado: "Estado",
  peso: "Medida",
  monto: "Monto",
};
/** The status filter offers the panel's five statuses (EN_BODEGA_CR is still accepted by the call). */
export const PACKAGE_STATUS_OPTIONS = ADMIN_TRACKING_STATUSES;

export function packagesCountText(total: number): string {
  return total === 1 ? "1 paquete" : `${formatThousands(total)} paquetes`;
}
