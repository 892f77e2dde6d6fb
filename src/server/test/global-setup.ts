// vitest globalSetup: the migrated database that every test file starts from, made once per run
// instead of once per file (each file runs in its own process, and creating and migrating a
// database there cost about 3 s of CPU per file).
// - PGlite: the migrated data folder as a tarball in .tmp/test-templates/, named after a hash of
//   the migrations and the PGlite version, so a later run with the same migrations reuses it.
//   createTestDatabase() loads it (EI_TEST_PGLITE_TEMPLATE). Made on PostgreSQL runs too: the
//   backup and shutdown tests use PGlite on disk there as well.
// - PostgreSQL (DATABASE_URL set): a migrated template database of this run; each file copies it
//   with CREATE DATABASE … TEMPLATE (EI_TEST_POSTGRES_TEMPLATE). Dropped at the end of the run.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrationsFolder, openDatabase } from "../db/client";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/** A hash of everything the migrated data folder depends on. */
function templateKey(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${path.relative(migrationsFolder, full)}\0`).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  for (const pkg of ["@electric-sql/pglite", "drizzle-orm"]) {
    hash.update(JSON.parse(readFileSync(path.join(root, "node_modules", pkg, "package.json"), "utf8")).version);
  }
  return hash.digest("hex").slice(0, 16);
}

/** The migrated PGlite data folder as a tarball file, made when missing. */
export async function pgliteTemplate(): Promise<string> {
  const dir = path.join(root, ".tmp", "test-templates");
  const file = path.join(dir, `pglite-${templateKey()}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ dataDir: "memory://" });
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: import("@electric-sql/pglite").PGlite }).$client;
    const tar = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    // Written aside and renamed: a run that starts meanwhile never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, tar);
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  // Templates of older migrations are of no further use.
  for (const old of readdirSync(dir)) if (old.startsWith("pglite-") && old.endsWith(".tar") && path.join(dir, old) !== file) rmSync(path.join(dir, old), { force: true });
  return file;
}

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  process.env.EI_TEST_PGLITE_TEMPLATE = await pgliteTemplate();
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  const { default: pg } = await import("pg");
  const name = `ei_template_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // No connections to it from now on (autovacuum included), so that copies of it never fail
  // with "source database is being accessed by other users".
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`alter database ${name} with is_template true allow_connections false`);
  } finally {
    await c.end();
  }
  process.env.EI_TEST_POSTGRES_TEMPLATE = name;
  return async () => {
    const d = new pg.Client({ connectionString: url });
    await d.connect();
    try {
      await d.query(`alter database ${name} with is_template false`);
      await d.query(`drop database if exists ${name} with (force)`);
    } catch (error) {
      console.warn(`could not drop template database ${name}: ${(error as Error).message}`);
    } finally {
      await d.end();
    }
  };
}
