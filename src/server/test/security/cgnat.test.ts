// One guesser behind a carrier address (CGNAT) must not lock out everyone behind it (issue 31
// item 2, decision 144). Misses raise the price of the address's next code request — a dearer
// challenge, asked for before the answer is known, right code or wrong — and never refuse a
// request whose challenge is solved; a browser that was shown a code holds a pass for it; one
// solution covers the requests one page makes together. On PostgreSQL (DATABASE_URL) the guesser
// and the neighbour go through two app instances sharing the database, as behind a balancer; on
// PGlite (one embedded connection) both use one instance.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { CHALLENGE_HEADER, CODE_PASS_HEADER } from "../../../shared/api/challenge";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";
import { missPrice } from "../../lib/abuse-limits";
import { issueCodePass } from "../../lib/code-pass";
import { MAX_MISS_PRICE } from "../../lib/proof-of-work";
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../app";
import { asksForChallenge, browserAt, CHEAP_POW_ENV, solvedChallenge } from "../challenge";
import { uniquePhone } from "../clients";
import { openSecondConnection } from "../database";

let t: TestApp;
let secondDb: Database | undefined;
let second: FastifyInstance | undefined;
/** The instances a visitor's requests may reach: two on PostgreSQL, the one PGlite app otherwise. */
let instances: [FastifyInstance, FastifyInstance];

/**
 * The code-miss limit of this file's app: the default's first free misses, a smaller limit, so the
 * price steps (every 10 misses here, every 50 by default) are reached with a quarter of the guesses.
 * The default table's own steps are checked below on the pure `missPrice`.
 */
const MISSES = { challengeAfter: ABUSE_LIMITS.codeMisses.challengeAfter, limit: 50 };

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "on", ...CHEAP_POW_ENV, RATE_LIMITS: JSON.stringify({ codeMisses: MISSES }) } });
  if (process.env.DATABASE_URL) {
    secondDb = await openSecondConnection(t.database);
    ({ app: second } = await buildApp({ config: t.config, database: secondDb, adminPassword: TEST_ADMIN_PASSWORD }));
    await second.ready();
    instances = [t.app, second];
  } else {
    instances = [t.app, t.app];
  }
});
afterAll(async () => {
  await second?.close();
  await secondDb?.close();
  await t?.close();
});

let addressSeq = 0;
/** A registration address of its own each time, so registrations never meet their own limits. */
const elsewhere = () => `100.70.${Math.floor(++addressSeq / 250)}.${addressSeq % 250}`;

async function registerClient(): Promise<string> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/clients/register",
    payload: { nombre: "Ana Lucía Vargas Mora", direccion: "Barrio Los Ángeles, Grecia, 200 m al norte", telefono: uniquePhone() },
    remoteAddress: elsewhere(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().client.clientCode as string;
}

const pageOf = (code: string) => [`/api/clients/trackings?code=${code}`, `/api/coupons/${code}`, `/api/referrals/${code}`];

let guessSeq = 0;
/** `count` wrong codes from `address`, solving whatever is asked, through both instances in turn. */
async function guess(address: string, count: number): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i++) {
    const code = `EXQ${(++guessSeq).toString(36).toUpperCase().padStart(5, "0")}`;
    // A fresh browser each time: a guesser holds no pass for a code it does not know.
    answers.push(await browserAt(instances[i % 2], address).send({ method: "GET", url: `/api/coupons/${code}` }));
  }
  return answers;
}

describe("a guesser behind a shared address", () => {
  it("never locks out a neighbour: past the limit's misses its right code with a solved challenge gets the lookup, coupons, referrals and registration", { timeout: 120_000 }, async () => {
    const address = "100.64.31.2";
    const own = await registerClient();
    const misses = MISSES.limit + 10;
    const answers = await guess(address, misses);
    // Every guess was answered (404), none refused: the price rose instead.
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(0);
    expect(answers.every((r) => r.statusCode === 404)).toBe(true);
    expect(await t.ctx.limiter.peek(`client-code-misses:${address}`)).toBe(misses);

    // A neighbour's phone (new browser, no pass) opens its page on the other instance.
    const neighbour = browserAt(instances[1], address);
    const page = await Promise.all(pageOf(own).map((url) => neighbour.send({ method: "GET", url })));
    // The first call paid; the parallel ones may each have been asked before the solution came.
    for (const res of page) expect(res.statusCode, res.body).toBe(200);
    expect(neighbour.work).toBeGreaterThanOrEqual(MAX_MISS_PRICE);
    const registered = await neighbour.send({
      method: "POST",
      url: "/api/clients/register",
      payload: { nombre: "José Pablo Jiménez Solano", direccion: "Barrio Los Ángeles, Grecia, 300 m al sur", telefono: uniquePhone() },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    // Hits gave their misses back: the price the guesser set is its own doing only.
    expect(await t.ctx.limiter.peek(`client-code-misses:${address}`)).toBe(misses);
  });

  it("asks a stranger for the same dear challenge whether the code is right or wrong (the answer tells nothing for free)", async () => {
    const address = "100.64.31.3";
    const own = await registerClient();
    await guess(address, MISSES.limit + 1);
    for (const code of [own, "EXWRONG9"]) {
      const res = await instances[0].inject({ method: "GET", url: `/api/coupons/${code}`, remoteAddress: address });
      expect(asksForChallenge(res), res.body).toBe(true);
      expect(res.json().price).toBe(MAX_MISS_PRICE);
      expect(res.json().challengeUrl).toBe(`/api/challenge?price=${MAX_MISS_PRICE}&code=${code}`);
    }
  });
});

describe("the price of a guess", () => {
  it("doubles with the address's misses up to its highest, and a cheaper solution is refused", async () => {
    const { challengeAfter, limit } = ABUSE_LIMITS.codeMisses;
    const defaults = { rateLimits: {} };
    expect(missPrice(defaults, challengeAfter)).toBe(0);
    expect(missPrice(defaults, challengeAfter + 1)).toBe(1);
    expect(missPrice(defaults, 61)).toBe(2);
    expect(missPrice(defaults, 111)).toBe(4);
    expect(missPrice(defaults, limit)).toBe(8);
    expect(missPrice(defaults, limit + 1)).toBe(MAX_MISS_PRICE);
    expect(missPrice(defaults, 1_000_000)).toBe(MAX_MISS_PRICE);
    // This file's app: the same doubling, a step every 10 misses.
    expect([11, 21, 30, 31, MISSES.limit, MISSES.limit + 1].map((n) => missPrice(t.config, n))).toEqual([1, 2, 2, 4, 8, MAX_MISS_PRICE]);

    const address = "100.64.31.4";
    await guess(address, 30);
    // The 31st miss costs 4: a base solution is refused, one at the named price accepted.
    const cheap = await solvedChallenge(instances[0], address, "/api/challenge?price=1&code=EXWRONG8");
    const refused = await instances[0].inject({ method: "GET", url: "/api/coupons/EXWRONG8", headers: { [CHALLENGE_HEADER]: cheap }, remoteAddress: address });
    expect(asksForChallenge(refused)).toBe(true);
    expect(refused.json().price).toBe(4);
    const dear = await solvedChallenge(instances[1], address, refused);
    const answered = await instances[1].inject({ method: "GET", url: "/api/coupons/EXWRONG8", headers: { [CHALLENGE_HEADER]: dear }, remoteAddress: address });
    expect(answered.statusCode).toBe(404);
  });

  it("binds a solution to its code: another code is a new guess, a new solve", async () => {
    const address = "100.64.31.5";
    await guess(address, ABUSE_LIMITS.codeMisses.challengeAfter);
    const first = await instances[0].inject({ method: "GET", url: "/api/coupons/EXWRONG1", remoteAddress: address });
    const solution = await solvedChallenge(instances[0], address, first);
    const ok = await instances[0].inject({ method: "GET", url: "/api/coupons/EXWRONG1", headers: { [CHALLENGE_HEADER]: solution }, remoteAddress: address });
    expect(ok.statusCode).toBe(404);
    for (const code of ["EXWRONG2", "EXWRONG3"]) {
      const other = await instances[1].inject({ method: "GET", url: `/api/referrals/${code}`, headers: { [CHALLENGE_HEADER]: solution }, remoteAddress: address });
      expect(asksForChallenge(other), other.body).toBe(true);
    }
  });
});

describe("one solution for one page", () => {
  it("covers the lookup, coupons and referrals of one code sent together, also past the lookup limit's free requests", async () => {
    // Every lookup asks for a challenge (a busy shared address), and so does every code request.
    const busy = await createTestApp({
      env: { RATE_LIMIT: "on", ...CHEAP_POW_ENV, RATE_LIMITS: JSON.stringify({ clientLookup: { challengeAfter: 0 }, codeMisses: { challengeAfter: 0 } }) },
    });
    try {
      const address = "100.64.31.6";
      const res = await browserAt(busy.app, "100.64.31.7").send({
        method: "POST",
        url: "/api/clients/register",
        payload: { nombre: "María José Pérez Rojas", direccion: "Grecia centro, 100 m al sur", telefono: uniquePhone() },
      });
      const code = res.json().client.clientCode as string;
      const asked = await Promise.all(pageOf(code).map((url) => busy.app.inject({ method: "GET", url, remoteAddress: address })));
      expect(asked.every(asksForChallenge)).toBe(true);
      // The page solves once and sends the three again with that solution, at the same moment.
      const solution = await solvedChallenge(busy.app, address, asked[0]);
      const page = await Promise.all(
        pageOf(code).map((url) => busy.app.inject({ method: "GET", url, headers: { [CHALLENGE_HEADER]: solution }, remoteAddress: address })),
      );
      expect(page.map((r) => r.statusCode), page.map((r) => r.body).join("\n")).toEqual([200, 200, 200]);
    } finally {
      await busy.close();
    }
  });
});

describe("a pass for a code the browser was shown", () => {
  it("lets the visitor's own code through unchallenged after the neighbours' misses, and opens no other code", async () => {
    const address = "100.64.31.8";
    const own = await registerClient();
    const visitor = browserAt(instances[0], address);
    // The first visit, before the neighbourhood's mistakes: free, and the answer brings a pass.
    for (const url of pageOf(own)) expect((await visitor.send({ method: "GET", url })).statusCode).toBe(200);
    expect(visitor.passes).toHaveLength(1);
    await guess(address, 40);

    for (const url of pageOf(own)) {
      const res = await visitor.send({ method: "GET", url }, instances[1]);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(visitor.solved).toBe(0);

    // The pass names one code: another one (or a forged pass) is a guess like any other.
    const [pass] = visitor.passes;
    const forged = issueCodePass("otra-clave", "EXWRONG4");
    for (const [code, header] of [["EXWRONG4", pass], ["EXWRONG4", forged]] as const) {
      const res = await instances[1].inject({ method: "GET", url: `/api/coupons/${code}`, headers: { [CODE_PASS_HEADER]: header }, remoteAddress: address });
      expect(asksForChallenge(res), res.body).toBe(true);
    }
  });

  it("comes with a registration, for the new code", async () => {
    const address = "100.64.31.9";
    await guess(address, 30);
    const visitor = browserAt(instances[0], address);
    const registered = await visitor.send({
      method: "POST",
      url: "/api/clients/register",
      payload: { nombre: "Carlos Andrés Quesada Brenes", direccion: "Grecia centro, 100 m al este", telefono: uniquePhone() },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect(registered.headers[CODE_PASS_HEADER]).toMatch(/^\d+\.[\w-]{43}$/);
    const solvedToRegister = visitor.solved;
    const code = registered.json().client.clientCode as string;
    for (const url of pageOf(code)) expect((await visitor.send({ method: "GET", url }, instances[1])).statusCode).toBe(200);
    expect(visitor.solved).toBe(solvedToRegister);
  });
});
