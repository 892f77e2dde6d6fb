// Issue 17, interaction items: focus comes back to the control that opened a dialog, also after
// an error toast inside it (item 5); 'Probar Ahora' carries the code to /repuestos (item 6). The
// calculator refusing what no courier ships (item 14) is a component test:
// src/client/features/calculator/calculator.test.tsx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, PHONE, baseUrl, launchBrowser, openPage, seriousAxeViolations } from "./browser";
import { randomPhone } from "./api";

async function register(nombre: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/clients/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ nombre, direccion: "Grecia, Alajuela, 200 m norte del parque", telefono: randomPhone(), email: "" }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { client: { clientCode: string } }).client.clientCode;
}

/** What has focus, described by its accessible label or text ('BODY' when nothing does). */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "BODY";
    return el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName;
  });
}

describe("interaction", () => {
  let browser: Browser;
  let clientCode = "";

  beforeAll(async () => {
    browser = await launchBrowser();
    clientCode = await register("María José Pérez Rojas");
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("gives focus back to the opener after an error toast inside the pre-alert dialog, and after edit and delete", async () => {
    const { page, context, problems } = await openPage(browser, "/rastreo", DESKTOP);
    try {
      await page.getByLabel("Código de cliente").fill(clientCode);
      await page.getByRole("button", { name: "Buscar" }).click();
      await page.getByRole("heading", { name: "María José Pérez Rojas" }).waitFor();

      const preAlert = page.getByRole("button", { name: "Pre-alertar Nuevo Paquete" });
      const dialog = page.getByRole("dialog", { name: "Pre-alertar Nuevo Paquete" });
      await preAlert.click();
      await dialog.getByLabel("Código de tracking").fill("1Z999AA10123456784");
      await dialog.getByRole("button", { name: "Crear Pre-alerta" }).click();
      await page.locator(".toast").filter({ hasText: "¡Pre-alerta creada!" }).first().waitFor();
      await dialog.waitFor({ state: "detached" });
      expect(await focused(page)).toBe("Pre-alertar Nuevo Paquete");

      // The same code again: the server refuses it and a red toast appears over the open dialog.
      await preAlert.click();
      await dialog.getByLabel("Código de tracking").fill("1Z999AA10123456784");
      await dialog.getByRole("button", { name: "Crear Pre-alerta" }).click();
      const errorToast = page.locator('.toast[data-variant="destructive"]');
      await errorToast.first().waitFor();
      // First Esc: the toast; second: the dialog; focus back on the button that opened it.
      await page.keyboard.press("Escape");
      await errorToast.first().waitFor({ state: "hidden" });
      expect(await dialog.isVisible()).toBe(true);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      expect(await focused(page)).toBe("Pre-alertar Nuevo Paquete");

      // Edit dialog, closed with Esc: back to that package's 'Editar' button.
      await page.getByRole("button", { name: "Editar 1Z999AA10123456784" }).click();
      const edit = page.getByRole("dialog", { name: "Editar Tracking" });
      await edit.waitFor();
      await page.keyboard.press("Escape");
      await edit.waitFor({ state: "detached" });
      expect(await focused(page)).toBe("Editar 1Z999AA10123456784");

      // Delete: the package and its buttons are gone, focus stays on the page, not on <body>.
      await page.getByRole("button", { name: "Eliminar 1Z999AA10123456784" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
      await page.getByText("Aún no tienes paquetes registrados.").waitFor();
      await page.getByRole("alertdialog").waitFor({ state: "detached" });
      expect(await focused(page)).not.toBe("BODY");

      expect(await seriousAxeViolations(page)).toEqual([]);
      // The refused duplicate is an expected answer: only the browser's own 409 line may appear.
      expect(problems.filter((p) => !/status of 409/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("'Probar Ahora' takes the code to /repuestos and verifies it there, without putting it in the address", async () => {
    const { page, context, problems } = await openPage(browser, "/", PHONE);
    try {
      await page.getByRole("button", { name: "Probar Ahora" }).click();
      const panel = page.getByRole("dialog", { name: "Asistente de Repuestos IA" });
      await panel.getByLabel("Código de cliente").pressSequentially(clientCode.toLowerCase());
      await panel.getByRole("button", { name: "Verificar Código" }).click();
      await page.waitForURL(`${baseUrl()}/repuestos`);
      // Verified at once: the quota and the Miami card with the client's given names.
      await page.getByTestId("quota-used").waitFor();
      await page.getByText(`Pérez Rojas ${clientCode}`).first().waitFor();
      expect(page.url()).not.toContain(clientCode);
      expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage }))).not.toContain(clientCode);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
