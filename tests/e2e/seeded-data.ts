// The journeys' business-sized PGlite database (the admin screens must stay usable at 10 000
// clients and 100 000 packages), made once and kept (decision 210): seeded into a copy of the
// migrated data folder that the unit run keeps (.tmp/test-templates, decision 191; no initdb, no
// migrations) and kept beside it as e2e-seed-<key>.dir. Each run copies it into its own data
// folder. <key> hashes the migrated template's key, the seed's compiled code (the bundled seed
// entry and the chunks it imports, so any change to what the seed runs makes a new one), the
// counts and the hour the data is anchored to (seedDatabase's `now`, cut to the hour as before):
// a run in the same hour with the same code copies it (~0.5 s) instead of seeding (~35 s of CPU).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { cp } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "../../src/server/db/client";
import { defaultSeedNow, seedDatabase } from "../../src/server/seed/seed";
import { pgliteTemplateFolder } from "../../src/server/test/global-setup";
import { processAlive } from "../../src/server/test/process-alive";

const TEMPLATES = path.resolve(".tmp", "test-templates");
const PREFIX = "e2e-seed-";

/** The bundled seed entry (`seed.js` of the compiled server) and every chunk it imports, hashed. */
function seedCodeHash(compiledDir: string): string {
  const hash = createHash("sha256");
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(path.join(compiledDir, file), "utf8");
    hash.update(`${file}\0`).update(text);
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*"\.\/([^"]+\.m?js)"/g)) visit(match[1]);
  };
  visit("seed.js");
  return hash.digest("hex");
}

/**
 * Copies the seeded data folder (made when missing) to `target` (a PGlite folder, e.g.
 * DATA_DIR/pglite). `compiledDir` is the compiled server's folder (its seed entry is hashed).
 */
export async function copySeededPglite(target: string, options: { clients: number; compiledDir: string }): Promise<void> {
  const migrated = await pgliteTemplateFolder();
  const now = defaultSeedNow();
  const key = createHash("sha256")
    .update(path.basename(migrated))
    .update(seedCodeHash(options.compiledDir))
    .update(`${options.clients}\0${now.toISOString()}`)
    .digest("hex")
    .slice(0, 16);
  const dir = path.join(TEMPLATES, `${PREFIX}${key}.dir`);
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    const partial = `${dir}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    await cp(migrated, partial, { recursive: true });
    const database = await openDatabase({ dataDir: partial });
    try {
      await database.migrate();
      await seedDatabase(database.db, { clients: options.clients, trackings: options.clients * 10, now });
    } finally {
      await database.close();
    }
    try {
      renameSync(partial, dir);
    } catch (error) {
      // Another run made it meanwhile.
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(dir)) throw error;
    }
    // One seeded folder is kept (~200 MB): the older ones, and half-made ones of runs that died, go.
    for (const name of readdirSync(TEMPLATES)) {
      const pid = Number(/\.(\d+)\.partial$/.exec(name)?.[1]);
      if (name.startsWith(PREFIX) && name !== path.basename(dir) && (!pid || !processAlive(pid))) {
        rmSync(path.join(TEMPLATES, name), { recursive: true, force: true });
      }
    }
  }
  await cp(dir, target, { recursive: true });
}
