// The WhatsApp notice page's call and the admin table's calls, over HTTP on a real database.
import { randomInt } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { notificationOutbox, whatsappCustomers, whatsappTrackingEntries } from "../../db/schema";
import { fakeGraphEnv, graphError, startFakeGraphApi, type FakeGraphApi } from "../../test/fakes/graph-api";
import type { TListWhatsappEntriesResponse, TWhatsappEntry } from "../../../shared/api/whatsapp-entries";
import { ABUSE_LIMITS } from "../../lib/abuse-limit-table";

/** A number nobody else in the file uses. */
const uniqueNumber = () => `+5068${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;
const uniqueCode = (prefix = "1Z") => `${prefix}${randomInt(1e9, 1e10 - 1)}`;

async function add(t: TestApp, body: unknown) {
  return t.app.inject({ method: "POST", url: "/api/tracking/whatsapp/add", payload: body as object });
}

async function storedFor(t: TestApp, whatsapp: string) {
  const [customer] = await t.ctx.db.select().from(whatsappCustomers).where(eq(whatsappCustomers.whatsapp, whatsapp));
  const entries = customer
    ? await t.ctx.db.select().from(whatsappTrackingEntries).where(eq(whatsappTrackingEntries.customerId, customer.id))
    : [];
  return { customer, entries };
}

async function entryFor(t: TestApp, whatsapp: string, code: string): Promise<TWhatsappEntry> {
  const res = await t.app.inject({ method: "GET", url: "/api/tracking/whatsapp/entries", headers: t.adminHeaders() });
  expect(res.statusCode).toBe(200);
  const body = res.json<TListWhatsappEntriesResponse>();
  const entry = body.entries.find((e) => e.customer.whatsapp === whatsapp && e.trackingCode === code);
  expect(entry).toBeDefined();
  return entry!;
}

async function newEntry(t: TestApp, nombre = "María Rodríguez") {
  const whatsapp = uniqueNumber();
  const code = uniqueCode();
  expect((await add(t, { whatsapp, nombre, trackingCodes: [code] })).statusCode).toBe(200);
  return { whatsapp, code, entry: await entryFor(t, whatsapp, code) };
}

function patch(t: TestApp, id: number, body: unknown, headers: Record<string, string> = t.adminHeaders()) {
  return t.app.inject({ method: "PATCH", url: `/api/tracking/whatsapp/entries/${id}`, headers, payload: body as object });
}

describe("POST /api/tracking/whatsapp/add", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "off" } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("creates the customer and three entries, then counts the repeats as existing", async () => {
    const whatsapp = uniqueNumber();
    const codes = [uniqueCode(), uniqueCode("TBA"), uniqueCode("LP")];
    const first = await add(t, { whatsapp, nombre: "Ana Mora", email: "ana@example.com", trackingCodes: codes });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: 3, existing: 0 });

    const again = await add(t, { whatsapp, nombre: "Ana Mora", trackingCodes: [...codes, uniqueCode()] });
    expect(again.json()).toEqual({ created: 1, existing: 3, message: "1 código agregado; 3 ya estaban registrados." });

    const { customer, entries } = await storedFor(t, whatsapp);
    expect(customer).toMatchObject({ nombre: "Ana Mora", email: "ana@example.com" });
    expect(entries).toHaveLength(4);
    expect(entries.every((e) => e.estado === "PENDIENTE")).toBe(true);
  });

  it("never changes a known number's stored name or e-mail: the codes are added, the identity stays", async () => {
    const whatsapp = uniqueNumber();
    expect((await add(t, { whatsapp, nombre: "Ana Mora", email: "ana@example.com", trackingCodes: [uniqueCode()] })).statusCode).toBe(200);
    const before = (await storedFor(t, whatsapp)).customer;
    // Someone else types the same number with their own name and e-mail: answered like any notice.
    const res = await add(t, { whatsapp, nombre: "Soporte Banco Nacional", email: "soporte@otro.example", trackingCodes: [uniqueCode()] });
    expect(res.json()).toMatchObject({ created: 1, existing: 0 });
    const { customer, entries } = await storedFor(t, whatsapp);
    expect(customer).toEqual(before);
    expect(entries).toHaveLength(2);

    // A number stored without e-mail keeps none either.
    const other = uniqueNumber();
    await add(t, { whatsapp: other, nombre: "Luis Mora", trackingCodes: [uniqueCode()] });
    await add(t, { whatsapp: other, nombre: "Luis Mora", email: "luis@otro.example", trackingCodes: [uniqueCode()] });
    expect((await storedFor(t, other)).customer).toMatchObject({ nombre: "Luis Mora", email: null });
  });

  it("refuses a name that is not a name and a code that is not a code (both go into WhatsApp messages)", async () => {
    const base = { whatsapp: uniqueNumber(), nombre: "Eva Solís", trackingCodes: [uniqueCode()] };
    for (const nombre of ["Eva\nTu cuenta fue bloqueada", "Eva https://evil.example/x", "Eva bit.ly", "Eva 88887777", "Eva\u0000"]) {
      const res = await add(t, { ...base, nombre });
      expect(res.statusCode, nombre).toBe(400);
      expect(res.json().message).toMatch(/^El nombre (solo puede tener letras|no puede contener enlaces)/);
    }
    for (const code of ["evil.com/x", "1Z\u0000999", "ÑANDÚ123", "wa.me/50688887777"]) {
      const res = await add(t, { ...base, trackingCodes: [code] });
      expect(res.statusCode, code).toBe(400);
    }
    expect((await storedFor(t, base.whatsapp)).customer).toBeUndefined();
  });

  it("finds the same customer however the number is typed", async () => {
    const digits = uniqueNumber().slice(1);
    await add(t, { whatsapp: digits, nombre: "Luis", trackingCodes: [uniqueCode()] });
    await add(t, { whatsapp: `+${digits.slice(0, 3)} ${digits.slice(3, 7)}-${digits.slice(7)}`, nombre: "Luis", trackingCodes: [uniqueCode()] });
    const { entries } = await storedFor(t, `+${digits}`);
    expect(entries).toHaveLength(2);
  });

  it("takes the 8-digit local number every Tico types, with or without a space, as the same +506 customer", async () => {
    const local = uniqueNumber().slice(4);
    expect((await add(t, { whatsapp: local, nombre: "Ana", trackingCodes: [uniqueCode()] })).statusCode).toBe(200);
    const spaced = `${local.slice(0, 4)} ${local.slice(4)}`;
    expect((await add(t, { whatsapp: spaced, nombre: "Ana", trackingCodes: [uniqueCode()] })).statusCode).toBe(200);
    const { customer, entries } = await storedFor(t, `+506${local}`);
    expect(customer?.whatsapp).toBe(`+506${local}`);
    expect(entries).toHaveLength(2);
  });

  it("ignores blank and repeated codes (case, spaces and dashes aside)", async () => {
    const whatsapp = uniqueNumber();
    const code = uniqueCode("abc");
    const res = await add(t, { whatsapp, nombre: "Pedro", trackingCodes: [code, "", "   ", code.toUpperCase(), ` ${code} `] });
    expect(res.json()).toMatchObject({ created: 1, existing: 0 });
    const { entries } = await storedFor(t, whatsapp);
    expect(entries.map((e) => e.trackingCode)).toEqual([code.toUpperCase()]);
  });

  it("refuses 11 codes in Spanish and stores nothing", async () => {
    const whatsapp = uniqueNumber();
    const res = await add(t, { whatsapp, nombre: "Carla", trackingCodes: Array.from({ length: 11 }, () => uniqueCode()) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION", message: "Puedes agregar hasta 10 códigos de tracking por aviso" });
    const { customer } = await storedFor(t, whatsapp);
    expect(customer).toBeUndefined();
  });

  it("accepts exactly 10 codes", async () => {
    const res = await add(t, { whatsapp: uniqueNumber(), nombre: "Carla", trackingCodes: Array.from({ length: 10 }, () => uniqueCode()) });
    expect(res.json()).toMatchObject({ created: 10 });
  });

  it.each([
    ["letters", "+506abcdefgh"],
    ["too short", "+50688887"],
    ["too long", "+5068888777766665"],
    ["a plus inside", "506+88887777"],
    ["8 digits no Costa Rican number starts with", "18887777"],
  ])("refuses a malformed number (%s) in Spanish and stores nothing", async (_label, whatsapp) => {
    const code = uniqueCode();
    const res = await add(t, { whatsapp, nombre: "Jorge", trackingCodes: [code] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "Escribe tu número de WhatsApp: 8 dígitos si es de Costa Rica (8888 1234), o con el código de país (+1 305 555 1234)",
    );
    const stored = await t.ctx.db.select().from(whatsappTrackingEntries).where(eq(whatsappTrackingEntries.trackingCode, code));
    expect(stored).toEqual([]);
  });

  it("asks for the name, at least one code and a valid e-mail", async () => {
    const base = { whatsapp: uniqueNumber(), nombre: "Eva", trackingCodes: [uniqueCode()] };
    expect((await add(t, { ...base, nombre: "  " })).json().message).toBe("Ingresa tu nombre completo");
    expect((await add(t, { ...base, trackingCodes: ["", " "] })).json().message).toBe("Agrega al menos un código de tracking");
    expect((await add(t, { ...base, email: "no-es-correo" })).json().message).toBe("Email inválido");
    expect((await add(t, { ...base, trackingCodes: ["X".repeat(65)] })).json().message).toBe(
      "Cada código de tracking puede tener hasta 64 caracteres",
    );
  });
});

describe("abuse limit on POST /api/tracking/whatsapp/add", () => {
  it("answers 429 in Spanish past the limit from one address", async () => {
    const t = await createTestApp();
    try {
      const key = "whatsapp-add:127.0.0.1";
      // Bring the counter to the limit directly rather than sending ten notices.
      for (let i = 0; i < ABUSE_LIMITS.whatsappNotice.limit; i++) await t.ctx.limiter.hit(key, ABUSE_LIMITS.whatsappNotice.limit, ABUSE_LIMITS.whatsappNotice.windowMs);
      const whatsapp = uniqueNumber();
      const res = await add(t, { whatsapp, nombre: "Bot", trackingCodes: [uniqueCode()] });
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^Demasiados avisos enviados desde tu conexión\. Intenta de nuevo en \d+ minutos\.$/);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect((await storedFor(t, whatsapp)).customer).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe("admin calls of /admin/tracking", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: "off" } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuse every call without a session", async () => {
    const calls = [
      { method: "GET", url: "/api/tracking/whatsapp/entries" },
      { method: "PATCH", url: "/api/tracking/whatsapp/entries/1", payload: { estado: "EN_TRANSITO" } },
      { method: "GET", url: "/api/tracking-notices" },
      { method: "POST", url: "/api/tracking-notices", payload: { clienteNombre: "x", descripcionPaquete: "y" } },
      { method: "PUT", url: "/api/tracking-notices/1", payload: { estado: "COMPLETADO" } },
      { method: "GET", url: "/api/admin/tracking-stats" },
      { method: "GET", url: "/api/notifications?whatsappEntryId=1" },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json().message).toMatch(/Sesión de administrador/);
    }
  });

  it("lists entries with their customer, newest change first, and the total", async () => {
    const { whatsapp, code } = await newEntry(t, "Sofía Vargas");
    const res = await t.app.inject({ method: "GET", url: "/api/tracking/whatsapp/entries", headers: t.adminHeaders() });
    const body = res.json<TListWhatsappEntriesResponse>();
    expect(body.total).toBeGreaterThanOrEqual(body.entries.length);
    expect(body.messaging).toEqual({ configured: false });
    const entry = body.entries.find((e) => e.customer.whatsapp === whatsapp)!;
    expect(entry).toMatchObject({ trackingCode: code, estado: "PENDIENTE", notas: null, notifications: [] });
    expect(entry.customer).toEqual({ nombre: "Sofía Vargas", whatsapp, email: null });
    const times = body.entries.map((e) => Date.parse(e.updatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("changes the status, keeps the message queued without a provider and says it was not sent", async () => {
    const { entry, whatsapp, code } = await newEntry(t, "Andrés");
    const res = await patch(t, entry.id, { estado: "EN_TRANSITO", notas: "Salió de Miami" });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ entry: TWhatsappEntry; notificationSent: boolean }>();
    expect(body.notificationSent).toBe(false);
    expect(body.entry).toMatchObject({ estado: "EN_TRANSITO", notas: "Salió de Miami" });
    expect(body.entry.notifications).toHaveLength(1);
    expect(body.entry.notifications[0]).toMatchObject({ kind: "WHATSAPP_ENTRY_STATUS", status: "PENDING", attempts: 0, sentAt: null });

    const [row] = await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.whatsappEntryId, entry.id));
    expect(row.recipient).toBe(whatsapp.slice(1));
    expect(row.body).toContain(code);
    expect(row.body).toContain("En tránsito");
    expect(row.payload).toEqual({ nombre: "Andrés", trackingCode: code, estado: "EN_TRANSITO" });
    expect((await entryFor(t, whatsapp, code)).notifications.map((n) => n.status)).toEqual(["PENDING"]);
  });

  it("queues no message when the status stays the same, and keeps the notes when none are sent", async () => {
    const { entry } = await newEntry(t);
    await patch(t, entry.id, { estado: "EN_BODEGA_MIAMI", notas: "Caja grande" });
    const same = await patch(t, entry.id, { estado: "EN_BODEGA_MIAMI" });
    expect(same.json().entry).toMatchObject({ estado: "EN_BODEGA_MIAMI", notas: "Caja grande" });
    expect(same.json().notificationSent).toBe(false);
    const rows = await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.whatsappEntryId, entry.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses an unknown status in Spanish and a missing entry with 404", async () => {
    const { entry } = await newEntry(t);
    const bad = await patch(t, entry.id, { estado: "PERDIDO" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Selecciona el nuevo estado");
    expect((await patch(t, entry.id, {})).json().message).toBe("Selecciona el nuevo estado");
    const missing = await patch(t, 99_999_999, { estado: "ENTREGADO" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("No se encontró el código de tracking");
    const rows = await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.whatsappEntryId, entry.id));
    expect(rows).toEqual([]);
  });

  it("shows the message states of an entry through GET /api/notifications", async () => {
    const { entry } = await newEntry(t);
    await patch(t, entry.id, { estado: "EN_ADUANAS" });
    await patch(t, entry.id, { estado: "LISTO_PARA_ENTREGAR" });
    const res = await t.app.inject({ method: "GET", url: `/api/notifications?whatsappEntryId=${entry.id}`, headers: t.adminHeaders() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.messaging).toEqual({ configured: false });
    expect(body.notifications.map((n: { status: string }) => n.status)).toEqual(["PENDING", "PENDING"]);
    const noFilter = await t.app.inject({ method: "GET", url: "/api/notifications", headers: t.adminHeaders() });
    expect(noFilter.statusCode).toBe(400);
  });
});

describe("status change with WhatsApp configured", () => {
  let t: TestApp;
  let fake: FakeGraphApi;
  beforeAll(async () => {
    fake = await startFakeGraphApi();
    t = await createTestApp({ env: { RATE_LIMIT: "off", ...fakeGraphEnv(fake) } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("sends the template at once and reports notificationSent", async () => {
    const { entry, whatsapp, code } = await newEntry(t, "Valeria Solano");
    const res = await patch(t, entry.id, { estado: "LISTO_PARA_ENTREGAR" });
    expect(res.json().notificationSent).toBe(true);
    const sent = fake.accepted.filter((r) => r.body.to === whatsapp.slice(1));
    expect(sent).toHaveLength(1);
    expect(sent[0].body.template?.name).toBe("estado_tracking");
    expect(sent[0].body.template?.components?.[0].parameters?.map((p) => p.text)).toEqual(["Valeria Solano", code, "Listo para entregar"]);
    const [n] = (await entryFor(t, whatsapp, code)).notifications;
    expect(n).toMatchObject({ status: "SENT", attempts: 1, lastError: null });
    expect(n.sentAt).not.toBeNull();
  });

  it("reports a refused message as not sent and keeps the reason for staff", async () => {
    const { entry, whatsapp, code } = await newEntry(t);
    fake.script(graphError(400, "Template name does not exist in the translation", 132001));
    const res = await patch(t, entry.id, { estado: "ENTREGADO" });
    expect(res.statusCode).toBe(200);
    expect(res.json().notificationSent).toBe(false);
    expect(res.json().entry.estado).toBe("ENTREGADO");
    const [n] = (await entryFor(t, whatsapp, code)).notifications;
    expect(n.status).toBe("FAILED");
    expect(n.lastError).toContain("Template name does not exist");
  });

  it("leaves a message the API could not take now queued for a retry", async () => {
    const { entry } = await newEntry(t);
    fake.script({ status: 503, body: "Service Unavailable" });
    const res = await patch(t, entry.id, { estado: "EN_BODEGA_CR" });
    expect(res.json().notificationSent).toBe(false);
    const rows = await t.ctx.db.select().from(notificationOutbox).where(inArray(notificationOutbox.whatsappEntryId, [entry.id]));
    expect(rows[0]).toMatchObject({ status: "PENDING", attempts: 1, lastError: "WhatsApp respondió 503: Service Unavailable" });
    expect(rows[0].nextAttemptAt.getTime()).toBeGreaterThan(rows[0].createdAt.getTime());
  });
});
