// The lookup limit near the ceiling (issue 37 item 2, decision 221), with the abuse limits on:
// a lookup answered from memory for a browser holding its code's pass takes no database turn
// (counted in memory, carried to the shared counter with the address's next count there); one
// page view of /rastreo (lookup, coupons, referrals of one code from one address) counts once, so
// N page views pass where N lookups do; a route repeated is counted again, and a stranger without
// the pass still meets the code-guessing guard in the shared counters, asked the same challenge for
// a right code kept in memory as for a wrong one. The allowance's clock is the test's (no timing).
import { gunzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "../../db/schema";
import { generateClientCode } from "../../../shared/domain/client-code";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";
import { LookupAllowance } from "../../lib/lookup-allowance";
import type { AppContext } from "../../context";
import { createTestApp, type TestApp } from "../app";
import { asksForChallenge, browserAt, CHEAP_POW_ENV } from "../challenge";
import { uniquePhone } from "../clients";
import { until } from "../until";

/** Lookups per address and window in this file (free, then refused: the count is what is tested). */
const N = 6;
let t: TestApp;
let clock = 1_800_000_000_000;

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMIT: "on", ...CHEAP_POW_ENV, RATE_LIMITS: JSON.stringify({ clientLookup: { challengeAfter: N, limit: N } }) },
  });
  t.ctx.lookupAllowance = new LookupAllowance(() => clock);
  // The cache keeps nothing until LISTEN has answered; on PostgreSQL that connection is opened in
  // the background, and a lookup before it is read from the database (and counted there).
  await until(() => t.ctx.lookups.cache.stats().listening, "the lookup cache listening");
});
afterAll(async () => {
  await t?.close();
});

let addressSeq = 0;
const newAddress = () => `10.77.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;

async function newClient(): Promise<string> {
  const code = generateClientCode();
  await t.ctx.db.insert(clients).values({ clientCode: code, codeLookalikeFree: true, nombre: "Cliente De Rastreo", direccion: "Grecia centro", telefono: uniquePhone() });
  return code;
}

/** The JSON of an answer, gzipped or not. */
const decoded = (res: LightMyRequestResponse): unknown =>
  JSON.parse((res.headers["content-encoding"] === "gzip" ? gunzipSync(res.rawPayload) : res.rawPayload).toString());

const lookupOf = (code: string) => `/api/clients/trackings?code=${code}`;
const pageOf = (code: string) => [lookupOf(code), `/api/coupons/${code}`, `/api/referrals/${code}`];

/** Every way the abuse limits and the lookup reach the database, counted while `run` runs. */
async function databaseTurns(ctx: AppContext, run: () => Promise<void>): Promise<string[]> {
  const turns: string[] = [];
  const undo: (() => void)[] = [];
  const watch = <T extends object>(target: T, names: (keyof T & string)[], label: string) => {
    for (const name of names) {
      const original = target[name] as (...args: unknown[]) => unknown;
      target[name] = ((...args: unknown[]) => {
        turns.push(`${label}.${name}`);
        return original.apply(target, args);
      }) as T[typeof name];
      undo.push(() => {
        target[name] = original as T[typeof name];
      });
    }
  };
  watch(ctx.limiter, ["hit", "claim", "release", "peek", "reset"], "limiter");
  watch(ctx.database, ["queryPrepared"], "database");
  watch(ctx.db, ["execute"], "db");
  try {
    await run();
  } finally {
    for (const restore of undo.reverse()) restore();
  }
  return turns;
}

describe("a lookup answered from memory", () => {
  it("takes no database turn with the limits on, for a browser holding its code's pass", async () => {
    const code = await newClient();
    const visitor = browserAt(t.app, newAddress());
    const first = await visitor.send({ method: "GET", url: lookupOf(code), headers: { "accept-encoding": "gzip" } });
    expect(first.statusCode, first.body).toBe(200);
    expect(visitor.passes).toHaveLength(1);
    const hitsBefore = t.ctx.lookups.cache.stats().hits;
    const answers: LightMyRequestResponse[] = [];
    const turns = await databaseTurns(t.ctx, async () => {
      for (let i = 0; i < N - 2; i++) answers.push(await visitor.send({ method: "GET", url: lookupOf(code), headers: { "accept-encoding": "gzip" } }));
    });
    expect(answers.map((r) => r.statusCode)).toEqual(Array(N - 2).fill(200));
    for (const res of answers) expect(decoded(res)).toEqual(decoded(first));
    expect(turns).toEqual([]);
    expect(t.ctx.lookups.cache.stats().hits - hitsBefore).toBeGreaterThanOrEqual(N - 2);
  });

  it("a whole page view of a kept code takes no turn of the limits, whichever of its requests comes first", async () => {
    const code = await newClient();
    const visitor = browserAt(t.app, newAddress());
    for (const url of pageOf(code)) expect((await visitor.send({ method: "GET", url })).statusCode).toBe(200);
    clock += 60_000;
    let page: LightMyRequestResponse[] = [];
    const turns = await databaseTurns(t.ctx, async () => {
      page = await Promise.all(pageOf(code).map((url) => visitor.send({ method: "GET", url })));
    });
    expect(page.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(turns.filter((turn) => turn.startsWith("limiter."))).toEqual([]);
  });

  it("is carried to the shared counter with the address's next count there", async () => {
    const code = await newClient();
    const address = newAddress();
    const visitor = browserAt(t.app, address);
    // Filled from the database (counted there), then three answered from memory (counted here).
    for (let i = 0; i < 4; i++) expect((await visitor.send({ method: "GET", url: lookupOf(code) })).statusCode).toBe(200);
    const key = `${ABUSE_LIMITS.clientLookup.key}:${address}`;
    expect(await t.ctx.limiter.peek(key)).toBe(1);
    // The coupons of the same code ride on the view the last lookup opened; a code not kept in
    // memory is counted in the shared counter, with the three counted here.
    expect((await visitor.send({ method: "GET", url: `/api/coupons/${code}` })).statusCode).toBe(200);
    expect(await t.ctx.limiter.peek(key)).toBe(1);
    const other = await newClient();
    expect((await visitor.send({ method: "GET", url: `/api/coupons/${other}` })).statusCode).toBe(200);
    expect(await t.ctx.limiter.peek(key)).toBe(5);
  });
});

describe("one page view of /rastreo", () => {
  it(`counts once: ${N} page views (lookup, coupons, referrals together) pass where ${N} lookups do, the next is refused`, async () => {
    const code = await newClient();
    const pages = newAddress();
    for (let view = 0; view < N; view++) {
      const page = await Promise.all(pageOf(code).map((url) => t.app.inject({ method: "GET", url, remoteAddress: pages })));
      expect(page.map((r) => r.statusCode), `view ${view + 1}: ${page.map((r) => r.body).join("\n")}`).toEqual([200, 200, 200]);
    }
    const refused = await Promise.all(pageOf(code).map((url) => t.app.inject({ method: "GET", url, remoteAddress: pages })));
    expect(refused.map((r) => r.statusCode)).toEqual([429, 429, 429]);
    expect(refused[0].json().message).toBe(ABUSE_LIMITS.clientLookup.message);

    const lookups = newAddress();
    for (let i = 0; i < N; i++) expect((await t.app.inject({ method: "GET", url: lookupOf(code), remoteAddress: lookups })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: lookupOf(code), remoteAddress: lookups })).statusCode).toBe(429);
  });

  it("counts a route repeated for the same code (a reload, a scraper), and another code, as new views", async () => {
    const code = await newClient();
    const address = newAddress();
    for (let i = 0; i < N; i++) expect((await t.app.inject({ method: "GET", url: `/api/coupons/${code}`, remoteAddress: address })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/api/referrals/${code}`, remoteAddress: address })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/api/coupons/${code}`, remoteAddress: address })).statusCode).toBe(429);
    const other = await newClient();
    expect((await t.app.inject({ method: "GET", url: `/api/referrals/${other}`, remoteAddress: address })).statusCode).toBe(429);
  });

  it("ends: after its window the page's other routes are counted again", async () => {
    const code = await newClient();
    const address = newAddress();
    for (let i = 0; i < N; i++) {
      expect((await t.app.inject({ method: "GET", url: lookupOf(code), remoteAddress: address })).statusCode).toBe(200);
    }
    // Within the view the page's coupons ride on the last lookup; later, they are a view of their own.
    expect((await t.app.inject({ method: "GET", url: `/api/coupons/${code}`, remoteAddress: address })).statusCode).toBe(200);
    clock += 11_000;
    expect((await t.app.inject({ method: "GET", url: `/api/referrals/${code}`, remoteAddress: address })).statusCode).toBe(429);
  });
});

describe("a stranger without the pass", () => {
  it("is asked the same challenge for a right code answered from memory as for a wrong one (nothing told for free)", async () => {
    const code = await newClient();
    // Someone else's lookup keeps the answer in memory.
    expect((await t.app.inject({ method: "GET", url: lookupOf(code), remoteAddress: newAddress() })).statusCode).toBe(200);
    const stranger = newAddress();
    // Its free misses (through verification, whose own allowance is larger than this file's lookups).
    for (let i = 0; i < ABUSE_LIMITS.codeMisses.challengeAfter; i++) {
      expect((await t.app.inject({ method: "GET", url: `/api/clients/verify/EXQ${String(i).padStart(5, "0")}`, remoteAddress: stranger })).statusCode).toBe(404);
    }
    const hitsBefore = t.ctx.lookups.cache.stats().hits;
    const asked = await Promise.all(
      [code, "EXQWRONG"].map((c) => t.app.inject({ method: "GET", url: lookupOf(c), remoteAddress: stranger })),
    );
    for (const res of asked) {
      expect(asksForChallenge(res), res.body).toBe(true);
      expect(res.json().price).toBe(1);
    }
    // Asked before the answer was read: the kept answer was not even looked at.
    expect(t.ctx.lookups.cache.stats().hits).toBe(hitsBefore);
  });
});
