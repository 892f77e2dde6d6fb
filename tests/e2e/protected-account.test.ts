// A protected account end to end (issue 36 item 3; decisions 216, 217), at 390×844: a server of its
// own talking to the WhatsApp stand-in on 127.0.0.1. The client looks its code up on /rastreo,
// protects the account with the code the stand-in received (Meta's authentication template), and
// stays signed in on that phone; in another browser the bare code shows only the packages'
// statuses; back on the client's phone the whole portal shows (name, amounts). Each screen is
// checked for horizontal scroll and axe, the bare-code view at 320 px too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { gotoSettled, launchBrowser, seriousAxeViolations } from "./browser";
import { horizontalOverflow } from "./layout";
import { startOwnServer, type OwnServer } from "./own-server";
import { randomPhone } from "./api";

const PASSWORD = "e2e-clave-cuenta-protegida";
const PHONE_390 = { width: 390, height: 844 };
const PHONE_320 = { width: 320, height: 740 };
const NOMBRE = "Rebeca Solano Quesada";

let own: OwnServer;
let server: OwnServer["server"];
let graph: OwnServer["graph"];
const api = <T>(method: string, url: string, body?: unknown) => own.api<T>(method, url, body);
let browser: Browser;

beforeAll(async () => {
  own = await startOwnServer({ password: PASSWORD, folder: "ei-protected", autoStatuses: [] });
  ({ server, graph } = own);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await own?.close();
});

async function phone(viewport = PHONE_390): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport, locale: "es-CR", timezoneId: "America/Costa_Rica" });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    // A protected account's lookup answers 401 by design: the browser logs the failed request.
    if (msg.type() === "error" && !/net::ERR_FAILED|ERR_BLOCKED_BY_CLIENT|status of 401/.test(msg.text())) problems.push(msg.text());
  });
  return { context, page, problems };
}

async function lookUp(page: Page, clientCode: string): Promise<void> {
  await gotoSettled(page, `${server.baseUrl}/rastreo`);
  await page.getByLabel("Código de cliente").fill(clientCode);
  await page.getByRole("button", { name: "Buscar" }).click();
}

async function screenProblems(page: Page, state: string): Promise<string[]> {
  const out: string[] = [];
  for (const o of await horizontalOverflow(page)) out.push(`${state}: ${o}`);
  for (const v of await seriousAxeViolations(page)) out.push(`${state} axe: ${v}`);
  return out;
}

/** The code the stand-in received last for this number (Meta's authentication template: body parameter). */
function codeSentTo(telefono: string): string {
  const sent = graph.accepted.filter((r) => r.body.to === `506${telefono}` && r.body.template?.name === "codigo_acceso").at(-1);
  const code = sent?.body.template?.components?.find((c) => c.type === "body")?.parameters?.[0]?.text;
  if (!code) throw new Error(`no sign-in code sent to ${telefono}`);
  return code;
}

describe("a protected account", () => {
  it("is protected with a WhatsApp code; the bare code then shows statuses only, and the signed-in phone everything", { timeout: 240_000 }, async () => {
    const telefono = randomPhone().replace(/\D/g, "").slice(-8);
    const { client } = await api<{ client: { clientCode: string } }>("POST", "/api/admin/clients", {
      nombre: NOMBRE,
      telefono,
      direccion: "Grecia, Alajuela, 100 m sur de la iglesia",
      confirmar: true,
    });
    const trackingCode = `1ZPROT${Date.now().toString(36).toUpperCase()}`;
    const { tracking } = await api<{ tracking: { id: number } }>("POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode, descripcionPaquete: "Repuestos" });
    await api("PATCH", `/api/trackings/${tracking.id}`, { montoColones: 12_500 });
    await api("PATCH", `/api/trackings/${tracking.id}`, { estado: "EN_BODEGA_CR" });
    const offenders: string[] = [];

    // The client's own phone: the whole portal, and "Protege tu cuenta".
    const own = await phone();
    await lookUp(own.page, client.clientCode);
    await own.page.getByRole("heading", { name: NOMBRE }).waitFor();
    const card = own.page.getByTestId("account-access");
    await card.getByRole("heading", { name: "Protege tu cuenta" }).waitFor();
    offenders.push(...(await screenProblems(own.page, "unprotected portal")));
    await card.getByRole("button", { name: "Proteger con un código por WhatsApp" }).click();
    await card.getByText(`Te enviamos un código por WhatsApp al •••• ${telefono.slice(-4)}`).waitFor();
    offenders.push(...(await screenProblems(own.page, "code sent")));
    await card.getByLabel("Código de WhatsApp").fill(codeSentTo(telefono));
    await card.getByRole("button", { name: "Ingresar" }).click();
    await card.getByText("¡Listo! Tu cuenta quedó protegida y este teléfono tiene la sesión iniciada.").waitFor();
    await card.getByRole("heading", { name: "Cuenta protegida" }).waitFor();
    await card.getByRole("button", { name: "Cerrar sesión" }).waitFor();
    offenders.push(...(await screenProblems(own.page, "protected, signed in")));

    // Another browser with the bare code: the statuses only.
    for (const viewport of [PHONE_390, PHONE_320]) {
      const stranger = await phone(viewport);
      await lookUp(stranger.page, client.clientCode.toLowerCase());
      await stranger.page.getByTestId("protected-sign-in").getByRole("heading", { name: "Cuenta protegida" }).waitFor();
      const status = stranger.page.getByTestId("package-status");
      await status.first().waitFor();
      expect(await status.count()).toBe(1);
      expect(await status.first().textContent()).toContain(trackingCode);
      expect(await status.first().textContent()).toContain("En bodega Costa Rica");
      const text = (await stranger.page.locator("main").textContent()) ?? "";
      expect(text).not.toContain(NOMBRE);
      expect(text).not.toContain("12 500");
      expect(await stranger.page.getByRole("button", { name: "Pre-alertar Nuevo Paquete" }).count()).toBe(0);
      offenders.push(...(await screenProblems(stranger.page, `bare code at ${viewport.width} px`)));
      expect(stranger.problems).toEqual([]);
      await stranger.context.close();
    }

    // Back on the client's phone, later: still signed in, the whole portal (name and amount).
    await lookUp(own.page, client.clientCode);
    await own.page.getByRole("heading", { name: NOMBRE }).waitFor();
    await own.page.getByText(/12\s500/).first().waitFor();
    expect(await own.page.getByTestId("protected-sign-in").count()).toBe(0);
    offenders.push(...(await screenProblems(own.page, "signed in again")));
    expect(own.problems).toEqual([]);
    await own.context.close();
    expect(offenders).toEqual([]);
  });
});
