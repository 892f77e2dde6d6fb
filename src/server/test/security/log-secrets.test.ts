// Issue 31, item 5: a client's code is its only credential, so no log line may carry one, nor any
// other credential a request brings (a token or password in the query, an upload's signature, a
// signed image link, the Bearer token, a password in a body). Every route that takes a code in its
// address is called (from the app's own route table) along with the lookup, 404s, a router error,
// the signed upload and image addresses, a staff sign-in and an error that quotes a code, with a
// plain pino logger at trace (app.ts redacts whatever logger it is given); then the captured
// output is searched for each secret, in any case.
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { createTestDatabase, type TestDatabase } from "../database";
import { registerTestClient } from "../clients";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";

const output: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, callback) {
    output.push(String(chunk));
    callback();
  },
});

let database: TestDatabase;
let app: FastifyInstance;
let ctx: AppContext;
const ADMIN_PASSWORD = "clave-de-prueba-de-registros";

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/test-data", RATE_LIMIT: "off", EXCHANGE_RATE_URLS: "http://127.0.0.1:9/unreachable" });
  ({ app, ctx } = await buildApp({ config, database, adminPassword: ADMIN_PASSWORD, logger: pino({ level: "trace", base: undefined }, stream), slowDown: async () => {} }));
  // A route whose failure quotes a code, as a database error quotes its parameters.
  app.get<{ Querystring: { code?: string } }>("/api/prueba-de-registro", { config: { auth: "public", codeOracle: false } }, async (request) => {
    throw new Error(`Failed query: select * from clients where client_code = $1\nparams: ${request.query.code}`);
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("the logs never hold a credential", () => {
  it("no line carries a client code, a token, a password or a signature, whatever the route or answer", async () => {
    const client = await registerTestClient(app);
    const code = client.clientCode;
    const { token } = await ctx.sessions.issue();
    const admin = { authorization: `Bearer ${token}` };
    output.length = 0;

    const secrets = [code, "TOKENSECRETO123", "hunter2-clave", "FIRMASECRETA42", "ENLACEFIRMADO77", token, ADMIN_PASSWORD];
    const calls: { method: "GET" | "PATCH" | "PUT" | "POST"; url: string; headers?: Record<string, string>; payload?: unknown }[] = [
      { method: "GET", url: `/api/clients/trackings?code=${code}` },
      { method: "GET", url: `/api/clients/trackings?code=${code.toLowerCase()}` },
      { method: "GET", url: `/api/clients/trackings?code=%20${code.toLowerCase()}%20` },
      { method: "GET", url: `/api/no-existe?token=TOKENSECRETO123&password=hunter2-clave&code=${code}` },
      { method: "GET", url: `/api/no-existe/${code}` },
      { method: "GET", url: `/rastreo?codigo=${code.toLowerCase()}` },
      { method: "GET", url: `/api/clients/trackings?code=${code}&code=%E0%A4%A` },
      { method: "GET", url: `/api/admin/packages?search=${code}`, headers: admin },
      { method: "PUT", url: `/api/upload/objects/${"ab".repeat(16)}?expires=1&signature=FIRMASECRETA42`, payload: "x", headers: { "content-type": "image/png" } },
      { method: "GET", url: `/objects/uploads/${"ab".repeat(16)}?exp=1&sig=ENLACEFIRMADO77` },
      { method: "GET", url: `/api/prueba-de-registro?q=${code}` },
      { method: "GET", url: `/api/prueba-de-registro?code=${code}` },
      { method: "POST", url: "/api/admin/login", payload: { password: ADMIN_PASSWORD } },
      { method: "POST", url: "/api/admin/login", payload: { password: "hunter2-clave" } },
    ];
    // Every route that takes a code in its address, from the route table (admin ones signed in).
    const codeRoutes = ctx.routes.filter((r) => /:(clientCode|code)\b/.test(r.url));
    expect(codeRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of codeRoutes) {
      calls.push({
        method: route.method as "GET" | "PATCH",
        url: route.url.replace(/:(clientCode|code)\b/, code.toLowerCase()),
        headers: route.auth === "admin" ? admin : undefined,
        payload: route.method === "GET" ? undefined : {},
      });
    }
    for (const call of calls) {
      await app.inject({ method: call.method, url: call.url, headers: call.headers, ...(call.payload === undefined ? {} : { payload: call.payload as string }) });
    }
    await flush();

    const text = output.join("");
    const lines = text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { req?: { url?: string }; msg?: string });
    // Each request was logged (one line when its answer left), with its address minus the secrets.
    expect(lines.filter((l) => l.req?.url).length).toBeGreaterThanOrEqual(calls.length);
    expect(lines.some((l) => l.req?.url === "/api/clients/trackings?code=[redacted]")).toBe(true);
    expect(lines.some((l) => l.req?.url?.startsWith("/api/coupons/[redacted]"))).toBe(true);
    for (const secret of secrets) {
      const found = text.toLowerCase().includes(secret.toLowerCase());
      expect(found, `a log line holds ${secret === code ? "the client code" : "a credential"}: ${text.split("\n").find((l) => l.toLowerCase().includes(secret.toLowerCase()))}`).toBe(false);
    }
  });
});
