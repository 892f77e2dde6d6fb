// One process at a time on DATA_DIR (issue 31, decision 150). PGlite belongs to the process that
// opened it: a second one (a seed, a backup, another server) writing the same folder corrupts it.
// So the server and every script that opens the embedded database hold DATA_DIR/express-import.lock
// while they run, and refuse with a Spanish message while another live process holds it.
//
// The lock sits in DATA_DIR itself, not in DATA_DIR/pglite, which a restore moves aside and
// replaces. It is a file created whole (written under another name, then linked into place: link
// fails when the lock exists) holding the holder's pid, the start time the kernel gives that pid
// (Linux /proc: a pid reused after a reboot or in a new container is not taken for the holder),
// what it is and since when. A lock whose process is gone (killed, crashed, machine restarted) is
// stale: the next process takes it over. With DATABASE_URL there is nothing to lock: PostgreSQL
// serves any number of processes.
import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const LOCK_FILE = "express-import.lock";

export interface LockHolder {
  pid: number;
  /** The kernel's start time of the pid (clock ticks since boot), null where /proc is missing. */
  startTime: number | null;
  /** What holds it, in Spanish: "el servidor", "npm run seed"… */
  holder: string;
  since: string;
  host: string;
  token: string;
}

export interface DataDirLock {
  file: string;
  /** Removes the lock if it is still this process's; also done at the process's exit. */
  release(): void;
}

export class DataDirBusyError extends Error {}

/** Locks held by this process, by lock file: a second lock in the same process is refused too. */
const heldHere = new Map<string, string>();

/** The start time of a process from /proc/<pid>/stat (field 22), or null when it cannot be read. */
export function processStartTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count after its ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const value = Number(fields[19]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** True when the process the lock names is still running (and is the same process, not a reused pid). */
export function holderAlive(info: LockHolder): boolean {
  const file = heldHereFile(info);
  if (info.pid === process.pid) return file !== undefined;
  try {
    process.kill(info.pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (info.startTime === null) return true;
  const now = processStartTime(info.pid);
  return now === null || now === info.startTime;
}

function heldHereFile(info: LockHolder): string | undefined {
  for (const [file, token] of heldHere) if (token === info.token) return file;
  return undefined;
}

function readHolder(file: string): LockHolder | null | "missing" {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw error;
  }
  try {
    const info = JSON.parse(text) as LockHolder;
    return Number.isInteger(info.pid) && typeof info.token === "string" ? info : null;
  } catch {
    return null;
  }
}

/** The operator's message when DATA_DIR is taken. */
export function busyMessage(dataDir: string, info: LockHolder): string {
  return (
    `Otro proceso está usando la base de datos de ${dataDir}: ${info.holder} (pid ${info.pid}, desde ${info.since}). ` +
    "Detén ese proceso y vuelve a intentarlo; la base de datos integrada admite un solo proceso a la vez."
  );
}

/**
 * Takes DATA_DIR's lock for `holder` ("el servidor", "npm run seed"…) or throws DataDirBusyError
 * while a live process holds it. A stale lock (its process gone) is taken over.
 */
export function lockDataDir(dataDir: string, holder: string): DataDirLock {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine: LockHolder = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    holder,
    since: new Date().toISOString(),
    host: os.hostname(),
    token: randomBytes(12).toString("hex"),
  };
  const temporary = `${file}.${process.pid}.${mine.token}`;
  writeFileSync(temporary, `${JSON.stringify(mine)}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(temporary, file);
        heldHere.set(file, mine.token);
        const release = () => {
          process.removeListener("exit", release);
          if (heldHere.get(file) !== mine.token) return;
          heldHere.delete(file);
          const current = readHolder(file);
          if (current !== "missing" && current?.token === mine.token) unlinkSync(file);
        };
        process.on("exit", release);
        return { file, release };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const current = readHolder(file);
      if (current === "missing") continue;
      if (current && holderAlive(current)) throw new DataDirBusyError(busyMessage(dir, current));
      breakStaleLock(file, current);
    }
  } finally {
    unlinkSync(temporary);
  }
  throw new DataDirBusyError(`No se pudo tomar ${file}: otros procesos lo disputan. Vuelve a intentarlo.`);
}

/**
 * Removes a stale lock. Moved aside first (rename is atomic), then checked: if another process
 * took the lock over between our read and the move, its lock is linked back into place.
 */
function breakStaleLock(file: string, stale: LockHolder | null): void {
  const aside = `${file}.stale-${process.pid}-${randomBytes(6).toString("hex")}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const moved = readHolder(aside);
  const sameStale = stale === null ? moved === null : moved !== "missing" && moved?.token === stale.token;
  if (!sameStale) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone else holds a fresh lock already: theirs stays.
    }
  }
  unlinkSync(aside);
}
