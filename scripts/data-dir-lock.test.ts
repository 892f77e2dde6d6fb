// Issue 31 item 10 (decision 150): the embedded database belongs to one process. Real processes:
// while a server runs on a DATA_DIR, `npm run seed`, backup, restore, staff:recover and a second
// server refuse with a Spanish message and exit 1, changing nothing; a lock left by a killed
// server does not block the next one. PGlite only: these processes never get DATABASE_URL.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteDir } from "../src/server/config";
import { createMigratedPgliteDir } from "../src/server/test/database";
import { freePort } from "../src/server/test/free-port";
import { LOCK_FILE, lockDataDir, processStartTime } from "../src/server/lib/data-dir-lock";
import { createBackup } from "./backup";
import { compiledEntry, stopProcess, waitForHealth } from "./lib/processes";

const roots: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) await stopProcess(child);
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

async function migratedDataDir(): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), "ei-lock-"));
  roots.push(root);
  await createMigratedPgliteDir(pgliteDir({ dataDir: root }));
  return root;
}

function envFor(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ENV_FILE: "none",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ...extra,
  };
  delete env.DATABASE_URL;
  return env;
}

/** The production server on DATA_DIR, healthy. */
async function startServer(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = spawn(process.execPath, [await compiledEntry("main")], {
    env: envFor(dataDir, { PORT: String(port) }),
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, child);
  return { child, port };
}

/** Runs a compiled script (scripts/build-server.ts) to its end: its exit code and everything it printed. */
async function run(name: string, args: string[], dataDir: string, extra: Record<string, string> = {}) {
  const file = await compiledEntry(name);
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [file, ...args], { env: envFor(dataDir, extra), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

const script = (name: string) => name.replace(/\.ts$/, "");

/** Starts another server on DATA_DIR: its exit code and output, or "listening" (then stopped) if it came up. */
async function secondServer(dataDir: string): Promise<{ code: number | null | "listening"; output: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [await compiledEntry("main")], { env: envFor(dataDir, { PORT: String(port) }), stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, child);
  } catch {
    return { code: await exited, output };
  }
  await stopProcess(child);
  return { code: "listening", output };
}

async function clientCount(dataDir: string): Promise<number> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pgliteExtensions } = await import("../src/server/db/client");
  const db = await PGlite.create(pgliteDir({ dataDir }), { extensions: await pgliteExtensions() });
  try {
    return (await db.query<{ n: number }>("select count(*)::int as n from clients")).rows[0].n;
  } finally {
    await db.close();
  }
}

describe("one process at a time on DATA_DIR (embedded database)", () => {
  it("refuses seed, backup, restore, staff:recover and a second server while a server runs, and changes nothing", { timeout: 180_000 }, async () => {
    const dataDir = await migratedDataDir();
    const backup = await createBackup({ dataDir, out: path.join(dataDir, "antes.tar.gz") });
    const { child, port } = await startServer(dataDir);
    const busy = new RegExp(`Otro proceso está usando la base de datos de .*: el servidor \\(pid ${child.pid}, desde .*\\)\\. Detén ese proceso`);

    const attempts = {
      seed: await run(script("seed.ts"), ["--clients", "5", "--trackings", "5"], dataDir),
      backup: await run(script("backup.ts"), ["--out", path.join(dataDir, "durante.tar.gz")], dataDir),
      restore: await run(script("restore.ts"), [backup.file, "--force"], dataDir),
      recover: await run(script("staff-recover.ts"), [], dataDir),
      secondServer: await secondServer(dataDir),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      expect(attempt.code, `${name}: ${attempt.output}`).toBe(1);
      expect(attempt.output, name).toMatch(busy);
    }
    expect(existsSync(path.join(dataDir, "durante.tar.gz"))).toBe(false);
    // The first server still answers, and nothing was seeded or restored under it.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    await stopProcess(child);
    expect(child.exitCode).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    expect(await clientCount(dataDir)).toBe(0);
    expect(readdirSync(dataDir).filter((f) => f.startsWith("pglite.before-restore-"))).toEqual([]);

    // Once the server is stopped, the same commands run.
    const recovered = await run(script("staff-recover.ts"), [], dataDir);
    expect(recovered.code, recovered.output).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it("takes over a lock left by a killed server: scripts and the next server start", { timeout: 180_000 }, async () => {
    const dataDir = await migratedDataDir();
    const { child } = await startServer(dataDir);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    const left = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), "utf8")) as { pid: number; holder: string };
    expect(left).toMatchObject({ pid: child.pid, holder: "el servidor" });

    const recovered = await run(script("staff-recover.ts"), [], dataDir);
    expect(recovered.code, recovered.output).toBe(0);
    expect(recovered.output).toContain("Contraseña temporal");
    const next = await startServer(dataDir);
    const lock = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), "utf8")) as { pid: number };
    expect(lock.pid).toBe(next.child.pid);
    await stopProcess(next.child);
    expect(next.child.exitCode).toBe(0);
  });
});

describe("the lock file", () => {
  it("refuses a second holder in the same process and a live other process, takes over a dead or reused pid", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "ei-lock-"));
    roots.push(dataDir);
    const file = path.join(dataDir, LOCK_FILE);
    const first = lockDataDir(dataDir, "npm run seed");
    expect(() => lockDataDir(dataDir, "npm run backup")).toThrow(/Otro proceso está usando .*npm run seed \(pid \d+/);
    first.release();
    expect(existsSync(file)).toBe(false);

    const lockOf = (pid: number, startTime: number | null) =>
      writeFileSync(file, JSON.stringify({ pid, startTime, holder: "el servidor", since: "2026-01-01T00:00:00.000Z", host: "h", token: `t${pid}` }));
    // A live process (this test's parent) with its real start time holds it.
    lockOf(process.ppid, processStartTime(process.ppid));
    expect(() => lockDataDir(dataDir, "npm run seed")).toThrow(/el servidor \(pid \d+, desde 2026-01-01/);
    // The same pid with another start time is a reused pid: stale (only checkable where /proc is).
    if (processStartTime(process.ppid) !== null) {
      lockOf(process.ppid, -1);
      lockDataDir(dataDir, "npm run seed").release();
    }
    // This very pid, not held here (a container's pid 1 restarted): stale. A garbled file: stale.
    lockOf(process.pid, processStartTime(process.pid));
    lockDataDir(dataDir, "npm run seed").release();
    writeFileSync(file, "{");
    lockDataDir(dataDir, "npm run seed").release();
    expect(existsSync(file)).toBe(false);
  });
});
