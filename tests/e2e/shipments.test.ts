// Embarques at 320 px (issue 20): the list, 'Nuevo embarque', and a new shipment's detail (scan
// field, 'Agregar recibidos', buttons) fit a 320 px phone without horizontal scrolling and pass axe;
// the console stays clean.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, openPage, seriousAxeViolations, signInStaff } from "./browser";
import { horizontalOverflow } from "./layout";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe("Embarques on a phone", () => {
  it("list, new-shipment dialog and detail fit 320 px and pass axe", { timeout: 120_000 }, async () => {
    const { page, context, problems } = await openPage(browser, "/admin/embarques", { width: 320, height: 740 });
    const offenders: string[] = [];
    const check = async (state: string, selector?: string) => {
      await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"));
      for (const o of await horizontalOverflow(page)) offenders.push(`${state}: ${o}`);
      for (const v of await seriousAxeViolations(page, selector)) offenders.push(`${state} axe: ${v}`);
    };
    await signInStaff(page);
    await page.getByRole("heading", { name: "Embarques" }).waitFor();
    await check("list");
    await page.getByRole("button", { name: "Nuevo embarque" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo embarque" });
    await dialog.waitFor();
    await check("Nuevo embarque", "[role=dialog]");
    await dialog.getByLabel("Marítimo").check();
    await dialog.getByLabel("Contenedor o BL").fill("MSCU1234567890-LONG-BL-NUMBER-2026");
    await dialog.getByLabel(/Buque/).fill("MSC Gülsün Internacional Express");
    await dialog.getByRole("button", { name: "Crear embarque" }).click();
    await page.getByRole("heading", { name: /Contenedor o BL MSCU1234567890/ }).waitFor();
    await check("detail (open, empty)");
    await page.getByRole("button", { name: "Agregar recibidos" }).click();
    await page.getByRole("dialog", { name: "Agregar recibidos" }).waitFor();
    await check("Agregar recibidos", "[role=dialog]");
    expect(offenders).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
