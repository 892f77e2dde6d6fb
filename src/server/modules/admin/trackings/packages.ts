// The Paquetes section's list (GET /api/admin/packages, docs/decisions/119): every client's
// packages in one table, filtered, sorted by a whitelisted column and paged in the database. One
// statement answers the page and the filtered count. The search follows the clients list's rules
// (decision 116): the same helpers, the same trigram indexes.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { rowsOf } from "../../../lib/rate-limiter";
import { clientSearchAlternatives, costaRicaDayStart, likeEscape } from "../clients/service";
import { normalizeTrackingCode } from "../../../../shared/api/trackings";
import { TRACKING_SEARCH_MIN_CHARS } from "../../../../shared/api/admin/clients";
import { TRACKING_STATUSES } from "../../../../shared/domain/statuses";
import {
  CARRIER_NONE,
  type PackageSort,
  type TAdminPackageRow,
  type TAdminPackagesQuery,
  type TAdminPackagesResponse,
} from "../../../../shared/api/admin/packages";

/** Not delivered and not updated since today's midnight in Costa Rica (docs/decisions/061). */
export function needsUpdateSql(now: Date): SQL {
  return sql`(t.estado <> 'ENTREGADO' and t.updated_at < ${costaRicaDayStart(now).toISOString()}::timestamptz)`;
}

/** The measure as a number ("1,5" → 1.5); text that is no number sorts with the empty ones. */
const MEASURE_NUMBER = sql`(case when replace(t.peso_pie_cubicos, ',', '.') ~ '^([0-9]+([.][0-9]*)?|[.][0-9]+)$'
  then replace(t.peso_pie_cubicos, ',', '.')::numeric end)`;

/** The workflow's order, not the alphabet's. */
const STATUS_POSITION = sql`array_position(array[${sql.join(
  TRACKING_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], t.estado::text)`;

/** Whitelisted sort expressions: the query string never reaches the SQL text. */
const SORT_COLUMNS: Record<PackageSort, SQL> = {
  fecha: sql`t.created_at`,
  actualizado: sql`t.updated_at`,
  cliente: sql`search_fold(c.nombre)`,
  tracking: sql`upper(t.tracking_code)`,
  estado: STATUS_POSITION,
  peso: MEASURE_NUMBER,
  monto: sql`t.monto_colones`,
};

/** Midnight starting a Costa Rica calendar day (UTC−6, no daylight saving). */
const crMidnight = (day: string): string => new Date(`${day}T00:00:00-06:00`).toISOString();

function conditions(query: TAdminPackagesQuery, now: Date): SQL[] {
  const out: SQL[] = [];
  if (query.estado !== "todos") out.push(sql`t.estado = ${query.estado}`);
  if (query.origen !== "todos") out.push(sql`t.origen = ${query.origen}`);
  if (query.formaEnvio !== "todos") out.push(sql`t.forma_envio = ${query.formaEnvio}`);
  if (query.carrier === CARRIER_NONE) out.push(sql`(t.carrier is null or t.carrier = '')`);
  else if (query.carrier) out.push(sql`lower(t.carrier) = lower(${query.carrier})`);
  if (query.desde) out.push(sql`t.created_at >= ${crMidnight(query.desde)}::timestamptz`);
  if (query.hasta) out.push(sql`t.created_at < (${crMidnight(query.hasta)}::timestamptz + interval '1 day')`);
  if (query.needsUpdate === true) out.push(needsUpdateSql(now));
  if (query.needsUpdate === false) out.push(sql`not ${needsUpdateSql(now)}`);

  const q = query.q?.trim();
  if (q) {
    const alternatives = clientSearchAlternatives(q);
    const code = normalizeTrackingCode(q);
    // Any part of the code (the last digits read off a label): the trigram index on upper(tracking_code).
    if (code.length >= TRACKING_SEARCH_MIN_CHARS && /^[A-Z0-9-]+$/.test(code)) {
      alternatives.push(sql`upper(t.tracking_code) like ${`%${likeEscape(code)}%`}`);
    }
    out.push(sql`(${sql.join(alternatives, sql` or `)})`);
  }
  return out;
}

/** The one statement behind a page (exported for EXPLAIN and timing scripts). */
export function adminPackagesStatement(query: TAdminPackagesQuery, now: Date): SQL {
  const where = conditions(query, now);
  const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const direction = query.dir === "asc" ? sql`asc` : sql`desc`;
  // Ties (and empty values, always last) fall back to the newest package, so pages never overlap.
  const order = sql`${SORT_COLUMNS[query.sort]} ${direction} nulls last, t.id ${direction}`;
  // The client is only joined for counting when the filter reads it (a search).
  const countFrom = query.q ? sql`client_trackings t join clients c on c.id = t.client_id` : sql`client_trackings t`;
  return sql`
    with p as (
      select t.id, t.tracking_code, t.client_id, c.client_code, c.nombre, t.estado, t.origen, t.forma_envio,
        t.carrier, t.peso_pie_cubicos, t.monto_colones, t.last_status_change_date, t.updated_at, t.created_at,
        ${needsUpdateSql(now)} as needs_update, ${SORT_COLUMNS[query.sort]} as sort_key
      from client_trackings t join clients c on c.id = t.client_id
      ${filter}
      order by ${order}
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
    )
    select (select count(*) from ${countFrom} ${filter}) as total,
      coalesce((select json_agg(json_build_object(
        'id', p.id, 'trackingCode', p.tracking_code, 'clientId', p.client_id, 'clientCode', p.client_code,
        'clientName', p.nombre, 'estado', p.estado, 'origen', p.origen, 'formaEnvio', p.forma_envio,
        'carrier', p.carrier, 'pesoPieCubicos', p.peso_pie_cubicos, 'montoColones', p.monto_colones,
        'lastStatusChangeDate', p.last_status_change_date, 'updatedAt', p.updated_at, 'createdAt', p.created_at,
        'needsUpdate', p.needs_update) order by p.sort_key ${direction} nulls last, p.id ${direction}) from p), '[]'::json) as packages`;
}

const iso = (v: unknown): string => new Date(v as string).toISOString();

function toRow(r: Record<string, unknown>): TAdminPackageRow {
  return {
    id: Number(r.id),
    trackingCode: String(r.trackingCode),
    clientId: Number(r.clientId),
    clientCode: String(r.clientCode),
    clientName: String(r.clientName),
    estado: r.estado as TAdminPackageRow["estado"],
    origen: r.origen as TAdminPackageRow["origen"],
    formaEnvio: r.formaEnvio as TAdminPackageRow["formaEnvio"],
    carrier: (r.carrier as string | null) || null,
    pesoPieCubicos: (r.pesoPieCubicos as string | null) ?? null,
    montoColones: r.montoColones === null || r.montoColones === undefined ? null : Number(r.montoColones),
    lastStatusChangeDate: iso(r.lastStatusChangeDate),
    updatedAt: iso(r.updatedAt),
    createdAt: iso(r.createdAt),
    needsUpdate: r.needsUpdate === true,
  };
}

export async function listAdminPackages(db: Db, query: TAdminPackagesQuery, now = new Date()): Promise<TAdminPackagesResponse> {
  const result = await db.execute(adminPackagesStatement(query, now));
  const row = rowsOf<{ total: number | string; packages: unknown }>(result)[0];
  const list = (typeof row.packages === "string" ? JSON.parse(row.packages) : row.packages) as Record<string, unknown>[];
  const total = Number(row.total);
  return {
    packages: list.map(toRow),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
