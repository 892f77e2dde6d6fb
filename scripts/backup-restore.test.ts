// npm run backup / npm run restore for the embedded database: a round trip brings back exactly
// what was backed up, the part photos that searches refer to included; a database that is open or holds data is not replaced without --force
// (and then kept aside); a file that is not a backup changes nothing; the commands refuse
// PostgreSQL (pg_dump is the tool there). PGlite only: these scripts never touch DATABASE_URL.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pgliteDir } from "../src/server/config";
import { openDatabase } from "../src/server/db/client";
import { createMigratedPgliteDir } from "../src/server/test/database";
import { lockDataDir } from "../src/server/lib/data-dir-lock";
import { createBackup } from "./backup";
import { restoreBackup } from "./restore";
import { ArchiveWriter, members } from "./backup-archive";
import { compiledEntry } from "./lib/processes";

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function freshDataDir(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "ei-backup-"));
  roots.push(root);
  return root;
}

/** A fresh data folder that already holds a migrated database (copied, not created: ~3 s less each). */
async function migratedDataDir(): Promise<string> {
  const root = freshDataDir();
  await createMigratedPgliteDir(pgliteDir({ dataDir: root }));
  return root;
}

/** Opens the data folder's database, runs `work` on it, closes it. */
async function withDatabase<T>(dataDir: string, work: (query: (text: string) => Promise<unknown[]>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir: pgliteDir({ dataDir }) });
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: { query(text: string): Promise<{ rows: unknown[] }> } }).$client;
    return await work(async (text) => (await client.query(text)).rows);
  } finally {
    await database.close();
  }
}

const addClient = (code: string, nombre: string) =>
  `insert into clients (client_code, nombre, direccion, telefono) values ('${code}', '${nombre}', 'Grecia, Alajuela', '+50688887777')`;
const addUpload = (name: string, keptAt: string) =>
  `insert into uploads (name, storage, status, size_bytes, expires_at, kept_at) values ('${name}', 'local', 'UPLOADED', 1000, now(), ${keptAt})`;
const clientNames = (query: (text: string) => Promise<unknown[]>) =>
  query("select nombre from clients order by nombre").then((rows) => (rows as { nombre: string }[]).map((r) => r.nombre));

/**
 * One backup (a database holding one client, no photos) made once and shared by the tests that
 * only read it: each restores it into a folder of its own or takes its database's archive. A
 * backup is a PGlite start, a checkpoint and a gzip of the whole cluster; four tests made one each.
 */
interface SharedBackup {
  /** The file, at the path given to createBackup (`out`). */
  file: string;
  out: string;
  /** Its first member: the database's archive, as PGlite wrote it (an old backup was this alone). */
  database: Buffer;
}
let shared: Promise<SharedBackup> | undefined;
function sharedBackup(): Promise<SharedBackup> {
  shared ??= (async () => {
    const source = await migratedDataDir();
    await withDatabase(source, (q) => q(addClient("EXCOMP01", "Copia Compartida")));
    const out = path.join(source, "copia", "manual.tar.gz");
    const { file } = await createBackup({ dataDir: source, out });
    let database: Buffer | undefined;
    for await (const member of members(file)) {
      database = await member.read();
      break;
    }
    return { file, out, database: database! };
  })();
  return shared;
}

/**
 * Runs one of the scripts, compiled as `npm run build` writes them (what operators run from
 * dist/server), without DATABASE_URL (CI's PostgreSQL pass sets it).
 */
async function runScript(script: string, args: string[], dataDir: string, extraEnv: Record<string, string> = {}) {
  const env: Record<string, string> = { ...(process.env as Record<string, string>), ENV_FILE: "none", DATA_DIR: dataDir, ...extraEnv };
  if (!("DATABASE_URL" in extraEnv)) delete env.DATABASE_URL;
  const file = await compiledEntry(script.replace(/\.ts$/, ""));
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, [file, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("backup and restore of the embedded database", () => {
  it("round-trips: the restore brings back exactly the backed-up data, and keeps the replaced database aside", { timeout: 120_000 }, async () => {
    const dataDir = await migratedDataDir();
    await withDatabase(dataDir, (q) => q(addClient("EXRESP01", "Ana Respaldada")));

    const backup = await runScript("backup.ts", [], dataDir);
    expect(backup.code, backup.output).toBe(0);
    const files = readdirSync(path.join(dataDir, "backups"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^express-import-\d{8}-\d{6}\.tar\.gz$/);
    expect(backup.output).toContain(`Respaldo creado: ${path.join(dataDir, "backups", files[0])}`);

    // Life goes on after the backup.
    await withDatabase(dataDir, async (q) => {
      await q(addClient("EXRESP02", "Beto Posterior"));
      await q("delete from clients where client_code = 'EXRESP01'");
    });

    const refused = await runScript("restore.ts", [path.join(dataDir, "backups", files[0])], dataDir);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/Ya hay una base de datos .* --force/);
    expect(await withDatabase(dataDir, clientNames)).toEqual(["Beto Posterior"]);

    const restored = await runScript("restore.ts", [path.join(dataDir, "backups", files[0]), "--force"], dataDir);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain("Respaldo restaurado: 1 clientes, 0 paquetes.");
    expect(await withDatabase(dataDir, clientNames)).toEqual(["Ana Respaldada"]);
    const aside = readdirSync(dataDir).filter((f) => f.startsWith("pglite.before-restore-"));
    expect(aside).toHaveLength(1);
  });

  it("refuses to back up or replace a database while another holder has DATA_DIR's lock, even with --force", { timeout: 60_000 }, async () => {
    const dataDir = await migratedDataDir();
    await withDatabase(dataDir, (q) => q(addClient("EXABIE01", "Abierta Mora")));
    const backupFile = (await sharedBackup()).file;
    const lock = lockDataDir(dataDir, "el servidor");
    try {
      await expect(createBackup({ dataDir, out: path.join(dataDir, "otro.tar.gz") })).rejects.toThrow(/Otro proceso está usando .*el servidor/);
      await expect(restoreBackup({ dataDir, file: backupFile, force: true })).rejects.toThrow(/Otro proceso está usando .*el servidor/);
    } finally {
      lock.release();
    }
    expect(existsSync(path.join(dataDir, "otro.tar.gz"))).toBe(false);
    expect((await createBackup({ dataDir, out: path.join(dataDir, "otro.tar.gz") })).file).toBe(path.join(dataDir, "otro.tar.gz"));
    // Refused, the restore replaced nothing.
    expect(readdirSync(dataDir).filter((f) => f.startsWith("pglite.before-restore-"))).toEqual([]);
  });

  it("restores into an empty data folder without --force, to the path given to backup", { timeout: 60_000 }, async () => {
    const { file, out } = await sharedBackup();
    expect(file).toBe(out);
    const target = freshDataDir();
    const result = await restoreBackup({ dataDir: target, file: out });
    expect(result).toMatchObject({ clients: 1, trackings: 0 });
    expect(result.previous).toBeUndefined();
    expect(await withDatabase(target, clientNames)).toEqual(["Copia Compartida"]);
  });

  it("changes nothing when the file is not a backup", { timeout: 60_000 }, async () => {
    const dataDir = await migratedDataDir();
    await withDatabase(dataDir, (q) => q(addClient("EXINTA01", "Intacta Solís")));
    const junk = path.join(dataDir, "no-es-respaldo.tar.gz");
    writeFileSync(junk, "esto no es un respaldo");
    await expect(restoreBackup({ dataDir, file: junk, force: true })).rejects.toThrow(/no es un respaldo válido/);
    const { gzipSync } = await import("node:zlib");
    writeFileSync(junk, gzipSync("un .gz que no lleva un tar adentro"));
    await expect(restoreBackup({ dataDir, file: junk, force: true })).rejects.toThrow(/no es un respaldo válido/);
    expect(readdirSync(dataDir).filter((f) => f.startsWith("pglite.before-restore-"))).toEqual([]);
    expect(await withDatabase(dataDir, clientNames)).toEqual(["Intacta Solís"]);
    await expect(restoreBackup({ dataDir, file: path.join(dataDir, "no-existe.tar.gz") })).rejects.toThrow(/No existe el archivo/);
  });

  it("carries the part photos that searches refer to, and puts them back with the database", { timeout: 120_000 }, async () => {
    const dataDir = await migratedDataDir();
    const uploadsDir = path.join(dataDir, "objects", "uploads");
    mkdirSync(uploadsDir, { recursive: true });
    const kept = "a".repeat(32);
    const unreferenced = "b".repeat(32);
    const photo = randomBytes(300_000);
    writeFileSync(path.join(uploadsDir, kept), photo);
    writeFileSync(path.join(uploadsDir, unreferenced), randomBytes(1000));
    await withDatabase(dataDir, async (q) => {
      await q(addClient("EXFOTO01", "Foto Guardada"));
      await q(addUpload(kept, "now()"));
      await q(addUpload(unreferenced, "null"));
    });

    const backup = await createBackup({ dataDir });
    expect(backup.photos).toBe(1);

    // The photos folder is lost; the database changes.
    rmSync(path.join(dataDir, "objects"), { recursive: true });
    mkdirSync(uploadsDir, { recursive: true });
    writeFileSync(path.join(uploadsDir, "c".repeat(32)), "nueva");
    await withDatabase(dataDir, (q) => q("delete from clients"));

    const restored = await restoreBackup({ dataDir, file: backup.file, force: true });
    expect(restored).toMatchObject({ clients: 1, photos: 1 });
    expect(readFileSync(path.join(uploadsDir, kept)).equals(photo)).toBe(true);
    expect(existsSync(path.join(uploadsDir, unreferenced))).toBe(false);
    // What was there is kept aside, not deleted.
    expect(readFileSync(path.join(restored.previousObjects!, "uploads", "c".repeat(32)), "utf8")).toBe("nueva");
    expect(await withDatabase(dataDir, clientNames)).toEqual(["Foto Guardada"]);
  });

  it("refuses a backup with any member but the database and photos, writing nothing", { timeout: 60_000 }, async () => {
    const { database } = await sharedBackup();
    const crafted = path.join(freshDataDir(), "trampa.tar.gz");
    const writer = new ArchiveWriter(crafted);
    await writer.add("database.tar.gz", database);
    await writer.add("objects/uploads/../../../pglite/PG_VERSION", Buffer.from("99"));
    await writer.close();
    const target = freshDataDir();
    await expect(restoreBackup({ dataDir: target, file: crafted })).rejects.toThrow(/no es un respaldo válido/);
    expect(readdirSync(target)).toEqual([]);
  });

  it("still restores a backup made before photos were included (the database's archive alone)", { timeout: 60_000 }, async () => {
    // PGlite's gzip archive of the data folder alone (dumpDataDir), as the backups before photos were.
    const old = path.join(freshDataDir(), "antiguo.tar.gz");
    writeFileSync(old, (await sharedBackup()).database);
    const target = freshDataDir();
    const result = await restoreBackup({ dataDir: target, file: old });
    expect(result).toMatchObject({ clients: 1, photos: 0 });
    expect(existsSync(path.join(target, "objects"))).toBe(false);
    expect(await withDatabase(target, clientNames)).toEqual(["Copia Compartida"]);
  });

  it("points to pg_dump and pg_restore when the data is in PostgreSQL", { timeout: 60_000 }, async () => {
    const dataDir = freshDataDir();
    const env = { DATABASE_URL: "postgres://nadie@127.0.0.1:9/ninguna" };
    const backup = await runScript("backup.ts", [], dataDir, env);
    expect(backup.code).toBe(1);
    expect(backup.output).toContain("pg_dump");
    const restore = await runScript("restore.ts", ["x.tar.gz"], dataDir, env);
    expect(restore.code).toBe(1);
    expect(restore.output).toContain("pg_restore");
    expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
  });
});
