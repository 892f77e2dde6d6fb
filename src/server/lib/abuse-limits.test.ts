// The abuse-limit table: defaults, RATE_LIMITS overrides (and refusals of bad ones), the address
// a limit counts against, the helpers against the real limiter, and the code-guessing guard.
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createTestApp, type TestApp } from "../test/app";
import { ABUSE_LIMITS, ABUSE_LIMIT_NAMES } from "./abuse-limit-table";
import { claimAttempt, clearLimit, effectiveLimit, enforceLimit, limitAddress, releaseAttempt } from "./abuse-limits";

const SPANISH = /[áéíóúñ¿¡]|\b(de|en|la|el|intenta|demasiad[oa]s)\b/i;
let seq = 0;
/** An address no other test in this file uses. */
const address = () => `10.77.${Math.floor(++seq / 250)}.${seq % 250}`;
const requestFrom = (ip: string) => ({ ip, log: { warn() {} } }) as unknown as FastifyRequest;

describe("the limit table", () => {
  it("has a positive limit, a window and a Spanish message for every name", () => {
    for (const name of ABUSE_LIMIT_NAMES) {
      const l = ABUSE_LIMITS[name];
      expect(l.limit, name).toBeGreaterThan(0);
      expect(l.windowMs, name).toBeGreaterThanOrEqual(60_000);
      const text = typeof l.message === "function" ? l.message(5) : l.message;
      expect(text, name).toMatch(SPANISH);
    }
    expect(new Set(ABUSE_LIMIT_NAMES.map((n) => ABUSE_LIMITS[n].key)).size).toBe(ABUSE_LIMIT_NAMES.length);
  });

  it("covers every kind of abuse the site must bound", () => {
    expect(ABUSE_LIMIT_NAMES).toEqual(
      expect.arrayContaining([
        "adminLogin",
        "clientLookup",
        "codeMisses",
        "verification",
        "registration",
        "contact",
        "productAnalysis",
        "partsSearch",
        "upload",
        "whatsappNotice",
      ]),
    );
  });
});

describe("RATE_LIMITS", () => {
  it("overrides the limit and the window of named limits and leaves the rest", () => {
    const config = loadConfig({ RATE_LIMITS: '{"registration":{"limit":2,"windowMinutes":5},"contact":{"limit":9}}' });
    expect(effectiveLimit(config, "registration")).toMatchObject({ limit: 2, windowMs: 5 * 60_000 });
    expect(effectiveLimit(config, "contact")).toMatchObject({ limit: 9, windowMs: ABUSE_LIMITS.contact.windowMs });
    expect(effectiveLimit(config, "partsSearch")).toEqual(ABUSE_LIMITS.partsSearch);
  });

  it("defaults to no overrides", () => {
    expect(loadConfig({}).rateLimits).toEqual({});
    expect(loadConfig({ RATE_LIMITS: "  " }).rateLimits).toEqual({});
  });

  it.each([
    ["not JSON", "{registration:1}", /RATE_LIMITS/],
    ["an unknown name", '{"registro":{"limit":1}}', /RATE_LIMITS/],
    ["a zero limit", '{"contact":{"limit":0}}', /RATE_LIMITS/],
    ["a fractional limit", '{"contact":{"limit":1.5}}', /RATE_LIMITS/],
    ["an unknown field", '{"contact":{"max":3}}', /RATE_LIMITS/],
    ["a negative window", '{"contact":{"windowMinutes":-1}}', /RATE_LIMITS/],
  ])("refuses %s at start-up", (_label, value, message) => {
    expect(() => loadConfig({ RATE_LIMITS: value })).toThrow(message);
  });
});

describe("the address a limit counts", () => {
  it("is the IPv4 address itself, also when IPv4-mapped", () => {
    expect(limitAddress("203.0.113.9")).toBe("203.0.113.9");
    expect(limitAddress("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("is the /64 for IPv6, however the address is written", () => {
    const a = limitAddress("2001:db8:85a3:12::1");
    expect(a).toBe("2001:db8:85a3:12::/64");
    expect(limitAddress("2001:0db8:85a3:0012:ffff:ffff:ffff:fffe")).toBe(a);
    expect(limitAddress("2001:DB8:85A3:12:1:2:3:4")).toBe(a);
    expect(limitAddress("2001:db8:85a3:13::1")).not.toBe(a);
    expect(limitAddress("::1")).toBe("0:0:0:0::/64");
  });
});

describe("the helpers on the shared limiter", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: '{"contact":{"limit":2},"adminLogin":{"limit":2}}' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("enforceLimit allows the limit, then throws a 429 with the Spanish message and the wait", async () => {
    const request = requestFrom(address());
    await enforceLimit(t.ctx, request, "contact");
    await enforceLimit(t.ctx, request, "contact");
    const refused = await enforceLimit(t.ctx, request, "contact").catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 429, code: "RATE_LIMITED", message: ABUSE_LIMITS.contact.message });
    expect((refused as { extra: { retryAfterSeconds: number } }).extra.retryAfterSeconds).toBeGreaterThan(0);
    // Another address has its own allowance.
    await expect(enforceLimit(t.ctx, requestFrom(address()), "contact")).resolves.toBeUndefined();
  });

  it("counts the addresses of one IPv6 /64 together", async () => {
    await enforceLimit(t.ctx, requestFrom("2001:db8:1:2::a"), "contact");
    await enforceLimit(t.ctx, requestFrom("2001:db8:1:2::b"), "contact");
    await expect(enforceLimit(t.ctx, requestFrom("2001:db8:1:2:ffff::c"), "contact")).rejects.toMatchObject({ statusCode: 429 });
  });

  it("failure-counted limits take an attempt before the outcome, refuse past the limit, give back and clear", async () => {
    const request = requestFrom(address());
    await claimAttempt(t.ctx, request, "adminLogin");
    await claimAttempt(t.ctx, request, "adminLogin");
    const refused = await claimAttempt(t.ctx, request, "adminLogin").catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 429, message: "Demasiados intentos fallidos. Intenta de nuevo en 15 minutos." });
    // An attempt that was not a failure is given back: one more fits, then none.
    await releaseAttempt(t.ctx, request, "adminLogin");
    await expect(claimAttempt(t.ctx, request, "adminLogin")).resolves.toMatchObject({ allowed: true, count: 2 });
    await expect(claimAttempt(t.ctx, request, "adminLogin")).rejects.toMatchObject({ statusCode: 429 });
    await clearLimit(t.ctx, request, "adminLogin");
    await expect(claimAttempt(t.ctx, request, "adminLogin")).resolves.toMatchObject({ allowed: true, count: 1 });
  });

  it("does nothing with RATE_LIMIT=off", async () => {
    const open = await createTestApp({ env: { RATE_LIMIT: "off", RATE_LIMITS: '{"contact":{"limit":1}}' } });
    try {
      const request = requestFrom(address());
      for (let i = 0; i < 5; i++) await enforceLimit(open.ctx, request, "contact");
      for (let i = 0; i < 5; i++) await claimAttempt(open.ctx, request, "adminLogin");
      await expect(claimAttempt(open.ctx, request, "adminLogin")).resolves.toMatchObject({ allowed: true });
    } finally {
      await open.close();
    }
  });
});

describe("the code-guessing guard", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: '{"codeMisses":{"challengeAfter":3}}' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("guards the public routes that take a client code, as each declares (and HEAD with its GET)", () => {
    const oracles = t.ctx.routes.filter((r) => r.codeOracle).map((r) => `${r.method} ${r.url}`);
    expect(oracles.sort()).toEqual(
      [
        "GET /api/clients/trackings",
        "POST /api/clients/trackings",
        "PATCH /api/clients/trackings/:id",
        "DELETE /api/clients/trackings/:id",
        "PUT /api/clients/trackings/:id/factura",
        "GET /api/clients/trackings/:id/factura",
        "GET /api/coupons/:clientCode",
        "GET /api/referrals/:clientCode",
        "GET /api/comprobantes/:clientCode",
        "GET /api/comprobantes/:clientCode/:id/pdf",
        "GET /api/comprobantes/:clientCode/:id/xml",
        "GET /api/clients/verify/:clientCode",
        "POST /api/parts-assistant",
        "POST /api/clients/register",
        "POST /api/clients/payment-proofs",
        "PUT /api/clients/tax-id",
        "GET /api/cuenta/:clientCode",
        "GET /api/cuenta/:clientCode/estados",
        "POST /api/cuenta/codigo",
        "POST /api/cuenta/ingresar",
        "POST /api/cuenta/salir",
        "POST /api/cuenta/salir-otros",
      ].sort(),
    );
    expect(t.ctx.routes.every((r) => r.auth === "public" || !r.codeOracle)).toBe(true);
  });

  it("refuses to start with a public route that does not say whether it is a code oracle", async () => {
    const { buildApp } = await import("../app");
    const register = (app: import("fastify").FastifyInstance) =>
      app.get("/api/prueba/:clientCode", { config: { auth: "public" } }, async () => ({}));
    // The onRoute hook runs when the route is added: build an app, then add one route too many.
    const { app } = await buildApp({ config: t.config, database: t.database, adminPassword: "x".repeat(16) });
    expect(() => register(app)).toThrow(/must declare config.codeOracle/);
    await app.close();
  });

  it("counts HEAD misses like GET misses and asks HEAD for a challenge past the free misses", async () => {
    const ip = address();
    const heads = ["/api/clients/trackings?code=EXHEAD01", "/api/coupons/EXHEAD02", "/api/referrals/EXHEAD03"];
    for (const url of heads) {
      const res = await t.app.inject({ method: "HEAD", url, remoteAddress: ip });
      expect(res.statusCode, url).toBe(404);
    }
    for (const method of ["HEAD", "GET"] as const) {
      const asked = await t.app.inject({ method, url: "/api/clients/verify/EXHEAD04", remoteAddress: ip });
      expect(asked.statusCode, method).toBe(428);
    }
  });

  it("counts misses on any code route together and then asks every code route from that address for a challenge, never refusing", async () => {
    const ip = address();
    const misses = [
      { method: "GET" as const, url: "/api/clients/trackings?code=EXZZZZZ1" },
      { method: "GET" as const, url: "/api/coupons/EXZZZZZ2" },
      { method: "GET" as const, url: "/api/clients/verify/EXZZZZZ3" },
    ];
    for (const m of misses) expect((await t.app.inject({ ...m, remoteAddress: ip })).statusCode).toBe(404);
    const asked = await t.app.inject({ method: "GET", url: "/api/referrals/EXZZZZZ4", remoteAddress: ip });
    expect(asked.statusCode).toBe(428);
    expect(asked.json()).toMatchObject({ code: "CHALLENGE_REQUIRED", price: 1, challengeUrl: "/api/challenge?price=1&code=EXZZZZZ4" });
    // Another address is not affected.
    expect((await t.app.inject({ method: "GET", url: "/api/referrals/EXZZZZZ4", remoteAddress: address() })).statusCode).toBe(404);
  });

  it("does not count answers that are not 404, nor other routes", async () => {
    const ip = address();
    for (let i = 0; i < 5; i++) {
      const bad = await t.app.inject({ method: "GET", url: "/api/clients/trackings?code=nope", remoteAddress: ip });
      expect(bad.statusCode).toBe(400);
      expect((await t.app.inject({ method: "GET", url: "/api/no-existe", remoteAddress: ip })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/coupons/EXZZZZZ5", remoteAddress: ip })).statusCode).toBe(404);
  });
});
