// Times the admin panel's list calls against a seeded database, through the real app
// (routing, auth, validation, the SQL, JSON serialization), as the server answers them.
//
//   DATA_DIR=.tmp/admin-bench npm run seed -- --clients 10000 --trackings 100000 --reset
//   DATA_DIR=.tmp/admin-bench node --import tsx scripts/bench-admin-list.ts [--runs 30] [--analyze] [--explain [texto]]
//   (or DATABASE_URL=postgres://… for PostgreSQL)
//
// Prints, per scenario, the first request after the server started (cold: index pages and plans
// not cached yet, as the first search of the day) apart from the median and 95th percentile of the
// next ones. --explain prints EXPLAIN ANALYZE (buffers; on PostgreSQL also JIT and settings) of
// each list statement whose scenario label contains the text (every list scenario without one),
// on either database. PGlite has no autovacuum, so a freshly seeded embedded database has no
// planner statistics until someone runs ANALYZE: the script says so, and --analyze runs VACUUM
// ANALYZE first (PostgreSQL's autovacuum does the same on its own).
import { sql, type SQL } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { adminClientStatsStatement, adminClientsStatement } from "../src/server/modules/clients/staff-service";
import { adminPackagesStatement } from "../src/server/modules/packages/staff-list";
import { ZAdminClientsQuerySchema } from "../src/shared/api/admin/clients";
import { ZAdminPackagesQuerySchema } from "../src/shared/api/admin/packages";
import { loadConfig, pgliteDir } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { rowsOf } from "../src/server/lib/rate-limiter";

const args = process.argv.slice(2);
const runsArg = args.indexOf("--runs");
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 30;
const explainArg = args.indexOf("--explain");
const EXPLAIN = explainArg >= 0;
const EXPLAIN_FILTER = EXPLAIN && args[explainArg + 1] && !args[explainArg + 1].startsWith("--") ? args[explainArg + 1] : "";
const ANALYZE = args.includes("--analyze");

/** The list statement a scenario's address runs (clients or packages), for EXPLAIN. */
function statementOf(url: string, now: Date): SQL | undefined {
  const address = new URL(url, "http://bench");
  const query = Object.fromEntries(address.searchParams);
  if (address.pathname === "/api/clients") return adminClientsStatement(ZAdminClientsQuerySchema.parse(query), now);
  if (address.pathname === "/api/admin/clients/stats") return adminClientStatsStatement();
  if (address.pathname === "/api/admin/packages") return adminPackagesStatement(ZAdminPackagesQuerySchema.parse(query), now);
  return undefined;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, RATE_LIMIT: "off", LOG_LEVEL: "silent" });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config), poolSize: 4 });
  await database.migrate();
  const { app, ctx } = await buildApp({ config, database, adminPassword: "bench-admin-list-password" });
  await app.ready();
  const headers = { authorization: `Bearer ${(await ctx.sessions.issue()).token}` };

  if (ANALYZE) await database.db.execute(sql`vacuum analyze`);
  const analyzed = rowsOf<{ n: string | number }>(
    await database.db.execute(sql`select count(*) as n from pg_stats where tablename in ('clients', 'client_trackings')`),
  )[0];
  const hasStatistics = Number(analyzed.n) > 0;

  const counts = rowsOf<{ clients: string; trackings: string }>(
    await database.db.execute(
      sql`select (select count(*) from clients) as clients, (select count(*) from client_trackings) as trackings`,
    ),
  )[0];
  // A package in the middle of the table and its client, as a person would search for them.
  const sample = rowsOf<{ tracking_code: string; nombre: string; telefono: string; client_code: string }>(
    await database.db.execute(sql`select t.tracking_code, c.nombre, c.telefono, c.client_code
      from client_trackings t join clients c on c.id = t.client_id
      order by t.id offset (select count(*) / 2 from client_trackings) limit 1`),
  )[0];
  if (!sample) throw new Error("La base de datos está vacía: siembra primero (npm run seed).");
  const nameFragment = sample.nombre.split(" ")[0].slice(0, 4).toLowerCase();
  const lastSix = sample.tracking_code.slice(-6);
  const phoneDigits = sample.telefono.replace(/\D/g, "").slice(-4);
  const localPhone = sample.telefono.replace(/\D/g, "").slice(-8);

  const scenarios: [string, string][] = [
    ["tarjetas de Clientes (una vez por visita)", "/api/admin/clients/stats"],
    ["sin filtros, página 1", "/api/clients"],
    ["sin filtros, página 50", "/api/clients?page=50"],
    ["código de tracking completo", `/api/clients?q=${sample.tracking_code}`],
    ["inicio de código de tracking (8)", `/api/clients?q=${sample.tracking_code.slice(0, 8)}`],
    ["nombre (4 letras)", `/api/clients?q=${encodeURIComponent(nameFragment)}`],
    ["nombre sin tildes (jimenez)", "/api/clients?q=jimenez"],
    ["nombre sin tildes (rodriguez)", "/api/clients?q=rodriguez"],
    ["últimos 4 dígitos del tracking", `/api/clients?q=${sample.tracking_code.slice(-4)}`],
    ["últimos 6 del tracking", `/api/clients?q=${lastSix}`],
    ["teléfono con +506 y guion", `/api/clients?q=${encodeURIComponent(`+506 ${localPhone.slice(0, 4)}-${localPhone.slice(4)}`)}`],
    ["código de cliente", `/api/clients?q=${sample.client_code}`],
    ["teléfono (4 dígitos)", `/api/clients?q=${phoneDigits}`],
    ["WhatsApp pendientes", "/api/clients?whatsapp=pendientes"],
    ["necesitan actualización", "/api/clients?update=necesitan"],
    ["actualizados hoy", "/api/clients?update=hoy"],
    ["estado En aduanas", "/api/clients?estado=EN_ADUANAS"],
    [
      "pendientes + necesitan + seguimiento",
      "/api/clients?whatsapp=pendientes&update=necesitan&estado=SEGUIMIENTO_INTERNACIONAL",
    ],
    ["paquetes, página 1", "/api/admin/packages"],
    ["paquetes: jimenez", "/api/admin/packages?q=jimenez"],
    ["paquetes: últimos 6 del tracking", `/api/admin/packages?q=${lastSix}`],
    ["paquetes: En aduanas, por cliente", "/api/admin/packages?estado=EN_ADUANAS&sort=cliente"],
    ["paquetes: Listo, por cliente", "/api/admin/packages?estado=LISTO_PARA_ENTREGAR&sort=cliente"],
    ["paquetes: todos por cliente", "/api/admin/packages?sort=cliente"],
    ["paquetes: todos por cliente Z→A", "/api/admin/packages?sort=cliente&dir=asc"],
    ["paquetes: necesitan, página 3", "/api/admin/packages?needsUpdate=1&page=3"],
    ["cuotas IA, página 1", "/api/admin/search-quota"],
    ["cuotas IA, búsqueda", `/api/admin/search-quota?q=${encodeURIComponent(nameFragment)}`],
    ["estadísticas (gráficos)", "/api/admin/stats"],
    ["referidos", "/api/admin/referrals"],
    ["cupones", "/api/admin/coupons"],
  ];

  console.log(
    `Base: ${database.kind === "pglite" ? "PGlite" : "PostgreSQL"}, ${counts.clients} clientes, ${counts.trackings} paquetes; ${RUNS} corridas por escenario`,
  );
  if (!hasStatistics) {
    console.log("Aviso: las tablas no tienen estadísticas del planificador (nunca se ejecutó ANALYZE); use --analyze.");
  }
  console.log(`${"escenario".padEnd(40)} ${"primera".padStart(9)} ${"mediana".padStart(9)} ${"p95".padStart(9)}  resultado`);
  for (const [label, url] of scenarios) {
    const coldStarted = performance.now();
    const first = await app.inject({ method: "GET", url, headers });
    const cold = performance.now() - coldStarted;
    if (first.statusCode !== 200) throw new Error(`${url} → ${first.statusCode} ${first.body.slice(0, 200)}`);
    const body = first.json() as { filteredTotal?: number; clients?: unknown[]; total?: number; packages?: unknown[] };
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await app.inject({ method: "GET", url, headers });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const result =
      body.filteredTotal !== undefined
        ? `${body.filteredTotal} coincidencias, ${body.clients?.length} en la página`
        : body.packages !== undefined
          ? `${body.total} paquetes, ${body.packages.length} en la página`
          : "";
    console.log(
      `${label.padEnd(40)} ${cold.toFixed(1).padStart(6)} ms ${percentile(times, 50).toFixed(1).padStart(6)} ms ${percentile(times, 95).toFixed(1).padStart(6)} ms  ${result}`,
    );
  }

  if (EXPLAIN) {
    const options = database.kind === "postgres" ? sql`analyze, buffers, settings` : sql`analyze, buffers`;
    for (const [label, url] of scenarios) {
      if (EXPLAIN_FILTER && !label.includes(EXPLAIN_FILTER)) continue;
      const statement = statementOf(url, new Date());
      if (!statement) continue;
      const plan = rowsOf<Record<string, string>>(await database.db.execute(sql`explain (${options}) ${statement}`));
      console.log(`\nPlan: ${label} (${url})`);
      for (const line of plan) console.log(`  ${Object.values(line)[0]}`);
    }
  }

  await app.close();
  await database.close();
}

await main();
