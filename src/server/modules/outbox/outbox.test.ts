// The outbox screen (issue 35 item 5, decisions 213 and 214): the list's filters and paging, the
// history of a message, "Reintentar" only for a retryable failure, the notice to the clients of
// an Embarque (counted with its skips, queued once), the roles, and the answer to BAJA / ALTA,
// against the stand-in Graph API on 127.0.0.1.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_WHATSAPP_APP_SECRET, uniqueTrackingCode, type TestApp } from "../../test/app";
import { auditLog, clients, notificationOutbox, whatsappWebhookEvents } from "../../db/schema";
import { fakeGraphEnv, incomingWebhookBody, signWebhook, startFakeGraphApi, type FakeGraphApi } from "../../test/fakes/graph-api";
import { addTestPackage, uniquePhone } from "../../test/clients";
import { addTestShipment } from "../../test/shipments";
import { uniqueClientCode } from "../../test/workbooks";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { enqueueNotification } from "../../core/outbox";
import { DEFAULT_RETRY_POLICY, processDueBatch, type RetryPolicy } from "../notifications/sending";
import { processDueWebhookEvents } from "../whatsapp-webhook/worker";
import { metaSendProblems } from "../../test/meta-schemas";
import { NOTIFICATION_NOT_RETRYABLE, SHIPMENT_NOTICE_REPEATED, type TOutboxPage, type TShipmentNoticePreview } from "../../../shared/api/admin/outbox";
import { ROLE_FORBIDDEN } from "../../../shared/api/admin/staff";
import { CONSENT_REPLY_TEXTS, SHIPMENT_NOTICE_SKIP_REASONS } from "../../../shared/domain/whatsapp-outbox";
import { WHATSAPP_WEBHOOK_PATH } from "../../../shared/api/whatsapp-webhook";

const NO_WAIT: RetryPolicy = { ...DEFAULT_RETRY_POLICY, backoffMs: [0] };

describe("the outbox screen", () => {
  let t: TestApp;
  let fake: FakeGraphApi;
  let office: TestStaff;
  beforeAll(async () => {
    fake = await startFakeGraphApi();
    t = await createTestApp({ env: { ...fakeGraphEnv(fake), RATE_LIMIT: "off" } });
    office = await createTestStaff(t, "oficina");
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.ctx.db;
  const newClient = async (values: Partial<typeof clients.$inferInsert> = {}) => {
    const [row] = await db()
      .insert(clients)
      .values({ clientCode: uniqueClientCode(), nombre: "Ana Mora Solís", direccion: "Grecia centro", telefono: `+506${uniquePhone()}`, ...values })
      .returning();
    return row;
  };
  const list = async (query: string) => {
    const res = await t.app.inject({ method: "GET", url: `/api/admin/outbox?${query}`, headers: office.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TOutboxPage;
  };
  const queue = async (clientId: number, recipient: string, set: Partial<typeof notificationOutbox.$inferInsert> = {}, trackingId?: number) => {
    const { id } = await enqueueNotification(db(), { kind: "TRACKING_STATUS", recipient, body: "Hola Ana", clientId, trackingId, parameters: ["Ana", "1Z", "En tránsito"] });
    if (Object.keys(set).length) await db().update(notificationOutbox).set(set).where(eq(notificationOutbox.id, id));
    return id;
  };
  const drainOutbox = async () => {
    while ((await processDueBatch(db(), t.ctx.providers.messaging, { policy: NO_WAIT })) > 0);
  };

  it("filters by state, client, package, template and dates, and pages 25 at a time", async () => {
    const ana = await newClient();
    const luis = await newClient({ nombre: "Luis Quesada Rojas" });
    const pkg = await addTestPackage(db(), ana.id, uniqueTrackingCode("OBX"));
    const delivered = await queue(ana.id, ana.telefono, { status: "SENT", sentAt: new Date(), deliveryStatus: "delivered", deliveredAt: new Date() }, pkg.id);
    const read = await queue(ana.id, ana.telefono, { status: "SENT", sentAt: new Date(), deliveryStatus: "read", deliveredAt: new Date(), readAt: new Date() });
    const failed = await queue(ana.id, ana.telefono, { status: "FAILED", deliveryStatus: "failed", failedAt: new Date(), errorCode: 131026, lastError: "No recibe" });
    const skipped = await queue(luis.id, luis.telefono, { status: "SKIPPED", lastError: "No enviado: el cliente pidió no recibir mensajes" });
    const old = await queue(luis.id, luis.telefono, { createdAt: new Date("2026-01-10T12:00:00-06:00") });
    await enqueueNotification(db(), { kind: "WELCOME", recipient: luis.telefono, body: "Bienvenido", clientId: luis.id, payload: { nombre: "Luis", clientCode: luis.clientCode } });

    const ids = (page: TOutboxPage) => page.items.map((i) => i.id).sort((a, b) => a - b);
    expect(ids(await list(`cliente=${ana.clientCode}`))).toEqual([delivered, read, failed]);
    expect(ids(await list(`cliente=${ana.clientCode}&estado=ENTREGADO`))).toEqual([delivered]);
    expect(ids(await list(`cliente=${ana.clientCode}&estado=LEIDO`))).toEqual([read]);
    expect(ids(await list(`cliente=${ana.clientCode}&estado=FALLIDO`))).toEqual([failed]);
    expect(ids(await list(`cliente=${luis.clientCode}&estado=OMITIDO`))).toEqual([skipped]);
    expect(ids(await list(`paquete=${pkg.trackingCode.slice(2).toLowerCase()}`))).toEqual([delivered]);
    expect((await list(`cliente=${luis.clientCode}&plantilla=bienvenida`)).items.map((i) => i.template)).toEqual(["bienvenida"]);
    expect(ids(await list(`cliente=${luis.clientCode}&desde=2026-01-10&hasta=2026-01-10`))).toEqual([old]);
    expect(ids(await list(`cliente=${luis.clientCode}&hasta=2026-01-09`))).toEqual([]);

    const page = await list(`cliente=${ana.clientCode}&estado=ENTREGADO`);
    const [item] = page.items;
    expect(item).toMatchObject({ tracking: { id: pkg.id, trackingCode: pkg.trackingCode }, client: { id: ana.id, clientCode: ana.clientCode }, templateLabel: "Estado de paquete", canRetry: false });
    expect(item.history.map((s) => s.text)).toEqual(["Puesto en cola", "Aceptado por WhatsApp", "Entregado al teléfono del cliente"]);
    const failedItem = (await list(`cliente=${ana.clientCode}&estado=FALLIDO`)).items[0];
    expect(failedItem.history.at(-1)?.text).toBe("Falló: No recibe");

    // Paging: 27 messages of one client are 25 and 2.
    const many = await newClient();
    for (let i = 0; i < 27; i++) await queue(many.id, many.telefono);
    const first = await list(`cliente=${many.clientCode}`);
    const second = await list(`cliente=${many.clientCode}&pagina=2`);
    expect([first.total, first.items.length, second.items.length, second.page]).toEqual([27, 25, 2, 2]);
    expect(Math.min(...first.items.map((i) => i.id))).toBeGreaterThan(Math.max(...second.items.map((i) => i.id)));

    const bad = await t.app.inject({ method: "GET", url: "/api/admin/outbox?estado=PERDIDO", headers: office.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: "Estado inválido" });
    const badDate = await t.app.inject({ method: "GET", url: "/api/admin/outbox?desde=2026-02-30", headers: office.headers });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toMatch(/^Fecha inválida/);
  });

  it("offers and allows a retry for a retryable code, and refuses a permanent one in Spanish without changing it", async () => {
    const ana = await newClient();
    const retryable = await queue(ana.id, ana.telefono, { status: "FAILED", deliveryStatus: "failed", errorCode: 131000, lastError: "Error de WhatsApp", attempts: 6 });
    const permanent = await queue(ana.id, ana.telefono, { status: "FAILED", deliveryStatus: "failed", errorCode: 131026, lastError: "No recibe", attempts: 1 });
    const items = (await list(`cliente=${ana.clientCode}`)).items;
    expect(Object.fromEntries(items.map((i) => [i.id, i.canRetry]))).toEqual({ [retryable]: true, [permanent]: false });

    const ok = await t.app.inject({ method: "POST", url: `/api/notifications/${retryable}/retry`, headers: office.headers });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().notification).toMatchObject({ status: "PENDING", attempts: 0 });

    const refused = await t.app.inject({ method: "POST", url: `/api/notifications/${permanent}/retry`, headers: office.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: NOTIFICATION_NOT_RETRYABLE });
    const [row] = await db().select().from(notificationOutbox).where(eq(notificationOutbox.id, permanent));
    expect(row).toMatchObject({ status: "FAILED", attempts: 1, errorCode: 131026 });
  });

  it("counts an Embarque's clients before sending, skips the opted-out, unreachable and phoneless with the reason, and queues one each", async () => {
    const ready = await newClient({ nombre: "María Vargas" });
    const optedOut = await newClient({ whatsappOptOutAt: new Date() });
    const unreachable = await newClient({ whatsappUnreachableAt: new Date(), whatsappUnreachableCode: 131026 });
    const noPhone = await newClient({ telefono: "" });
    const packages = [
      await addTestPackage(db(), ready.id, uniqueTrackingCode("EMA")),
      await addTestPackage(db(), ready.id, uniqueTrackingCode("EMB")),
      await addTestPackage(db(), optedOut.id, uniqueTrackingCode("EMC")),
      await addTestPackage(db(), unreachable.id, uniqueTrackingCode("EMD")),
      await addTestPackage(db(), noPhone.id, uniqueTrackingCode("EME")),
    ];
    const shipment = await addTestShipment(db(), { estado: "CERRADO", trackingIds: packages.map((p) => p.id) });
    const query = `embarqueId=${shipment.id}&plantilla=embarque_llego_cr`;
    const preview = await t.app.inject({ method: "GET", url: `/api/admin/outbox/shipment-notice?${query}`, headers: office.headers });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ clients: 4, willSend: 1, skipped: { optedOut: 1, unreachable: 1, noPhone: 1 }, alreadySentAt: null } satisfies Partial<TShipmentNoticePreview>);
    expect((await db().select({ n: count() }).from(notificationOutbox).where(eq(notificationOutbox.shipmentId, shipment.id)))[0].n).toBe(0);

    const sent = await t.app.inject({ method: "POST", url: "/api/admin/outbox/shipment-notice", headers: office.headers, payload: { embarqueId: shipment.id, plantilla: "embarque_llego_cr" } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ queued: 1, clients: 4 });
    const rows = await db().select().from(notificationOutbox).where(eq(notificationOutbox.shipmentId, shipment.id));
    const byClient = Object.fromEntries(rows.map((r) => [r.clientId, r]));
    expect(rows).toHaveLength(4);
    expect(byClient[ready.id]).toMatchObject({ kind: "SHIPMENT_NOTICE", status: "PENDING" });
    expect(byClient[ready.id].body).toContain("su embarque llegó a Costa Rica");
    expect(byClient[optedOut.id]).toMatchObject({ status: "SKIPPED", lastError: SHIPMENT_NOTICE_SKIP_REASONS.optedOut });
    expect(byClient[unreachable.id]).toMatchObject({ status: "SKIPPED", lastError: SHIPMENT_NOTICE_SKIP_REASONS.unreachable });
    expect(byClient[noPhone.id]).toMatchObject({ status: "SKIPPED", lastError: SHIPMENT_NOTICE_SKIP_REASONS.noPhone });
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, "embarque.aviso"), eq(auditLog.entityId, String(shipment.id))));
    expect(audit).toMatchObject({ actorAccountId: office.accountId });

    // Sent as the approved template it names, with the client's name and tracking numbers, valid by Meta's schema.
    await drainOutbox();
    const request = fake.accepted.find((r) => r.body.to === ready.telefono.replace("+", ""));
    expect(request?.body.template?.name).toBe("embarque_llego_cr");
    expect(request?.body.template?.components?.[0].parameters?.map((p) => p.text)).toEqual(["María Vargas", [packages[0], packages[1]].map((p) => p.trackingCode).sort().join(", ")]);
    expect(metaSendProblems(request?.body)).toEqual([]);
    // The outbox screen lists them by Embarque.
    expect((await list(`embarqueId=${shipment.id}`)).total).toBe(4);
  });

  it("queues no second notice on a double click or a repeat within 24 hours", async () => {
    const ana = await newClient();
    const pkg = await addTestPackage(db(), ana.id, uniqueTrackingCode("DUP"));
    const shipment = await addTestShipment(db(), { trackingIds: [pkg.id] });
    const send = () => t.app.inject({ method: "POST", url: "/api/admin/outbox/shipment-notice", headers: office.headers, payload: { embarqueId: shipment.id, plantilla: "embarque_en_aduana" } });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json()).toMatchObject({ message: SHIPMENT_NOTICE_REPEATED });
    const again = await send();
    expect(again.statusCode).toBe(409);
    expect((await db().select({ n: count() }).from(notificationOutbox).where(eq(notificationOutbox.shipmentId, shipment.id)))[0].n).toBe(1);
    const preview = await t.app.inject({ method: "GET", url: `/api/admin/outbox/shipment-notice?embarqueId=${shipment.id}&plantilla=embarque_en_aduana`, headers: office.headers });
    expect(preview.json().alreadySentAt).not.toBeNull();
    // Another notice of the same Embarque is its own.
    const other = await t.app.inject({ method: "POST", url: "/api/admin/outbox/shipment-notice", headers: office.headers, payload: { embarqueId: shipment.id, plantilla: "embarque_retraso" } });
    expect(other.statusCode).toBe(200);
  });

  it("refuses Bodega, the Mensajero and a call without a session, changing nothing", async () => {
    const pkg = await addTestPackage(db(), (await newClient()).id, uniqueTrackingCode("ROL"));
    const shipment = await addTestShipment(db(), { trackingIds: [pkg.id] });
    const calls = [
      { method: "GET" as const, url: "/api/admin/outbox" },
      { method: "GET" as const, url: `/api/admin/outbox/shipment-notice?embarqueId=${shipment.id}&plantilla=embarque_llego_cr` },
      { method: "POST" as const, url: "/api/admin/outbox/shipment-notice", payload: { embarqueId: shipment.id, plantilla: "embarque_llego_cr" } },
    ];
    for (const role of ["bodega", "mensajero"] as const) {
      const staff = await createTestStaff(t, role);
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: staff.headers });
        expect(res.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
        expect(res.json().message).toBe(ROLE_FORBIDDEN);
      }
    }
    for (const call of calls) expect((await t.app.inject(call)).statusCode).toBe(401);
    expect((await db().select({ n: count() }).from(notificationOutbox).where(eq(notificationOutbox.shipmentId, shipment.id)))[0].n).toBe(0);
  });

  describe("the answer to BAJA and ALTA", () => {
    let webhookReady = false;
    const incoming = async (from: string, text: string, timestamp?: string) => {
      if (!webhookReady) {
        const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
        fake.setWebhook(`${address}${WHATSAPP_WEBHOOK_PATH}`, TEST_WHATSAPP_APP_SECRET);
        webhookReady = true;
      }
      const body = JSON.stringify(incomingWebhookBody(fake.phoneNumberId, from, { type: "text", text: { body: text }, ...(timestamp ? { timestamp } : {}) }));
      const res = await t.app.inject({ method: "POST", url: WHATSAPP_WEBHOOK_PATH, headers: { "content-type": "application/json", "x-hub-signature-256": signWebhook(body, TEST_WHATSAPP_APP_SECRET) }, payload: body });
      expect(res.statusCode).toBe(200);
      await processDueWebhookEvents(db(), { policy: NO_WAIT, retryMs: 0 });
    };

    it("confirms BAJA with free text (even to the opted-out client), skips the next notice, and confirms ALTA", async () => {
      const ana = await newClient();
      const number = ana.telefono.replace("+", "");
      await incoming(number, "BAJA");
      await drainOutbox();
      const replies = () => db().select().from(notificationOutbox).where(and(eq(notificationOutbox.clientId, ana.id), eq(notificationOutbox.kind, "CONSENT_REPLY"))).orderBy(notificationOutbox.id);
      expect(await replies()).toMatchObject([{ status: "SENT", body: CONSENT_REPLY_TEXTS.BAJA, recipient: number }]);
      const text = fake.accepted.filter((r) => r.body.to === number);
      expect(text.map((r) => r.body)).toEqual([expect.objectContaining({ type: "text", text: { preview_url: false, body: CONSENT_REPLY_TEXTS.BAJA } })]);
      expect(metaSendProblems(text[0].body)).toEqual([]);

      // The next notice is not sent.
      const notice = await queue(ana.id, ana.telefono);
      await drainOutbox();
      expect((await db().select().from(notificationOutbox).where(eq(notificationOutbox.id, notice)))[0].status).toBe("SKIPPED");
      // The outbox screen shows the reply like any other message.
      expect((await list(`cliente=${ana.clientCode}&plantilla=respuesta_baja_alta`)).items.map((i) => i.templateLabel)).toEqual(["Respuesta a BAJA / ALTA"]);

      await incoming(number, "alta");
      await drainOutbox();
      expect((await replies()).map((r) => [r.status, r.body])).toEqual([
        ["SENT", CONSENT_REPLY_TEXTS.BAJA],
        ["SENT", CONSENT_REPLY_TEXTS.ALTA],
      ]);
    });

    it("does not answer a BAJA whose 24-hour window has already closed, nor a number no client holds", async () => {
      const ana = await newClient();
      const number = ana.telefono.replace("+", "");
      await incoming(number, "BAJA", String(Math.floor(Date.now() / 1000) - 25 * 3600));
      await incoming(`5067${uniquePhone().slice(1)}`, "STOP");
      expect((await db().select().from(clients).where(eq(clients.id, ana.id)))[0].whatsappOptOutAt).not.toBeNull();
      expect((await db().select({ n: count() }).from(notificationOutbox).where(eq(notificationOutbox.clientId, ana.id)))[0].n).toBe(0);
      expect((await db().select({ n: count() }).from(whatsappWebhookEvents).where(eq(whatsappWebhookEvents.state, "FAILED")))[0].n).toBe(0);
    });
  });
});
