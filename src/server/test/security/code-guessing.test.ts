// How many client codes one address can test, measured: a guesser drives every method and route
// that can tell whether a code (or a registration) exists — GET and HEAD lookups, coupons,
// referrals, verification, pre-alert, edit, delete, parts search, registration with a referrer
// code, registration with a taken number — one after the other, and then as one parallel burst,
// and counts the guesses answered before every route says 429. Past the free misses it solves
// every challenge it is asked for (altcha-lib's solver, test difficulty), so only `codeMisses`'
// ceiling bounds it (every other limit is raised); docs/security.md must state the number
// measured here and the challenges it cost.
import { readFileSync } from "node:fs";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHALLENGE_HEADER } from "../../../shared/api/challenge";
import { ABUSE_LIMITS, ABUSE_LIMIT_NAMES } from "../../lib/abuse-limit-table";
import { MISSES_PER_SOLUTION } from "../../lib/proof-of-work";
import { createTestApp, type TestApp } from "../app";
import { asksForChallenge, CHEAP_POW_ENV, solvedChallenge } from "../challenge";
import { registerTestClient, uniquePhone } from "../clients";

let t: TestApp;
let realCode: string;
let takenPhone: string;
let seq = 0;
/** A well-formed code nobody has: EX, "Q", a counter in base 36 (36^5 of them). */
const freshCode = () => `EXQ${(++seq).toString(36).toUpperCase().padStart(5, "0")}`;

beforeAll(async () => {
  // Every limit but codeMisses is out of the way: they slow a guesser down, they do not bound a day.
  const raised = Object.fromEntries(
    ABUSE_LIMIT_NAMES.filter((name) => name !== "codeMisses").map((name) => [name, { limit: 100_000, windowMinutes: 1 }]),
  );
  t = await createTestApp({ env: { RATE_LIMIT: "on", RATE_LIMITS: JSON.stringify(raised), ...CHEAP_POW_ENV } });
  const client = await registerTestClient(t.app, { nombre: "Cliente Real" });
  realCode = client.clientCode;
  takenPhone = client.telefono;
});
afterAll(async () => {
  await t?.close();
});

type Probe = (code: string, remoteAddress: string) => Promise<LightMyRequestResponse>;

/** The solution the guesser holds (sent with every probe), per address. */
const held = new Map<string, string>();
const headers = (remoteAddress: string) => (held.has(remoteAddress) ? { [CHALLENGE_HEADER]: held.get(remoteAddress)! } : {});

const registration = (remoteAddress: string, telefono: string, referrerCode?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/clients/register",
    payload: { nombre: "Adivino Pérez", direccion: "San José centro, 100 m al norte", telefono, ...(referrerCode ? { referrerCode } : {}) },
    remoteAddress,
    headers: headers(remoteAddress),
  });

/** Every way a stranger can ask "does this exist?"; each answer other than 429 tells one thing. */
const PROBES: Record<string, Probe> = {
  "GET lookup": (code, remoteAddress) => t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${code}`, remoteAddress, headers: headers(remoteAddress) }),
  "HEAD lookup": (code, remoteAddress) => t.app.inject({ method: "HEAD", url: `/api/clients/trackings?code=${code}`, remoteAddress, headers: headers(remoteAddress) }),
  "GET coupons": (code, remoteAddress) => t.app.inject({ method: "GET", url: `/api/coupons/${code}`, remoteAddress, headers: headers(remoteAddress) }),
  "HEAD coupons": (code, remoteAddress) => t.app.inject({ method: "HEAD", url: `/api/coupons/${code}`, remoteAddress, headers: headers(remoteAddress) }),
  "GET referrals": (code, remoteAddress) => t.app.inject({ method: "GET", url: `/api/referrals/${code}`, remoteAddress, headers: headers(remoteAddress) }),
  "HEAD referrals": (code, remoteAddress) => t.app.inject({ method: "HEAD", url: `/api/referrals/${code}`, remoteAddress, headers: headers(remoteAddress) }),
  "GET verify": (code, remoteAddress) => t.app.inject({ method: "GET", url: `/api/clients/verify/${code}`, remoteAddress, headers: headers(remoteAddress) }),
  "HEAD verify": (code, remoteAddress) => t.app.inject({ method: "HEAD", url: `/api/clients/verify/${code}`, remoteAddress, headers: headers(remoteAddress) }),
  "pre-alert": (code, remoteAddress) =>
    t.app.inject({ method: "POST", url: "/api/clients/trackings", payload: { clientCode: code, trackingCode: `ADIV${seq}` }, remoteAddress, headers: headers(remoteAddress) }),
  edit: (code, remoteAddress) =>
    t.app.inject({ method: "PATCH", url: "/api/clients/trackings/1", payload: { clientCode: code, trackingCode: `ADIV${seq}` }, remoteAddress, headers: headers(remoteAddress) }),
  delete: (code, remoteAddress) => t.app.inject({ method: "DELETE", url: "/api/clients/trackings/1", payload: { clientCode: code }, remoteAddress, headers: headers(remoteAddress) }),
  "parts search": (code, remoteAddress) =>
    t.app.inject({
      method: "POST",
      url: "/api/parts-assistant",
      payload: { clientCode: code, marca: "Toyota", modelo: "Yaris", anio: 2012, parte: "Filtro" },
      remoteAddress,
      headers: headers(remoteAddress),
    }),
  "registration with a referrer code": (code, remoteAddress) => registration(remoteAddress, uniquePhone(), code),
  // Tests a phone number rather than a code: it spends the same allowance.
  "registration with a taken number": (_code, remoteAddress) => registration(remoteAddress, takenPhone),
};
const NAMES = Object.keys(PROBES);

/** What an answer told the guesser: nothing (refused), or that the code or number is unknown/taken. */
function revealed(res: LightMyRequestResponse): boolean {
  if (res.statusCode === 429 || asksForChallenge(res)) return false;
  expect([201, 404, 409], res.body).toContain(res.statusCode);
  if (res.statusCode === 201) expect(res.json().welcomeCoupon).toBeNull();
  return true;
}

describe("guessing codes from one address", () => {
  const limit = ABUSE_LIMITS.codeMisses.limit;

  it("answers at most codeMisses guesses per window, whichever methods and routes are used, each few paid with a challenge", async () => {
    const ip = "10.88.0.1";
    let answered = 0;
    let solved = 0;
    let refusedInARow = 0;
    // Round robin over every probe until each of them has been refused at least once in a row.
    for (let i = 0; refusedInARow < NAMES.length; i++) {
      const name = NAMES[i % NAMES.length];
      const code = freshCode();
      let res = await PROBES[name](code, ip);
      if (asksForChallenge(res)) {
        held.set(ip, await solvedChallenge(t.app, ip));
        solved++;
        res = await PROBES[name](code, ip);
      }
      if (revealed(res)) {
        answered++;
        refusedInARow = 0;
      } else {
        expect(res.headers["retry-after"], name).toBeDefined();
        refusedInARow++;
      }
      // A real client's own code in between never spends the allowance while it lasts.
      // (Past the free misses it needs a solution with a use left, as any request does.)
      if (answered < limit && i % 7 === 0) {
        const own = () => t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${realCode}`, remoteAddress: ip, headers: headers(ip) });
        let res = await own();
        if (asksForChallenge(res)) {
          held.set(ip, await solvedChallenge(t.app, ip));
          res = await own();
        }
        expect(res.statusCode).toBe(200);
      }
      expect(i, "the guard never stopped the guesser").toBeLessThan(limit * 3);
    }
    expect(answered).toBe(limit);
    // Past the free misses, one solved challenge bought at most MISSES_PER_SOLUTION guesses.
    const { challengeAfter } = ABUSE_LIMITS.codeMisses;
    expect(solved).toBeGreaterThanOrEqual(Math.ceil((limit - challengeAfter) / MISSES_PER_SOLUTION));
    // Past the allowance even the right code is refused from this address, on every method.
    for (const method of ["GET", "HEAD"] as const) {
      expect((await t.app.inject({ method, url: `/api/clients/trackings?code=${realCode}`, remoteAddress: ip })).statusCode).toBe(429);
    }
    // docs/security.md states this very figure.
    const doc = readFileSync("docs/security.md", "utf8");
    for (const stated of [
      `**${answered} guesses per address and window**`,
      `the first **${challengeAfter} free**`,
      `**${MISSES_PER_SOLUTION} misses per solved challenge**`,
    ]) {
      expect(doc.includes(stated), `docs/security.md must say ${stated}`).toBe(true);
    }
  });

  it("answers only the free misses, and three per solution, when the guesses come all at once", async () => {
    const ip = "10.88.0.2";
    const { challengeAfter } = ABUSE_LIMITS.codeMisses;
    const burst = () => Promise.all(Array.from({ length: limit }, (_, i) => PROBES[NAMES[i % NAMES.length]](freshCode(), ip)));
    const free = await burst();
    expect(free.filter(revealed).length).toBe(challengeAfter);
    expect(free.filter(asksForChallenge).length).toBe(limit - challengeAfter);
    // One solution shared by a whole parallel burst still buys MISSES_PER_SOLUTION guesses.
    held.set(ip, await solvedChallenge(t.app, ip));
    const paid = await burst();
    expect(paid.filter(revealed).length).toBe(MISSES_PER_SOLUTION);
  });
});
