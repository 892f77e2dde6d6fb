// Production entry: read config, open and migrate the database, serve, shut down cleanly.
import { fileURLToPath } from "node:url";
import { loadConfig, pgliteDir } from "./config";
import { loadEnvFile } from "./env-file";
import { sql } from "drizzle-orm";
import closeWithGrace from "close-with-grace";
import { openDatabase, type Database } from "./db/client";
import { buildApp } from "./app";
import { fillReferralCodes } from "./core/client-codes";
import { resolveAdminPassword } from "./lib/admin-password";
import { closeWithin, SHUTDOWN_STEP_MS } from "./lib/shutdown";
import { createLogger } from "./lib/log-redaction";
import { DataDirBusyError, lockDataDir } from "./lib/data-dir-lock";
import { loadInvoicing } from "./modules/invoices/service";

loadEnvFile();

const config = loadConfig();
const logger = createLogger(config.logLevel);

async function main() {
  // The embedded database belongs to one process: held until exit (decision 150).
  if (!config.databaseUrl) lockDataDir(config.dataDir, "el servidor");
  const adminPassword = resolveAdminPassword(config.adminPassword, config.dataDir, (line) =>
    process.stdout.write(`${line}\n`),
  );
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: pgliteDir(config),
    sharedBuffersMb: config.pgliteSharedBuffersMb,
  });
  await database.migrate();
  // Clients from before referral codes (or written in by hand) get theirs (decision 108).
  const referralCodes = await fillReferralCodes(database.db);
  if (referralCodes > 0) logger.info({ clients: referralCodes }, "referral codes given");
  logger.info({ database: database.kind }, "database ready");
  if (database.kind === "pglite") scheduleAnalyze(database);
  // Comprobantes electrónicos (issue 34): off unless configured; on, the key must open now.
  const invoicing = await loadInvoicing(config.invoicing);
  if (invoicing.state === "on") {
    const daysLeft = Math.floor((invoicing.key.notAfter.getTime() - Date.now()) / 86_400_000);
    logger[daysLeft < 30 ? "warn" : "info"]({ certificate: invoicing.key.subject, daysLeft }, "comprobantes electrónicos: encendidos");
  } else {
    logger.info("comprobantes electrónicos: apagados (sin configuración HACIENDA_*)");
  }

  const staticDir = config.staticDir ?? fileURLToPath(new URL("../../dist/client", import.meta.url));
  const { app } = await buildApp({ config, database, adminPassword, staticDir, logger, startJobs: true, invoicing });

  // Bounded whatever is in flight (lib/shutdown.ts, decision 102), on SIGTERM, SIGINT and the
  // other ending signals, and on an uncaught error. close-with-grace (decision 166) ends the
  // process: at once on a second signal, with code 1 when the steps overrun their limit (nothing
  // may keep it alive), with 0 after a clean close.
  closeWithGrace(
    {
      delay: config.shutdownTimeoutMs + 3 * SHUTDOWN_STEP_MS,
      logger,
      onSecondSignal: (signal) => logger.warn({ signal }, "second signal: exiting now"),
      onTimeout: () => logger.error("shutdown overran its limit: exiting"),
    },
    async ({ signal, err }) => {
      if (err) logger.fatal({ err }, "uncaught error: shutting down");
      logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, "shutting down");
      const result = await closeWithin(app, database, { timeoutMs: config.shutdownTimeoutMs, logger });
      // Exit code 1 (logged) when a step did not finish by itself.
      if (!result.clean) throw new Error("shutdown finished with steps cut short");
    },
  );

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
