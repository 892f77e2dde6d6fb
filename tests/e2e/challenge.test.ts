// Behind a busy shared address (carrier NAT), a form asks for the self-hosted proof-of-work
// challenge instead of refusing: the ALTCHA widget appears in a dialog (Spanish, accessible,
// within 320 px), its worker is served by us under the CSP, and the form then succeeds
// (decision 109). Its own server, so the limits can ask at once without touching other journeys.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { startProductionServer, type ServerProcess } from "../../scripts/lib/processes";
import { launchBrowser, seriousAxeViolations } from "./browser";

describe("a challenge instead of a block", () => {
  let browser: Browser;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "ei-challenge-"));
    server = await startProductionServer({
      DATA_DIR: dataDir,
      STATIC_DIR: inject("staticDir"),
      // Every registration and every code lookup past the first asks for a challenge; a light one.
      RATE_LIMITS: JSON.stringify({ registration: { challengeAfter: 0 }, codeMisses: { challengeAfter: 0 } }),
      POW_COST: "200",
      POW_MAX_COUNTER: "200",
      EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
      DATABASE_URL: "",
    });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows the widget when registering, and the registration then goes through", async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 740 }, locale: "es-CR" });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error" && !/status of 428/.test(msg.text())) problems.push(msg.text());
    });
    page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
    await page.goto(`${server.baseUrl}/avisos-tracking`, { waitUntil: "networkidle" });

    await page.getByLabel("Nombre completo").fill("José Pablo Jiménez Solano");
    await page.getByLabel("Dirección de entrega en Costa Rica").fill("Grecia, Alajuela, 200 m norte del parque");
    await page.getByRole("textbox", { name: "WhatsApp" }).fill(`8${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`);
    await page.getByRole("button", { name: "Abrir mi casillero" }).click();

    const dialog = page.getByRole("dialog", { name: "Confirma que no eres un robot" });
    await dialog.waitFor();
    await dialog.getByText("Confirma que no eres un robot para continuar").waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);

    await dialog.getByText("No soy un robot").click();
    await dialog.waitFor({ state: "detached" });
    await page.locator(".toast").filter({ hasText: "¡Cliente registrado exitosamente!" }).first().waitFor();
    const clientCode = (await page.getByTestId("client-code").textContent())?.trim() ?? "";
    expect(clientCode).toMatch(/^EX[A-Z0-9]{6}$/);

    // The code lookup on /rastreo asks too (a fresh page holds no solution) and then shows the client.
    await page.goto(`${server.baseUrl}/rastreo`, { waitUntil: "networkidle" });
    await page.getByRole("textbox").first().fill(clientCode);
    await page.getByRole("button", { name: "Buscar" }).first().click();
    await page.getByRole("dialog", { name: "Confirma que no eres un robot" }).getByText("No soy un robot").click();
    await page.getByText("José Pablo").first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
