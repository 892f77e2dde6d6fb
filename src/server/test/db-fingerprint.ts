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

/**
 * Hashing every table for every fingerprint read the whole database each time (the bad-input
 * walk took about 2 500 of them, a third of its time). So the fingerprinter puts a statement
 * trigger on each table that notes the table's name in a log of its own schema, and a new
 * fingerprint hashes again only the tables named there since the last one; the others keep
 * their hash. Same answer as hashing them all: a table no statement wrote has the same rows.
 * Each fingerprinter on the database has its own lines in the log, read and emptied in one
 * DELETE: a write committed after it stays for the next fingerprint.
 * (The test PGlite pool drops the added schema, with its triggers, when the file releases the
 * database; decisions 174 and 191.)
 */
const LOG_SETUP = [
  "create schema if not exists test_fingerprint",
  "create table if not exists test_fingerprint.readers (id serial primary key)",
  "create table if not exists test_fingerprint.writes (reader int not null, name text not null)",
  `create or replace function test_fingerprint.note_write() returns trigger language plpgsql as $$
  begin
    insert into test_fingerprint.writes (reader, name) select id, TG_TABLE_NAME from test_fingerprint.readers;
    return null;
  end $$`,
];

export async function createFingerprinter(db: Db, ignore: Set<string> = NOT_DATA_TABLES): Promise<Fingerprinter> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  )
    .map((r) => r.tablename)
    .filter((name) => !ignore.has(name));
  for (const statement of LOG_SETUP) await db.execute(sql.raw(statement));
  for (const name of tables) {
    await db.execute(
      sql.raw(`create or replace trigger test_fingerprint_write after insert or update or delete or truncate on "${name}"
        for each statement execute function test_fingerprint.note_write()`),
    );
  }
  const [{ id: reader }] = rowsOf<{ id: number }>(await db.execute(sql`insert into test_fingerprint.readers default values returning id`));
  const hashQuery = (names: string[]) =>
    sql.raw(
      names
        .map(
          (name) =>
            `select '${name}' as name, count(*)::int as n, coalesce(sum(hashtextextended(x::text, 0)::numeric), 0)::text as sum from "${name}" x`,
        )
        .join(" union all "),
    );
  const hashes = new Map<string, string>();
  const hash = async (names: string[]) => {
    if (!names.length) return;
    for (const r of rowsOf<{ name: string; n: number; sum: string }>(await db.execute(hashQuery(names)))) hashes.set(r.name, `${r.n}:${r.sum}`);
  };
  return {
    tables,
    async take() {
      const written = new Set(rowsOf<{ name: string }>(await db.execute(sql`delete from test_fingerprint.writes where reader = ${reader} returning name`)).map((r) => r.name));
      await hash(hashes.size ? tables.filter((name) => written.has(name)) : tables);
      return Object.fromEntries(tables.map((name) => [name, hashes.get(name)!]));
    },
    changed(before, after) {
      return tables.filter((name) => before[name] !== after[name]);
    },
  };
}
