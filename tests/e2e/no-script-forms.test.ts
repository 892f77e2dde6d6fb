// Forms sent before the page's script runs (issue 31 item 9, decision 149): a visitor with
// JavaScript off, or on a slow phone whose scripts have not arrived, fills every prerendered
// page's form and sends it. Nothing typed may reach an address (the URL, the history, the request
// log all hold addresses), and the person is told what happened: /contacto is sent by the
// browser itself and the server answers with a page; the other forms wait for their script.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { PUBLIC_PAGE_PATHS } from "../../src/shared/page-routes";
import { FORM_LOADING, FORM_NEEDS_SCRIPT } from "../../src/shared/api/page-forms";
import { CONTACT_SENT_TITLE } from "../../src/shared/api/contact";
import { PHONE, baseUrl, launchBrowser, seriousAxeViolations } from "./browser";
import { staffApi } from "./api";

/** What a person types into each prerendered form, by field name: unique to this run. */
function personalValues(): Record<string, string> {
  const id = randomUUID().slice(0, 8).replace(/\d/g, (d) => "ghijklmnop"[Number(d)]);
  return {
    nombre: `Rebeca Quirós ${id}`,
    email: `rebeca.${id}@correo.cr`,
    telefono: "8765-4321",
    whatsapp: "+50687654321",
    direccion: `San Ramón, Alajuela, casa ${id}`,
    mensaje: `Necesito traer un repuesto de moto desde Miami, referencia ${id}.`,
    clientCode: "EX7Q3M9K",
    "codes.0.value": `1ZPRIVADO${id.toUpperCase()}`,
  };
}

/** The <form> tags of each public page's prerendered HTML, as the server sends it. */
async function prerenderedForms(): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for (const path of PUBLIC_PAGE_PATHS) {
    const html = await (await fetch(baseUrl() + path)).text();
    const forms = html.slice(html.indexOf('<div id="root">')).match(/<form\b[^>]*>/g) ?? [];
    if (forms.length > 0) found.set(path, forms);
  }
  return found;
}

/** Every address the browser asked for, with the method (the page, its files, the form's target). */
function recordRequests(context: BrowserContext): { method: string; url: string; navigation: boolean }[] {
  const seen: { method: string; url: string; navigation: boolean }[] = [];
  context.on("request", (request) => seen.push({ method: request.method(), url: request.url(), navigation: request.isNavigationRequest() }));
  return seen;
}

/** A value as it could appear in an address: as typed, percent-encoded, or form-encoded. */
const spellings = (value: string) => [value, encodeURIComponent(value), new URLSearchParams({ v: value }).toString().slice(2)];

function expectNoValueIn(urls: string[], values: string[]) {
  for (const url of urls) {
    for (const value of values) for (const spelled of spellings(value)) expect(url, `${value} in ${url}`).not.toContain(spelled);
  }
}

/** Fills each named field of the page's form with the person's values; answers the values used. */
async function fillForm(page: Page, values: Record<string, string>): Promise<string[]> {
  const used: string[] = [];
  const fields = page.locator("#root form").first().locator("input[name], textarea[name]");
  for (let i = 0; i < (await fields.count()); i++) {
    const field = fields.nth(i);
    const name = (await field.getAttribute("name")) ?? "";
    const type = (await field.getAttribute("type")) ?? "text";
    if (["radio", "checkbox", "hidden", "file", "submit"].includes(type)) continue;
    const value = values[name] ?? `dato-personal-${name}-${randomUUID().slice(0, 6)}`;
    await field.fill(value);
    used.push(value);
  }
  expect(used.length).toBeGreaterThan(0);
  return used;
}

describe("forms sent before the page's script runs", () => {
  let browser: Browser;
  let forms: Map<string, string[]>;
  let formPages: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    forms = await prerenderedForms();
    formPages = [...forms.keys()];
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("finds the prerendered forms (contact, WhatsApp notices, registration, the parts assistant), each posting", () => {
    expect([...formPages].sort()).toEqual(["/avisos-tracking", "/contacto", "/repuestos", "/tracking-whatsapp"]);
    // A GET would put the fields in the address.
    for (const [path, tags] of forms) for (const tag of tags) expect(tag, path).toMatch(/\smethod="post"/);
  });

  it("with JavaScript off, /faq shows every answer (the prerender holds them; nothing to click)", async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: "es-CR" });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/faq`);
      const answers = page.locator("main [data-in-html]");
      expect(await answers.count()).toBe(12);
      for (let i = 0; i < 12; i++) expect(await answers.nth(i).isVisible(), `answer ${i}`).toBe(true);
      expect(await page.getByText("$35 por pie cúbico").first().isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("with JavaScript off, /contacto sends the message by POST and says it was sent; nothing typed is in any address", async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: "es-CR" });
    const requests = recordRequests(context);
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/contacto`);
      const values = personalValues();
      // A mistake first: the server answers the form again, with what was typed and the error.
      await page.getByLabel("Nombre completo").fill(values.nombre);
      await page.getByLabel("Email").fill("rebeca-sin-arroba");
      await page.getByLabel(/Teléfono/).fill(values.telefono);
      await page.getByRole("textbox", { name: "Mensaje", exact: true }).fill(values.mensaje);
      await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Enviar Mensaje" }).click()]);
      expectNoValueIn([page.url()], [values.nombre, values.telefono, values.mensaje, "rebeca-sin-arroba"]);
      await page.getByRole("heading", { name: "Revisa estos datos" }).waitFor();
      expect(await page.getByRole("textbox", { name: "Mensaje", exact: true }).inputValue()).toBe(values.mensaje);
      expect(await page.getByLabel("Nombre completo").inputValue()).toBe(values.nombre);

      await page.getByLabel("Email").fill(values.email);
      await page.getByRole("button", { name: "Enviar Mensaje" }).click();
      await page.getByRole("heading", { name: CONTACT_SENT_TITLE }).waitFor();
      // Sent, then led to the confirmation's own address (post/redirect/get).
      expect(page.url()).toBe(`${baseUrl()}/contacto/enviado`);

      // The two sends were POSTs to the page's own address; no address carried a query.
      const navigations = requests.filter((r) => r.navigation && r.url.startsWith(baseUrl()));
      expect(navigations.filter((r) => r.method === "POST").map((r) => r.url)).toEqual([`${baseUrl()}/contacto`, `${baseUrl()}/contacto`]);
      expect(navigations.every((r) => !r.url.includes("?"))).toBe(true);
      expectNoValueIn(
        requests.map((r) => r.url),
        [values.nombre, values.email, values.telefono, values.mensaje, "rebeca-sin-arroba"],
      );
      const staff = await staffApi();
      const { contacts } = await staff<{ contacts: { nombre: string; email: string; telefono: string | null; mensaje: string }[] }>("GET", "/api/contacts");
      expect(contacts.find((c) => c.email === values.email)).toMatchObject({ nombre: values.nombre, telefono: values.telefono, mensaje: values.mensaje });
    } finally {
      await context.close();
    }
  });

  it("with JavaScript off, every other form cannot be sent and says why; nothing typed is in any address", async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false, locale: "es-CR" });
    const requests = recordRequests(context);
    try {
      const page = await context.newPage();
      for (const path of formPages.filter((p) => p !== "/contacto")) {
        await page.goto(baseUrl() + path);
        const used = await fillForm(page, personalValues());
        const form = page.locator("#root form").first();
        const submit = form.locator('button[type="submit"]');
        expect(await submit.isDisabled(), path).toBe(true);
        expect(await submit.textContent(), path).toBe(FORM_LOADING);
        // Playwright's text search skips <noscript>: its line is found by its place.
        const reason = form.locator("noscript p");
        expect(await reason.textContent(), path).toBe(FORM_NEEDS_SCRIPT);
        expect(await reason.isVisible(), path).toBe(true);
        // Enter in a field, and a click on the button: the browser sends nothing.
        const before = requests.length;
        await form.locator("input[name]").first().press("Enter");
        await submit.click({ force: true });
        await page.goto(baseUrl() + path);
        expect(requests.slice(before).filter((r) => r.navigation).map((r) => `${r.method} ${r.url}`), path).toEqual([`GET ${baseUrl()}${path}`]);
        expectNoValueIn(
          requests.map((r) => r.url),
          used,
        );
      }
    } finally {
      await context.close();
    }
  });

  it("while the scripts have not arrived, /contacto is still sent by the browser and the other forms wait, saying so", async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: "es-CR" });
    // A phone whose scripts never came: every script request fails.
    await context.route(/\.js(\?|$)/, (route) => route.abort());
    const requests = recordRequests(context);
    try {
      const page = await context.newPage();
      for (const path of formPages.filter((p) => p !== "/contacto")) {
        await page.goto(baseUrl() + path);
        const used = await fillForm(page, personalValues());
        const submit = page.locator('#root form button[type="submit"]').first();
        expect(await submit.isDisabled(), path).toBe(true);
        expect(await submit.textContent(), path).toBe(FORM_LOADING);
        // Scripts are on, so the <noscript> line is not shown: the button says it is loading.
        expect(await page.locator("#root form noscript").isVisible(), path).toBe(false);
        expectNoValueIn(
          requests.map((r) => r.url),
          used,
        );
      }
      await page.goto(`${baseUrl()}/contacto`);
      const values = personalValues();
      await page.getByLabel("Nombre completo").fill(values.nombre);
      await page.getByRole("textbox", { name: "Mensaje", exact: true }).fill(values.mensaje);
      await page.getByRole("button", { name: "Enviar Mensaje" }).click();
      // The server's page (axe cannot run in a page with JavaScript off): readable at 320 px.
      await page.getByRole("heading", { name: "Revisa estos datos" }).waitFor();
      await page.setViewportSize({ width: 320, height: 740 });
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.getByLabel("Email").fill(values.email);
      await page.getByRole("button", { name: "Enviar Mensaje" }).click();
      await page.getByRole("heading", { name: CONTACT_SENT_TITLE }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(page.url()).toBe(`${baseUrl()}/contacto/enviado`);

      // A second message, right the first time: the history holds the page and the
      // confirmation, both without what was typed; going back shows the form again, going
      // forward the confirmation, and neither asks to send anything again.
      const second = personalValues();
      await page.goto(`${baseUrl()}/contacto`);
      await page.getByLabel("Nombre completo").fill(second.nombre);
      await page.getByLabel("Email").fill(second.email);
      await page.getByRole("textbox", { name: "Mensaje", exact: true }).fill(second.mensaje);
      await page.getByRole("button", { name: "Enviar Mensaje" }).click();
      await page.getByRole("heading", { name: CONTACT_SENT_TITLE }).waitFor();
      await page.goBack();
      expect(page.url()).toBe(`${baseUrl()}/contacto`);
      await page.goForward();
      expect(page.url()).toBe(`${baseUrl()}/contacto/enviado`);
      await page.getByRole("heading", { name: CONTACT_SENT_TITLE }).waitFor();
      expect(requests.filter((r) => r.method === "POST")).toHaveLength(3);
      expectNoValueIn(
        requests.map((r) => r.url),
        [values.nombre, values.email, values.mensaje, second.nombre, second.email, second.mensaje],
      );
    } finally {
      await context.close();
    }
  });
  it("moves nothing when the script arrives: the waiting button has the ready one's place and size at 320 px", async () => {
    const narrow = { width: 320, height: 740 };
    const waiting = await browser.newContext({ viewport: narrow, locale: "es-CR" });
    await waiting.route(/\.js(\?|$)/, (route) => route.abort());
    const ready = await browser.newContext({ viewport: narrow, locale: "es-CR" });
    try {
      const before = await waiting.newPage();
      const after = await ready.newPage();
      for (const path of formPages.filter((p) => p !== "/contacto")) {
        await before.goto(baseUrl() + path);
        await after.goto(baseUrl() + path);
        const loading = before.locator('#root form button[type="submit"]').first();
        const enabled = after.locator('#root form button[type="submit"]:enabled').first();
        await enabled.waitFor();
        expect(await loading.textContent(), path).toBe(FORM_LOADING);
        expect(await enabled.textContent(), path).not.toBe(FORM_LOADING);
        expect(await enabled.boundingBox(), path).toEqual(await loading.boundingBox());
        // And what follows the form stays where it was.
        const next = (page: Page) => page.locator("#root form").first().locator("xpath=following::*[self::p or self::h2 or self::a][1]");
        expect((await next(after).boundingBox())?.y, path).toBe((await next(before).boundingBox())?.y);
        expect(await after.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
      }
    } finally {
      await waiting.close();
      await ready.close();
    }
  });
});
