// `npm run restore -- <backup.tar.gz> [--force]`: puts a backup made by `npm run backup` back as
// the embedded database in DATA_DIR/pglite. The file is opened and checked in memory before
// anything on disk is touched. A database that is open (a running server) or that already holds
// data is replaced only with --force, and even then it is moved aside (pglite.before-restore-…)
// rather than deleted. With DATABASE_URL, restore PostgreSQL with pg_restore (docs/operations.md).
import { existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { loadConfig, pgliteDir } from "../src/server/config";
import { loadEnvFile } from "../src/server/env-file";
import { BackupError, databaseExists, databaseInUse, reportBackupError, runIfScript } from "./backup";

export interface RestoreOptions {
  dataDir: string;
  file: string;
  force?: boolean;
  now?: Date;
}

export interface RestoreResult {
  clients: number;
  trackings: number;
  /** Where the replaced database was moved, when there was one. */
  previous?: string;
}

async function countsOf(db: { query<T>(q: string): Promise<{ rows: T[] }> }) {
  const { rows } = await db.query<{ clients: number; trackings: number }>(
    "select (select count(*) from clients)::int as clients, (select count(*) from client_trackings)::int as trackings",
  );
  return rows[0];
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const file = path.resolve(options.file);
  if (!existsSync(file)) throw new BackupError(`No existe el archivo ${file}.`);
  const dir = pgliteDir({ dataDir: options.dataDir });
  const inUse = databaseInUse(dir);
  const hasData = databaseExists(dir);
  if ((inUse || hasData) && !options.force) {
    throw new BackupError(
      inUse
        ? `La base de datos de ${dir} está abierta: detén el servidor. Para reemplazarla de todos modos, usa --force.`
        : `Ya hay una base de datos en ${dir}. Para reemplazarla por el respaldo usa --force (la actual se guardará aparte).`,
    );
  }

  const bytes = readFileSync(file);
  // PGlite reports a broken archive from inside a stream, where it cannot be caught: check the
  // gzip and tar framing here first.
  let archive: Buffer;
  try {
    archive = gunzipSync(bytes);
  } catch {
    throw new BackupError("El archivo no es un respaldo válido de la base de datos (no es un .tar.gz).");
  }
  if (archive.subarray(257, 262).toString("latin1") !== "ustar") {
    throw new BackupError("El archivo no es un respaldo válido de la base de datos (no contiene un .tar).");
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const blob = new Blob([bytes], { type: "application/x-gzip" });
  // Opened in memory first: a file that is not a backup of this app changes nothing on disk.
  try {
    const probe = await PGlite.create({ loadDataDir: blob });
    try {
      await countsOf(probe);
    } finally {
      await probe.close();
    }
  } catch (error) {
    throw new BackupError(`El archivo no es un respaldo válido de la base de datos (${(error as Error).message}).`);
  }

  let previous: string | undefined;
  if (existsSync(dir)) {
    const stamp = (options.now ?? new Date()).toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
    previous = `${dir}.before-restore-${stamp}`;
    renameSync(dir, previous);
  }
  try {
    const db = await PGlite.create(dir, { loadDataDir: blob });
    try {
      return { ...(await countsOf(db)), previous };
    } finally {
      await db.close();
    }
  } catch (error) {
    // Put the replaced database back rather than leave none.
    if (previous) {
      rmSync(dir, { recursive: true, force: true });
      renameSync(previous, dir);
    }
    throw error;
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--"));
  if (!file || args.includes("--help")) {
    console.log("Uso: npm run restore -- <respaldo.tar.gz> [--force]");
    return file ? 0 : 1;
  }
  try {
    loadEnvFile();
    const config = loadConfig();
    if (config.databaseUrl) {
      throw new BackupError("DATABASE_URL está definida: restaura PostgreSQL con pg_restore (ver docs/operations.md).");
    }
    const result = await restoreBackup({ dataDir: config.dataDir, file, force: args.includes("--force") });
    console.log(`Respaldo restaurado: ${result.clients} clientes, ${result.trackings} paquetes.`);
    if (result.previous) console.log(`La base de datos anterior quedó en ${result.previous}.`);
    return 0;
  } catch (error) {
    return reportBackupError(error);
  }
}

await runIfScript(import.meta.url, main);
