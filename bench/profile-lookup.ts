// Where a lookup's CPU goes (issue 22, docs/decisions/142): seeds a fresh database (PGlite, or a
// throw-away PostgreSQL database when DATABASE_URL is set), starts the production server under
// `node --cpu-prof`, warms the lookup cache, drives the lookup with autocannon from another
// process, stops the server and prints the functions with the most self time (and the share of
// each source file). Options: --clients N --trackings M --duration S --connections C --top K
// --keep (keeps the .cpuprofile, to open in Chrome DevTools); --log-level L (the server's LOG_LEVEL,
// warn by default as in npm run bench; production's default is info: its log goes to /dev/null);
// --compressed (the load asks for br/gzip like a browser); --rate-limit (RATE_LIMIT on); --ceiling
// (then loads a bare node:http server sending the median answer's bytes, and prints the ratio);
// --server path/main.js (another build, to compare runs alternated). The profile and the server's
// CPU per request (in all and by thread) are read over the measured load only (decision 238).
//   node --import tsx bench/profile-lookup.ts --clients 2000 --trackings 20000 --duration 10
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { compiledEntry, createScratchDatabase, stopProcess, waitForHealth } from "../scripts/lib/processes";
import { freePort } from "../src/server/test/free-port";
import { openDatabase } from "../src/server/db/client";
import { seedDatabase } from "../src/server/seed/seed";
import { flagArg, numberArg, stringArg } from "./args";
import { rawGet } from "./raw-get";

const CLIENTS = numberArg("clients", 2000);
const TRACKINGS = numberArg("trackings", 20_000);
const DURATION = numberArg("duration", 10);
const CONNECTIONS = numberArg("connections", 50);
const TOP = numberArg("top", 30);
const KEEP = flagArg("keep");
const LOG_LEVEL = stringArg("log-level", "warn");
const COMPRESSED = flagArg("compressed");
/** A compiled main.js to profile instead of this checkout's (e.g. an older commit's build). */
const SERVER = stringArg("server", "");
/** Also load bench/ceiling.ts (the median answer's own bytes) right after, and print the ratio. */
const CEILING = flagArg("ceiling");
let ceilingBody: { body: Buffer; encoding: string } | undefined;
let lookupRps = 0;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

/** CPU time per thread of a process (ms), with the thread's name (Linux /proc). */
function threadCpuMs(pid: number): Map<string, { name: string; ms: number }> {
  const out = new Map<string, { name: string; ms: number }>();
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(tid, { name: tid === String(pid) ? "main" : name, ms: ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 });
    }
  } catch {
    // not Linux, or the process is gone
  }
  return out;
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);
/** The process's CPU time so far (user + system), in ms (Linux /proc; 0 elsewhere). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

async function main() {
  const root = path.resolve(".tmp", `profile-${process.pid}`);
  const profileDir = path.join(root, "profile");
  mkdirSync(profileDir, { recursive: true });
  const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, "ei_profile") : undefined;
  try {
    const dataDir = path.join(root, "data");
    const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: path.join(dataDir, "pglite") });
    await database.migrate();
    await seedDatabase(database.db, { clients: CLIENTS, trackings: TRACKINGS });
    await database.db.execute(sql`vacuum analyze`);
    const rows = await database.db.execute<{ client_code: string }>(sql`select client_code from clients order by random()`);
    const codes = ((rows as { rows?: { client_code: string }[] }).rows ?? []).map((r) => r.client_code);
    await database.close();

    const port = await freePort();
    // The compiled server, as npm run bench runs it (--server: another build's main.js, to compare).
    const entry = SERVER ? path.resolve(SERVER) : await compiledEntry("main");
    const server = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "--enable-source-maps", entry], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        LOG_LEVEL,
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: "profile-clave-admin",
        RATE_LIMIT: flagArg("rate-limit") ? "on" : "off",
        EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      },
      stdio: ["ignore", LOG_LEVEL === "warn" || LOG_LEVEL === "error" ? "inherit" : "ignore", "inherit"],
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`, server);
    // The answer the ceiling will send (read now, while the server runs): a median client's, as the load asks for it.
    if (CEILING) ceilingBody = await medianAnswer(base, codes.slice(0, 200), COMPRESSED);
    const paths = codes.map((c) => `/api/clients/trackings?code=${encodeURIComponent(c)}`);
    // Every answer once (the cache fills), then the measured load.
    for (const p of paths) await (await fetch(base + p)).arrayBuffer();
    const headers = COMPRESSED ? { "accept-encoding": "br, gzip, deflate" } : undefined;
    // The profile is read over the load alone (not the start, the migrations or the warm-up): the
    // profile's clock is the system's monotonic one, as process.hrtime's.
    const cpuBefore = cpuMs(server.pid!);
    const threadsBefore = threadCpuMs(server.pid!);
    const window = { from: nowUs() };
    const result = await runLoad({ url: base, connections: CONNECTIONS, duration: DURATION, paths, headers });
    const cpu = cpuMs(server.pid!) - cpuBefore;
    const threads = threadCpuMs(server.pid!);
    const to = nowUs();
    console.log(`load: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${JSON.stringify(result.statusCodes)}`);
    lookupRps = result.requestsPerSecond;
    // By thread: the main one (JavaScript, the event loop) and the others (V8's collector helpers,
    // libuv's pool, PGlite's none: it runs on the main thread).
    const byName = new Map<string, number>();
    for (const [tid, t] of threads) byName.set(t.name, (byName.get(t.name) ?? 0) + t.ms - (threadsBefore.get(tid)?.ms ?? 0));
    console.log(
      `server CPU by thread (µs per request): ${[...byName].filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${((1000 * ms) / Math.max(1, result.total)).toFixed(1)}`).join(", ")}`,
    );
    console.log(`server CPU during the load (user+sys): ${cpu} ms, ${((1000 * cpu) / Math.max(1, result.total)).toFixed(1)} µs per request`);
    await stopProcess(server);
    if (CEILING) await measureCeiling(base, root, paths, headers);

    const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
    if (!file) throw new Error("the server wrote no .cpuprofile");
    summarise(JSON.parse(readFileSync(path.join(profileDir, file), "utf8")) as CpuProfile, { from: window.from, to }, result.total);
    if (KEEP) console.log(`\nprofile kept: ${path.join(profileDir, file)}`);
  } finally {
    await scratch?.drop().catch(() => {});
    if (!KEEP) rmSync(root, { recursive: true, force: true });
  }
}

/** Self time per function and per file, biggest first, over the load's window only. */
function summarise(profile: CpuProfile, window: { from: number; to: number }, requests: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (at < window.from || at > window.to) return;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = shortUrl(url);
    const key = `${functionName || "(anonymous)"} ${file}${url ? `:${lineNumber + 1}` : ""}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const fileKey = file || functionName;
    byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + us);
  }
  const idle = [...byFunction].filter(([k]) => k.startsWith("(idle)")).reduce((s, [, us]) => s + us, 0);
  const busy = total - idle;
  const line = (us: number, label: string) =>
    `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${label}`;
  console.log(`\nprofile of the load: ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s, ${(busy / Math.max(1, requests)).toFixed(1)} µs busy per request (shares below are of busy time)`);
  console.log(`\ntop ${TOP} functions by self time`);
  for (const [k, us] of [...byFunction].filter(([k]) => !k.startsWith("(idle)")).sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(line(us, k));
  console.log(`\ntop ${TOP} files by self time`);
  for (const [k, us] of [...byFile].filter(([k]) => k !== "(idle)").sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(line(us, k));
}

/** The answer of the median client by size (of SIZE sampled), as bytes on the wire. */
async function medianAnswer(base: string, codes: string[], gzip: boolean): Promise<{ body: Buffer; encoding: string }> {
  const answers: { body: Buffer; encoding: string }[] = [];
  for (const code of codes) {
    answers.push(await rawGet(`${base}/api/clients/trackings?code=${encodeURIComponent(code)}`, gzip ? { "accept-encoding": "gzip, deflate, br" } : {}));
  }
  answers.sort((a, b) => a.body.byteLength - b.body.byteLength);
  return answers[Math.floor(answers.length / 2)]!;
}

/** The bare node:http ceiling under the same load, with its CPU per request, and the lookup's ratio to it. */
async function measureCeiling(_base: string, root: string, paths: string[], headers: Record<string, string> | undefined) {
  const file = path.join(root, "ceiling.bin");
  writeFileSync(file, ceilingBody!.body);
  const child = spawn(process.execPath, ["--import", "tsx", "bench/ceiling.ts", "0", file, ceilingBody!.encoding], { stdio: ["ignore", "pipe", "inherit"] });
  try {
    const port = await new Promise<number>((resolve) => child.stdout.once("data", (d) => resolve(Number(String(d).trim()))));
    const before = cpuMs(child.pid!);
    const result = await runLoad({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: DURATION, paths, headers });
    const cpu = cpuMs(child.pid!) - before;
    console.log(
      `ceiling (${ceilingBody!.body.byteLength} B ${ceilingBody!.encoding}): ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms; ` +
        `CPU ${((1000 * cpu) / Math.max(1, result.total)).toFixed(1)} µs per request; the lookup: ${((100 * lookupRps) / result.requestsPerSecond).toFixed(1)} % of it`,
    );
  } finally {
    await stopProcess(child);
  }
}

/** node_modules/<package>/… or src/… instead of the whole file:// address. */
function shortUrl(url: string): string {
  if (!url) return "";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) return url.slice(modules + "node_modules/".length);
  const src = url.indexOf("/src/");
  if (src >= 0) return url.slice(src + 1);
  return url.replace(/^file:\/\//, "");
}

function runLoad(job: object): Promise<{ requestsPerSecond: number; p50: number; p99: number; total: number; statusCodes: Record<string, number> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "bench/load.ts"], { stdio: ["pipe", "pipe", "inherit"] });
    child.stdin.end(JSON.stringify(job));
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop()!)) : reject(new Error(`load exited with ${code}`))));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
