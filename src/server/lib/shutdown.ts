// Ending the server in bounded time whatever is in flight (decision 102). On SIGTERM/SIGINT:
// stop accepting (Fastify answers requests on open connections with 503 and closes idle
// keep-alive ones; answers finishing meanwhile close their connection), let requests finish
// until the limit, then destroy the connections still open and tell the jobs to give up
// (outbox sends are aborted and recorded for a retry), wait a little for the app's close hooks
// and the database, and report. main.ts exits afterwards and has its own last-resort timer.
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import { reachShutdownDeadline } from "./jobs";

/** After the limit: how long the jobs may take to record what they gave up, and the database to close. */
export const SHUTDOWN_STEP_MS = 1000;

export interface CloseResult {
  /** True when everything closed by itself within its step. */
  clean: boolean;
  /** Connections destroyed at the limit (requests that had not finished). */
  forcedConnections: boolean;
}

/** Every response sent while the app closes asks the client to close its connection. */
export function installClosingConnectionHeader(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing && !reply.raw.headersSent) reply.header("connection", "close");
    done(null, payload);
  });
}

export async function closeWithin(
  app: FastifyInstance,
  database: Pick<Database, "close">,
  options: { timeoutMs: number; logger?: FastifyBaseLogger },
): Promise<CloseResult> {
  let forcedConnections = false;
  let clean = true;
  const closing = app.close();
  const limit = await within(closing, options.timeoutMs);
  if (!limit.done) {
    forcedConnections = true;
    options.logger?.warn({ timeoutMs: options.timeoutMs }, "shutdown limit reached: closing the remaining connections");
    app.server.closeAllConnections();
  }
  // Jobs that still wait (a send the provider holds) give up now; closing the connections lets
  // Fastify's close reach its onClose hooks, where the jobs stop.
  reachShutdownDeadline(app);
  if (!(await within(closing, limit.done ? options.timeoutMs : SHUTDOWN_STEP_MS)).done) {
    clean = false;
    options.logger?.warn("app close hooks did not finish in time");
  }
  if (!(await within(database.close(), SHUTDOWN_STEP_MS)).done) {
    clean = false;
    options.logger?.warn("database did not close in time");
  }
  return { clean, forcedConnections };
}

/** Waits for `work` at most `ms`; a rejection counts as done (the error is logged by its owner). */
async function within(work: Promise<unknown>, ms: number): Promise<{ done: boolean }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<{ done: boolean }>((resolve) => {
    timer = setTimeout(() => resolve({ done: false }), ms);
  });
  try {
    return await Promise.race([work.then(() => ({ done: true }), () => ({ done: true })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
