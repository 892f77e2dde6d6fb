// `npm run backup [-- --out <file or folder>]`: copies the embedded database (PGlite in
// DATA_DIR/pglite) and the part photos that searches refer to (DATA_DIR/objects/uploads) to a
// timestamped .tar.gz (./backup-archive), by default in DATA_DIR/backups. PGlite belongs to
// one process at a time, so the backup holds DATA_DIR's lock and refuses while the server (or
// another script) holds it (decision 150); a lock left by a killed process does not count. With DATABASE_URL the data lives in PostgreSQL: use pg_dump (docs/operations.md).
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { loadConfig, pgliteDir } from "../src/server/config";
import { pgliteExtensions } from "../src/server/db/client";
import { loadEnvFile } from "../src/server/env-file";
import { DataDirBusyError, lockDataDir } from "../src/server/lib/data-dir-lock";
import { ArchiveWriter, DATABASE_MEMBER } from "./backup-archive";

export interface BackupOptions {
  dataDir: string;
  /** A .tar.gz file, or a folder for a timestamped one; defaults to DATA_DIR/backups. */
  out?: string;
  now?: Date;
}

export class BackupError extends Error {}

/** True when the folder holds a database (PG_VERSION is the first file initdb writes). */
export function databaseExists(dir: string): boolean {
  return existsSync(path.join(dir, "PG_VERSION"));
}

export function backupFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `express-import-${stamp}.tar.gz`;
}

export async function createBackup(options: BackupOptions): Promise<{ file: string; bytes: number; photos: number }> {
  const dir = pgliteDir({ dataDir: options.dataDir });
  const lock = lockDataDir(options.dataDir, "npm run backup");
  try {
    return await backupLocked(options, dir);
  } finally {
    lock.release();
  }
}

async function backupLocked(options: BackupOptions, dir: string): Promise<{ file: string; bytes: number; photos: number }> {
  if (!databaseExists(dir)) throw new BackupError(`No hay base de datos en ${dir}.`);
  const name = backupFileName(options.now);
  const out = options.out ?? path.join(options.dataDir, "backups");
  const file = out.endsWith(".tar.gz") || out.endsWith(".tgz") ? path.resolve(out) : path.resolve(out, name);
  if (existsSync(file)) throw new BackupError(`Ya existe ${file}; no se sobrescribe.`);
  mkdirSync(path.dirname(file), { recursive: true });

  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(dir, { extensions: await pgliteExtensions() });
  let dump: Buffer;
  let kept: string[];
  try {
    // A checkpoint first, so the copy holds everything committed, not only what reached the WAL.
    await db.exec("checkpoint");
    dump = Buffer.from(await (await db.dumpDataDir("gzip")).arrayBuffer());
    // The photos that parts searches refer to; the others are deleted within a day anyway.
    const { rows } = await db.query<{ name: string }>("select name from uploads where kept_at is not null and storage = 'local' order by id");
    kept = rows.map((r) => r.name);
  } finally {
    await db.close();
  }
  const archive = new ArchiveWriter(file);
  let photos = 0;
  try {
    await archive.add(DATABASE_MEMBER, dump);
    for (const name of kept) {
      const photo = path.join(options.dataDir, "objects", "uploads", name);
      if (!existsSync(photo)) continue;
      await archive.add(`objects/uploads/${name}`, readFileSync(photo), statSync(photo).mtime);
      photos++;
    }
  } finally {
    await archive.close();
  }
  return { file, bytes: statSync(file).size, photos };
}

export function parseFlag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith("--")) throw new BackupError(`Falta el valor de --${name}.`);
  return value;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes("--help")) {
    console.log("Uso: npm run backup [-- --out <archivo.tar.gz | carpeta>]");
    return 0;
  }
  try {
    loadEnvFile();
    const config = loadConfig();
    if (config.databaseUrl) {
      throw new BackupError(
        "DATABASE_URL está definida: los datos están en PostgreSQL. Respáldalos con pg_dump (ver docs/operations.md).",
      );
    }
    const { file, bytes, photos } = await createBackup({ dataDir: config.dataDir, out: parseFlag(args, "out") });
    console.log(`Respaldo creado: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${photos} fotos de repuestos)`);
    return 0;
  } catch (error) {
    return reportBackupError(error);
  }
}

/** A backup or restore failure as its Spanish message on stderr; the exit code 1. */
export function reportBackupError(error: unknown): number {
  console.error(`Error: ${error instanceof BackupError || error instanceof DataDirBusyError ? error.message : String(error)}`);
  return 1;
}

/**
 * Runs `main` when node was started with this script (not when a test or another script imports
 * it): scripts/<name>.ts under tsx, or dist/server/<name>.js, the build's copy (scripts/build-server.ts),
 * where the modules the scripts share sit in one chunk, so a module's own address cannot tell.
 */
export async function runIfScript(name: string, main: () => Promise<number>): Promise<void> {
  // A module address (import.meta.url) works too: its file's name.
  const script = name.includes("/") ? path.basename(new URL(name).pathname) : name;
  const started = process.argv[1] ? path.basename(process.argv[1]) : "";
  if (started && started.replace(/\.(ts|js)$/, "") === script.replace(/\.(ts|js)$/, "")) process.exitCode = await main();
}

await runIfScript("backup", main);
