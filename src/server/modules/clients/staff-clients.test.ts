// The admin client list over HTTP: search by name, code, phone and tracking code, the WhatsApp,
// update and status filters, paging, the packages sent with each client, the stat cards' own call
// (decision 232) and the welcome mark. Every test searches for its own unique name so other tests' clients never interfere.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { auditLog, clientTrackings, clients, notificationOutbox } from "../../db/schema";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { createTestStaff } from "../../test/staff";
import {
  ADMIN_CLIENT_NOT_FOUND,
  TRACKINGS_INLINE,
  type TAdminClientStats,
  type TAdminClientsResponse,
  type TWhatsappSentResponse,
} from "../../../shared/api/admin/clients";
import type { TrackingStatus } from "../../../shared/domain/statuses";

const t = useTestApp();

/** A word no other client's name contains (letters only, as names are). */
const uniqueWord = () =>
  Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26)))
    .join("")
    .replace(/^./, (c) => c.toUpperCase());

const uniqueTracking = (prefix = "ADM") => uniqueTrackingCode(prefix);

async function list(query: string): Promise<TAdminClientsResponse> {
  const res = await t.app.inject({ method: "GET", url: `/api/clients?${query}`, headers: t.adminHeaders() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAdminClientsResponse;
}

async function stats(): Promise<TAdminClientStats> {
  const res = await t.app.inject({ method: "GET", url: "/api/admin/clients/stats", headers: t.adminHeaders() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAdminClientStats;
}

const addPackage = async (clientCode: string, trackingCode: string, estado?: TrackingStatus) =>
  addTestPackage(t.ctx.db, await clientIdOf(t.ctx.db, clientCode), trackingCode, estado);

describe("GET /api/clients", () => {
  it("refuses a caller without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/clients" });
    expect(res.statusCode).toBe(401);
  });

  it("finds a client by a piece of the name in any case, by client code and by phone digits", async () => {
    const word = uniqueWord();
    const client = await registerTestClient(t.app, { nombre: `Lucía ${word} Mora` });
    const byName = await list(`q=${word.slice(1, 6).toLowerCase()}`);
    expect(byName.clients.map((c) => c.clientCode)).toContain(client.clientCode);

    const byCode = await list(`q=${client.clientCode.toLowerCase()}`);
    expect(byCode.filteredTotal).toBe(1);
    expect(byCode.clients[0]).toMatchObject({ clientCode: client.clientCode, nombre: `Lucía ${word} Mora` });

    const formatted = `${client.telefono.slice(0, 4)}-${client.telefono.slice(4)}`;
    const byPhone = await list(`q=${encodeURIComponent(formatted)}`);
    expect(byPhone.clients.map((c) => c.clientCode)).toContain(client.clientCode);
  });

  it("finds a client by any of its tracking codes, whole or its start, and lists the matching package first", async () => {
    const client = await registerTestClient(t.app, { nombre: `Tomás ${uniqueWord()}` });
    const code = uniqueTracking("1ZADM");
    const older = await addPackage(client.clientCode, code);
    await addPackage(client.clientCode, uniqueTracking("OTHER"));

    for (const q of [code, code.toLowerCase(), code.slice(0, code.length - 2)]) {
      const body = await list(`q=${encodeURIComponent(q)}`);
      const found = body.clients.find((c) => c.clientCode === client.clientCode);
      expect(found, q).toBeDefined();
      expect(found!.trackingCount).toBe(2);
      expect(found!.trackings[0]).toMatchObject({ id: older.id, trackingCode: code, matchesFilters: true });
      expect(found!.trackings[1].matchesFilters).toBe(false);
    }
  });

  it("finds a name typed without accents or in any case ('jimenez' finds 'Jiménez')", async () => {
    const word = uniqueWord();
    const client = await registerTestClient(t.app, { nombre: `Ana Jiménez Ñúñez ${word}` });
    for (const q of [`jimenez nunez ${word}`, `JIMÉNEZ ñuñez ${word.toLowerCase()}`, `Jimenez Nuñez ${word.toUpperCase()}`]) {
      const body = await list(`q=${encodeURIComponent(q)}`);
      expect(body.clients.map((c) => c.clientCode), q).toEqual([client.clientCode]);
    }
  });

  it("finds a package by any part of its tracking code: the last digits read off a label", async () => {
    const client = await registerTestClient(t.app, { nombre: `Rocío ${uniqueWord()}` });
    const tail = String(Date.now()).slice(-7);
    const code = `1Z999AA10${tail}`;
    const tracking = await addPackage(client.clientCode, code);
    await addPackage(client.clientCode, uniqueTracking("OTHER"));
    for (const q of [tail.slice(-4), tail, `aa10${tail}`]) {
      const body = await list(`q=${encodeURIComponent(q)}`);
      const found = body.clients.find((c) => c.clientCode === client.clientCode);
      expect(found, q).toBeDefined();
      expect(found!.trackings[0], q).toMatchObject({ id: tracking.id, trackingCode: code, matchesFilters: true });
      expect(found!.trackings[1].matchesFilters, q).toBe(false);
    }
  });

  it("finds a phone however it was typed or stored: spaces, dashes, the +506 prefix", async () => {
    const registered = await registerTestClient(t.app, { nombre: `Andrés ${uniqueWord()}` });
    const imported = await registerTestClient(t.app, { nombre: `Inés ${uniqueWord()}` });
    // A phone as an imported sheet left it: no prefix, a space in the middle.
    const digits = imported.telefono;
    await t.ctx.db
      .update(clients)
      .set({ telefono: `${digits.slice(0, 4)} ${digits.slice(4)}` })
      .where(eq(clients.clientCode, imported.clientCode));
    const typings = (d: string) => [d, `${d.slice(0, 4)}-${d.slice(4)}`, `+506 ${d}`, `506-${d.slice(0, 4)}-${d.slice(4)}`, `(506) ${d.slice(0, 4)} ${d.slice(4)}`];
    for (const [client, d] of [[registered, registered.telefono], [imported, digits]] as const) {
      for (const q of typings(d)) {
        const body = await list(`q=${encodeURIComponent(q)}`);
        expect(body.clients.map((c) => c.clientCode), q).toContain(client.clientCode);
      }
    }
  });

  it("matches LIKE wildcards literally", async () => {
    const body = await list("q=%25_%25");
    expect(body.filteredTotal).toBe(0);
  });

  it("pages newest first and reports the filtered count (every client without a filter)", async () => {
    const word = uniqueWord();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await registerTestClient(t.app, { nombre: `Cliente ${word} ${"ABC"[i]}` }));
    const first = await list(`q=${word}&pageSize=2&page=1`);
    const second = await list(`q=${word}&pageSize=2&page=2`);
    expect(first).toMatchObject({ filteredTotal: 3, page: 1, pageSize: 2 });
    expect((await list("pageSize=1")).filteredTotal).toBe((await stats()).totalClients);
    expect([...first.clients, ...second.clients].map((c) => c.clientCode)).toEqual(
      made.map((c) => c.clientCode).reverse(),
    );
    expect((await list(`q=${word}&pageSize=2&page=5`)).clients).toEqual([]);
  });

  it("filters by welcome state, counting a welcome the provider delivered as sent", async () => {
    const word = uniqueWord();
    const pending = await registerTestClient(t.app, { nombre: `Pendiente ${word}` });
    const marked = await registerTestClient(t.app, { nombre: `Marcado ${word}` });
    const delivered = await registerTestClient(t.app, { nombre: `Entregado ${word}` });
    const before = await list(`q=${word}`);
    const statsBefore = await stats();
    expect(before.clients.every((c) => c.whatsappEnviado === "PENDIENTE")).toBe(true);
    expect(before.clients[0].welcomeNotification).toMatchObject({ kind: "WELCOME", status: "PENDING" });

    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/clients/${marked.clientCode}/whatsapp-sent`,
      headers: t.adminHeaders(),
    });
    expect(res.statusCode).toBe(200);
    await t.ctx.db
      .update(notificationOutbox)
      .set({ status: "SENT", sentAt: new Date() })
      .where(eq(notificationOutbox.clientId, await clientIdOf(t.ctx.db, delivered.clientCode)));

    const pendientes = await list(`q=${word}&whatsapp=pendientes`);
    expect(pendientes.clients.map((c) => c.clientCode)).toEqual([pending.clientCode]);
    const enviados = await list(`q=${word}&whatsapp=enviados`);
    expect(enviados.clients.map((c) => c.clientCode).sort()).toEqual([marked.clientCode, delivered.clientCode].sort());
    expect(enviados.clients.find((c) => c.clientCode === delivered.clientCode)!.welcomeNotification?.status).toBe("SENT");
    expect(statsBefore.pendingWhatsapp - (await stats()).pendingWhatsapp).toBe(2);
  });

  it("filters by package status and by update day, on the same package", async () => {
    const word = uniqueWord();
    const customs = await registerTestClient(t.app, { nombre: `Aduanas ${word}` });
    const stale = await registerTestClient(t.app, { nombre: `Atrasado ${word}` });
    const delivered = await registerTestClient(t.app, { nombre: `Viejo ${word}` });
    await addPackage(customs.clientCode, uniqueTracking(), "EN_ADUANAS");
    const old = await addPackage(stale.clientCode, uniqueTracking(), "EN_BODEGA_MIAMI");
    const done = await addPackage(delivered.clientCode, uniqueTracking(), "ENTREGADO");
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    for (const id of [old.id, done.id]) {
      await t.ctx.db.update(clientTrackings).set({ updatedAt: threeDaysAgo }).where(eq(clientTrackings.id, id));
    }

    const codes = async (query: string) => (await list(`q=${word}&${query}`)).clients.map((c) => c.clientCode);
    expect(await codes("estado=EN_ADUANAS")).toEqual([customs.clientCode]);
    expect(await codes("estado=ENTREGADO")).toEqual([delivered.clientCode]);
    // A delivered package needs no daily update.
    expect(await codes("update=necesitan")).toEqual([stale.clientCode]);
    expect(await codes("update=hoy")).toEqual([customs.clientCode]);
    expect(await codes("update=hoy&estado=EN_BODEGA_MIAMI")).toEqual([]);
    expect(await codes("update=necesitan&estado=EN_BODEGA_MIAMI")).toEqual([stale.clientCode]);
  });

  it(`sends at most ${TRACKINGS_INLINE} packages per client and the rest page by page on request`, async () => {
    const client = await registerTestClient(t.app, { nombre: `Mayorista ${uniqueWord()}` });
    const clientId = await clientIdOf(t.ctx.db, client.clientCode);
    const prefix = uniqueTracking("BULK");
    await t.ctx.db.insert(clientTrackings).values(
      Array.from({ length: TRACKINGS_INLINE + 2 }, (_, i) => ({
        clientId,
        trackingCode: `${prefix}X${i}`,
        createdAt: new Date(Date.now() - i * 60_000),
      })),
    );
    const [found] = (await list(`q=${client.clientCode}`)).clients;
    expect(found.trackingCount).toBe(TRACKINGS_INLINE + 2);
    expect(found.trackings).toHaveLength(TRACKINGS_INLINE);
    expect(found.trackings[0].trackingCode).toBe(`${prefix}X0`);

    const res = await t.app.inject({ method: "GET", url: `/api/admin/clients/${clientId}/trackings`, headers: t.adminHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: TRACKINGS_INLINE + 2, page: 1, pageSize: 20 });
    const last = await t.app.inject({ method: "GET", url: `/api/admin/clients/${clientId}/trackings?page=3`, headers: t.adminHeaders() });
    expect((last.json() as { trackings: unknown[] }).trackings).toHaveLength(TRACKINGS_INLINE + 2 - 40);
  });

  it("refuses unknown filters and pages with a Spanish message", async () => {
    for (const query of ["page=0", "pageSize=500", "estado=PERDIDO", "whatsapp=quizas", "update=ayer"]) {
      const res = await t.app.inject({ method: "GET", url: `/api/clients?${query}`, headers: t.adminHeaders() });
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(/inválid/);
    }
  });
});

describe("GET /api/admin/clients/stats (the three stat cards, decision 232)", () => {
  it("refuses a caller without a session, and a role without Clientes, changing nothing", async () => {
    const before = await stats();
    expect((await t.app.inject({ method: "GET", url: "/api/admin/clients/stats" })).statusCode).toBe(401);
    const bodega = await createTestStaff(t, "bodega");
    const refused = await t.app.inject({ method: "GET", url: "/api/admin/clients/stats", headers: bodega.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: expect.any(String) });
    expect(await stats()).toEqual(before);
  });

  it("counts every client, the welcomes still pending and the packages not yet delivered, exactly, after each change", async () => {
    const before = await stats();
    const client = await registerTestClient(t.app, { nombre: `Contado ${uniqueWord()}` });
    const afterRegister = await stats();
    expect(afterRegister).toEqual({ ...before, totalClients: before.totalClients + 1, pendingWhatsapp: before.pendingWhatsapp + 1 });

    await addPackage(client.clientCode, uniqueTracking(), "EN_BODEGA_MIAMI");
    await addPackage(client.clientCode, uniqueTracking(), "ENTREGADO");
    const afterPackages = await stats();
    expect(afterPackages).toEqual({ ...afterRegister, activeTrackings: afterRegister.activeTrackings + 1 });

    const res = await t.app.inject({ method: "PATCH", url: `/api/clients/${client.clientCode}/whatsapp-sent`, headers: t.adminHeaders() });
    expect(res.statusCode).toBe(200);
    expect(await stats()).toEqual({ ...afterPackages, pendingWhatsapp: afterPackages.pendingWhatsapp - 1 });
  });

  it("matches the database's own counts", async () => {
    const [clientCount, active] = await Promise.all([
      t.ctx.db.$count(clients),
      t.ctx.db.$count(clientTrackings, sql`${clientTrackings.estado} <> 'ENTREGADO'`),
    ]);
    expect(await stats()).toMatchObject({ totalClients: clientCount, activeTrackings: active });
  });

  it("is no longer counted with each page of the list", async () => {
    const page = (await list("pageSize=1")) as Record<string, unknown>;
    expect(page).not.toHaveProperty("stats");
    expect(page).not.toHaveProperty("total");
  });
});

describe("PATCH /api/clients/{code}/whatsapp-sent", () => {
  it("marks the welcome sent once, keeps the first date and drops the queued copy", async () => {
    const client = await registerTestClient(t.app);
    const clientId = await clientIdOf(t.ctx.db, client.clientCode);
    const send = () =>
      t.app.inject({ method: "PATCH", url: `/api/clients/${client.clientCode}/whatsapp-sent`, headers: t.adminHeaders() });
    const first = await send();
    expect(first.statusCode).toBe(200);
    const body = first.json() as TWhatsappSentResponse;
    expect(body).toMatchObject({ clientCode: client.clientCode, whatsappEnviado: "ENVIADO" });
    const queued = await t.ctx.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.clientId, clientId), eq(notificationOutbox.kind, "WELCOME")));
    expect(queued).toEqual([]);
    const again = (await send()).json() as TWhatsappSentResponse;
    expect(again.whatsappEnviadoAt).toBe(body.whatsappEnviadoAt);
  });

  it("records the mark and the queued welcome it cancels, also for a client already marked (issue 31)", async () => {
    const records = (clientId: number) =>
      t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "cliente.bienvenida"), eq(auditLog.entityId, String(clientId))))
        .orderBy(auditLog.seq);
    const mark = (clientCode: string) =>
      t.app.inject({ method: "PATCH", url: `/api/clients/${clientCode}/whatsapp-sent`, headers: t.adminHeaders() });

    const fresh = await registerTestClient(t.app);
    const freshId = await clientIdOf(t.ctx.db, fresh.clientCode);
    expect((await mark(fresh.clientCode)).statusCode).toBe(200);
    const [first] = await records(freshId);
    expect(first.before).toMatchObject({ whatsappEnviado: "PENDIENTE", bienvenidaEnCola: "pendiente" });
    expect(first.after).toMatchObject({ whatsappEnviado: "ENVIADO", bienvenidaEnCola: "cancelada" });

    // Marked already (by another path) while its welcome still waits in the outbox: the call
    // cancels that message, and the log says so.
    const marked = await registerTestClient(t.app);
    const markedId = await clientIdOf(t.ctx.db, marked.clientCode);
    await t.ctx.db.update(clients).set({ whatsappEnviado: "ENVIADO", whatsappEnviadoAt: new Date("2026-01-05T15:00:00Z") }).where(eq(clients.id, markedId));
    expect((await mark(marked.clientCode)).statusCode).toBe(200);
    const [cancelled] = await records(markedId);
    expect(cancelled).toMatchObject({ before: { bienvenidaEnCola: "pendiente" }, after: { bienvenidaEnCola: "cancelada" }, summary: `${marked.clientCode} · ${marked.nombre}` });
    expect(Object.keys(cancelled.after as object)).toEqual(["bienvenidaEnCola"]);

    // Nothing left to change: nothing recorded.
    expect((await mark(marked.clientCode)).statusCode).toBe(200);
    expect(await records(markedId)).toHaveLength(1);
  });

  it("answers 404 for an unknown client", async () => {
    const res = await t.app.inject({ method: "PATCH", url: "/api/clients/EXZZZZZZ/whatsapp-sent", headers: t.adminHeaders() });
    expect(res.statusCode).toBe(404);
    expect((res.json() as { message: string }).message).toBe(ADMIN_CLIENT_NOT_FOUND);
  });
});

