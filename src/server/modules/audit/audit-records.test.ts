// Every staff change outside the package service writes its audit record with the person, in the
// same transaction (issue 19): clients (create, edit, delete, merge, welcome sent), search limits,
// a message retried, notices, WhatsApp entries, contact messages, the import run, each export, and
// the coupons and referrals a delivery touches. Plus Bodega's limits, enforced on the server.
import { describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { addTestPackage, clientIdOf, registerTestClient, uniquePhone } from "../../test/clients";
import { buildWorkbook, multipartFile, uniqueClientCode } from "../../test/workbooks";
import { auditLog, clientTrackings, contactMessages, coupons, notificationOutbox, whatsappCustomers, whatsappTrackingEntries } from "../../db/schema";
import { BODEGA_FIELDS_FORBIDDEN, ROLE_FORBIDDEN, type AuditAction } from "../../../shared/api/admin/staff";
import type { TAdminPackagesResponse } from "../../../shared/api/admin/packages";

const t = useTestApp();

/** The records this person wrote, oldest first. */
const recordsOf = (staff: TestStaff) => t.ctx.db.select().from(auditLog).where(eq(auditLog.actorAccountId, staff.accountId)).orderBy(auditLog.id);

async function call(staff: TestStaff, method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: staff.headers, payload });
}

async function ok(staff: TestStaff, method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: object) {
  const res = await call(staff, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

const actions = (rows: { action: string }[]) => rows.map((r) => r.action as AuditAction);

describe("clients", () => {
  it("create, edit, welcome sent, merge and delete each write one record with the changed fields", async () => {
    const staff = await createTestStaff(t, "oficina", "Carla Clientes");
    const created = await ok(staff, "POST", "/api/admin/clients", { nombre: "Luis Pérez Mora", telefono: uniquePhone(), direccion: "Grecia centro, frente al parque" });
    const client = created.json().client as { id: number; clientCode: string };
    await ok(staff, "PATCH", `/api/admin/clients/${client.id}`, { direccion: "Sarchí norte, casa amarilla", nombre: "Luis Pérez Mora" });
    await ok(staff, "PATCH", `/api/clients/${client.clientCode}/whatsapp-sent`);
    const other = await ok(staff, "POST", "/api/admin/clients", { nombre: "Luis Pérez", telefono: uniquePhone(), direccion: "Grecia, barrio San Roque" });
    const otherId = (other.json().client as { id: number }).id;
    await ok(staff, "POST", `/api/admin/clients/${client.id}/merge`, { from: otherId });
    await ok(staff, "DELETE", `/api/admin/clients/${client.id}`);

    const rows = await recordsOf(staff);
    expect(actions(rows)).toEqual(["cliente.crear", "cliente.editar", "cliente.bienvenida", "cliente.crear", "cliente.unir", "cliente.eliminar"]);
    expect(rows.every((r) => r.actorLabel === "Carla Clientes" && r.entity === "cliente")).toBe(true);
    expect(rows[0]).toMatchObject({ entityId: String(client.id), after: { clientCode: client.clientCode, nombre: "Luis Pérez Mora" } });
    // Only what changed (the name was sent unchanged).
    expect(rows[1]).toMatchObject({ before: { direccion: "Grecia centro, frente al parque" }, after: { direccion: "Sarchí norte, casa amarilla" } });
    expect(Object.keys(rows[1].after as object)).toEqual(["direccion"]);
    expect(rows[2]).toMatchObject({ before: { whatsappEnviado: "PENDIENTE" }, after: { whatsappEnviado: "ENVIADO" } });
    expect(rows[4]).toMatchObject({ entityId: String(client.id), before: { unido: { id: otherId } } });
    expect(rows[5]).toMatchObject({ entityId: String(client.id), before: { clientCode: client.clientCode } });
  });

  it("search limits and reset", async () => {
    const staff = await createTestStaff(t, "oficina", "Sergio Límites");
    const client = await registerTestClient(t.app);
    const id = await clientIdOf(t.ctx.db, client.clientCode);
    await ok(staff, "PATCH", `/api/clients/${id}/search-limits`, { searchLimit: 25, unlimitedAccess: 0, searchCount: 3 });
    await ok(staff, "POST", `/api/clients/${id}/reset-searches`);
    const rows = await recordsOf(staff);
    expect(actions(rows)).toEqual(["cliente.limites_busqueda", "cliente.reiniciar_busquedas"]);
    expect(rows[0]).toMatchObject({ entityId: String(id), after: { searchLimit: 25, searchCount: 3 } });
    expect(rows[1]).toMatchObject({ before: { searchCount: 3 }, after: { searchCount: 0 } });
  });
});

describe("messages, notices and contact", () => {
  it("a retried message, a notice created and edited, a WhatsApp entry moved, a contact message answered", async () => {
    const staff = await createTestStaff(t, "oficina", "Olga Mensajes");
    const [failed] = await t.ctx.db
      .insert(notificationOutbox)
      .values({ kind: "WELCOME", recipient: "50688887777", body: "Hola", status: "FAILED", attempts: 5, lastError: "WhatsApp respondió 503" })
      .returning({ id: notificationOutbox.id });
    await ok(staff, "POST", `/api/notifications/${failed.id}/retry`);

    const notice = await ok(staff, "POST", "/api/tracking-notices", { clienteNombre: "Marta Vargas", descripcionPaquete: "Zapatos" });
    const noticeId = (notice.json() as { id: number }).id;
    await ok(staff, "PUT", `/api/tracking-notices/${noticeId}`, { estado: "EN_PROCESO", notas: "Llamar el lunes" });

    const [customer] = await t.ctx.db.insert(whatsappCustomers).values({ whatsapp: `506${uniquePhone()}`, nombre: "Rafa Solano" }).returning();
    const [entry] = await t.ctx.db.insert(whatsappTrackingEntries).values({ customerId: customer.id, trackingCode: uniqueTrackingCode("WA") }).returning();
    await ok(staff, "PATCH", `/api/tracking/whatsapp/entries/${entry.id}`, { estado: "EN_TRANSITO" });

    const [contact] = await t.ctx.db.insert(contactMessages).values({ nombre: "Inés Soto", email: "ines@correo.cr", mensaje: "¿Cuánto cuesta?" }).returning();
    await ok(staff, "PATCH", `/api/admin/contacts/${contact.id}/answered`, { answered: true });
    // Marking it again changes nothing: no second record.
    await ok(staff, "PATCH", `/api/admin/contacts/${contact.id}/answered`, { answered: true });

    const rows = await recordsOf(staff);
    expect(actions(rows)).toEqual(["mensaje.reintentar", "aviso.crear", "aviso.editar", "aviso.editar", "contacto.respondido"]);
    expect(rows[0]).toMatchObject({ entity: "mensaje", entityId: String(failed.id), before: { status: "FAILED", attempts: 5 }, after: { status: "PENDING" } });
    expect(rows[1]).toMatchObject({ entity: "aviso", entityId: String(noticeId), after: { clienteNombre: "Marta Vargas" } });
    expect(rows[2]).toMatchObject({ before: { estado: "PENDIENTE", notas: null }, after: { estado: "EN_PROCESO", notas: "Llamar el lunes" } });
    expect(rows[3]).toMatchObject({ entityId: `whatsapp-${entry.id}`, before: { estado: "PENDIENTE" }, after: { estado: "EN_TRANSITO" } });
    expect(rows[4]).toMatchObject({ entity: "contacto", entityId: String(contact.id), before: { respondido: false }, after: { respondido: true } });
  });
});

describe("imports and exports", () => {
  it("an applied import is one importacion.aplicar record with its counts; a preview leaves none", async () => {
    const staff = await createTestStaff(t, "oficina", "Iván Importa");
    const code = uniqueClientCode();
    const bytes = await buildWorkbook({
      CLIENTES: [["client_code", "nombre", "direccion", "telefono"], [code, "Nora Quesada", "Grecia", uniquePhone()]],
      TRACKINGS: [
        ["client_code", "tracking_code", "origen", "forma_envio", "estado"],
        [code, uniqueTrackingCode("IMP"), "USA", "AVION", "EN_BODEGA_MIAMI"],
        [code, uniqueTrackingCode("IMP"), "USA", "AVION", "PERDIDO"],
      ],
    });
    for (const url of ["/api/import/express/preview", "/api/import/express"]) {
      const { payload, headers } = multipartFile(bytes, "datos.xlsx");
      const res = await t.app.inject({ method: "POST", url, payload, headers: { ...headers, ...staff.headers } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const runs = (await recordsOf(staff)).filter((r) => r.action === "importacion.aplicar");
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      actorLabel: "Importación Excel · Iván Importa",
      actorKind: "import",
      after: { clientes: { creados: 1, errores: 0 }, paquetes: { creados: 1, actualizados: 0, errores: 1 } },
    });
  });

  it("each export download is recorded with its kind and row count", async () => {
    const staff = await createTestStaff(t, "oficina", "Elsa Exporta");
    await t.ctx.db.insert(contactMessages).values({ nombre: "Pablo Ureña", email: "pablo@correo.cr", mensaje: "Consulta sobre un envío" });
    const [{ n }] = await t.ctx.db.select({ n: count() }).from(contactMessages);
    const res = await ok(staff, "GET", "/api/export/contacts");
    expect(res.rawPayload.length).toBeGreaterThan(0);
    const rows = await recordsOf(staff);
    expect(actions(rows)).toEqual(["exportacion.descargar"]);
    expect(rows[0]).toMatchObject({ entity: "exportacion", entityId: "contacts", actorLabel: "Elsa Exporta" });
    const after = rows[0].after as { tipo: string; filas: number; hojas: Record<string, number> };
    expect(after.tipo).toBe("contacts");
    expect(after.hojas).toEqual({ Mensajes: after.filas });
    expect(after.filas).toBe(Number(n));
  });
});

describe("coupons and referrals on delivery", () => {
  it("the welcome coupon by 'Cliente'; on delivery, the coupon used by 'Sistema', the referral rewarded and its coupon, by the person", async () => {
    const staff = await createTestStaff(t, "oficina", "Diego Entrega");
    const referrer = await registerTestClient(t.app);
    const referred = await registerTestClient(t.app, { referrerCode: referrer.clientCode });
    expect(referred.welcomeCoupon).toBeTruthy();
    const referredId = await clientIdOf(t.ctx.db, referred.clientCode);
    const [coupon] = await t.ctx.db.select().from(coupons).where(eq(coupons.clientId, referredId));
    const welcome = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "cupon.crear"), eq(auditLog.entityId, String(coupon.id))));
    expect(welcome).toHaveLength(1);
    expect(welcome[0]).toMatchObject({ actorLabel: "Cliente", actorKind: "client", after: { reason: "BIENVENIDA" } });

    // Straight to Entregado (it skips Listo): the coupon is taken on this move (docs/decisions/139).
    const tracking = await addTestPackage(t.ctx.db, referredId, uniqueTrackingCode("REF"), "EN_BODEGA_CR", { montoColones: 0 });
    await ok(staff, "PATCH", `/api/trackings/${tracking.id}`, { estado: "ENTREGADO" });
    const rows = await recordsOf(staff);
    expect(actions(rows)).toEqual(["paquete.estado", "referido.recompensa", "cupon.crear"]);
    expect(rows[1]).toMatchObject({ entity: "referido", before: { status: "REGISTRADO" }, after: { status: "COMPLETADO" } });
    expect(rows[2]).toMatchObject({ entity: "cupon", after: { reason: "REFERIDO", clientId: await clientIdOf(t.ctx.db, referrer.clientCode) } });
    // Issue 32: the coupon is used up by the rule, so by 'Sistema', not by the person who moved it.
    const used = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "cupon.usar"), eq(auditLog.entityId, String(coupon.id))));
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({ actorKind: "system", actorLabel: "Sistema", actorAccountId: null, after: { status: "USADO", usedOnTrackingId: tracking.id } });
    expect(used[0].summary).toContain("Diego Entrega");
  });
});

describe("Bodega's limits", () => {
  async function setUp() {
    const bodega = await createTestStaff(t, "bodega", "Beto Bodega");
    const client = await registerTestClient(t.app, { nombre: "Fabiola Jiménez Ruiz" });
    const tracking = await addTestPackage(t.ctx.db, await clientIdOf(t.ctx.db, client.clientCode), uniqueTrackingCode("BOD"));
    return { bodega, client, tracking };
  }

  it("changes status, weight and notes, and is refused (403, nothing changed) any other field", async () => {
    const { bodega, tracking } = await setUp();
    await ok(bodega, "PATCH", `/api/trackings/${tracking.id}`, { estado: "EN_BODEGA_MIAMI", pesoPieCubicos: "1500" });
    await ok(bodega, "PATCH", `/api/admin/trackings/${tracking.id}`, { notas: "Revisado", pesoEstimado: 2 });
    await ok(bodega, "POST", "/api/admin/trackings/bulk-status", { ids: [tracking.id], estado: "EN_ADUANAS" });

    const before = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id));
    const refused = [
      ["PATCH", `/api/trackings/${tracking.id}`, { estado: "LISTO_PARA_ENTREGAR", montoColones: 1 }],
      ["PATCH", `/api/trackings/${tracking.id}`, { costo: 5 }],
      ["PATCH", `/api/admin/trackings/${tracking.id}`, { estado: "LISTO_PARA_ENTREGAR", trackingCode: "OTRO123456" }],
      ["PATCH", `/api/admin/trackings/${tracking.id}`, { descripcionPaquete: "Otra cosa" }],
      ["POST", "/api/admin/trackings/bulk-status", { ids: [tracking.id], estado: "ENTREGADO", montoColones: 0 }],
    ] as const;
    for (const [method, url, body] of refused) {
      const res = await call(bodega, method, url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(403);
      expect(res.json()).toMatchObject({ code: "FORBIDDEN", message: BODEGA_FIELDS_FORBIDDEN });
    }
    expect(await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id))).toEqual(before);

    // Oficina may send the same bodies.
    const oficina = await createTestStaff(t, "oficina");
    await ok(oficina, "PATCH", `/api/admin/trackings/${tracking.id}`, { descripcionPaquete: "Otra cosa" });
  });

  it("finds packages by name, code and tracking, not by phone; rows carry no other client data; no exports", async () => {
    const { bodega, client, tracking } = await setUp();
    const oficina = await createTestStaff(t, "oficina");
    const search = async (staff: TestStaff, q: string) => {
      const res = await ok(staff, "GET", `/api/admin/packages?q=${encodeURIComponent(q)}`);
      return (res.json() as TAdminPackagesResponse).packages.map((p) => p.id);
    };
    const phoneDigits = client.telefono.slice(-8);
    expect(await search(oficina, phoneDigits)).toContain(tracking.id);
    expect(await search(bodega, phoneDigits)).not.toContain(tracking.id);
    expect(await search(bodega, "Fabiola Jiménez")).toContain(tracking.id);
    expect(await search(bodega, client.clientCode)).toContain(tracking.id);
    expect(await search(bodega, tracking.trackingCode)).toContain(tracking.id);

    const res = await ok(bodega, "GET", `/api/admin/packages?q=${encodeURIComponent(tracking.trackingCode)}`);
    const [row] = (res.json() as TAdminPackagesResponse).packages;
    const clientKeys = Object.keys(row).filter((k) => k.startsWith("client"));
    expect(clientKeys.sort()).toEqual(["clientCode", "clientId", "clientName"]);
    expect(JSON.stringify(row)).not.toContain(phoneDigits);

    for (const url of ["/api/export/all", "/api/export/clients", "/api/clients"]) {
      const refused = await call(bodega, "GET", url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(ROLE_FORBIDDEN);
    }
  });
});
