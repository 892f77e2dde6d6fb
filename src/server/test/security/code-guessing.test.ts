// How many client codes one address can test, measured: a guesser drives every method and route
// that can tell whether a code (or a registration) exists — GET and HEAD lookups, coupons,
// referrals, verification, pre-alert, edit, delete, parts search, registration with a referrer
// code, registration with a taken number — one after the other, and then as one parallel burst,
// and counts the guesses answered before every route says 429. Only `codeMisses` may bound it
// (every other limit is raised), and docs/security.md must state the number measured here.
import { readFileSync } from "node:fs";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABUSE_LIMITS, ABUSE_LIMIT_NAMES } from "../../lib/abuse-limit-table";
import { createTestApp, type TestApp } from "../app";
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
  t = await createTestApp({ env: { RATE_LIMIT: "on", RATE_LIMITS: JSON.stringify(raised) } });
  const client = await registerTestClient(t.app, { nombre: "Cliente Real" });
  realCode = client.clientCode;
  takenPhone = client.telefono;
});
afterAll(async () => {
  await t?.close();
});

type Probe = (code: string, remoteAddress: string) => Promise<LightMyRequestResponse>;

const registration = (remoteAddress: string, telefono: string, referrerCode?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/clients/register",
    payload: { nombre: "Adivino Pérez", direccion: "San José centro, 100 m al norte", telefono, ...(referrerCode ? { referrerCode } : {}) },
    remoteAddress,
  });

/** Every way a stranger can ask "does this exist?"; each answer other than 429 tells one thing. */
const PROBES: Record<string, Probe> = {
  "GET lookup": (code, remoteAddress) => t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${code}`, remoteAddress }),
  "HEAD lookup": (code, remoteAddress) => t.app.inject({ method: "HEAD", url: `/api/clients/trackings?code=${code}`, remoteAddress }),
  "GET coupons": (code, remoteAddress) => t.app.inject({ method: "GET", url: `/api/coupons/${code}`, remoteAddress }),
  "HEAD coupons": (code, remoteAddress) => t.app.inject({ method: "HEAD", url: `/api/coupons/${code}`, remoteAddress }),
  "GET referrals": (code, remoteAddress) => t.app.inject({ method: "GET", url: `/api/referrals/${code}`, remoteAddress }),
  "HEAD referrals": (code, remoteAddress) => t.app.inject({ method: "HEAD", url: `/api/referrals/${code}`, remoteAddress }),
  "GET verify": (code, remoteAddress) => t.app.inject({ method: "GET", url: `/api/clients/verify/${code}`, remoteAddress }),
  "HEAD verify": (code, remoteAddress) => t.app.inject({ method: "HEAD", url: `/api/clients/verify/${code}`, remoteAddress }),
  "pre-alert": (code, remoteAddress) =>
    t.app.inject({ method: "POST", url: "/api/clients/trackings", payload: { clientCode: code, trackingCode: `ADIV${seq}` }, remoteAddress }),
  edit: (code, remoteAddress) =>
    t.app.inject({ method: "PATCH", url: "/api/clients/trackings/1", payload: { clientCode: code, trackingCode: `ADIV${seq}` }, remoteAddress }),
  delete: (code, remoteAddress) => t.app.inject({ method: "DELETE", url: "/api/clients/trackings/1", payload: { clientCode: code }, remoteAddress }),
  "parts search": (code, remoteAddress) =>
    t.app.inject({
      method: "POST",
      url: "/api/parts-assistant",
      payload: { clientCode: code, marca: "Toyota", modelo: "Yaris", anio: 2012, parte: "Filtro" },
      remoteAddress,
    }),
  "registration with a referrer code": (code, remoteAddress) => registration(remoteAddress, uniquePhone(), code),
  // Tests a phone number rather than a code: it spends the same allowance.
  "registration with a taken number": (_code, remoteAddress) => registration(remoteAddress, takenPhone),
};
const NAMES = Object.keys(PROBES);

/** What an answer told the guesser: nothing (refused), or that the code or number is unknown/taken. */
function revealed(res: LightMyRequestResponse): boolean {
  if (res.statusCode === 429) return false;
  expect([201, 404, 409], res.body).toContain(res.statusCode);
  if (res.statusCode === 201) expect(res.json().welcomeCoupon).toBeNull();
  return true;
}

describe("guessing codes from one address", () => {
  const limit = ABUSE_LIMITS.codeMisses.limit;

  it("answers at most codeMisses guesses per window, whichever methods and routes are used", async () => {
    const ip = "10.88.0.1";
    let answered = 0;
    let refusedInARow = 0;
    // Round robin over every probe until each of them has been refused at least once in a row.
    for (let i = 0; refusedInARow < NAMES.length; i++) {
      const name = NAMES[i % NAMES.length];
      const res = await PROBES[name](freshCode(), ip);
      if (revealed(res)) {
        answered++;
        refusedInARow = 0;
      } else {
        expect(res.headers["retry-after"], name).toBeDefined();
        refusedInARow++;
      }
      // A real client's own code in between never spends the allowance while it lasts.
      if (answered < limit && i % 7 === 0) {
        expect((await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${realCode}`, remoteAddress: ip })).statusCode).toBe(200);
      }
      expect(i, "the guard never stopped the guesser").toBeLessThan(limit * 3);
    }
    expect(answered).toBe(limit);
    // Past the allowance even the right code is refused from this address, on every method.
    for (const method of ["GET", "HEAD"] as const) {
      expect((await t.app.inject({ method, url: `/api/clients/trackings?code=${realCode}`, remoteAddress: ip })).statusCode).toBe(429);
    }
    // docs/security.md states this very figure.
    const doc = readFileSync("docs/security.md", "utf8");
    const stated = `**${answered} guesses per address and window**`;
    expect(doc.includes(stated), `docs/security.md must say ${stated}`).toBe(true);
  });

  it("answers no more when the guesses come all at once", async () => {
    const ip = "10.88.0.2";
    const burst = Array.from({ length: limit * 3 }, (_, i) => PROBES[NAMES[i % NAMES.length]](freshCode(), ip));
    const answers = await Promise.all(burst);
    expect(answers.filter(revealed).length).toBe(limit);
  });
});
