// Conversaciones end to end (issue 35 item 3): against a server of its own whose WhatsApp is the
// stand-in Graph API on 127.0.0.1 (webhook signed with the app secret, like Meta's), a client's
// reply and photo arrive through the signed webhook and appear in Conversaciones on a 320 px
// phone; staff open the thread (the client's package beside it), see the photo fetched through
// the Graph media endpoint, and answer: the request the stand-in received is a valid `text`
// message by Meta's schema. Every screen is checked with axe and for sideways overflow.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { metaTextMessageProblems } from "../../src/server/test/meta-schemas";
import { gotoSettled, launchBrowser, seriousAxeViolations, signInStaff } from "./browser";
import { horizontalOverflow } from "./layout";
import { startOwnServer, type OwnServer } from "./own-server";
import { randomPhone } from "./api";

const PASSWORD = "e2e-clave-conversaciones";
const APP_SECRET = "secreto-de-la-app-e2e";

let own: OwnServer;
let server: OwnServer["server"];
let graph: OwnServer["graph"];
const api = <T>(method: string, url: string, body?: unknown) => own.api<T>(method, url, body);
let browser: Browser;

beforeAll(async () => {
  own = await startOwnServer({ password: PASSWORD, folder: "ei-whatsapp-inbox", appSecret: APP_SECRET });
  ({ server, graph } = own);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await own?.close();
});

describe("Conversaciones", () => {
  it("shows the client's signed reply and photo, and staff answer with a valid text message (320 px)", { timeout: 180_000 }, async () => {
    const run = Date.now().toString(36).toUpperCase().slice(-5);
    const phone = randomPhone();
    const number = `506${phone}`;
    const nombre = `Carla Consulta ${run.replace(/\d/g, (d) => "ABCDEFGHIJ"[Number(d)])}`;
    const { client } = await api<{ client: { id: number; clientCode: string } }>("POST", "/api/admin/clients", {
      nombre,
      telefono: phone,
      direccion: "Grecia centro, 100 m sur de la iglesia",
      confirmar: true,
    });
    const trackingCode = `1ZINBOX${run}`;
    await api("POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode, descripcionPaquete: "Repuestos de moto" });

    // The welcome and the package's notice have gone out (the client answers them).
    await expect
      .poll(async () => (await api<{ notifications: { status: string }[] }>("GET", `/api/notifications?clientId=${client.id}`)).notifications.map((n) => n.status), { timeout: 30_000 })
      .toEqual(["SENT", "SENT"]);
    // The client writes, then sends a photo: Meta's signed webhooks, from the stand-in.
    await graph.postIncoming(number, { type: "text", text: { body: `¿Ya llegó mi paquete ${trackingCode}?` } }, nombre);
    await graph.postIncoming(number, { type: "image", image: { caption: "La factura" } }, nombre);
    await graph.settle();
    expect(graph.webhooks.slice(-2).map((w) => w.status)).toEqual([200, 200]);
    // The webhook worker applies them and the media worker fetches the photo, each woken at once.
    await expect
      .poll(async () => {
        const thread = await api<{ messages: { direction: string; media: { state: string } | null }[] }>("GET", `/api/admin/conversations/${number}`);
        return thread.messages.find((m) => m.media)?.media?.state;
      }, { timeout: 30_000 })
      .toBe("STORED");

    const context = await browser.newContext({ viewport: { width: 320, height: 700 }, locale: "es-CR", timezoneId: "America/Costa_Rica" });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
    page.on("console", (msg) => {
      if (msg.type() === "error" && !/net::ERR_FAILED|ERR_BLOCKED_BY_CLIENT/.test(msg.text())) problems.push(msg.text());
    });
    const offenders: string[] = [];
    const checkScreen = async (state: string) => {
      for (const o of await horizontalOverflow(page)) offenders.push(`${state}: ${o}`);
      for (const v of await seriousAxeViolations(page)) offenders.push(`${state} axe: ${v}`);
    };

    await gotoSettled(page, `${server.baseUrl}/admin/conversaciones`);
    await signInStaff(page, PASSWORD);
    const conversation = page.getByRole("list", { name: "Conversaciones" }).getByRole("button", { name: new RegExp(nombre) });
    await conversation.waitFor();
    await expect.poll(async () => conversation.textContent()).toContain("Imagen: La factura");
    expect(await conversation.getByLabel("2 sin leer").isVisible()).toBe(true);
    await checkScreen("Conversaciones");

    await conversation.click();
    const thread = page.getByRole("list", { name: "Mensajes" });
    await thread.getByText(`¿Ya llegó mi paquete ${trackingCode}?`).waitFor();
    await page.getByRole("region", { name: "Paquetes del cliente" }).getByText(trackingCode).waitFor();
    await thread.getByRole("button", { name: "Ver imagen" }).click();
    await thread.getByRole("img", { name: "Imagen del cliente: La factura" }).waitFor();
    // Opening the thread read it.
    await expect
      .poll(async () => (await api<{ conversations: { number: string; unread: number }[] }>("GET", "/api/admin/conversations")).conversations.find((c) => c.number === number)?.unread)
      .toBe(0);
    await checkScreen("Conversación");

    const answer = `Hola ${nombre.split(" ")[0]}, su paquete ${trackingCode} ya está en camino.`;
    await page.getByLabel("Respuesta").fill(answer);
    await page.getByRole("button", { name: "Enviar", exact: true }).click();
    await page.getByText("Respuesta enviada", { exact: true }).first().waitFor();
    await thread.getByText(answer).waitFor();
    await checkScreen("Conversación respondida");

    const sent = graph.accepted.filter((r) => r.body.to === number && r.body.type === "text");
    expect(sent.map((r) => r.body.text?.body)).toEqual([answer]);
    expect(metaTextMessageProblems(sent[0].body)).toEqual([]);
    expect(offenders).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
