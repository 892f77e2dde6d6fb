// Staff managing client records over HTTP (issue 18 item 13; decisions 120, 121): create with the
// registration rules, edit, delete (refused while packages are on their way), merge (packages,
// status history, searches, coupons and referrals move; a shared tracking code refuses it), and
// the paged 'Ver todos'.
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { clientTrackings, clients, coupons, notificationOutbox, partsSearches, referrals, trackingStatusHistory } from "../../db/schema";
import { addTestPackage, clientIdOf, registerTestClient, uniquePhone } from "../../test/clients";
import {
  ADMIN_CLIENT_NOT_FOUND,
  type TAdminClientRecordResponse,
  type TAdminClientTrackingsResponse,
  type TDeleteClientResponse,
  type TMergeClientsResponse,
  CLIENT_LOOKALIKE_CODE,
  clientLookalikeMessage,
} from "../../../shared/api/admin/clients";
import { REGISTER_WHATSAPP_NOT_CR } from "../../../shared/api/clients";
import type { TrackingStatus } from "../../../shared/domain/statuses";

const t = useTestApp();

const uniqueTracking = (prefix = "MNG") => uniqueTrackingCode(prefix);
const idOf = (code: string) => clientIdOf(t.ctx.db, code);
const addPackage = (clientId: number, trackingCode: string, estado?: TrackingStatus) => addTestPackage(t.ctx.db, clientId, trackingCode, estado);

const call = (method: "POST" | "PATCH" | "DELETE" | "GET", url: string, payload?: unknown, auth = true) =>
  t.app.inject({ method, url, payload: payload as object | undefined, headers: auth ? t.adminHeaders() : {} });

async function newClient(nombre = "Carmen Rojas Vega") {
  const c = await registerTestClient(t.app, { nombre });
  return { ...c, id: await idOf(c.clientCode) };
}

describe("POST /api/admin/clients", () => {
  it("creates a client with a new code, the registration rules and notes, and queues the welcome", async () => {
    const phone = uniquePhone();
    const res = await call("POST", "/api/admin/clients", {
      nombre: "  José   Pérez  ",
      telefono: `${phone.slice(0, 4)}-${phone.slice(4)}`,
      direccion: "San Ramón, 100 m sur de la iglesia",
      email: "",
      notas: "Llama antes de entregar\r\nPrefiere tardes",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { client } = res.json() as TAdminClientRecordResponse;
    expect(client).toMatchObject({
      nombre: "José Pérez",
      telefono: `+506${phone}`,
      email: null,
      notas: "Llama antes de entregar\nPrefiere tardes",
    });
    expect(client.clientCode).toMatch(/^EX[A-Z0-9]{6}$/);
    const [row] = await t.ctx.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row.referralCode).toMatch(/^EX[A-Z0-9]{6}$/);
    expect(row.codeLookalikeFree).toBe(true);
    const welcome = await t.ctx.db.select().from(notificationOutbox).where(and(eq(notificationOutbox.clientId, client.id), eq(notificationOutbox.kind, "WELCOME")));
    expect(welcome).toHaveLength(1);
  });

  it("asks first (409 CLIENT_LOOKALIKE) for a look-alike: same name without accents, or a WhatsApp one digit off; creates it when confirmed", async () => {
    const existing = await newClient("Rosaura Quirós Víquez");
    const count = async () => (await t.ctx.db.select({ id: clients.id }).from(clients)).length;
    const before = await count();
    const sameName = await call("POST", "/api/admin/clients", { nombre: "rosaura  quiros viquez", telefono: uniquePhone(), direccion: "Heredia centro, frente al parque" });
    expect(sameName.statusCode, sameName.body).toBe(409);
    expect(sameName.json()).toMatchObject({ code: CLIENT_LOOKALIKE_CODE, lookalikes: [{ clientCode: existing.clientCode, reason: "nombre" }] });
    expect(sameName.json().message).toBe(clientLookalikeMessage([{ clientCode: existing.clientCode, nombre: "Rosaura Quirós Víquez", reason: "nombre" }]));

    const local = existing.telefono;
    const offByOne = `${local.slice(0, 7)}${(Number(local[7]) + 1) % 10}`;
    const nearPhone = await call("POST", "/api/admin/clients", { nombre: "Persona Distinta Ureña", telefono: offByOne, direccion: "Heredia centro, frente al parque" });
    expect(nearPhone.statusCode, nearPhone.body).toBe(409);
    expect(nearPhone.json()).toMatchObject({ code: CLIENT_LOOKALIKE_CODE, lookalikes: [{ clientCode: existing.clientCode, reason: "telefono" }] });
    expect(await count()).toBe(before);

    // Confirmed by staff: created.
    const confirmed = await call("POST", "/api/admin/clients", { nombre: "Persona Distinta Ureña", telefono: offByOne, direccion: "Heredia centro, frente al parque", confirmar: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await count()).toBe(before + 1);
    // Nothing alike: no question.
    const unrelated = await call("POST", "/api/admin/clients", { nombre: "Tobías Zamora Fallas", telefono: uniquePhone(), direccion: "Heredia centro, frente al parque" });
    expect(unrelated.statusCode, unrelated.body).toBe(201);
  });

  it("refuses a phone another client holds (409 naming that client) and bad input, changing nothing", async () => {
    const existing = await newClient("Marta Solano");
    const before = (await t.ctx.db.select({ id: clients.id }).from(clients)).length;
    const dup = await call("POST", "/api/admin/clients", { nombre: "Otra Persona", telefono: `+506 ${existing.telefono}`, direccion: "Heredia centro, frente al parque" });
    expect(dup.statusCode).toBe(409);
    expect((dup.json() as { message: string }).message).toContain(existing.clientCode);

    const bad = [
      { nombre: "Ana2", telefono: uniquePhone(), direccion: "Heredia centro, frente al parque" },
      { nombre: "Ana Mora", telefono: "12345678", direccion: "Heredia centro, frente al parque" },
      { nombre: "Ana Mora", telefono: uniquePhone(), direccion: "corta" },
      { nombre: "Ana Mora", telefono: uniquePhone(), direccion: "Heredia centro, frente al parque", email: "no-es-email" },
      { nombre: "Ana Mora", telefono: uniquePhone(), direccion: "Heredia centro, frente al parque", notas: "a\u0000b" },
    ];
    for (const body of bad) {
      const res = await call("POST", "/api/admin/clients", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const notCr = await call("POST", "/api/admin/clients", { nombre: "Ana Mora", telefono: "12345678", direccion: "Heredia centro, frente al parque" });
    expect((notCr.json() as { message: string }).message).toBe(REGISTER_WHATSAPP_NOT_CR);
    expect((await t.ctx.db.select({ id: clients.id }).from(clients)).length).toBe(before);
  });

  it("refuses a caller without a session on every new call", async () => {
    for (const [method, url] of [
      ["POST", "/api/admin/clients"],
      ["PATCH", "/api/admin/clients/1"],
      ["DELETE", "/api/admin/clients/1"],
      ["POST", "/api/admin/clients/1/merge"],
      ["GET", "/api/admin/clients/1/trackings"],
    ] as const) {
      expect((await call(method, url, method === "GET" || method === "DELETE" ? undefined : {}, false)).statusCode, url).toBe(401);
    }
  });
});

describe("PATCH /api/admin/clients/{id}", () => {
  it("changes only what is sent, clears email and notes with an empty value", async () => {
    const c = await newClient();
    const phone = uniquePhone();
    const res = await call("PATCH", `/api/admin/clients/${c.id}`, { nombre: "Carmen Rojas", telefono: phone, email: "carmen@example.com", notas: "VIP" });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TAdminClientRecordResponse).client).toMatchObject({
      clientCode: c.clientCode,
      nombre: "Carmen Rojas",
      telefono: `+506${phone}`,
      email: "carmen@example.com",
      notas: "VIP",
      direccion: "Grecia centro, 200 m norte del parque",
    });
    const cleared = await call("PATCH", `/api/admin/clients/${c.id}`, { email: "", notas: "  " });
    expect((cleared.json() as TAdminClientRecordResponse).client).toMatchObject({ email: null, notas: null, nombre: "Carmen Rojas" });
  });

  it("refuses another client's phone, an empty change and an unknown id", async () => {
    const a = await newClient();
    const b = await newClient();
    const taken = await call("PATCH", `/api/admin/clients/${a.id}`, { telefono: b.telefono });
    expect(taken.statusCode).toBe(409);
    // Its own number, typed another way, is no conflict.
    expect((await call("PATCH", `/api/admin/clients/${a.id}`, { telefono: `+506 ${a.telefono}` })).statusCode).toBe(200);
    expect((await call("PATCH", `/api/admin/clients/${a.id}`, {})).statusCode).toBe(400);
    const missing = await call("PATCH", "/api/admin/clients/2147483000", { notas: "x" });
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as { message: string }).message).toBe(ADMIN_CLIENT_NOT_FOUND);
  });

  it("shows the notes in the panel's list", async () => {
    const c = await newClient();
    await call("PATCH", `/api/admin/clients/${c.id}`, { notas: "Cliente mayorista" });
    const res = await call("GET", `/api/clients?q=${c.clientCode}`);
    expect((res.json() as { clients: { notas: string | null }[] }).clients[0].notas).toBe("Cliente mayorista");
  });
});

describe("DELETE /api/admin/clients/{id}", () => {
  it("refuses while a package is not delivered, then removes the client with its delivered packages", async () => {
    const c = await newClient();
    await addPackage(c.id, uniqueTracking(), "ENTREGADO");
    const active = await addPackage(c.id, uniqueTracking(), "EN_ADUANAS");
    const refused = await call("DELETE", `/api/admin/clients/${c.id}`);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as { message: string }).message).toMatch(/1 paquete sin entregar/);
    expect(await t.ctx.db.select().from(clients).where(eq(clients.id, c.id))).toHaveLength(1);

    await t.ctx.db.update(clientTrackings).set({ estado: "ENTREGADO", pesoPieCubicos: "1000", montoColones: 0 }).where(eq(clientTrackings.id, active.id));
    const res = await call("DELETE", `/api/admin/clients/${c.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as TDeleteClientResponse).toEqual({ success: true, id: c.id, deletedTrackings: 2 });
    expect(await t.ctx.db.select().from(clients).where(eq(clients.id, c.id))).toEqual([]);
    expect(await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.clientId, c.id))).toEqual([]);
    // The queued welcome is never sent to a removed client.
    expect(await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.clientId, c.id))).toEqual([]);
    expect((await call("DELETE", `/api/admin/clients/${c.id}`)).statusCode).toBe(404);
  });
});

describe("POST /api/admin/clients/{id}/merge", () => {
  it("moves packages with their history, searches, coupons and referrals into the kept record and removes the other", async () => {
    const keep = await newClient("Luis Arce");
    const from = await newClient("Luis Arce Mora");
    await call("PATCH", `/api/admin/clients/${keep.id}`, { notas: "Nota del primero" });
    await call("PATCH", `/api/admin/clients/${from.id}`, { notas: "Nota del segundo", email: "luis@example.com" });
    const pkg = await addPackage(from.id, uniqueTracking(), "EN_BODEGA_MIAMI");
    await t.ctx.db.insert(partsSearches).values({ clientId: from.id, marca: "Toyota", modelo: "Corolla", anio: 2010 });
    const friend = await registerTestClient(t.app, { nombre: "Amigo Referido", referrerCode: from.clientCode });
    const friendId = await idOf(friend.clientCode);
    await t.ctx.db.insert(coupons).values({ clientId: from.id, discountPercent: 10, reason: "REFERIDO", expiresAt: new Date(Date.now() + 86_400_000) });

    const res = await call("POST", `/api/admin/clients/${keep.id}/merge`, { from: from.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TMergeClientsResponse;
    expect(body.client).toMatchObject({ id: keep.id, clientCode: keep.clientCode, nombre: "Luis Arce", email: "luis@example.com", notas: "Nota del primero\n\nNota del segundo" });
    expect(body.moved).toEqual({ trackings: 1, searches: 1, coupons: 1, referrals: 1 });

    const [moved] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, pkg.id));
    expect(moved.clientId).toBe(keep.id);
    expect(await t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, pkg.id))).toHaveLength(1);
    expect(await t.ctx.db.select().from(partsSearches).where(eq(partsSearches.clientId, keep.id))).toHaveLength(1);
    const [ref] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredClientId, friendId));
    expect(ref.referrerClientId).toBe(keep.id);
    expect(await t.ctx.db.select().from(clients).where(eq(clients.id, from.id))).toEqual([]);
    // The removed record's queued welcome (with its removed code) is dropped, the kept one's stays.
    const welcomes = await t.ctx.db.select().from(notificationOutbox).where(and(eq(notificationOutbox.clientId, keep.id), eq(notificationOutbox.kind, "WELCOME")));
    expect(welcomes).toHaveLength(1);
    expect(welcomes[0].body).toContain(keep.clientCode);

    const page = (await call("GET", `/api/admin/clients/${keep.id}/trackings`)).json() as TAdminClientTrackingsResponse;
    expect(page.trackings.map((x) => x.id)).toEqual([pkg.id]);
  });

  it("refuses when both hold the same tracking code, itself, and unknown ids, changing nothing", async () => {
    const a = await newClient();
    const b = await newClient();
    const code = uniqueTracking("DUP");
    await addPackage(a.id, code);
    const other = await addPackage(b.id, code);
    const res = await call("POST", `/api/admin/clients/${a.id}/merge`, { from: b.id });
    expect(res.statusCode).toBe(409);
    expect((res.json() as { message: string }).message).toContain(code);
    const [still] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, other.id));
    expect(still.clientId).toBe(b.id);
    expect(await t.ctx.db.select().from(clients).where(eq(clients.id, b.id))).toHaveLength(1);

    expect((await call("POST", `/api/admin/clients/${a.id}/merge`, { from: a.id })).statusCode).toBe(400);
    expect((await call("POST", `/api/admin/clients/${a.id}/merge`, { from: 2147483000 })).statusCode).toBe(404);
    expect((await call("POST", `/api/admin/clients/2147483000/merge`, { from: a.id })).statusCode).toBe(404);
    expect((await call("POST", `/api/admin/clients/${a.id}/merge`, { from: "x" })).statusCode).toBe(400);
  });

  it("drops a referral between the two records of one person", async () => {
    const keep = await newClient();
    const from = await registerTestClient(t.app, { nombre: "Mismo Cliente", referrerCode: keep.clientCode });
    const fromId = await idOf(from.clientCode);
    expect(await t.ctx.db.select().from(referrals).where(eq(referrals.referredClientId, fromId))).toHaveLength(1);
    const res = await call("POST", `/api/admin/clients/${keep.id}/merge`, { from: fromId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.ctx.db.select().from(referrals).where(eq(referrals.referrerClientId, keep.id))).toEqual([]);
  });
});

describe("GET /api/admin/clients/{id}/trackings (paged)", () => {
  it("pages a client with many packages, newest first, with the total; matching ones first", async () => {
    const c = await newClient();
    const prefix = uniqueTracking("PG");
    await t.ctx.db.insert(clientTrackings).values(
      Array.from({ length: 45 }, (_, i) => ({ clientId: c.id, trackingCode: `${prefix}X${i}`, createdAt: new Date(Date.now() - i * 60_000) })),
    );
    const get = async (q: string) => {
      const res = await call("GET", `/api/admin/clients/${c.id}/trackings?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TAdminClientTrackingsResponse;
    };
    const first = await get("");
    expect(first).toMatchObject({ total: 45, page: 1, pageSize: 20 });
    expect(first.trackings).toHaveLength(20);
    expect(first.trackings[0].trackingCode).toBe(`${prefix}X0`);
    const third = await get("page=3");
    expect(third.trackings.map((x) => x.trackingCode)).toEqual([40, 41, 42, 43, 44].map((i) => `${prefix}X${i}`));
    expect((await get("page=4")).trackings).toEqual([]);

    const matched = await get(`q=${prefix}X44&pageSize=5`);
    expect(matched.trackings[0]).toMatchObject({ trackingCode: `${prefix}X44`, matchesFilters: true });
    expect(matched.trackings[1].matchesFilters).toBe(false);

    for (const q of ["pageSize=101", "pageSize=0", "page=0", "estado=PERDIDO"]) {
      expect((await call("GET", `/api/admin/clients/${c.id}/trackings?${q}`)).statusCode, q).toBe(400);
    }
    expect((await call("GET", "/api/admin/clients/2147483000/trackings")).statusCode).toBe(404);
  });
});
