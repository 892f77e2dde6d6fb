// First paint before JavaScript (issue 17, items 11 and 7): the public pages arrive as HTML
// rendered at build time, readable with scripts off; the browser takes them over without a
// hydration mismatch; an unknown path answers 404 with the app's own page; a link's page is
// fetched when the pointer rests on it, and the first-click navigation time is printed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { PUBLIC_PAGE_PATHS } from "../../src/shared/page-routes";
import { DESKTOP, PHONE, baseUrl, launchBrowser, openPage } from "./browser";

/** Each public page's h1, as its prerendered HTML must carry it. */
const HEADINGS: Record<(typeof PUBLIC_PAGE_PATHS)[number], string> = {
  "/": "Tu casillero en Miami para importar a Costa Rica",
  "/calculadora": "Cotiza tu Envío",
  "/repuestos": "Repuestos IA",
  "/rastreo": "Rastreo de Paquetes",
  "/avisos-tracking": "Inscripción",
  "/servicios": "Nuestros Servicios",
  "/sobre-nosotros": "Sobre Nosotros",
  "/faq": "Preguntas Frecuentes",
  "/contacto": "Contáctanos",
  "/tracking-whatsapp": "Notificaciones por WhatsApp",
};

/** The markup inside #root as the server sent it (no script has run on a fetched text). */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));

describe("prerendered pages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("sends each public page's text in its HTML, before any script runs", async () => {
    for (const path of PUBLIC_PAGE_PATHS) {
      const res = await fetch(baseUrl() + path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const root = rootOf(html);
      expect(root.length, `${path} has markup in #root`).toBeGreaterThan(2000);
      expect(root, path).toMatch(new RegExp(`<h1[^>]*>${HEADINGS[path]}<`));
    }
    const calculadora = await (await fetch(`${baseUrl()}/calculadora`)).text();
    expect(calculadora).toContain("<title>Cotiza tu Envío | ");
  });

  it("answers an unknown path 404 with the '404 Page Not Found' page", async () => {
    const res = await fetch(`${baseUrl()}/esta-pagina-no-existe`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("404 Page Not Found");
    for (const path of ["/admin", "/admin/tracking"]) expect((await fetch(baseUrl() + path)).status, path).toBe(200);
  });

  it("shows the pages with JavaScript turned off", async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/rastreo`);
      expect(await page.getByRole("heading", { level: 1, name: "Rastreo de Paquetes" }).isVisible()).toBe(true);
      expect(await page.getByRole("tab", { name: "Mis Paquetes" }).isVisible()).toBe(true);
      await page.goto(`${baseUrl()}/calculadora`);
      expect(await page.getByRole("heading", { level: 1, name: "Cotiza tu Envío" }).isVisible()).toBe(true);
      await page.goto(`${baseUrl()}/`);
      expect(await page.locator("h1").first().isVisible()).toBe(true);
      expect(await page.locator("img").count()).toBeGreaterThan(0);
      await page.goto(`${baseUrl()}/no-existe`);
      expect(await page.getByText("404 Page Not Found").isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  for (const path of [...PUBLIC_PAGE_PATHS, "/pagina-inexistente"]) {
    it(`${path} hydrates without a mismatch and responds`, async () => {
      const { page, context, problems } = await openPage(browser, path, PHONE);
      try {
        // Hydrated: React's handlers answer (the menu button opens the side sheet).
        await page.getByRole("button", { name: "Abrir menú" }).click();
        await page.getByRole("dialog").waitFor();
        // A mismatch is logged by React as a console error (minified #418/#423/#425).
        expect(problems.filter((p) => !(path === "/pagina-inexistente" && /status of 404/.test(p)))).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("fetches a page's chunk when the pointer rests on its link, before the click, and prints the first-click time", async () => {
    const { page, context } = await openPage(browser, "/", DESKTOP);
    try {
      const requested: string[] = [];
      page.on("request", (request) => requested.push(new URL(request.url()).pathname));
      const nav = page.getByRole("navigation", { name: "Principal" });
      await nav.getByRole("link", { name: "Calculadora", exact: true }).hover();
      await page.waitForResponse((res) => /\/assets\/calculadora-[^/]+\.js$/.test(new URL(res.url()).pathname));
      expect(requested.some((p) => /\/assets\/calculadora-/.test(p))).toBe(true);
      const hovered = await clickTime(page, () => nav.getByRole("link", { name: "Calculadora", exact: true }).click(), "Cotiza tu Envío");
      // Straight to a click with no pause on the link (the chunk starts loading with the click).
      const straight = await clickTime(page, () => nav.getByRole("link", { name: "Repuestos IA", exact: true }).click(), "Repuestos IA");
      console.log(`first-click navigation (localhost, production build): after hover ${hovered} ms, click without pause ${straight} ms (budget 300 ms)`);
    } finally {
      await context.close();
    }
  });
});

/**
 * Milliseconds from the click to the frame that shows the new page's heading, measured in the
 * page (a frame-by-frame check that starts with the click), so the driver's own latency is out.
 */
async function clickTime(page: Page, click: () => Promise<void>, heading: string): Promise<number> {
  await page.evaluate((name) => {
    const holder = window as unknown as { navigationTime: Promise<number> };
    holder.navigationTime = new Promise((resolve) => {
      document.addEventListener(
        "click",
        () => {
          const clickedAt = performance.now();
          const check = () => {
            const shown = [...document.querySelectorAll("h1")].some((h1) => h1.textContent?.trim() === name);
            requestAnimationFrame(shown ? () => resolve(Math.round(performance.now() - clickedAt)) : check);
          };
          check();
        },
        { capture: true, once: true },
      );
    });
  }, heading);
  await click();
  return page.evaluate(() => (window as unknown as { navigationTime: Promise<number> }).navigationTime);
}
