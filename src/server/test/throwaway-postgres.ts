// A throw-away PostgreSQL cluster for fault tests: created in a temporary folder, started on
// a free port, stopped and restarted at will, deleted at the end. The shared test server is
// never touched (other test files use it). The server binaries refuse to run as root, so
// as root the commands run as the postgres user (runuser); any other user runs them directly.
// The binaries (initdb, pg_ctl) are found, not assumed: PG_BIN_DIR when set, else
// `pg_config --bindir`, else the newest /usr/lib/postgresql/<version>/bin (Debian's layout).
import { spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

const hasServerBinaries = (dir: string) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"));

/** The folder with initdb and pg_ctl, or the places looked in when there is none. */
function findServerBinaries(): { dir: string } | { looked: string[] } {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  const fromPgConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (fromPgConfig.status === 0 && fromPgConfig.stdout.trim()) candidates.push(fromPgConfig.stdout.trim());
  try {
    const versions = readdirSync("/usr/lib/postgresql").filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  } catch {
    // Not Debian's layout.
  }
  const dir = candidates.find(hasServerBinaries);
  return dir ? { dir } : { looked: candidates.length ? candidates : ["PG_BIN_DIR, pg_config --bindir, /usr/lib/postgresql/*/bin"] };
}

const found = findServerBinaries();
const BIN = "dir" in found ? found.dir : "";

function postgresUser(): { uid: number; gid: number } | null {
  const result = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (result.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(result.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Why a throw-away cluster cannot be made here, or null when it can. */
export function throwawayPostgresUnavailable(): string | null {
  if (!("dir" in found)) {
    return `no PostgreSQL server binaries (initdb, pg_ctl) in ${found.looked.join(", ")}: apt-get install postgresql, or set PG_BIN_DIR`;
  }
  const isRoot = process.getuid?.() === 0;
  if (isRoot && !postgresUser()) return "running as root without a postgres user";
  if (isRoot && spawnSync("runuser", ["--help"]).status !== 0) return "runuser is missing";
  return null;
}

export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, loopback only). */
  url: string;
  /** Stops the server; asynchronous, so traffic keeps flowing in this process meanwhile. */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

function asPostgres(args: string[]): [string, string[]] {
  const isRoot = process.getuid?.() === 0;
  const [cmd, ...rest] = isRoot ? ["runuser", "-u", "postgres", "--", ...args] : args;
  return [cmd, rest];
}

function run(args: string[]): Promise<void> {
  const [cmd, rest] = asPostgres(args);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, rest, { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} failed (${code}): ${output}`))));
  });
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const unavailable = throwawayPostgresUnavailable();
  if (unavailable) throw new Error(`A throw-away PostgreSQL cluster cannot be made here: ${unavailable}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), "ei-pg-fault-"));
  const user = process.getuid?.() === 0 ? postgresUser() : null;
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, "data");
  const port = await freePort();
  await run([path.join(BIN, "initdb"), "-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => run([path.join(BIN, "pg_ctl"), "-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop(mode = "fast") {
      await run([path.join(BIN, "pg_ctl"), "-D", data, "-m", mode, "-w", "-t", "60", "stop"]);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      try {
        if (running) await run([path.join(BIN, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        running = false;
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
