// Traditional (legacy) tracking notices and the /admin/tracking stat cards (staff-side §2, §3,
// §4, §7): the list, the admin's edit (status, tracking id, estimated date, notes), the
// admin-only way in for legacy records, and the panel's counts.
import { z } from "../validation";
import { zPersonName, zText } from "../text-rules";
import { NOTICE_STATUSES } from "../domain/statuses";
import { isCalendarDay } from "../domain/dates";
import { ADMIN_PAGE_SIZE_MAX, ZAdminSearchSchema } from "./admin/clients";
import { defineRoute } from "./contract";

export const NOTICE_NOT_FOUND = "No se encontró el aviso de tracking";
export const NOTICE_STATUS_REQUIRED = "Selecciona el estado del aviso";
export const NOTICE_TRACKING_ID_TAKEN = "Ese ID de tracking ya está asignado a otro aviso";
export const NOTICE_TRACKING_ID_INVALID = "El ID de tracking puede tener hasta 64 letras, dígitos o guiones";
export const NOTICE_DATE_INVALID = "La fecha estimada debe ser una fecha válida (AAAA-MM-DD)";
export const NOTICE_NOTES_TOO_LONG = "Las notas pueden tener hasta 2000 caracteres";
export const NOTICE_NAME_REQUIRED = "Ingresa el nombre del cliente";
export const NOTICE_NAME_TOO_LONG = "El nombre puede tener hasta 120 caracteres";
export const NOTICE_TEXT_TOO_LONG = (max: number) => `Puede tener hasta ${max} caracteres`;
export const NOTICE_DESCRIPTION_REQUIRED = "Describe el paquete";
export const NOTICE_EMAIL_INVALID = "Email inválido";
export const NOTICE_NUMBER_INVALID = "Debe ser un número mayor o igual a 0";

/** Example format of an assigned tracking id. */
export const NOTICE_TRACKING_ID_EXAMPLE = "EIC12345678";

export const ZTrackingNoticeSchema = z.object({
  id: z.number(),
  clienteNombre: z.string(),
  clienteEmail: z.string().nullable(),
  clienteTelefono: z.string().nullable(),
  descripcionPaquete: z.string(),
  tiendaOrigen: z.string().nullable(),
  pesoEstimado: z.number().nullable(),
  valorDeclarado: z.number().nullable(),
  notasCliente: z.string().nullable(),
  notas: z.string().nullable(),
  estado: z.enum(NOTICE_STATUSES),
  trackingIdAsignado: z.string().nullable(),
  fechaEstimada: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTrackingNotice = z.infer<typeof ZTrackingNoticeSchema>;

const LIST_FILTER_INVALID = "Filtro inválido";
const LIST_PAGE_INVALID = "Página inválida";

/**
 * Page and page size of the /admin/tracking lists, both optional: the spec's call sends neither
 * and gets today's answer (docs/decisions/122); the panel sends both and gets one page.
 */
export const ZOptionalPagingSchema = z.object({
  page: z.coerce.number({ error: LIST_PAGE_INVALID }).int(LIST_PAGE_INVALID).min(1, LIST_PAGE_INVALID).max(100_000, LIST_PAGE_INVALID).optional(),
  pageSize: z.coerce
    .number({ error: LIST_PAGE_INVALID })
    .int(LIST_PAGE_INVALID)
    .min(1, LIST_PAGE_INVALID)
    .max(ADMIN_PAGE_SIZE_MAX, LIST_PAGE_INVALID)
    .optional(),
});

/** What a paged answer adds: `page` and `pageSize` only when the call asked for a page. */
export const ZListPagingFieldsSchema = z.object({
  /** Rows matching the search and filter (all of them, not only those in this answer). */
  filteredTotal: z.number(),
  page: z.number().optional(),
  pageSize: z.number().optional(),
});

export const NOTICE_STATUS_FILTERS = ["todos", ...NOTICE_STATUSES] as const;

/** GET /api/tracking-notices: optional search (name, e-mail, phone, tracking id), status and page. */
export const ZListTrackingNoticesQuerySchema = ZOptionalPagingSchema.extend({
  q: ZAdminSearchSchema,
  estado: z.enum(NOTICE_STATUS_FILTERS, { error: LIST_FILTER_INVALID }).default("todos"),
});
export type TListTrackingNoticesQuery = z.infer<typeof ZListTrackingNoticesQuerySchema>;

/** `total` counts every notice; without a page the answer lists all that match, newest first. */
export const ZListTrackingNoticesResponseSchema = ZListPagingFieldsSchema.extend({
  notices: z.array(ZTrackingNoticeSchema),
  total: z.number(),
});
export type TListTrackingNoticesResponse = z.infer<typeof ZListTrackingNoticesResponseSchema>;

/** Empty text means "none": the form sends "" for a cleared field. */
const blankToNull = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === "" ? null : v.trim());

/** An optional text without control characters (docs/decisions/098); blank means none. */
const optionalText = (max: number, { multiline = false } = {}) =>
  zText({ multiline }).pipe(z.string().max(max, NOTICE_TEXT_TOO_LONG(max))).nullish().transform(blankToNull);

/** PUT /api/tracking-notices/{id}: the four fields the admin edits, all sent each time. */
export const ZUpdateTrackingNoticeRequestSchema = z.object({
  estado: z.enum(NOTICE_STATUSES, { error: NOTICE_STATUS_REQUIRED }),
  notas: zText({ multiline: true }).pipe(z.string().max(2000, NOTICE_NOTES_TOO_LONG)).nullish().transform(blankToNull),
  trackingIdAsignado: z
    .string()
    .nullish()
    .transform(blankToNull)
    .refine((v) => v === null || /^[A-Za-z0-9-]{1,64}$/.test(v), NOTICE_TRACKING_ID_INVALID)
    .transform((v) => (v === null ? null : v.toUpperCase())),
  fechaEstimada: z
    .string()
    .nullish()
    .transform(blankToNull)
    .refine((v) => v === null || isCalendarDay(v), NOTICE_DATE_INVALID),
});
export type TUpdateTrackingNoticeRequest = z.input<typeof ZUpdateTrackingNoticeRequestSchema>;
export type TUpdateTrackingNotice = z.output<typeof ZUpdateTrackingNoticeRequestSchema>;

const optionalAmount = z.number({ error: NOTICE_NUMBER_INVALID }).min(0, NOTICE_NUMBER_INVALID).max(1e9).nullish().transform((v) => v ?? null);

/** POST /api/tracking-notices (admin): records a legacy notice brought over from the old system. */
export const ZCreateTrackingNoticeRequestSchema = z.object({
  clienteNombre: zPersonName({ min: 1, max: 120, required: NOTICE_NAME_REQUIRED, tooLong: NOTICE_NAME_TOO_LONG }),
  clienteEmail: optionalText(200).refine((v) => v === null || z.email().safeParse(v).success, NOTICE_EMAIL_INVALID),
  clienteTelefono: optionalText(32),
  descripcionPaquete: zText({ error: NOTICE_DESCRIPTION_REQUIRED, multiline: true }).pipe(
    z.string().min(1, NOTICE_DESCRIPTION_REQUIRED).max(2000, NOTICE_TEXT_TOO_LONG(2000)),
  ),
  tiendaOrigen: optionalText(200),
  pesoEstimado: optionalAmount,
  valorDeclarado: optionalAmount,
  notasCliente: optionalText(2000, { multiline: true }),
});
export type TCreateTrackingNotice = z.output<typeof ZCreateTrackingNoticeRequestSchema>;

/**
 * The four stat cards of /admin/tracking, over both tabs: WhatsApp entries and traditional
 * notices (docs/decisions/041).
 */
export const ZTrackingPanelStatsSchema = z.object({
  total: z.number(),
  pendientes: z.number(),
  enProceso: z.number(),
  completados: z.number(),
});
export type TTrackingPanelStats = z.infer<typeof ZTrackingPanelStatsSchema>;

// --- Calls (issue 33 item 3), all for office staff ---

const TAG = "legacy-notices";

/** A notice by its number in the address. */
export const ZTrackingNoticeIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** GET /api/tracking-notices: without parameters every notice; q, estado, page and pageSize narrow and page it. */
export const TRACKING_NOTICES_ROUTE = defineRoute({
  method: "GET",
  path: "/api/tracking-notices",
  tag: TAG,
  summary: "Avisos de tracking tradicionales (búsqueda, estado y página opcionales)",
  query: ZListTrackingNoticesQuerySchema,
  responses: { 200: ZListTrackingNoticesResponseSchema },
});

/** POST /api/tracking-notices: a legacy notice brought over from the old system. */
export const TRACKING_NOTICE_CREATE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/tracking-notices",
  tag: TAG,
  summary: "Registrar un aviso de tracking del sistema anterior",
  body: ZCreateTrackingNoticeRequestSchema,
  responses: { 201: ZTrackingNoticeSchema },
});

/** PUT /api/tracking-notices/{id}: status, assigned tracking id, estimated date and notes. */
export const TRACKING_NOTICE_UPDATE_ROUTE = defineRoute({
  method: "PUT",
  path: "/api/tracking-notices/:id",
  tag: TAG,
  summary: "Editar un aviso de tracking (estado, ID asignado, fecha estimada, notas)",
  params: ZTrackingNoticeIdParamsSchema,
  body: ZUpdateTrackingNoticeRequestSchema,
  responses: { 200: ZTrackingNoticeSchema },
});

/** GET /api/admin/tracking-stats: the four counters of /admin/tracking. */
export const TRACKING_STATS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/tracking-stats",
  tag: TAG,
  summary: "Contadores del panel de tracking (avisos de WhatsApp y tradicionales)",
  responses: { 200: ZTrackingPanelStatsSchema },
});
