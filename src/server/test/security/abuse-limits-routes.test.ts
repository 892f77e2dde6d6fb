// Every named abuse limit is applied on its routes and follows RATE_LIMITS: with each limit set
// to 2, the third request from one address answers 429 with that limit's Spanish message and
// Retry-After, while another address still gets through. A limit added to the table without a
// route exercise here fails the test. The sign-in's limits never refuse (decision 143): past their
// free failures they answer the 428 that asks for a proof of work, and a known device past its own
// allowance is counted as a stranger.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABUSE_LIMIT_NAMES, ABUSE_LIMITS, type AbuseLimitName } from "../../lib/abuse-limit-table";
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from "../app";
import { createTestStaff, TEST_STAFF_PASSWORD, type TestStaff } from "../staff";
import { registerTestClient, uniquePhone } from "../clients";
import { clients } from "../../db/schema";
import { generateClientCode } from "../../../shared/domain/client-code";

const LIMIT = 2;
let t: TestApp;
let clientCode: string;
let n = 0;

beforeAll(async () => {
  const overrides: Record<string, object> = Object.fromEntries(
    ABUSE_LIMIT_NAMES.map((name) => [name, { limit: LIMIT, windowMinutes: 30, ...(PRICED.includes(name) ? { challengeAfter: LIMIT } : {}) }]),
  );
  // One free miss: the code routes' own limits (2 here) must not answer first.
  overrides.codeMisses = { ...overrides.codeMisses, challengeAfter: 1 };
  t = await createTestApp({ env: { RATE_LIMIT: "on", RATE_LIMITS: JSON.stringify(overrides) } });
  ({ clientCode } = await registerTestClient(t.app, { nombre: "Cliente Con Límites" }));
});
afterAll(async () => {
  await t?.close();
});

const phones = new Map<string, string>();
const phoneOf = (address: string) => phones.get(address) ?? phones.set(address, uniquePhone()).get(address)!;

/** A client of its own per test address (written directly: registrations have their own limit). */
const codes = new Map<string, string>();
async function codeOf(address: string): Promise<string> {
  const known = codes.get(address);
  if (known) return known;
  const code = generateClientCode();
  await t.ctx.db.insert(clients).values({ clientCode: code, codeLookalikeFree: true, nombre: "Cliente Con Límites", direccion: "Grecia centro", telefono: uniquePhone() });
  codes.set(address, code);
  return code;
}
const preAlert = async (app: FastifyInstance, code: string, remoteAddress: string) =>
  app.inject({ method: "POST", url: "/api/clients/trackings", payload: { clientCode: code, trackingCode: `LIM${Date.now()}${++n}` }, remoteAddress });

/** Limits that price a sign-in instead of refusing it (decision 143). */
const PRICED: AbuseLimitName[] = ["adminLogin", "adminLoginAccount"];
const NEVER_REFUSED: AbuseLimitName[] = [...PRICED, "adminLoginDevice"];

/** An account of its own per test address, with a session and (once signed in) its known-device cookie. */
const people = new Map<string, Promise<TestStaff & { cookie: string }>>();
function personOf(address: string): Promise<TestStaff & { cookie: string }> {
  const known = people.get(address);
  if (known) return known;
  const made = (async () => {
    const staff = await createTestStaff(t, "oficina");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { login: staff.login, password: TEST_STAFF_PASSWORD },
      remoteAddress: `10.65.${++n % 250}.${Math.floor(n / 250) + 1}`,
    });
    const cookie = String(res.headers["set-cookie"]).split(";")[0];
    return { ...staff, cookie };
  })();
  people.set(address, made);
  return made;
}

type Send = (app: FastifyInstance, remoteAddress: string) => Promise<LightMyRequestResponse>;

/** One request each limit counts, as a real visitor would send it. */
const EXERCISES: Record<AbuseLimitName, Send> = {
  // A login of its own per address, so only the per-address count is reached.
  adminLogin: (app, remoteAddress) =>
    app.inject({ method: "POST", url: "/api/admin/login", payload: { login: `nadie-${remoteAddress}`, password: "equivocada" }, remoteAddress }),
  // Per account: one login per test address, each attempt from an address of its own.
  adminLoginAccount: (app, remoteAddress) =>
    app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { login: `cuenta-${remoteAddress}`, password: "equivocada" },
      remoteAddress: `10.69.${++n % 250}.${Math.floor(n / 250) + 1}`,
    }),
  // A known device's wrong passwords, each from an address of its own.
  adminLoginDevice: async (app, remoteAddress) => {
    const person = await personOf(remoteAddress);
    return app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { login: person.login, password: "equivocada" },
      headers: { cookie: person.cookie },
      remoteAddress: `10.64.${++n % 250}.${Math.floor(n / 250) + 1}`,
    });
  },
  // Wrong current passwords inside a session (an account of its own per address).
  adminOwnCheck: async (app, remoteAddress) => {
    const person = await personOf(remoteAddress);
    return app.inject({
      method: "POST",
      url: "/api/admin/me/password",
      headers: person.headers,
      payload: { currentPassword: "no-es-la-actual", newPassword: "girasol-azul-en-grecia" },
      remoteAddress,
    });
  },
  clientLookup: (app, remoteAddress) => app.inject({ method: "GET", url: `/api/clients/trackings?code=${clientCode}`, remoteAddress }),
  codeMisses: (app, remoteAddress) => app.inject({ method: "GET", url: `/api/coupons/EXNO${String(++n).padStart(4, "0")}`, remoteAddress }),
  // Each address writes to a client of its own, so only the per-address count is reached.
  clientWrite: async (app, remoteAddress) => preAlert(app, await codeOf(remoteAddress), remoteAddress),
  // Per client code: one client per test address, each attempt from an address of its own.
  clientWriteCode: async (app, remoteAddress) => preAlert(app, await codeOf(remoteAddress), `10.68.${++n % 250}.${Math.floor(n / 250) + 1}`),
  registration: (app, remoteAddress) =>
    app.inject({
      method: "POST",
      url: "/api/clients/register",
      payload: { nombre: "Registro Repetido", direccion: "Grecia centro, 100 m al sur", telefono: uniquePhone() },
      remoteAddress,
    }),
  // Per phone number: one number per test address, each attempt from an address of its own.
  registrationPhone: (app, remoteAddress) =>
    app.inject({
      method: "POST",
      url: "/api/clients/register",
      payload: { nombre: "Registro Repetido", direccion: "Grecia centro, 100 m al sur", telefono: phoneOf(remoteAddress) },
      remoteAddress: `10.67.${++n % 250}.${Math.floor(n / 250) + 1}`,
    }),
  challenge: (app, remoteAddress) => app.inject({ method: "GET", url: "/api/challenge", remoteAddress }),
  verification: (app, remoteAddress) => app.inject({ method: "GET", url: `/api/clients/verify/${clientCode}`, remoteAddress }),
  partsSearch: (app, remoteAddress) =>
    app.inject({ method: "POST", url: "/api/parts-assistant", payload: { clientCode, marca: "Toyota", modelo: "Yaris", anio: 2012, parte: "Filtro" }, remoteAddress }),
  upload: (app, remoteAddress) => app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress }),
  contact: (app, remoteAddress) =>
    app.inject({ method: "POST", url: "/api/contact", payload: { nombre: "Ana", email: "ana@example.com", mensaje: "Quisiera cotizar un envío." }, remoteAddress }),
  productAnalysis: (app, remoteAddress) =>
    app.inject({ method: "POST", url: "/api/product-analysis", payload: { description: "Audífonos inalámbricos" }, remoteAddress }),
  whatsappNotice: (app, remoteAddress) =>
    app.inject({
      method: "POST",
      url: "/api/tracking/whatsapp/add",
      payload: { whatsapp: `+506${uniquePhone()}`, nombre: "Aviso Repetido", trackingCodes: [`WAL${Date.now()}${++n}`] },
      remoteAddress,
    }),
};

describe("each named limit on its routes, as configured", () => {
  it("has a route exercise for every limit in the table", () => {
    expect(Object.keys(EXERCISES).sort()).toEqual([...ABUSE_LIMIT_NAMES].sort());
  });

  // codeMisses sets a price, never a 429 (decision 144), and the sign-in's limits too (decision 143): their own cases below.
  ABUSE_LIMIT_NAMES.forEach((name, index) => {
    if (NEVER_REFUSED.includes(name) || name === "codeMisses") return;
    it(`${name}: ${LIMIT} pass, the next is a Spanish 429 with Retry-After, another address passes`, async () => {
      const address = `10.66.${index}.1`;
      for (let i = 0; i < LIMIT; i++) {
        const res = await EXERCISES[name](t.app, address);
        expect(res.statusCode, `${name} #${i + 1}: ${res.body}`).not.toBe(429);
        expect(res.statusCode, `${name} #${i + 1}: ${res.body}`).toBeLessThan(500);
      }
      const refused = await EXERCISES[name](t.app, address);
      expect(refused.statusCode, refused.body).toBe(429);
      const message = ABUSE_LIMITS[name].message;
      expect(refused.json().message).toBe(typeof message === "function" ? message(30) : message);
      expect(refused.json().code).toBe("RATE_LIMITED");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      const other = await EXERCISES[name](t.app, `10.66.${index}.2`);
      expect(other.statusCode, other.body).not.toBe(429);
    });
  });

  it("codeMisses: its free misses pass, the next asks for a challenge (428, never a 429), another address passes", async () => {
    const address = "10.66.201.1";
    expect((await EXERCISES.codeMisses(t.app, address)).statusCode).toBe(404);
    const asked = await EXERCISES.codeMisses(t.app, address);
    expect(asked.statusCode, asked.body).toBe(428);
    expect(asked.json()).toMatchObject({ code: "CHALLENGE_REQUIRED", price: 1 });
    expect((await EXERCISES.codeMisses(t.app, "10.66.201.2")).statusCode).toBe(404);
  });

  PRICED.forEach((name) => {
    it(`${name}: ${LIMIT} free, the next asks for a proof of work (428), never a 429, another address passes`, async () => {
      const address = `10.66.${ABUSE_LIMIT_NAMES.indexOf(name)}.1`;
      for (let i = 0; i < LIMIT; i++) {
        const res = await EXERCISES[name](t.app, address);
        expect(res.statusCode, `${name} #${i + 1}: ${res.body}`).toBe(401);
      }
      const priced = await EXERCISES[name](t.app, address);
      expect(priced.statusCode, priced.body).toBe(428);
      expect(priced.json()).toMatchObject({ code: "CHALLENGE_REQUIRED", challengeUrl: "/api/challenge?price=1", price: 1 });
      expect((await EXERCISES[name](t.app, `10.66.${ABUSE_LIMIT_NAMES.indexOf(name)}.2`)).statusCode).toBe(401);
    });
  });

  it(`adminLoginDevice: ${LIMIT} free from the known device, then it is counted as a stranger`, async () => {
    const address = `10.66.${ABUSE_LIMIT_NAMES.indexOf("adminLoginDevice")}.1`;
    const person = await personOf(address);
    const strangerCount = () => t.ctx.limiter.peek(`${ABUSE_LIMITS.adminLoginAccount.key}:${person.login}`);
    for (let i = 0; i < LIMIT; i++) expect((await EXERCISES.adminLoginDevice(t.app, address)).statusCode).toBe(401);
    expect(await strangerCount()).toBe(0);
    expect((await EXERCISES.adminLoginDevice(t.app, address)).statusCode).toBe(401);
    expect(await strangerCount()).toBe(1);
  });

  it("a right password gets past the login limit with a proof of work, never a 429", async () => {
    const address = "10.66.200.1";
    for (let i = 0; i < LIMIT; i++) await EXERCISES.adminLogin(t.app, address);
    const priced = await t.app.inject({ method: "POST", url: "/api/admin/login", payload: { password: TEST_ADMIN_PASSWORD }, remoteAddress: address });
    expect(priced.statusCode).toBe(428);
  });
});
