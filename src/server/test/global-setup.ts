// vitest globalSetup: what the test files start from, made once per run (or kept from an
// earlier run) instead of once per file or per worker.
// - PGlite: the migrated data folder as a tarball in .tmp/test-templates/, named after a hash of
//   the migrations and the PGlite version, so a later run with the same migrations reuses it.
//   createTestDatabase() loads it (EI_TEST_PGLITE_TEMPLATE). Beside it the same folder unpacked
//   (EI_TEST_PGLITE_TEMPLATE_DIR): createMigratedPgliteDir() copies it for the tests that need a
//   database on disk (a file copy instead of starting PGlite to write it), and an empty cluster
//   as initdb leaves it (EI_TEST_PGLITE_EMPTY_TEMPLATE) for the migration tests, which start
//   before the first migration (loading it instead of running initdb: ~1 s of CPU instead of
//   ~4). Made on PostgreSQL runs too: the backup and shutdown tests use PGlite on disk there as well.
//   When any template is missing (a fresh clone, new migrations) a child process makes them while
//   the workers start and import their first files; a file waits at its first database for the
//   template it needs (./template-ready.ts).
// - PostgreSQL (DATABASE_URL set): a migrated template database of this run; each file copies it
//   with CREATE DATABASE … TEMPLATE (EI_TEST_POSTGRES_TEMPLATE). Dropped at the end of the run.
// - The compiled server (scripts/lib/processes.ts, compiledEntry): a folder of this run
//   (EI_TEST_SERVER_BUILD), built by the first worker that needs it and shared by the others;
//   removed at the end of the run.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { migrationsFolder, openDatabase, pgliteExtensions } from "../db/client";
import { processAlive } from "./process-alive";

const root = fileURLToPath(new URL("../../..", import.meta.url));

const templates = path.join(root, ".tmp", "test-templates");

function packageVersion(name: string): string {
  return JSON.parse(readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")).version;
}

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
  for (const pkg of ["@electric-sql/pglite", "drizzle-orm"]) hash.update(packageVersion(pkg));
  return hash.digest("hex").slice(0, 16);
}

/** Writes `make`'s bytes to `file` aside and renames it: a run that starts meanwhile never reads half a file. */
async function writeOnce(file: string, make: () => Promise<Buffer>): Promise<string> {
  if (existsSync(file)) return file;
  mkdirSync(path.dirname(file), { recursive: true });
  const bytes = await make();
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return file;
}

async function dump(client: PGlite): Promise<Buffer> {
  return Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
}

const emptyTemplateFile = () => path.join(templates, `pglite-empty-${packageVersion("@electric-sql/pglite")}.tar`);

/**
 * What the files start from, made by one PGlite when any of it is missing (a fresh clone, new
 * migrations, another PGlite): in a data folder of its own, initdb (or the kept empty cluster
 * loaded), the empty cluster's tarball (it depends on the PGlite version only), the migrations,
 * the migrated tarball; closed, that folder is the unpacked template. One start instead of three
 * (the empty cluster written to memory, loaded again to migrate, the migrated one loaded again
 * into a folder): ~2 s less of a fresh clone's start-up (which startTemplateBuild runs beside the workers).
 */
async function pgliteTemplates(): Promise<{ empty: string; tarball: string; dir: string }> {
  const { empty, tarball, dir } = templatePaths();
  if (existsSync(empty) && existsSync(tarball) && existsSync(dir)) return { empty, tarball, dir };
  mkdirSync(templates, { recursive: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const extensions = await pgliteExtensions();
  const client = existsSync(empty)
    ? await PGlite.create(partial, { loadDataDir: new Blob([readFileSync(empty)]), extensions })
    : await PGlite.create(partial, { extensions });
  try {
    await writeOnce(empty, () => dump(client));
    await migrate(drizzle(client), { migrationsFolder });
    await writeOnce(tarball, () => dump(client));
  } finally {
    await client.close();
  }
  try {
    if (!existsSync(dir)) renameSync(partial, dir);
  } catch (error) {
    // Another run made it meanwhile.
    if (!existsSync(dir)) throw error;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return { empty, tarball, dir };
}

/** Where the templates of the current migrations and PGlite version are (or will be). */
function templatePaths(): { empty: string; tarball: string; dir: string } {
  const tarball = path.join(templates, `pglite-${templateKey()}.tar`);
  return { empty: emptyTemplateFile(), tarball, dir: tarball.replace(/\.tar$/, ".dir") };
}

/**
 * Makes the missing templates in a child process (this file run by tsx, see its end), so that the
 * workers start meanwhile: ~6 s of CPU on a fresh clone that no worker could use before. The
 * workers learn its pid and where a failure is written (./template-ready.ts); the run's teardown
 * waits for it and then removes that file. Its error output goes to that file, and to the terminal.
 */
function startTemplateBuild(): { env: Record<string, string>; done: Promise<string> } {
  mkdirSync(templates, { recursive: true });
  const failed = path.join(templates, `build-${process.pid}.failed`);
  rmSync(failed, { force: true });
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), failed], { cwd: root, stdio: ["ignore", "inherit", "pipe"] });
  let output = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    output += chunk;
    process.stderr.write(chunk);
  });
  const done = new Promise<string>((resolve) => {
    const end = (problem?: string) => {
      if (problem && !existsSync(failed)) writeFileSync(failed, `${problem}\n${output}`);
      resolve(failed);
    };
    child.once("error", (error) => end(error.message));
    child.once("exit", (code, signal) => end(code === 0 ? undefined : `exited with ${signal ?? code}`));
  });
  return { env: { EI_TEST_PGLITE_TEMPLATES_BUILDER: String(child.pid), EI_TEST_PGLITE_TEMPLATES_FAILED: failed }, done };
}

/** The migrated data folder unpacked (made with its tarball when missing): the browser journeys seed a copy of it (tests/e2e/seeded-data.ts). */
export async function pgliteTemplateFolder(): Promise<string> {
  return (await pgliteTemplates()).dir;
}

/** Removes the templates of older migrations or PGlite versions, keeping `current`. */
function removeOldTemplates(current: string[]): void {
  for (const name of readdirSync(templates)) {
    const full = path.join(templates, name);
    if (name.startsWith("pglite-") && !name.includes(".partial") && !current.includes(full)) rmSync(full, { recursive: true, force: true });
  }
}

/** Left by a run that was killed before its teardown. */
function removeOldBuilds(): void {
  const dir = path.join(root, ".tmp");
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    // The folder, its lock, or a half-built folder beside it.
    const pid = Number(/^server-run-(\d+)(\.|$)/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !processAlive(pid)) rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const { empty, tarball, dir } = templatePaths();
  process.env.EI_TEST_PGLITE_TEMPLATE = tarball;
  process.env.EI_TEST_PGLITE_TEMPLATE_DIR = dir;
  process.env.EI_TEST_PGLITE_EMPTY_TEMPLATE = empty;
  let templatesMade: Promise<string> | undefined;
  if (!(existsSync(empty) && existsSync(tarball) && existsSync(dir))) {
    const templateBuild = startTemplateBuild();
    Object.assign(process.env, templateBuild.env);
    templatesMade = templateBuild.done;
  }
  removeOldTemplates([tarball, dir, empty]);
  removeOldBuilds();
  const build = path.join(root, ".tmp", `server-run-${process.pid}`);
  process.env.EI_TEST_SERVER_BUILD = build;
  const removeBuild = async () => {
    // The template build's failure, if any, was printed and told to the files that waited.
    if (templatesMade) rmSync(await templatesMade, { force: true });
    rmSync(build, { recursive: true, force: true });
    rmSync(`${build}.lock`, { force: true });
  };
  const url = process.env.DATABASE_URL;
  if (!url) return removeBuild;
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
    await removeBuild();
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

// Run as a process by startTemplateBuild (argv: the file to write a failure to).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await pgliteTemplates();
  } catch (error) {
    writeFileSync(process.argv[2], String((error as Error).stack ?? error));
    process.exitCode = 1;
  }
}
