// Production entry: read config, open and migrate the database, serve, shut down cleanly.
import { fileURLToPath } from "node:url";
import { loadConfig, pgliteDir } from "./config";
import { loadEnvFile } from "./env-file";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "./db/client";
import { buildApp } from "./app";
import { fillReferralCodes } from "./modules/clients/codes";
import { resolveAdminPassword } from "./lib/admin-password";
import { closeWithin, SHUTDOWN_STEP_MS } from "./lib/shutdown";
import { createLogger } from "./lib/log-redaction";
import { DataDirBusyError, lockDataDir } from "./lib/data-dir-lock";

loadEnvFile();

const config = loadConfig();
const logger = createLogger(config.logLevel);

async function main() {
  // The embedded database belongs to one process: held until exit (decision 150).
  if (!config.databaseUrl) lockDataDir(config.dataDir, "el servidor");
  const adminPassword = resolveAdminPassword(config.adminPassword, config.dataDir, (line) =>
    process.stdout.write(`${line}\n`),
  );
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config) });
  await database.migrate();
  // Clients from before referral codes (or written in by hand) get theirs (decision 108).
  const referralCodes = await fillReferralCodes(database.db);
  if (referralCodes > 0) logger.info({ clients: referralCodes }, "referral codes given");
  logger.info({ database: database.kind }, "database ready");
  if (database.kind === "pglite") scheduleAnalyze(database);

  const staticDir = config.staticDir ?? fileURLToPath(new URL("../../dist/client", import.meta.url));
  const { app } = await buildApp({ config, database, adminPassword, staticDir, logger, startJobs: true });

  // Bounded whatever is in flight (lib/shutdown.ts, decision 102). A second signal, or the
  // shutdown's own steps overrunning, ends the process at once: nothing may keep it alive.
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) {
      logger.warn({ signal }, "second signal: exiting now");
      process.exit(1);
    }
    shuttingDown = true;
    logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, "shutting down");
    const lastResort = setTimeout(() => {
      logger.error("shutdown overran its limit: exiting");
      process.exit(1);
    }, config.shutdownTimeoutMs + 3 * SHUTDOWN_STEP_MS);
    lastResort.unref();
    let code = 1;
    try {
      const result = await closeWithin(app, database, { timeoutMs: config.shutdownTimeoutMs, logger });
      code = result.clean ? 0 : 1;
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
    } finally {
      process.exit(code);
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
  if (error instanceof DataDirBusyError) {
    process.stderr.write(`Error: ${error.message}\n`);
    process.exit(1);
  }
  logger.fatal({ err: error }, "no se pudo iniciar el servidor");
  process.exit(1);
});
