// Behind a busy shared address (carrier NAT), a form asks for the self-hosted proof-of-work
// challenge instead of refusing: the ALTCHA widget appears in a dialog (Spanish, accessible,
// within 320 px, its checkbox visible), its worker is served by us under the CSP, and the form
// then succeeds (decision 109). The browser keeps a pass for a code it was shown, and one solve
// covers the page's lookup, coupons and referrals (decision 144). Its own server, so the limits can
// ask at once without touching other journeys.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { startProductionServer, type ServerProcess } from "../../scripts/lib/processes";
import { launchBrowser, seriousAxeViolations, gotoSettled } from "./browser";
import { randomPhone } from "./api";

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
    await gotoSettled(page, `${server.baseUrl}/avisos-tracking`);

    await page.getByLabel("Nombre completo").fill("José Pablo Jiménez Solano");
    await page.getByLabel("Dirección de entrega en Costa Rica").fill("Grecia, Alajuela, 200 m norte del parque");
    await page.getByRole("textbox", { name: "WhatsApp" }).fill(randomPhone());
    await page.getByRole("button", { name: "Abrir mi casillero" }).click();

    const dialog = page.getByRole("dialog", { name: "Confirma que no eres un robot" });
    await dialog.waitFor();
    await dialog.getByText("Confirma que no eres un robot para continuar").waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    // The checkbox can be seen: a solid border of a real colour and a background, not the
    // transparent box the minifier's undefined light-dark() variables left.
    const checkbox = dialog.locator(".altcha-checkbox input");
    await checkbox.waitFor();
    const look = await checkbox.evaluate((el) => {
      const style = getComputedStyle(el);
      return { width: style.borderTopWidth, style: style.borderTopStyle, border: style.borderTopColor, background: style.backgroundColor };
    });
    expect(look.style).toBe("solid");
    expect(parseFloat(look.width)).toBeGreaterThanOrEqual(1);
    for (const colour of [look.border, look.background]) expect(colour, JSON.stringify(look)).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);

    await dialog.getByText("No soy un robot").click();
    await dialog.waitFor({ state: "detached" });
    await page.locator(".toast").filter({ hasText: "¡Cliente registrado exitosamente!" }).first().waitFor();
    const clientCode = (await page.getByTestId("client-code").textContent())?.trim() ?? "";
    expect(clientCode).toMatch(/^EX[A-Z0-9]{6}$/);

    // The code lookup on /rastreo: this browser was shown the code, so its pass lets it through.
    const challenges: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/challenge")) challenges.push(request.url());
    });
    await gotoSettled(page, `${server.baseUrl}/rastreo`);
    await page.getByRole("textbox").first().fill(clientCode);
    await page.getByRole("button", { name: "Buscar" }).first().click();
    await page.getByText("José Pablo").first().waitFor();
    expect(challenges).toEqual([]);

    // Without the pass (another phone behind the same address): one solve for the whole page.
    await page.evaluate(() => localStorage.clear());
    await gotoSettled(page, `${server.baseUrl}/rastreo`);
    await page.getByRole("textbox").first().fill(clientCode);
    await page.getByRole("button", { name: "Buscar" }).first().click();
    await page.getByRole("dialog", { name: "Confirma que no eres un robot" }).getByText("No soy un robot").click();
    await page.getByText("José Pablo").first().waitFor();
    // The solve left a pass: the page opened again finds the client with no second challenge.
    // (Not "networkidle": a request the page keeps open, such as the widget's proof-of-work
    // worker, can hold it past any timeout on a loaded machine; CI saw that once.)
    await gotoSettled(page, `${server.baseUrl}/rastreo`);
    await page.getByRole("textbox").first().fill(clientCode);
    await page.getByRole("button", { name: "Buscar" }).first().click();
    await page.getByText("José Pablo").first().waitFor();
    expect(challenges).toHaveLength(1);
    expect(challenges[0]).toContain(`code=${clientCode}`);
    expect(await page.getByRole("dialog", { name: "Confirma que no eres un robot" }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("ships no style sheet using the minifier's light-dark() variables without defining them", () => {
    const dir = path.join(inject("staticDir"), "assets");
    const sheets = readdirSync(dir).filter((f) => f.endsWith(".css")).map((f) => readFileSync(path.join(dir, f), "utf8"));
    const used = sheets.some((css) => css.includes("var(--lightningcss-light"));
    const defined = sheets.some((css) => /--lightningcss-light:\s*initial/.test(css) && /--lightningcss-dark:\s*;/.test(css));
    // Lowered for older browsers (today's targets) only with the variables defined somewhere.
    expect({ used, defined }).not.toEqual({ used: true, defined: false });
  });
});
