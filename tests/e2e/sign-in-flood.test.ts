// Issue 31 item 1 in a real browser: after ten wrong passwords for the owner, the owner's own
// browser (signed in before: its known-device cookie) signs in at once, and a new browser with the
// right password is shown the proof-of-work dialog (Spanish, within 320 px) and then gets in — it
// is never refused (decision 143). Its own server, with a light challenge.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startProductionServer, type ServerProcess } from "../../scripts/lib/processes";
import { launchBrowser, seriousAxeViolations, gotoSettled, signInStaff } from "./browser";

const OWNER_PASSWORD = "clave-del-dueno-para-e2e";

describe("signing in during a flood of wrong passwords", () => {
  let browser: Browser;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "ei-flood-"));
    server = await startProductionServer({
      DATA_DIR: dataDir,
      STATIC_DIR: inject("staticDir"),
      ADMIN_PASSWORD: OWNER_PASSWORD,
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

  const newContext = async (): Promise<BrowserContext> => {
    const context = await browser.newContext({ viewport: { width: 320, height: 740 }, locale: "es-CR" });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    return context;
  };
  const signIn = async (page: Page) => {
    await gotoSettled(page, `${server.baseUrl}/admin`);
    await signInStaff(page, OWNER_PASSWORD);
  };
  const signedIn = (page: Page) => page.getByRole("heading", { name: "Clientes registrados" }).waitFor();

  it("lets the owner's known browser in at once and a new one after the challenge", { timeout: 240_000 }, async () => {
    const known = await newContext();
    const first = await known.newPage();
    await signIn(first);
    await signedIn(first);

    // Ten wrong passwords for the owner (no user name needed).
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${server.baseUrl}/api/admin/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ password: `adivinando-${i}` }),
      });
      expect(res.status).toBe(401);
    }

    // The owner's own browser, in a new tab: no dialog.
    const again = await known.newPage();
    let asked = false;
    again.on("response", (res) => {
      if (res.status() === 428) asked = true;
    });
    await signIn(again);
    await signedIn(again);
    expect(asked).toBe(false);
    await known.close();

    // A new browser with the right password: the dialog, then the back office.
    const fresh = await newContext();
    const page = await fresh.newPage();
    const problems: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error" && !/status of 428/.test(msg.text())) problems.push(msg.text());
    });
    page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
    await signIn(page);
    const dialog = page.getByRole("dialog", { name: "Confirma que no eres un robot" });
    await dialog.waitFor();
    await dialog.getByText("Hubo muchos intentos fallidos de entrar").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByText("No soy un robot").click();
    await dialog.waitFor({ state: "detached" });
    await signedIn(page);
    expect(problems).toEqual([]);
    await fresh.close();
  });
});
