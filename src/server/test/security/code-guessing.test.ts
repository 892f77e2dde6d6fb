// How many client codes one address can test, measured: a guesser drives every method and route
// that can tell whether a code (or a registration) exists — GET and HEAD lookups, coupons,
// referrals, comprobantes electrónicos, verification, pre-alert, edit, delete, parts search, registration with a referrer
// code, registration with a taken number — one after the other, and then as one parallel burst,
// and counts the guesses answered before every route says 429. Past the free misses it solves
// every challenge it is asked for (altcha-lib's solver, test difficulty), so only `codeMisses`'
// ceiling bounds it (every other limit is raised); docs/security.md must state the number
// measured here and the challenges it cost.
import { readFileSync } from "node:fs";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHALLENGE_HEADER, CODE_PASS_HEADER } from "../../../shared/api/challenge";
import { ABUSE_LIMITS, ABUSE_LIMIT_NAMES } from "../../lib/abuse-limit-table";
import { missPrice } from "../../lib/abuse-limits";
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
    ABUSE_LIMIT_NAMES.filter((name) => name !== "codeMisses").map((name) => [name, { limit: 100_000, challengeAfter: 100_000, windowMinutes: 1 }]),
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
  "GET comprobantes": (code, remoteAddress) => t.app.inject({ method: "GET", url: `/api/comprobantes/${code}`, remoteAddress, headers: headers(remoteAddress) }),
  "GET comprobante PDF": (code, remoteAddress) => t.app.inject({ method: "GET", url: `/api/comprobantes/${code}/1/pdf`, remoteAddress, headers: headers(remoteAddress) }),
  "GET verify": (code, remoteAddress) => t.app.inject({ method: "GET", url: `/api/clients/verify/${code}`, remoteAddress, headers: headers(remoteAddress) }),
  "HEAD verify": (code, remoteAddress) => t.app.inject({ method: "HEAD", url: `/api/clients/verify/${code}`, remoteAddress, headers: headers(remoteAddress) }),
  "pre-alert": (code, remoteAddress) =>
    t.app.inject({ method: "POST", url: "/api/clients/trackings", payload: { clientCode: code, trackingCode: `ADIV${seq}` }, remoteAddress, headers: headers(remoteAddress) }),
  edit: (code, remoteAddress) =>
    t.app.inject({ method: "PATCH", url: "/api/clients/trackings/1", payload: { clientCode: code, trackingCode: `ADIV${seq}` }, remoteAddress, headers: headers(remoteAddress) }),
  delete: (code, remoteAddress) => t.app.inject({ method: "DELETE", url: "/api/clients/trackings/1", payload: { clientCode: code }, remoteAddress, headers: headers(remoteAddress) }),
  "tax id": (code, remoteAddress) =>
    t.app.inject({ method: "PUT", url: "/api/clients/tax-id", payload: { clientCode: code, tipoIdentificacion: null, identificacion: null }, remoteAddress, headers: headers(remoteAddress) }),
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
  const { challengeAfter } = ABUSE_LIMITS.codeMisses;
  const GUESSES = 300;

  /** The challenge a 428 named; a HEAD answer has no body, so its price is read from the count. */
  async function challengeFor(res: LightMyRequestResponse, code: string, ip: string): Promise<{ url: string; price: number }> {
    if (res.body) return { url: res.json().challengeUrl, price: res.json().price };
    const price = missPrice(t.config, (await t.ctx.limiter.peek(`client-code-misses:${ip}`)) + 1);
    return { url: `/api/challenge?price=${price}&code=${code}`, price };
  }

  it("answers every guess, never refusing, each past the free ones paid with a challenge whose price doubles with the misses", { timeout: 180_000 }, async () => {
    const ip = "10.88.0.1";
    let solved = 0;
    let work = 0;
    for (let i = 0; i < GUESSES; i++) {
      const name = NAMES[i % NAMES.length];
      const code = freshCode();
      let res = await PROBES[name](code, ip);
      if (asksForChallenge(res)) {
        const { url, price } = await challengeFor(res, code, ip);
        held.set(ip, await solvedChallenge(t.app, ip, url));
        solved++;
        work += price;
        res = await PROBES[name](code, ip);
      }
      expect(revealed(res), `${name}: ${res.statusCode} ${res.body}`).toBe(true);

      // A real client's own code in between, from a browser that was shown it: never asked.
      if (i % 7 === 0) {
        const first = await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${realCode}`, remoteAddress: "10.88.9.9" });
        const pass = first.headers[CODE_PASS_HEADER] as string;
        const own = await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${realCode}`, remoteAddress: ip, headers: { [CODE_PASS_HEADER]: pass } });
        expect(own.statusCode).toBe(200);
      }
    }
    // One solve per guess past the free ones (a solution opens one code), at the price of the moment.
    expect(solved).toBe(GUESSES - challengeAfter);
    let expected = 0;
    for (let m = challengeAfter + 1; m <= GUESSES; m++) expected += missPrice(t.config, m);
    expect(work).toBe(expected);
    expect(await t.ctx.limiter.peek(`client-code-misses:${ip}`)).toBe(GUESSES);
    // docs/security.md states these very figures.
    const doc = readFileSync("docs/security.md", "utf8");
    for (const stated of [
      `the first **${challengeAfter} free**`,
      `**one guess per solved challenge**`,
      `**${GUESSES} guesses: ${solved} solves, ${work} base solves of work**`,
    ]) {
      expect(doc.includes(stated), `docs/security.md must say ${stated}`).toBe(true);
    }
  });

  it("answers only the free misses when the guesses come all at once, and one solution answers only its own code", async () => {
    const ip = "10.88.0.2";
    const burst = (codes: string[]) => Promise.all(codes.map((code, i) => PROBES[NAMES[i % NAMES.length]](code, ip)));
    const free = await burst(Array.from({ length: 200 }, freshCode));
    expect(free.filter(revealed).length).toBe(challengeAfter);
    expect(free.filter(asksForChallenge).length).toBe(200 - challengeAfter);
    // One solution shared by a whole parallel burst of other codes still buys one guess: its own.
    const codes = Array.from({ length: 200 }, freshCode);
    const asked = await PROBES["GET coupons"](codes[0], ip);
    held.set(ip, await solvedChallenge(t.app, ip, asked));
    const paid = await Promise.all(codes.map((code) => PROBES["GET coupons"](code, ip)));
    expect(paid.filter(revealed).length).toBe(1);
    expect(paid[0].statusCode).toBe(404);
  });
});
