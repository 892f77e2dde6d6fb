// Limits that do not lock out a neighbourhood (issue 17 item 10, decision 109): many phones
// behind one carrier-grade NAT address share its allowance. Past a few free requests they solve
// a proof-of-work challenge (here with altcha-lib's solver at a tiny test difficulty; the
// server's verification is the real one) instead of meeting a long block, and a solution cannot
// be spent twice.
import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHALLENGE_HEADER } from "../../../shared/api/challenge";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";
import { SOLUTION_USES } from "../../lib/proof-of-work";
import { createTestApp, type TestApp } from "../app";
import { asksForChallenge, browserAt, CHEAP_POW_ENV, solvedChallenge } from "../challenge";
import { uniquePhone } from "../clients";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "on", ...CHEAP_POW_ENV } });
});
afterAll(async () => {
  await t?.close();
});

/**
 * Moves the limits' clock forward: every window (fixed, kept as reset_at in rate_limits) ends
 * `seconds` sooner, exactly as if that much time had passed, so an hour of visits runs in seconds
 * and the per-minute limits see the real pace.
 */
async function advanceClock(seconds: number): Promise<void> {
  await t.ctx.db.execute(sql`update rate_limits set reset_at = reset_at - make_interval(secs => ${seconds})`);
}

const NAMES = ["José Pablo Jiménez Solano", "María José Pérez Rojas", "Ana Lucía Vargas Mora", "Carlos Andrés Quesada Brenes"];

describe("300 visitors behind one address", () => {
  // 600 proofs of work are solved here: on a busy 2-core machine that alone can pass 30 s.
  it("all register and look up their own codes within an hour, solving challenges where asked", { timeout: 120_000 }, async () => {
    const address = "100.64.17.1";
    const visitors = 300;
    let solved = 0;
    for (let i = 0; i < visitors; i++) {
      const browser = browserAt(t.app, address);
      // One in ten mistypes its code first: the neighbourhood's misses add up past the free ones.
      const registered = await browser.send({
        method: "POST",
        url: "/api/clients/register",
        payload: { nombre: NAMES[i % NAMES.length], direccion: "Barrio Los Ángeles, Grecia, 200 m al norte", telefono: uniquePhone() },
      });
      expect(registered.statusCode, `visitor ${i}: ${registered.body}`).toBe(201);
      const code = registered.json().client.clientCode as string;
      if (i % 10 === 0) {
        const typo = await browser.send({ method: "GET", url: `/api/clients/trackings?code=EXZZ${String(i).padStart(4, "0")}` });
        expect(typo.statusCode, typo.body).toBe(404);
      }
      for (const url of [`/api/clients/trackings?code=${code}`, `/api/coupons/${code}`, `/api/referrals/${code}`]) {
        const res = await browser.send({ method: "GET", url });
        expect(res.statusCode, `visitor ${i} ${url}: ${res.body}`).toBe(200);
      }
      solved += browser.solved;
      // 300 visitors spread over 59.5 minutes: one every 11.9 s.
      await advanceClock(11.9);
    }
    // The first five registrations of the hour were free; every later one paid one challenge.
    expect(solved).toBeGreaterThanOrEqual(visitors - ABUSE_LIMITS.registration.challengeAfter);
    // Own codes found gave their misses back: only the 30 typos are counted against the address.
    expect(await t.ctx.limiter.peek(`client-code-misses:${address}`)).toBe(visitors / 10);
  });

  it("counts registrations per phone number from any address", async () => {
    const telefono = uniquePhone();
    const answers = [];
    for (let i = 0; i < ABUSE_LIMITS.registrationPhone.limit + 1; i++) {
      answers.push(
        await t.app.inject({
          method: "POST",
          url: "/api/clients/register",
          payload: { nombre: "Ana Solís", direccion: "Grecia centro, 100 m al sur", telefono },
          remoteAddress: `100.64.18.${i + 1}`,
        }),
      );
    }
    expect(answers.map((r) => r.statusCode)).toEqual([201, 409, 409, 429]);
  });
});

describe("a solution is spent once", () => {
  const register = (remoteAddress: string, solution?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/clients/register",
      payload: { nombre: "Ana Solís", direccion: "Grecia centro, 100 m al sur", telefono: uniquePhone() },
      headers: solution ? { [CHALLENGE_HEADER]: solution } : {},
      remoteAddress,
    });

  it("refuses a replayed solution for a registration, and one solved for a forged or expired challenge", async () => {
    const address = "100.64.19.1";
    for (let i = 0; i < ABUSE_LIMITS.registration.challengeAfter; i++) expect((await register(address)).statusCode).toBe(201);
    expect(asksForChallenge(await register(address))).toBe(true);
    const solution = await solvedChallenge(t.app, address);
    expect((await register(address, solution)).statusCode).toBe(201);
    const replay = await register(address, solution);
    expect(asksForChallenge(replay), replay.body).toBe(true);
    expect(replay.json().message).toMatch(/ya se usó/);
    // Replayed from another instance's point of view: the spent mark lives in the shared table.
    expect(await t.ctx.limiter.peek(`pow-use:${JSON.parse(Buffer.from(solution, "base64").toString()).challenge.parameters.nonce}`)).toBe(1);

    // Signed with another key, or past its expiry: refused.
    for (const [secret, expiresAt] of [["otra-clave", Math.floor(Date.now() / 1000) + 600], [t.ctx.powSecret, Math.floor(Date.now() / 1000) - 1]] as const) {
      const challenge = await createChallenge({
        algorithm: "PBKDF2/SHA-256",
        cost: 1,
        counter: 2,
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: `${secret}:key`,
        expiresAt,
      });
      const forged = Buffer.from(JSON.stringify({ challenge, solution: await solveChallenge({ challenge, deriveKey }) })).toString("base64");
      expect(asksForChallenge(await register(address, forged))).toBe(true);
    }
  });

  it("bound to a code, covers a page's few requests for it, in sequence or in a parallel burst, and no other code", async () => {
    const address = "100.64.20.1";
    const guess = (code: string, solution?: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/coupons/${code}`,
        headers: solution ? { [CHALLENGE_HEADER]: solution } : {},
        remoteAddress: address,
      });
    const free = ABUSE_LIMITS.codeMisses.challengeAfter;
    for (let i = 0; i < free; i++) expect((await guess(`EXYY${String(i).padStart(4, "0")}`)).statusCode).toBe(404);
    const asked = await guess("EXYY0100");
    expect(asksForChallenge(asked)).toBe(true);

    const solution = await solvedChallenge(t.app, address, asked);
    // A burst of other codes with it: none answered (each is a guess of its own).
    const others = await Promise.all(Array.from({ length: 10 }, (_v, i) => guess(`EXYY${200 + i}`, solution)));
    expect(others.every(asksForChallenge)).toBe(true);
    // A burst of its own code: SOLUTION_USES answered, the rest asked again.
    const own = await Promise.all(Array.from({ length: 10 }, () => guess("EXYY0100", solution)));
    expect(own.filter((r) => r.statusCode === 404)).toHaveLength(SOLUTION_USES);
    expect(own.filter(asksForChallenge)).toHaveLength(10 - SOLUTION_USES);
  });
});
