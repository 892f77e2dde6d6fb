// Entregas over HTTP (issue 20): the ready list by zone (office staff see address and phone,
// Bodega does not), finding a package by scanning, delivering with photo and signature in one
// transaction (history, WhatsApp, coupons and referral rewards, audit), the 409s that change
// nothing, the office-pickup switch, and the proof in the client's own lookup only.
import { describe, expect, it } from "vitest";

import { and, eq } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { makePng } from "../../test/images";
import { auditLog, clientTrackings, coupons, deliveries, notificationOutbox, packagePhotos, referrals, trackingStatusHistory } from "../../db/schema";
import { attachPhotos } from "../uploads/package-photos";
import { getClientTrackings, getClientTrackingsJson } from "../packages/client-portal";
import { STAFF_PHOTOS_PATH } from "../../../shared/api/uploads";
import { DELIVERY_NOT_READY, RECEIVER_REQUIRED, ZONE_PREVIEW_MAX, type TDeliveriesResponse, type TDeliveryResponse } from "../../../shared/api/admin/deliveries";
import type { TClientTrackingsResponse } from "../../../shared/api/trackings";
import { deliveredWithBalanceNote, unpaidDeliveryMessage } from "../../../shared/api/admin/trackings";
import { formatColones } from "../../../shared/domain/format";

/** A signed link to an upload (decision 146): the bare path with its expiry and signature. */
const signedLink = (name: string) => expect.stringMatching(new RegExp(`^/objects/uploads/${name}\\?exp=\\d+&sig=[\\w-]{43}$`));

const t = useTestApp();

async function photo(staff: TestStaff): Promise<string> {
  const res = await t.app.inject({ method: "POST", url: STAFF_PHOTOS_PATH, headers: { ...staff.headers, "content-type": "image/png" }, payload: makePng() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().name as string;
}

async function readyPackage(direccion = "Grecia, Alajuela, 200 m norte de la iglesia", overrides: { referrerCode?: string } = {}) {
  const client = await registerTestClient(t.app, { direccion, nombre: "Marta Solano Vega", ...overrides });
  const clientId = await clientIdOf(t.ctx.db, client.clientCode);
  const tracking = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("ENT"), "LISTO_PARA_ENTREGAR");
  await t.ctx.db.update(clientTrackings).set({ montoColones: 12_345 }).where(eq(clientTrackings.id, tracking.id));
  return { client, clientId, tracking };
}

const deliver = (staff: TestStaff, id: number, payload: object) =>
  t.app.inject({ method: "POST", url: `/api/admin/deliveries/${id}`, headers: staff.headers, payload });

const lookup = async (code: string) =>
  (await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${code}` })).json() as TClientTrackingsResponse;

describe("GET /api/admin/deliveries", () => {
  it("groups ready packages by zone with the stored amount; office staff see address and phone, Bodega only name and code", async () => {
    const { client, tracking } = await readyPackage("Barrio Los Ángeles, Grecia, Alajuela");
    const office = await createTestStaff(t, "oficina");
    const bodega = await createTestStaff(t, "bodega");

    const asOffice = (await t.app.inject({ method: "GET", url: "/api/admin/deliveries?zona=grecia", headers: office.headers })).json() as TDeliveriesResponse;
    const grecia = asOffice.zones.find((z) => z.key === "grecia")!;
    expect(grecia.label).toBe("Grecia, Alajuela");
    expect(grecia.count).toBe(grecia.packages.length);
    expect(grecia.packages.find((p) => p.id === tracking.id)).toMatchObject({
      trackingCode: tracking.trackingCode,
      clientCode: client.clientCode,
      clientName: "Marta Solano Vega",
      montoColones: 12_345,
      totalColones: 12_345,
      pagadoColones: 0,
      saldoColones: 12_345,
      direccion: "Barrio Los Ángeles, Grecia, Alajuela",
      telefono: `+506${client.telefono}`,
    });
    expect(asOffice.zones.every((z) => z.key === "grecia")).toBe(true);

    const res = await t.app.inject({ method: "GET", url: `/api/admin/deliveries?q=${client.clientCode}`, headers: bodega.headers });
    expect(res.statusCode).toBe(200);
    const mine = (res.json() as TDeliveriesResponse).zones.flatMap((z) => z.packages).find((p) => p.id === tracking.id)!;
    expect(mine).toMatchObject({ clientCode: client.clientCode, clientName: "Marta Solano Vega", direccion: null, telefono: null });
    // Bodega sees the saldo a driver collects, not the payment details (docs/decisions/139).
    expect(mine).toMatchObject({ saldoColones: 12_345, totalColones: null, pagadoColones: null });
    expect(res.body).not.toContain(client.telefono);
    expect(res.body).not.toContain("Barrio Los Ángeles");
  });

  it("puts an office pickup in Retiro en oficina (office staff switch it, Bodega may not) and an unknown place in Sin zona", async () => {
    const { tracking } = await readyPackage("Del palo de mango 2 cuadras al sur");
    const office = await createTestStaff(t, "oficina");
    const bodega = await createTestStaff(t, "bodega");
    const zoneOf = async () => {
      const body = (await t.app.inject({ method: "GET", url: "/api/admin/deliveries", headers: office.headers })).json() as TDeliveriesResponse;
      return body.zones.find((z) => z.packages.some((p) => p.id === tracking.id))!.key;
    };
    expect(await zoneOf()).toBe("sin-zona");
    const refused = await t.app.inject({ method: "PATCH", url: `/api/admin/deliveries/${tracking.id}/pickup`, headers: bodega.headers, payload: { retiroOficina: true } });
    expect(refused.statusCode).toBe(403);
    const res = await t.app.inject({ method: "PATCH", url: `/api/admin/deliveries/${tracking.id}/pickup`, headers: office.headers, payload: { retiroOficina: true } });
    expect(res.json()).toEqual({ retiroOficina: true });
    expect(await zoneOf()).toBe("retiro-oficina");
    const audits = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "paquete.retiro_oficina"), eq(auditLog.entityId, String(tracking.id))));
    expect(audits).toHaveLength(1);
  });
});

describe("GET /api/admin/deliveries at business size", () => {
  it("the overview carries each zone's count and its oldest few; ?zona= answers the whole zone", async () => {
    const { clientId } = await readyPackage("Talamanca, Limón, Puerto Viejo, frente a la playa");
    for (let i = 0; i < ZONE_PREVIEW_MAX + 1; i++) await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("TAL"), "LISTO_PARA_ENTREGAR");
    const office = await createTestStaff(t, "oficina");
    const overview = (await t.app.inject({ method: "GET", url: "/api/admin/deliveries", headers: office.headers })).json() as TDeliveriesResponse;
    const talamanca = overview.zones.find((z) => z.key === "talamanca")!;
    expect(talamanca.count).toBe(ZONE_PREVIEW_MAX + 2);
    expect(talamanca.packages).toHaveLength(ZONE_PREVIEW_MAX);
    const whole = (await t.app.inject({ method: "GET", url: "/api/admin/deliveries?zona=talamanca", headers: office.headers })).json() as TDeliveriesResponse;
    expect(whole.zones).toHaveLength(1);
    expect(whole.zones[0].packages).toHaveLength(ZONE_PREVIEW_MAX + 2);
    expect(whole.total).toBe(ZONE_PREVIEW_MAX + 2);
  });
});

describe("GET /api/admin/deliveries/scan", () => {
  it("finds the ready package by its tracking code and tells apart one that is not ready", async () => {
    const { tracking } = await readyPackage();
    const other = await addTestPackage(t.ctx.db, (await readyPackage()).clientId, uniqueTrackingCode("NR"), "EN_ADUANAS");
    const bodega = await createTestStaff(t, "bodega");
    const found = (await t.app.inject({ method: "GET", url: `/api/admin/deliveries/scan?code=${tracking.trackingCode.toLowerCase()}`, headers: bodega.headers })).json();
    expect(found.ready.map((p: { id: number }) => p.id)).toEqual([tracking.id]);
    expect(found.ready[0].direccion).toBeNull();
    const notReady = (await t.app.inject({ method: "GET", url: `/api/admin/deliveries/scan?code=${other.trackingCode}`, headers: bodega.headers })).json();
    expect(notReady).toMatchObject({ ready: [], notReady: [{ id: other.id, estado: "EN_ADUANAS" }] });
  });
});

describe("POST /api/admin/deliveries/:id", () => {
  it("delivers with photo and signature: ENTREGADO with history, WhatsApp and audit; the client sees the proof, another client never", async () => {
    const { client, tracking } = await readyPackage();
    const other = await readyPackage();
    const bodega = await createTestStaff(t, "bodega", "Carlos Mora Rojas");
    const arrival = await photo(bodega);
    await t.ctx.db.transaction((tx) =>
      attachPhotos(tx, { trackingId: tracking.id }, "LLEGADA", [arrival], { kind: "staff", accountId: bodega.accountId, label: bodega.name, ip: null }),
    );
    const picture = await photo(bodega);
    const signature = await photo(bodega);

    const res = await deliver(bodega, tracking.id, {
      recibidoPor: "  José  Pérez Quesada ",
      photos: [picture],
      signature,
      notas: "Dejado en la recepción",
      entregarConSaldo: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TDeliveryResponse;
    expect(body).toMatchObject({
      trackingId: tracking.id,
      recibidoPor: "José Pérez Quesada",
      photoUrl: signedLink(picture),
      signatureUrl: signedLink(signature),
    });

    const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id));
    expect(row.estado).toBe("ENTREGADO");
    const history = await t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, tracking.id));
    expect(history.at(-1)).toMatchObject({ newStatus: "ENTREGADO", changedBy: "Carlos Mora Rojas", changedByAccountId: bodega.accountId });
    const messages = await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, tracking.id));
    expect(messages).toHaveLength(1);
    const [audit] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "paquete.entregar"), eq(auditLog.entityId, String(tracking.id))));
    expect(audit.summary).toContain("José Pérez Quesada");
    expect(audit.actorAccountId).toBe(bodega.accountId);
    const kinds = await t.ctx.db.select({ kind: packagePhotos.kind }).from(packagePhotos).where(eq(packagePhotos.trackingId, tracking.id));
    expect(kinds.map((k) => k.kind).sort()).toEqual(["ENTREGA", "FIRMA", "LLEGADA"]);

    const view = await lookup(client.clientCode);
    const mine = view.trackings.find((p) => p.id === tracking.id)!;
    // Signed, short-lived links (decision 146).
    expect(mine.photos).toEqual([{ url: signedLink(arrival), kind: "LLEGADA", createdAt: expect.any(String) }]);
    expect(mine.delivery).toEqual({
      recibidoPor: "José Pérez Quesada",
      deliveredAt: body.deliveredAt,
      photoUrl: signedLink(picture),
      signatureUrl: signedLink(signature),
    });
    // The lookup built in SQL and the drizzle mapping agree, proof included.
    expect(JSON.parse((await getClientTrackingsJson(t.database, client.clientCode))!)).toEqual(
      JSON.parse(JSON.stringify(await getClientTrackings(t.ctx.db, client.clientCode))),
    );
    const otherView = JSON.stringify(await lookup(other.client.clientCode));
    expect(otherView).not.toContain(picture);
    expect(otherView).not.toContain(signature);
    expect(otherView).not.toContain(arrival);
    expect(otherView).not.toContain("José Pérez Quesada");
  });

  it("a second delivery is 409 with when and to whom, and changes nothing", async () => {
    const { tracking } = await readyPackage();
    const office = await createTestStaff(t, "oficina");
    expect((await deliver(office, tracking.id, { recibidoPor: "Ana Solís", entregarConSaldo: true })).statusCode).toBe(200);
    const before = {
      deliveries: await t.ctx.db.select().from(deliveries).where(eq(deliveries.trackingId, tracking.id)),
      history: await t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, tracking.id)),
      outbox: await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, tracking.id)),
    };
    const picture = await photo(office);
    const again = await deliver(office, tracking.id, { recibidoPor: "Otra Persona", photos: [picture], entregarConSaldo: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Este paquete ya fue entregado el .+ a Ana Solís$/);
    expect({
      deliveries: await t.ctx.db.select().from(deliveries).where(eq(deliveries.trackingId, tracking.id)),
      history: await t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, tracking.id)),
      outbox: await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, tracking.id)),
    }).toEqual(before);
    expect(await t.ctx.db.select().from(packagePhotos).where(eq(packagePhotos.uploadName, picture))).toEqual([]);
  });

  it("refuses a package not ready (409) and a missing receiver (400), changing nothing", async () => {
    const { clientId } = await readyPackage();
    const early = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("EA"), "EN_ADUANAS");
    const office = await createTestStaff(t, "oficina");
    const res = await deliver(office, early.id, { recibidoPor: "Ana Solís" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DELIVERY_NOT_READY);
    const ready = await readyPackage();
    const missing = await deliver(office, ready.tracking.id, { recibidoPor: "  " });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(RECEIVER_REQUIRED);
    for (const id of [early.id, ready.tracking.id]) {
      expect(await t.ctx.db.select().from(deliveries).where(eq(deliveries.trackingId, id))).toEqual([]);
    }
    const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, ready.tracking.id));
    expect(row.estado).toBe("LISTO_PARA_ENTREGAR");
    expect((await deliver(office, 999_999_999, { recibidoPor: "Ana Solís" })).statusCode).toBe(404);
  });

  it("runs the delivery rules: the referred client's welcome coupon (taken at Listo) stays used and the referrer earns a coupon", async () => {
    const referrer = await registerTestClient(t.app, { nombre: "Sofía Arias" });
    const { tracking, clientId } = await readyPackage("Heredia, San Pablo", { referrerCode: referrer.clientCode });
    const referrerId = await clientIdOf(t.ctx.db, referrer.clientCode);
    const office = await createTestStaff(t, "oficina");
    expect((await deliver(office, tracking.id, { recibidoPor: "Marta Solano Vega", entregarConSaldo: true })).statusCode).toBe(200);
    const [welcome] = await t.ctx.db.select().from(coupons).where(eq(coupons.clientId, clientId));
    expect(welcome).toMatchObject({ status: "USADO", usedOnTrackingId: tracking.id });
    const [referral] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredClientId, clientId));
    expect(referral.status).toBe("COMPLETADO");
    const earned = await t.ctx.db.select().from(coupons).where(eq(coupons.clientId, referrerId));
    expect(earned).toHaveLength(1);
    expect(earned[0]).toMatchObject({ discountPercent: 10, status: "DISPONIBLE" });
  });

  it("a package with a balance is 409 UNPAID_DELIVERY and nothing changes; the explicit choice delivers it noted and audited; a paid one needs none", async () => {
    const { tracking } = await readyPackage();
    const office = await createTestStaff(t, "oficina", "Olga Oficina");
    const snapshot = async () => ({
      row: (await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id)))[0],
      deliveries: await t.ctx.db.select().from(deliveries).where(eq(deliveries.trackingId, tracking.id)),
      history: await t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, tracking.id)),
      outbox: await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, tracking.id)),
    });
    const before = await snapshot();
    const picture = await photo(office);
    const refused = await deliver(office, tracking.id, { recibidoPor: "Ana Solís", photos: [picture] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "UNPAID_DELIVERY",
      message: `El paquete ${tracking.trackingCode} tiene un saldo pendiente de ${formatColones(12_345)}. Registre el pago o elija «Entregar con saldo pendiente».`,
      unpaid: [{ trackingCode: tracking.trackingCode, saldoColones: 12_345 }],
    });
    expect(refused.json().message).toBe(unpaidDeliveryMessage([{ trackingCode: tracking.trackingCode, saldoColones: 12_345 }]));
    expect(await snapshot()).toEqual(before);
    expect(await t.ctx.db.select().from(packagePhotos).where(eq(packagePhotos.uploadName, picture))).toEqual([]);

    const res = await deliver(office, tracking.id, { recibidoPor: "Ana Solís", entregarConSaldo: true });
    expect(res.statusCode, res.body).toBe(200);
    const after = await snapshot();
    expect(after.row.estado).toBe("ENTREGADO");
    expect(after.history.at(-1)).toMatchObject({ newStatus: "ENTREGADO", notes: `Recibido por Ana Solís · ${deliveredWithBalanceNote(12_345)}` });
    expect(deliveredWithBalanceNote(12_345)).toBe(`Entregado con saldo pendiente de ${formatColones(12_345)}`);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "paquete.entregar_con_saldo"), eq(auditLog.entityId, String(tracking.id))));
    expect(audit).toMatchObject({ actorAccountId: office.accountId, after: { estado: "ENTREGADO", saldoColones: 12_345 } });

    // Paid in full (the payments service keeps pagado_colones): delivered without the choice, nothing noted.
    const paid = await readyPackage();
    await t.ctx.db.update(clientTrackings).set({ pagadoColones: 12_345 }).where(eq(clientTrackings.id, paid.tracking.id));
    expect((await deliver(office, paid.tracking.id, { recibidoPor: "Ana Solís" })).statusCode).toBe(200);
    const paidHistory = await t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, paid.tracking.id));
    expect(paidHistory.at(-1)).toMatchObject({ newStatus: "ENTREGADO", notes: "Recibido por Ana Solís" });
    expect(
      await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "paquete.entregar_con_saldo"), eq(auditLog.entityId, String(paid.tracking.id)))),
    ).toEqual([]);
  });
});
