// Conversaciones (issue 35 item 3, decisions 211 and 212) against the stand-in Graph API on
// 127.0.0.1: every kind of client message stored, linked by number and shown in the thread;
// the clients' files fetched through the Graph media endpoint into object storage, retried and
// shown when that fails; staff replies through the outbox, free text only inside the 24-hour
// window (a valid `text` message by Meta's schema), the template outside it, audited; roles.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_WHATSAPP_APP_SECRET, type TestApp } from "../../test/app";
import { auditLog, clients, notificationOutbox, whatsappInboundMessages } from "../../db/schema";
import { fakeGraphEnv, graphError, SAMPLE_PDF, SAMPLE_PNG, startFakeGraphApi, type FakeGraphApi, type IncomingWebhookMessage } from "../../test/fakes/graph-api";
import { addTestPackage, clientIdOf, registerTestClient, uniquePhone } from "../../test/clients";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { uniqueTrackingCode } from "../../test/app";
import { DEFAULT_RETRY_POLICY, processDueBatch } from "../notifications/sending";
import { processDueWebhookEvents } from "../whatsapp-webhook/worker";
import { fetchDueMedia, fetchNextMedia, MEDIA_NOT_A_KEPT_FILE } from "./media";
import { metaTextMessageProblems, metaWebhookProblems } from "../../test/meta-schemas";
import { WHATSAPP_WEBHOOK_PATH } from "../../../shared/api/whatsapp-webhook";
import {
  CONVERSATION_NOT_FOUND,
  REPLY_OPTED_OUT,
  REPLY_TEXT_REQUIRED,
  REPLY_WINDOW_CLOSED,
  type TConversationListResponse,
  type TConversationThread,
} from "../../../shared/api/admin/conversations";
import { ROLE_FORBIDDEN } from "../../../shared/api/admin/staff";
import { createOfflineMessagingProvider } from "../../providers/messaging/offline";

const NO_WAIT = { ...DEFAULT_RETRY_POLICY, backoffMs: [0] };

describe("Conversaciones", () => {
  let t: TestApp;
  let fake: FakeGraphApi;
  let office: TestStaff;
  beforeAll(async () => {
    fake = await startFakeGraphApi();
    t = await createTestApp({ env: { ...fakeGraphEnv(fake), RATE_LIMIT: "off" } });
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    fake.setWebhook(`${address}${WHATSAPP_WEBHOOK_PATH}`, TEST_WHATSAPP_APP_SECRET);
    office = await createTestStaff(t, "oficina", "Olga Oficina");
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const db = () => t.ctx.db;
  /** A client's message, posted by the stand-in signed as Meta would, then applied (the webhook worker's job). */
  const clientWrites = async (from: string, message: IncomingWebhookMessage) => {
    await fake.postIncoming(from, message);
    await fake.settle();
    expect(fake.webhooks.at(-1)?.status).toBe(200);
    await processDueWebhookEvents(db(), { retryMs: 0 });
  };
  const call = (method: "GET" | "POST", url: string, payload?: unknown, headers = office.headers) => t.app.inject({ method, url, payload: payload as object, headers });
  const thread = async (number: string) => {
    const res = await call("GET", `/api/admin/conversations/${number}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TConversationThread;
  };
  const list = async (filtro = "todas") => {
    const res = await call("GET", `/api/admin/conversations?filtro=${filtro}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TConversationListResponse;
  };
  const fetchMedia = () => fetchDueMedia(db(), t.ctx.providers.messaging, t.ctx.providers.storage, { backoffMs: [0] });
  const newClient = async () => {
    const c = await registerTestClient(t.app);
    // The welcome queued at registration, a minute before the client writes (Meta's times have whole seconds).
    await db().update(notificationOutbox).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(notificationOutbox.recipient, `506${c.telefono}`));
    return { ...c, id: await clientIdOf(db(), c.clientCode), number: `506${c.telefono}` };
  };
  const outboxTo = async (number: string) => (await db().select({ n: count() }).from(notificationOutbox).where(eq(notificationOutbox.recipient, number)))[0].n;
  const hoursAgo = (h: number) => String(Math.floor(Date.now() / 1000 - h * 3600));

  describe("every kind of message is stored with its client and shown in the thread", () => {
    const kinds: [string, IncomingWebhookMessage, (m: TConversationThread["messages"][number]) => void][] = [
      ["text", { type: "text", text: { body: "¿Ya llegó mi paquete?" } }, (m) => expect(m).toMatchObject({ direction: "in", type: "text", text: "¿Ya llegó mi paquete?", media: null })],
      [
        "image",
        { type: "image", image: { caption: "Mi factura" } },
        (m) => expect(m).toMatchObject({ type: "image", text: "Mi factura", media: { state: "PENDING", mimeType: "image/png" } }),
      ],
      [
        "document",
        { type: "document", document: { filename: "factura.pdf" } },
        (m) => expect(m).toMatchObject({ type: "document", media: { state: "PENDING", mimeType: "application/pdf", filename: "factura.pdf" } }),
      ],
      [
        "location",
        { type: "location", location: { latitude: 9.9333, longitude: -84.0833, name: "Oficina", address: "San José" } },
        (m) => expect(m).toMatchObject({ type: "location", text: "Oficina", location: { latitude: 9.9333, longitude: -84.0833, name: "Oficina", address: "San José" } }),
      ],
      [
        "button",
        { type: "button", context: { from: "50640000000", id: "wamid.plantilla1" }, button: { payload: "ESTADO", text: "Ver estado" } },
        (m) => expect(m).toMatchObject({ type: "button", text: "Ver estado", button: "ESTADO" }),
      ],
    ];
    for (const [kind, message, check] of kinds) {
      it(`${kind}`, async () => {
        const c = await newClient();
        await clientWrites(c.number, message);
        const [stored] = await db().select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.fromNumber, c.number));
        expect(stored).toMatchObject({ type: kind, clientId: c.id });
        const seen = await thread(c.number);
        expect(seen.client).toMatchObject({ id: c.id, clientCode: c.clientCode });
        expect(seen.messages).toHaveLength(2); // the welcome sent at registration, then the client's message
        check(seen.messages.find((m) => m.direction === "in")!);
      });
    }
  });

  it("links a number to a client whose phone was written without +506, and to one who registered after writing", async () => {
    const local = uniquePhone();
    const [imported] = await db()
      .insert(clients)
      .values({ clientCode: `EX${Date.now().toString(36).toUpperCase().slice(-6)}`, nombre: "Importada Local", direccion: "Heredia", telefono: `${local.slice(0, 4)}-${local.slice(4)}` })
      .returning({ id: clients.id });
    await clientWrites(`506${local}`, { type: "text", text: { body: "Hola" } });
    expect((await thread(`506${local}`)).client?.id).toBe(imported.id);

    const later = uniquePhone();
    await clientWrites(`506${later}`, { type: "text", text: { body: "Quiero registrarme" } });
    expect((await thread(`506${later}`)).client).toBeNull();
    const c = await registerTestClient(t.app, { telefono: later });
    const row = (await list()).conversations.find((x) => x.number === `506${later}`);
    expect(row?.client?.clientCode).toBe(c.clientCode);
    expect((await thread(`506${later}`)).client?.clientCode).toBe(c.clientCode);
  });

  it("lists one conversation per number with its unread count and last message; reading the thread's messages clears them", async () => {
    const c = await newClient();
    await clientWrites(c.number, { type: "text", text: { body: "Primera" } });
    await clientWrites(c.number, { type: "image", image: { caption: "Segunda" } });
    const row = (await list("sin-leer")).conversations.find((x) => x.number === c.number);
    expect(row).toMatchObject({ unread: 2, client: { id: c.id }, windowOpen: true, lastMessage: { direction: "in", text: "Imagen: Segunda" } });
    const marked = await call("POST", `/api/admin/conversations/${c.number}/read`);
    expect(marked.json()).toEqual({ marked: 2 });
    expect((await list("sin-leer")).conversations.some((x) => x.number === c.number)).toBe(false);
    expect((await list()).conversations.find((x) => x.number === c.number)?.unread).toBe(0);
    const unknown = await call("GET", `/api/admin/conversations/50600000001`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(CONVERSATION_NOT_FOUND);
  });

  it("shows the client's packages beside the thread", async () => {
    const c = await newClient();
    const code = uniqueTrackingCode("CONV");
    await addTestPackage(db(), c.id, code, "EN_ADUANAS");
    await clientWrites(c.number, { type: "text", text: { body: "¿Dónde va?" } });
    expect((await thread(c.number)).packages).toEqual([expect.objectContaining({ trackingCode: code, estado: "EN_ADUANAS" })]);
  });

  describe("the clients' files", () => {
    it("fetches an image and a PDF through the Graph media endpoint with the token and keeps them in object storage", async () => {
      const c = await newClient();
      await clientWrites(c.number, { type: "image", image: { caption: "Foto" } });
      await clientWrites(c.number, { type: "document", document: { filename: "factura.pdf" } });
      const before = fake.mediaRequests.length;
      expect(await fetchMedia()).toBeGreaterThanOrEqual(2);
      const asked = fake.mediaRequests.slice(before);
      expect(asked.every((r) => r.authorization === `Bearer ${fake.token}`)).toBe(true);
      const ids = (await db().select({ id: whatsappInboundMessages.mediaId }).from(whatsappInboundMessages).where(eq(whatsappInboundMessages.fromNumber, c.number))).map((r) => r.id);
      expect(asked.map((r) => r.path).filter((p) => ids.some((id) => p.endsWith(`/${id}`)))).toEqual(ids.flatMap((id) => [`/v25.0/${id}`, `/media/${id}`]));
      const seen = (await thread(c.number)).messages.filter((m) => m.direction === "in");
      expect(seen.map((m) => m.direction === "in" && m.media)).toEqual([
        { state: "STORED", mimeType: "image/png", filename: null, size: SAMPLE_PNG.byteLength, note: null },
        { state: "STORED", mimeType: "application/pdf", filename: "factura.pdf", size: SAMPLE_PDF.byteLength, note: null },
      ]);
      const image = await call("GET", `/api/admin/conversation-media/${seen[0].id}`);
      expect(image.statusCode).toBe(200);
      expect(image.headers["content-type"]).toBe("application/octet-stream");
      expect(image.rawPayload.equals(SAMPLE_PNG)).toBe(true);
      const pdf = await call("GET", `/api/admin/conversation-media/${seen[1].id}`);
      expect(pdf.rawPayload.equals(SAMPLE_PDF)).toBe(true);
      expect(pdf.headers["content-disposition"]).toContain("factura.pdf");
      const [row] = await db().select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.id, seen[0].id));
      expect(row.mediaKey).toMatch(/^whatsapp\/[0-9a-f]{32}$/);
    });

    it("retries a failed fetch and shows why meanwhile; a permanent failure is shown and not retried; the worker never throws", async () => {
      const c = await newClient();
      fake.scriptMedia({ status: 503, body: "Service Unavailable" });
      await clientWrites(c.number, { type: "image", image: {} });
      await fetchNextMedia(db(), t.ctx.providers.messaging, t.ctx.providers.storage, { backoffMs: [0] });
      let [m] = (await thread(c.number)).messages.filter((x) => x.direction === "in");
      expect(m.direction === "in" && m.media).toMatchObject({ state: "PENDING", note: "Descarga pendiente: WhatsApp respondió 503 al pedir el archivo: Service Unavailable" });
      await fetchMedia();
      [m] = (await thread(c.number)).messages.filter((x) => x.direction === "in");
      expect(m.direction === "in" && m.media?.state).toBe("STORED");

      // Meta no longer knows the id (older than 30 days): final at once.
      const other = await newClient();
      await clientWrites(other.number, { type: "image", image: { id: "999000111", mime_type: "image/jpeg", sha256: "x" } });
      await fetchMedia();
      const [gone] = (await thread(other.number)).messages.filter((x) => x.direction === "in");
      expect(gone.direction === "in" && gone.media?.state).toBe("FAILED");
      expect(gone.direction === "in" && gone.media?.note).toMatch(/^No se pudo descargar el archivo: WhatsApp respondió 400 al pedir el archivo: \(#100\) Unsupported get request/);
      const [row] = await db().select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.fromNumber, other.number));
      expect(row.mediaAttempts).toBe(1);
      expect(await fetchMedia()).toBe(0);
    });

    it("keeps only the uploads module's kinds up to 10 MB: other types are skipped with the reason, unfetched; content is checked", async () => {
      const c = await newClient();
      const before = fake.mediaRequests.length;
      await clientWrites(c.number, { type: "audio", audio: { id: "123456789", mime_type: "audio/ogg; codecs=opus", sha256: "x", voice: true } });
      const fakePng = fake.addMedia(Buffer.from("<html>no es una imagen</html>"), "image/png");
      await clientWrites(c.number, { type: "image", image: { id: fakePng, mime_type: "image/png", sha256: "x" } });
      const big = fake.addMedia(Buffer.alloc(10 * 1024 * 1024 + 1, 0xff), "image/jpeg");
      await clientWrites(c.number, { type: "image", image: { id: big, mime_type: "image/jpeg", sha256: "x" } });
      await fetchMedia();
      const files = (await thread(c.number)).messages.filter((m) => m.direction === "in").map((m) => m.direction === "in" && m.media);
      expect(files[0]).toMatchObject({ state: "SKIPPED", note: expect.stringMatching(/^No se guardan archivos de este tipo \(audio\/ogg\)/) });
      expect(files[1]).toMatchObject({ state: "SKIPPED", note: MEDIA_NOT_A_KEPT_FILE });
      expect(files[2]).toMatchObject({ state: "FAILED", note: expect.stringContaining("se guardan hasta 10 MB") });
      // The audio was never asked for; the two images once each, the big one without its download.
      expect(fake.mediaRequests.slice(before).map((r) => r.path)).toEqual([`/v25.0/${fakePng}`, `/media/${fakePng}`, `/v25.0/${big}`]);
    });

    it("without WhatsApp configured nothing is fetched: the file waits", async () => {
      const c = await newClient();
      await clientWrites(c.number, { type: "image", image: {} });
      expect(await fetchNextMedia(db(), createOfflineMessagingProvider(), t.ctx.providers.storage)).toBe(false);
      const [row] = await db().select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.fromNumber, c.number));
      expect(row).toMatchObject({ mediaState: "PENDING", mediaAttempts: 0 });
      await fetchMedia();
    });
  });

  describe("replies", () => {
    it("inside the 24-hour window: free text, sent as a valid `text` message through the outbox, audited with the staff member, delivery reports applied", async () => {
      const c = await newClient();
      await clientWrites(c.number, { type: "text", text: { body: "¿Cuánto debo?" } });
      const before = fake.requests.length;
      const res = await call("POST", `/api/admin/conversations/${c.number}/reply`, { mode: "text", text: "  Hola Ana, su saldo es ₡0.  " });
      expect(res.statusCode, res.body).toBe(201);
      const { message } = res.json();
      expect(message).toMatchObject({ direction: "out", kind: "STAFF_REPLY", body: "Hola Ana, su saldo es ₡0.", status: "SENT", sentBy: "Olga Oficina", template: false });
      const sent = fake.requests.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0].body).toEqual({ messaging_product: "whatsapp", recipient_type: "individual", to: c.number, type: "text", text: { preview_url: false, body: "Hola Ana, su saldo es ₡0." } });
      expect(metaTextMessageProblems(sent[0].body)).toEqual([]);
      const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.action, "conversacion.responder"), eq(auditLog.entityId, String(message.id))));
      expect(audit).toMatchObject({ actorAccountId: office.accountId, actorLabel: "Olga Oficina", entity: "mensaje" });
      // Meta's reports (the stand-in's signed webhooks) apply to the reply like to every message.
      await fake.settle();
      await processDueWebhookEvents(db(), { retryMs: 0 });
      const shown = (await thread(c.number)).messages.find((m) => m.direction === "out" && m.id === message.id);
      expect(shown).toMatchObject({ status: "SENT", deliveryStatus: "read", sentBy: "Olga Oficina" });
      expect((await list()).conversations.find((x) => x.number === c.number)?.lastMessage).toMatchObject({ direction: "out", text: "Hola Ana, su saldo es ₡0." });
    });

    it("outside the window: free text is refused in Spanish with nothing queued or sent; the template goes", async () => {
      const c = await newClient();
      await clientWrites(c.number, { type: "text", text: { body: "Hola" }, timestamp: hoursAgo(25) });
      const seen = await thread(c.number);
      expect(seen.window).toMatchObject({ open: false, closesAt: null });
      expect(seen.template.preview).toBe("Hola Ana, tenemos una respuesta a su consulta en Express Import. Responda a este mensaje para continuar la conversación.");
      const queued = await outboxTo(c.number);
      const audits = (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, "conversacion.responder")))[0].n;
      const before = fake.requests.length;
      const refused = await call("POST", `/api/admin/conversations/${c.number}/reply`, { mode: "text", text: "Hola" });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(REPLY_WINDOW_CLOSED);
      expect(await outboxTo(c.number)).toBe(queued);
      expect((await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, "conversacion.responder")))[0].n).toBe(audits);
      expect(fake.requests.length).toBe(before);

      const template = await call("POST", `/api/admin/conversations/${c.number}/reply`, { mode: "template" });
      expect(template.statusCode, template.body).toBe(201);
      expect(template.json().message).toMatchObject({ status: "SENT", template: true, sentBy: "Olga Oficina" });
      expect(fake.requests.at(-1)?.body).toMatchObject({ type: "template", to: c.number, template: { name: "respuesta_consulta", components: [{ type: "body", parameters: [{ type: "text", text: "Ana" }] }] } });
    });

    it("inside the window again once the client writes; a window 23 hours old is still open", async () => {
      const c = await newClient();
      await clientWrites(c.number, { type: "text", text: { body: "Hola" }, timestamp: hoursAgo(23) });
      expect((await thread(c.number)).window.open).toBe(true);
      const ok = await call("POST", `/api/admin/conversations/${c.number}/reply`, { mode: "text", text: "Con gusto" });
      expect(ok.statusCode).toBe(201);
    });

    it("refuses an empty text, a number that never wrote, and a client who wrote BAJA, each in Spanish with nothing queued", async () => {
      const c = await newClient();
      await clientWrites(c.number, { type: "text", text: { body: "Hola" } });
      const empty = await call("POST", `/api/admin/conversations/${c.number}/reply`, { mode: "text", text: "   " });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(REPLY_TEXT_REQUIRED);
      const stranger = await call("POST", `/api/admin/conversations/50600000002/reply`, { mode: "text", text: "Hola" });
      expect(stranger.statusCode).toBe(404);
      await clientWrites(c.number, { type: "text", text: { body: "BAJA" } });
      const queued = await outboxTo(c.number);
      const optedOut = await call("POST", `/api/admin/conversations/${c.number}/reply`, { mode: "text", text: "Hola" });
      expect(optedOut.statusCode).toBe(409);
      expect(optedOut.json().message).toBe(REPLY_OPTED_OUT);
      expect(await outboxTo(c.number)).toBe(queued);
      expect((await thread(c.number)).optedOut).toBe(true);
    });

    it("a reply queued while WhatsApp fails is retried by the outbox worker like any message", async () => {
      const c = await newClient();
      await clientWrites(c.number, { type: "text", text: { body: "Hola" } });
      fake.script(graphError(503, "Service temporarily unavailable", 2));
      const res = await call("POST", `/api/admin/conversations/${c.number}/reply`, { mode: "text", text: "Ya le respondemos" });
      expect(res.json().message.status).toBe("PENDING");
      await db().update(notificationOutbox).set({ nextAttemptAt: new Date(0) }).where(eq(notificationOutbox.id, res.json().message.id));
      while ((await processDueBatch(db(), t.ctx.providers.messaging, { policy: NO_WAIT })) > 0);
      expect(fake.accepted.filter((r) => r.body.to === c.number && r.body.type === "text").map((r) => r.body.text)).toEqual([{ preview_url: false, body: "Ya le respondemos" }]);
      // Found by its id: the welcome queued with the client may be sent in the same batch, after it.
      const replyId = res.json().message.id;
      expect((await thread(c.number)).messages.find((m) => m.direction === "out" && m.id === replyId)).toMatchObject({ status: "SENT", body: "Ya le respondemos" });
    });
  });

  it("only Dueño and Oficina may read and answer; Bodega and Mensajero get 403, no session 401", async () => {
    const c = await newClient();
    await clientWrites(c.number, { type: "text", text: { body: "Hola" } });
    const owner = await createTestStaff(t, "dueno");
    expect((await call("GET", `/api/admin/conversations/${c.number}`, undefined, owner.headers)).statusCode).toBe(200);
    const queued = await outboxTo(c.number);
    for (const role of ["bodega", "mensajero"] as const) {
      const staff = await createTestStaff(t, role);
      for (const [method, url, body] of [
        ["GET", "/api/admin/conversations"],
        ["GET", `/api/admin/conversations/${c.number}`],
        ["POST", `/api/admin/conversations/${c.number}/read`],
        ["POST", `/api/admin/conversations/${c.number}/reply`, { mode: "text", text: "Hola" }],
        ["GET", "/api/admin/conversation-media/1"],
      ] as const) {
        const res = await call(method, url, body, staff.headers);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(ROLE_FORBIDDEN);
        expect((await t.app.inject({ method, url, payload: body })).statusCode).toBe(401);
      }
    }
    expect(await outboxTo(c.number)).toBe(queued);
    const [row] = await db().select().from(whatsappInboundMessages).where(eq(whatsappInboundMessages.fromNumber, c.number));
    expect(row.readByStaffAt).toBeNull();
  });

  it("posted only bodies valid against Meta's webhook schema", () => {
    const bodies = fake.webhooks.map((w) => w.body);
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) expect(metaWebhookProblems(body), body.slice(0, 300)).toEqual([]);
    // The text-message check has teeth: a template, or a text without its object, is not one.
    expect(metaTextMessageProblems({ messaging_product: "whatsapp", recipient_type: "individual", to: "50688887777", type: "template", template: { name: "x" } })).not.toEqual([]);
    expect(metaTextMessageProblems({ messaging_product: "whatsapp", recipient_type: "individual", to: "50688887777", type: "text" })).not.toEqual([]);
    expect(metaTextMessageProblems({ messaging_product: "whatsapp", recipient_type: "individual", to: "50688887777", type: "text", text: { body: "x", extra: 1 } })).not.toEqual([]);
  });
});
