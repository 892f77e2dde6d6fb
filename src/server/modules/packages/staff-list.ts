// The Paquetes section's list (GET /api/admin/packages, docs/decisions/119): every client's
// packages in one table, filtered, sorted by a whitelisted column and paged in the database. One
// statement answers the page and the filtered count. The search follows the clients list's rules
// (decision 116): the same helpers, the same trigram indexes.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../lib/rate-limiter";
import { awaitsAmountSql, unpricedReasonSql } from "./unpriced-sql";
import { clientSearchAlternatives, likeEscape } from "../../core/client-search";
import { costaRicaDayStart } from "../../../shared/domain/dates";
import { normalizeTrackingCode } from "../../../shared/api/trackings";
import { TRACKING_SEARCH_MIN_CHARS } from "../../../shared/api/admin/clients";
import { TRACKING_STATUSES } from "../../../shared/domain/statuses";
import {
  CARRIER_NONE,
  type PackageSort,
  type TAdminPackageRow,
  type TAdminPackagesQuery,
  type TAdminPackagesResponse,
} from "../../../shared/api/admin/packages";

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

/**
 * Whitelisted sort expressions: the query string never reaches the SQL text. Each reads the
 * package `t` only, except the client's folded name, read from its client `tc`: the expression of
 * the btree index clients_nombre_fold_idx, so the page walks the clients in that order and stops
 * once it has its packages (it folded all 10 000 names and sorted 100 000 packages per page).
 */
const SORT_COLUMNS: Record<PackageSort, SQL> = {
  fecha: sql`t.created_at`,
  actualizado: sql`t.updated_at`,
  cliente: sql`search_fold(tc.nombre)`,
  tracking: sql`upper(t.tracking_code)`,
  estado: STATUS_POSITION,
  peso: MEASURE_NUMBER,
  monto: sql`t.monto_colones`,
};
/** Columns that may be empty: their empty values go last in both directions. */
const NULLABLE_SORTS: ReadonlySet<PackageSort> = new Set(["peso", "monto"]);


/**
 * The packages a search finds, as conditions over the package `t`, each answered by an index:
 * those of the clients it finds (name folded, code, phone, each by its trigram index) and those
 * whose code contains it (the trigram index on upper(tracking_code)). The statement UNIONs one
 * select per condition, so each side uses its index; an OR over the joined rows scanned every
 * package. The found clients' packages are read by their client index (`= any(array(…))`): as
 * an IN the planner hashed them against a scan of every package, some 10 times slower for the
 * 700 'Jiménez'.
 */
function searchBranches(q: string, phones: boolean): SQL[] {
  const byClient = sql`t.client_id = any(array(select c.id from clients c where ${sql.join(clientSearchAlternatives(q, { phones }), sql` or `)}))`;
  const code = normalizeTrackingCode(q);
  // Any part of the code (the last digits read off a label).
  if (code.length < TRACKING_SEARCH_MIN_CHARS || !/^[A-Z0-9-]+$/.test(code)) return [byClient];
  return [byClient, sql`upper(t.tracking_code) like ${`%${likeEscape(code)}%`}`];
}

/** The filters over the package `t` (the search apart: searchBranches). */
function conditions(query: TAdminPackagesQuery, now: Date): SQL[] {
  const out: SQL[] = [];
  if (query.estado !== "todos") out.push(sql`t.estado = ${query.estado}`);
  if (query.origen !== "todos") out.push(sql`t.origen = ${query.origen}`);
  if (query.formaEnvio !== "todos") out.push(sql`t.forma_envio = ${query.formaEnvio}`);
  if (query.carrier === CARRIER_NONE) out.push(sql`(t.carrier is null or t.carrier = '')`);
  else if (query.carrier) out.push(sql`lower(t.carrier) = lower(${query.carrier})`);
  if (query.desde) out.push(sql`t.created_at >= ${costaRicaDayStart(query.desde).toISOString()}::timestamptz`);
  if (query.hasta) out.push(sql`t.created_at < (${costaRicaDayStart(query.hasta).toISOString()}::timestamptz + interval '1 day')`);
  if (query.needsUpdate === true) out.push(needsUpdateSql(now));
  if (query.needsUpdate === false) out.push(sql`not ${needsUpdateSql(now)}`);
  // The one "Sin peso / Sin monto" rule (docs/decisions/164), shared with the warehouse report.
  if (query.sinMonto) out.push(awaitsAmountSql("t"));
  return out;
}

/**
 * The one statement behind a page (exported for EXPLAIN and timing scripts). Every filter reads
 * the package alone, so the page is chosen from client_trackings (by index where the sort has
 * one) and only its rows are joined to their clients. A search gathers its packages once, by
 * index, with their sort key (`s`), for both the count and the page.
 */
export function adminPackagesStatement(query: TAdminPackagesQuery, now: Date, options: PackageSearchOptions = {}): SQL {
  const where = conditions(query, now);
  const filter = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const direction = query.dir === "asc" ? sql`asc` : sql`desc`;
  const key = SORT_COLUMNS[query.sort];
  // Ties fall back to the package id in the same direction, so pages never overlap.
  const nulls = NULLABLE_SORTS.has(query.sort) ? sql` nulls last` : sql``;
  const withClient = query.sort === "cliente" ? sql`join clients tc on tc.id = t.client_id` : sql``;
  const paging = sql`limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`;
  const found = (branch: SQL) =>
    sql`select t.id, ${key} as sort_key from client_trackings t ${withClient} where ${sql.join([branch, ...where], sql` and `)}`;
  const page = query.q
    ? sql`s as materialized (${sql.join(searchBranches(query.q, options.phones ?? true).map(found), sql` union `)}),
      p as (select id, sort_key from s order by sort_key ${direction}${nulls}, id ${direction} ${paging})`
    : sql`p as (
      select t.id, ${key} as sort_key from client_trackings t ${withClient} ${filter}
      order by ${key} ${direction}${nulls}, t.id ${direction} ${paging})`;
  const total = query.q ? sql`(select count(*) from s)` : sql`(select count(*) from client_trackings t ${filter})`;
  return sql`
    with ${page}
    select ${total} as total,
      coalesce((select json_agg(json_build_object(
        'id', t.id, 'trackingCode', t.tracking_code, 'clientId', t.client_id, 'clientCode', c.client_code,
        'clientName', c.nombre, 'estado', t.estado, 'origen', t.origen, 'formaEnvio', t.forma_envio,
        'carrier', t.carrier, 'pesoPieCubicos', t.peso_pie_cubicos, 'montoColones', t.monto_colones,
        'totalColones', t.total_colones, 'pagadoColones', t.pagado_colones, 'saldoColones', t.saldo_colones,
        'notas', t.notas, 'lastStatusChangeDate', t.last_status_change_date, 'updatedAt', t.updated_at, 'createdAt', t.created_at,
        'needsUpdate', ${needsUpdateSql(now)}, 'motivoSinMonto', case when ${awaitsAmountSql("t")} then ${unpricedReasonSql("t")} end) order by p.sort_key ${direction}${nulls}, p.id ${direction})
        from p join client_trackings t on t.id = p.id join clients c on c.id = t.client_id), '[]'::json) as packages`;
}

const iso = (v: unknown): string => new Date(v as string).toISOString();

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function toRow(r: Record<string, unknown>, amounts: boolean): TAdminPackageRow {
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
    montoColones: num(r.montoColones),
    totalColones: amounts ? num(r.totalColones) : null,
    pagadoColones: amounts ? num(r.pagadoColones) : null,
    saldoColones: amounts ? num(r.saldoColones) : null,
    notas: (r.notas as string | null) ?? null,
    lastStatusChangeDate: iso(r.lastStatusChangeDate),
    updatedAt: iso(r.updatedAt),
    createdAt: iso(r.createdAt),
    needsUpdate: r.needsUpdate === true,
    motivoSinMonto: (r.motivoSinMonto as TAdminPackageRow["motivoSinMonto"]) ?? null,
  };
}

export interface PackageSearchOptions {
  /** Whether the search matches the clients' phone numbers (default true; false for Bodega, issue 19). */
  phones?: boolean;
  /** Whether the rows carry total, paid and saldo (default true; false for Bodega, docs/decisions/139). */
  amounts?: boolean;
}

export async function listAdminPackages(
  db: Db,
  query: TAdminPackagesQuery,
  options: PackageSearchOptions = {},
  now = new Date(),
): Promise<TAdminPackagesResponse> {
  const result = await db.execute(adminPackagesStatement(query, now, options));
  const row = rowsOf<{ total: number | string; packages: unknown }>(result)[0];
  const list = (typeof row.packages === "string" ? JSON.parse(row.packages) : row.packages) as Record<string, unknown>[];
  const total = Number(row.total);
  return {
    packages: list.map((r) => toRow(r, options.amounts ?? true)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
