// The marketing pages as a visitor uses them: every page at phone and desktop width, the home
// hero and services grid, the FAQ accordion, and a contact message that reaches the staff list.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { DEFAULT_BRAND } from "../../src/shared/brand";
import { quoteRequestMessage } from "../../src/shared/domain/messages";
import { DESKTOP, PHONE, adminPassword, baseUrl, launchBrowser, openPage, seriousAxeViolations } from "./browser";
import { scrollThrough } from "./layout";

const PAGES = [
  { path: "/", h1: "Tu casillero en Miami para importar a Costa Rica", title: `${DEFAULT_BRAND.name} | Courier y casillero en Miami para Costa Rica` },
  { path: "/servicios", h1: "Nuestros Servicios", title: `Nuestros Servicios | ${DEFAULT_BRAND.name}` },
  { path: "/sobre-nosotros", h1: "Sobre Nosotros", title: `Sobre Nosotros | ${DEFAULT_BRAND.name}` },
  { path: "/faq", h1: "Preguntas Frecuentes", title: `Preguntas Frecuentes | ${DEFAULT_BRAND.name}` },
  { path: "/contacto", h1: "Contáctanos", title: `Contáctanos | ${DEFAULT_BRAND.name}` },
  { path: "/impuestos", h1: "Impuestos de importación", title: `Impuestos de importación | ${DEFAULT_BRAND.name}` },
];

async function adminToken(): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password: adminPassword() }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function storedContacts(): Promise<Array<{ nombre: string; email: string; telefono: string | null; mensaje: string }>> {
  const res = await fetch(`${baseUrl()}/api/contacts`, { headers: { authorization: `Bearer ${await adminToken()}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { contacts: Array<{ nombre: string; email: string; telefono: string | null; mensaje: string }> }).contacts;
}

describe("public site", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    for (const { path, h1, title } of PAGES) {
      it(`renders ${path} at ${viewport.width} px with its title, description, no sideways scroll and no serious axe violation`, async () => {
        const { page, context, problems } = await openPage(browser, path, viewport);
        try {
          await page.getByRole("heading", { level: 1, name: h1 }).waitFor();
          expect(await page.title()).toBe(title);
          const description = await page.locator('meta[name="description"]').getAttribute("content");
          expect(description?.length ?? 0).toBeGreaterThan(50);
          await scrollThrough(page);
          // Every image has Spanish alt text and a size, so nothing jumps while it loads.
          const images = await page.locator("main img").evaluateAll((imgs) =>
            (imgs as HTMLImageElement[]).map((img) => ({ alt: img.alt, width: img.getAttribute("width"), height: img.getAttribute("height") })),
          );
          for (const img of images) {
            expect(img.alt.length).toBeGreaterThan(10);
            expect(Number(img.width)).toBeGreaterThan(0);
            expect(Number(img.height)).toBeGreaterThan(0);
          }
          // Every picture is served and decodes once it is on screen.
          const pictures = page.locator("main img");
          for (let i = 0; i < (await pictures.count()); i++) {
            const img = pictures.nth(i);
            await img.scrollIntoViewIfNeeded();
            await expect
              .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0), { timeout: 15_000 })
              .toBe(true);
          }
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
          expect(await seriousAxeViolations(page)).toEqual([]);
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }

  it("sends the home hero's buttons where the spec says, the quote to a WhatsApp chat in a new tab", async () => {
    const { page, context, problems } = await openPage(browser, "/", DESKTOP);
    try {
      const hero = page.locator("main section").first();
      await hero.getByRole("link", { name: "Calcular Tarifa" }).click();
      await page.waitForURL(`${baseUrl()}/calculadora`);
      await page.goBack();
      await hero.getByRole("link", { name: "Rastrear Envío" }).click();
      await page.waitForURL(`${baseUrl()}/rastreo`);
      await page.goBack();

      // The chat's address is caught on its way out (nothing leaves the machine).
      const opened: string[] = [];
      await context.route(/^https:\/\/wa\.me\//, (route) => {
        opened.push(route.request().url());
        return route.abort();
      });
      const quote = hero.getByRole("link", { name: "Cotizar Ahora" });
      expect(await quote.getAttribute("target")).toBe("_blank");
      expect(await quote.getAttribute("rel")).toContain("noopener");
      const [popup] = await Promise.all([context.waitForEvent("page"), quote.click()]);
      await expect.poll(() => opened.length).toBeGreaterThan(0);
      const chat = new URL(opened[0]);
      expect(chat.origin + chat.pathname).toBe(`https://wa.me/${DEFAULT_BRAND.whatsapp}`);
      expect(chat.searchParams.get("text")).toBe(quoteRequestMessage(DEFAULT_BRAND.name));
      expect(popup).not.toBe(page);
      expect(page.url()).toBe(`${baseUrl()}/`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows six services: five lead to /servicios, the last opens the parts assistant's verification", async () => {
    const { page, context, problems } = await openPage(browser, "/", PHONE);
    try {
      const grid = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Todo lo que necesitas para importar" }) });
      expect(await grid.getByRole("heading", { level: 3 }).count()).toBe(6);
      const more = grid.getByRole("link", { name: /^Ver más sobre/ });
      expect(await more.count()).toBe(5);
      for (const href of await more.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) expect(href).toBe("/servicios");

      await grid.getByRole("button", { name: "Probar Ahora" }).click();
      const panel = page.getByRole("dialog", { name: "Asistente de Repuestos IA" });
      await panel.waitFor();
      const code = panel.getByLabel("Código de cliente");
      await code.waitFor();
      await panel.getByRole("button", { name: "Verificar Código" }).click();
      await panel.getByText("Código de cliente es requerido").waitFor();
      await code.pressSequentially("ex1");
      expect(await code.inputValue()).toBe("EX1");
      await panel.getByRole("button", { name: "Verificar Código" }).click();
      await panel.getByText("Formato de código debe ser EX seguido de al menos 3 caracteres alfanuméricos").waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await code.pressSequentially("a9");
      expect(await code.inputValue()).toBe("EX1A9");
      await panel.getByRole("button", { name: "Verificar Código" }).click();
      await page.waitForURL(`${baseUrl()}/repuestos`);
      await panel.waitFor({ state: "detached" });
      // The code came along (not in the address) and was checked at once: no such client here.
      expect(await page.getByLabel("Código de cliente").inputValue()).toBe("EX1A9");
      await page.locator(".toast").filter({ hasText: "Error de verificación" }).first().waitFor();
      expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("has the home page's lower sections: four steps, team, stories, testimonials, founder, five FAQ and the call to action", async () => {
    const { page, context, problems } = await openPage(browser, "/", PHONE);
    try {
      await scrollThrough(page);
      for (const name of [
        "Importar es fácil en cuatro pasos",
        "El equipo detrás de cada envío",
        "Clientes que ya importan con nosotros",
        "Lo que dicen nuestros clientes",
        "Importar no tendría que ser complicado",
        "Resolvemos tus dudas",
        "¿Listo para tu primera importación?",
      ]) {
        await page.getByRole("heading", { level: 2, name }).waitFor();
      }
      const steps = page.locator("section", { has: page.getByRole("heading", { name: "Importar es fácil en cuatro pasos" }) });
      expect(await steps.getByRole("listitem").count()).toBe(4);
      const faq = page.locator("section", { has: page.getByRole("heading", { name: "Resolvemos tus dudas" }) });
      expect(await faq.locator("h3 > button[aria-expanded]").count()).toBe(5);
      expect(await faq.getByRole("link", { name: "Ver todas las preguntas" }).getAttribute("href")).toBe("/faq");
      const cta = page.locator("section", { has: page.getByRole("heading", { name: "¿Listo para tu primera importación?" }) });
      expect(await cta.getByRole("link", { name: "Crear Cuenta Gratis" }).getAttribute("href")).toBe("/avisos-tracking");
      const chat = new URL((await cta.getByRole("link", { name: /WhatsApp|experto/ }).getAttribute("href")) ?? "");
      expect(chat.origin + chat.pathname).toBe(`https://wa.me/${DEFAULT_BRAND.whatsapp}`);
      expect(chat.searchParams.get("text")).toBeTruthy();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("opens and closes each of the FAQ's twelve questions, with the service's real figures", async () => {
    const { page, context, problems } = await openPage(browser, "/faq", PHONE);
    try {
      const questions = page.locator("main h2 > button[aria-expanded]");
      await questions.first().waitFor();
      expect(await questions.count()).toBe(12);
      for (let i = 0; i < 12; i++) {
        const question = questions.nth(i);
        expect(await question.getAttribute("aria-expanded")).toBe("false");
        // In the HTML (decision 204) but not shown while closed.
        expect(await page.locator(`[id="${await question.getAttribute("aria-controls")}"]`).isVisible()).toBe(false);
        await question.click();
        expect(await question.getAttribute("aria-expanded")).toBe("true");
        const answer = page.locator(`[id="${await question.getAttribute("aria-controls")}"]`);
        expect(await answer.isVisible()).toBe(true);
        expect(((await answer.textContent()) ?? "").length).toBeGreaterThan(40);
      }
      // One answer open at a time; opening the last closed the others, and a second click closes it.
      expect(await page.locator('main h2 > button[aria-expanded="true"]').count()).toBe(1);
      await questions.nth(11).click();
      expect(await questions.nth(11).getAttribute("aria-expanded")).toBe("false");

      const facts = async (question: string) => {
        await page.getByRole("button", { name: question }).click();
        const id = await page.getByRole("button", { name: question }).getAttribute("aria-controls");
        return (await page.locator(`[id="${id}"]`).textContent()) ?? "";
      };
      const air = await facts("¿Cuánto cuesta enviar un paquete por avión?");
      for (const rate of ["$0,016 por gramo", "$0,015 por gramo", "$0,014 por gramo"]) expect(air).toContain(rate);
      expect(await facts("¿Cuánto cuesta el envío marítimo?")).toContain("$35 por pie cúbico");
      expect(await facts("¿Cuánto tarda en llegar mi paquete?")).toMatch(/7 a 10 días hábiles.*3 a 5 días hábiles/s);
      expect(await facts("¿Cuánto tiempo guardan mis paquetes en Miami?")).toContain("30 días");
      const insurance = await facts("¿Mis paquetes están asegurados?");
      expect(insurance).toContain("100 USD");
      expect(insurance).toMatch(/48 horas.*fotos/s);
      const prohibited = await facts("¿Qué productos no puedo importar?");
      for (const item of ["perecederos", "inflamables", "peligrosas", "sin receta", "armas"]) expect(prohibited.toLowerCase()).toContain(item);
      const referrals = await facts("¿Cómo funciona el programa de referidos?");
      expect(referrals).toContain("5% de descuento");
      expect(referrals).toContain("10%");
      expect(await facts("¿Cuál es su horario de atención?")).toMatch(/8:00 a 17:00.*8:00 a 15:00/s);

      expect(await page.getByRole("link", { name: "Enviar un mensaje" }).getAttribute("href")).toBe("/contacto");
      expect(await page.getByRole("link", { name: "Preguntar por WhatsApp" }).getAttribute("target")).toBe("_blank");
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("checks the contact form's fields, then sends a message that staff find in the list", async () => {
    const { page, context, problems } = await openPage(browser, "/contacto", PHONE);
    try {
      const id = randomUUID().slice(0, 8);
      const email = `visitante.${id}@correo.cr`;
      await page.getByRole("button", { name: "Enviar Mensaje" }).click();
      await page.getByText("El nombre debe tener al menos 2 caracteres").waitFor();
      await page.getByText("Ingresa un email válido").waitFor();
      await page.getByText("El mensaje debe tener al menos 10 caracteres").waitFor();
      expect(await page.getByLabel("Nombre completo").getAttribute("aria-invalid")).toBe("true");

      await page.getByLabel("Nombre completo").fill("J");
      await page.getByLabel("Email").fill("no-es-un-email");
      await page.getByRole("textbox", { name: "Mensaje", exact: true }).fill("Hola");
      await page.getByRole("button", { name: "Enviar Mensaje" }).click();
      await page.getByText("Ingresa un email válido").waitFor();
      await page.getByText("El nombre debe tener al menos 2 caracteres").waitFor();
      expect(await storedContacts().then((list) => list.some((c) => c.email === email))).toBe(false);

      await page.getByLabel("Nombre completo").fill("Jimena Vargas");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel(/Teléfono/).fill("8877-6655");
      await page.getByRole("textbox", { name: "Mensaje", exact: true }).fill(`Quisiera cotizar el envío de una bicicleta desde Miami (${id}).`);
      await page.getByRole("button", { name: "Enviar Mensaje" }).click();
      await page.getByText("¡Mensaje enviado!", { exact: true }).waitFor();
      expect(await page.getByLabel("Nombre completo").inputValue()).toBe("");

      const saved = (await storedContacts()).find((c) => c.email === email);
      expect(saved).toMatchObject({
        nombre: "Jimena Vargas",
        telefono: "8877-6655",
        mensaje: `Quisiera cotizar el envío de una bicicleta desde Miami (${id}).`,
      });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows 'Error al enviar' with the server's words when sending fails", async () => {
    const { page, context } = await openPage(browser, "/contacto", DESKTOP);
    try {
      await page.route("**/api/contact", (route) =>
        route.fulfill({
          status: 429,
          contentType: "application/json",
          body: JSON.stringify({ error: "Demasiadas solicitudes", message: "Demasiados mensajes enviados. Intenta de nuevo en unos minutos.", code: "RATE_LIMITED" }),
        }),
      );
      await page.getByLabel("Nombre completo").fill("Jimena Vargas");
      await page.getByLabel("Email").fill("jimena@correo.cr");
      await page.getByRole("textbox", { name: "Mensaje", exact: true }).fill("Quisiera cotizar un envío desde Miami.");
      await page.getByRole("button", { name: "Enviar Mensaje" }).click();
      await page.getByText("Error al enviar", { exact: true }).waitFor();
      await page.getByText("Demasiados mensajes enviados. Intenta de nuevo en unos minutos.", { exact: true }).waitFor();
      // The red toast.
      expect(await page.locator('[data-variant="destructive"]', { hasText: "Error al enviar" }).count()).toBe(1);
      // The visitor keeps what they wrote.
      expect(await page.getByLabel("Nombre completo").inputValue()).toBe("Jimena Vargas");
    } finally {
      await context.close();
    }
  });

  it("has the contact details, hours, a WhatsApp card and a map that loads only when scrolled to", async () => {
    const { page, context, problems } = await openPage(browser, "/contacto", DESKTOP);
    try {
      await page.getByRole("heading", { name: "Información de contacto" }).waitFor();
      await page.getByRole("heading", { name: "Horario de atención" }).waitFor();
      expect(await page.getByRole("link", { name: "Chatear por WhatsApp" }).getAttribute("href")).toMatch(
        new RegExp(`^https://wa\\.me/${DEFAULT_BRAND.whatsapp}\\?text=`),
      );
      const map = page.locator("iframe");
      expect(await map.getAttribute("loading")).toBe("lazy");
      expect(await map.getAttribute("src")).toBe(DEFAULT_BRAND.mapEmbedUrl);
      expect(await map.getAttribute("title")).toMatch(/^Mapa de la ubicación/);
      await scrollThrough(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("answers a bad POST /api/contact with 400 in Spanish and stores nothing", async () => {
    const email = `malo.${randomUUID().slice(0, 8)}@correo.cr`;
    for (const [body, message] of [
      [{ nombre: "A", email, mensaje: "Un mensaje suficientemente largo" }, "El nombre debe tener al menos 2 caracteres"],
      [{ nombre: "Ana", email: "sin-arroba", mensaje: "Un mensaje suficientemente largo" }, "Ingresa un email válido"],
      [{ nombre: "Ana", email, mensaje: "corto" }, "El mensaje debe tener al menos 10 caracteres"],
      [{ nombre: "Ana", email, mensaje: "m".repeat(5001) }, "El mensaje no puede tener más de 5000 caracteres"],
    ] as const) {
      const res = await fetch(`${baseUrl()}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    expect((await storedContacts()).some((c) => c.email === email)).toBe(false);
  });
});
