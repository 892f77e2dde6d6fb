// WhatsApp notices: visitors register tracking codes under their number; staff change an
// entry's status and the customer is told through the outbox, in the same transaction.
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { whatsappCustomers, whatsappTrackingEntries } from "../../db/schema";
import { notFound } from "../../errors";
import type { Actor } from "../../lib/actor";
import { diffFields, recordAudit } from "../../core/audit/service";
import {
  ENTRY_NOT_FOUND,
  WHATSAPP_ENTRIES_SHOWN,
  type TAddWhatsappCodes,
  type TListWhatsappEntriesQuery,
  type TWhatsappEntry,
} from "../../../shared/api/whatsapp-entries";
import { ADMIN_PAGE_SIZE_DEFAULT, TRACKING_SEARCH_MIN_CHARS } from "../../../shared/api/admin/clients";
import { normalizeTrackingNumber } from "../../../shared/domain/carriers";
import { likeEscape, phoneSearchDigits } from "../../core/client-search";
import type { TNotificationState } from "../../../shared/api/notifications";
import type { WhatsappEntryStatus } from "../../../shared/domain/statuses";
import { whatsappEntryStatusNotification } from "../notifications/messages";
import { enqueueNotification, inOutboxTransaction } from "../../core/outbox";
import { NOTIFICATIONS_JSON_FIELDS, toNotificationState } from "../notifications/queries";

const e = whatsappTrackingEntries;
const c = whatsappCustomers;

/**
 * Creates the customer of a new number and adds the codes not yet registered for them, all or
 * nothing. A code the customer already had is counted as existing, never duplicated. A number
 * already known keeps its stored name and e-mail: whoever types a number into this public form
 * must not change what the messages to that number say (docs/decisions/098).
 */
export async function addWhatsappCodes(db: Db, input: TAddWhatsappCodes): Promise<{ created: number; existing: number }> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(c)
      .values({ whatsapp: input.whatsapp, nombre: input.nombre, email: input.email ?? null })
      // A no-op update (the number is the conflict target), so RETURNING gives the existing row's id.
      .onConflictDoUpdate({ target: c.whatsapp, set: { whatsapp: sql`excluded.whatsapp` } })
      .returning({ id: c.id });
    const inserted = await tx
      .insert(e)
      .values(input.trackingCodes.map((trackingCode) => ({ customerId: customer.id, trackingCode })))
      .onConflictDoNothing({ target: [e.customerId, e.trackingCode] })
      .returning({ id: e.id });
    return { created: inserted.length, existing: input.trackingCodes.length - inserted.length };
  });
}

/** "3 códigos agregados; 1 ya estaba registrado." */
export function addCodesSummary(created: number, existing: number): string {
  const made = created === 1 ? "1 código agregado" : `${created} códigos agregados`;
  if (existing === 0) return `${made}.`;
  const had = existing === 1 ? "1 ya estaba registrado" : `${existing} ya estaban registrados`;
  return `${made}; ${had}.`;
}

function entryQuery(db: DbOrTx) {
  return db
    .select({
      id: e.id,
      trackingCode: e.trackingCode,
      estado: e.estado,
      notas: e.notas,
      createdAt: e.createdAt,
      updatedAt: e.updatedAt,
      nombre: c.nombre,
      whatsapp: c.whatsapp,
      email: c.email,
      // The entry's messages in the same query (no query per row).
      notifications: sql<unknown>`coalesce((select json_agg(${sql.raw(NOTIFICATIONS_JSON_FIELDS)} order by n.id desc)
        from notification_outbox n where n.whatsapp_entry_id = ${e.id}), '[]'::json)`,
    })
    .from(e)
    .innerJoin(c, eq(c.id, e.customerId));
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entryQuery>["execute"]>>[number];

function toEntry(row: EntryRow): TWhatsappEntry {
  const raw = typeof row.notifications === "string" ? JSON.parse(row.notifications) : row.notifications;
  return {
    id: row.id,
    trackingCode: row.trackingCode,
    estado: row.estado as WhatsappEntryStatus,
    notas: row.notas,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    customer: { nombre: row.nombre, whatsapp: row.whatsapp, email: row.email },
    notifications: (raw as Parameters<typeof toNotificationState>[0][]).map(toNotificationState) as TNotificationState[],
  };
}

/**
 * The search of the Avisos WhatsApp tab, OR-ed: the customer's name (accents and case ignored,
 * folded by the database like the clients search, docs/decisions/116), the WhatsApp number
 * however typed, the e-mail, or any part of the code (codes are stored without spaces or dashes).
 */
function entrySearch(q: string): SQL {
  const alternatives: SQL[] = [sql`lower(coalesce(${c.email}, '')) like ${`%${likeEscape(q.toLowerCase())}%`}`];
  // Names carry no digits: a search with one (a code, a number) skips the name.
  if (!/\d/.test(q)) alternatives.push(sql`search_fold(${c.nombre}) like '%' || search_fold(${likeEscape(q)}) || '%'`);
  const digits = phoneSearchDigits(q);
  if (digits) alternatives.push(sql`${c.whatsapp} like ${`%${digits}%`}`);
  const code = normalizeTrackingNumber(q);
  if (code.length >= TRACKING_SEARCH_MIN_CHARS && /^[A-Z0-9]+$/.test(code)) {
    alternatives.push(sql`upper(${e.trackingCode}) like ${`%${code}%`}`);
  }
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

function entryConditions(query: Pick<TListWhatsappEntriesQuery, "q" | "estado">): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.estado !== "todos") conditions.push(eq(e.estado, query.estado));
  if (query.q) conditions.push(entrySearch(query.q));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The entries matching the search and status, most recently updated first, with their customers
 * and messages: one page when the call asks for one, otherwise the first WHATSAPP_ENTRIES_SHOWN
 * (the spec's call, unchanged). `total` counts every entry, `filteredTotal` those matching.
 */
export async function listWhatsappEntries(
  db: Db,
  query: TListWhatsappEntriesQuery = { q: undefined, estado: "todos" },
): Promise<{ entries: TWhatsappEntry[]; total: number; filteredTotal: number; page?: number; pageSize?: number }> {
  const paged = query.page !== undefined || query.pageSize !== undefined;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? (paged ? ADMIN_PAGE_SIZE_DEFAULT : WHATSAPP_ENTRIES_SHOWN);
  const where = entryConditions(query);
  const [rows, [{ n: filtered }], [{ n: all }]] = await Promise.all([
    entryQuery(db)
      .where(where)
      .orderBy(desc(e.updatedAt), desc(e.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(e).innerJoin(c, eq(c.id, e.customerId)).where(where),
    db.select({ n: count() }).from(e),
  ]);
  return {
    entries: rows.map(toEntry),
    total: Number(all),
    filteredTotal: Number(filtered),
    ...(paged ? { page, pageSize } : {}),
  };
}

export async function getWhatsappEntry(db: DbOrTx, id: number): Promise<TWhatsappEntry> {
  const [row] = await entryQuery(db).where(eq(e.id, id));
  if (!row) throw notFound(ENTRY_NOT_FOUND);
  return toEntry(row);
}

/**
 * Sets an entry's status (any status from any other) and, when it changed, queues the
 * customer's WhatsApp message in the same transaction. Notes replace the old ones only when
 * given. Returns the queued message's id, or null when the status stayed the same. `sendNow`
 * runs after the commit and before the worker is woken (inOutboxTransaction).
 */
export async function changeWhatsappEntryStatus(
  db: Db,
  id: number,
  change: { estado: WhatsappEntryStatus; notas?: string },
  brandName: string,
  actor: Actor,
  sendNow?: (notificationId: number) => Promise<void>,
): Promise<{ notificationId: number | null }> {
  return inOutboxTransaction(db, async (tx) => {
    const [current] = await tx
      .select({ estado: e.estado, notas: e.notas, trackingCode: e.trackingCode, nombre: c.nombre, whatsapp: c.whatsapp })
      .from(e)
      .innerJoin(c, eq(c.id, e.customerId))
      .where(eq(e.id, id))
      .for("update", { of: e });
    if (!current) throw notFound(ENTRY_NOT_FOUND);
    await tx
      .update(e)
      .set({ estado: change.estado, ...(change.notas !== undefined ? { notas: change.notas } : {}), updatedAt: sql`now()` })
      .where(eq(e.id, id));
    const diff = diffFields(current, { estado: change.estado, ...(change.notas !== undefined ? { notas: change.notas } : {}) });
    if (diff) {
      // Entries and staff notices share the entity 'aviso': an entry's id carries its kind.
      await recordAudit(tx, actor, { action: "aviso.editar", entity: "aviso", entityId: `whatsapp-${id}`, summary: `${current.trackingCode} · ${current.nombre}`, ...diff });
    }
    if (current.estado === change.estado) return { notificationId: null };
    const { id: notificationId } = await enqueueNotification(
      tx,
      whatsappEntryStatusNotification({
        entryId: id,
        whatsapp: current.whatsapp,
        nombre: current.nombre,
        trackingCode: current.trackingCode,
        estado: change.estado,
        brandName,
      }),
    );
    return { notificationId };
  }, async ({ notificationId }) => {
    if (notificationId !== null) await sendNow?.(notificationId);
  });
}
