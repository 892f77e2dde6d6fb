// Issue 21, docs/decisions/139: the coupon is taken when the package first becomes collectable
// (Listo para entregar, or Entregado when it skips Listo), the Listo message carries the stored
// amount due (body and the WHATSAPP_TEMPLATE_READY parameters, sent to a fake Graph API on
// 127.0.0.1), and a move to Entregado with a balance is refused unless staff choose
// 'Entregar con saldo pendiente' (the Excel import is allowed, noted and audited).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { TEST_ADMIN_ACTOR, TEST_IMPORT_ACTOR } from "../../test/actors";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { createTestStaff } from "../../test/staff";
import { auditLog, clientTrackings, coupons, notificationOutbox, referrals, trackingStatusHistory } from "../../db/schema";
import { changeTrackingStatus, createTrackings } from "./service";
import { templateKeyOf, templateParametersOf } from "../../core/outbox";
import { createMessagingProvider } from "../../providers/messaging";
import { fakeGraphEnv, startFakeGraphApi, type FakeGraphApi } from "../../test/fakes/graph-api";
import { templateParameterText } from "../../providers/messaging/template-parameters";
import { loadConfig } from "../../config";
import { formatColones } from "../../../shared/domain/format";
import { amountDueText, trackingStatusMessage } from "../../../shared/domain/messages";
import { deliveredWithBalanceNote, unpaidDeliveryMessage } from "../../../shared/api/admin/trackings";

const t = useTestApp();

async function pricedPackage(clientId: number, estado: "EN_BODEGA_CR" | "LISTO_PARA_ENTREGAR", monto = 10_000) {
  const tracking = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("SAL"), estado);
  await t.ctx.db.update(clientTrackings).set({ montoColones: monto }).where(eq(clientTrackings.id, tracking.id));
  return tracking;
}

const rowOf = async (id: number) => (await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, id)))[0];
const messagesOf = (id: number) => t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, id)).orderBy(notificationOutbox.id);
const move = (trackingId: number, newStatus: "LISTO_PARA_ENTREGAR" | "ENTREGADO" | "EN_BODEGA_CR", extra: { entregarConSaldo?: boolean } = {}) =>
  t.ctx.db.transaction((tx) => changeTrackingStatus(tx, { trackingId, newStatus, actor: TEST_ADMIN_ACTOR, brandName: "Courier Prueba", ...extra }));

describe("the coupon when the amount is announced", () => {
  it("is taken on Listo para entregar, before the message, which carries the stored amount due; Entregado takes no second one and completes the referral", async () => {
    const referrer = await registerTestClient(t.app, { nombre: "Sofía Arias" });
    const friend = await registerTestClient(t.app, { nombre: "Diego Herrera Salas", referrerCode: referrer.clientCode });
    const friendId = await clientIdOf(t.ctx.db, friend.clientCode);
    const pkg = await pricedPackage(friendId, "EN_BODEGA_CR");

    const ready = await move(pkg.id, "LISTO_PARA_ENTREGAR");
    expect(ready.rewards?.couponApplied?.discountPercent).toBe(5);
    expect(ready.rewards?.referralCompleted).toBeNull();
    const row = await rowOf(pkg.id);
    expect(row.descuentoColones).toBeGreaterThan(0);
    expect(row.saldoColones).toBe(10_000 - row.descuentoColones!);
    const [referral] = await t.ctx.db.select().from(referrals).where(eq(referrals.referredClientId, friendId));
    expect(referral.status).toBe("REGISTRADO");

    const [message] = await messagesOf(pkg.id);
    expect(message.id).toBe(ready.notificationId);
    expect(message.body).toBe(
      trackingStatusMessage({
        nombre: "Diego Herrera Salas",
        trackingCode: pkg.trackingCode,
        estado: "LISTO_PARA_ENTREGAR",
        brandName: "Courier Prueba",
        amount: { totalColones: row.totalColones, saldoColones: row.saldoColones! },
      }),
    );
    expect(message.body).toContain(`\n\nMonto a pagar: ${formatColones(row.saldoColones)}\n\n`);
    expect(templateKeyOf(message)).toBe("ready");
    expect(templateParametersOf(message)).toEqual(["Diego Herrera Salas", pkg.trackingCode, `Monto a pagar: ${formatColones(row.saldoColones)}`]);

    // Paid before the delivery (the payments service keeps pagado_colones): delivered without the choice.
    await t.ctx.db.update(clientTrackings).set({ pagadoColones: row.saldoColones! }).where(eq(clientTrackings.id, pkg.id));
    const delivered = await move(pkg.id, "ENTREGADO");
    expect(delivered.rewards?.couponApplied).toBeNull();
    expect(delivered.rewards?.referralCompleted?.referrerClientId).toBe(await clientIdOf(t.ctx.db, referrer.clientCode));
    expect(await t.ctx.db.select().from(coupons).where(eq(coupons.usedOnTrackingId, pkg.id))).toHaveLength(1);
    expect((await rowOf(pkg.id)).saldoColones).toBe(0);
  });

  it("is taken on Entregado when the package skips Listo; a package back at Listo later takes none (the amount was announced)", async () => {
    const client = await registerTestClient(t.app, { nombre: "Rosa Campos" });
    const id = await clientIdOf(t.ctx.db, client.clientCode);
    const later = new Date(Date.now() + 30 * 86_400_000);
    const [tenPercent] = await t.ctx.db.insert(coupons).values({ clientId: id, discountPercent: 10, reason: "REFERIDO", expiresAt: later }).returning();

    const skip = await addTestPackage(t.ctx.db, id, uniqueTrackingCode("SAL"), "EN_BODEGA_CR", { montoColones: 0 });
    expect((await move(skip.id, "ENTREGADO")).rewards?.couponApplied).toEqual({ couponId: tenPercent.id, discountPercent: 10 });

    // Listo without a coupon to take, then one arrives: moving back and to Listo again changes nothing.
    const announced = await pricedPackage(id, "EN_BODEGA_CR");
    await move(announced.id, "LISTO_PARA_ENTREGAR");
    await t.ctx.db.insert(coupons).values({ clientId: id, discountPercent: 5, reason: "REFERIDO", expiresAt: later });
    await move(announced.id, "EN_BODEGA_CR");
    expect((await move(announced.id, "LISTO_PARA_ENTREGAR")).rewards?.couponApplied).toBeNull();
    expect((await rowOf(announced.id)).discountPercent).toBeNull();
  });

  it("the Listo message says 'Ya está pagado.' when paid; a package without an amount never gets one (refused, docs/decisions/152)", async () => {
    const client = await registerTestClient(t.app, { nombre: "Ana Mora" });
    const id = await clientIdOf(t.ctx.db, client.clientCode);
    const paid = await pricedPackage(id, "EN_BODEGA_CR", 8_000);
    await t.ctx.db.update(clientTrackings).set({ pagadoColones: 8_000 }).where(eq(clientTrackings.id, paid.id));
    await move(paid.id, "LISTO_PARA_ENTREGAR");
    const [paidMessage] = await messagesOf(paid.id);
    expect(paidMessage.body).toContain("\n\nYa está pagado.\n\n");
    expect(templateParametersOf(paidMessage)).toEqual(["Ana Mora", paid.trackingCode, "Ya está pagado."]);

    const unpriced = await addTestPackage(t.ctx.db, id, uniqueTrackingCode("SAL"), "EN_BODEGA_CR");
    await expect(move(unpriced.id, "LISTO_PARA_ENTREGAR")).rejects.toMatchObject({ statusCode: 409, code: "UNPRICED" });
    expect(await messagesOf(unpriced.id)).toHaveLength(0);
    expect(amountDueText({ totalColones: null, saldoColones: 0 })).toBeNull();
    expect(amountDueText({ totalColones: 5_000, saldoColones: -200 })).toBe("Ya está pagado.");
  });
});

describe("the ready template on the wire (fake Graph API on 127.0.0.1)", () => {
  let fake: FakeGraphApi;
  beforeAll(async () => {
    fake = await startFakeGraphApi();
  });
  afterAll(async () => {
    await fake.close();
  });

  it("sends WHATSAPP_TEMPLATE_READY (default paquete_listo_pago) with the name, the code and the amount text, each parameter checked", async () => {
    const config = loadConfig(fakeGraphEnv(fake));
    expect(config.whatsapp.templates.ready).toBe("paquete_listo_pago");
    const provider = createMessagingProvider(config);
    const client = await registerTestClient(t.app, { nombre: "Lucía Vargas" });
    const pkg = await pricedPackage(await clientIdOf(t.ctx.db, client.clientCode), "EN_BODEGA_CR", 12_345);
    await move(pkg.id, "LISTO_PARA_ENTREGAR");
    const [row] = await messagesOf(pkg.id);
    const before = fake.requests.length;
    await provider.send({ kind: "TRACKING_STATUS", template: templateKeyOf(row), to: row.recipient, body: row.body, parameters: templateParametersOf(row) });
    const sent = fake.requests[before].body.template;
    expect(sent?.name).toBe("paquete_listo_pago");
    // The es-CR group separator is a no-break space: sent as a plain one, like every parameter.
    expect(sent?.components?.[0].parameters?.map((p) => p.text)).toEqual([
      "Lucía Vargas",
      pkg.trackingCode,
      templateParameterText(`Monto a pagar: ${formatColones(12_345)}`),
    ]);
    expect(templateParameterText(`Monto a pagar: ${formatColones(12_345)}`)).toBe("Monto a pagar: ₡12 345");

    const custom = createMessagingProvider(loadConfig({ ...fakeGraphEnv(fake), WHATSAPP_TEMPLATE_READY: "listo_con_monto" }));
    // A stored amount text with new lines or runs of spaces (an old row) is flattened, never refused by Meta.
    await custom.send({ kind: "TRACKING_STATUS", template: "ready", to: row.recipient, body: row.body, parameters: ["Lucía", pkg.trackingCode, "Monto\na pagar:     ₡1"] });
    const last = fake.requests.at(-1)!.body.template;
    expect(last?.name).toBe("listo_con_monto");
    expect(last?.components?.[0].parameters?.[2].text).toBe("Monto a pagar: ₡1");
  });
});

describe("delivering with a balance", () => {
  it("bulk status names how many and which, changes nothing; with entregarConSaldo every one is delivered, noted and audited", async () => {
    const office = await createTestStaff(t, "oficina", "Olga Oficina");
    const client = await registerTestClient(t.app, { nombre: "Pablo Rojas" });
    const id = await clientIdOf(t.ctx.db, client.clientCode);
    const a = await pricedPackage(id, "LISTO_PARA_ENTREGAR", 10_000);
    const b = await pricedPackage(id, "LISTO_PARA_ENTREGAR", 7_500);
    const paid = await pricedPackage(id, "LISTO_PARA_ENTREGAR", 3_000);
    await t.ctx.db.update(clientTrackings).set({ pagadoColones: 3_000 }).where(eq(clientTrackings.id, paid.id));
    const ids = [a.id, b.id, paid.id];
    const snapshot = async () => ({
      rows: await t.ctx.db.select().from(clientTrackings).where(inArray(clientTrackings.id, ids)).orderBy(clientTrackings.id),
      history: await t.ctx.db.select().from(trackingStatusHistory).where(inArray(trackingStatusHistory.trackingId, ids)),
      outbox: await t.ctx.db.select().from(notificationOutbox).where(inArray(notificationOutbox.trackingId, ids)),
    });
    const before = await snapshot();
    const bulk = (payload: object) => t.app.inject({ method: "POST", url: "/api/admin/trackings/bulk-status", headers: office.headers, payload });

    const refused = await bulk({ ids, estado: "ENTREGADO" });
    expect(refused.statusCode).toBe(409);
    const unpaid = [
      { trackingCode: a.trackingCode, saldoColones: 10_000 },
      { trackingCode: b.trackingCode, saldoColones: 7_500 },
    ];
    expect(refused.json()).toMatchObject({ code: "UNPAID_DELIVERY", message: unpaidDeliveryMessage(unpaid), unpaid });
    expect(refused.json().message).toBe(
      `2 paquetes tienen saldo pendiente: ${a.trackingCode} (${formatColones(10_000)}), ${b.trackingCode} (${formatColones(7_500)}). ` +
        "Registre el pago o elija «Entregar con saldo pendiente».",
    );
    expect(await snapshot()).toEqual(before);

    const res = await bulk({ ids, estado: "ENTREGADO", entregarConSaldo: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 3, unchanged: 0 });
    const notes = await t.ctx.db
      .select({ trackingId: trackingStatusHistory.trackingId, notes: trackingStatusHistory.notes })
      .from(trackingStatusHistory)
      .where(and(inArray(trackingStatusHistory.trackingId, ids), eq(trackingStatusHistory.newStatus, "ENTREGADO")));
    expect(Object.fromEntries(notes.map((n) => [n.trackingId, n.notes]))).toEqual({
      [a.id]: deliveredWithBalanceNote(10_000),
      [b.id]: deliveredWithBalanceNote(7_500),
      [paid.id]: null,
    });
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "paquete.entregar_con_saldo"));
    expect(audits.filter((r) => ids.map(String).includes(r.entityId!)).map((r) => [r.entityId, r.actorLabel])).toEqual([
      [String(a.id), "Olga Oficina"],
      [String(b.id), "Olga Oficina"],
    ]);
  });

  it("the PATCH and the edit dialog refuse without the flag and deliver with it; Bodega may send the flag too", async () => {
    const bodega = await createTestStaff(t, "bodega");
    const office = await createTestStaff(t, "oficina");
    const client = await registerTestClient(t.app);
    const id = await clientIdOf(t.ctx.db, client.clientCode);
    const one = await pricedPackage(id, "LISTO_PARA_ENTREGAR", 4_000);
    const two = await pricedPackage(id, "LISTO_PARA_ENTREGAR", 4_000);
    const patch = (url: string, headers: Record<string, string>, payload: object) => t.app.inject({ method: "PATCH", url, headers, payload });

    const inline = await patch(`/api/trackings/${one.id}`, bodega.headers, { estado: "ENTREGADO" });
    expect(inline.statusCode).toBe(409);
    expect(inline.json()).toMatchObject({ code: "UNPAID_DELIVERY", message: unpaidDeliveryMessage([{ trackingCode: one.trackingCode, saldoColones: 4_000 }]) });
    const byBodega = await patch(`/api/trackings/${one.id}`, bodega.headers, { estado: "ENTREGADO", entregarConSaldo: true });
    expect(byBodega.statusCode, byBodega.body).toBe(200);
    // Bodega's answer carries no charge columns (docs/decisions/139).
    expect(byBodega.json().tracking).toMatchObject({ estado: "ENTREGADO", montoColones: 4_000, totalColones: null, saldoColones: null, pagadoColones: null });

    expect((await patch(`/api/admin/trackings/${two.id}`, office.headers, { estado: "ENTREGADO" })).statusCode).toBe(409);
    expect((await rowOf(two.id)).estado).toBe("LISTO_PARA_ENTREGAR");
    const edited = await patch(`/api/admin/trackings/${two.id}`, office.headers, { estado: "ENTREGADO", entregarConSaldo: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().tracking).toMatchObject({ estado: "ENTREGADO", totalColones: 4_000, pagadoColones: 0, saldoColones: 4_000 });
    // The flag alone is not a change.
    expect((await patch(`/api/trackings/${two.id}`, office.headers, { entregarConSaldo: true })).statusCode).toBe(400);
  });

  it("the Excel import delivers with a balance (the office's reconciliation), noted and audited", async () => {
    const client = await registerTestClient(t.app);
    const id = await clientIdOf(t.ctx.db, client.clientCode);
    const [created] = await t.ctx.db.transaction((tx) =>
      createTrackings(tx, [{ clientId: id, trackingCode: uniqueTrackingCode("IMP"), estado: "ENTREGADO", montoColones: 6_000, actor: TEST_IMPORT_ACTOR, notify: false }]),
    );
    expect(created.tracking.estado).toBe("ENTREGADO");
    const [history] = await t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, created.tracking.id));
    expect(history.notes).toBe(deliveredWithBalanceNote(6_000));
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "paquete.entregar_con_saldo"), eq(auditLog.entityId, String(created.tracking.id))));
    expect(audits).toHaveLength(1);
    // Any other caller creating it delivered with a balance is refused.
    await expect(
      t.ctx.db.transaction((tx) =>
        createTrackings(tx, [{ clientId: id, trackingCode: uniqueTrackingCode("IMP"), estado: "ENTREGADO", montoColones: 6_000, actor: TEST_ADMIN_ACTOR, notify: false }]),
      ),
    ).rejects.toMatchObject({ statusCode: 409, code: "UNPAID_DELIVERY" });
  });
});
