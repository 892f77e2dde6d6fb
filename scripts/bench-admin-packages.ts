// Times the Paquetes section's list (GET /api/admin/packages, docs/decisions/119) against a seeded
// database, through the real app (routing, auth, validation, the SQL, JSON), as the server answers.
//
//   DATA_DIR=.tmp/packages-bench npm run seed -- --clients 3000 --trackings 20000 --reset
//   DATA_DIR=.tmp/packages-bench node --import tsx scripts/bench-admin-packages.ts [--runs 20] [--analyze] [--explain]
//   (or DATABASE_URL=postgres://… for PostgreSQL)
//
// Prints the median, 95th percentile and fastest run per scenario (the fastest is the figure least
// disturbed by other work on a shared machine); --analyze runs VACUUM ANALYZE first (PGlite
// has no autovacuum), --explain prints the plan of the first page and of a name search.
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { loadConfig, pgliteDir } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { rowsOf } from "../src/server/lib/rate-limiter";
import { adminPackagesStatement } from "../src/server/modules/admin/trackings/packages";
import { ZAdminPackagesQuerySchema } from "../src/shared/api/admin/packages";

const args = process.argv.slice(2);
const runsArg = args.indexOf("--runs");
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, RATE_LIMIT: "off", LOG_LEVEL: "silent" });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config), poolSize: 4 });
  await database.migrate();
  const { app, ctx } = await buildApp({ config, database, adminPassword: "bench-admin-packages-password" });
  await app.ready();
  const headers = { authorization: `Bearer ${(await ctx.sessions.issue()).token}` };
  if (args.includes("--analyze")) await database.db.execute(sql`vacuum analyze`);

  const sample = rowsOf<{ tracking_code: string; nombre: string; telefono: string; client_code: string }>(
    await database.db.execute(sql`select t.tracking_code, c.nombre, c.telefono, c.client_code
      from client_trackings t join clients c on c.id = t.client_id
      order by t.id offset (select count(*) / 2 from client_trackings) limit 1`),
  )[0];
  if (!sample) throw new Error("La base de datos está vacía: siembra primero (npm run seed).");
  const counts = rowsOf<{ clients: string; trackings: string }>(
    await database.db.execute(sql`select (select count(*) from clients) as clients, (select count(*) from client_trackings) as trackings`),
  )[0];
  const surname = sample.nombre.split(" ").at(-1)!.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  const localPhone = sample.telefono.replace(/\D/g, "").slice(-8);
  const base = "/api/admin/packages";

  const scenarios: [string, string][] = [
    ["primera página (50, más nuevos)", base],
    ["página 100", `${base}?page=100`],
    ["100 por página", `${base}?pageSize=100`],
    ["orden por cliente", `${base}?sort=cliente&dir=asc`],
    ["orden por peso", `${base}?sort=peso`],
    ["orden por monto", `${base}?sort=monto`],
    ["orden por estado", `${base}?sort=estado&dir=asc`],
    ["estado En aduanas", `${base}?estado=EN_ADUANAS`],
    ["necesitan actualización", `${base}?needsUpdate=true`],
    ["China + Barco", `${base}?origen=CHINA&formaEnvio=BARCO`],
    ["carrier UPS", `${base}?carrier=UPS`],
    ["rango de fechas (30 días)", `${base}?desde=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`],
    ["últimos 6 del tracking", `${base}?q=${sample.tracking_code.slice(-6)}`],
    ["apellido sin tildes", `${base}?q=${encodeURIComponent(surname)}`],
    ["código de cliente", `${base}?q=${sample.client_code}`],
    ["teléfono con +506", `${base}?q=${encodeURIComponent(`+506 ${localPhone.slice(0, 4)}-${localPhone.slice(4)}`)}`],
    ["búsqueda + estado + orden monto", `${base}?q=${encodeURIComponent(surname)}&estado=ENTREGADO&sort=monto`],
  ];

  console.log(`Base: ${database.kind === "pglite" ? "PGlite" : "PostgreSQL"}, ${counts.clients} clientes, ${counts.trackings} paquetes; ${RUNS} corridas`);
  console.log(`${"escenario".padEnd(36)} ${"mediana".padStart(9)} ${"p95".padStart(9)} ${"mínimo".padStart(9)}  coincidencias`);
  for (const [label, url] of scenarios) {
    const first = await app.inject({ method: "GET", url, headers });
    if (first.statusCode !== 200) throw new Error(`${url} → ${first.statusCode} ${first.body.slice(0, 200)}`);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await app.inject({ method: "GET", url, headers });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const total = (first.json() as { total: number }).total;
    const ms = (v: number) => `${v.toFixed(1).padStart(7)} ms`;
    console.log(`${label.padEnd(36)} ${ms(percentile(times, 50))} ${ms(percentile(times, 95))} ${ms(times[0])}  ${total}`);
  }

  if (args.includes("--explain")) {
    for (const [label, input] of [
      ["primera página", {}],
      ["apellido", { q: surname }],
    ] as const) {
      const statement = adminPackagesStatement(ZAdminPackagesQuerySchema.parse(input), new Date());
      const plan = rowsOf<Record<string, string>>(await database.db.execute(sql`explain (analyze, costs off, timing off) ${statement}`));
      console.log(`\nPlan (${label}):`);
      for (const line of plan) console.log(`  ${Object.values(line)[0]}`);
    }
  }

  await app.close();
  await database.close();
}

await main();
