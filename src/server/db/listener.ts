// LISTEN on PostgreSQL through one dedicated connection (not the pool: a pooled connection is
// shared and LISTEN belongs to a session). The connection is watched: an error, its end, or a
// heartbeat that does not answer tells the owner "not listening" at once (whatever it keeps on
// the strength of the notifications must be dropped then), and a new connection is opened with
// backoff; "listening" again only once LISTEN has answered on it (docs/decisions/140).
import type pg from "pg";

export interface ListenHandlers {
  /** A notification's payload, in commit order. */
  onNotify(payload: string): void;
  /** true once LISTEN answered on a (new) connection; false the moment the connection is lost. */
  onState(listening: boolean): void;
}

export interface Listener {
  /** The backend serving the LISTEN while listening (tests end it to prove the cache lets go). */
  backendPid(): number | null;
  stop(): Promise<void>;
}

export interface PgListenOptions {
  connectionString: string;
  channel: string;
  /** A query on the connection this often; no answer within the same time counts as lost. */
  heartbeatMs?: number;
  /** Waits before reconnecting: doubles from the first to the last. */
  backoffMs?: [number, number];
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function listenPostgres(Client: typeof pg.Client, options: PgListenOptions, handlers: ListenHandlers): Listener {
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const [firstBackoff, lastBackoff] = options.backoffMs ?? [50, 5_000];
  let stopped = false;
  let client: pg.Client | null = null;
  let listening = false;
  let pid: number | null = null;
  let backoff = firstBackoff;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const setListening = (value: boolean) => {
    if (listening === value) return;
    listening = value;
    handlers.onState(value);
  };

  const lost = (which: pg.Client) => {
    if (which !== client) return;
    client = null;
    pid = null;
    clearInterval(heartbeat);
    setListening(false);
    which.removeAllListeners("notification");
    which.end().catch(() => {});
    if (!stopped) retry = setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, lastBackoff);
  };

  const connect = () => {
    if (stopped) return;
    const next = new Client({
      connectionString: options.connectionString,
      application_name: `express-listen-${process.pid}`,
      keepAlive: true,
      connectionTimeoutMillis: 3_000,
    });
    client = next;
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    next.on("notification", (message) => {
      if (next === client && listening && message.channel === options.channel) handlers.onNotify(message.payload ?? "");
    });
    next
      .connect()
      .then(() => next.query<{ pid: number }>(`LISTEN ${quoteIdent(options.channel)}; SELECT pg_backend_pid() AS pid`))
      .then((results) => {
        if (next !== client) return;
        const rows = (Array.isArray(results) ? results[results.length - 1] : results) as pg.QueryResult<{ pid: number }>;
        pid = rows.rows[0]?.pid ?? null;
        backoff = firstBackoff;
        setListening(true);
        // One heartbeat at a time: the next waits for the last one's answer (or its timeout).
        let beating = false;
        heartbeat = setInterval(() => {
          if (beating) return;
          beating = true;
          const timer = setTimeout(() => lost(next), heartbeatMs);
          next.query("SELECT 1").then(
            () => {
              clearTimeout(timer);
              beating = false;
            },
            () => {
              clearTimeout(timer);
              lost(next);
            },
          );
        }, heartbeatMs);
        heartbeat.unref();
      })
      .catch(() => lost(next));
  };

  connect();
  return {
    backendPid: () => (listening ? pid : null),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const current = client;
      client = null;
      setListening(false);
      if (current) await current.end().catch(() => {});
    },
  };
}
