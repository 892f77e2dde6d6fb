// What the benchmark, soak, Lighthouse and e2e runners share: a free port, a scratch
// PostgreSQL database, the production server in its own process, its memory, a clean stop.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../src/server/test/free-port";
import { buildServer, SERVER_ENTRIES } from "../build-server";


/** A new, empty database on the server DATABASE_URL points at, and a way to drop it. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import("pg");
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    // An autovacuum worker may still be inside for a moment; a leftover scratch database is harmless.
    for (let attempt = 1; attempt <= 10; attempt++) {
      try {
        return await run(`drop database if exists ${name} with (force)`);
      } catch (error) {
        if (attempt === 10) console.warn(`could not drop scratch database ${name}: ${(error as Error).message}`);
        else await new Promise((r) => setTimeout(r, 300));
      }
    }
  };
  return { url: url.toString(), drop };
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  stop(): Promise<void>;
}

let compiled: Promise<string> | undefined;

/**
 * The server as production runs it (decision 165): bundled like `npm run build` does, into a
 * folder of this process under .tmp (removed at exit), so a build in dist/ is left alone.
 */
function compiledServer(): Promise<string> {
  compiled ??= (async () => {
    // Left by a process that was killed before its exit handler ran (a test worker, say).
    for (const name of existsSync(".tmp") ? readdirSync(".tmp") : []) {
      const pid = Number(/^server-(\d+)$/.exec(name)?.[1]);
      if (pid && !processAlive(pid)) rmSync(path.resolve(".tmp", name), { recursive: true, force: true });
    }
    const outDir = path.resolve(".tmp", `server-${process.pid}`);
    process.once("exit", () => rmSync(outDir, { recursive: true, force: true }));
    await buildServer({ outDir });
    return path.join(outDir, "main.js");
  })();
  return compiled;
}

/**
 * One of the compiled entries (the server, backup, restore, staff-recover, audit-verify, seed) as
 * `npm run build` writes them: what a test starts as a process starts faster from it than from
 * the TypeScript sources through tsx, and it is the code production runs.
 */
export async function compiledEntry(name: string): Promise<string> {
  if (!(name in SERVER_ENTRIES)) throw new Error(`${name} is not one of the compiled entries (scripts/build-server.ts)`);
  return path.join(path.dirname(await compiledServer()), `${name}.js`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Starts the compiled server on 127.0.0.1 with `env` over the current environment and waits for /api/health. */
export async function startProductionServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--enable-source-maps", await compiledServer()], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseUrl}/api/health`, child);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return { child, baseUrl, stop: () => stopProcess(child) };
}

export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs / 1000} s`);
}

/** SIGTERM, then SIGKILL after 10 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** Resident memory of a process in MB (Linux /proc), 0 when it cannot be read. */
export function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}
