// Where an import's time goes, in-process (issue 37 item 4): the bench workbook (bench/import-workbook.ts)
// imported into a fresh database seeded with --clients / --trackings, then the same rows with every
// status changed. Per run: wall time and this process's CPU (user+sys; on PGlite the database runs
// in this thread, so it is the whole cost; on PostgreSQL the backends' CPU is read from /proc and
// printed beside it), the transactions (slices) with the longest and the median hold, and on PGlite
// the statements grouped by their text (count, total ms), the BEGIN/COMMIT of each slice apart
// (COMMIT runs the audit log's deferred sealing). Steps: the .xlsx read, the rows' checks, the slices.
//
//   node --import tsx bench/import-profile.ts [--rows 10000] [--clients 2000] [--trackings 20000]
//     [--slice-rows N] [--top 25] [--no-updates] [--shared-buffers MB]
// --shared-buffers: PGlite's buffer pool as the server opens it (PGLITE_SHARED_BUFFERS_MB, 32 by
// default there, decision 230); without it PGlite's own default (PostgreSQL's 128 MB).
// After each import: the process's RSS, V8 heap and external memory, then again after a full GC
// when Node runs with --expose-gc (what the import leaves behind, decision 234).
// With DATABASE_URL: a scratch PostgreSQL database on that server, dropped at the end.
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { sql } from "drizzle-orm";
import type { PGlite } from "@electric-sql/pglite";
import { createScratchDatabase } from "../scripts/lib/processes";
import { drizzleOverPglite, openDatabase, pgliteDatabase, pgliteExtensions, type Database } from "../src/server/db/client";
import { seedDatabase } from "../src/server/seed/seed";
import { importWorkbook, isImportSheet } from "../src/server/modules/excel/import-service";
import { readSpreadsheet } from "../src/server/lib/xlsx/spreadsheet";
import { rowsOf } from "../src/server/lib/rate-limiter";
import { benchImportWorkbook } from "./import-workbook";
import { flagArg, numberArg } from "./args";

const ROWS = numberArg("rows", 10_000);
const CLIENTS = numberArg("clients", 2_000);
const TRACKINGS = numberArg("trackings", 20_000);
const SLICE_ROWS = numberArg("slice-rows", 0) || undefined;
const TOP = numberArg("top", 25);
const SHARED_BUFFERS_MB = numberArg("shared-buffers", 0);
/** Writes a CPU profile of each import (not the seed) to .tmp/import-<n>.cpuprofile. */
const CPU_PROFILE = flagArg("cpu-prof");

interface StatementStat {
  count: number;
  ms: number;
}
const statements = new Map<string, StatementStat>();
const holds: { wallMs: number; cpuMs: number; statementMs: number }[] = [];
let profiling = false;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** A statement's text without its values: what groups it. */
function shape(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/\$\d+/g, "$")
    .replace(/\(\$(, \$)+\)/g, "($…)")
    .replace(/(\(\$…\)(, )?)+/g, "($…)…")
    .slice(0, 150);
}

function record(text: string, ms: number) {
  if (!profiling) return;
  const key = shape(text);
  const stat = statements.get(key) ?? { count: 0, ms: 0 };
  stat.count++;
  stat.ms += ms;
  statements.set(key, stat);
}

let inTransactionStatementMs = 0;

/** PGlite with each query timed (it runs in this thread, so wall ≈ CPU) and each transaction's hold. */
async function timedPglite(): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await PGlite.create("memory://", {
    extensions: await pgliteExtensions(),
    ...(SHARED_BUFFERS_MB ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${SHARED_BUFFERS_MB}MB`] } : {}),
  });
  type Query = (text: string, params?: unknown[], options?: unknown) => Promise<unknown>;
  const timedQuery = (query: Query, inTx: boolean): Query => async (text, params, options) => {
    const started = performance.now();
    try {
      return await query(text, params, options);
    } finally {
      const ms = performance.now() - started;
      record(text, ms);
      if (inTx) inTransactionStatementMs += ms;
    }
  };
  const wrapper = new Proxy(client, {
    get(target, key) {
      if (key === "query") return timedQuery(target.query.bind(target) as Query, false);
      if (key === "transaction") {
        return async (fn: (tx: object) => Promise<unknown>) => {
          const wall = performance.now();
          const cpu = cpuMs();
          inTransactionStatementMs = 0;
          try {
            return await target.transaction((tx) => {
              const timedTx = new Proxy(tx, {
                get(object, name) {
                  const value: unknown = Reflect.get(object, name, object);
                  if (name === "query") return timedQuery((value as Query).bind(object), true);
                  return typeof value === "function" ? value.bind(object) : value;
                },
              });
              return fn(timedTx);
            });
          } finally {
            if (profiling) holds.push({ wallMs: performance.now() - wall, cpuMs: cpuMs() - cpu, statementMs: inTransactionStatementMs });
          }
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as PGlite;
  const raw = await drizzleOverPglite(wrapper);
  return pgliteDatabase(client, raw, () => migrate(raw as unknown as Parameters<typeof migrate>[0], { migrationsFolder: new URL("../src/server/db/migrations", import.meta.url).pathname }).then(() => {}));
}

/** The PostgreSQL backends' CPU (ms) of this database, from /proc (the server runs on this machine). */
async function backendsCpuMs(database: Database): Promise<number | null> {
  if (database.kind !== "postgres") return null;
  const rows = rowsOf<{ pid: number }>(await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`));
  const tick = 100; // USER_HZ
  let total = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / tick;
    } catch {
      return null;
    }
  }
  return total;
}

const mb = (bytes: number) => `${Math.round(bytes / 1048576)}`;
/** RSS, V8 heap used / total, external (array buffers included) in MB. */
function memory(): string {
  const m = process.memoryUsage();
  return `RSS ${mb(m.rss)} MB, heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} MB, external ${mb(m.external)} MB (array buffers ${mb(m.arrayBuffers)})`;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
};

async function main() {
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, "ei_import_profile") : undefined;
  const database = scratch ? await openDatabase({ databaseUrl: scratch.url, poolSize: 4 }) : await timedPglite();
  try {
    await database.migrate();
    const seeded = performance.now();
    if (CLIENTS > 0) await seedDatabase(database.db, { clients: CLIENTS, trackings: TRACKINGS, seed: 1 });
    await database.db.execute(sql`vacuum analyze`);
    console.log(
      `${database.kind}, seed ${CLIENTS} clients / ${TRACKINGS} packages in ${((performance.now() - seeded) / 1000).toFixed(1)} s; ` +
        `workbook ${ROWS} rows${SLICE_ROWS ? `, slices of ${SLICE_ROWS}` : ""}` +
        `${database.kind === "pglite" ? `, shared_buffers ${SHARED_BUFFERS_MB ? `${SHARED_BUFFERS_MB} MB` : "PGlite's default"}` : ""}; Node ${process.version}`,
    );
    console.log(`memory before the imports: ${memory()}`);
    for (const revision of flagArg("no-updates") ? [0] : [0, 1]) {
      const bytes = await benchImportWorkbook(ROWS, revision);
      statements.clear();
      holds.length = 0;
      const backendsBefore = await backendsCpuMs(database);
      const wall = performance.now();
      const cpu = cpuMs();
      const workbook = await readSpreadsheet(bytes, { wantSheet: isImportSheet });
      const readMs = performance.now() - wall;
      const readCpu = cpuMs() - cpu;
      profiling = true;
      const inspector = CPU_PROFILE ? new Session() : undefined;
      if (inspector) {
        inspector.connect();
        await inspector.post("Profiler.enable");
        await inspector.post("Profiler.start");
      }
      const result = await importWorkbook(database.db, workbook, { brandName: "Express Import", sliceRows: SLICE_ROWS });
      profiling = false;
      if (inspector) {
        const { profile } = await inspector.post("Profiler.stop");
        writeFileSync(`.tmp/import-${revision}.cpuprofile`, JSON.stringify(profile));
        inspector.disconnect();
      }
      const totalWall = performance.now() - wall;
      const totalCpu = cpuMs() - cpu;
      const backendsAfter = await backendsCpuMs(database);
      const errors = result.clients.errors.length + result.trackings.errors.length;
      console.log(
        `\n${revision ? "Updates (every status changed)" : "Creates"}: ${(totalWall / 1000).toFixed(2)} s wall, ${(totalCpu / 1000).toFixed(2)} s CPU here` +
          (backendsBefore !== null && backendsAfter !== null ? `, ${((backendsAfter - backendsBefore) / 1000).toFixed(2)} s CPU in PostgreSQL` : "") +
          `; read ${readMs.toFixed(0)} ms (${readCpu.toFixed(0)} ms CPU); created ${result.trackings.created}, updated ${result.trackings.updated}, ` +
          `clients ${result.clients.created}, errors ${errors}, messages ${result.messages.total}`,
      );
      if (holds.length > 0) {
        const walls = holds.map((h) => h.wallMs);
        const cpus = holds.map((h) => h.cpuMs);
        const inStatements = holds.reduce((t, h) => t + h.statementMs, 0);
        const inTx = walls.reduce((t, v) => t + v, 0);
        console.log(
          `  ${holds.length} transactions: hold median ${percentile(walls, 50).toFixed(0)} ms, p95 ${percentile(walls, 95).toFixed(0)}, max ${Math.max(...walls).toFixed(0)} ms; ` +
            `CPU median ${percentile(cpus, 50).toFixed(0)} ms; in transactions ${(inTx / 1000).toFixed(2)} s, of which statements ${(inStatements / 1000).toFixed(2)} s ` +
            `(the rest: BEGIN/COMMIT with the deferred audit sealing, and JS between statements)`,
        );
      }
      if (statements.size > 0) {
        const top = [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, TOP);
        const total = [...statements.values()].reduce((t, s) => t + s.ms, 0);
        console.log(`  statements: ${[...statements.values()].reduce((t, s) => t + s.count, 0)}, ${(total / 1000).toFixed(2)} s`);
        for (const [text, s] of top) console.log(`  ${s.ms.toFixed(0).padStart(7)} ms ${String(s.count).padStart(6)}×  ${text}`);
      }
      console.log(`  memory after: ${memory()}`);
      const gc = (globalThis as { gc?: () => void }).gc;
      if (gc) {
        const started = performance.now();
        gc();
        console.log(`  memory after a full GC (${(performance.now() - started).toFixed(0)} ms): ${memory()}`);
      }
    }
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
