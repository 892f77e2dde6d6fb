// The import as `npm run bench` measures it (bench/run.ts measureImport), alone and repeatable
// (issue 37 item 4): a database seeded with --clients / --trackings, the production server in its
// own process, the bench workbook (bench/import-workbook.ts) uploaded through HTTP, then the same
// rows with every status changed; meanwhile lookups (4 connections × 10/s) and /api/health
// (1 × 10/s) from other processes (bench/load.ts). Per import: wall time, the server's CPU
// (user+sys from /proc, steadier than wall time on a shared machine), and the side load's
// p50/p99/max. --runs N repeats on fresh servers (a new copy of the seeded database each time).
// The server's memory (RSS from /proc, and the V8 heap and external memory from /api/health as
// staff) before the imports, right after each one and again after --idle seconds without requests
// (10 by default): what an import leaves behind (decision 234). --node-args "…": flags for the
// server's node, given to it as NODE_OPTIONS (e.g. --max-semi-space-size=8).
//
//   node --import tsx bench/import-load.ts [--rows 10000] [--clients 2000] [--trackings 20000] [--runs 1]
// With DATABASE_URL: a scratch PostgreSQL database on that server, dropped at the end.
import { cpSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createScratchDatabase, rssMb, startProductionServer } from "../scripts/lib/processes";
import { openDatabase } from "../src/server/db/client";
import { seedDatabase } from "../src/server/seed/seed";
import { rowsOf } from "../src/server/lib/rate-limiter";
import { benchImportWorkbook } from "./import-workbook";
import { numberArg, stringArg } from "./args";
import { startLoad, type LoadResult } from "./load-process";

const ROWS = numberArg("rows", 10_000);
const CLIENTS = numberArg("clients", 2_000);
const TRACKINGS = numberArg("trackings", 20_000);
const RUNS = numberArg("runs", 1);
const IDLE_SECONDS = numberArg("idle", 10);
const NODE_ARGS = stringArg("node-args", "");
const ADMIN_PASSWORD = "bench-clave-admin";



/** The process's CPU (user+sys) in ms, from /proc. */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}


async function main() {
  const root = path.resolve(".tmp", `import-load-${process.pid}`);
  mkdirSync(root, { recursive: true });
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, "ei_import_load") : undefined;
  try {
    const seedDir = path.join(root, "seed");
    const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: path.join(seedDir, "pglite") });
    await database.migrate();
    await seedDatabase(database.db, { clients: CLIENTS, trackings: TRACKINGS, seed: 1 });
    await database.db.execute(sql`vacuum analyze`);
    const codes = rowsOf<{ client_code: string }>(await database.db.execute(sql`select client_code from clients order by random() limit 2000`)).map((r) => r.client_code);
    await database.close();
    const workbooks = [await benchImportWorkbook(ROWS, 0), await benchImportWorkbook(ROWS, 1)];
    console.log(`${scratch ? "postgres" : "pglite"}: seed ${CLIENTS} clients / ${TRACKINGS} packages; workbook ${ROWS} rows; Node ${process.version}`);

    for (let run = 1; run <= RUNS; run++) {
      // On PostgreSQL every run after the first finds the previous run's rows: a new scratch database each time.
      const runScratch = scratch && run > 1 ? await createScratchDatabase(process.env.DATABASE_URL!, "ei_import_load") : scratch;
      const dataDir = path.join(root, `run-${run}`);
      if (!scratch) cpSync(seedDir, dataDir, { recursive: true });
      if (runScratch && runScratch !== scratch) {
        const copy = await openDatabase({ databaseUrl: runScratch.url });
        await copy.migrate();
        await seedDatabase(copy.db, { clients: CLIENTS, trackings: TRACKINGS, seed: 1 });
        await copy.db.execute(sql`vacuum analyze`);
        await copy.close();
      }
      const server = await startProductionServer({
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        RATE_LIMIT: "off",
        EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
        ...(runScratch ? { DATABASE_URL: runScratch.url } : {}),
        ...(NODE_ARGS ? { NODE_OPTIONS: NODE_ARGS } : {}),
      });
      try {
        const base = server.baseUrl;
        const login = await fetch(`${base}/api/admin/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ password: ADMIN_PASSWORD }),
        });
        const { token } = (await login.json()) as { token: string };
        const memory = async (phase: string) => {
          const health = (await (await fetch(`${base}/api/health`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
            details?: { memory?: { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number } };
          };
          const m = health.details?.memory;
          const mb = (n: number | undefined) => (n === undefined ? "—" : (n / 2 ** 20).toFixed(0));
          console.log(
            `run ${run} memory ${phase}: RSS ${rssMb(server.child.pid!).toFixed(0)} MB, heap ${mb(m?.heapUsed)}/${mb(m?.heapTotal)} MB, external ${mb(m?.external)} MB (ArrayBuffers ${mb(m?.arrayBuffers)})`,
          );
        };
        const paths = codes.map((c) => `/api/clients/trackings?code=${encodeURIComponent(c)}`);
        // Warm the lookups the side load asks for (as the full bench has by then).
        for (const p of paths.slice(0, 200)) await (await fetch(base + p)).arrayBuffer();
        await memory("before the imports");
        for (const [revision, bytes] of workbooks.entries()) {
          const form = new FormData();
          form.append("file", new Blob([new Uint8Array(bytes)]), "bench-importacion.xlsx");
          const lookups = startLoad({ url: base, connections: 4, connectionRate: 10, duration: 600, timeout: 60, paths });
          const health = startLoad({ url: `${base}/api/health`, connections: 1, connectionRate: 10, duration: 600, timeout: 60 });
          await Promise.all([lookups.started, health.started]);
          const cpu = processCpuMs(server.child.pid!);
          const started = performance.now();
          const res = await fetch(`${base}/api/import/express`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
          const body = (await res.json()) as { trackings?: { created: number; updated: number } };
          const seconds = (performance.now() - started) / 1000;
          const cpuSeconds = (processCpuMs(server.child.pid!) - cpu) / 1000;
          const [side, monitor] = await Promise.all([lookups.stop(), health.stop()]);
          const applied = revision ? body.trackings?.updated : body.trackings?.created;
          const failed = (r: LoadResult) => r.non2xx + r.errors + r.timeouts;
          console.log(
            `run ${run} ${revision ? "updates" : "creates"}: ${res.status} ${applied}/${ROWS} rows in ${seconds.toFixed(2)} s, server CPU ${cpuSeconds.toFixed(2)} s; ` +
              `lookups p50/p99/max ${side.p50}/${side.p99}/${side.max} ms (${side.total}, ${failed(side)} failed), ` +
              `health ${monitor.p50}/${monitor.p99}/${monitor.max} ms (${monitor.total}, ${failed(monitor)} failed)`,
          );
          await memory(`after the ${revision ? "updates" : "creates"}`);
          await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
          await memory(`${IDLE_SECONDS} s later`);
        }
      } finally {
        await server.stop();
        if (runScratch && runScratch !== scratch) await runScratch.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await scratch?.drop();
    rmSync(root, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
