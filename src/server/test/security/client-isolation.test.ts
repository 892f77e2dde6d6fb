// Clients are known only by their code: this proves that holding client A's code reveals and
// changes nothing of client B — packages, coupons, referrals, quota and parts searches — on
// every public route that takes a client code or a package id, and that a package id of
// another client looks exactly like one that does not exist.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../app";
import { clientTrackings, clients, coupons, partsSearches, referrals } from "../../db/schema";
import { registerTestClient } from "../clients";
import type { TClientTracking } from "../../../shared/api/trackings";

let t: TestApp;

interface Party {
  code: string;
  nombre: string;
  id: number;
  tracking: TClientTracking;
}

let n = 0;
const trackingCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++n}`;

async function partyNamed(nombre: string, referrerCode?: string): Promise<Party> {
  const registered = await registerTestClient(t.app, { nombre, ...(referrerCode ? { referrerCode } : {}) });
  const [row] = await t.ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.clientCode, registered.clientCode));
  const res = await t.app.inject({
    method: "POST",
    url: "/api/clients/trackings",
    payload: { clientCode: registered.clientCode, trackingCode: trackingCode(nombre.slice(0, 3).toUpperCase()) },
  });
  expect(res.statusCode).toBe(201);
  return { code: registered.clientCode, nombre, id: row.id, tracking: res.json() };
}

/** Everything the database holds about one client, to compare before and after. */
async function snapshotOf(clientId: number) {
  const [client] = await t.ctx.db.select().from(clients).where(eq(clients.id, clientId));
  return {
    client,
    trackings: await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.clientId, clientId)).orderBy(clientTrackings.id),
    coupons: await t.ctx.db.select().from(coupons).where(eq(coupons.clientId, clientId)).orderBy(coupons.id),
    referrals: await t.ctx.db.select().from(referrals).where(eq(referrals.referrerClientId, clientId)).orderBy(referrals.id),
    searches: await t.ctx.db.select().from(partsSearches).where(eq(partsSearches.clientId, clientId)).orderBy(partsSearches.id),
  };
}

let a: Party;
let b: Party;

beforeAll(async () => {
  // Parts answers stand in for an AI's, so a search spends quota (store links alone spend none).
  const aiAnswers = { name: "openai" as const, search: async () => ({ results: [], fallbackUsado: false }) };
  t = await createTestApp({ env: { RATE_LIMIT: "off" }, deps: { providers: { parts: aiAnswers } } });
  a = await partyNamed("Alicia Aguilar Araya");
  b = await partyNamed("Bruno Barrantes Brenes");
  // B has a referral (a friend registered with B's code) and a parts search of its own.
  await registerTestClient(t.app, { nombre: "Carla Castro Cordero", referrerCode: b.code });
  const search = await t.app.inject({
    method: "POST",
    url: "/api/parts-assistant",
    payload: { clientCode: b.code, marca: "Toyota", modelo: "Hilux", anio: 2015, parte: "Alternador de Bruno" },
  });
  expect(search.statusCode).toBe(200);
  // A coupon each (as a referral reward would give), so the coupon answers have something to tell apart.
  const expiresAt = new Date(Date.now() + 30 * 86_400_000);
  await t.ctx.db.insert(coupons).values([
    { clientId: a.id, discountPercent: 5, reason: "REFERIDO", expiresAt },
    { clientId: b.id, discountPercent: 10, reason: "REFERIDO", expiresAt },
  ]);
});

afterAll(async () => {
  await t?.close();
});

/** B's identifying facts, none of which may appear in an answer given for A's code. */
const secretsOfB = () => [b.code, b.nombre, b.tracking.trackingCode, "Carla", "Alternador de Bruno"];

function expectNothingOfB(body: string) {
  for (const secret of secretsOfB()) expect(body, `leaks ${secret}`).not.toContain(secret);
}

describe("reading with client A's code", () => {
  it("lists only A's packages", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${a.code}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.client.clientCode).toBe(a.code);
    expect(body.trackings.map((p: TClientTracking) => p.id)).toEqual([a.tracking.id]);
    expectNothingOfB(res.body);
  });

  it("shows only A's coupons", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/coupons/${a.code.toLowerCase()}` });
    expect(res.statusCode).toBe(200);
    const ids = [...res.json().available, ...res.json().used, ...res.json().expired].map((c: { id: number }) => c.id);
    const own = (await snapshotOf(a.id)).coupons.map((c) => c.id);
    const others = (await snapshotOf(b.id)).coupons.map((c) => c.id);
    expect(others.length).toBeGreaterThan(0);
    expect(own.length).toBeGreaterThan(0);
    expect(ids.sort()).toEqual(own.sort());
    expectNothingOfB(res.body);
  });

  it("shows none of B's referrals", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/referrals/${a.code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().referrals).toEqual([]);
    expectNothingOfB(res.body);
    // B sees its own, so the check above is not vacuous.
    const own = await t.app.inject({ method: "GET", url: `/api/referrals/${b.code}` });
    expect(own.json().referrals).toHaveLength(1);
  });

  it("verifies as A with A's quota, untouched by B's search", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/clients/verify/${a.code}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().client).toMatchObject({ nombre: a.nombre, searchCount: 0 });
    expectNothingOfB(res.body);
  });

  it("never matches B by a prefix, a pattern or a second parameter", async () => {
    const tries = [
      `/api/clients/trackings?code=${b.code.slice(0, 7)}%25`,
      `/api/clients/trackings?code=${b.code.slice(0, 7)}_`,
      `/api/clients/trackings?code=${a.code}&code=${b.code}`,
      `/api/clients/trackings?code[]=${b.code}`,
      `/api/clients/verify/${b.code.slice(0, 5)}`,
      `/api/clients/verify/${b.code.slice(0, 7)}%25`,
      `/api/coupons/${b.code.slice(0, 7)}%25`,
      `/api/referrals/${b.code.slice(0, 7)}_`,
    ];
    for (const url of tries) {
      const res = await t.app.inject({ method: "GET", url });
      expect([400, 404], url).toContain(res.statusCode);
      expectNothingOfB(res.body);
    }
  });
});

describe("changing with client A's code", () => {
  it("cannot edit B's package, and the refusal is the same as for a package that does not exist", async () => {
    const before = await snapshotOf(b.id);
    const payload = { clientCode: a.code, trackingCode: "ROBADO123", origen: "CHINA", formaEnvio: "BARCO", clientId: a.id };
    const res = await t.app.inject({ method: "PATCH", url: `/api/clients/trackings/${b.tracking.id}`, payload });
    const missing = await t.app.inject({ method: "PATCH", url: `/api/clients/trackings/2147483000`, payload });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(missing.body);
    expect(await snapshotOf(b.id)).toEqual(before);
  });

  it("cannot delete B's package", async () => {
    const before = await snapshotOf(b.id);
    const res = await t.app.inject({ method: "DELETE", url: `/api/clients/trackings/${b.tracking.id}`, payload: { clientCode: a.code } });
    const missing = await t.app.inject({ method: "DELETE", url: `/api/clients/trackings/2147483000`, payload: { clientCode: a.code } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(missing.body);
    expect(await snapshotOf(b.id)).toEqual(before);
  });

  it("cannot reach B's package through the id in the body or the query", async () => {
    const before = await snapshotOf(b.id);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/clients/trackings/${a.tracking.id}?id=${b.tracking.id}&clientCode=${b.code}`,
      payload: { clientCode: a.code, trackingCode: a.tracking.trackingCode, id: b.tracking.id, trackingId: b.tracking.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(a.tracking.id);
    expect(await snapshotOf(b.id)).toEqual(before);
  });

  it("spends only A's search quota and records the search as A's", async () => {
    const before = await snapshotOf(b.id);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/parts-assistant",
      payload: { clientCode: a.code, marca: "Nissan", modelo: "Frontier", anio: 2018, parte: "Bomba de agua", clientId: b.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().clientInfo).toMatchObject({ nombre: a.nombre, searchCount: 1 });
    expectNothingOfB(res.body);
    const afterA = await snapshotOf(a.id);
    expect(afterA.searches.map((s) => s.clientId)).toEqual([a.id]);
    expect(afterA.client.searchCount).toBe(1);
    expect(await snapshotOf(b.id)).toEqual(before);
  });

  it("leaves B's package with B when A pre-alerts the same tracking code", async () => {
    const before = await snapshotOf(b.id);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/clients/trackings",
      payload: { clientCode: a.code, trackingCode: b.tracking.trackingCode },
    });
    // Two clients may track one number; A gets its own row and learns nothing of B's.
    expect(res.statusCode).toBe(201);
    expect(res.json().id).not.toBe(b.tracking.id);
    expectNothingOfB(res.body.replace(b.tracking.trackingCode, ""));
    expect(await snapshotOf(b.id)).toEqual(before);
  });
});
