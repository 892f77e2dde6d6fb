// Nothing may be wider than a phone (issue 17, item 1): a client with the longest realistic
// values (an 80-character name, a long address and e-mail, long tracking codes, amounts in the
// millions) registers, gets packages, and every public page and dialog is walked at 320 and
// 390 px. Each state is checked for anything sticking out sideways; the offenders of every state
// are collected, so one failure lists them all. The two widths walk side by side (each in contexts
// of its own): most of a walk is waiting on the server and the page.
import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, launchBrowser, openPage } from "./browser";
import { adminCall, randomPhone } from "./api";
import { horizontalOverflow, scrollThrough } from "./layout";
import { DECLARED_VALUE_USD_MAX } from "../../src/shared/api/declared";

const LONG_NAME = "José Pablo Jiménez Solano de la Santísima Trinidad Villalobos Quesada Hernández";
const LONG_ADDRESS =
  "Grecia, Alajuela, barrio San Roque, del Palí 300 metros al norte y 150 metros al oeste, casa esquinera de dos plantas color terracota con portón negro";
const LONG_EMAIL = "josepablo.jimenezsolano.santisimatrinidad@correo-empresarial-largo.co.cr";
const LONG_CODES = ["9261290100830012345678901234", "1Z999AA10123456784", "TBA123456789012", "420331789400111899223397658831"];
const LONG_TEXT =
  "Juego de pastillas de freno delanteras cerámicas con sensores de desgaste para Toyota Hilux 2018 doble cabina 4x4 diésel";

/** Staff give the client packages with the longest values: codes, store, carrier, description, amounts in the millions, a history. */
async function givePackages(clientCode: string): Promise<void> {
  const statuses = [["EN_BODEGA_MIAMI", "EN_ADUANAS", "LISTO_PARA_ENTREGAR"], ["EN_BODEGA_MIAMI"], []];
  for (const [index, steps] of statuses.entries()) {
    const { tracking } = await adminCall("POST", "/api/admin/trackings", {
      clientCode,
      trackingCode: `${LONG_CODES[index]}${index}`,
      origen: index === 1 ? "CHINA" : "USA",
      formaEnvio: index === 1 ? "BARCO" : "AVION",
      descripcionPaquete: LONG_TEXT,
      carrier: "FedEx International Priority Freight",
      tiendaOrigen: "Amazon.com Services LLC Marketplace Seller Autopartes",
      pesoEstimado: 9_999_999,
      valorDeclarado: DECLARED_VALUE_USD_MAX,
      costo: 1_234_567_890,
    });
    for (const estado of steps) {
      // The server prices the measure (decision 114); the longest amount is then typed on its own.
      await adminCall("PATCH", `/api/trackings/${tracking.id}`, { estado, pesoPieCubicos: index === 1 ? "4999.5" : "123456.78" });
      await adminCall("PATCH", `/api/trackings/${tracking.id}`, { montoColones: 1_987_654_321 });
    }
  }
}

describe("no page or dialog is wider than a phone, with the longest realistic values", () => {
  let browser: Browser;
  /** A client whose link the client registering at the second width came by (the welcome coupon shows). */
  let referrerCode = "";
  beforeAll(async () => {
    browser = await launchBrowser();
    const res = await fetch(`${baseUrl()}/api/clients/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ nombre: "Ana Referente Solís", direccion: "Grecia, Alajuela, 100 m sur de la iglesia", telefono: randomPhone() }),
    });
    if (res.status !== 201) throw new Error(`registering the referrer: ${res.status} ${await res.text()}`);
    referrerCode = ((await res.json()) as { client: { clientCode: string } }).client.clientCode;
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const width of [320, 390]) {
    it.concurrent(`walks every public page and dialog at ${width} px without sideways overflow`, { timeout: 240_000 }, async ({ expect }) => {
      const viewport = { width, height: 740 };
      const offenders: string[] = [];
      const check = async (page: Page, state: string) => {
        for (const offender of await horizontalOverflow(page)) offenders.push(`${width}px ${state}: ${offender}`);
      };

      // Registration, with the spec's messages shown first, then the success panel (a referred
      // client at the second width, so the welcome coupon shows too).
      const registration = await openPage(browser, width === 390 ? `/avisos-tracking?ref=${referrerCode}` : "/avisos-tracking", viewport);
      let page = registration.page;
      await page.getByRole("button", { name: "Abrir mi casillero" }).click();
      await page.getByText("El nombre debe tener al menos 3 caracteres").waitFor();
      await check(page, "/avisos-tracking with errors");
      await page.getByLabel("Nombre completo").fill(LONG_NAME);
      await page.getByLabel("Dirección de entrega en Costa Rica").fill(LONG_ADDRESS);
      await page.getByRole("textbox", { name: "WhatsApp" }).fill(randomPhone());
      await page.getByLabel("Email").fill(LONG_EMAIL);
      await page.getByRole("button", { name: "Abrir mi casillero" }).click();
      const codeShown = page.getByTestId("client-code");
      await codeShown.waitFor();
      const clientCode = ((await codeShown.textContent()) ?? "").trim();
      // The referred client's panel has the welcome coupon (what the second width is for).
      if (width === 390) await page.getByText("Tienes un cupón de bienvenida", { exact: false }).waitFor();
      await check(page, "registration success (Avión)");
      await page.getByRole("tab", { name: "Barco" }).click();
      await check(page, "registration success (Barco)");
      await registration.context.close();
      await givePackages(clientCode);

      // /rastreo with the client's packages, and each of its dialogs.
      const rastreo = await openPage(browser, "/rastreo", viewport);
      page = rastreo.page;
      await page.getByLabel("Código de cliente").fill(clientCode);
      await page.getByRole("button", { name: "Buscar" }).click();
      await page.getByRole("heading", { name: LONG_NAME }).waitFor();
      await page.getByRole("button", { name: "Pre-alertar Nuevo Paquete" }).click();
      const preAlert = page.getByRole("dialog", { name: "Pre-alertar Nuevo Paquete" });
      await preAlert.getByRole("button", { name: "Crear Pre-alerta" }).click();
      await preAlert.getByText("Código de tracking es requerido").waitFor();
      await check(page, "pre-alert dialog with an error");
      await preAlert.getByLabel("Código de tracking").fill(LONG_CODES[3]);
      await preAlert.getByRole("button", { name: "Crear Pre-alerta" }).click();
      await preAlert.waitFor({ state: "detached" });
      await page.getByRole("article", { name: LONG_CODES[3] }).waitFor();
      await scrollThrough(page);
      await check(page, "/rastreo with the client's packages");
      // 'Datos para factura electrónica' (issue 34): the form open with a number that does not fit its type.
      await page.getByRole("button", { name: "Agregar identificación" }).click();
      await page.getByLabel("Tipo de identificación").selectOption("JURIDICA");
      await page.getByLabel("Número de identificación").fill("3-101-12345678901");
      await page.getByRole("button", { name: "Guardar", exact: true }).click();
      await page.getByText("La cédula jurídica tiene 10 dígitos", { exact: false }).waitFor();
      await check(page, "/rastreo with the electronic-invoice form and an error");
      await page.getByRole("button", { name: "Cancelar" }).click();
      // The statement (issue 21): the card with the total due, a package's lines, the receipt dialog.
      await page.getByRole("region", { name: "Estado de cuenta" }).waitFor();
      await page.getByRole("button", { name: "Ver detalle" }).first().click();
      await check(page, "/rastreo with a package's charge lines");
      await page.getByRole("button", { name: "Enviar comprobante SINPE" }).click();
      await page.getByRole("dialog", { name: "Enviar comprobante SINPE" }).getByRole("button", { name: "Enviar" }).click();
      await page.getByRole("dialog", { name: "Enviar comprobante SINPE" }).getByText("Adjunta la foto del comprobante SINPE.").waitFor();
      await check(page, "receipt dialog with an error");
      await page.keyboard.press("Escape");
      await page.getByRole("dialog", { name: "Enviar comprobante SINPE" }).waitFor({ state: "detached" });
      await page.getByRole("button", { name: `Editar ${LONG_CODES[3]}` }).click();
      await page.getByRole("dialog", { name: "Editar Tracking" }).waitFor();
      await check(page, "edit dialog");
      await page.keyboard.press("Escape");
      await page.getByRole("dialog", { name: "Editar Tracking" }).waitFor({ state: "detached" });
      await page.getByRole("button", { name: `Eliminar ${LONG_CODES[3]}` }).click();
      await page.getByRole("alertdialog").waitFor();
      await check(page, "delete confirmation");
      await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar" }).click();
      await page.getByRole("alertdialog").waitFor({ state: "detached" });
      // It steps aside over text (decision 219); the page's end keeps room for it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.getByRole("button", { name: /Invitar amigos/ }).click();
      await page.getByRole("dialog", { name: "Invita a tus amigos" }).waitFor();
      await check(page, "share dialog");
      await page.keyboard.press("Escape");
      await page.getByRole("dialog", { name: "Invita a tus amigos" }).waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Abrir menú" }).click();
      await page.getByRole("dialog", { name: "Menú" }).waitFor();
      await check(page, "mobile menu");
      await page.keyboard.press("Escape");
      await page.getByRole("tab", { name: "Rastreo Global" }).click();
      await page.getByLabel("Número de tracking").fill(LONG_CODES[0]);
      await check(page, "/rastreo global tracker");
      await rastreo.context.close();

      // /repuestos verified, with a search's results.
      const repuestos = await openPage(browser, "/repuestos", viewport);
      page = repuestos.page;
      await page.getByRole("textbox", { name: "Código de cliente" }).fill(clientCode);
      await page.getByRole("button", { name: "Verificar código" }).click();
      await page.getByRole("heading", { name: "Tu casillero en Miami" }).waitFor();
      await page.getByLabel("Marca", { exact: true }).fill("Mercedes-Benz");
      await page.getByLabel("Modelo", { exact: true }).fill("Sprinter 2500 High Roof");
      await page.getByLabel("Año", { exact: true }).fill("2019");
      await page.getByLabel("Parte", { exact: true }).fill(LONG_TEXT.slice(0, 80));
      await page.getByRole("button", { name: "Buscar Repuestos" }).click();
      await page.getByRole("region", { name: /Resultados/ }).waitFor();
      await scrollThrough(page);
      await check(page, "/repuestos verified with results");
      await page.getByRole("tab", { name: "Barco" }).click();
      await check(page, "/repuestos Barco tab");
      await repuestos.context.close();

      // /calculadora with a big sea shipment and the product assistant's answer.
      const calculadora = await openPage(browser, "/calculadora", viewport);
      page = calculadora.page;
      await page.getByLabel("Peso", { exact: true }).fill("45000");
      await check(page, "/calculadora by air");
      await page.getByText("Marítimo Miami", { exact: true }).click();
      await page.getByLabel("Largo (cm)").fill("250");
      await page.getByLabel("Ancho (cm)").fill("200");
      await page.getByLabel("Alto (cm)").fill("200");
      await page.getByLabel("Descripción del producto").fill(LONG_TEXT);
      await page.getByRole("button", { name: "Analizar producto" }).click();
      await page.getByRole("button", { name: "Usar estos datos" }).waitFor();
      await scrollThrough(page);
      await check(page, "/calculadora by sea with the assistant's answer");
      await calculadora.context.close();

      // /tracking-whatsapp with five long codes, then its confirmation.
      const notices = await openPage(browser, "/tracking-whatsapp", viewport);
      page = notices.page;
      await page.getByLabel(/Número de WhatsApp/).fill(`+506${randomPhone()}`);
      await page.getByLabel(/Nombre completo/).fill(LONG_NAME);
      await page.getByLabel(/Email/).fill(LONG_EMAIL);
      const rows = page.getByLabel(/^Código de tracking \d+$/);
      while ((await rows.count()) < LONG_CODES.length) await page.getByRole("button", { name: "Agregar otro código" }).click();
      for (const [index, code] of LONG_CODES.entries()) await rows.nth(index).fill(`${code}${width}`);
      await check(page, "/tracking-whatsapp with long codes");
      await page.getByRole("button", { name: "Registrar códigos" }).click();
      await page.getByRole("heading", { name: "¡Códigos registrados!" }).waitFor();
      await scrollThrough(page);
      await check(page, "/tracking-whatsapp confirmation");
      await notices.context.close();

      // Home with the parts assistant's side panel, the marketing pages, contact, the 404 page.
      const home = await openPage(browser, "/", viewport);
      page = home.page;
      await scrollThrough(page);
      await check(page, "/");
      await page.getByRole("button", { name: "Probar Ahora" }).click();
      await page.getByRole("dialog", { name: "Asistente de Repuestos IA" }).getByLabel("Código de cliente").waitFor();
      await check(page, "parts assistant side panel");
      await home.context.close();

      for (const path of ["/servicios", "/sobre-nosotros", "/faq", "/contacto", "/impuestos", "/pagina-que-no-existe"]) {
        const visit = await openPage(browser, path, viewport);
        if (path === "/faq") await visit.page.locator("main h2 > button[aria-expanded]").first().click();
        if (path === "/contacto") {
          await visit.page.getByLabel("Nombre completo").fill(LONG_NAME);
          await visit.page.getByLabel("Email").fill(LONG_EMAIL);
          await visit.page.getByRole("button", { name: "Enviar Mensaje" }).click();
          await visit.page.getByText("El mensaje debe tener al menos 10 caracteres").waitFor();
        }
        await scrollThrough(visit.page);
        await check(visit.page, path);
        await visit.context.close();
      }

      expect(offenders).toEqual([]);
    });
  }
});
