// The client's statement on /rastreo (issue 21) in Chromium at 320 px: a client with three
// packages (two priced, one not) sees each card's amount and "Pendiente", the total due and how to
// pay; sends the photo of a SINPE receipt for the total through the site's upload, and sees it
// "En revisión". Axe clean, nothing wider than the phone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { baseUrl, launchBrowser, openPage, seriousAxeViolations } from "./browser";
import { adminCall, randomPhone } from "./api";
import { horizontalOverflow } from "./layout";
import { makePng } from "../../src/server/test/images";
import { formatColones } from "../../src/shared/domain/format";

describe("the client's statement", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows what is due and takes a SINPE receipt for the total", { timeout: 120_000 }, async () => {
    const registered = await fetch(`${baseUrl()}/api/clients/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ nombre: "Rebeca Solís Mora", direccion: "Grecia centro, 200 m norte del parque", telefono: randomPhone() }),
    });
    const { client } = (await registered.json()) as { client: { clientCode: string } };
    const suffix = Date.now();
    const codes = [`STMA${suffix}`, `STMB${suffix}`, `STMC${suffix}`];
    for (const [index, trackingCode] of codes.entries()) {
      const { tracking } = await adminCall("POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode, origen: "USA", formaEnvio: "AVION" });
      if (index < 2) await adminCall("PATCH", `/api/trackings/${tracking.id}`, { montoColones: index === 0 ? 12_000 : 8_500 });
    }

    const { page, context, problems } = await openPage(browser, "/rastreo", { width: 320, height: 740 });
    await page.getByLabel("Código de cliente").fill(client.clientCode);
    await page.getByRole("button", { name: "Buscar" }).click();
    const statement = page.getByRole("region", { name: "Estado de cuenta" });
    await statement.waitFor();
    expect(await statement.getByTestId("total-pendiente").textContent()).toBe(`Total pendiente ${formatColones(20_500)}`);
    await statement.getByText(/^SINPE Móvil al /).waitFor();
    await statement.getByText(new RegExp(`código de cliente: ${client.clientCode}`)).waitFor();
    expect(await page.getByRole("article", { name: codes[0] }).getByTestId("charge-status").textContent()).toBe(`Pendiente ${formatColones(12_000)}`);
    expect(await page.getByRole("article", { name: codes[2] }).getByTestId("charge-status").count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);

    await statement.getByRole("button", { name: "Enviar comprobante SINPE" }).click();
    const dialog = page.getByRole("dialog", { name: "Enviar comprobante SINPE" });
    await dialog.getByLabel("Foto del comprobante").setInputFiles({ name: "sinpe.png", mimeType: "image/png", buffer: makePng(64, 64) });
    await dialog.getByRole("img", { name: "Vista previa del comprobante SINPE" }).waitFor();
    await dialog.getByLabel(/Referencia SINPE/).fill("ft 2611 123456");
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Enviar" }).click();
    await page.locator(".toast").filter({ hasText: "¡Comprobante enviado!" }).first().waitFor();
    await dialog.waitFor({ state: "detached" });
    await statement.getByRole("list", { name: "Comprobantes enviados" }).getByText("En revisión").waitFor();

    const lookup = await (await fetch(`${baseUrl()}/api/clients/trackings?code=${client.clientCode}`)).json();
    expect(lookup.estadoCuenta.comprobantes).toEqual([expect.objectContaining({ trackingId: null, estado: "PENDIENTE" })]);
    expect(lookup.estadoCuenta.totalPendienteColones).toBe(20_500);
    expect(problems).toEqual([]);
    await context.close();
  });
});
