// Monthly AI parts-search quotas for staff: the server-paged table (with its own search), a
// client's search history, setting the limit / unlimited access / used count, and the reset.
// A counter last reset in an earlier month reads as 0, as the parts assistant treats it.
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clients, partsSearches } from "../../db/schema";
import { notFound } from "../../errors";
import { rowsOf } from "../../lib/rate-limiter";
import type { Actor } from "../../lib/actor";
import { diffFields, recordAudit } from "../../core/audit/service";
import { clientSearchAlternatives, effectiveSearchCount, findClientId } from "../../core/client-search";
import { costaRicaMonthKey } from "../../../shared/domain/dates";
import { ADMIN_CLIENT_NOT_FOUND } from "../../../shared/api/admin/clients";
import {
  PARTS_HISTORY_SHOWN,
  type TPartsSearchRecord,
  type TSearchQuotaQuery,
  type TSearchQuotaResponse,
  type TSearchQuotaRow,
  type TUpdateSearchLimitsRequest,
} from "../../../shared/api/admin/search-quota";

const monthStart = (now: Date) => `${costaRicaMonthKey(now)}-01`;

/** GET /api/admin/search-quota: one statement for the page and the filtered count. */
export async function listSearchQuotas(db: Db, query: TSearchQuotaQuery, now = new Date()): Promise<TSearchQuotaResponse> {
  const { page, pageSize } = query;
  const filter = query.q ? sql`(${sql.join(clientSearchAlternatives(query.q), sql` or `)})` : sql`true`;
  const result = await db.execute(sql`
    select c.id, c.client_code, c.nombre, c.telefono, ${effectiveSearchCount(now)} as search_count,
      c.search_limit, c.unlimited_access, count(*) over () as filtered_total
    from clients c where ${filter}
    order by c.created_at desc, c.id desc
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  const rows = rowsOf<{
    id: number;
    client_code: string;
    nombre: string;
    telefono: string;
    search_count: number | string;
    search_limit: number;
    unlimited_access: number;
    filtered_total: number | string;
  }>(result);
  // Past the last page there are no rows to carry the window count.
  const filteredTotal = rows.length
    ? Number(rows[0].filtered_total)
    : Number(rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from clients c where ${filter}`))[0].n);
  return {
    clients: rows.map(
      (r): TSearchQuotaRow => ({
        id: Number(r.id),
        clientCode: r.client_code,
        nombre: r.nombre,
        telefono: r.telefono,
        searchCount: Number(r.search_count),
        searchLimit: Number(r.search_limit),
        unlimitedAccess: Number(r.unlimited_access),
      }),
    ),
    filteredTotal,
    page,
    pageSize,
  };
}

function toRow(r: typeof clients.$inferSelect): TSearchQuotaRow {
  return {
    id: r.id,
    clientCode: r.clientCode,
    nombre: r.nombre,
    telefono: r.telefono,
    searchCount: r.searchCount,
    searchLimit: r.searchLimit,
    unlimitedAccess: r.unlimitedAccess,
  };
}

const QUOTA_FIELDS = ["searchLimit", "unlimitedAccess", "searchCount"] as const;

/**
 * One quota change in a transaction with its audit record: the row is locked, changed and the
 * fields that changed recorded (the stored counter before, as the table shows it after).
 */
async function changeQuota(
  db: Db,
  id: number,
  actor: Actor,
  action: "cliente.limites_busqueda" | "cliente.reiniciar_busquedas",
  change: Partial<typeof clients.$inferInsert>,
  now: Date,
): Promise<TSearchQuotaRow> {
  return db.transaction(async (tx) => {
    const [was] = await tx.select().from(clients).where(eq(clients.id, id)).for("update");
    if (!was) throw notFound(ADMIN_CLIENT_NOT_FOUND);
    const [row] = await tx
      .update(clients)
      .set({ ...change, lastResetDate: sql`greatest(${clients.lastResetDate}, ${monthStart(now)}::date)`, updatedAt: now })
      .where(eq(clients.id, id))
      .returning();
    const diff = diffFields(was, row, QUOTA_FIELDS);
    await recordAudit(tx, actor, {
      action,
      entity: "cliente",
      entityId: id,
      summary: `${row.clientCode} · ${row.nombre}`,
      ...(diff ?? { before: null, after: null }),
    });
    return toRow(row);
  });
}

/**
 * PATCH /api/clients/{id}/search-limits. The counter given belongs to this month, so the reset
 * date moves to this month too (otherwise the next search would zero what staff just set).
 */
export async function updateSearchLimits(
  db: Db,
  id: number,
  body: TUpdateSearchLimitsRequest,
  actor: Actor,
  now = new Date(),
): Promise<TSearchQuotaRow> {
  const change = { searchLimit: body.searchLimit, unlimitedAccess: body.unlimitedAccess, searchCount: body.searchCount };
  return changeQuota(db, id, actor, "cliente.limites_busqueda", change, now);
}

/** POST /api/clients/{id}/reset-searches: the used count back to 0 for this month. */
export async function resetSearches(db: Db, id: number, actor: Actor, now = new Date()): Promise<TSearchQuotaRow> {
  return changeQuota(db, id, actor, "cliente.reiniciar_busquedas", { searchCount: 0 }, now);
}

/** GET /api/parts-search-history/{clientCode}: the latest searches, newest first. */
export async function getPartsSearchHistory(db: Db, clientCode: string): Promise<TPartsSearchRecord[]> {
  const clientId = await findClientId(db, clientCode);
  const s = partsSearches;
  const rows = await db
    .select({ id: s.id, createdAt: s.createdAt, marca: s.marca, modelo: s.modelo, anio: s.anio, parte: s.parte, descripcion: s.descripcion })
    .from(s)
    .where(eq(s.clientId, clientId))
    .orderBy(desc(s.createdAt), desc(s.id))
    .limit(PARTS_HISTORY_SHOWN);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
