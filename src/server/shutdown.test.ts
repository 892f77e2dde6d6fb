// Shutdown of the production server (src/server/main.ts) as a real child process: SIGTERM while
// an import upload is half sent, an export download is read slowly, a browser page holds a
// keep-alive connection and a WhatsApp send is held by the API. The process must end through its
// bounded shutdown (at SHUTDOWN_TIMEOUT_MS it closes what is still open, every later step bounded,
// exit code 0: not the last-resort exit, which is 1), every 2xx answered before the signal must be
// in the database after a restart, and the held message must still be waiting to be retried. How
// long the exit took is printed, not asserted (decision 170). Also
// through npm (`npm run serve`, the compiled server): npm forwards SIGTERM to the shell it ran the script in, so the
// script must hand the signal on to the server.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./db/client";
import { clients, contactMessages, notificationOutbox } from "./db/schema";
import { seedDatabase } from "./seed/seed";
import { fakeGraphEnv, startFakeGraphApi, type FakeGraphApi } from "./test/fakes/graph-api";
import { freePort } from "./test/free-port";
import { createMigratedPgliteDir, createTestDatabase, type TestDatabase } from "./test/database";
import { compiledEntry } from "../../scripts/lib/processes";
import { until as waitUntil } from "./test/until";

const LIMIT_MS = 2000;
/** The shutdown's own bounded steps after the limit (jobs, database) and the process exit. */
const MARGIN_MS = 3000;
/** Only a hang guard for a process that should be gone (the server's last resort is LIMIT_MS + 3 s). */
const GONE_GUARD_MS = 30_000;
const PASSWORD = "clave-de-prueba-apagado";

const until = (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) => waitUntil(check, what, timeoutMs);

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** Resolves with the exit code and the moment the process was gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

let tmp: string;
let staticDir: string;
let fake: FakeGraphApi;
let testDb: TestDatabase | undefined;
const started: ChildProcess[] = [];
const orphans: number[] = [];

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "ei-shutdown-"));
  staticDir = path.join(tmp, "static");
  mkdirSync(staticDir);
  writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><html><head><title>EI</title></head><body></body></html>");
  fake = await startFakeGraphApi();
});

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const pid of orphans.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
});

afterAll(async () => {
  await fake.close();
  await testDb?.close();
  rmSync(tmp, { recursive: true, force: true });
});

function serverEnv(dataDir: string, port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    ENV_FILE: "none",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    ADMIN_PASSWORD: PASSWORD,
    LOG_LEVEL: "warn",
    SHUTDOWN_TIMEOUT_MS: String(LIMIT_MS),
    // Nothing outside: the exchange-rate refresher meets a closed port on this machine.
    EXCHANGE_RATE_URLS: "http://127.0.0.1:9/rate",
    EXCHANGE_RATE_TIMEOUT_MS: "500",
    ...extra,
  };
  if (testDb?.url) env.DATABASE_URL = testDb.url;
  return env;
}

function watch(child: ChildProcess, port: number): Server {
  started.push(child);
  let out = "";
  child.stdout?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, port, output: () => out, exited };
}

async function startServer(dataDir: string, extra: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [await compiledEntry("main")], {
    env: serverEnv(dataDir, port, extra),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const server = watch(child, port);
  await untilHealthy(server);
  return server;
}

async function untilHealthy(server: Server): Promise<void> {
  await until(async () => {
    if (server.child.exitCode !== null) throw new Error(`server exited at start:\n${server.output()}`);
    return (await fetch(`http://127.0.0.1:${server.port}/api/health`).catch(() => undefined))?.ok === true;
  }, "the server to answer /api/health", 60_000);
}

function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function login(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function openSeededDatabase(dataDir: string): Promise<Database> {
  return testDb?.url
    ? openDatabase({ databaseUrl: testDb.url, poolSize: 2 })
    : openDatabase({ dataDir: path.join(dataDir, "pglite") });
}

describe("SIGTERM with work in flight", () => {
  it(
    "is gone within the limit during an import upload, a slow export, an open page and a held WhatsApp send, and loses nothing it acknowledged",
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(tmp, "in-flight");
      if (process.env.DATABASE_URL) testDb = await createTestDatabase();
      // Copied from the run's migrated template rather than created and migrated here.
      else await createMigratedPgliteDir(path.join(dataDir, "pglite"));
      const seeded = testDb ?? (await openSeededDatabase(dataDir));
      if (!testDb) await seeded.migrate();
      await seedDatabase(seeded.db, { clients: 50, trackings: 0, seed: 7 });
      // Enough packages that the export cannot fit in the sockets' buffers while its reader
      // waits (about 0.8 MB fitted on Linux loopback); random text keeps the .xlsx large.
      await seeded.db.execute(sql`
        insert into client_trackings (client_id, tracking_code, descripcion_paquete, notas)
        select (select min(id) from clients) + n % 50, 'TBA' || md5(n::text || random()::text),
               md5(random()::text) || md5(random()::text), md5(random()::text)
        from generate_series(1, 40000) as n`);
      if (!testDb) await seeded.close();

      fake.script({ hang: true });
      const server = await startServer(dataDir, fakeGraphEnv(fake));
      const base = `http://127.0.0.1:${server.port}`;
      const token = await login(server.port);

      // A browser page: the document and an API call over one keep-alive connection, left open.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (const url of ["/", "/api/exchange-rate"]) {
        await new Promise<void>((resolve, reject) =>
          http.get(`${base}${url}`, { agent }, (res) => res.resume().on("end", resolve)).on("error", reject),
        );
      }

      // Acknowledged writes: a contact message, and a registration whose welcome message the API holds.
      const contact = await fetch(`${base}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ nombre: "Ana Mora", email: "ana@example.com", mensaje: "Quiero saber cuánto cuesta traer un paquete." }),
      });
      expect(contact.status).toBe(201);
      const contactId = ((await contact.json()) as { contact: { id: number } }).contact.id;
      const registered = await fetch(`${base}/api/clients/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ nombre: "Luis Solano", direccion: "San José, Escazú, 200 m norte", telefono: "8888 1234" }),
      });
      expect(registered.status).toBe(201);
      const clientCode = ((await registered.json()) as { client: { clientCode: string } }).client.clientCode;
      await until(() => fake.requests.length === 1, "the welcome message to reach the WhatsApp API");

      // An export download whose reader stops after the first bytes.
      const exportRequest = http.get(`${base}/api/export/all`, { headers: { authorization: `Bearer ${token}` } });
      exportRequest.on("error", () => {});
      const exportResponse = await new Promise<http.IncomingMessage>((resolve) => exportRequest.once("response", resolve));
      expect(exportResponse.statusCode).toBe(200);
      exportResponse.on("error", () => {});
      await new Promise<void>((resolve) => exportResponse.once("data", () => resolve()));
      exportResponse.pause();

      // An import upload: the headers and part of the file, the rest never comes.
      const boundary = "----apagado";
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="paquetes.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
      const upload = http.request(`${base}/api/import/express`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(head.length + 400_000),
        },
      });
      upload.on("error", () => {});
      const uploadAnswer = new Promise<number | undefined>((resolve) => {
        upload.once("response", (res) => resolve(res.statusCode));
        upload.once("close", () => resolve(undefined));
      });
      upload.write(head);
      upload.write(Buffer.alloc(100_000, 0x50));
      // The server has read the request line and headers before it answers a later request.
      expect((await fetch(`${base}/api/health`)).status).toBe(200);

      const sent = Date.now();
      server.child.kill("SIGTERM");
      const { code, at } = await server.exited;
      console.log(`shutdown with held connections: exited ${at - sent} ms after SIGTERM (limit ${LIMIT_MS} ms + steps ${MARGIN_MS} ms)`);
      // Ended by its bounded shutdown: the limit closed the held connections, every step finished.
      expect(code, server.output()).toBe(0);
      expect(server.output()).toContain("shutdown limit reached: closing the remaining connections");
      expect(server.output()).not.toMatch(/overran its limit|did not finish in time|did not close in time/);
      expect(await accepting(server.port)).toBe(false);
      // The unfinished upload was never acknowledged.
      expect(await uploadAnswer).not.toBe(200);
      agent.destroy();
      // The export was still being written when the limit came: its download was cut short.
      exportResponse.resume();
      await new Promise((resolve) => exportResponse.once("close", resolve));
      expect(exportResponse.complete).toBe(false);

      // After a restart: what was acknowledged is there, the held message is still to be sent.
      fake.script();
      const again = await startServer(dataDir);
      const adminToken = await login(again.port);
      const contacts = (await (
        await fetch(`http://127.0.0.1:${again.port}/api/contacts`, { headers: { authorization: `Bearer ${adminToken}` } })
      ).json()) as { contacts: { id: number }[] };
      expect(contacts.contacts.map((c) => c.id)).toContain(contactId);
      expect((await fetch(`http://127.0.0.1:${again.port}/api/clients/trackings?code=${clientCode}`)).status).toBe(200);
      const sentAgain = Date.now();
      again.child.kill("SIGTERM");
      const second = await again.exited;
      console.log(`shutdown when idle: exited ${second.at - sentAgain} ms after SIGTERM`);
      expect(second.code, again.output()).toBe(0);
      expect(again.output()).not.toMatch(/shutdown limit reached|overran its limit|did not finish in time|did not close in time/);

      const check = await openSeededDatabase(dataDir);
      try {
        const [client] = await check.db.select().from(clients).where(eq(clients.clientCode, clientCode));
        expect(client).toBeDefined();
        const [stored] = await check.db.select().from(contactMessages).where(eq(contactMessages.id, contactId));
        expect(stored).toBeDefined();
        const messages = await check.db.select().from(notificationOutbox).where(eq(notificationOutbox.clientId, client.id));
        expect(messages).toHaveLength(1);
        // Not sent (the API never accepted it) and not given up: the worker will try it again.
        expect(messages[0].status).toBe("PENDING");
        expect(messages[0].sentAt).toBeNull();
      } finally {
        await check.close();
      }
      expect(fake.accepted).toHaveLength(0);
    },
  );
});

describe("the other ending signals", () => {
  it("SIGHUP (a closed terminal) closes cleanly like SIGTERM, and a second signal ends it at once (close-with-grace)", { timeout: 120_000 }, async () => {
    const dataDir = path.join(tmp, "hangup");
    await createMigratedPgliteDir(path.join(dataDir, "pglite"));
    const server = await startServer(dataDir, { DATABASE_URL: "", LOG_LEVEL: "info" });
    server.child.kill("SIGHUP");
    const { code, signal } = await server.exited;
    expect({ code, signal }, server.output()).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('"signal":"SIGHUP"');

    // A held WhatsApp send keeps the close waiting until the limit; a second SIGTERM does not wait.
    fake.script({ hang: true });
    const again = await startServer(dataDir, { DATABASE_URL: "", LOG_LEVEL: "info", ...fakeGraphEnv(fake) });
    const sentBefore = fake.requests.length;
    const registered = await fetch(`http://127.0.0.1:${again.port}/api/clients/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ nombre: "Marta Solís", direccion: "Heredia, Barva, 100 m sur", telefono: "8888 4321" }),
    });
    expect(registered.status).toBe(201);
    await until(() => fake.requests.length > sentBefore, "the welcome message to reach the WhatsApp API");
    again.child.kill("SIGTERM");
    await until(() => again.output().includes("shutting down"), "the shutdown to start");
    again.child.kill("SIGTERM");
    const second = await again.exited;
    expect(second.code, again.output()).toBe(1);
    expect(again.output()).toContain("second signal: exiting now");
    fake.script();
  });
});

describe("SIGTERM through npm", () => {
  it("npm run serve hands SIGTERM on to the server, which stops through its bounded shutdown", { timeout: 120_000 }, async () => {
    // `npm run serve` runs the build's dist/server/main.js (decision 165): the run's build of these
    // sources (compiledEntry, made by buildServer like `npm run build`) put there.
    const built = path.dirname(await compiledEntry("main"));
    rmSync("dist/server", { recursive: true, force: true });
    cpSync(built, "dist/server", { recursive: true });
    const dataDir = path.join(tmp, "npm");
    await createMigratedPgliteDir(path.join(dataDir, "pglite"));
    const port = await freePort();
    const npm = spawn("npm", ["run", "serve", "--silent"], {
      env: { ...serverEnv(dataDir, port), DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const server = watch(npm, port);
    await untilHealthy(server);
    // The server process, wherever npm and its shell put it (killed at the end if it outlives npm).
    const pid = listeningPid(port);
    expect(pid).toBeGreaterThan(0);
    orphans.push(pid!);

    const sent = Date.now();
    npm.kill("SIGTERM");
    await server.exited;
    await until(() => !alive(pid!), "the server process to end", GONE_GUARD_MS).catch(() => {});
    expect(alive(pid!), `server ${pid} still running ${Date.now() - sent} ms after npm got SIGTERM`).toBe(false);
    expect(server.output()).not.toMatch(/overran its limit|did not finish in time|did not close in time/);
    console.log(`npm run serve: the server was gone ${Date.now() - sent} ms after npm got SIGTERM`);
  });
});

/** The pid of the process listening on 127.0.0.1:port (read from /proc, Linux). */
function listeningPid(port: number): number | undefined {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inode = readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .find((f) => f[1]?.endsWith(`:${hex}`) && f[3] === "0A")?.[9];
  if (!inode) return undefined;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      for (const fd of readdirSync(`/proc/${entry}/fd`)) {
        if (readlinkSync(`/proc/${entry}/fd/${fd}`) === `socket:[${inode}]`) return Number(entry);
      }
    } catch {
      // Not ours to read, or gone.
    }
  }
  return undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
