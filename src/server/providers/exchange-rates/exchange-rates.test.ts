import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { appCache } from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import {
  createExchangeRateProvider,
  createHttpExchangeRateSources,
  EXCHANGE_RATE_CACHE_KEY,
  extractUsdToCrc,
  type ExchangeRateProvider,
} from ".";
import { startFakeRateServer, type FakeRateServer } from "../../test/fakes/rate-server";

const MINUTE = 60_000;

describe("extractUsdToCrc", () => {
  it("reads the shapes of the three default sources", () => {
    expect(extractUsdToCrc({ result: "success", rates: { USD: 1, CRC: 505.12 } })).toBe(505.12);
    expect(extractUsdToCrc({ base: "USD", rates: { CRC: 507 } })).toBe(507);
    expect(extractUsdToCrc({ date: "2024-05-01", usd: { eur: 0.93, crc: 506.4 } })).toBe(506.4);
    expect(extractUsdToCrc({ conversion_rates: { CRC: 508 } })).toBe(508);
    expect(extractUsdToCrc({ rates: { CRC: "509.5" } })).toBe(509.5);
  });

  it("refuses errors, other currencies, implausible numbers and garbage", () => {
    expect(extractUsdToCrc({ result: "error", rates: { CRC: 505 } })).toBeNull();
    expect(extractUsdToCrc({ rates: { EUR: 0.9 } })).toBeNull();
    expect(extractUsdToCrc({ rates: { CRC: 0.002 } })).toBeNull();
    expect(extractUsdToCrc({ rates: { CRC: -505 } })).toBeNull();
    expect(extractUsdToCrc({ usd: { crc: "abc" } })).toBeNull();
    expect(extractUsdToCrc(null)).toBeNull();
    expect(extractUsdToCrc("505")).toBeNull();
    expect(extractUsdToCrc([505])).toBeNull();
  });
});

describe("the outside sources", () => {
  const servers: FakeRateServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  const fake = async (...args: Parameters<typeof startFakeRateServer>) => {
    const s = await startFakeRateServer(...args);
    servers.push(s);
    return s;
  };

  it("asks in order and stops at the first usable answer", async () => {
    const first = await fake({ kind: "json", status: 500, body: { error: "caído" } });
    const second = await fake({ kind: "json", body: { usd: { crc: 505.5 } } });
    const third = await fake({ kind: "json", body: { rates: { CRC: 999 } } });
    const sources = createHttpExchangeRateSources([first.url, second.url, third.url], 2000);
    const market = await sources.fetchUsdToCrc();
    expect(market).toEqual({ value: 505.5, source: new URL(second.url).host });
    expect([first.hits, second.hits, third.hits]).toEqual([1, 1, 0]);
  });

  it("moves on from a source that does not answer in time, and from one that answers nonsense", async () => {
    const silent = await fake({ kind: "hang" });
    const broken = await fake({ kind: "text", body: "<html>mantenimiento</html>" });
    const good = await fake({ kind: "json", body: { rates: { CRC: 510 } } });
    const sources = createHttpExchangeRateSources([silent.url, broken.url, good.url], 300);
    await expect(sources.fetchUsdToCrc()).resolves.toMatchObject({ value: 510 });
    expect(silent.hits).toBe(1);
  });

  it("reports every failure when none answers", async () => {
    const down = await fake({ kind: "json", status: 503, body: {} });
    const empty = await fake({ kind: "json", body: { rates: {} } });
    const sources = createHttpExchangeRateSources([down.url, empty.url, "http://127.0.0.1:9/cerrado"], 500);
    const error = await sources.fetchUsdToCrc().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "ExchangeRateSourcesError" });
    const reasons = (error as { failures: { reason: string }[] }).failures.map((f) => f.reason);
    expect(reasons).toHaveLength(3);
    expect(reasons[0]).toBe("HTTP 503");
    expect(reasons[1]).toMatch(/sin tipo de cambio/);
  });
});

describe("the exchange-rate provider", () => {
  let database: TestDatabase;
  const servers: FakeRateServer[] = [];
  let clock = Date.parse("2024-05-01T15:00:00Z");
  const now = () => clock;
  const providers: ExchangeRateProvider[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });
  beforeEach(async () => {
    await database.db.delete(appCache);
    clock = Date.parse("2024-05-01T15:00:00Z");
  });
  afterEach(async () => {
    for (const p of providers.splice(0)) {
      p.close();
      await p.idle();
    }
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  async function fake(behaviour: Parameters<typeof startFakeRateServer>[0]) {
    const s = await startFakeRateServer(behaviour);
    servers.push(s);
    return s;
  }
  function provider(urls: string[], timeoutMs = 1000) {
    const p = createExchangeRateProvider({ db: database.db, sources: createHttpExchangeRateSources(urls, timeoutMs), now });
    providers.push(p);
    return p;
  }

  it("fetches when nothing is stored, applies the margin and band, and stores the result", async () => {
    const failing = await fake({ kind: "json", status: 500, body: {} });
    const answering = await fake({ kind: "json", body: { rates: { CRC: 505.5 } } });
    const rates = provider([failing.url, answering.url]);
    const answer = await rates.current();
    // 505.5 × 1.015 = 513.08 → 513
    expect(answer).toEqual({ rate: 513, lastUpdated: new Date(clock).toISOString(), source: new URL(answering.url).host });
    const [row] = await database.db.select().from(appCache);
    expect(row.key).toBe(EXCHANGE_RATE_CACHE_KEY);
    expect(row.value).toMatchObject({ rate: 513, marketRate: 505.5 });
  });

  it("clamps a fetched rate into 510–520", async () => {
    const high = await fake({ kind: "json", body: { rates: { CRC: 600 } } });
    expect((await provider([high.url]).current()).rate).toBe(520);
    await database.db.delete(appCache);
    const low = await fake({ kind: "json", body: { rates: { CRC: 450 } } });
    expect((await provider([low.url]).current()).rate).toBe(510);
  });

  it("answers 514 when every source fails and nothing is stored", async () => {
    const down = await fake({ kind: "json", status: 500, body: {} });
    const answer = await provider([down.url, "http://127.0.0.1:9/cerrado"]).current();
    expect(answer).toEqual({ rate: 514, lastUpdated: null, source: "default" });
    expect(await database.db.select().from(appCache)).toEqual([]);
  });

  it("leaves failing sources alone for a while instead of asking on every request", async () => {
    const down = await fake({ kind: "json", status: 500, body: {} });
    const rates = provider([down.url]);
    expect((await rates.current()).rate).toBe(514);
    expect((await rates.current()).rate).toBe(514);
    expect(down.hits).toBe(1);
    clock += 6 * MINUTE;
    down.set({ kind: "json", body: { rates: { CRC: 507 } } });
    expect((await rates.current()).rate).toBe(515);
    expect(down.hits).toBe(2);
  });

  it("answers the stored rate to a restarted or second instance without asking the sources", async () => {
    const source = await fake({ kind: "json", body: { rates: { CRC: 509 } } });
    await provider([source.url]).current();
    expect(source.hits).toBe(1);
    const other = provider([source.url]);
    clock += 10 * MINUTE;
    // 509 × 1.015 = 516.6 → 517
    expect((await other.current()).rate).toBe(517);
    expect(source.hits).toBe(1);
  });

  it("while the sources fail, answers from memory and looks in storage again only every 10 s", async () => {
    const down = await fake({ kind: "json", status: 500, body: {} });
    const failing = provider([down.url]);
    expect((await failing.current()).rate).toBe(514);
    // Another instance stores a rate meanwhile.
    const up = await fake({ kind: "json", body: { rates: { CRC: 509 } } });
    expect((await provider([up.url]).current()).rate).toBe(517);
    clock += 9 * 1000;
    expect((await failing.current()).rate).toBe(514);
    clock += 2 * 1000;
    expect((await failing.current()).rate).toBe(517);
    expect(down.hits).toBe(1);
  });

  it("answers a stale rate at once and refreshes it in the background", async () => {
    const source = await fake({ kind: "json", body: { rates: { CRC: 506 } } });
    const rates = provider([source.url]);
    const first = await rates.current();
    expect(first.rate).toBe(514);

    clock += 31 * MINUTE;
    source.set({ kind: "json", body: { rates: { CRC: 510 } } });
    source.hold();
    // The source is holding its answer: this resolves only because the request does not wait for it.
    const stale = await rates.current();
    expect(stale).toEqual(first);
    // A second request while the refresh runs starts no other fetch.
    await rates.current();
    source.release();
    await rates.idle();
    expect(source.hits).toBe(2);

    const fresh = await rates.current();
    expect(fresh.rate).toBe(518);
    expect(fresh.lastUpdated).toBe(new Date(clock).toISOString());
  });

  it("keeps answering the last good rate when the sources fail after it went stale", async () => {
    const source = await fake({ kind: "json", body: { rates: { CRC: 503 } } });
    const rates = provider([source.url]);
    const good = await rates.current();
    expect(good.rate).toBe(511);

    clock += 2 * 60 * MINUTE;
    source.set({ kind: "json", status: 502, body: {} });
    expect(await rates.current()).toEqual(good);
    await rates.idle();
    expect(source.hits).toBe(2);
    expect(await rates.current()).toEqual(good);
  });

  it("fetches once for concurrent first requests", async () => {
    const source = await fake({ kind: "json", body: { rates: { CRC: 505 } } });
    source.hold();
    const rates = provider([source.url]);
    const pending = [rates.current(), rates.current(), rates.current()];
    // Held until the first request has reached the source; every request that started arrives
    // before the answers, so the count below sees any second fetch.
    await expect.poll(() => source.hits).toBe(1);
    source.release();
    const answers = await Promise.all(pending);
    expect(new Set(answers.map((a) => a.rate))).toEqual(new Set([513]));
    expect(source.hits).toBe(1);
  });

  it("refresh() renews a rate older than asked and leaves a younger one", async () => {
    const source = await fake({ kind: "json", body: { rates: { CRC: 505 } } });
    const rates = provider([source.url]);
    await rates.refresh();
    expect(source.hits).toBe(1);
    clock += 5 * MINUTE;
    await rates.refresh(undefined, 10 * MINUTE);
    expect(source.hits).toBe(1);
    await rates.refresh(undefined, 4 * MINUTE);
    expect(source.hits).toBe(2);
  });

  it("answers 514 rather than failing when the database is unreachable", async () => {
    const closed = await createTestDatabase();
    await closed.close();
    const source = await fake({ kind: "json", body: { rates: { CRC: 505 } } });
    const rates = createExchangeRateProvider({ db: closed.db, sources: createHttpExchangeRateSources([source.url], 500), now });
    expect(await rates.current()).toEqual({ rate: 514, lastUpdated: null, source: "default" });
  });
});
