// Production entry: read config, open and migrate the database, serve, shut down cleanly.
import { fileURLToPath } from "node:url";
import pino from "pino";
import { loadConfig, pgliteDir } from "./config";
import { loadEnvFile } from "./env-file";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "./db/client";
import { buildApp } from "./app";
import { resolveAdminPassword } from "./lib/admin-password";

loadEnvFile();

const config = loadConfig();
const logger = pino({ level: config.logLevel, base: undefined });

async function main() {
  const adminPassword = resolveAdminPassword(config.adminPassword, config.dataDir, (line) =>
    process.stdout.write(`${line}\n`),
  );
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config) });
  await database.migrate();
  logger.info({ database: database.kind }, "database ready");
  if (database.kind === "pglite") scheduleAnalyze(database);

  const staticDir = config.staticDir ?? fileURLToPath(new URL("../../dist/client", import.meta.url));
  const { app } = await buildApp({ config, database, adminPassword, staticDir, logger, startJobs: true });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  logger.info(`Express Import escuchando en http://localhost:${config.port}`);
}

/**
 * PGlite has no autovacuum: refresh the planner's statistics shortly after start and every
 * six hours, so the admin filters keep their index plans as data grows.
 */
function scheduleAnalyze(database: Database) {
  const run = () =>
    database.db.execute(sql`analyze`).catch((error: unknown) => logger.warn({ err: error }, "analyze failed"));
  setTimeout(run, 5_000).unref();
  setInterval(run, 6 * 3600_000).unref();
}

main().catch((error) => {
  logger.fatal({ err: error }, "no se pudo iniciar el servidor");
  process.exit(1);
});
