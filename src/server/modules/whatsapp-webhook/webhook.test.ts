// The WhatsApp webhook (issue 35, decisions 199-202) against the stand-in Graph API on 127.0.0.1:
// Meta's verification, the signature, idempotent storage, delivery reports in any order,
// failures with their Spanish reason and retry decision, the unreachable-number mark, BAJA/ALTA,
// the clients' messages, and the whole loop (send -> signed webhook -> delivered, read).
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_WHATSAPP_APP_SECRET, TEST_WHATSAPP_VERIFY_TOKEN, type TestApp } from "../../test/app";
import { clients, notificationOutbox, whatsappInboundMessages, whatsappWebhookEvents } from "../../db/schema";
import {
  FAKE_DISPLAY_NUMBER,
  fakeGraphEnv,
  incomingWebhookBody,
  signWebhook,
  startFakeGraphApi,
  statusWebhookBody,
  type FakeGraphApi,
  type WebhookStatus,
} from "../../test/fakes/graph-api";
import { clientIdOf, registerTestClient, uniquePhone } from "../../test/clients";
import { enqueueNotification } from "../../core/outbox";
import { DEFAULT_RETRY_POLICY, processDueBatch, type RetryPolicy } from "../notifications/sending";
import { createWebhookWorker, processDueWebhookEvents } from "./worker";
import { until } from "../../test/until";
import { describeNotification } from "../../../shared/api/notifications";
import { toNotificationState } from "../notifications/queries";
import { WEBHOOK_NOT_CONFIGURED, WEBHOOK_SIGNATURE_REFUSED, WHATSAPP_WEBHOOK_PATH } from "../../../shared/api/whatsapp-webhook";
import { metaWebhookProblems } from "../../test/meta-schemas";

/** The real policy with no waiting between attempts, so a test can drive every retry. */
const NO_WAIT: RetryPolicy = { ...DEFAULT_RETRY_POLICY, backoffMs: [0] };

describe("the WhatsApp webhook", () => {
  let t: TestApp;
  let fake: FakeGraphApi;
  beforeAll(async () => {
    fake = await startFakeGraphApi();
    t = await createTestApp({ env: { ...fakeGraphEnv(fake), RATE_LIMIT: "off" } });
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    fake.setWebhook(`${address}${WHATSAPP_WEBHOOK_PATH}`, TEST_WHATSAPP_APP_SECRET);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.ctx.db;
  /** The well-formed bodies this file posts as Meta, checked against Meta's schema at the end. */
  const metaBodies: string[] = [];
  const post = (body: unknown, signature?: string | null) => {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    if (typeof body !== "string" && (body as { object?: string }).object === "whatsapp_business_account") metaBodies.push(text);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (signature !== null) headers["x-hub-signature-256"] = signature ?? signWebhook(text, TEST_WHATSAPP_APP_SECRET);
    return t.app.inject({ method: "POST", url: WHATSAPP_WEBHOOK_PATH, headers, payload: text });
  };
  const eventCount = async () => (await db().select({ n: count() }).from(whatsappWebhookEvents))[0].n;
  const applyEvents = () => processDueWebhookEvents(db(), { policy: NO_WAIT, retryMs: 0 });
  const drainOutbox = async () => {
    while ((await processDueBatch(db(), t.ctx.providers.messaging, { policy: NO_WAIT })) > 0);
  };
  const row = async (id: number) => (await db().select().from(notificationOutbox).where(eq(notificationOutbox.id, id)))[0];
  const client = async (id: number) => (await db().select().from(clients).where(eq(clients.id, id)))[0];
  /** A message the stand-in accepted, with no automatic reports, so the test sends its own. */
  const sentMessage = async (to = `506${uniquePhone()}`, clientId: number | null = null) => {
    fake.setAutoStatuses([]);
    try {
      const { id } = await enqueueNotification(db(), { kind: "WHATSAPP_ENTRY_STATUS", recipient: to, clientId, body: "Hola", parameters: ["Ana", "1Z1", "En tránsito"] });
      await drainOutbox();
      const stored = await row(id);
      expect(stored.status).toBe("SENT");
      return { id, to, wamid: stored.providerMessageId as string };
    } finally {
      fake.setAutoStatuses(["sent", "delivered", "read"]);
    }
  };
  const status = (s: Omit<WebhookStatus, "recipient_id"> & { recipient_id?: string }) => statusWebhookBody(fake.phoneNumberId, [{ recipient_id: "50600000000", ...s }]);

  it("answers Meta's verification: the right token gets the challenge as text, anything else 403", async () => {
    const url = (token: string, mode = "subscribe") => `${WHATSAPP_WEBHOOK_PATH}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const ok = await t.app.inject({ method: "GET", url: url(TEST_WHATSAPP_VERIFY_TOKEN) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toMatch(/^text\/plain/);
    expect(ok.body).toBe("1158201444");
    for (const wrong of [url("otro-token"), url(TEST_WHATSAPP_VERIFY_TOKEN, "unsubscribe"), WHATSAPP_WEBHOOK_PATH, `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=${TEST_WHATSAPP_VERIFY_TOKEN}`]) {
      const res = await t.app.inject({ method: "GET", url: wrong });
      expect(res.statusCode, wrong).toBe(403);
      expect(res.body).not.toContain("1158201444");
    }
  });

  it("refuses a missing or wrong signature with 401 and stores nothing", async () => {
    const before = await eventCount();
    const body = JSON.stringify(status({ id: "wamid.firma", status: "delivered" }));
    const otherSecret = signWebhook(body, "otro-secreto");
    const tampered = signWebhook(body.replace("delivered", "read"), TEST_WHATSAPP_APP_SECRET);
    for (const signature of [null, "", "sha256=", otherSecret, tampered, otherSecret.toUpperCase(), "sha1=abc"]) {
      const res = await post(body, signature);
      expect(res.statusCode, String(signature)).toBe(401);
      expect(res.json().message).toBe(WEBHOOK_SIGNATURE_REFUSED);
    }
    expect(await eventCount()).toBe(before);
    expect((await post(body)).statusCode).toBe(200);
    expect(await eventCount()).toBe(before + 1);
  });

  it("stores a repeated delivery once: the same event twice changes nothing the second time", async () => {
    const { id, wamid } = await sentMessage();
    const body = status({ id: wamid, status: "delivered", timestamp: "1764280000" });
    const first = await post(body);
    expect(first.json()).toEqual({ received: true, stored: 1 });
    await applyEvents();
    const after = await row(id);
    expect(after).toMatchObject({ deliveryStatus: "delivered", deliveredAt: new Date(1764280000_000) });
    // Meta retries the same delivery, even with the status at a later time: nothing new.
    const before = await eventCount();
    expect((await post(body)).json()).toEqual({ received: true, stored: 0 });
    expect((await post(status({ id: wamid, status: "delivered", timestamp: "1764289999" }))).json()).toEqual({ received: true, stored: 0 });
    expect(await eventCount()).toBe(before);
    await applyEvents();
    expect(await row(id)).toEqual(after);
  });

  it("keeps a body it cannot read (valid signature, broken JSON) as unprocessable and answers 200", async () => {
    const broken = '{"object":"whatsapp_business_account","entry":[{';
    const res = await post(broken);
    expect(res.statusCode).toBe(200);
    const [kept] = await db().select().from(whatsappWebhookEvents).where(eq(whatsappWebhookEvents.rawBody, broken));
    expect(kept).toMatchObject({ kind: "raw", state: "UNPROCESSABLE" });
    expect((await post(broken)).json()).toEqual({ received: true, stored: 0 });
    // A JSON body of another kind is kept too, never applied.
    const other = await post({ object: "page", entry: [] });
    expect(other.json()).toEqual({ received: true, stored: 1 });
    await applyEvents();
    const [page] = await db().select().from(whatsappWebhookEvents).where(eq(whatsappWebhookEvents.kind, "other"));
    expect(page).toMatchObject({ state: "UNPROCESSABLE", payload: { object: "page", entry: [] } });
  });

  it("never moves a message backwards: read before delivered, sent last", async () => {
    const { id, wamid } = await sentMessage();
    await post(status({ id: wamid, status: "read", timestamp: "1764280300" }));
    await post(status({ id: wamid, status: "delivered", timestamp: "1764280200" }));
    await post(status({ id: wamid, status: "sent", timestamp: "1764280100" }));
    expect(await applyEvents()).toBe(3);
    const stored = await row(id);
    expect(stored).toMatchObject({
      status: "SENT",
      deliveryStatus: "read",
      deliveryStatusAt: new Date(1764280300_000),
      readAt: new Date(1764280300_000),
      deliveredAt: new Date(1764280200_000),
    });
    expect(describeNotification(toNotificationState(stored), { configured: true }).label).toMatch(/^Leído el /);
    // A failure after the client read it does not undo the reading.
    await post(status({ id: wamid, status: "failed", timestamp: "1764280400", errors: [{ code: 131000, title: "Something went wrong" }] }));
    await applyEvents();
    expect(await row(id)).toMatchObject({ status: "SENT", deliveryStatus: "read" });
  });

  it("a permanent failure (131026) shows its Spanish reason, is not retried, and marks the client's number", async () => {
    const c = await registerTestClient(t.app);
    const clientId = await clientIdOf(db(), c.clientCode);
    const { id, wamid } = await sentMessage(`506${c.telefono}`, clientId);
    const requestsBefore = fake.requests.length;
    await post(status({ id: wamid, status: "failed", timestamp: "1764281000", errors: [{ code: 131026, title: "Message undeliverable", message: "Message undeliverable" }] }));
    await applyEvents();
    const stored = await row(id);
    expect(stored).toMatchObject({ status: "FAILED", deliveryStatus: "failed", errorCode: 131026, errorTitle: "Message undeliverable", failedAt: new Date(1764281000_000) });
    expect(stored.lastError).toMatch(/^El número del cliente no puede recibir mensajes de WhatsApp/);
    await drainOutbox();
    expect(fake.requests.length).toBe(requestsBefore);
    expect(await client(clientId)).toMatchObject({ whatsappUnreachableAt: new Date(1764281000_000), whatsappUnreachableCode: 131026 });
    // The staff's client record says so.
    const detail = await t.app.inject({ method: "GET", url: `/api/clients?q=${c.clientCode}`, headers: t.adminHeaders() });
    expect(detail.statusCode).toBe(200);
    expect(JSON.stringify(detail.json())).toContain('"whatsappUnreachableCode":131026');
    // A message the client then writes proves the number works again.
    await fake.postIncoming(`506${c.telefono}`, { type: "text", text: { body: "Hola" } });
    await fake.settle();
    await applyEvents();
    expect(await client(clientId)).toMatchObject({ whatsappUnreachableAt: null, whatsappUnreachableCode: null });
  });

  it("a retryable failure (131000) is queued again and sent again; an unknown code gets a generic Spanish reason", async () => {
    const { id, to, wamid } = await sentMessage();
    await post(status({ id: wamid, status: "failed", errors: [{ code: 131000, title: "Something went wrong" }] }));
    await applyEvents();
    expect(await row(id)).toMatchObject({ status: "PENDING", errorCode: 131000, lastError: "WhatsApp tuvo un error desconocido al enviar el mensaje; se reintentará." });
    fake.setAutoStatuses([]);
    await drainOutbox();
    fake.setAutoStatuses(["sent", "delivered", "read"]);
    const resent = await row(id);
    expect(resent).toMatchObject({ status: "SENT", deliveryStatus: null, errorCode: null, lastError: null });
    expect(resent.providerMessageId).not.toBe(wamid);
    expect(fake.accepted.filter((r) => r.body.to === to)).toHaveLength(2);

    const other = await sentMessage();
    await post(status({ id: other.wamid, status: "failed", errors: [{ code: 999_123, title: "Nuevo error" }] }));
    await applyEvents();
    expect(await row(other.id)).toMatchObject({ status: "FAILED", lastError: "WhatsApp no pudo entregar el mensaje (código 999123: Nuevo error)." });
  });

  it("BAJA opts the client out (any case, accents, +506 or not), every sender skips with the reason, ALTA opts back in", async () => {
    const c = await registerTestClient(t.app);
    const clientId = await clientIdOf(db(), c.clientCode);
    await drainOutbox();
    await fake.postIncoming(`506${c.telefono}`, { type: "text", text: { body: "  bájá. " } });
    await fake.settle();
    await applyEvents();
    const out = await client(clientId);
    expect(out.whatsappOptOutAt).not.toBeNull();
    const [stored] = await db().select().from(whatsappInboundMessages).where(and(eq(whatsappInboundMessages.clientId, clientId), eq(whatsappInboundMessages.type, "text")));
    expect(stored).toMatchObject({ consent: "BAJA", fromNumber: `506${c.telefono}`, text: "  bájá. " });

    // A message for the client (by client id) and one for the number only (another sender): both skipped.
    const before = fake.requests.length;
    const forClient = await enqueueNotification(db(), { kind: "TRACKING_STATUS", recipient: c.telefono, clientId, body: "Hola", parameters: ["Ana", "1Z2", "En bodega"] });
    const forNumber = await enqueueNotification(db(), { kind: "WHATSAPP_ENTRY_STATUS", recipient: `+506 ${c.telefono}`, body: "Hola", parameters: ["Ana", "1Z3", "En tránsito"] });
    await drainOutbox();
    // Only the free-text answer to the BAJA itself went out (decision 214).
    expect(fake.requests.slice(before).map((r) => r.body.type)).toEqual(["text"]);
    for (const { id } of [forClient, forNumber]) {
      const skipped = await row(id);
      expect(skipped.status).toBe("SKIPPED");
      expect(skipped.lastError).toMatch(/^No enviado: el cliente pidió no recibir mensajes \(escribió BAJA el /);
      expect(describeNotification(toNotificationState(skipped), { configured: true })).toEqual({ label: skipped.lastError, tone: "muted" });
    }

    await fake.postIncoming(c.telefono, { type: "text", text: { body: "Alta" }, timestamp: String(Math.floor(Date.now() / 1000) + 5) });
    await fake.settle();
    await applyEvents();
    const back = await client(clientId);
    expect(back.whatsappOptInAt!.getTime()).toBeGreaterThan(back.whatsappOptOutAt!.getTime());
    const next = await enqueueNotification(db(), { kind: "TRACKING_STATUS", recipient: c.telefono, clientId, body: "Hola", parameters: ["Ana", "1Z4", "En bodega"] });
    await drainOutbox();
    expect((await row(next.id)).status).toBe("SENT");
  });

  it("a BAJA and an ALTA applied in the wrong order still leave the later word in force", async () => {
    const c = await registerTestClient(t.app);
    const clientId = await clientIdOf(db(), c.clientCode);
    const from = `506${c.telefono}`;
    await post(incomingWebhookBody(fake.phoneNumberId, from, { type: "text", text: { body: "ALTA" }, timestamp: "1764282000" }));
    await post(incomingWebhookBody(fake.phoneNumberId, from, { type: "text", text: { body: "STOP" }, timestamp: "1764281000" }));
    await applyEvents();
    expect(await client(clientId)).toMatchObject({ whatsappOptInAt: new Date(1764282000_000), whatsappOptOutAt: new Date(1764281000_000) });
    const next = await enqueueNotification(db(), { kind: "TRACKING_STATUS", recipient: c.telefono, clientId, body: "Hola", parameters: ["Ana", "1Z5", "En bodega"] });
    await drainOutbox();
    expect((await row(next.id)).status).toBe("SENT");
  });

  it("stores the clients' messages of every kind with their client for the inbox", async () => {
    const c = await registerTestClient(t.app);
    const clientId = await clientIdOf(db(), c.clientCode);
    const from = `506${c.telefono}`;
    const stranger = `506${uniquePhone()}`;
    await fake.postIncoming(from, { type: "image", image: { caption: "Mi factura", mime_type: "image/jpeg", sha256: "SfInY0gGKTsJlUWbwxC1k+FAD0FZHvzwfpvO0zX0GUI=", id: "1003383421387256" } });
    await fake.postIncoming(from, { type: "document", document: { filename: "factura.pdf", mime_type: "application/pdf", sha256: "abc=", id: "2003383421387256" } });
    await fake.postIncoming(from, { type: "location", location: { latitude: 9.9333, longitude: -84.0833, name: "Oficina", address: "San José" } });
    await fake.postIncoming(from, { type: "button", context: { from: FAKE_DISPLAY_NUMBER, id: "wamid.plantilla1" }, button: { payload: "ESTADO", text: "Ver estado" } });
    await fake.postIncoming(stranger, { type: "text", text: { body: "¿Ya llegó mi paquete?" } });
    await fake.settle();
    expect(fake.webhooks.slice(-5).map((w) => w.status)).toEqual([200, 200, 200, 200, 200]);
    await applyEvents();
    const mine = await db().select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.fromNumber, from)).orderBy(whatsappInboundMessages.id);
    expect(mine.map((m) => ({ type: m.type, clientId: m.clientId, text: m.text, mediaId: m.mediaId, mediaMimeType: m.mediaMimeType, mediaFilename: m.mediaFilename }))).toEqual([
      { type: "image", clientId, text: "Mi factura", mediaId: "1003383421387256", mediaMimeType: "image/jpeg", mediaFilename: null },
      { type: "document", clientId, text: null, mediaId: "2003383421387256", mediaMimeType: "application/pdf", mediaFilename: "factura.pdf" },
      { type: "location", clientId, text: "Oficina", mediaId: null, mediaMimeType: null, mediaFilename: null },
      { type: "button", clientId, text: "Ver estado", mediaId: null, mediaMimeType: null, mediaFilename: null },
    ]);
    expect(mine[2].details).toMatchObject({ location: { latitude: 9.9333, longitude: -84.0833 } });
    expect(mine[3].details).toMatchObject({ button: { payload: "ESTADO" }, context: { id: "wamid.plantilla1" } });
    const [unknown] = await db().select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.fromNumber, stranger));
    expect(unknown).toMatchObject({ clientId: null, text: "¿Ya llegó mi paquete?", profileName: "Cliente de prueba" });
  });

  it("runs the whole loop through the stand-in: send, signed webhooks from the stand-in, delivered then read", async () => {
    const to = `506${uniquePhone()}`;
    const { id } = await enqueueNotification(db(), { kind: "WHATSAPP_ENTRY_STATUS", recipient: to, body: "Hola", parameters: ["Ana", "1Z9", "En tránsito"] });
    await drainOutbox();
    await fake.settle();
    const posted = fake.webhooks.filter((w) => w.body.includes(`"recipient_id":"${to}"`));
    expect(posted.map((w) => w.status)).toEqual([200, 200, 200]);
    await applyEvents();
    const stored = await row(id);
    expect(stored).toMatchObject({ status: "SENT", deliveryStatus: "read" });
    expect(stored.deliveredAt).not.toBeNull();
    expect(stored.readAt).not.toBeNull();
    const history = await db().select().from(whatsappWebhookEvents).where(eq(whatsappWebhookEvents.notificationId, id)).orderBy(whatsappWebhookEvents.id);
    expect(history.map((e) => [(e.payload as { status: { status: string } }).status.status, e.state])).toEqual([
      ["sent", "DONE"],
      ["delivered", "DONE"],
      ["read", "DONE"],
    ]);
    // A number told to fail: accepted, then reported failed, and the reason is in Spanish.
    const failing = `506${uniquePhone()}`;
    fake.failNumber(failing, 131026);
    const bad = await enqueueNotification(db(), { kind: "WHATSAPP_ENTRY_STATUS", recipient: failing, body: "Hola", parameters: ["Ana", "1Z8", "En tránsito"] });
    await drainOutbox();
    await fake.settle();
    await applyEvents();
    expect(await row(bad.id)).toMatchObject({ status: "FAILED", deliveryStatus: "failed", errorCode: 131026 });
  });

  it("runs as a worker: woken when the handler stores an event, it applies it without being asked", async () => {
    const { id, wamid } = await sentMessage();
    const worker = createWebhookWorker({ db: db(), pollMs: 60_000 });
    worker.start();
    try {
      await post(status({ id: wamid, status: "delivered" }));
      await until(async () => (await row(id)).deliveryStatus === "delivered");
      await worker.drain();
      const [event] = await db().select().from(whatsappWebhookEvents).where(eq(whatsappWebhookEvents.notificationId, id));
      expect(event).toMatchObject({ state: "DONE", attempts: 1 });
      expect(event.processedAt).not.toBeNull();
    } finally {
      await worker.stop();
    }
  });

  it("sent only bodies valid against Meta's webhook schema (the stand-in's and the hand-made ones)", () => {
    const bodies = [...metaBodies, ...fake.webhooks.map((w) => w.body)];
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) expect(metaWebhookProblems(body), body.slice(0, 300)).toEqual([]);
    // The check has teeth: a status without its id, or a text message without its body, is refused.
    const bad = statusWebhookBody(fake.phoneNumberId, [{ id: "wamid.x", status: "read", recipient_id: "50600000000" }]);
    delete (bad.entry[0].changes[0].value.statuses[0] as { id?: string }).id;
    expect(metaWebhookProblems(bad)).not.toEqual([]);
    expect(metaWebhookProblems(incomingWebhookBody(fake.phoneNumberId, "50600000000", { type: "text", text: {} }))).not.toEqual([]);
  });
});

describe("the WhatsApp webhook without its secrets", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WHATSAPP_APP_SECRET: "", WHATSAPP_VERIFY_TOKEN: "" } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 503 to both methods and stores nothing", async () => {
    const before = (await t.ctx.db.select({ n: count() }).from(whatsappWebhookEvents))[0].n;
    const get = await t.app.inject({ method: "GET", url: `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1` });
    expect(get.statusCode).toBe(503);
    expect(get.json().message).toBe(WEBHOOK_NOT_CONFIGURED);
    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
    const res = await t.app.inject({ method: "POST", url: WHATSAPP_WEBHOOK_PATH, headers: { "content-type": "application/json", "x-hub-signature-256": signWebhook(body, "") }, payload: body });
    expect(res.statusCode).toBe(503);
    expect((await t.ctx.db.select({ n: count() }).from(whatsappWebhookEvents))[0].n).toBe(before);
  });
});
