// The Mensajero and the delivery lists over HTTP (issue 32 item 7, docs/decisions/161): office
// staff put ready packages on a messenger's list and take them off; the messenger reads the
// address and phone of their own list's packages only, delivers only from it (with the proof,
// the balance rule and everything a delivery records), and is refused everywhere else.
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { makePng } from "../../test/images";
import { auditLog, clientTrackings, clients, deliveries, deliveryAssignments, staffAccounts } from "../../db/schema";
import { STAFF_PHOTOS_PATH } from "../../../shared/api/uploads";
import { ROLE_FORBIDDEN } from "../../../shared/api/admin/staff";
import {
  ASSIGN_NOT_MESSENGER,
  ASSIGN_NOT_READY,
  ASSIGN_PICKUP,
  DELIVERY_NOT_FOUND,
  type TDeliveriesResponse,
  type TMessengerPackage,
} from "../../../shared/api/admin/deliveries";

const t = useTestApp();

async function readyPackage(nombre: string, direccion: string) {
  const client = await registerTestClient(t.app, { nombre, direccion });
  const clientId = await clientIdOf(t.ctx.db, client.clientCode);
  const tracking = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("MSJ"), "LISTO_PARA_ENTREGAR");
  await t.ctx.db.update(clientTrackings).set({ montoColones: 8_500 }).where(eq(clientTrackings.id, tracking.id));
  const [stored] = await t.ctx.db.select({ telefono: clients.telefono }).from(clients).where(eq(clients.id, clientId));
  return { client, tracking, telefono: stored.telefono };
}

const assign = (staff: TestStaff, trackingId: number, messengerId: number | null) =>
  t.app.inject({ method: "PUT", url: `/api/admin/deliveries/${trackingId}/messenger`, headers: staff.headers, payload: { messengerId } });

const listOf = async (messenger: TestStaff) => {
  const res = await t.app.inject({ method: "GET", url: "/api/admin/delivery-list", headers: messenger.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { packages: TMessengerPackage[] }).packages;
};

const deliver = (staff: TestStaff, id: number, payload: object) =>
  t.app.inject({ method: "POST", url: `/api/admin/deliveries/${id}`, headers: staff.headers, payload });

const estadoOf = async (id: number) => (await t.ctx.db.select({ estado: clientTrackings.estado }).from(clientTrackings).where(eq(clientTrackings.id, id)))[0].estado;

describe("the Mensajero's delivery list", () => {
  it("a messenger sees the address, phone and balance of their own list's packages, and nothing of any other", async () => {
    const office = await createTestStaff(t, "oficina");
    const carlos = await createTestStaff(t, "mensajero", "Carlos Mensajero");
    const diana = await createTestStaff(t, "mensajero", "Diana Mensajera");
    const mine = await readyPackage("Marta Solano Vega", "Grecia, Alajuela, 200 m norte de la iglesia");
    const hers = await readyPackage("Luis Mora Arias", "Sarchí norte, casa verde");
    const nobody = await readyPackage("Rosa Quesada Mora", "Naranjo centro, frente al banco");
    expect((await assign(office, mine.tracking.id, carlos.accountId)).json()).toEqual({ mensajero: { id: carlos.accountId, name: "Carlos Mensajero" } });
    expect((await assign(office, hers.tracking.id, diana.accountId)).statusCode).toBe(200);

    const list = await listOf(carlos);
    expect(list).toEqual([
      {
        id: mine.tracking.id,
        trackingCode: mine.tracking.trackingCode,
        descripcionPaquete: mine.tracking.descripcionPaquete,
        clientName: "Marta Solano Vega",
        direccion: "Grecia, Alajuela, 200 m norte de la iglesia",
        telefono: mine.telefono,
        saldoColones: expect.any(Number),
        assignedAt: expect.any(String),
      },
    ]);
    expect(list[0].saldoColones).toBeGreaterThan(0);
    // Nothing of the client beyond what the door needs: the code (the key to the portal) is not sent.
    const text = JSON.stringify(list);
    expect(text).not.toContain(mine.client.clientCode);
    for (const other of [hers, nobody]) {
      expect(text).not.toContain(other.tracking.trackingCode);
      expect(text).not.toContain(other.telefono);
    }
    expect((await listOf(diana)).map((p) => p.id)).toEqual([hers.tracking.id]);

    // The session lists Entregas and Mi cuenta only.
    const session = await t.app.inject({ method: "GET", url: "/api/admin/session", headers: carlos.headers });
    expect(session.json()).toMatchObject({ account: { role: "mensajero" }, sections: ["/admin/entregas", "/admin/mi-cuenta"] });
  });

  it("a messenger is refused (403) on client search, other packages, payments, cash, exports and the lists' management", async () => {
    const messenger = await createTestStaff(t, "mensajero");
    const { client, tracking } = await readyPackage("Ana Vargas Solís", "Poás, San Pedro");
    await t.ctx.db.insert(deliveryAssignments).values({ trackingId: tracking.id, messengerAccountId: messenger.accountId });
    const calls: { method: "GET" | "POST" | "PATCH" | "PUT"; url: string; payload?: object }[] = [
      { method: "GET", url: `/api/clients?search=${client.clientCode}` },
      { method: "GET", url: `/api/admin/clients/1/trackings` },
      { method: "GET", url: "/api/admin/packages" },
      { method: "GET", url: `/api/trackings/${tracking.id}/history` },
      { method: "PATCH", url: `/api/trackings/${tracking.id}`, payload: { notas: "x" } },
      { method: "GET", url: "/api/admin/deliveries" },
      { method: "GET", url: `/api/admin/deliveries/scan?code=${tracking.trackingCode}` },
      { method: "GET", url: `/api/admin/warehouse/scan?code=${tracking.trackingCode}` },
      { method: "PATCH", url: `/api/admin/deliveries/${tracking.id}/pickup`, payload: { retiroOficina: true } },
      { method: "PUT", url: `/api/admin/deliveries/${tracking.id}/messenger`, payload: { messengerId: null } },
      { method: "GET", url: "/api/admin/messengers" },
      { method: "GET", url: "/api/admin/payments" },
      { method: "GET", url: `/api/admin/payments/due?clientCode=${client.clientCode}` },
      { method: "POST", url: "/api/admin/payments", payload: { clientCode: client.clientCode, method: "EFECTIVO", allocations: [{ trackingId: tracking.id, amountColones: 100 }] } },
      { method: "GET", url: "/api/admin/cash/receivables" },
      { method: "GET", url: "/api/admin/cash/closing?date=2026-03-10" },
      { method: "GET", url: "/api/export/all" },
      { method: "GET", url: "/api/export/clients" },
      { method: "GET", url: "/api/admin/accounts" },
      { method: "GET", url: "/api/admin/audit" },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: messenger.headers });
      expect([res.statusCode, res.json().message], `${call.method} ${call.url}`).toEqual([403, ROLE_FORBIDDEN]);
    }
    expect(await estadoOf(tracking.id)).toBe("LISTO_PARA_ENTREGAR");
  });

  it("delivers from the list with the proof and the balance rule; another's package answers 404 and changes nothing", async () => {
    const office = await createTestStaff(t, "oficina");
    const messenger = await createTestStaff(t, "mensajero", "Pedro Mensajero");
    const other = await createTestStaff(t, "mensajero");
    const mine = await readyPackage("Sofía Araya Mora", "Grecia, Tacares, 100 m sur de la plaza");
    const notMine = await readyPackage("Jorge Rojas Vega", "Grecia, San Isidro");
    const unlisted = await readyPackage("Elena Castro Mora", "Grecia, Puente de Piedra");
    await assign(office, mine.tracking.id, messenger.accountId);
    await assign(office, notMine.tracking.id, other.accountId);

    for (const id of [notMine.tracking.id, unlisted.tracking.id, 999_999]) {
      const res = await deliver(messenger, id, { recibidoPor: "Alguien", entregarConSaldo: true });
      expect([res.statusCode, res.json().message]).toEqual([404, DELIVERY_NOT_FOUND]);
    }
    expect(await estadoOf(notMine.tracking.id)).toBe("LISTO_PARA_ENTREGAR");
    expect(await estadoOf(unlisted.tracking.id)).toBe("LISTO_PARA_ENTREGAR");

    // The proof's photo, as everyone uploads it.
    const upload = await t.app.inject({ method: "POST", url: STAFF_PHOTOS_PATH, headers: { ...messenger.headers, "content-type": "image/png" }, payload: makePng() });
    expect(upload.statusCode, upload.body).toBe(201);
    // A balance to collect: refused without the explicit choice, like any delivery.
    const refused = await deliver(messenger, mine.tracking.id, { recibidoPor: "Sofía Araya", photos: [upload.json().name] });
    expect([refused.statusCode, refused.json().code]).toEqual([409, "UNPAID_DELIVERY"]);
    expect(await estadoOf(mine.tracking.id)).toBe("LISTO_PARA_ENTREGAR");

    const done = await deliver(messenger, mine.tracking.id, { recibidoPor: "Sofía Araya", photos: [upload.json().name], entregarConSaldo: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(await estadoOf(mine.tracking.id)).toBe("ENTREGADO");
    const [row] = await t.ctx.db.select().from(deliveries).where(eq(deliveries.trackingId, mine.tracking.id));
    expect(row).toMatchObject({ recibidoPor: "Sofía Araya", deliveredByAccountId: messenger.accountId });
    const audits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "paquete.entregar"), eq(auditLog.entityId, String(mine.tracking.id))));
    expect(audits.map((a) => a.actorLabel)).toEqual(["Pedro Mensajero"]);
    // Delivered: off the list, its address no longer shown.
    expect(await listOf(messenger)).toEqual([]);
    expect(await t.ctx.db.select().from(deliveryAssignments).where(eq(deliveryAssignments.trackingId, mine.tracking.id))).toEqual([]);
  });
});

describe("assigning and unassigning (office staff)", () => {
  it("puts a ready package on a list, moves it, takes it off; Entregas shows whose list; every change audited", async () => {
    const office = await createTestStaff(t, "oficina");
    const ana = await createTestStaff(t, "mensajero", "Ana Mensajera");
    const beto = await createTestStaff(t, "mensajero", "Beto Mensajero");
    const { tracking } = await readyPackage("Mario Soto Vega", "Grecia, Alajuela, barrio San Roque");

    expect((await assign(office, tracking.id, ana.accountId)).statusCode).toBe(200);
    const entregas = (await t.app.inject({ method: "GET", url: `/api/admin/deliveries?q=${tracking.trackingCode}`, headers: office.headers })).json() as TDeliveriesResponse;
    expect(entregas.zones.flatMap((z) => z.packages).find((p) => p.id === tracking.id)?.mensajero).toEqual({ id: ana.accountId, name: "Ana Mensajera" });

    expect((await assign(office, tracking.id, beto.accountId)).json()).toEqual({ mensajero: { id: beto.accountId, name: "Beto Mensajero" } });
    expect(await listOf(ana)).toEqual([]);
    expect((await listOf(beto)).map((p) => p.id)).toEqual([tracking.id]);

    expect((await assign(office, tracking.id, null)).json()).toEqual({ mensajero: null });
    expect(await listOf(beto)).toEqual([]);
    const audits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "paquete.mensajero"), eq(auditLog.entityId, String(tracking.id))));
    expect(audits.map((a) => a.summary)).toEqual([
      `${tracking.trackingCode} → lista de Ana Mensajera`,
      `${tracking.trackingCode} → lista de Beto Mensajero`,
      `${tracking.trackingCode} → fuera de la lista de Beto Mensajero`,
    ]);
  });

  it("refuses in Spanish, changing nothing: not a messenger, a disabled one, a package not ready, an office pickup, bad bodies", async () => {
    const office = await createTestStaff(t, "oficina");
    const bodega = await createTestStaff(t, "bodega");
    const gone = await createTestStaff(t, "mensajero");
    await t.ctx.db.update(staffAccounts).set({ disabledAt: new Date() }).where(eq(staffAccounts.id, gone.accountId));
    const messenger = await createTestStaff(t, "mensajero");
    const { tracking } = await readyPackage("Laura Jiménez Mora", "Grecia, Los Ángeles");

    for (const id of [bodega.accountId, gone.accountId, office.accountId, 999_999]) {
      const res = await assign(office, tracking.id, id);
      expect([res.statusCode, res.json().message]).toEqual([400, ASSIGN_NOT_MESSENGER]);
    }
    for (const payload of [{}, { messengerId: "1" }, { messengerId: -1 }, { messengerId: 1.5 }]) {
      const res = await t.app.inject({ method: "PUT", url: `/api/admin/deliveries/${tracking.id}/messenger`, headers: office.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const notReady = await addTestPackage(t.ctx.db, (await t.ctx.db.select({ id: clients.id }).from(clients).limit(1))[0].id, uniqueTrackingCode("MSJ"), "EN_ADUANAS");
    const res = await assign(office, notReady.id, messenger.accountId);
    expect([res.statusCode, res.json().message]).toEqual([409, ASSIGN_NOT_READY]);
    await t.app.inject({ method: "PATCH", url: `/api/admin/deliveries/${tracking.id}/pickup`, headers: office.headers, payload: { retiroOficina: true } });
    const pickup = await assign(office, tracking.id, messenger.accountId);
    expect([pickup.statusCode, pickup.json().message]).toEqual([409, ASSIGN_PICKUP]);
    expect(await t.ctx.db.select().from(deliveryAssignments).where(eq(deliveryAssignments.messengerAccountId, messenger.accountId))).toEqual([]);
    // Bodega does not plan routes (and the messenger list is office staff's).
    expect((await assign(bodega, tracking.id, messenger.accountId)).statusCode).toBe(403);
  });

  it("a package leaves the list when it leaves Listo para entregar (any path) or becomes an office pickup, and does not come back", async () => {
    const office = await createTestStaff(t, "oficina");
    const messenger = await createTestStaff(t, "mensajero");
    const moved = await readyPackage("Iván Mora Solís", "Grecia, Bolívar");
    const picked = await readyPackage("Karla Vega Rojas", "Grecia, San José");
    await assign(office, moved.tracking.id, messenger.accountId);
    await assign(office, picked.tracking.id, messenger.accountId);
    expect((await listOf(messenger)).map((p) => p.id).sort()).toEqual([moved.tracking.id, picked.tracking.id].sort());

    const back = await t.app.inject({ method: "PATCH", url: `/api/trackings/${moved.tracking.id}`, headers: office.headers, payload: { estado: "EN_ADUANAS" } });
    expect(back.statusCode, back.body).toBe(200);
    const again = await t.app.inject({ method: "PATCH", url: `/api/trackings/${moved.tracking.id}`, headers: office.headers, payload: { estado: "LISTO_PARA_ENTREGAR" } });
    expect(again.statusCode, again.body).toBe(200);
    await t.app.inject({ method: "PATCH", url: `/api/admin/deliveries/${picked.tracking.id}/pickup`, headers: office.headers, payload: { retiroOficina: true } });
    expect(await listOf(messenger)).toEqual([]);
  });

  it("lists the enabled messengers for the select", async () => {
    const office = await createTestStaff(t, "oficina");
    const zoe = await createTestStaff(t, "mensajero", "Zoe Mensajera Lista");
    const off = await createTestStaff(t, "mensajero", "Apagado Mensajero Lista");
    await t.ctx.db.update(staffAccounts).set({ disabledAt: new Date() }).where(eq(staffAccounts.id, off.accountId));
    const res = await t.app.inject({ method: "GET", url: "/api/admin/messengers", headers: office.headers });
    const names = (res.json() as { messengers: { id: number; name: string }[] }).messengers.map((m) => m.name);
    expect(names).toContain(zoe.name);
    expect(names).not.toContain(off.name);
  });
});
