// Faults: PostgreSQL stopped and restarted under traffic (503 at once, recovery without a
// restart, nothing acknowledged lost), the WhatsApp API failing or hanging (nothing lost, nothing
// sent twice), and a process killed in the middle of an Excel import (nothing half-written).
// The PostgreSQL faults need a real server: they run in CI's PostgreSQL pass (DATABASE_URL set)
// and are skipped on PGlite, which has no server to stop and no second process to kill.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { openDatabase, type Database } from "../../db/client";
import { contactMessages, notificationOutbox, whatsappTrackingEntries } from "../../db/schema";
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../app";
import { registerTestClient } from "../clients";
import { buildWorkbook, type Cell } from "../workbooks";
import { DEFAULT_RETRY_POLICY, processDueBatch, type RetryPolicy } from "../../modules/notifications/sending";
import { fakeGraphEnv, startFakeGraphApi, type FakeGraphApi } from "../fakes/graph-api";
import { createWhatsappCloudProvider } from "../../providers/messaging/whatsapp-cloud";
import { rowsOf } from "../../lib/rate-limiter";
import { createFingerprinter } from "../db-fingerprint";
import { startThrowawayPostgres, throwawayPostgresUnavailable, type ThrowawayPostgres } from "../throwaway-postgres";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

// Needs PostgreSQL binaries to make a cluster of its own (the shared server must keep running for
// the other test files); CI's PostgreSQL pass has them. Skipped on PGlite runs. Where they are
// missing it is skipped with the reason printed, except in CI (CI=true), where it runs and fails.
const noOwnCluster = !process.env.DATABASE_URL
  ? "DATABASE_URL unset (PGlite run)"
  : process.env.CI === "true"
    ? null
    : throwawayPostgresUnavailable();
if (process.env.DATABASE_URL && noOwnCluster) console.warn(`faults.test.ts: the PostgreSQL stop/restart test is SKIPPED: ${noOwnCluster}`);

/** A number spelled in letters: client names are letters only (docs/decisions/098). */
const lettersOf = (n: number) => String(n).replace(/\d/g, (d) => "abcdefghij"[Number(d)]);

describe("PostgreSQL stopped and restarted under traffic", () => {
  let pg: ThrowawayPostgres | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    await pg?.destroy();
  });

  it.skipIf(noOwnCluster)(
    "answers 503 with Retry-After while the database is down, recovers without a restart, and loses nothing it acknowledged",
    { timeout: 240_000 },
    async () => {
      pg = await startThrowawayPostgres();
      database = await openDatabase({ databaseUrl: pg.url, poolSize: 4 });
      await database.migrate();
      const config = loadConfig({
        NODE_ENV: "test",
        DATABASE_URL: pg.url,
        RATE_LIMIT: "off",
        DATA_DIR: ".tmp/test-data",
        EXCHANGE_RATE_URLS: "http://127.0.0.1:9/x",
      });
      ({ app } = await buildApp({ config, database, adminPassword: TEST_ADMIN_PASSWORD }));
      await app.ready();
      const server = app;
      const { clientCode } = await registerTestClient(server, { nombre: "Cliente Resiliente" });

      type Phase = "up" | "stopping" | "down" | "starting" | "recovered";
      let phase: Phase = "up";
      const log: { phase: Phase; url: string; status: number; ms: number; body: string; retryAfter?: string }[] = [];
      const acknowledged: string[] = [];
      let running = true;
      // Three clients in a loop: lookups, health checks and contact messages (writes).
      const worker = async (kind: number) => {
        for (let i = 0; running; i++) {
          const started = performance.now();
          const mensaje = `Consulta ${kind}-${i} enviada durante la prueba de fallas`;
          const res =
            kind === 0
              ? await server.inject({ method: "GET", url: `/api/clients/trackings?code=${clientCode}` })
              : kind === 1
                ? await server.inject({ method: "GET", url: "/api/health" })
                : await server.inject({ method: "POST", url: "/api/contact", payload: { nombre: "Ana", email: "ana@example.com", mensaje } });
          if (kind === 2 && res.statusCode === 201) acknowledged.push(mensaje);
          log.push({
            phase,
            url: ["lookup", "health", "contact"][kind],
            status: res.statusCode,
            ms: performance.now() - started,
            body: res.body,
            retryAfter: res.headers["retry-after"] as string | undefined,
          });
          await sleep(10);
        }
      };
      const workers = [0, 1, 2].map((k) => worker(k));
      const count = (p: Phase) => log.filter((l) => l.phase === p).length;

      await until(() => count("up") >= 30, "traffic with the database up");
      phase = "stopping";
      // Immediate: the way a crash or a failover cuts connections, mid-query.
      await pg.stop("immediate");
      phase = "down";
      await until(() => count("down") >= 30, "traffic with the database down");
      phase = "starting";
      await pg.start();
      await until(() => log.some((l) => l.status === 200 && l.body.includes('"status":"ok"') && l.phase === "starting"), "health to recover");
      phase = "recovered";
      await until(() => count("recovered") >= 30, "traffic after recovery");
      running = false;
      await Promise.all(workers);

      // Never a 500: either it works or it says "unavailable".
      expect(log.filter((l) => ![200, 201, 503].includes(l.status)).map((l) => `${l.phase} ${l.status} ${l.body.slice(0, 200)}`)).toEqual([]);
      // While down, everything answers 503 in Spanish, with Retry-After on the API calls, and no
      // request waits on the database indefinitely (the pool gives up connecting after 3 s): every
      // request of the down phase came back (30 of them before `until` gives up, and the workers
      // ended). How long they took is printed, not asserted (decision 170).
      const down = log.filter((l) => l.phase === "down");
      expect(down.every((l) => l.status === 503)).toBe(true);
      expect(down.every((l) => /no disponible|no responde/i.test(JSON.parse(l.body).message ?? JSON.parse(l.body).error))).toBe(true);
      expect(down.filter((l) => !l.body.includes('"status":"error"')).every((l) => l.retryAfter === "5")).toBe(true);
      console.log(`faults: ${down.length} requests while PostgreSQL was down, slowest ${Math.round(Math.max(...down.map((l) => l.ms)))} ms`);
      // Back without a restart of the app: everything answers again.
      expect(log.filter((l) => l.phase === "recovered").every((l) => l.status === 200 || l.status === 201)).toBe(true);
      // Every message the site said it received is stored.
      const stored = new Set((await database.db.select({ mensaje: contactMessages.mensaje }).from(contactMessages)).map((r) => r.mensaje));
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(acknowledged.filter((m) => !stored.has(m))).toEqual([]);
    },
  );
});

/** The real retry policy without the waits, so a test drives every retry. */
const NO_WAIT: RetryPolicy = { ...DEFAULT_RETRY_POLICY, backoffMs: [0] };

describe("WhatsApp API failing or hanging", () => {
  let fake: FakeGraphApi;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeGraphApi();
    const env = { RATE_LIMIT: "off", ...fakeGraphEnv(fake) };
    const { whatsapp } = loadConfig(env);
    // The real adapter with a short time-out, so a hanging API is given up on quickly.
    const messaging = createWhatsappCloudProvider({
      token: fake.token,
      phoneNumberId: fake.phoneNumberId,
      apiUrl: fake.url,
      language: whatsapp.language,
      templates: whatsapp.templates,
      timeoutMs: 2000,
    });
    t = await createTestApp({ env, deps: { providers: { messaging } } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const drain = async () => {
    while ((await processDueBatch(t.ctx.db, t.ctx.providers.messaging, { policy: NO_WAIT })) > 0);
  };
  const outboxOf = (where: ReturnType<typeof eq>) => t.ctx.db.select().from(notificationOutbox).where(where);

  it("a status change while the API hangs answers, keeps the change and the message, and sends it exactly once later", async () => {
    const whatsapp = `+5068${String(Date.now()).slice(-7)}`;
    const code = `HANG${Date.now().toString(36).toUpperCase()}`;
    const add = await t.app.inject({ method: "POST", url: "/api/tracking/whatsapp/add", payload: { whatsapp, nombre: "Rosa Vargas", trackingCodes: [code] } });
    expect(add.statusCode).toBe(200);
    const [entry] = await t.ctx.db.select().from(whatsappTrackingEntries).where(eq(whatsappTrackingEntries.trackingCode, code));

    fake.script({ hang: true });
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/tracking/whatsapp/entries/${entry.id}`,
      headers: t.adminHeaders(),
      payload: { estado: "LISTO_PARA_ENTREGAR" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().notificationSent).toBe(false);
    expect(res.json().entry.estado).toBe("LISTO_PARA_ENTREGAR");

    // The hanging send gives up on its own and leaves the message queued with the reason.
    const where = eq(notificationOutbox.whatsappEntryId, entry.id);
    await until(async () => (await outboxOf(where))[0]?.status === "PENDING", "the hanging send to give up", 20_000);
    const [queued] = await outboxOf(where);
    expect(queued.attempts).toBe(1);
    expect(queued.lastError).toMatch(/no respondió a tiempo/);

    // The back-off passes and the API is back: sent once, and never again.
    await t.ctx.db.update(notificationOutbox).set({ nextAttemptAt: sql`now()` }).where(where);
    await drain();
    await drain();
    const to = queued.recipient;
    expect(fake.requests.filter((r) => r.body.to === to)).toHaveLength(2);
    expect(fake.accepted.filter((r) => r.body.to === to)).toHaveLength(1);
    expect((await outboxOf(where))[0]).toMatchObject({ status: "SENT", attempts: 2 });
  });

  it("a registration while the API fails is kept, and its welcome is sent exactly once when the API is back", async () => {
    fake.script({ status: 500, body: "caído" }, { status: 502, body: "Bad Gateway" }, { hang: true });
    const client = await registerTestClient(t.app, { nombre: "Registro Durante Falla" });
    const [welcome] = await t.ctx.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.kind, "WELCOME"), sql`${notificationOutbox.payload}->>'clientCode' = ${client.clientCode}`));
    expect(welcome).toBeDefined();
    await drain();
    const to = welcome.recipient;
    expect(fake.requests.filter((r) => r.body.to === to)).toHaveLength(4);
    expect(fake.accepted.filter((r) => r.body.to === to)).toHaveLength(1);
    const [row] = await outboxOf(eq(notificationOutbox.id, welcome.id));
    expect(row).toMatchObject({ status: "SENT", attempts: 4 });
  });
});

describe("a process killed in the middle of an import", () => {
  let t: TestApp | undefined;
  let dir: string | undefined;
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  // A second process on one database needs a server: PostgreSQL only (CI's PostgreSQL pass).
  it.skipIf(!process.env.DATABASE_URL)("leaves the database exactly as it was, and the same file imports fully afterwards", { timeout: 180_000 }, async () => {
    t = await createTestApp();
    const test = t;
    await registerTestClient(test.app, { nombre: "Cliente Previo" });
    const fingerprints = await createFingerprinter(test.ctx.db);
    const before = await fingerprints.take();

    const ROWS = 2000;
    const stamp = Date.now().toString(36).toUpperCase().slice(-4);
    const codes = Array.from({ length: ROWS }, (_v, i) => `EX${stamp}${i.toString(36).toUpperCase().padStart(2, "0")}`.slice(0, 8));
    const unique = [...new Set(codes)];
    const clientRows: Cell[][] = [["client_code", "nombre", "direccion", "telefono"], ...unique.map((c, i) => [c, `Cliente ${lettersOf(i)}`, "Grecia, Alajuela", `8${String(1000000 + i).padStart(7, "0")}`])];
    const trackingRows: Cell[][] = [
      ["client_code", "tracking_code", "origen", "forma_envio", "estado"],
      ...unique.map((c, i) => [c, `KILL${stamp}${i}`, "USA", "AVION", "EN_BODEGA_MIAMI"]),
    ];
    dir = mkdtempSync(path.join(os.tmpdir(), "ei-import-kill-"));
    const file = path.join(dir, "importacion.xlsx");
    writeFileSync(file, await buildWorkbook({ clientes: clientRows, trackings: trackingRows }));

    const url = new URL(test.database.url!);
    url.searchParams.set("application_name", "import-child");
    const runChild = () => {
      const child = spawn(process.execPath, ["--import", "tsx", path.resolve("src/server/test/import-child.ts"), url.toString(), file], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
      return { child, output: () => out, exited };
    };
    const childBackend = async () =>
      rowsOf<{ pid: number; wait_event_type: string | null; backend_xid: string | null }>(
        await test.ctx.db.execute(
          sql`select pid, wait_event_type, backend_xid::text from pg_stat_activity where application_name = 'import-child' and datname = current_database()`,
        ),
      )[0];

    // Hold the packages table so the import stops inside its transaction, after writing the clients.
    const { default: pgLib } = await import("pg");
    const blocker = new pgLib.Client({ connectionString: test.database.url });
    await blocker.connect();
    await blocker.query("begin");
    await blocker.query("lock table client_trackings in access exclusive mode");
    const killed = runChild();
    try {
      await until(async () => {
        const backend = await childBackend();
        return backend?.wait_event_type === "Lock";
      }, "the import to reach the packages").catch(async (err: unknown) => {
        const all = await test.ctx.db.execute(sql`select pid, application_name, state, wait_event_type, backend_xid::text, left(query, 80) as q from pg_stat_activity where datname = current_database()`);
        throw new Error(`${String(err)}; child said: ${killed.output().slice(0, 500)}; sessions: ${JSON.stringify(rowsOf(all))}`);
      });
      // It has written (a transaction id is assigned at the first write) and not committed.
      expect((await childBackend())?.backend_xid).not.toBeNull();
      killed.child.kill("SIGKILL");
      expect(await killed.exited).toBeNull();
    } finally {
      await blocker.query("rollback");
      await blocker.end();
    }
    // The server notices the dead client and rolls its transaction back.
    await until(async () => (await childBackend()) === undefined, "the killed import's connection to close");
    expect(killed.output()).not.toContain("done");
    expect(fingerprints.changed(before, await fingerprints.take())).toEqual([]);

    // Nothing was left locked or half-made: the same file now imports completely.
    const again = runChild();
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain(`done {"clients":${unique.length},"trackings":${unique.length}}`);
  });
});
