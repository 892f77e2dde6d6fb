// Outbox delivery and the worker against a fake Graph API on 127.0.0.1: first try at once,
// retries with back-off, final failures with their reason, leases, and the offline default.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { notificationOutbox } from "../../db/schema";
import { createMessagingProvider } from "../../providers/messaging";
import { fakeGraphEnv, graphError, META_ERRORS, startFakeGraphApi, type FakeGraphApi } from "../../test/fakes/graph-api";
import { createOfflineMessagingProvider } from "../../providers/messaging/offline";
import { describeNotification, NOTIFICATION_NOT_FAILED, NOTIFICATION_NOT_FOUND } from "../../../shared/api/notifications";
import { NOTIFICATION_NOT_RETRYABLE } from "../../../shared/api/admin/outbox";
import { DEFAULT_RETRY_POLICY, processDueBatch, sendNotificationNow, type RetryPolicy } from "./sending";
import { trackingStatusNotification, welcomeNotification, whatsappEntryStatusNotification } from "./messages";
import { enqueueNotification, templateParametersOf, wakeOutboxWorker } from "../../core/outbox";
import { toNotificationState } from "./queries";
import { createOutboxWorker } from "./worker";
import { until } from "../../test/until";

/** The real policy with no waiting between attempts, so a test can drive every retry. */
const NO_WAIT: RetryPolicy = { ...DEFAULT_RETRY_POLICY, backoffMs: [0] };

let seq = 0;
/** A recipient nobody else in the file uses, to find this test's requests at the fake. */
const recipient = () => `5067${String(++seq).padStart(7, "0")}`;

describe("outbox delivery", () => {
  let t: TestApp;
  let fake: FakeGraphApi;
  beforeAll(async () => {
    fake = await startFakeGraphApi();
    t = await createTestApp({ env: fakeGraphEnv(fake) });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const provider = () => t.ctx.providers.messaging;
  const queue = async (to = recipient(), parameters = ["Ana", "1Z1", "En tránsito"]) => {
    const { id } = await enqueueNotification(t.ctx.db, { kind: "WHATSAPP_ENTRY_STATUS", recipient: to, body: "Hola Ana", parameters });
    return { id, to };
  };
  const row = async (id: number) => (await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.id, id)))[0];
  /** Drives batches until nothing is due (each failed try with NO_WAIT is due again at once). */
  const drainAll = async (policy = NO_WAIT) => {
    while ((await processDueBatch(t.ctx.db, provider(), { policy })) > 0);
  };

  it("sends a message exactly once when the API fails twice and then answers", async () => {
    const { id, to } = await queue();
    fake.script({ status: 500, body: { error: { message: "Internal error", code: 1 } } }, { status: 502, body: "Bad Gateway" });
    await drainAll();
    await drainAll();
    const tries = fake.requests.filter((r) => r.body.to === to);
    expect(tries).toHaveLength(3);
    expect(fake.accepted.filter((r) => r.body.to === to)).toHaveLength(1);
    const stored = await row(id);
    expect(stored).toMatchObject({ status: "SENT", attempts: 3, lastError: null, lockedUntil: null });
    expect(stored.providerMessageId).toMatch(/^wamid\./);
    expect(stored.sentAt).not.toBeNull();
  });

  it("fails a refused message at once (4xx is not retried) and keeps the reason", async () => {
    const { id, to } = await queue();
    fake.script(graphError(400, "(#131026) Message undeliverable", 131026));
    await drainAll();
    expect(fake.requests.filter((r) => r.body.to === to)).toHaveLength(1);
    const stored = await row(id);
    expect(stored).toMatchObject({ status: "FAILED", attempts: 1, errorCode: 131026 });
    expect(stored.lastError).toContain("Message undeliverable");
    expect(stored.errorTitle).toContain("Message undeliverable");
    // The number cannot receive WhatsApp: "Reintentar" would fail the same way, so it is refused.
    const retry = await t.app.inject({ method: "POST", url: `/api/notifications/${id}/retry`, headers: t.adminHeaders() });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(NOTIFICATION_NOT_RETRYABLE);
    expect(describeNotification(toNotificationState(stored), { configured: true }).label).toMatch(/^Falló: WhatsApp rechazó el mensaje \(400\)/);
  });

  it("retries a time-out and a 429 like a 5xx", async () => {
    const { id, to } = await queue();
    fake.script(graphError(429, "Rate limit", 130429));
    await drainAll();
    expect(fake.accepted.filter((r) => r.body.to === to)).toHaveLength(1);
    expect((await row(id)).attempts).toBe(2);
  });

  it("retries Meta's throttling answers (HTTP 400 with code 130429, 131056, 80007, 4) instead of failing them for good", async () => {
    const { id, to } = await queue();
    fake.script(META_ERRORS.throughput, META_ERRORS.pairRateLimit, META_ERRORS.accountRateLimit, META_ERRORS.appCallLimit);
    await drainAll();
    expect(fake.requests.filter((r) => r.body.to === to)).toHaveLength(5);
    expect(await row(id)).toMatchObject({ status: "SENT", attempts: 5, lastError: null });
  });

  it("waits as long as the API's Retry-After asks when that is longer than the back-off", async () => {
    const { id } = await queue();
    fake.script(graphError(400, "(#130429) Rate limit hit", 130429, { headers: { "retry-after": "300" } }));
    await drainAll();
    expect(await row(id)).toMatchObject({ status: "PENDING", attempts: 1 });
    const [{ wait }] = await t.ctx.db
      .select({ wait: sql<number>`extract(epoch from (${notificationOutbox.nextAttemptAt} - now()))` })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.id, id));
    expect(Number(wait)).toBeGreaterThan(290);
    expect(Number(wait)).toBeLessThanOrEqual(300);
  });

  it("lets staff retry a failed message (POST /api/notifications/{id}/retry): queued again, then sent; only a failed one", async () => {
    const { id, to } = await queue();
    fake.script(META_ERRORS.ecosystemEngagement);
    await drainAll();
    expect(await row(id)).toMatchObject({ status: "FAILED", attempts: 1, errorCode: 131049 });
    const url = `/api/notifications/${id}/retry`;
    expect((await t.app.inject({ method: "POST", url })).statusCode).toBe(401);
    const res = await t.app.inject({ method: "POST", url, headers: t.adminHeaders() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ notification: { id, status: "PENDING", attempts: 0, lastError: null }, messaging: { configured: true } });
    await drainAll();
    expect(await row(id)).toMatchObject({ status: "SENT", attempts: 1 });
    expect(fake.accepted.filter((r) => r.body.to === to)).toHaveLength(1);
    // A sent message is never sent again by a second click; an unknown id says so.
    const again = await t.app.inject({ method: "POST", url, headers: t.adminHeaders() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOTIFICATION_NOT_FAILED);
    const missing = await t.app.inject({ method: "POST", url: "/api/notifications/999999/retry", headers: t.adminHeaders() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(NOTIFICATION_NOT_FOUND);
  });

  it("waits for the back-off before the next try", async () => {
    const { id, to } = await queue();
    fake.script({ status: 503, body: "down" });
    await drainAll(DEFAULT_RETRY_POLICY);
    const stored = await row(id);
    expect(stored).toMatchObject({ status: "PENDING", attempts: 1, lastError: "WhatsApp respondió 503: down" });
    // 30 s later by the database's clock, give or take the statement's own time.
    const [{ wait }] = await t.ctx.db
      .select({ wait: sql<number>`extract(epoch from (${notificationOutbox.nextAttemptAt} - now()))` })
      .from(notificationOutbox)
      .where(eq(notificationOutbox.id, id));
    expect(Number(wait)).toBeGreaterThan(20);
    expect(Number(wait)).toBeLessThanOrEqual(30);
    expect(fake.requests.filter((r) => r.body.to === to)).toHaveLength(1);
    expect(describeNotification(toNotificationState(stored), { configured: true }).label).toBe(
      "En cola: reintento pendiente (intento 1 falló: WhatsApp respondió 503: down)",
    );
  });

  it("gives up after the last attempt with the reason and the count", async () => {
    const { id, to } = await queue();
    fake.script(...Array.from({ length: NO_WAIT.maxAttempts }, () => ({ status: 503, body: "down" })));
    await drainAll();
    expect(fake.requests.filter((r) => r.body.to === to)).toHaveLength(NO_WAIT.maxAttempts);
    expect(await row(id)).toMatchObject({
      status: "FAILED",
      attempts: NO_WAIT.maxAttempts,
      lastError: `WhatsApp respondió 503: down (sin éxito tras ${NO_WAIT.maxAttempts} intentos)`,
    });
  });

  it("takes back a message whose sender's lease expired, and leaves a held one alone", async () => {
    const expired = await queue();
    const held = await queue();
    await t.ctx.db
      .update(notificationOutbox)
      .set({ status: "SENDING", attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(notificationOutbox.id, expired.id));
    await t.ctx.db
      .update(notificationOutbox)
      .set({ status: "SENDING", attempts: 1, lockedUntil: sql`now() + interval '60 seconds'` })
      .where(eq(notificationOutbox.id, held.id));
    await drainAll();
    expect(await row(expired.id)).toMatchObject({ status: "SENT", attempts: 2 });
    expect(await row(held.id)).toMatchObject({ status: "SENDING", attempts: 1 });
    expect(fake.requests.filter((r) => r.body.to === held.to)).toHaveLength(0);
    // Another instance holds it: sending it now reports false and sends nothing.
    expect(await sendNotificationNow(t.ctx.db, provider(), held.id, 0)).toBe(false);
    expect(fake.requests.filter((r) => r.body.to === held.to)).toHaveLength(0);
  });

  it("sends now when asked and says so; a message already sent is not sent again", async () => {
    const { id, to } = await queue();
    expect(await sendNotificationNow(t.ctx.db, provider(), id, 3000)).toBe(true);
    expect(await sendNotificationNow(t.ctx.db, provider(), id, 3000)).toBe(true);
    await drainAll();
    expect(fake.requests.filter((r) => r.body.to === to)).toHaveLength(1);
  });

  it("runs as a worker: woken by a commit, it sends through retries without being asked again", async () => {
    const worker = createOutboxWorker({ db: t.ctx.db, provider: provider(), policy: NO_WAIT, pollMs: 60_000 });
    worker.start();
    try {
      const to = recipient();
      fake.script({ status: 500, body: "x" }, { status: 500, body: "y" });
      const { id } = await enqueueNotification(t.ctx.db, { kind: "WELCOME", recipient: to, body: "Bienvenida", payload: { nombre: "Ana", clientCode: "EXAB12CD" } });
      wakeOutboxWorker();
      await waitFor(async () => (await row(id)).status === "SENT");
      await worker.drain();
      expect(fake.requests.filter((r) => r.body.to === to)).toHaveLength(3);
      expect(fake.accepted.filter((r) => r.body.to === to).map((r) => r.body.template?.name)).toEqual(["bienvenida_cliente"]);
    } finally {
      await worker.stop();
    }
  });

  it("stops with a send the API holds: waits until the shutdown deadline, then gives it up for a retry", async () => {
    const worker = createOutboxWorker({ db: t.ctx.db, provider: provider(), pollMs: 60_000 });
    worker.start();
    const to = recipient();
    fake.script({ hang: true });
    const { id } = await enqueueNotification(t.ctx.db, { kind: "WELCOME", recipient: to, body: "Bienvenida", payload: { nombre: "Ana", clientCode: "EXAB12CD" } });
    wakeOutboxWorker();
    await waitFor(async () => fake.requests.some((r) => r.body.to === to));
    const deadline = new AbortController();
    let stopped = false;
    const stopping = worker.stop(deadline.signal).then(() => (stopped = true));
    // Still waiting for the provider while the deadline has not come.
    expect((await row(id)).status).toBe("SENDING");
    expect(stopped).toBe(false);
    deadline.abort();
    await stopping;
    const stored = await row(id);
    expect(stored).toMatchObject({ status: "PENDING", attempts: 1, sentAt: null, lockedUntil: null });
    expect(stored.lastError).toBe("Envío interrumpido al detener el servidor");
    expect(stored.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe("without WhatsApp configured", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("claims nothing, sends nothing and keeps messages queued, shown as not sent", async () => {
    const offline = t.ctx.providers.messaging;
    expect(offline.configured).toBe(false);
    const { id } = await enqueueNotification(t.ctx.db, { kind: "WELCOME", recipient: "+50688887777", body: "Hola" });
    expect(await processDueBatch(t.ctx.db, offline, { policy: NO_WAIT })).toBe(0);
    expect(await sendNotificationNow(t.ctx.db, offline, id, 1000)).toBe(false);
    const worker = createOutboxWorker({ db: t.ctx.db, provider: createOfflineMessagingProvider(), policy: NO_WAIT });
    worker.start();
    wakeOutboxWorker();
    await worker.drain();
    await worker.stop();
    const [stored] = await t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.id, id));
    expect(stored).toMatchObject({ status: "PENDING", attempts: 0, lastError: null, recipient: "50688887777" });
    expect(describeNotification(toNotificationState(stored), { configured: false })).toEqual({
      label: "No enviado: WhatsApp no configurado",
      tone: "muted",
    });
    expect(createMessagingProvider(t.config).configured).toBe(false);
  });
});

describe("template parameters", () => {
  it("are built from each kind's named facts, in the templates' order", () => {
    const brandName = "Express Import";
    const entry = whatsappEntryStatusNotification({ entryId: 1, whatsapp: "+50688887777", nombre: " Ana ", trackingCode: "1Z9", estado: "EN_ADUANAS", brandName });
    expect(templateParametersOf(entry)).toEqual(["Ana", "1Z9", "En aduanas"]);
    const tracking = trackingStatusNotification({ clientId: 1, trackingId: 2, telefono: "+50688887777", nombre: "Luis", trackingCode: "TBA1", estado: "EN_BODEGA_MIAMI", origen: "USA", brandName });
    expect(templateParametersOf(tracking)).toEqual(["Luis", "TBA1", "En bodega Miami"]);
    // The label in the words of the package's origin (issue 32); a message queued before payloads
    // carried the origin keeps the words its text was written with.
    const china = trackingStatusNotification({ clientId: 1, trackingId: 3, telefono: "+50688887777", nombre: "Luis", trackingCode: "LP1", estado: "EN_BODEGA_MIAMI", origen: "CHINA", brandName });
    expect(templateParametersOf(china)).toEqual(["Luis", "LP1", "En bodega China"]);
    expect(china.body).toContain("Estado: En bodega China");
    expect(templateParametersOf({ kind: "TRACKING_STATUS", payload: { nombre: "Luis", trackingCode: "TBA1", estado: "EN_BODEGA_MIAMI" }, body: "b" })).toEqual(["Luis", "TBA1", "En bodega Miami"]);
    const welcome = welcomeNotification({ clientId: 1, telefono: "+50688887777", nombre: "Eva", clientCode: "EXAB12CD", brandName });
    expect(templateParametersOf(welcome)).toEqual(["Eva", "EXAB12CD"]);
    expect(welcome.body).toContain("EXAB12CD");
    expect(templateParametersOf({ kind: "WELCOME", payload: { parameters: ["x", "y"] }, body: "b" })).toEqual(["x", "y"]);
    expect(templateParametersOf({ kind: "TRACKING_STATUS", payload: {}, body: "texto" })).toEqual(["texto"]);
  });
});

const waitFor = (check: () => Promise<boolean>) => until(check, "the message's state");
