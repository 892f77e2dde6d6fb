// Test databases: a fresh, migrated database per test file. With DATABASE_URL set (CI runs the
// suite a second time that way) each file gets its own PostgreSQL database, dropped at the end;
// otherwise an in-memory PGlite, reused between the files of a worker and reset to the
// template's state in between (./pglite-pool.ts). Both start from the migrated template that the
// run's globalSetup made (./global-setup.ts; on a fresh clone the PGlite ones may still be in the
// making: ./template-ready.ts waits for them); without one (a script, another config) the
// migrations run here, once per process for PGlite.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzleOverPglite, openDatabase, pgliteDatabase, pgliteExtensions, type Database } from "../db/client";
import { templateReady } from "./template-ready";

export interface TestDatabase extends Database {
  /** Empties every table (between tests that need a clean slate). */
  truncateAll(): Promise<void>;
  /** The PostgreSQL address of this test database (unset on PGlite). */
  url?: string;
}

let snapshot: Promise<Blob> | undefined;

async function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const template = process.env.EI_TEST_PGLITE_TEMPLATE;
    if (template) {
      await templateReady(template);
      return new Blob([await readFile(template)]);
    }
    const d = await openDatabase({ dataDir: "memory://" });
    await d.migrate();
    const client = (d.db as unknown as { $client: PGlite }).$client;
    const blob = await client.dumpDataDir("none");
    await d.close();
    return blob;
  })();
  return snapshot;
}

/**
 * Writes a migrated PGlite database into the folder `dir` (a data folder's pglite/, which must
 * not exist yet), copied from the template instead of created and migrated there: tests of
 * scripts and of the real server that need a database on disk, on either kind of run. Under the
 * run's globalSetup the folder is a file copy of the template unpacked (EI_TEST_PGLITE_TEMPLATE_DIR,
 * ~0.2 s of CPU); otherwise PGlite unpacks the template into it (~1 s).
 */
export async function createMigratedPgliteDir(dir: string): Promise<void> {
  await mkdir(path.dirname(dir), { recursive: true });
  const unpacked = process.env.EI_TEST_PGLITE_TEMPLATE_DIR;
  if (unpacked) await templateReady(unpacked);
  if (unpacked && existsSync(path.join(unpacked, "PG_VERSION"))) {
    if (existsSync(dir)) throw new Error(`${dir} already exists`);
    await cp(unpacked, dir, { recursive: true });
    return;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const client = await PGlite.create(dir, { loadDataDir: await migratedSnapshot(), extensions: await pgliteExtensions() });
  await client.close();
}

/**
 * A new in-memory PGlite with an empty cluster, as initdb leaves it, for the tests that run the
 * migrations themselves: loaded from the run's copy (EI_TEST_PGLITE_EMPTY_TEMPLATE, global-setup.ts)
 * rather than made by initdb (~4 s of CPU) when there is one.
 */
export async function createEmptyPglite(): Promise<PGlite> {
  const { PGlite } = await import("@electric-sql/pglite");
  const empty = process.env.EI_TEST_PGLITE_EMPTY_TEMPLATE;
  if (empty) await templateReady(empty);
  const extensions = await pgliteExtensions();
  return empty ? PGlite.create({ loadDataDir: new Blob([await readFile(empty)]), extensions }) : PGlite.create({ extensions });
}

/**
 * A database in the migrated template's state for a test file. On PGlite, `fresh` asks for a new
 * one rather than one an earlier file used and the pool reset (./pglite-pool.ts).
 */
export async function createTestDatabase(options: { fresh?: boolean } = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  let testUrl: string | undefined;
  if (url) {
    const { default: pg } = await import("pg");
    const name = `ei_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    const template = process.env.EI_TEST_POSTGRES_TEMPLATE;
    await admin.connect();
    try {
      await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    } finally {
      await admin.end();
    }
    const target = new URL(url);
    target.pathname = `/${name}`;
    testUrl = target.toString();
    database = await openDatabase({ databaseUrl: testUrl, poolSize: 5 });
    if (!template) await database.migrate();
    dropDatabase = async () => {
      // An autovacuum worker (owned by the superuser) may still be in the database: FORCE
      // cannot end it for a non-superuser role, so wait for it a few times. A scratch database
      // left behind is harmless and must not fail the tests that used it.
      for (let attempt = 1; ; attempt++) {
        const c = new pg.Client({ connectionString: url });
        try {
          await c.connect();
          await c.query(`drop database if exists ${name} with (force)`);
          return;
        } catch (error) {
          if (attempt >= 10) {
            console.warn(`could not drop test database ${name}: ${(error as Error).message}`);
            return;
          }
          await new Promise((r) => setTimeout(r, 300));
        } finally {
          await c.end().catch(() => {});
        }
      }
    };
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    // Reused from an earlier file of this worker when one is free, reset to the template's state
    // (./pglite-pool.ts, decision 174).
    const { leasePglite } = await import("./pglite-pool");
    const lease = await leasePglite(
      "migrated",
      async () => PGlite.create({ loadDataDir: await migratedSnapshot(), extensions: await pgliteExtensions() }),
      options,
    );
    database = pgliteDatabase(lease.client, await drizzleOverPglite(lease.client), async () => {});
  }
  return {
    ...database,
    url: testUrl,
    async truncateAll() {
      const { sql } = await import("drizzle-orm");
      const { resetAuditLog } = await import("../core/audit/chain");
      await database.db.transaction(async (tx) => {
        await tx.execute(
          sql.raw(
            `truncate table clients, coupons, client_trackings, tracking_status_history, referrals, whatsapp_customers,
             whatsapp_tracking_entries, tracking_notices, parts_searches, contact_messages, uploads,
             notification_outbox, rate_limits, app_cache, admin_sessions, staff_accounts, shipments,
             unclaimed_packages, package_photos, deliveries, package_charges, payment_proofs,
             payments, payment_allocations, cash_closings, invoice_sequences, invoice_documents restart identity cascade`,
          ),
        );
        // The log refuses TRUNCATE; the tests' owner lifts that for its clean slate.
        await resetAuditLog(tx);
      });
    },
    async close() {
      await database.close();
      await dropDatabase?.();
    },
  };
}

/**
 * A second, independent connection pool to the same PostgreSQL test database, as another app
 * instance would have (multi-instance tests). PGlite is one embedded connection: not possible there.
 */
export async function openSecondConnection(database: TestDatabase): Promise<Database> {
  if (!database.url) throw new Error("openSecondConnection needs PostgreSQL (DATABASE_URL)");
  return openDatabase({ databaseUrl: database.url, poolSize: 5 });
}
