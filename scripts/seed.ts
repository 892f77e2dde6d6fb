// `npm run seed -- --clients N --trackings M [--seed S] [--now FECHA] [--reset]`: fills the
// configured database (PGlite in DATA_DIR, or DATABASE_URL) with deterministic demo data; the
// client codes are random unless --seed is given.
import { loadConfig, pgliteDir } from "../src/server/config";
import { loadEnvFile } from "../src/server/env-file";
import { openDatabase, type Database } from "../src/server/db/client";
import { parseSeedArgs, SEED_USAGE, type SeedArgs } from "../src/server/seed/cli-args";
import { seedDatabase } from "../src/server/seed/seed";
import { DataDirBusyError, lockDataDir } from "../src/server/lib/data-dir-lock";

/**
 * The database's own words: drizzle wraps them in "Failed query: …" followed by every
 * parameter, which for a bulk insert is thousands of values, so the innermost cause is shown.
 */
function describeError(error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error && inner.cause.message) inner = inner.cause;
  const code = (inner as { code?: string }).code;
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "ETIMEDOUT") {
    return `no se pudo conectar con la base de datos (${(inner as Error).message})`;
  }
  return inner instanceof Error ? inner.message : String(inner);
}

async function main(): Promise<number> {
  let args: SeedArgs;
  try {
    args = parseSeedArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`Error: ${(error as Error).message}\n\n${SEED_USAGE}`);
    return 1;
  }
  if (args.help) {
    console.log(SEED_USAGE);
    return 0;
  }

  let database: Database | undefined;
  try {
    loadEnvFile();
    const config = loadConfig();
    // Never beside a running server or another script on the same DATA_DIR (decision 150).
    if (!config.databaseUrl) lockDataDir(config.dataDir, "npm run seed");
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config), poolSize: 1 });
    await database.migrate();
    const started = performance.now();
    const counts = await seedDatabase(database.db, args);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const kind = database.kind === "pglite" ? "PGlite" : "PostgreSQL";
    console.log(
      `Sembrado: ${counts.clients} clientes, ${counts.trackings} paquetes, ${counts.statusHistory} cambios de estado en ${seconds} s (${kind})`,
    );
    console.log(
      `Además: ${counts.referrals} referidos, ${counts.coupons} cupones, ${counts.partsSearches} búsquedas de repuestos, ` +
        `${counts.contactMessages} mensajes de contacto, ${counts.whatsappCustomers} clientes de WhatsApp con ` +
        `${counts.whatsappEntries} trackings, ${counts.trackingNotices} avisos tradicionales, ${counts.payments} pagos, ` +
        `${counts.packageCharges} cargos extra.`,
    );
    return 0;
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      console.error(`Error: ${error.message}`);
      return 1;
    }
    console.error(`Error al sembrar la base de datos: ${describeError(error)}`);
    return 1;
  } finally {
    // An open PGlite keeps the process alive; a pool keeps its sockets.
    await database?.close().catch(() => {});
  }
}

process.exit(await main());
