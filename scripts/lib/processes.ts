// What the benchmark, soak, Lighthouse and e2e runners share: a free port, a scratch
// PostgreSQL database, the production server in its own process, its memory, a clean stop.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../src/server/test/free-port";
import { buildServer, SERVER_ENTRIES } from "../build-server";
import { processAlive } from "../../src/server/test/process-alive";


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
 * The server as production runs it (decision 165): bundled like `npm run build` does, so a build
 * in dist/ is left alone. Under the test run's globalSetup (EI_TEST_SERVER_BUILD) into one folder
 * of the run, which the first worker that needs it builds and the others then use (the run
 * removes it at its end); otherwise into a folder of this process under .tmp (removed at exit).
 */
function compiledServer(): Promise<string> {
  compiled ??= (async () => {
    const shared = process.env.EI_TEST_SERVER_BUILD;
    if (shared) {
      await sharedBuild(shared);
      return path.join(shared, "main.js");
    }
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
 * Builds the run's shared folder `dir` unless it is there. The builder holds `dir`.lock (created
 * exclusively, with its pid); it builds beside the folder and renames the result into place, so
 * the folder, once it exists, is whole. The others wait for it; a lock whose builder died is taken over.
 */
async function sharedBuild(dir: string): Promise<void> {
  const lock = `${dir}.lock`;
  const done = () => existsSync(path.join(dir, "main.js"));
  while (!done()) {
    let mine = false;
    try {
      writeFileSync(lock, String(process.pid), { flag: "wx" });
      mine = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (mine) {
      try {
        if (done()) return;
        const partial = `${dir}.${process.pid}.partial`;
        try {
          await buildServer({ outDir: partial });
          renameSync(partial, dir);
        } finally {
          rmSync(partial, { recursive: true, force: true });
        }
      } finally {
        rmSync(lock, { force: true });
      }
      return;
    }
    const holder = Number(readFileSafe(lock));
    // Written but not yet filled in (0), or held by a live builder: wait for it.
    if (holder && !processAlive(holder)) rmSync(lock, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function readFileSafe(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
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
