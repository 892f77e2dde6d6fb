// A fingerprint of the data in a database: row count and checksum of every table in the public
// schema (found at run time, so new tables count too), for tests that prove "nothing changed".
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../lib/rate-limiter";

/**
 * Tables whose changes are not data: abuse counters, the exchange-rate cache, and the staff
 * sessions (any admin call may note the session's last-seen time, a GET included).
 */
export const NOT_DATA_TABLES = new Set(["rate_limits", "app_cache", "admin_sessions"]);

export interface Fingerprinter {
  tables: string[];
  /** table → "rows:sum of the rows' 64-bit hashes". */
  take(): Promise<Record<string, string>>;
  /** Tables whose fingerprint differs. */
  changed(before: Record<string, string>, after: Record<string, string>): string[];
}

export async function createFingerprinter(db: Db, ignore: Set<string> = NOT_DATA_TABLES): Promise<Fingerprinter> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  )
    .map((r) => r.tablename)
    .filter((name) => !ignore.has(name));
  const query = sql.raw(
    tables
      .map(
        (name) =>
          `select '${name}' as name, count(*)::int as n, coalesce(sum(hashtextextended(x::text, 0)::numeric), 0)::text as sum from "${name}" x`,
      )
      .join(" union all "),
  );
  return {
    tables,
    async take() {
      const rows = rowsOf<{ name: string; n: number; sum: string }>(await db.execute(query));
      return Object.fromEntries(rows.map((r) => [r.name, `${r.n}:${r.sum}`]));
    },
    changed(before, after) {
      return tables.filter((name) => before[name] !== after[name]);
    },
  };
}
