// WhatsApp notices end to end: a visitor registers codes on /tracking-whatsapp (and again with
// one new), the data is remembered after a reload, the API refuses bad notices and admin calls
// without a session, and staff change an entry's status on /admin/tracking and see the toast
// and the message's state (no WhatsApp provider is configured here: queued, not sent).
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, PHONE, adminPassword, baseUrl, launchBrowser, openPage, seriousAxeViolations, reloadSettled } from "./browser";

const number = `+5068${randomInt(1_000_000, 9_999_999)}`;
const codes = [`1Z${randomInt(1e9, 9e9)}`, `TBA${randomInt(1e9, 9e9)}`, `LP${randomInt(1e13, 9e13)}`];
const newCode = `9400${randomInt(1e9, 9e9)}`;

async function adminToken(): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: adminPassword() }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function entriesOf(whatsapp: string): Promise<{ trackingCode: string }[]> {
  const res = await fetch(`${baseUrl()}/api/tracking/whatsapp/entries`, { headers: { authorization: `Bearer ${await adminToken()}` } });
  const body = (await res.json()) as { entries: { trackingCode: string; customer: { whatsapp: string } }[] };
  return body.entries.filter((e) => e.customer.whatsapp === whatsapp);
}

async function fillCodes(page: Page, values: string[]) {
  const rows = page.getByLabel(/^Código de tracking \d+$/);
  while ((await rows.count()) < values.length) await page.getByRole("button", { name: "Agregar otro código" }).click();
  for (let i = 0; i < values.length; i++) await rows.nth(i).fill(values[i]);
}

describe("WhatsApp notices", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("registers three codes, then counts them as existing beside a new one, and remembers the data", async () => {
    const { page, context, problems } = await openPage(browser, "/tracking-whatsapp", PHONE);
    await page.getByRole("heading", { level: 1, name: "Notificaciones por WhatsApp" }).waitFor();
    await page.getByLabel(/Número de WhatsApp/).fill(number);
    await page.getByLabel(/Nombre completo/).fill("Prueba Extremo Rodríguez");
    await page.getByLabel(/Email/).fill("prueba.e2e@example.com");
    await fillCodes(page, codes);
    await page.getByRole("button", { name: "Registrar códigos" }).click();
    await page.getByRole("heading", { name: "¡Códigos registrados!" }).waitFor();
    expect(await page.getByTestId("codigos-creados").textContent()).toBe("3");
    expect(await page.getByTestId("codigos-existentes").textContent()).toBe("0");
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Agregar más códigos" }).click();
    expect(await page.getByLabel(/^Código de tracking \d+$/).count()).toBe(1);
    await fillCodes(page, [...codes, newCode]);
    await page.getByRole("button", { name: "Registrar códigos" }).click();
    await page.getByRole("heading", { name: "¡Códigos registrados!" }).waitFor();
    expect(await page.getByTestId("codigos-creados").textContent()).toBe("1");
    expect(await page.getByTestId("codigos-existentes").textContent()).toBe("3");

    await reloadSettled(page);
    expect(await page.getByLabel(/Número de WhatsApp/).inputValue()).toBe(number);
    expect(await page.getByLabel(/Nombre completo/).inputValue()).toBe("Prueba Extremo Rodríguez");
    expect(await page.getByLabel(/Email/).inputValue()).toBe("prueba.e2e@example.com");
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();

    expect((await entriesOf(number)).map((e) => e.trackingCode).sort()).toEqual([...codes, newCode].sort());
  });

  it("refuses 11 codes and a malformed number in Spanish and stores nothing", async () => {
    const add = (body: unknown) =>
      fetch(`${baseUrl()}/api/tracking/whatsapp/add`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const other = `+5067${randomInt(1_000_000, 9_999_999)}`;
    const eleven = await add({ whatsapp: other, nombre: "Once", trackingCodes: Array.from({ length: 11 }, (_, i) => `ONCE${i}X${randomInt(1e6, 9e6)}`) });
    expect(eleven.status).toBe(400);
    expect(((await eleven.json()) as { message: string }).message).toBe("Puedes agregar hasta 10 códigos de tracking por aviso");
    const malformed = await add({ whatsapp: "+506-abc-1234", nombre: "Mal", trackingCodes: ["MAL1"] });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toMatch(/^Escribe tu número de WhatsApp: 8 dígitos si es de Costa Rica/);
    expect(await entriesOf(other)).toEqual([]);
  });

  it("refuses every /admin/tracking call without a session", async () => {
    const calls: [string, string][] = [
      ["GET", "/api/tracking/whatsapp/entries"],
      ["PATCH", "/api/tracking/whatsapp/entries/1"],
      ["GET", "/api/tracking-notices"],
      ["PUT", "/api/tracking-notices/1"],
      ["POST", "/api/tracking-notices"],
      ["GET", "/api/admin/tracking-stats"],
      ["GET", "/api/notifications?whatsappEntryId=1"],
    ];
    for (const [method, path] of calls) {
      const res = await fetch(`${baseUrl()}${path}`, {
        method,
        headers: method === "GET" ? {} : { "content-type": "application/json" },
        body: method === "GET" ? undefined : JSON.stringify({ estado: "ENTREGADO" }),
      });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("lets staff log in, change an entry's status and see the toast and the message's state", async () => {
    const { page, context, problems } = await openPage(browser, "/admin/tracking", DESKTOP);
    await page.getByRole("heading", { level: 1, name: "Panel Administrativo" }).waitFor();
    await page.getByLabel("Contraseña de administrador").fill(adminPassword());
    await page.getByRole("button", { name: "Acceder al Panel" }).click();
    await page.getByRole("tab", { name: "Tracking WhatsApp" }).waitFor();

    const row = page.getByRole("row").filter({ hasText: codes[0] });
    await row.waitFor();
    expect(await row.getByText(`+506 ${number.slice(4)}`).isVisible()).toBe(true);
    await row.getByRole("button", { name: `Cambiar estado de ${codes[0]}` }).click();
    const dialog = page.getByRole("dialog", { name: "Cambiar Estado de Tracking" });
    await dialog.waitFor();
    const save = dialog.getByRole("button", { name: "Actualizar y Notificar" });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel("Nuevo estado").selectOption("EN_BODEGA_MIAMI");
    await dialog.getByLabel(/Notas internas/).fill("Llegó a bodega");
    await save.click();

    await page.getByText("Estado actualizado.", { exact: true }).waitFor();
    await row.getByText("En bodega de origen").waitFor();
    await row.getByText("No enviado: WhatsApp no configurado").waitFor();
    expect(await page.getByText(/\d+ códigos?$/).first().isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole("tab", { name: "Avisos Tradicionales" }).click();
    // Legacy notices come only from the seed or the admin API: the tab lists them, or says there are none.
    await page.getByRole("tabpanel").getByText(/^EIC\d+|No hay avisos de tracking/).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
