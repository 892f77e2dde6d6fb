// The chrome around every page (issue 17): the desktop dropdowns survive a hover-then-click,
// the header stays on one line from 1024 px, the floating buttons never sit on a field, a
// button or a link, and the WhatsApp tracking notices are linked from the public site.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, baseUrl, launchBrowser, openPage, reloadSettled, settled } from "./browser";
import { adminCall, randomPhone } from "./api";
import { coveredControls, scrollPositions } from "./layout";

const PHONE_TALL = { width: 390, height: 844 };

/** A client with three packages, one with a long history: /rastreo's tallest realistic page. */
async function clientWithPackages(): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/clients/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      nombre: "María José Pérez Rojas",
      direccion: "Grecia, Alajuela, 200 m norte del parque",
      telefono: randomPhone(),
    }),
  });
  expect(res.status).toBe(201);
  const { client } = (await res.json()) as { client: { clientCode: string } };
  for (const [index, steps] of [["EN_BODEGA_MIAMI", "EN_ADUANAS", "LISTO_PARA_ENTREGAR"], ["EN_BODEGA_MIAMI"], []].entries()) {
    const { tracking } = await adminCall("POST", "/api/admin/trackings", {
      clientCode: client.clientCode,
      trackingCode: `1Z999AA1012345678${index}`,
      descripcionPaquete: "Pastillas de freno delanteras",
      tiendaOrigen: "Amazon",
    });
    for (const estado of steps) await adminCall("PATCH", `/api/trackings/${tracking.id}`, { estado, montoColones: 1_250_000 });
  }
  return client.clientCode;
}

/** The page's covered controls at the top, every screen on the way down and the bottom. */
async function coveredWhileScrolling(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const y of await scrollPositions(page)) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // The floating buttons react on the next frame: wait for that, not for a fixed time.
    const covered = await expect
      .poll(() => coveredControls(page), { timeout: 10_000 })
      .toEqual([])
      .then(
        () => [],
        () => coveredControls(page),
      );
    found.push(...covered.map((text) => `${label} at scroll ${y}: ${text}`));
  }
  return found;
}

describe("site chrome", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("keeps a desktop dropdown open when it is clicked after hovering opened it", async () => {
    const { page, context, problems } = await openPage(browser, "/", DESKTOP);
    try {
      const nav = page.getByRole("navigation", { name: "Principal" });
      for (const [group, link] of [["Rastreo", "Inscripción"], ["Empresa", "Sobre Nosotros"], ["Ayuda", "Contacto"]]) {
        const trigger = nav.getByRole("button", { name: group });
        await trigger.hover();
        // Hovering opens the panel after Radix's delay (200 ms)...
        await expect.poll(() => trigger.getAttribute("aria-expanded")).toBe("true");
        // ...and the click that follows, as a visitor's does, must not shut it.
        await trigger.click();
        await nav.getByRole("link", { name: link }).waitFor();
        expect(await trigger.getAttribute("aria-expanded")).toBe("true");
        // A second click closes it: the click opened it now.
        await trigger.click();
        await expect.poll(() => trigger.getAttribute("aria-expanded")).toBe("false");
        await page.mouse.move(5, 400);
      }
      // From the keyboard (on a fresh page: Radix's close timer from the last pointer leave may
      // still be pending) Enter opens, and following a link still navigates.
      await reloadSettled(page);
      const trigger = nav.getByRole("button", { name: "Empresa" });
      await trigger.focus();
      await page.keyboard.press("Enter");
      await nav.getByRole("link", { name: "Servicios" }).click();
      await page.waitForURL(`${baseUrl()}/servicios`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const width of [1024, 1280]) {
    it(`keeps the header on one line at ${width} px: logo, every link and both buttons`, async () => {
      const { page, context } = await openPage(browser, "/", { width, height: 800 });
      try {
        const header = await page.evaluate(() => {
          const bar = document.querySelector("body header > div") as HTMLElement;
          const items = [...bar.querySelectorAll("a, button")].filter((el) => el.checkVisibility());
          // A text that wraps has one box per line.
          const walker = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT);
          const wrappedTexts = new Set<Node>();
          for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(text);
            if ([...range.getClientRects()].filter((r) => r.width > 0).length > 1) wrappedTexts.add(text);
          }
          return {
            height: bar.getBoundingClientRect().height,
            sticksOut: bar.scrollWidth - bar.clientWidth,
            wrapped: items.filter((el) => [...wrappedTexts].some((text) => el.contains(text))).map((el) => el.textContent),
            rows: new Set(items.map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2))).size,
            names: items.map((el) => el.textContent),
          };
        });
        expect(header.names).toEqual([
          "Express Import",
          "Inicio",
          "Calculadora",
          "Repuestos IA",
          "Rastreo",
          "Empresa",
          "Ayuda",
          "Cotizar",
          "Abrir Casillero",
        ]);
        expect(header.wrapped).toEqual([]);
        expect(header.sticksOut).toBeLessThanOrEqual(0);
        expect(header.rows).toBe(1);
        expect(header.height).toBeLessThanOrEqual(64);
      } finally {
        await context.close();
      }
    });
  }

  it("never lets a floating button cover a field, a button or a link, at 390×844 and 1280×800", { timeout: 240_000 }, async () => {
    const clientCode = await clientWithPackages();
    const covered: string[] = [];
    for (const viewport of [PHONE_TALL, DESKTOP]) {
      for (const path of ["/", "/calculadora", "/rastreo", "/repuestos", "/avisos-tracking", "/tracking-whatsapp", "/contacto", "/servicios", "/faq"]) {
        const { page, context } = await openPage(browser, path, viewport);
        try {
          if (path === "/rastreo") {
            await page.getByLabel("Código de cliente").fill(clientCode);
            await page.getByRole("button", { name: "Buscar" }).click();
            // Attached, not necessarily shown: it steps aside over text too (decision 219).
            await page.locator("button[aria-label^='Invitar amigos']").waitFor({ state: "attached" });
          }
          if (path === "/repuestos") {
            await page.getByRole("textbox", { name: "Código de cliente" }).fill(clientCode);
            await page.getByRole("button", { name: "Verificar código" }).click();
            await page.getByRole("heading", { name: "Tu casillero en Miami" }).waitFor();
          }
          await settled(page, 3000).catch(() => {});
          covered.push(...(await coveredWhileScrolling(page, `${viewport.width}px ${path}`)));
        } finally {
          await context.close();
        }
      }
    }
    expect(covered).toEqual([]);
  });

  it("links the WhatsApp tracking notices from the footer and from /rastreo", async () => {
    const { page, context, problems } = await openPage(browser, "/rastreo", PHONE_TALL);
    try {
      const fromRastreo = page.getByRole("main").getByRole("link", { name: "Recibe avisos por WhatsApp" });
      expect(await fromRastreo.getAttribute("href")).toBe("/tracking-whatsapp");
      await page.getByRole("contentinfo").getByRole("link", { name: "Avisos de tracking por WhatsApp" }).click();
      await page.waitForURL(`${baseUrl()}/tracking-whatsapp`);
      await page.getByRole("heading", { level: 1, name: "Notificaciones por WhatsApp" }).waitFor();
      await page.goBack();
      await fromRastreo.click();
      await page.getByRole("heading", { level: 1, name: "Notificaciones por WhatsApp" }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
