// Opens the database: embedded PGlite in DATA_DIR by default, a node-postgres pool when
// DATABASE_URL is set. The same schema and migrations serve both.
import { fileURLToPath } from "node:url";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PGlite } from "@electric-sql/pglite";
import type { ClientBase } from "pg";
import * as schema from "./schema";
import { listenPostgres, type ListenHandlers, type Listener } from "./listener";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs the committed migrations. */
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /**
   * A hot-path query run as a named prepared statement on PostgreSQL (parsed and planned once
   * per connection), plainly on PGlite. For the few reads where drizzle's overhead matters.
   */
  queryPrepared<T>(name: string, text: string, params: unknown[]): Promise<T[]>;
  /**
   * LISTEN on a channel: on PostgreSQL through a dedicated, watched connection (listener.ts); on
   * PGlite through its own listen API, which calls back before the notifying query's promise
   * settles (one process, one session). Stop the listener before closing the database.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  /** PGlite: the size of its WebAssembly memory (it grows and never shrinks). */
  wasmMemoryBytes?(): number;
  close(): Promise<void>;
}

/** Where migration 0013's triggers announce the client codes whose lookup answer changed (decision 140). */
export const LOOKUP_CHANNEL = "lookup_changed";
/** Channels every pooled PostgreSQL connection listens on for its own notices (see openDatabase). */
const SESSION_CHANNELS = [LOOKUP_CHANNEL] as const;

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * The contrib extensions the migrations create (unaccent, pg_trgm: the admin search, decision 116).
 * PGlite compiles them in but must be handed them at every open of a data folder that uses them,
 * backups and restores included; PostgreSQL has them as contrib.
 */
export async function pgliteExtensions() {
  const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { unaccent, pg_trgm };
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Folder for the embedded database; "memory://" keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** PGlite's buffer pool (shared_buffers) in MB; PostgreSQL's own setting, 128, when unset (decision 230). */
  sharedBuffersMb?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    // Every pooled connection LISTENs on SESSION_CHANNELS and passes on its OWN notices:
    // PostgreSQL sends a session its own notifications before the commit's answer, so a change
    // made through this pool is heard here before the call that made it returns (this instance
    // reads its own writes); everyone else's arrive through the listener (listen below).
    const ownNotices = new Map<string, Set<(payload: string) => void>>();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 3000,
      idleTimeoutMillis: 30_000,
      // Awaited before the connection is first handed out (pg-pool's onConnect).
      onConnect: async (client: ClientBase) => {
        client.on("notification", (message) => {
          if (message.processId !== (client as unknown as { processID: number }).processID) return;
          for (const notify of ownNotices.get(message.channel) ?? []) notify(message.payload ?? "");
        });
        await client.query(SESSION_CHANNELS.map((c) => `LISTEN ${c};`).join(" "));
      },
    });
    // A dropped connection must not crash the process; queries on it fail and the pool reconnects.
    pool.on("error", () => {});
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: async () => {
        // Up to date: nothing to do, and nothing asked of the role, so an application role
        // without CREATE (docs/security.md, "Database roles") starts once the owner migrated.
        if (await migrationsApplied(pool)) return;
        // Two instances starting together (compose.yaml) migrate one after the other: the first
        // holds the advisory lock while it migrates, the second then finds nothing left to do.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          try {
            if (!(await migrationsApplied(client))) await migrate(drizzle(client, { schema }), { migrationsFolder });
          } finally {
            await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      ping: () => ping(db),
      queryPrepared: async <T>(name: string, text: string, params: unknown[]) =>
        (await pool.query({ name, text, values: params })).rows as T[],
      listen: async (channel, handlers) => {
        const own = ownNotices.get(channel) ?? new Set();
        ownNotices.set(channel, own.add(handlers.onNotify));
        const listener = listenPostgres(pg.Client, { connectionString: options.databaseUrl!, channel }, handlers);
        return {
          backendPid: listener.backendPid,
          stop: async () => {
            own.delete(handlers.onNotify);
            await listener.stop();
          },
        };
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = options.dataDir ?? "memory://";
  if (!dir.startsWith("memory://")) mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: await pgliteExtensions(),
    ...(options.sharedBuffersMb ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.sharedBuffersMb}MB`] } : {}),
  });
  const raw = await drizzleOverPglite(client);
  return pgliteDatabase(client, raw, () => migrate(raw as unknown as Parameters<typeof migrate>[0], { migrationsFolder }).then(() => {}));
}

/** A parser that keeps the text PostgreSQL sends, and the value it is checked with. */
const PROBE = "\u0000keep-text-probe";
const keepText = (value: string) => value;

/**
 * drizzle over an open PGlite, without PGlite's parser merge on every query (decision 192).
 * drizzle's PGlite driver sends its own parsers with every query: the date and time types (and
 * their arrays) kept as the text PostgreSQL sends, which drizzle converts itself. PGlite answers
 * each such query by copying its whole table of about 320 type parsers into a new object with
 * them: about 0.6 ms of CPU per query, more than most of this app's queries take in the database.
 * So the instance takes those parsers as its own, once, and drizzle's queries reach it without
 * them: the same values, parsed the same way. A query whose parsers are not exactly that (another
 * type, or one that changes the text) goes through as sent. Direct queries on the instance
 * (queryPrepared, the test pool's reset) also get those types as text; none of them reads one.
 */
export async function drizzleOverPglite(client: PGlite): Promise<Db> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const { types } = await import("@electric-sql/pglite");
  // drizzle-orm/pglite/session.js: timestamp, timestamptz, interval, date, and the arrays of
  // numeric, timestamp, timestamptz, interval and date.
  for (const type of [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182]) {
    client.parsers[type] = keepText;
  }
  type QueryOptions = { parsers?: Record<string, (value: string, type: number) => unknown> } | undefined;
  const withoutKeptParsers = (options: QueryOptions): QueryOptions => {
    const parsers = options?.parsers;
    if (!parsers) return options;
    for (const type in parsers) {
      if (client.parsers[type] !== keepText || parsers[type](PROBE, Number(type)) !== PROBE) return options;
    }
    return { ...options, parsers: undefined };
  };
  // The instance, or a transaction on it, with drizzle's parsers left out of its queries.
  const leaveOutParsers = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, key) {
        if (key === "query") {
          const query = (object as unknown as { query(text: string, params?: unknown[], options?: QueryOptions): Promise<unknown> }).query;
          return (text: string, params?: unknown[], options?: QueryOptions) => query.call(object, text, params, withoutKeptParsers(options));
        }
        if (key === "transaction") {
          const transaction = (object as unknown as { transaction(fn: (tx: object) => Promise<unknown>): Promise<unknown> }).transaction;
          return (fn: (tx: object) => Promise<unknown>) => transaction.call(object, (tx) => fn(leaveOutParsers(tx)));
        }
        // PGlite's methods use private fields: they are called on the instance itself.
        const value: unknown = Reflect.get(object, key, object);
        return typeof value === "function" ? value.bind(object) : value;
      },
    });
  return drizzle({ client: leaveOutParsers(client), schema }) as unknown as Db;
}

/**
 * True when the database has every committed migration: drizzle's own rule (a migration runs when
 * its folder time is later than the last applied one's created_at). False when unsure.
 */
/** The advisory lock key the migrations run under (any fixed number; "EIMG" in ASCII). */
const MIGRATION_LOCK_KEY = 0x45494d47;

async function migrationsApplied(pool: { query(text: string): Promise<{ rows: { last: string | null }[] }> }): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const { rows } = await pool.query(`select max(created_at)::text as last from "drizzle"."__drizzle_migrations"`);
    return rows[0]?.last != null && Number(rows[0].last) >= newest;
  } catch {
    return false;
  }
}

/** The Database over an open PGlite (the server's, or a test's copy of the migrated template). */
export function pgliteDatabase(client: PGlite, db: Db, migrate: () => Promise<void>): Database {
  return {
    db,
    kind: "pglite",
    migrate,
    ping: async () => !client.closed && (await ping(db)),
    queryPrepared: async <T>(_name: string, text: string, params: unknown[]) =>
      (await client.query<T>(text, params)).rows,
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, handlers.onNotify);
      handlers.onState(true);
      return {
        backendPid: () => null,
        stop: async () => {
          handlers.onState(false);
          if (!client.closed) await unlisten().catch(() => {});
        },
      };
    },
    // PGlite keeps its Emscripten module in a protected field.
    wasmMemoryBytes: () => (client as unknown as { mod?: { wasmMemory?: WebAssembly.Memory } }).mod?.wasmMemory?.buffer.byteLength ?? 0,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
