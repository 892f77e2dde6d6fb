// Traditional tracking notices (legacy records, docs/decisions/040): the admin's list and
// edit, the admin-only way in for records from the old system, and the /admin/tracking stat
// cards counted over both notices and WhatsApp entries.
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { diffFields, recordAudit } from "../../core/audit/service";
import { trackingNotices, whatsappTrackingEntries } from "../../db/schema";
import { conflict, isUniqueViolation, notFound } from "../../errors";
import {
  NOTICE_NOT_FOUND,
  NOTICE_TRACKING_ID_TAKEN,
  type TCreateTrackingNotice,
  type TListTrackingNoticesQuery,
  type TTrackingNotice,
  type TTrackingPanelStats,
  type TUpdateTrackingNotice,
} from "../../../shared/api/tracking-notices";
import type { NoticeStatus, WhatsappEntryStatus } from "../../../shared/domain/statuses";
import { ADMIN_PAGE_SIZE_DEFAULT } from "../../../shared/api/admin/clients";
import { likeEscape, phoneSearchDigits } from "../../core/client-search";

const t = trackingNotices;
type NoticeRow = typeof trackingNotices.$inferSelect;

function toNotice(row: NoticeRow): TTrackingNotice {
  return {
    ...row,
    pesoEstimado: row.pesoEstimado === null ? null : Number(row.pesoEstimado),
    valorDeclarado: row.valorDeclarado === null ? null : Number(row.valorDeclarado),
    estado: row.estado as NoticeStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The search of the Avisos tradicionales tab, OR-ed: the client's name (accents and case ignored,
 * docs/decisions/116), e-mail, phone however typed, or any part of the assigned tracking id.
 */
function noticeSearch(q: string): SQL {
  const alternatives: SQL[] = [
    sql`lower(coalesce(${t.clienteEmail}, '')) like ${`%${likeEscape(q.toLowerCase())}%`}`,
    sql`upper(coalesce(${t.trackingIdAsignado}, '')) like ${`%${likeEscape(q.toUpperCase())}%`}`,
  ];
  if (!/\d/.test(q)) alternatives.push(sql`search_fold(${t.clienteNombre}) like '%' || search_fold(${likeEscape(q)}) || '%'`);
  const digits = phoneSearchDigits(q);
  // Legacy phones keep whatever punctuation the old system stored.
  if (digits) alternatives.push(sql`translate(coalesce(${t.clienteTelefono}, ''), ' +-().', '') like ${`%${digits}%`}`);
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

/**
 * The notices matching the search and status, newest first: one page when the call asks for
 * one, otherwise all of them (the spec's call, unchanged). `total` counts every notice.
 */
export async function listTrackingNotices(
  db: Db,
  query: TListTrackingNoticesQuery = { q: undefined, estado: "todos" },
): Promise<{ notices: TTrackingNotice[]; total: number; filteredTotal: number; page?: number; pageSize?: number }> {
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? ADMIN_PAGE_SIZE_DEFAULT;
  const conditions: SQL[] = [];
  if (query.estado !== "todos") conditions.push(eq(t.estado, query.estado));
  if (query.q) conditions.push(noticeSearch(query.q));
  const where = conditions.length ? and(...conditions) : undefined;
  const list = db.select().from(t).where(where).orderBy(desc(t.createdAt), desc(t.id));
  const [rows, [{ n: filtered }], [{ n: all }]] = await Promise.all([
    paged ? list.limit(pageSize).offset((page - 1) * pageSize) : list,
    db.select({ n: count() }).from(t).where(where),
    db.select({ n: count() }).from(t),
  ]);
  return {
    notices: rows.map(toNotice),
    total: Number(all),
    filteredTotal: Number(filtered),
    ...(paged ? { page, pageSize } : {}),
  };
}

/** The admin's edit: status, assigned tracking id (unique), estimated date and notes. */
const NOTICE_FIELDS = ["estado", "notas", "trackingIdAsignado", "fechaEstimada"] as const;

export async function updateTrackingNotice(db: Db, id: number, change: TUpdateTrackingNotice, actor: Actor): Promise<TTrackingNotice> {
  try {
    return await db.transaction(async (tx) => {
      const [was] = await tx.select().from(t).where(eq(t.id, id)).for("update");
      if (!was) throw notFound(NOTICE_NOT_FOUND);
      const [row] = await tx
        .update(t)
        .set({
          estado: change.estado,
          notas: change.notas,
          trackingIdAsignado: change.trackingIdAsignado,
          fechaEstimada: change.fechaEstimada,
          updatedAt: sql`now()`,
        })
        .where(eq(t.id, id))
        .returning();
      const diff = diffFields(was, row, NOTICE_FIELDS);
      if (diff) await recordAudit(tx, actor, { action: "aviso.editar", entity: "aviso", entityId: id, summary: noticeSummary(row), ...diff });
      return toNotice(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, "tracking_notices_tracking_id_key")) throw conflict(NOTICE_TRACKING_ID_TAKEN);
    throw error;
  }
}

export async function createTrackingNotice(db: Db, input: TCreateTrackingNotice, actor: Actor): Promise<TTrackingNotice> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(t).values(input).returning();
    const notice = toNotice(row);
    await recordAudit(tx, actor, { action: "aviso.crear", entity: "aviso", entityId: row.id, summary: noticeSummary(row), after: notice });
    return notice;
  });
}

function noticeSummary(row: typeof t.$inferSelect): string {
  return [row.clienteNombre, row.trackingIdAsignado].filter(Boolean).join(" · ");
}

const ENTRY_IN_PROGRESS: readonly WhatsappEntryStatus[] = ["EN_BODEGA_MIAMI", "EN_TRANSITO", "EN_ADUANAS", "EN_BODEGA_CR", "LISTO_PARA_ENTREGAR"];

/**
 * Total, pending, in progress and completed over both tabs: a notice PENDIENTE/EN_PROCESO/
 * COMPLETADO, an entry PENDIENTE / on its way / ENTREGADO. Cancelled ones count only in the total.
 */
export async function getTrackingPanelStats(db: Db): Promise<TTrackingPanelStats> {
  const [notices, entries] = await Promise.all([
    db.select({ estado: t.estado, n: count() }).from(t).groupBy(t.estado),
    db
      .select({ estado: whatsappTrackingEntries.estado, n: count() })
      .from(whatsappTrackingEntries)
      .groupBy(whatsappTrackingEntries.estado),
  ]);
  const stats: TTrackingPanelStats = { total: 0, pendientes: 0, enProceso: 0, completados: 0 };
  for (const { estado, n } of notices) {
    const k = Number(n);
    stats.total += k;
    if (estado === "PENDIENTE") stats.pendientes += k;
    else if (estado === "EN_PROCESO") stats.enProceso += k;
    else if (estado === "COMPLETADO") stats.completados += k;
  }
  for (const { estado, n } of entries) {
    const k = Number(n);
    stats.total += k;
    if (estado === "PENDIENTE") stats.pendientes += k;
    else if (ENTRY_IN_PROGRESS.includes(estado as WhatsappEntryStatus)) stats.enProceso += k;
    else if (estado === "ENTREGADO") stats.completados += k;
  }
  return stats;
}
