// The admin panel's client list (GET /api/clients), its stat cards (GET /api/admin/clients/stats)
// and the welcome-message mark (PATCH /api/clients/{code}/whatsapp-sent). Filtering, searching and
// paging run in the database: one statement answers a page with its clients, their packages
// (matching ones first), the welcome message's state and the filtered count, so the page costs the
// same with ten clients or ten thousand (docs/decisions/060). The three stat cards count the whole
// business in a statement of their own, asked once per visit and after changes, not with every
// page or search (docs/decisions/232).
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clients, notificationOutbox } from "../../db/schema";
import { notFound } from "../../errors";
import { rowsOf } from "../../lib/rate-limiter";
import type { Actor } from "../../lib/actor";
import { diffFields, recordAudit } from "../../core/audit/service";
import { NOTIFICATIONS_JSON_FIELDS, toNotificationState } from "../notifications/queries";
import { toAdminTracking, trackingJson } from "../packages/staff-presenter";
import { clientSearchAlternatives, effectiveSearchCount, likeEscape } from "../../core/client-search";
import { costaRicaDayStart } from "../../../shared/domain/dates";
import { normalizeTrackingCode } from "../../../shared/api/trackings";
import {
  ADMIN_CLIENT_NOT_FOUND,
  TRACKING_SEARCH_MIN_CHARS,
  TRACKINGS_INLINE,
  type TAdminClient,
  type TAdminClientStats,
  type TAdminClientTrackingsQuery,
  type TAdminClientTrackingsResponse,
  type TAdminClientsFilters,
  type TAdminClientsQuery,
  type TAdminClientsResponse,
  type TWhatsappSentResponse,
} from "../../../shared/api/admin/clients";


/** The welcome counts as sent when staff marked it or the messaging provider delivered it. */
const WELCOME_DELIVERED = sql`exists (select 1 from notification_outbox wn
  where wn.client_id = c.id and wn.kind = 'WELCOME' and wn.status = 'SENT')`;
const WELCOME_SENT = sql`(c.whatsapp_enviado = 'ENVIADO' or ${WELCOME_DELIVERED})`;
const WELCOME_PENDING = sql`(c.whatsapp_enviado = 'PENDIENTE' and not ${WELCOME_DELIVERED})`;

interface Conditions {
  /** Over clients `c`. */
  client: SQL[];
  /** Over one package `t` (the package filters apply to the same package). */
  tracking: SQL[];
  /** The LIKE pattern of the tracking-code part searched, if the search looks like one. */
  trackingPattern: string | null;
}

function buildConditions(filters: TAdminClientsFilters, now: Date): Conditions {
  const client: SQL[] = [];
  const tracking: SQL[] = [];
  let trackingPattern: string | null = null;

  if (filters.whatsapp === "pendientes") client.push(WELCOME_PENDING);
  if (filters.whatsapp === "enviados") client.push(WELCOME_SENT);

  if (filters.estado && filters.estado !== "todos") tracking.push(sql`t.estado = ${filters.estado}`);
  const dayStart = sql`${costaRicaDayStart(now).toISOString()}::timestamptz`;
  // A delivered package never needs a daily update (docs/decisions/061).
  if (filters.update === "necesitan") tracking.push(sql`t.estado <> 'ENTREGADO' and t.updated_at < ${dayStart}`);
  if (filters.update === "hoy") tracking.push(sql`t.updated_at >= ${dayStart}`);

  const q = filters.q?.trim();
  if (q) {
    // The clients found by name, code or phone: one read of their trigram indexes, OR-ed (the
    // inner `c` is the searched table, as clientSearchAlternatives names it).
    const found: SQL[] = [sql`select c.id from clients c where ${sql.join(clientSearchAlternatives(q), sql` or `)}`];
    const code = normalizeTrackingCode(q);
    if (code.length >= TRACKING_SEARCH_MIN_CHARS && /^[A-Z0-9-]+$/.test(code)) {
      trackingPattern = `%${likeEscape(code)}%`;
      // Any part of the code (the last digits read off a label): the trigram index on upper(tracking_code).
      found.push(sql`select tp.client_id from client_trackings tp where upper(tp.tracking_code) like ${trackingPattern}`);
    }
    // A UNION of id sets, each read by its own index, then the clients by their key: an OR of
    // these over every client (a package subquery among them) cannot use the indexes and folded
    // all 10 000 names per search; as an IN the planner scanned every client to hash them.
    client.push(sql`c.id = any(array(${sql.join(found, sql` union `)}))`);
  }

  if (tracking.length > 0) {
    client.push(sql`exists (select 1 from client_trackings t where t.client_id = c.id and ${sql.join(tracking, sql` and `)})`);
  }
  return { client, tracking, trackingPattern };
}

const where = (conditions: SQL[]): SQL => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

interface ListRow {
  filtered_total: number | string;
  clients: unknown;
}

/** Which packages `t` a card lists first: those that made the client match (true without filters). */
function matchesOf(conditions: Conditions): SQL {
  const matchParts = [...conditions.tracking];
  if (conditions.trackingPattern) matchParts.push(sql`upper(t.tracking_code) like ${conditions.trackingPattern}`);
  return matchParts.length ? sql`(${sql.join(matchParts, sql` and `)})` : sql`true`;
}

/** The package filters and search are active (then matchesFilters means something). */
function filtersActive(conditions: Conditions): boolean {
  return conditions.tracking.length > 0 || conditions.trackingPattern !== null;
}

/**
 * One page of a client's packages ('Ver todos'): those the panel's filters match first, as on
 * the card, then the newest; with the client's whole count. 404 for an unknown client.
 */
export async function listClientTrackingsPage(
  db: Db,
  clientId: number,
  query: TAdminClientTrackingsQuery,
  now = new Date(),
): Promise<TAdminClientTrackingsResponse> {
  const { page, pageSize } = query;
  const conditions = buildConditions({ ...query, whatsapp: "todos" }, now);
  const matches = filtersActive(conditions) ? matchesOf(conditions) : sql`false`;
  const result = await db.execute(sql`
    select (select count(*) from client_trackings tc where tc.client_id = c.id) as total,
      coalesce((
        select json_agg(x.j order by x.m desc, x.created_at desc, x.id desc) from (
          select ${trackingJson(matches)} as j, ${matches} as m, t.created_at, t.id
          from client_trackings t where t.client_id = c.id
          order by m desc, t.created_at desc, t.id desc
          limit ${pageSize} offset ${(page - 1) * pageSize}
        ) x), '[]'::json) as trackings
    from clients c where c.id = ${clientId}`);
  const row = rowsOf<{ total: number | string; trackings: unknown }>(result)[0];
  if (!row) throw notFound(ADMIN_CLIENT_NOT_FOUND);
  const list = (typeof row.trackings === "string" ? JSON.parse(row.trackings) : row.trackings) as unknown[];
  return { trackings: list.map(toAdminTracking), total: Number(row.total), page, pageSize };
}

/** The one statement behind a page of the list (exported for EXPLAIN in scripts/bench-admin-list.ts). */
export function adminClientsStatement(query: TAdminClientsQuery, now: Date): SQL {
  const { page, pageSize } = query;
  const conditions = buildConditions(query, now);

  const matches = matchesOf(conditions);

  const paging = sql`order by created_at desc, id desc limit ${pageSize} offset ${(page - 1) * pageSize}`;
  // Without filters the page walks the created_at index and the filtered count is the total.
  const filtered = conditions.client.length > 0;
  return sql`
    with ${filtered ? sql`f as materialized (select c.id, c.created_at from clients c where ${where(conditions.client)}),` : sql``}
    p as (select id, created_at from ${filtered ? sql`f` : sql`clients`} ${paging})
    select
      (select count(*) from ${filtered ? sql`f` : sql`clients`}) as filtered_total,
      coalesce((
        select json_agg(json_build_object(
          'id', c.id, 'clientCode', c.client_code, 'nombre', c.nombre, 'telefono', c.telefono,
          'direccion', c.direccion, 'email', c.email, 'notas', c.notas, 'createdAt', c.created_at,
          'tipoIdentificacion', c.tax_id_type, 'identificacion', c.tax_id_number,
          'whatsappEnviado', case when ${WELCOME_SENT} then 'ENVIADO' else 'PENDIENTE' end,
          'whatsappEnviadoAt', c.whatsapp_enviado_at,
          'whatsappOptOutAt', c.whatsapp_opt_out_at, 'whatsappOptInAt', c.whatsapp_opt_in_at,
          'whatsappUnreachableAt', c.whatsapp_unreachable_at, 'whatsappUnreachableCode', c.whatsapp_unreachable_code,
          'protegidaDesde', c.protected_at,
          'searchCount', ${effectiveSearchCount(now)}, 'searchLimit', c.search_limit, 'unlimitedAccess', c.unlimited_access,
          'welcome', (select ${sql.raw(NOTIFICATIONS_JSON_FIELDS)} from notification_outbox n
            where n.client_id = c.id and n.kind = 'WELCOME' order by n.id desc limit 1),
          'trackingCount', (select count(*) from client_trackings tc where tc.client_id = c.id),
          'trackings', coalesce((
            select json_agg(x.j order by x.m desc, x.created_at desc, x.id desc) from (
              select ${trackingJson(matches)} as j, ${matches} as m, t.created_at, t.id
              from client_trackings t where t.client_id = c.id
              order by m desc, t.created_at desc, t.id desc limit ${TRACKINGS_INLINE}
            ) x), '[]'::json)
        ) order by p.created_at desc, p.id desc)
        from p join clients c on c.id = p.id
      ), '[]'::json) as clients
  `;
}

export async function listAdminClients(
  db: Db,
  query: TAdminClientsQuery,
  now = new Date(),
): Promise<Omit<TAdminClientsResponse, "messaging">> {
  const { page, pageSize } = query;
  const result = await db.execute(adminClientsStatement(query, now));
  const row = rowsOf<ListRow>(result)[0];
  const list = (typeof row.clients === "string" ? JSON.parse(row.clients) : row.clients) as Record<string, unknown>[];
  return {
    clients: list.map(toAdminClient),
    filteredTotal: Number(row.filtered_total),
    page,
    pageSize,
  };
}

/** The statement behind the stat cards (exported for EXPLAIN in scripts/bench-admin-list.ts). */
export function adminClientStatsStatement(): SQL {
  return sql`select
    (select count(*) from clients) as total_clients,
    (select count(*) from clients c where ${WELCOME_PENDING}) as pending_whatsapp,
    (select count(*) from client_trackings where estado <> 'ENTREGADO') as active_trackings`;
}

/** The three stat cards, counted over the whole business at the moment asked (never cached). */
export async function adminClientStats(db: Db): Promise<TAdminClientStats> {
  const row = rowsOf<{ total_clients: number | string; pending_whatsapp: number | string; active_trackings: number | string }>(
    await db.execute(adminClientStatsStatement()),
  )[0];
  return {
    totalClients: Number(row.total_clients),
    pendingWhatsapp: Number(row.pending_whatsapp),
    activeTrackings: Number(row.active_trackings),
  };
}

function toAdminClient(r: Record<string, unknown>): TAdminClient {
  return {
    id: Number(r.id),
    clientCode: String(r.clientCode),
    nombre: String(r.nombre),
    telefono: String(r.telefono),
    direccion: String(r.direccion),
    email: (r.email as string | null) ?? null,
    notas: (r.notas as string | null) ?? null,
    tipoIdentificacion: (r.tipoIdentificacion as TAdminClient["tipoIdentificacion"]) ?? null,
    identificacion: (r.identificacion as string | null) ?? null,
    createdAt: new Date(r.createdAt as string).toISOString(),
    whatsappEnviado: r.whatsappEnviado === "ENVIADO" ? "ENVIADO" : "PENDIENTE",
    whatsappEnviadoAt: r.whatsappEnviadoAt ? new Date(r.whatsappEnviadoAt as string).toISOString() : null,
    welcomeNotification: r.welcome ? toNotificationState(r.welcome as Parameters<typeof toNotificationState>[0]) : null,
    whatsappOptOutAt: r.whatsappOptOutAt ? new Date(r.whatsappOptOutAt as string).toISOString() : null,
    whatsappOptInAt: r.whatsappOptInAt ? new Date(r.whatsappOptInAt as string).toISOString() : null,
    whatsappUnreachableAt: r.whatsappUnreachableAt ? new Date(r.whatsappUnreachableAt as string).toISOString() : null,
    whatsappUnreachableCode: r.whatsappUnreachableCode === null || r.whatsappUnreachableCode === undefined ? null : Number(r.whatsappUnreachableCode),
    protegidaDesde: r.protegidaDesde ? new Date(r.protegidaDesde as string).toISOString() : null,
    searchCount: Number(r.searchCount),
    searchLimit: Number(r.searchLimit),
    unlimitedAccess: Number(r.unlimitedAccess),
    trackingCount: Number(r.trackingCount),
    trackings: (r.trackings as unknown[]).map(toAdminTracking),
  };
}

/**
 * Staff sent the welcome by hand (the chat link): the client is marked ENVIADO, and a welcome
 * still waiting in the outbox is dropped so a provider configured later never sends it twice
 * (docs/decisions/062). Marking twice keeps the first date.
 */
export async function markWelcomeSent(db: Db, clientCode: string, actor: Actor, now = new Date()): Promise<TWhatsappSentResponse> {
  return db.transaction(async (tx) => {
    const [was] = await tx
      .select({ whatsappEnviado: clients.whatsappEnviado, whatsappEnviadoAt: clients.whatsappEnviadoAt })
      .from(clients)
      .where(eq(clients.clientCode, clientCode))
      .for("update");
    const [row] = await tx
      .update(clients)
      .set({
        whatsappEnviado: "ENVIADO",
        whatsappEnviadoAt: sql`coalesce(${clients.whatsappEnviadoAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(clients.clientCode, clientCode))
      .returning({
        id: clients.id,
        clientCode: clients.clientCode,
        nombre: clients.nombre,
        whatsappEnviado: clients.whatsappEnviado,
        whatsappEnviadoAt: clients.whatsappEnviadoAt,
      });
    if (!row || !was) throw notFound(ADMIN_CLIENT_NOT_FOUND);
    const dropped = await tx
      .delete(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.clientId, row.id),
          eq(notificationOutbox.kind, "WELCOME"),
          eq(notificationOutbox.status, "PENDING"),
        ),
      )
      .returning({ id: notificationOutbox.id });
    // The record says what changed: the mark, and the queued welcome it cancelled (also when the
    // client was already marked: dropping a message is a change too).
    const diff = diffFields(was, row, ["whatsappEnviado", "whatsappEnviadoAt"]) ?? { before: {}, after: {} };
    if (dropped.length > 0) {
      diff.before.bienvenidaEnCola = "pendiente";
      diff.after.bienvenidaEnCola = "cancelada";
    }
    if (Object.keys(diff.after).length > 0) {
      await recordAudit(tx, actor, { action: "cliente.bienvenida", entity: "cliente", entityId: row.id, summary: `${row.clientCode} · ${row.nombre}`, ...diff });
    }
    return {
      clientCode: row.clientCode,
      whatsappEnviado: "ENVIADO",
      whatsappEnviadoAt: (row.whatsappEnviadoAt ?? now).toISOString(),
    };
  });
}
