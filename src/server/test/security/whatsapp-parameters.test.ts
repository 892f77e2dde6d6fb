// Issue 15, item 2: the WhatsApp text a customer receives never carries a line break or a link
// that someone other than staff supplied. Names are refused at every door (forms, import,
// admin); rows that got in before (or around) the rules are stopped at send time, where the
// Cloud API request is built: whitespace collapsed, and a parameter with a link fails the
// message for good with a reason for staff. Checked against the fake Graph API on 127.0.0.1,
// with the customers written straight into the database as old data would be.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../app";
import { clients, clientTrackings, notificationOutbox, whatsappCustomers, whatsappTrackingEntries } from "../../db/schema";
import { fakeGraphEnv, startFakeGraphApi, type FakeGraphApi } from "../fakes/graph-api";
import { DEFAULT_RETRY_POLICY, processDueBatch } from "../../modules/notifications/sending";
import { enqueueNotification } from "../../core/outbox";
import { looksLikeLink } from "../../../shared/text-rules";

const NO_WAIT = { ...DEFAULT_RETRY_POLICY, backoffMs: [0] };
const PHISHING_NAME = "Ana\nSu cuenta fue bloqueada. Verifíquela en https://banco-seguro.example/login";

let seq = 0;
const number = () => `+5067${String(++seq).padStart(7, "0")}`;

let t: TestApp;
let fake: FakeGraphApi;
beforeAll(async () => {
  fake = await startFakeGraphApi();
  t = await createTestApp({ env: { ...fakeGraphEnv(fake), RATE_LIMIT: "off" } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const drain = async () => {
  while ((await processDueBatch(t.ctx.db, t.ctx.providers.messaging, { policy: NO_WAIT })) > 0);
};
const parametersTo = (to: string) =>
  fake.requests
    .filter((r) => r.body.to === to.replace(/\D/g, ""))
    .flatMap((r) => r.body.template?.components?.flatMap((c) => c.parameters?.map((p) => p.text ?? "") ?? []) ?? []);
const outboxFor = async (to: string) =>
  t.ctx.db.select().from(notificationOutbox).where(eq(notificationOutbox.recipient, to.replace(/\D/g, "")));

async function storedEntry(nombre: string) {
  const whatsapp = number();
  const [customer] = await t.ctx.db.insert(whatsappCustomers).values({ whatsapp, nombre }).returning({ id: whatsappCustomers.id });
  const [entry] = await t.ctx.db
    .insert(whatsappTrackingEntries)
    .values({ customerId: customer.id, trackingCode: `1Z${++seq}` })
    .returning({ id: whatsappTrackingEntries.id });
  return { whatsapp, entryId: entry.id };
}

async function storedClientPackage(nombre: string) {
  const telefono = number();
  const [client] = await t.ctx.db
    .insert(clients)
    .values({ clientCode: `EXPH${String(++seq).padStart(4, "0")}`, nombre, direccion: "Grecia centro", telefono })
    .returning({ id: clients.id });
  const [tracking] = await t.ctx.db
    .insert(clientTrackings)
    .values({ clientId: client.id, trackingCode: `TBA${++seq}` })
    .returning({ id: clientTrackings.id });
  return { telefono, trackingId: tracking.id };
}

describe("what reaches a WhatsApp template parameter", () => {
  it("a stored notice customer named with a line break and a link: the status message is never sent, and says why", async () => {
    const { whatsapp, entryId } = await storedEntry(PHISHING_NAME);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/tracking/whatsapp/entries/${entryId}`,
      headers: t.adminHeaders(),
      payload: { estado: "EN_TRANSITO" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().notificationSent).toBe(false);
    await drain();
    expect(parametersTo(whatsapp)).toEqual([]);
    const [message] = await outboxFor(whatsapp);
    expect(message).toMatchObject({ status: "FAILED", attempts: 1 });
    expect(message.lastError).toMatch(/enlace/);
  });

  it("a stored client named with a link: the package's status message is never sent", async () => {
    const { telefono, trackingId } = await storedClientPackage("Luis www.premio-express.example Mora");
    const res = await t.app.inject({ method: "PATCH", url: `/api/trackings/${trackingId}`, headers: t.adminHeaders(), payload: { estado: "EN_BODEGA_MIAMI" } });
    expect(res.statusCode).toBe(200);
    await drain();
    expect(parametersTo(telefono)).toEqual([]);
    expect((await outboxFor(telefono)).map((m) => m.status)).toEqual(["FAILED"]);
  });

  it("a stored name with line breaks, tabs and runs of spaces but no link is sent on one line", async () => {
    const { telefono, trackingId } = await storedClientPackage("Luis\tMora    Vargas\r\n\u0007\u202e");
    await t.app.inject({ method: "PATCH", url: `/api/trackings/${trackingId}`, headers: t.adminHeaders(), payload: { estado: "EN_ADUANAS" } });
    await drain();
    expect(parametersTo(telefono)[0]).toBe("Luis Mora Vargas");
    expect((await outboxFor(telefono)).map((m) => m.status)).toEqual(["SENT"]);
  });

  it("a queued welcome whose stored name carries a link fails instead of reaching the number", async () => {
    const telefono = number();
    await enqueueNotification(t.ctx.db, {
      kind: "WELCOME",
      recipient: telefono,
      body: "Hola",
      payload: { nombre: "Eva\nGana un premio en bit.ly/premio", clientCode: "EXAB12CD" },
    });
    await drain();
    expect(parametersTo(telefono)).toEqual([]);
    expect((await outboxFor(telefono)).map((m) => m.status)).toEqual(["FAILED"]);
  });

  it("registration and the notice form refuse such names, so nothing is queued for the number typed", async () => {
    const telefono = `8${String(7_000_000 + ++seq)}`;
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/clients/register",
      payload: { nombre: PHISHING_NAME, direccion: "Grecia centro, 100 m al sur", telefono },
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.json().message).toMatch(/^El nombre/);
    const notice = await t.app.inject({
      method: "POST",
      url: "/api/tracking/whatsapp/add",
      payload: { whatsapp: `+506${telefono}`, nombre: PHISHING_NAME, trackingCodes: ["1Z999"] },
    });
    expect(notice.statusCode).toBe(400);
    expect(await outboxFor(`506${telefono}`)).toEqual([]);
  });

  it("no request the fake API received in this file has a parameter with a line break, a tab, four spaces or a link", () => {
    const all = fake.requests.flatMap((r) => r.body.template?.components?.flatMap((c) => c.parameters?.map((p) => p.text ?? "") ?? []) ?? []);
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((p) => /[\n\r\t]| {4}/.test(p) || looksLikeLink(p))).toEqual([]);
  });
});
