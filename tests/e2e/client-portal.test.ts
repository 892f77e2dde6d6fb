// A new client's journey: register on /avisos-tracking, keep the code and copy the Miami
// address; then on /rastreo look the code up (typed in lower case), pre-alert a package, see it
// highlighted, edit it, delete it; an unknown code shows 'Cliente no encontrado'. The global
// tracker's tab (a form that opens a link) is a component test in src/client/app.test.tsx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, PHONE, baseUrl, launchBrowser, openPage, seriousAxeViolations } from "./browser";
import { randomPhone } from "./api";

const DELETE_CONFIRMATION = "¿Estás seguro de que deseas eliminar este tracking? Esta acción no se puede deshacer.";

async function toastWith(page: Page, title: string): Promise<void> {
  await page.locator(".toast").filter({ hasText: title }).first().waitFor();
}

describe("client portal", () => {
  let browser: Browser;
  let clientCode = "";
  const nombre = "Laura Chaves Ulate";

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("registers a new client, shows the code and copies a Miami address line", async () => {
    const { page, context, problems } = await openPage(browser, "/avisos-tracking", PHONE);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });

    // The spec's messages appear before anything is sent.
    await page.getByRole("button", { name: "Abrir mi casillero" }).click();
    await page.getByText("El nombre debe tener al menos 3 caracteres").waitFor();
    await page.getByText("La dirección debe tener al menos 10 caracteres").waitFor();

    await page.getByLabel("Nombre completo").fill(nombre);
    await page.getByLabel("Dirección de entrega en Costa Rica").fill("Grecia, Alajuela, 200 m norte del parque");
    await page.getByRole("textbox", { name: "WhatsApp" }).fill(randomPhone());
    await page.getByRole("button", { name: "Abrir mi casillero" }).click();

    await toastWith(page, "¡Cliente registrado exitosamente!");
    clientCode = (await page.getByTestId("client-code").textContent())?.trim() ?? "";
    expect(clientCode).toMatch(/^EX[A-Z0-9]{6}$/);
    expect(await page.locator(".toast").filter({ hasText: clientCode }).count()).toBeGreaterThan(0);

    // The mailbox: the last name carries the code; each line copies.
    await page.getByText(`Chaves Ulate ${clientCode}`).first().waitFor();
    await page.getByRole("button", { name: "Copiar dirección (Avión)" }).click();
    await toastWith(page, "¡Copiado!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("8256 NW 30th Terrace");
    await page.getByRole("tab", { name: "Barco" }).click();
    await page.getByText("10405 NW 121st Way").waitFor();
    await page.getByRole("button", { name: "Copiar apellido (Barco)" }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`Chaves Ulate ${clientCode}`);

    expect(await page.getByRole("link", { name: "Ver mis paquetes" }).getAttribute("href")).toBe("/rastreo");
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("looks the code up in lower case, pre-alerts, edits and deletes a package", async () => {
    expect(clientCode).not.toBe("");
    const { page, context, problems } = await openPage(browser, "/rastreo", DESKTOP);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });

    await page.getByLabel("Código de cliente").fill(clientCode.toLowerCase());
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.getByRole("heading", { name: nombre }).waitFor();
    expect(await page.getByTestId("package-count").textContent()).toBe("0 paquetes");
    await page.getByText("Aún no tienes paquetes registrados.").waitFor();

    // Pre-alert: the new card is highlighted and brought into view.
    await page.getByRole("button", { name: "Pre-alertar Nuevo Paquete" }).click();
    const dialog = page.getByRole("dialog", { name: "Pre-alertar Nuevo Paquete" });
    await dialog.getByRole("button", { name: "Crear Pre-alerta" }).click();
    await dialog.getByText("Código de tracking es requerido").waitFor();
    await dialog.getByLabel("Código de tracking").fill("1z999aa10123456784");
    // What the client declares (issue 32 item 5): the shared rule answers in the dialog.
    await dialog.getByLabel("Valor declarado (USD)").fill("49,999");
    await dialog.getByRole("button", { name: "Crear Pre-alerta" }).click();
    await dialog.getByText("El valor declarado puede tener hasta 2 decimales").waitFor();
    await dialog.getByLabel("Valor declarado (USD)").fill("49,99");
    await dialog.getByLabel("Contenido").fill("Audífonos");
    await dialog.getByLabel("Tienda").fill("Best Buy");
    await dialog.getByRole("button", { name: "Crear Pre-alerta" }).click();
    await toastWith(page, "¡Pre-alerta creada!");
    const card = page.getByRole("article", { name: "1Z999AA10123456784" });
    await card.waitFor();
    expect(await card.getAttribute("data-highlighted")).toBe("true");
    expect(await card.getByText("UPS", { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText("$49,99").isVisible()).toBe(true);
    expect(await card.getByText("Best Buy", { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText("Seguimiento internacional").first().isVisible()).toBe(true);
    expect(await page.getByTestId("package-count").textContent()).toBe("1 paquete");
    await page.waitForFunction(() => {
      const el = document.querySelector('[data-highlighted="true"]');
      if (!el) return false;
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Edit: code and shipping type.
    await card.getByRole("button", { name: "Editar 1Z999AA10123456784" }).click();
    const editDialog = page.getByRole("dialog", { name: "Editar Tracking" });
    expect(await editDialog.getByLabel("Código de tracking").inputValue()).toBe("1Z999AA10123456784");
    await editDialog.getByLabel("Código de tracking").fill("TBA123456789012");
    await editDialog.getByLabel("Forma de envío").selectOption("BARCO");
    await editDialog.getByRole("button", { name: "Guardar Cambios" }).click();
    await toastWith(page, "¡Tracking actualizado!");
    const edited = page.getByRole("article", { name: "TBA123456789012" });
    await edited.waitFor();
    expect(await edited.getByText("Amazon", { exact: true }).isVisible()).toBe(true);
    expect(await edited.getByText("Barco", { exact: true }).isVisible()).toBe(true);

    // The floating share button copies the referral link: the referral code, never the client code (issue 17 item 9).
    // It steps aside over text (decision 219); the page's end keeps room for it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole("button", { name: /Invitar amigos/ }).click();
    const share = page.getByRole("dialog", { name: "Invita a tus amigos" });
    await share.getByRole("button", { name: "Copiar link" }).click();
    await toastWith(page, "Link copiado");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const referralCode = new URL(copied).searchParams.get("ref") ?? "";
    expect(copied).toBe(`${baseUrl()}?ref=${referralCode}`);
    expect(referralCode).toMatch(/^EX[A-Z0-9]{6}$/);
    expect(referralCode).not.toBe(clientCode);
    expect(await share.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toContain(encodeURIComponent(`?ref=${referralCode}`));
    expect(await share.innerHTML()).not.toContain(clientCode);
    await share.getByRole("button", { name: "Cerrar", exact: true }).click();
    await share.waitFor({ state: "detached" });

    // Delete, after the spec's confirmation.
    await edited.getByRole("button", { name: "Eliminar TBA123456789012" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText(DELETE_CONFIRMATION, { exact: true }).waitFor();
    await confirm.getByRole("button", { name: "Eliminar" }).click();
    await toastWith(page, "Tracking eliminado");
    await page.getByText("Aún no tienes paquetes registrados.").waitFor();
    expect(await page.getByTestId("package-count").textContent()).toBe("0 paquetes");

    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows 'Cliente no encontrado' for an unknown code and 'Formato inválido' for a bad one", async () => {
    const { page, context, problems } = await openPage(browser, "/rastreo", PHONE);
    await page.getByLabel("Código de cliente").fill("EX12");
    await page.getByRole("button", { name: "Buscar" }).click();
    await toastWith(page, "Formato inválido");
    expect(await page.locator(".toast").filter({ hasText: "El código de cliente debe tener el formato EX seguido de 6 caracteres" }).count()).toBe(1);

    await page.getByLabel("Código de cliente").fill("EXZZZZZZ");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.getByRole("heading", { name: "Cliente no encontrado" }).waitFor();
    expect(await page.getByRole("link", { name: "Registrarme" }).getAttribute("href")).toBe("/avisos-tracking");
    expect(await page.getByRole("link", { name: /ayuda por WhatsApp/i }).getAttribute("target")).toBe("_blank");
    expect(await seriousAxeViolations(page)).toEqual([]);
    // A failed lookup is an expected answer, not a page error: only the browser's own 404 line may appear.
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  });
});
