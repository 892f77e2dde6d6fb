// `npm run restore -- <backup.tar.gz> [--force]`: puts a backup made by `npm run backup` back as
// the embedded database in DATA_DIR/pglite and its part photos in DATA_DIR/objects/uploads (an
// older backup without photos restores the database alone). The database is opened and checked
// in memory before anything on disk is replaced; the photos wait in a staging folder meanwhile.
// It holds DATA_DIR's lock and refuses while the server or another script holds it (decision
// 150; the lock file is in DATA_DIR, not in the pglite folder it replaces). A database that
// already holds data is replaced only with --force, and even then it is moved aside
// (pglite.before-restore-…) rather than deleted. With DATABASE_URL, restore PostgreSQL with pg_restore (docs/operations.md).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { loadConfig, pgliteDir } from "../src/server/config";
import { pgliteExtensions } from "../src/server/db/client";
import { loadEnvFile } from "../src/server/env-file";
import { lockDataDir } from "../src/server/lib/data-dir-lock";
import { BackupError, databaseExists, reportBackupError, runIfScript } from "./backup";
import { DATABASE_MEMBER, PHOTO_MEMBER, firstMemberName, members } from "./backup-archive";

export interface RestoreOptions {
  dataDir: string;
  file: string;
  force?: boolean;
  now?: Date;
}

export interface RestoreResult {
  clients: number;
  trackings: number;
  /** Part photos put back in DATA_DIR/objects/uploads. */
  photos: number;
  /** Where the replaced database was moved, when there was one. */
  previous?: string;
  /** Where the replaced photos folder was moved, when the backup had photos and there was one. */
  previousObjects?: string;
}

async function countsOf(db: { query<T>(q: string): Promise<{ rows: T[] }> }) {
  const { rows } = await db.query<{ clients: number; trackings: number }>(
    "select (select count(*) from clients)::int as clients, (select count(*) from client_trackings)::int as trackings",
  );
  return rows[0];
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const lock = lockDataDir(options.dataDir, "npm run restore");
  try {
    return await restoreLocked(options);
  } finally {
    lock.release();
  }
}

async function restoreLocked(options: RestoreOptions): Promise<RestoreResult> {
  const file = path.resolve(options.file);
  if (!existsSync(file)) throw new BackupError(`No existe el archivo ${file}.`);
  const dir = pgliteDir({ dataDir: options.dataDir });
  if (databaseExists(dir) && !options.force) {
    throw new BackupError(`Ya hay una base de datos en ${dir}. Para reemplazarla por el respaldo usa --force (la actual se guardará aparte).`);
  }
  const stamp = (options.now ?? new Date()).toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  // A backup with photos starts with the database's archive; an older one is that archive alone.
  if ((await firstMemberName(file)) !== DATABASE_MEMBER) {
    return restoreDatabase(dir, await checkedDatabaseArchive(readFileSync(file)), stamp);
  }
  const objects = path.join(options.dataDir, "objects");
  const staging = `${objects}.restoring-${stamp}`;
  let database: Blob | undefined;
  let photos = 0;
  try {
    for await (const member of members(file)) {
      if (!database) {
        if (member.name !== DATABASE_MEMBER) throw new BackupError(INVALID);
        // Checked in memory before any photo is written or anything replaced.
        database = await checkedDatabaseArchive(await member.read());
        continue;
      }
      const photo = PHOTO_MEMBER.exec(member.name);
      if (!photo) throw new BackupError(`${INVALID} (contiene ${JSON.stringify(member.name.slice(0, 80))}).`);
      mkdirSync(path.join(staging, "uploads"), { recursive: true });
      writeFileSync(path.join(staging, "uploads", photo[1]), await member.read(), { mode: 0o600 });
      photos++;
    }
    if (!database) throw new BackupError(INVALID);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error instanceof BackupError ? error : new BackupError(`${INVALID} (${(error as Error).message}).`);
  }
  let result: RestoreResult;
  try {
    result = await restoreDatabase(dir, database, stamp);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  // The photos of the restored database replace the folder; the current one is kept aside.
  mkdirSync(path.join(staging, "uploads"), { recursive: true });
  if (existsSync(objects)) {
    result.previousObjects = `${objects}.before-restore-${stamp}`;
    renameSync(objects, result.previousObjects);
  }
  renameSync(staging, objects);
  return { ...result, photos };
}

const INVALID = "El archivo no es un respaldo válido de la base de datos";

/** PGlite's archive as a Blob, once it is known to open as this app's database (in memory). */
async function checkedDatabaseArchive(bytes: Buffer): Promise<Blob> {
  // PGlite reports a broken archive from inside a stream, where it cannot be caught: check the
  // gzip and tar framing here first.
  let archive: Buffer;
  try {
    archive = gunzipSync(bytes);
  } catch {
    throw new BackupError(`${INVALID} (no es un .tar.gz).`);
  }
  if (archive.subarray(257, 262).toString("latin1") !== "ustar") {
    throw new BackupError(`${INVALID} (no contiene un .tar).`);
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const blob = new Blob([new Uint8Array(bytes)], { type: "application/x-gzip" });
  // Opened in memory first: a file that is not a backup of this app changes nothing on disk.
  try {
    const probe = await PGlite.create({ loadDataDir: blob, extensions: await pgliteExtensions() });
    try {
      await countsOf(probe);
    } finally {
      await probe.close();
    }
  } catch (error) {
    throw new BackupError(`${INVALID} (${(error as Error).message}).`);
  }
  return blob;
}

/** Puts a checked archive in place of DATA_DIR/pglite, the current folder moved aside. */
async function restoreDatabase(dir: string, blob: Blob, stamp: string): Promise<RestoreResult> {
  const { PGlite } = await import("@electric-sql/pglite");
  let previous: string | undefined;
  if (existsSync(dir)) {
    previous = `${dir}.before-restore-${stamp}`;
    renameSync(dir, previous);
  }
  try {
    const db = await PGlite.create(dir, { loadDataDir: blob, extensions: await pgliteExtensions() });
    try {
      return { ...(await countsOf(db)), photos: 0, previous };
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
    console.log(`Fotos de repuestos restauradas: ${result.photos}.`);
    if (result.previous) console.log(`La base de datos anterior quedó en ${result.previous}.`);
    if (result.previousObjects) console.log(`Las fotos anteriores quedaron en ${result.previousObjects}.`);
    return 0;
  } catch (error) {
    return reportBackupError(error);
  }
}

await runIfScript("restore", main);
