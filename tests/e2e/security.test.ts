// Security in the browser, against the production server and build: every page works under the
// site's Content-Security-Policy (no violation, no console error, scrolled to the end so lazy
// parts load too); names carrying HTML or script are refused by the forms (a name is a name,
// docs/decisions/098), and addresses and messages carrying them render as plain text wherever
// they are shown — the portal (/rastreo) and the staff panel (/admin) — without any script
// running.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { PUBLIC_PATHS } from "../../src/server/modules/seo/routes";
import { NAME_CHARS_INVALID } from "../../src/shared/text-rules";
import { DESKTOP, PHONE, launchBrowser, openPage, gotoSettled, signInStaff } from "./browser";
import { randomPhone } from "./api";
import { scrollThrough } from "./layout";

const stamp = Date.now().toString(36).toUpperCase();
const HOSTILE_NAME = "<script>alert(1)</script> Pérez";
const HOSTILE_MESSAGE = `<img src=x onerror="alert(2)"><script>alert(3)</script> ¿Llegó mi paquete? (${stamp})`;
const HOSTILE_SENDER = `<b onmouseover=alert(4)>Mario</b>`;
const HOSTILE_ADDRESS = "<i>Grecia</i>, 200 m norte del parque";
/** The stamp's digits spelled as letters: a name is letters only. */
const SAFE_NAME = `Seguridad ${stamp.replace(/\d/g, (d) => "ABCDEFGHIJ"[Number(d)])} Pérez`;
const SAFE_SENDER = `Mario ${stamp.replace(/\d/g, (d) => "ABCDEFGHIJ"[Number(d)])}`;

/** Every public page (the sitemap's list), the staff pages and a page that does not exist. */
const PAGES = [...PUBLIC_PATHS, "/admin", "/admin/tracking", "/pagina-que-no-existe"];

/** Records every dialog a script might open (and closes it, so nothing hangs). */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

async function adminLogin(page: Page): Promise<void> {
  await signInStaff(page);
  await page.getByRole("heading", { name: "Clientes registrados" }).waitFor();
}

describe("security in the browser", () => {
  let browser: Browser;
  let clientCode = "";

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const path of PAGES) {
    it(`${path} works under the Content-Security-Policy`, async () => {
      const { page, context, problems } = await openPage(browser, path, DESKTOP);
      try {
        const dialogs = watchDialogs(page);
        await scrollThrough(page);
        expect(await page.locator("h1").count(), "the page rendered").toBeGreaterThan(0);
        // The unknown path answers 404 (the page itself), which the browser logs as a failed load.
        expect(problems.filter((p) => !(path === "/pagina-que-no-existe" && /status of 404/.test(p)))).toEqual([]);
        expect(dialogs).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("the policy is enforced: a script injected into the page does not run, and the check above would see it", async () => {
    const { page, context, problems } = await openPage(browser, "/", DESKTOP);
    try {
      const ran = await page.evaluate(async () => {
        const refused = new Promise((resolve) => document.addEventListener("securitypolicyviolation", resolve, { once: true }));
        const script = document.createElement("script");
        script.textContent = "window.__inyectado = true;";
        // An inline script that is allowed runs during append; a refused one raises the violation.
        document.body.append(script);
        if ((window as unknown as { __inyectado?: boolean }).__inyectado !== true) await refused;
        return (window as unknown as { __inyectado?: boolean }).__inyectado === true;
      });
      expect(ran).toBe(false);
      expect(problems.some((p) => /Content Security Policy/i.test(p))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("a script typed as a name is refused by the form; the client registered sees its name as text on /rastreo", async () => {
    const { page, context, problems } = await openPage(browser, "/avisos-tracking", PHONE);
    try {
      const dialogs = watchDialogs(page);
      await page.getByLabel("Nombre completo").fill(HOSTILE_NAME);
      await page.getByLabel("Dirección de entrega en Costa Rica").fill(HOSTILE_ADDRESS);
      await page.getByRole("textbox", { name: "WhatsApp" }).fill(randomPhone());
      await page.getByRole("button", { name: "Abrir mi casillero" }).click();
      await page.getByText(NAME_CHARS_INVALID).first().waitFor();
      await page.getByLabel("Nombre completo").fill(SAFE_NAME);
      await page.getByRole("button", { name: "Abrir mi casillero" }).click();
      clientCode = ((await page.getByTestId("client-code").textContent()) ?? "").trim();
      expect(clientCode).toMatch(/^EX[A-Z0-9]{6}$/);

      await gotoSettled(page, `${new URL(page.url()).origin}/rastreo`);
      await page.getByLabel("Código de cliente").fill(clientCode);
      await page.getByRole("button", { name: "Buscar" }).click();
      await page.getByRole("heading", { name: SAFE_NAME }).waitFor();
      expect(await page.getByText(SAFE_NAME, { exact: true }).first().isVisible()).toBe(true);
      // Nothing of it became markup: no script element carries it.
      expect(await page.evaluate(() => [...document.scripts].some((s) => s.textContent?.includes("alert(1)")))).toBe(false);
      expect(dialogs).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("a contact message with HTML and script reaches /admin as text, beside that client", async () => {
    const contact = await openPage(browser, "/contacto", DESKTOP);
    try {
      const dialogs = watchDialogs(contact.page);
      await contact.page.getByLabel("Nombre completo").fill(HOSTILE_SENDER);
      await contact.page.getByLabel("Email").fill(`seguridad.${stamp.toLowerCase()}@correo.cr`);
      await contact.page.getByRole("textbox", { name: "Mensaje", exact: true }).fill(HOSTILE_MESSAGE);
      await contact.page.getByRole("button", { name: "Enviar Mensaje" }).click();
      await contact.page.getByText(NAME_CHARS_INVALID).first().waitFor();
      await contact.page.getByLabel("Nombre completo").fill(SAFE_SENDER);
      await contact.page.getByRole("button", { name: "Enviar Mensaje" }).click();
      await contact.page.getByText("¡Mensaje enviado!", { exact: true }).waitFor();
      expect(dialogs).toEqual([]);
      expect(contact.problems).toEqual([]);
    } finally {
      await contact.context.close();
    }

    const { page, context, problems } = await openPage(browser, "/admin", DESKTOP);
    try {
      const dialogs = watchDialogs(page);
      await adminLogin(page);
      // The message, as text, in the staff's list.
      const sections = page.getByRole("navigation", { name: "Secciones" });
      await sections.getByRole("link", { name: "Mensajes de contacto" }).click();
      await page.getByText(HOSTILE_MESSAGE).first().waitFor();
      expect(await page.getByText(SAFE_SENDER).first().isVisible()).toBe(true);
      await scrollThrough(page);
      await sections.getByRole("link", { name: "Clientes" }).click();
      // The client with the HTML address, found by its code.
      expect(clientCode, "the /rastreo test registered the client").not.toBe("");
      await page.getByLabel("Buscar", { exact: true }).fill(clientCode);
      await page.getByRole("article", { name: SAFE_NAME }).waitFor();
      expect(await page.getByRole("article", { name: SAFE_NAME }).getByText(HOSTILE_ADDRESS).first().isVisible()).toBe(true);
      expect(await page.locator("i", { hasText: "Grecia" }).count()).toBe(0);
      await scrollThrough(page);
      expect(await page.locator("img[src='x']").count()).toBe(0);
      expect(await page.locator("b[onmouseover]").count()).toBe(0);
      expect(dialogs).toEqual([]);
      // The admin page's one expected 401 (the gate checks for a stored session) is not a problem.
      expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
