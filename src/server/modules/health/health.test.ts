import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";

describe("GET /api/health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 200 with the database reachable", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", database: t.database.kind });
  });

  it("shows the lookup cache's figures to staff only", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(anonymous.json()).not.toHaveProperty("details");
    const forged = await t.app.inject({ method: "GET", url: "/api/health", headers: { authorization: "Bearer nope" } });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).not.toHaveProperty("details");
    const staff = await t.app.inject({ method: "GET", url: "/api/health", headers: t.adminHeaders() });
    expect(staff.json().details.lookupCache).toMatchObject({ enabled: true, maxEntries: 20_000, maxBytes: 96 * 2 ** 20 });
    expect(Object.keys(staff.json().details.lookupCache).sort()).toEqual(
      ["bytes", "enabled", "entries", "evictions", "fills", "hits", "invalidations", "listening", "maxBytes", "maxEntries", "misses", "resets"],
    );
    const memory = staff.json().details.memory;
    expect(memory.rss).toBeGreaterThan(memory.heapUsed);
    expect(memory.external).toBeGreaterThanOrEqual(memory.arrayBuffers);
    if (t.database.kind === "pglite") expect(memory.databaseWasm).toBeGreaterThan(0);
    else expect(memory.databaseWasm).toBeNull();
  });

  it("answers JSON 404 in Spanish for unknown API paths", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/no-existe" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: "No encontrado", message: "Recurso no encontrado" });
  });

  it("answers 503 when the database is gone", async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    await other.app.close();
  });
});
