import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZExchangeRateResponseSchema } from "../../../shared/api/exchange-rate";
import { appCache } from "../../db/schema";
import { createExchangeRateProvider, createHttpExchangeRateSources } from "../../providers/exchange-rates";
import { startFakeRateServer, type FakeRateServer } from "../../test/fakes/rate-server";
import type { Providers } from "../../providers";
import { createTestApp, type TestApp } from "../../test/app";
import { createTestDatabase } from "../../test/database";
import { startExchangeRateRefresh } from "./service";

describe("GET /api/exchange-rate", () => {
  let t: TestApp;
  let down: FakeRateServer;
  let up: FakeRateServer;
  beforeAll(async () => {
    down = await startFakeRateServer({ kind: "json", status: 500, body: {} });
    up = await startFakeRateServer({ kind: "json", body: { result: "success", rates: { CRC: 506.9 } } });
    t = await createTestApp({ env: { EXCHANGE_RATE_URLS: `${down.url},${up.url}`, EXCHANGE_RATE_TIMEOUT_MS: "2000" } });
  });
  afterAll(async () => {
    await t.close();
    await down.close();
    await up.close();
  });

  it("answers { rate, lastUpdated, source } from the second source when the first fails, then from storage", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/exchange-rate" });
    expect(res.statusCode).toBe(200);
    const body = ZExchangeRateResponseSchema.parse(res.json());
    // 506.9 × 1.015 = 514.5 → 515 (rounded half up)
    expect(body.rate).toBe(515);
    expect(body.source).toBe(new URL(up.url).host);
    expect(Number.isNaN(Date.parse(body.lastUpdated ?? ""))).toBe(false);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect([down.hits, up.hits]).toEqual([1, 1]);

    const again = await t.app.inject({ method: "GET", url: "/api/exchange-rate" });
    expect(again.json()).toEqual(body);
    expect([down.hits, up.hits]).toEqual([1, 1]);
    const stored = await t.database.db.select().from(appCache);
    expect(stored.map((row) => row.key)).toEqual(["exchange-rate:usd-crc"]);
  });

  it("needs no session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/exchange-rate", headers: { authorization: "Bearer basura" } });
    expect(res.statusCode).toBe(200);
  });
});

describe("GET /api/exchange-rate with every source down", () => {
  it("answers 514, never an error", async () => {
    // createTestApp points the sources at a closed port.
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/exchange-rate" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ rate: 514, lastUpdated: null, source: "default" });
    } finally {
      await t.close();
    }
  });
});

describe("the refresh job", () => {
  it("fetches at start when nothing is stored and cancels a running fetch when the app closes", async () => {
    const database = await createTestDatabase();
    const source = await startFakeRateServer({ kind: "json", body: { rates: { CRC: 504 } } });
    const app = Fastify();
    const exchangeRates = createExchangeRateProvider({ db: database.db, sources: createHttpExchangeRateSources([source.url], 5000) });
    const ctx = { providers: { exchangeRates } as unknown as Providers };
    try {
      startExchangeRateRefresh(app, ctx);
      await app.ready();
      await exchangeRates.idle();
      expect(source.hits).toBe(1);
      const [row] = await database.db.select().from(appCache);
      expect(row.value).toMatchObject({ rate: 512, marketRate: 504 });

      // A fetch hanging at shutdown is cancelled: close() resolves without the source ever answering.
      source.set({ kind: "hang" });
      void exchangeRates.refresh(undefined, 0);
      while (source.hits < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      await app.close();
      expect(source.hits).toBe(2);
      expect((await exchangeRates.current()).rate).toBe(512);
    } finally {
      await source.close();
      await database.close();
    }
  });
});
