// npm run soak [-- --minutes N --connections C --clients N --trackings M]: a bounded mixed load
// (client lookups, coupons and referrals, code checks, pre-alerts, registrations, the admin
// client list) for a few minutes against the production server (src/server/main.ts with
// RATE_LIMIT=off, on a freshly seeded database: PGlite, or PostgreSQL when DATABASE_URL is set),
// driven by autocannon from a second process (this file with --worker, the job in SOAK_JOB). It
// prints the errors (5xx, time-outs, connection errors) and the server's RSS at the start, at the
// peak and after the load stops, and the done-line: zero 5xx and memory back within 20 % of its
// start.
// "Start" is the RSS after a short warm-up with the same mix, once caches and the database's
// buffers are filled, so what is compared is growth that stays, not caches warming up.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createScratchDatabase, rssMb, startProductionServer, stopProcess } from "../scripts/lib/processes";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";

const argv = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(argv[i + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} debe ser un número positivo`);
  return value;
};

const ADMIN_PASSWORD = "soak-clave-admin";
/** Idle time after the load before the last memory reading; nothing is triggered meanwhile. */
const SETTLE_SECONDS = 20;
const WARMUP_SECONDS = 20;
const MEMORY_TOLERANCE = 0.2;

/** The mix, by weight: mostly reads, as a courier's site sees. */
const MIX = [
  ["lookup", 40],
  ["coupons", 10],
  ["referrals", 8],
  ["verify", 7],
  ["preAlert", 12],
  ["register", 5],
  ["adminList", 15],
  ["exchangeRate", 3],
] as const;
type Kind = (typeof MIX)[number][0];

interface WorkerJob {
  url: string;
  seconds: number;
  connections: number;
  codes: string[];
  token: string;
}

interface WorkerResult {
  total: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  status: Record<string, number>;
  byKind: Record<string, Record<string, number>>;
}

// ---------- the load generator (second process) ----------

async function runWorker(job: WorkerJob): Promise<void> {
  const { default: autocannon } = await import("autocannon");
  const totalWeight = MIX.reduce((sum, [, w]) => sum + w, 0);
  const pickKind = (): Kind => {
    let r = Math.random() * totalWeight;
    for (const [kind, weight] of MIX) if ((r -= weight) < 0) return kind;
    return "lookup";
  };
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
  const byKind: Record<string, Record<string, number>> = {};
  let n = 0;
  const json = { "content-type": "application/json" };

  const instance = autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    timeout: 10,
    requests: [
      {
        setupRequest(req, context: Record<string, unknown>) {
          const kind = pickKind();
          context.kind = kind;
          const code = pick(job.codes);
          n++;
          switch (kind) {
            case "lookup":
              return { ...req, method: "GET", path: `/api/clients/trackings?code=${code}`, body: undefined, headers: {} };
            case "coupons":
              return { ...req, method: "GET", path: `/api/coupons/${code}`, body: undefined, headers: {} };
            case "referrals":
              return { ...req, method: "GET", path: `/api/referrals/${code}`, body: undefined, headers: {} };
            case "verify":
              return { ...req, method: "GET", path: `/api/clients/verify/${code}`, body: undefined, headers: {} };
            case "exchangeRate":
              return { ...req, method: "GET", path: "/api/exchange-rate", body: undefined, headers: {} };
            case "adminList": {
              const q = Math.random() < 0.3 ? `&q=${encodeURIComponent(pick(["maria", "jose", "1Z", "EX"]))}` : "";
              return { ...req, method: "GET", path: `/api/clients?page=${1 + Math.floor(Math.random() * 5)}${q}`, body: undefined, headers: { authorization: `Bearer ${job.token}` } };
            }
            case "preAlert":
              return {
                ...req,
                method: "POST",
                path: "/api/clients/trackings",
                headers: json,
                body: JSON.stringify({ clientCode: code, trackingCode: `SOAK${process.pid}X${n}`, origen: "USA", formaEnvio: "AVION" }),
              };
            case "register":
              return {
                ...req,
                method: "POST",
                path: "/api/clients/register",
                headers: json,
                body: JSON.stringify({
                  // A name is letters only (docs/decisions/098): the counter spelled in letters.
                  nombre: `Cliente Carga ${String(n).replace(/\d/g, (d) => "abcdefghij"[Number(d)])}`,
                  direccion: "Grecia centro, 100 m al sur del parque",
                  telefono: `8${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`,
                }),
              };
          }
        },
        onResponse(status: number, _body: string, context: Record<string, unknown>) {
          const kind = String(context.kind);
          const counts = (byKind[kind] ??= {});
          const key = `${Math.floor(status / 100)}xx`;
          counts[key] = (counts[key] ?? 0) + 1;
        },
      },
    ],
  });

  instance.on("done", (result) => {
    const out: WorkerResult = {
      total: result.requests.total,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      status: { "2xx": result["2xx"], "4xx": result["4xx"], "5xx": result["5xx"] },
      byKind,
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
  });
}

// ---------- the driver ----------

function runLoad(job: WorkerJob): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    // The job goes through the environment: a thousand codes do not belong in the process list.
    const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--worker"], {
      env: { ...process.env, SOAK_JOB: JSON.stringify(job) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`el generador de carga terminó con código ${code}`));
      resolve(JSON.parse(out.trim().split("\n").pop()!) as WorkerResult);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<number> {
  const minutes = arg("minutes", 3);
  const connections = arg("connections", 10);
  const clientCount = arg("clients", 2000);
  const trackingCount = arg("trackings", 10_000);
  const usePostgres = Boolean(process.env.DATABASE_URL);
  const root = path.resolve(".tmp", `soak-${process.pid}`);
  mkdirSync(root, { recursive: true });
  let server: ChildProcess | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  try {
    // 1. A fresh database of modest size.
    const scratch = usePostgres ? await createScratchDatabase(process.env.DATABASE_URL!, "ei_soak") : undefined;
    dropDatabase = scratch?.drop;
    const databaseUrl = scratch?.url;
    const dataDir = path.join(root, "data");
    const { openDatabase } = await import("../src/server/db/client");
    const { seedDatabase } = await import("../src/server/seed/seed");
    const database = await openDatabase({ databaseUrl, dataDir: path.join(dataDir, "pglite") });
    await database.migrate();
    await seedDatabase(database.db, { clients: clientCount, trackings: trackingCount });
    const rows = await database.db.execute<{ client_code: string }>(sql`select client_code from clients order by random() limit 1000`);
    const codes = ((rows as { rows?: { client_code: string }[] }).rows ?? []).map((r) => r.client_code);
    await database.close();

    // 2. The production server, as bench/run.ts starts it.
    const staticDir = path.resolve("dist/client");
    const started = await startProductionServer({
      DATA_DIR: dataDir,
      ...(existsSync(path.join(staticDir, "index.html")) ? { STATIC_DIR: staticDir } : {}),
      ADMIN_PASSWORD,
      RATE_LIMIT: "off",
      EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    server = started.child;
    const base = started.baseUrl;
    const pid = server.pid!;
    const readyRss = rssMb(pid);
    const login = await fetch(`${base}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const job = (seconds: number): WorkerJob => ({ url: base, seconds, connections, codes, token });

    console.log(
      `Soak: ${minutes} min, ${connections} conexiones, ${usePostgres ? "PostgreSQL" : "PGlite"}, ${clientCount} clientes / ${trackingCount} paquetes`,
    );
    // 3. Warm-up, then the start reading.
    const warmup = await runLoad(job(WARMUP_SECONDS));
    await sleep(2000);
    const startRss = rssMb(pid);

    // 4. The load, sampling the server's memory.
    let peakRss = startRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 500);
    const result = await runLoad(job(minutes * 60));
    clearInterval(sampler);
    peakRss = Math.max(peakRss, rssMb(pid));

    // 5. Idle: nothing is called, nothing is forced.
    await sleep(SETTLE_SECONDS * 1000);
    const afterRss = rssMb(pid);
    const health = await fetch(`${base}/api/health`);

    const fivexx = result.status["5xx"] + warmup.status["5xx"];
    const failures = fivexx + result.timeouts + result.errors;
    const growth = (afterRss - startRss) / startRss;
    const pass = fivexx === 0 && result.timeouts === 0 && result.errors === 0 && growth <= MEMORY_TOLERANCE && health.ok;
    const mb = (v: number) => `${v.toFixed(0)} MB`;
    console.log(`\nrequests       ${result.total} (${Math.round(result.requestsPerSecond)} req/s), p50 ${result.p50} ms, p99 ${result.p99} ms`);
    console.log(`status         2xx ${result.status["2xx"]}, 4xx ${result.status["4xx"]}, 5xx ${result.status["5xx"]}`);
    for (const [kind, counts] of Object.entries(result.byKind).sort()) {
      console.log(`  ${kind.padEnd(13)}${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(", ")}`);
    }
    console.log(`errors         5xx ${fivexx}, time-outs ${result.timeouts}, connection errors ${result.errors} (warm-up included: ${warmup.total} requests)`);
    console.log(
      `server RSS     ready ${mb(readyRss)}; start ${mb(startRss)} (after ${WARMUP_SECONDS} s warm-up), peak ${mb(peakRss)}, ` +
        `after ${SETTLE_SECONDS} s idle ${mb(afterRss)} (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)} % of start)`,
    );
    console.log(
      `done-line      ${pass ? "MET" : "NOT MET"}: ${failures === 0 ? "zero 5xx, time-outs and errors" : `${failures} failures`}; ` +
        `memory ${growth <= MEMORY_TOLERANCE ? "within" : "NOT within"} 20 % of its start; health ${health.status}`,
    );
    return pass ? 0 : 1;
  } finally {
    if (server) await stopProcess(server);
    await dropDatabase?.().catch(() => {});
    rmSync(root, { recursive: true, force: true });
  }
}

if (argv[0] === "--worker") {
  await runWorker(JSON.parse(process.env.SOAK_JOB ?? "{}") as WorkerJob);
} else {
  main()
    .then((code) => (process.exitCode = code))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}

