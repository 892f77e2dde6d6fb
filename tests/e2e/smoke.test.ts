// The foundation's journey: the home page with its navigation, the phone side sheet, and the 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DESKTOP, PHONE, baseUrl, launchBrowser, openPage, seriousAxeViolations } from "./browser";

describe("smoke", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("serves / with the header and the desktop navigation", async () => {
    const { page, context, problems } = await openPage(browser, "/", DESKTOP);
    const nav = page.getByRole("navigation").first();
    await expect(nav.getByRole("link", { name: "Inicio" }).isVisible()).resolves.toBe(true);
    for (const name of ["Calculadora", "Repuestos IA"]) {
      expect(await nav.getByRole("link", { name }).isVisible()).toBe(true);
    }
    for (const name of ["Rastreo", "Empresa", "Ayuda"]) {
      expect(await page.getByRole("button", { name, exact: true }).first().isVisible()).toBe(true);
    }
    expect(problems).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it("opens the side sheet at 375 px with all nine links and the tagline", async () => {
    const { page, context } = await openPage(browser, "/", PHONE);
    await page.getByRole("button", { name: "Abrir menú" }).click();
    const sheet = page.getByRole("dialog");
    await sheet.waitFor();
    for (const name of ["Inicio", "Calculadora", "Repuestos IA", "Rastreo", "Inscripción", "Servicios", "Sobre Nosotros", "FAQ", "Contacto"]) {
      expect(await sheet.getByRole("link", { name, exact: true }).count()).toBeGreaterThan(0);
    }
    expect(await sheet.getByText("Tu socio de importación").isVisible()).toBe(true);
    await context.close();
  });

  it("shows 'Página no encontrada' on an unknown path", async () => {
    const { page, context } = await openPage(browser, "/no-existe-esta-pagina", PHONE);
    await page.getByRole("heading", { name: "Página no encontrada" }).waitFor();
    await context.close();
  });

  it("answers the health check and serves hashed assets with long caching", async () => {
    const health = await fetch(`${baseUrl()}/api/health`);
    expect(health.status).toBe(200);
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${baseUrl()}${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("cache-control")).toContain("immutable");
  });
});
