// node --import tsx bench/memory.ts: where the production server's memory goes with the bench's
// seed (issue 37 item 6, decision 229). Seeds 10 000 clients / 100 000 packages once (PGlite, or
// PostgreSQL when DATABASE_URL is set), then per run starts the compiled server on a fresh copy of
// that database and prints its memory: after start, and after the lookup of every client code
// (each once as the bench's warm-up asks, plain JSON, then once as a browser asks and once plain
// again, 50 at a time), with the export of every package at the end (--export). Each figure: RSS
// (/proc), its anonymous and file-backed parts (smaps_rollup), and from `/api/health` (staff) the
// V8 heap, the external memory (PGlite's WebAssembly memory included), the ArrayBuffers and the
// lookup cache. Options:
//   --clients N --trackings M      the seed (10 000 / 100 000)
//   --servers a=path,b=path@K=V    compiled main.js files to compare, each with settings of its own
//                                  (default: this worktree's code, bundled as `npm run build`
//                                  bundles it); runs alternate a, b, a, b
//   --runs R                       runs per server (1)
//   --node-args "…"                flags for node before the script, each server (e.g. --max-semi-space-size=8)
//   --seed-dir DIR                 PGlite: seed into DIR once and reuse it in later invocations
//   --lookups N --admin-rounds R   ask for the first N codes only (all); rounds of the admin pages (3)
//   --export                       also export every package (.xlsx) and read the memory after it
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { seedDatabase } from "../src/server/seed/seed";
import { freePort } from "../src/server/test/free-port";
import { buildServer } from "../scripts/build-server";
import { createScratchDatabase, rssMb, stopProcess, waitForHealth } from "../scripts/lib/processes";
import { flagArg, numberArg, stringArg } from "./args";
import { ADMIN_FILTERS } from "./load-process";

const CLIENTS = numberArg("clients", 10_000);
const TRACKINGS = numberArg("trackings", 100_000);
const RUNS = numberArg("runs", 1);
const CONNECTIONS = 50;
const EXPORT = flagArg("export");
/** How many client codes the lookup passes ask for (all by default) and rounds of the admin pages. */
const LOOKUPS = numberArg("lookups", Number.POSITIVE_INFINITY);
const ADMIN_ROUNDS = numberArg("admin-rounds", 3);
const NODE_ARGS = stringArg("node-args", "").split(" ").filter(Boolean);
const ADMIN_PASSWORD = "bench-clave-memoria";
const usePostgres = Boolean(process.env.DATABASE_URL);
const MB = 2 ** 20;

interface Memory {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  databaseWasm: number | null;
}

/**
 * The anonymous and file-backed parts of a process's RSS, in MB, and the resident part of the
 * WebAssembly memory: V8 reserves several GB for it, the read-write memory followed at once by GBs
 * of guard pages (no access).
 */
function smaps(pid: number): { anon: number; file: number; wasm: number } {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? 0) / 1024;
    let wasm = 0;
    const mappings = readFileSync(`/proc/${pid}/smaps`, "utf8")
      .split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)
      .map((text) => {
        const [, start, end, perms] = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(text) ?? [];
        return { start, end, perms, rss: Number(/^Rss:\s+(\d+)/m.exec(text)?.[1] ?? 0), size: Number(/^Size:\s+(\d+)/m.exec(text)?.[1] ?? 0) };
      });
    // The memory is the read-write part; its guard pages (no access, GBs) follow it at once.
    mappings.forEach((mapping, i) => {
      const next = mappings[i + 1];
      if (mapping.perms === "rw-p" && next && next.start === mapping.end && next.perms === "---p" && next.size >= 2 ** 20) wasm += mapping.rss / 1024;
    });
    return { anon: kb("Anonymous"), file: kb("Rss") - kb("Anonymous"), wasm };
  } catch {
    return { anon: 0, file: 0, wasm: 0 };
  }
}

/** A process's CPU time (user + system) in seconds (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}


const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** Every path once, CONNECTIONS at a time; the count of answers by status. */
async function each(base: string, paths: string[], headers: Record<string, string> = {}): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < paths.length) {
        const { status } = await get(base + paths[next++], headers);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

async function main() {
  const root = path.resolve(".tmp", `bench-memory-${process.pid}`);
  mkdirSync(root, { recursive: true });
  let dropDatabase: (() => Promise<void>) | undefined;
  const children: ChildProcess[] = [];
  try {
    const servers = stringArg("servers", "")
      .split(",")
      .filter(Boolean)
      .map((spec) => {
        const [pair, ...settings] = spec.split("@");
        const [name, file] = pair!.split("=");
        const env = Object.fromEntries(settings.map((setting) => setting.split("=") as [string, string]));
        return { name: name!, file: path.resolve(file!), env };
      });
    if (servers.length === 0) {
      servers.push({ name: "this worktree", file: path.join((await buildServer({ outDir: path.join(root, "server") })).outDir, "main.js"), env: {} });
    }
    const staticDir = path.join(root, "static");
    mkdirSync(staticDir);
    writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><html><head><title>EI</title></head><body></body></html>");

    // The seed, once (the PGlite folder is copied for each run: a run may write).
    const scratch = usePostgres ? await createScratchDatabase(process.env.DATABASE_URL!, "ei_memory") : undefined;
    dropDatabase = scratch?.drop;
    // PGlite: --seed-dir keeps the seeded folder for the next invocation (the seed takes minutes).
    const kept = !usePostgres && stringArg("seed-dir", "");
    const template = kept ? path.resolve(kept) : path.join(root, "data-template");
    const seeded = kept && existsSync(path.join(template, "pglite"));
    const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: path.join(template, "pglite") });
    await database.migrate();
    const seedStarted = performance.now();
    if (!seeded) {
      await seedDatabase(database.db, { clients: CLIENTS, trackings: TRACKINGS });
      await database.db.execute(sql`vacuum analyze`);
    }
    const rows = await database.db.execute<{ client_code: string }>(sql`select client_code from clients order by client_code`);
    const codes = ((rows as { rows?: { client_code: string }[] }).rows ?? []).map((r) => r.client_code);
    await database.close();
    console.log(`${usePostgres ? "PostgreSQL" : "PGlite"}, seed ${CLIENTS} clients / ${TRACKINGS} packages in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s; Node ${process.version}${NODE_ARGS.length ? `, ${NODE_ARGS.join(" ")}` : ""}`);
    const lookups = codes.slice(0, LOOKUPS).map((code) => `/api/clients/trackings?code=${encodeURIComponent(code)}`);

    for (let run = 0; run < RUNS; run++) {
      for (const server of servers) {
        const dataDir = path.join(root, "data");
        rmSync(dataDir, { recursive: true, force: true });
        if (!usePostgres) cpSync(template, dataDir, { recursive: true });
        const port = await freePort();
        const child = spawn(process.execPath, [...NODE_ARGS, "--enable-source-maps", server.file], {
          env: {
            PATH: process.env.PATH,
            NODE_ENV: "production",
            ENV_FILE: "none",
            HOST: "127.0.0.1",
            PORT: String(port),
            DATA_DIR: dataDir,
            STATIC_DIR: staticDir,
            ADMIN_PASSWORD,
            RATE_LIMIT: "off",
            LOG_LEVEL: "warn",
            EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
            ...(scratch ? { DATABASE_URL: scratch.url } : {}),
            ...server.env,
          },
          stdio: ["ignore", "ignore", "inherit"],
        });
        children.push(child);
        const base = `http://127.0.0.1:${port}`;
        await waitForHealth(`${base}/api/health`, child);
        const login = await fetch(`${base}/api/admin/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ password: ADMIN_PASSWORD }),
        });
        const { token } = (await login.json()) as { token: string };
        const print = async (phase: string) => {
          const health = (await (await fetch(`${base}/api/health`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
            details?: { memory?: Memory; lookupCache: { entries: number; bytes: number } };
          };
          const m = health.details?.memory;
          const cache = health.details?.lookupCache;
          const { anon, file, wasm } = smaps(child.pid!);
          const mb = (n: number | null | undefined) => (n == null ? "—" : (n / MB).toFixed(0));
          console.log(
            `${server.name.padEnd(14)} run ${run + 1} ${phase.padEnd(16)} RSS ${rssMb(child.pid!).toFixed(0)} MB (anon ${anon.toFixed(0)}, file ${file.toFixed(0)}${wasm ? `, WASM resident ${wasm.toFixed(0)}` : ""})` +
              (m
                ? ` heap ${mb(m.heapUsed)}/${mb(m.heapTotal)}, external ${mb(m.external)} (ArrayBuffers ${mb(m.arrayBuffers)}, PGlite WASM ${mb(m.databaseWasm)})`
                : "") +
              (cache ? `; cache ${cache.entries} answers, ${mb(cache.bytes)} MB counted` : ""),
          );
        };
        await print("started");
        // The first pass is all misses (every answer from the database): its time and the server's CPU.
        let cpu = cpuSeconds(child.pid!);
        let started = performance.now();
        const statuses = { ...(await each(base, lookups)) };
        const firstPass = `first pass ${((performance.now() - started) / 1000).toFixed(1)} s, server CPU ${(cpuSeconds(child.pid!) - cpu).toFixed(1)} s`;
        await each(base, lookups, { "accept-encoding": "gzip, deflate, br" });
        await each(base, lookups);
        if (Object.keys(statuses).some((s) => s !== "200")) console.log(`  lookup answers by status: ${JSON.stringify(statuses)}`);
        await print("after lookups");
        // The back office's filters and searches (npm run bench's list), one at a time.
        cpu = cpuSeconds(child.pid!);
        started = performance.now();
        const times: number[] = [];
        for (let round = 0; round < ADMIN_ROUNDS; round++) {
          for (const page of ADMIN_FILTERS) {
            const asked = performance.now();
            const res = await fetch(base + page, { headers: { authorization: `Bearer ${token}` } });
            await res.arrayBuffer();
            if (!res.ok) console.log(`  ${page}: ${res.status}`);
            times.push(performance.now() - asked);
          }
        }
        times.sort((a, b) => a - b);
        console.log(
          `${" ".repeat(21)} ${firstPass}; admin pages p50 ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, ` +
            `max ${times[times.length - 1]!.toFixed(0)} ms, server CPU ${(cpuSeconds(child.pid!) - cpu).toFixed(1)} s`,
        );
        await print("after admin");
        if (EXPORT) {
          const exported = await fetch(`${base}/api/export/all`, { headers: { authorization: `Bearer ${token}` } });
          const bytes = (await exported.arrayBuffer()).byteLength;
          await print(`after export ${exported.status} ${(bytes / MB).toFixed(0)} MB`);
        }
        await stopProcess(child);
      }
    }
  } finally {
    agent.destroy();
    for (const child of children) await stopProcess(child);
    await dropDatabase?.().catch(() => {});
    rmSync(root, { recursive: true, force: true });
  }
}

if (!existsSync("package.json")) throw new Error("run from the project's folder");
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
