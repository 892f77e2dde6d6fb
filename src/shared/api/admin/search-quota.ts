// The AI parts-search management card (staff-side §2, §4, §5, §7, §8): the server-paged table
// GET /api/admin/search-quota, a client's history GET /api/parts-search-history/{code}, the
// 'Gestionar' dialog PATCH /api/clients/{id}/search-limits and the reset
// POST /api/clients/{id}/reset-searches, with their Spanish texts.
import { z } from "../../validation";
import { parseCountInput } from "../../domain/search-quota";
import { ZAdminPageSchema, ZAdminSearchSchema } from "./clients";
import { ZClientCodeLooseSchema } from "../clients";
import { defineRoute } from "../contract";

export const ZSearchQuotaQuerySchema = ZAdminPageSchema.extend({ q: ZAdminSearchSchema });
export type TSearchQuotaQuery = z.infer<typeof ZSearchQuotaQuerySchema>;

export const ZSearchQuotaRowSchema = z.object({
  id: z.number().int(),
  clientCode: z.string(),
  nombre: z.string(),
  telefono: z.string(),
  searchCount: z.number().int(),
  searchLimit: z.number().int(),
  unlimitedAccess: z.number().int(),
});
export type TSearchQuotaRow = z.infer<typeof ZSearchQuotaRowSchema>;

export const ZSearchQuotaResponseSchema = z.object({
  clients: z.array(ZSearchQuotaRowSchema),
  filteredTotal: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TSearchQuotaResponse = z.infer<typeof ZSearchQuotaResponseSchema>;

export const SEARCH_NUMBER_MAX = 1_000_000;
const NUMBER_MESSAGE = `Debe ser un número entre 0 y ${SEARCH_NUMBER_MAX}`;
const count = z.number({ error: NUMBER_MESSAGE }).int(NUMBER_MESSAGE).min(0, NUMBER_MESSAGE).max(SEARCH_NUMBER_MAX, NUMBER_MESSAGE);

export const ZUpdateSearchLimitsRequestSchema = z.object({
  searchLimit: count,
  unlimitedAccess: z.union([z.literal(0), z.literal(1)], { error: "El tipo de acceso debe ser 0 (limitado) o 1 (ilimitado)" }),
  searchCount: count,
});
export type TUpdateSearchLimitsRequest = z.infer<typeof ZUpdateSearchLimitsRequestSchema>;

export const SEARCH_LIMIT_REQUIRED = "Indica el límite de búsquedas mensuales";
export const SEARCH_COUNT_REQUIRED = "Indica las búsquedas usadas este mes";

const countInput = z.union([z.string(), z.number()]);
const isBlank = (v: string | number) => typeof v === "string" && v.trim() === "";
const toCount = (v: string | number) => Math.min(parseCountInput(v), SEARCH_NUMBER_MAX);

/**
 * The dialog's number inputs (§5): minimum 0, non-numbers become 0; an emptied field is asked for
 * rather than saved as 0 (issue 18 item 7, docs/decisions/113). The limit counts only while the
 * access is limited (its input is hidden otherwise): blank then gives null, "keep the current one".
 */
export const ZSearchLimitsFormSchema = z
  .object({ unlimitedAccess: z.enum(["0", "1"]), searchLimit: countInput, searchCount: countInput })
  .superRefine((v, ctx) => {
    if (v.unlimitedAccess === "0" && isBlank(v.searchLimit)) ctx.addIssue({ code: "custom", path: ["searchLimit"], message: SEARCH_LIMIT_REQUIRED });
    if (isBlank(v.searchCount)) ctx.addIssue({ code: "custom", path: ["searchCount"], message: SEARCH_COUNT_REQUIRED });
  })
  .transform((v) => ({
    unlimitedAccess: v.unlimitedAccess,
    searchLimit: isBlank(v.searchLimit) ? null : toCount(v.searchLimit),
    searchCount: toCount(v.searchCount),
  }));
export type TSearchLimitsForm = z.input<typeof ZSearchLimitsFormSchema>;
export type TSearchLimitsFormValues = z.output<typeof ZSearchLimitsFormSchema>;

export const ZPartsSearchRecordSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  marca: z.string(),
  modelo: z.string(),
  anio: z.number().int(),
  parte: z.string().nullable(),
  descripcion: z.string().nullable(),
});
export type TPartsSearchRecord = z.infer<typeof ZPartsSearchRecordSchema>;
export const ZPartsSearchHistoryResponseSchema = z.object({ history: z.array(ZPartsSearchRecordSchema) });
export type TPartsSearchHistoryResponse = z.infer<typeof ZPartsSearchHistoryResponseSchema>;

/** The history lists at most this many of a client's latest searches. */
export const PARTS_HISTORY_SHOWN = 100;

/** What the history shows for a search: the part, else the description, else 'No especificado'. */
export function partsSearchSubject(r: Pick<TPartsSearchRecord, "parte" | "descripcion">): string {
  return r.parte?.trim() || r.descripcion?.trim() || "No especificado";
}

// --- Texts (§2, §8) ---

export const ACCESS_LIMITED_LABEL = "Limitado por cuota mensual";
export const ACCESS_UNLIMITED_LABEL = "Ilimitado sin restricciones";
export const UNLIMITED_BADGE = "Ilimitado";
export const NO_SEARCHES_YET = "Este cliente no ha realizado búsquedas aún";
export const CLIENT_UPDATED_TITLE = "Cliente actualizado";
export const CLIENT_UPDATE_FAILED_TITLE = "Error al actualizar cliente";
export const COUNTER_RESET_TITLE = "¡Contador reiniciado!";
export const COUNTER_RESET_FAILED_TITLE = "Error al reiniciar contador";
export const COUNTER_RESET_FAILED = "No se pudo reiniciar el contador de búsquedas";
export const RESET_COUNTER_BUTTON = "Reiniciar Contador Mensual";

// --- Calls (Oficina and Dueño; tag "search-quota") ---

const CLIENT_ID_INVALID = "Identificador de cliente inválido";
const ZClientIdParamsSchema = z.object({
  id: z.coerce.number({ error: CLIENT_ID_INVALID }).int(CLIENT_ID_INVALID).positive(CLIENT_ID_INVALID).max(2_147_483_647, CLIENT_ID_INVALID),
});

/** A client's counters after a change (the quota table's row). */
export const ZSearchQuotaClientResponseSchema = z.object({ client: ZSearchQuotaRowSchema });

/** GET /api/admin/search-quota: the server-paged table of the AI search quota card. */
export const SEARCH_QUOTA_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/search-quota",
  tag: "search-quota",
  summary: "La tabla paginada de búsquedas IA por cliente",
  query: ZSearchQuotaQuerySchema,
  responses: { 200: ZSearchQuotaResponseSchema },
});

/** GET /api/parts-search-history/{clientCode}: a client's latest parts searches. */
export const PARTS_SEARCH_HISTORY_ROUTE = defineRoute({
  method: "GET",
  path: "/api/parts-search-history/:clientCode",
  tag: "search-quota",
  summary: "El historial de búsquedas de repuestos de un cliente",
  params: z.object({ clientCode: ZClientCodeLooseSchema }),
  responses: { 200: ZPartsSearchHistoryResponseSchema },
});

/** PATCH /api/clients/{id}/search-limits: the 'Gestionar' dialog. */
export const SEARCH_LIMITS_ROUTE = defineRoute({
  method: "PATCH",
  path: "/api/clients/:id/search-limits",
  tag: "search-quota",
  summary: "Cambia el límite mensual, el acceso ilimitado y las búsquedas usadas de un cliente",
  params: ZClientIdParamsSchema,
  body: ZUpdateSearchLimitsRequestSchema,
  responses: { 200: ZSearchQuotaClientResponseSchema },
});

/** POST /api/clients/{id}/reset-searches: the monthly counter back to 0. */
export const RESET_SEARCHES_ROUTE = defineRoute({
  method: "POST",
  path: "/api/clients/:id/reset-searches",
  tag: "search-quota",
  summary: "Reinicia el contador mensual de búsquedas de un cliente",
  params: ZClientIdParamsSchema,
  responses: { 200: ZSearchQuotaClientResponseSchema },
});
