// The PGlite test databases of one worker process, reused from file to file (decision 174).
//
// Starting PGlite from the migrated template costs about 0.9 s of CPU (loading the 42 MB data
// folder and starting PostgreSQL); bringing a used one back to the template's state costs a
// tenth of that. So a database a test file closes is not closed: it is reset and kept for the
// next file of the same worker (files share their worker: vitest.config.ts, isolate: false).
// What keeps every file's database as fresh as a new copy of the template:
// - the file gets a lease, a stand-in for the PGlite object: once the file closes it, every call
//   through it fails as on a closed database, and the listeners the file left are stopped, so
//   nothing the file left running can reach the next file's data;
// - on release, a schema the file added is dropped with what depends on it; the tables and
//   sequences whose fingerprint (row count and sum of the rows'
//   hashes; a sequence's last value) differs from the template's are emptied (TRUNCATE …
//   RESTART IDENTITY) or put back (the template's few rows: the migrations journal, the audit
//   log's head);
// - then the whole fingerprint is taken again, with the schema's and the session's
//   (namespaces, tables, columns, defaults, constraints, indexes, triggers and whether they are
//   enabled, functions, types, roles, extensions, settings changed in the session, LISTEN
//   channels, prepared statements, cursors, advisory locks): the database goes back to the pool
//   only when all of it equals the template's. Otherwise (a file created a function or a role,
//   dropped a trigger, left a setting) it is closed, and the next file starts a new one.
// EI_TEST_PGLITE_REUSE=off turns reuse off (every lease a new database, as before).
import type { PGlite, Transaction } from "@electric-sql/pglite";

interface TemplateState {
  /** The data fingerprint query (one row per table and per sequence) and its answer on the template. */
  dataQuery: string;
  data: Map<string, string>;
  /** The schema and session fingerprint on the template. */
  schema: string;
  /** Tables the template has rows in, with those rows (JSON). */
  seeded: Map<string, string>;
  /** The template's own schemas (public, drizzle): any other one a file added is dropped on reset. */
  schemas: string[];
}

interface Pool {
  idle: PGlite[];
  template?: Promise<TemplateState>;
  /** Counters for the curious (EI_TEST_PGLITE_POOL_LOG=1): new databases, reuses, discards. */
  created: number;
  reused: number;
  discarded: number;
}

// Kept on globalThis: the project's modules are loaded afresh for every file (src/client/test/setup.ts).
// One pool per kind of database (the migrated template's, or a test's own).
const pools: Map<string, Pool> = ((globalThis as Record<symbol, unknown>)[Symbol.for("ei.test.pglitePools")] ??= new Map()) as Map<string, Pool>;

function poolOf(key: string): Pool {
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = { idle: [], created: 0, reused: 0, discarded: 0 }));
  return pool;
}

const USER_SCHEMAS = `nspname not like 'pg\\_%' and nspname <> 'information_schema'`;

/** Everything but the data: schema objects and the session's state. One md5. */
const SCHEMA_QUERY = `select md5(string_agg(x, E'\\n' order by x)) as fp from (
  select concat_ws(':', 'n', oid, nspname, nspacl) x from pg_namespace where ${USER_SCHEMAS}
  union all select concat_ws(':', 'c', c.oid, relname, relkind, relacl, relrowsecurity, relforcerowsecurity, relnatts, reloptions)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_SCHEMAS}
  union all select concat_ws(':', 'a', attrelid, attname, atttypid, attnotnull, attisdropped, attacl, pg_get_expr(d.adbin, d.adrelid))
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum where attnum > 0 and ${USER_SCHEMAS}
  union all select concat_ws(':', 'k', oid, conname, pg_get_constraintdef(oid)) from pg_constraint
    where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  union all select concat_ws(':', 't', oid, tgname, tgenabled, tgrelid) from pg_trigger
  union all select concat_ws(':', 'p', oid, proname, md5(prosrc), proacl) from pg_proc
    where pronamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  union all select concat_ws(':', 'i', indexrelid, indisvalid) from pg_index where indrelid >= 16384
  union all select concat_ws(':', 'r', oid, rolname, rolsuper, rolcanlogin) from pg_roles
  union all select concat_ws(':', 'e', extname, extversion) from pg_extension
  union all select concat_ws(':', 'y', oid, typname) from pg_type where typnamespace >= 16384
  union all select concat_ws(':', 'v', enumtypid, enumlabel, enumsortorder) from pg_enum
  union all select concat_ws(':', 'w', ev_class, rulename, ev_enabled) from pg_rewrite where ev_class >= 16384
  union all select concat_ws(':', 'o', polname, polrelid) from pg_policy
  union all select concat_ws(':', 'd', setdatabase, setrole, setconfig) from pg_db_role_setting
  union all select concat_ws(':', 'g', name, setting) from pg_settings
    where source not in ('default', 'override', 'configuration file', 'environment variable', 'command line')
  union all select concat_ws(':', 'l', channel) from pg_listening_channels() channel
  union all select concat_ws(':', 'q', name) from pg_prepared_statements
  union all select concat_ws(':', 'u', name) from pg_cursors
  union all select concat_ws(':', 'x', locktype, database, classid, objid, objsubid) from pg_locks where locktype = 'advisory'
) f`;

async function templateState(client: PGlite): Promise<TemplateState> {
  const tables = (
    await client.query<{ t: string }>(
      `select format('%I.%I', schemaname, tablename) as t from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    )
  ).rows.map((r) => r.t);
  const dataQuery = [
    ...tables.map(
      (t) =>
        `select 'table' as kind, ${quote(t)} as name, count(*)::text || ':' || coalesce(sum(hashtextextended(x::text, 0)::numeric), 0)::text as fp from ${t} x`,
    ),
    `select 'sequence', format('%I.%I', schemaname, sequencename), coalesce(last_value::text, '-') from pg_sequences`,
  ].join(" union all ");
  const data = await dataFingerprint(client, dataQuery);
  const seeded = new Map<string, string>();
  for (const t of tables) {
    if (data.get(`table ${t}`)?.startsWith("0:")) continue;
    seeded.set(t, (await client.query<{ rows: string }>(`select json_agg(x)::text as rows from ${t} x`)).rows[0].rows);
  }
  const schemas = (await client.query<{ nspname: string }>(`select nspname from pg_namespace where ${USER_SCHEMAS}`)).rows.map((r) => r.nspname);
  return { dataQuery, data, schema: await schemaFingerprint(client), seeded, schemas };
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

async function dataFingerprint(client: PGlite | Transaction, query: string): Promise<Map<string, string>> {
  const rows = (await client.query<{ kind: string; name: string; fp: string }>(query)).rows;
  return new Map(rows.map((r) => [`${r.kind} ${r.name}`, r.fp]));
}

async function schemaFingerprint(client: PGlite): Promise<string> {
  return (await client.query<{ fp: string }>(SCHEMA_QUERY)).rows[0].fp;
}

function sameData(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([key, value]) => b.get(key) === value);
}

/** Brings a used database back to the template's state; false when it cannot (then it is not reused). */
async function reset(client: PGlite, template: TemplateState): Promise<boolean> {
  if (client.closed) return false;
  // A schema of a file's own (the "nothing changed" fingerprinter's log, db-fingerprint.ts) goes
  // with everything that depends on it (its triggers on the app's tables). Whatever else the file
  // changed is still caught by the fingerprints below.
  const added = (await client.query<{ nspname: string }>(`select nspname from pg_namespace where ${USER_SCHEMAS}`)).rows
    .map((r) => r.nspname)
    .filter((name) => !template.schemas.includes(name));
  for (const name of added) await client.exec(`drop schema "${name.replaceAll('"', '""')}" cascade`);
  const before = await dataFingerprint(client, template.dataQuery);
  const changed = [...template.data.keys(), ...before.keys()].filter((key) => before.get(key) !== template.data.get(key));
  if (changed.length > 0) {
    await client.transaction(async (tx) => {
      // Triggers off for the reset only: the audit log refuses TRUNCATE, and the lookup triggers
      // would announce changes nobody listens to any more.
      await tx.exec("set local session_replication_role = replica");
      const tables = changed.filter((key) => key.startsWith("table ")).map((key) => key.slice(6));
      const empty = tables.filter((t) => !template.seeded.has(t));
      if (empty.length > 0) await tx.exec(`truncate table ${empty.join(", ")} restart identity cascade`);
      for (const t of tables.filter((name) => template.seeded.has(name))) {
        await tx.exec(`delete from ${t}`);
        await tx.query(`insert into ${t} overriding system value select * from json_populate_recordset(null::${t}, $1::json)`, [
          template.seeded.get(t),
        ]);
      }
      // Sequences: those TRUNCATE restarted now match; put back any other (a failed insert
      // still takes a number).
      const now = await dataFingerprint(tx, template.dataQuery);
      for (const [key, value] of template.data) {
        if (!key.startsWith("sequence ") || now.get(key) === value) continue;
        const sequence = key.slice(9);
        if (value === "-") await tx.exec(`alter sequence ${sequence} restart`);
        else await tx.query(`select setval($1, $2::bigint, true)`, [sequence, value]);
      }
    });
  }
  const after = await dataFingerprint(client, template.dataQuery);
  return sameData(after, template.data) && (await schemaFingerprint(client)) === template.schema;
}

export interface PgliteLease {
  /** Stands in for the PGlite object: refuses every call once released, like a closed database. */
  client: PGlite;
  /** Gives the database back (reset for the next lease, or closed). */
  release(): Promise<void>;
}

/**
 * A database in the template's state: a reused one when the pool `key` has one, else `create()`'s.
 * `fresh`: always a new one (closed on release), for a test that needs a database nobody used.
 */
export async function leasePglite(key: string, create: () => Promise<PGlite>, options: { fresh?: boolean } = {}): Promise<PgliteLease> {
  const pool = poolOf(key);
  const reuse = !options.fresh && process.env.EI_TEST_PGLITE_REUSE !== "off";
  let client = reuse ? pool.idle.pop() : undefined;
  if (client) pool.reused++;
  else {
    client = await create();
    pool.created++;
    // The template's state, read from the first new database before anyone writes to it.
    if (reuse) pool.template ??= templateState(client);
    if (reuse) await pool.template;
  }
  return lease(client, async (used) => {
    if (reuse && pool.template && (await reset(used, await pool.template).catch(() => false))) {
      pool.idle.push(used);
      return;
    }
    if (reuse) pool.discarded++;
    if (process.env.EI_TEST_PGLITE_POOL_LOG) console.warn(`pglite pool: database not reused (${pool.discarded} so far)`);
    if (!used.closed) await used.close();
  });
}

function lease(client: PGlite, onRelease: (client: PGlite) => Promise<void>): PgliteLease {
  let released: Promise<void> | undefined;
  const unlistens = new Set<() => Promise<void>>();
  const closedError = () => new Error("PGlite is closed");
  const release = () =>
    (released ??= (async () => {
      for (const unlisten of [...unlistens]) await unlisten().catch(() => {});
      await onRelease(client);
    })());
  const stand = new Proxy(client, {
    get(target, property) {
      if (property === "closed") return released !== undefined || target.closed;
      if (property === "close") return release;
      if (property === "listen") {
        return async (...args: Parameters<PGlite["listen"]>) => {
          if (released) throw closedError();
          const unlisten = await target.listen(...args);
          const stop = async () => {
            if (!unlistens.delete(stop)) return;
            await unlisten();
          };
          unlistens.add(stop);
          return async () => {
            if (!released) await stop();
          };
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        if (released) return Promise.reject(closedError());
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { client: stand, release };
}

/** How many databases this worker started, reused and discarded (for measurements). */
export function pglitePoolCounts(key: string): { created: number; reused: number; discarded: number; idle: number } {
  const pool = poolOf(key);
  return { created: pool.created, reused: pool.reused, discarded: pool.discarded, idle: pool.idle.length };
}
