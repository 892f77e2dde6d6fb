// Headers and error answers over HTTP (app.inject): a strict Content-Security-Policy, no framing,
// nosniff and a referrer policy on every answer (pages, API, errors), HSTS on those over HTTPS
// only; no cross-origin reads;
// and no stack trace, internal message or database detail in any answer, whether a handler
// throws, a library fails or the database is gone. The browser side (pages work under this CSP)
// is tests/e2e/security.test.ts.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { createTestDatabase, type TestDatabase } from "../database";
import { TEST_ADMIN_PASSWORD } from "../app";

const SECRET = "s3cr3t-interno";
const INTERNALS = new RegExp(`${SECRET}|\\bat [\\w.<>]+ \\(|\\.(ts|js):\\d+|node_modules|stack|ECONNREFUSED|relation "|syntax error|FST_|PGlite`, "i");

let database: TestDatabase;
let app: FastifyInstance;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(os.tmpdir(), "ei-headers-"));
  mkdirSync(path.join(staticDir, "assets"));
  writeFileSync(
    path.join(staticDir, "index.html"),
    '<!doctype html><html lang="es"><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(staticDir, "assets", "app.js"), "document.title = 'x';");
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/test-data", EXCHANGE_RATE_URLS: "http://127.0.0.1:9/x" });
  ({ app } = await buildApp({ config, database, adminPassword: TEST_ADMIN_PASSWORD, staticDir }));
  // Routes that fail the ways real code can fail, to see what leaves the server.
  app.get("/api/test/throws", { config: { auth: "public", codeOracle: false } }, async () => {
    throw new Error(`${SECRET}: password=hunter2 at /srv/app/src/server/x.ts:12`);
  });
  app.get("/api/test/throws-string", { config: { auth: "public", codeOracle: false } }, async () => {
    throw `${SECRET} as a string`;
  });
  app.get("/api/test/library-4xx", { config: { auth: "public", codeOracle: false } }, async () => {
    throw Object.assign(new Error(`${SECRET}: Unexpected token in JSON at position 3`), { statusCode: 400 });
  });
  app.get("/api/test/database-down", { config: { auth: "public", codeOracle: false } }, async () => {
    throw Object.assign(new Error(`connect ECONNREFUSED 10.0.0.5:5432 (${SECRET})`), { code: "ECONNREFUSED" });
  });
  app.get("/api/test/sql-error", { config: { auth: "public", codeOracle: false } }, async () => {
    throw Object.assign(new Error(`relation "clients_${SECRET}" does not exist`), { code: "42P01", severity: "ERROR" });
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

/** The CSP as a map of directive → sources. */
function cspOf(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

function expectSecurityHeaders(headers: Record<string, unknown>, where: string) {
  const csp = cspOf(headers["content-security-policy"]);
  expect(csp.get("default-src"), where).toEqual(["'self'"]);
  // Our own scripts, and WebAssembly compiled from our own files (the barcode reader): never
  // 'unsafe-eval' or 'unsafe-inline'.
  expect(csp.get("script-src"), where).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(csp.get("object-src"), where).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors"), where).toEqual(["'none'"]);
  expect(csp.get("base-uri"), where).toEqual(["'self'"]);
  expect(csp.get("form-action"), where).toEqual(["'self'"]);
  // Only Google Maps may be framed (the contact page's map); nothing else from outside.
  for (const src of csp.get("frame-src") ?? []) expect(src, where).toMatch(/^https:\/\/(www|maps)\.google\.com$/);
  for (const [name, sources] of csp) {
    for (const src of sources) {
      expect(src, `${where}: ${name}`).not.toMatch(/^'unsafe-eval'$|^\*$|^https?:$|^http:\/\//);
      if (name !== "style-src") expect(src, `${where}: ${name}`).not.toBe("'unsafe-inline'");
    }
  }
  expect(headers["x-content-type-options"], where).toBe("nosniff");
  // frame-ancestors 'none' covers framing; the legacy header would only repeat it.
  expect(headers["x-frame-options"], where).toBeUndefined();
  expect(headers["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  // Plain HTTP (app.inject, no trusted proxy): no HSTS, it only means something over HTTPS.
  expect(headers["strict-transport-security"], where).toBeUndefined();
  expect(headers["x-powered-by"], where).toBeUndefined();
  expect(headers["access-control-allow-origin"], where).toBeUndefined();
}

describe("security headers", () => {
  it.each([
    ["the home page", "GET", "/"],
    ["a page the browser app owns", "GET", "/rastreo"],
    ["a script", "GET", "/assets/app.js"],
    ["an API answer", "GET", "/api/health"],
    ["a validation error", "GET", "/api/clients/trackings?code=x"],
    ["an admin refusal", "GET", "/api/clients"],
    ["an unknown API path", "GET", "/api/no-existe"],
    ["a method nobody serves", "DELETE", "/api/health"],
    ["a server error", "GET", "/api/test/throws"],
    ["robots.txt", "GET", "/robots.txt"],
  ])("are on %s", async (label, method, url) => {
    const res = await app.inject({ method: method as "GET", url, headers: { origin: "https://sitio-malicioso.example" } });
    expectSecurityHeaders(res.headers, label);
  });

  it("are on answers to addresses the router refuses", async () => {
    const res = await app.inject({ method: "GET", url: "/api/coupons/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("La dirección solicitada no es válida.");
    expect(res.body).not.toContain("%E0");
  });

  it("asks browsers for HTTPS when the site is reached through a trusted TLS proxy, and only then", async () => {
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/test-data", EXCHANGE_RATE_URLS: "http://127.0.0.1:9/x", TRUST_PROXY: "127.0.0.1" });
    const { app: proxied } = await buildApp({ config, database, adminPassword: TEST_ADMIN_PASSWORD, staticDir });
    try {
      for (const url of ["/", "/api/health", "/api/no-existe"]) {
        const res = await proxied.inject({ method: "GET", url, headers: { "x-forwarded-proto": "https" } });
        const hsts = String(res.headers["strict-transport-security"] ?? "");
        expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), url).toBeGreaterThanOrEqual(31_536_000);
        expect(hsts, url).toContain("includeSubDomains");
        const plain = await proxied.inject({ method: "GET", url, headers: { "x-forwarded-proto": "http" } });
        expect(plain.headers["strict-transport-security"], url).toBeUndefined();
      }
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY anyone could send the header: it is not believed.
    const forged = await app.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(forged.headers["strict-transport-security"]).toBeUndefined();
  });

  it("never lets a page be cached by a shared cache as another user's", async () => {
    const page = await app.inject({ method: "GET", url: "/rastreo" });
    expect(page.headers["cache-control"]).toBe("no-cache");
    const lookup = await app.inject({ method: "GET", url: "/api/clients/verify/EXAAAAAA" });
    expect(lookup.headers["cache-control"] ?? "no-store").not.toMatch(/public/);
  });
});

describe("error answers", () => {
  const expectClean = (body: string) => {
    expect(body).not.toMatch(INTERNALS);
    expect(body).not.toContain("hunter2");
  };

  it("a thrown error is a Spanish 500 with nothing of the error in it", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/throws" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "Error del servidor", message: "Ocurrió un error inesperado. Intenta nuevamente.", code: "INTERNAL" });
    expectClean(res.body);
  });

  it("a thrown non-Error is the same 500", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/throws-string" });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe("INTERNAL");
    expectClean(res.body);
  });

  it("a library's 4xx keeps its status but not its English message", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/library-4xx" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("La solicitud no es válida.");
    expectClean(res.body);
  });

  it("a database that cannot be reached is a 503 with Retry-After, without the address", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/database-down" });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json().message).toMatch(/^Servicio no disponible temporalmente/);
    expectClean(res.body);
    expect(res.body).not.toContain("10.0.0.5");
  });

  it("an SQL error is a plain 500, without the statement or the relation", async () => {
    const res = await app.inject({ method: "GET", url: "/api/test/sql-error" });
    expect(res.statusCode).toBe(500);
    expectClean(res.body);
  });

  it("broken JSON and a wrong content type are Spanish 4xx", async () => {
    const broken = await app.inject({ method: "POST", url: "/api/contact", headers: { "content-type": "application/json" }, payload: '{"nombre":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe("El cuerpo de la solicitud no es JSON válido.");
    const xml = await app.inject({ method: "POST", url: "/api/contact", headers: { "content-type": "application/xml" }, payload: "<a/>" });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toMatch(/^Tipo de contenido no soportado/);
    expectClean(broken.body + xml.body);
  });

  it("refuses JSON labelled with a charset other than UTF-8 instead of misreading it", async () => {
    const body = JSON.stringify({ nombre: "Ana Mora", email: "ana@example.com", mensaje: "Hola, quisiera una cotización." });
    const utf16 = await app.inject({ method: "POST", url: "/api/contact", headers: { "content-type": "application/json; charset=utf-16" }, payload: body });
    expect(utf16.statusCode).toBe(415);
    expect(utf16.json().message).toBe("Tipo de contenido no soportado. Envía los datos como JSON en UTF-8.");
    for (const type of ["application/json; charset=utf-8", 'application/json; charset="UTF-8"', "application/json"]) {
      const res = await app.inject({ method: "POST", url: "/api/contact", headers: { "content-type": type }, payload: "{" });
      expect(res.statusCode, type).toBe(400);
    }
  });
});

describe("with the database gone", () => {
  it("answers health 503 and every call a clean error, never a stack", async () => {
    const gone = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/test-data", EXCHANGE_RATE_URLS: "http://127.0.0.1:9/x" });
    const { app: broken } = await buildApp({ config, database: gone, adminPassword: TEST_ADMIN_PASSWORD });
    await broken.ready();
    await gone.close();
    try {
      const health = await broken.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(503);
      for (const [method, url, payload] of [
        ["GET", "/api/clients/trackings?code=EXAAAAAA", undefined],
        ["GET", "/api/clients/verify/EXAAAAAA", undefined],
        ["POST", "/api/contact", { nombre: "Ana", email: "ana@example.com", mensaje: "Hola, una consulta larga." }],
      ] as const) {
        const res = await broken.inject({ method, url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(500);
        expect(res.json().message, url).toMatch(/^(Ocurrió un error inesperado|Servicio no disponible)/);
        expect(res.body).not.toMatch(INTERNALS);
      }
    } finally {
      await broken.close();
    }
  });
});
