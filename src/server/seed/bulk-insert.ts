// Multi-row INSERT for large loads. Each column travels as one text[] parameter that the server
// unnests and casts back to the column's type, so a statement carries a handful of parameters
// whatever its row count (no 65 535-parameter ceiling) and the SQL is built once per chunk
// instead of once per value — building per-value SQL costs more than PGlite's own insert work.
import { getTableColumns, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client";

/** Rows per statement: large enough for few round trips, small enough to keep statements light. */
export const BULK_CHUNK_ROWS = 5000;

export interface BulkInsertOptions<K extends string> {
  /** Columns (by property name) to return for every inserted row. */
  returning?: readonly K[];
  chunkRows?: number;
}

/** A column's type for the cast, without length or precision (an explicit cast to varchar(16) would truncate silently). */
function castType(column: PgColumn): string {
  const type = column.getSQLType().replace(/\(.*\)$/, "");
  if (type === "serial") return "integer";
  if (type === "bigserial") return "bigint";
  return type;
}

function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * Inserts rows (objects keyed like the table's insert type; every row must carry the same keys)
 * and returns the requested columns of the inserted rows. Constraints apply as for any INSERT.
 */
export async function bulkInsert<T extends PgTable, K extends keyof T["$inferSelect"] & string = never>(
  db: DbOrTx,
  table: T,
  rows: readonly T["$inferInsert"][],
  options: BulkInsertOptions<K> = {},
): Promise<Pick<T["$inferSelect"], K>[]> {
  if (rows.length === 0) return [];
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]);
  const columns = keys.map((key) => {
    const column = all[key];
    if (!column) throw new Error(`La tabla no tiene la columna ${key}`);
    return column;
  });
  const returning = (options.returning ?? []).map((key) => sql`${sql.identifier(all[key].name)} as ${sql.identifier(key)}`);
  const size = options.chunkRows ?? BULK_CHUNK_ROWS;
  const out: Pick<T["$inferSelect"], K>[] = [];

  for (let start = 0; start < rows.length; start += size) {
    const part = rows.slice(start, start + size);
    const arrays = columns.map((column, i) => {
      const key = keys[i];
      return part.map((row) => {
        const value = (row as Record<string, unknown>)[key];
        return toText(value === null || value === undefined ? null : column.mapToDriverValue(value));
      });
    });
    const query = sql`insert into ${table} (${sql.join(
      columns.map((c) => sql.identifier(c.name)),
      sql`, `,
    )}) select ${sql.join(
      columns.map((c, i) => sql.raw(`u.c${i}::${castType(c)}`)),
      sql`, `,
    )} from unnest(${sql.join(
      arrays.map((values) => sql`${sql.param(values)}::text[]`),
      sql`, `,
    )}) with ordinality as u(${sql.raw(columns.map((_, i) => `c${i}`).join(", "))}, n) order by u.n`;
    const result = await db.execute(returning.length > 0 ? sql`${query} returning ${sql.join(returning, sql`, `)}` : query);
    if (returning.length > 0) out.push(...(result as unknown as { rows: Pick<T["$inferSelect"], K>[] }).rows);
  }
  return out;
}
