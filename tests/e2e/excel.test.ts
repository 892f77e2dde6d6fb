// Excel import and export on /admin in the browser, against the real server: the import dialog asks
// for a file, uploads a workbook, shows the summary with its 'Fila N' error, and 'Exportar Todo'
// downloads a real workbook holding what was just imported.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, launchBrowser, openPage, seriousAxeViolations, signInStaff } from "./browser";
import { buildWorkbook } from "../../src/server/test/workbooks";
import { readSpreadsheet } from "../../src/server/lib/xlsx/spreadsheet";

const stamp = Date.now().toString(36).toUpperCase().slice(-6).padStart(6, "0");
const clientCode = `EX${stamp}`;

async function login(page: Page): Promise<void> {
  await signInStaff(page);
  await page.getByText("Acceso autorizado").first().waitFor();
}

describe("/admin Excel", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("imports a workbook with a bad row and exports everything back", async () => {
    const { page, context, problems } = await openPage(browser, "/admin", DESKTOP);
    await login(page);

    await page.getByRole("button", { name: "Importar", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Importar datos desde Excel").waitFor();
    await dialog.getByRole("button", { name: "Importar", exact: true }).click();
    await dialog.getByText("Por favor seleccione un archivo Excel").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const workbook = await buildWorkbook({
      Clientes: [
        ["client_code", "nombre", "direccion", "telefono"],
        [clientCode, `Cliente Excel ${stamp.replace(/\d/g, (d) => "ABCDEFGHIJ"[Number(d)])}`, "Grecia, Alajuela", "8888-1234"],
      ],
      Trackings: [
        ["client_code", "tracking_code", "origen", "forma_envio", "estado"],
        [clientCode, `TBA${stamp}000001`, "USA", "AVION", "En bodega Miami"],
        [clientCode, `TBA${stamp}000002`, "MARTE", "AVION", ""],
      ],
    });
    await dialog.getByLabel("Archivo Excel").setInputFiles({
      name: "datos.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: workbook,
    });
    // Choosing the file shows what the import would do; nothing is written until it is applied.
    const preview = dialog.getByRole("region", { name: "Vista previa de la importación" });
    await preview.waitFor();
    expect(await seriousAxeViolations(page, "[role=dialog]")).toEqual([]);
    await dialog.getByRole("button", { name: "Aplicar importación" }).click();
    const summary = dialog.getByRole("region", { name: "Resumen de la importación" });
    await summary.waitFor();
    await summary.getByText('Fila 3: el origen "MARTE" no es válido (use USA o CHINA)').waitFor();
    await page.getByText("¡Importación completada!").first().waitFor();
    expect(await summary.getByText("Clientes creados").locator("xpath=following-sibling::dd").textContent()).toBe("1");
    expect(await summary.getByText("Paquetes creados").locator("xpath=following-sibling::dd").textContent()).toBe("1");
    expect(await seriousAxeViolations(page, "[role=dialog]")).toEqual([]);
    await dialog.getByRole("button", { name: "Cerrar" }).first().click();
    await dialog.waitFor({ state: "detached" });
    expect(await seriousAxeViolations(page)).toEqual([]);

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Exportar Todo", exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^express-import-completo-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.getByText("¡Archivo descargado!").first().waitFor();
    // The browser is the run's shared one, reached over a connection: the file comes as a stream.
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    // The server may hold the whole seed (100 000 packages), past what one import accepts.
    const exported = await readSpreadsheet(bytes, { wantSheet: () => true, maxRows: 1_000_000 });
    const trackings = exported.sheets.find((s) => s.name === "Trackings")!;
    expect(trackings.rows.some((r) => r.cells[0] === clientCode && r.cells[1] === `TBA${stamp}000001` && r.cells[4] === "EN_BODEGA_MIAMI")).toBe(true);

    expect(problems).toEqual([]);
    await context.close();
  });
});
