// A day's work in the back office (issue 18), at a desk (1366×800) and on a phone (390×844),
// against a server of its own whose WhatsApp is the fake Cloud API on 127.0.0.1 (so a message
// can fail and be retried): find a client typed without accents, correct a weight by fast typing,
// add a note, preview and apply an import whose backwards move is refused, change a status in
// bulk from the Paquetes table, retry the failed message, and mark a contact message answered.
// Every section on the way is checked with axe and for sideways overflow.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { startProductionServer, type ServerProcess } from "../../scripts/lib/processes";
import { META_ERRORS, startFakeGraphApi, type FakeGraphApi } from "../../src/server/test/fakes/graph-api";
import { buildWorkbook } from "../../src/server/test/workbooks";
import { launchBrowser, seriousAxeViolations, gotoSettled, settled, signInStaff } from "./browser";
import { horizontalOverflow } from "./layout";
import { randomPhone } from "./api";

const PASSWORD = "e2e-clave-oficina";
const letters = (n: string) => n.replace(/\d/g, (d) => "ABCDEFGHIJ"[Number(d)]);

let server: ServerProcess;
let graph: FakeGraphApi;
let browser: Browser;
let dataDir = "";
let token = "";

async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { ...(body ? { "content-type": "application/json" } : {}), authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface StoredTracking {
  id: number;
  trackingCode: string;
  estado: string;
  pesoPieCubicos: string | null;
  notas: string | null;
  notification?: { id: number; status: string } | null;
}

async function packagesOf(clientId: number): Promise<StoredTracking[]> {
  return (await api<{ trackings: StoredTracking[] }>("GET", `/api/admin/clients/${clientId}/trackings?pageSize=100`)).trackings;
}

/** The day's data for one run: a client with an accented surname, three packages, a contact message. */
async function prepare(run: string) {
  const nombre = `Ana Jiménez ${letters(run)}`;
  const { client } = await api<{ client: { id: number; clientCode: string } }>("POST", "/api/admin/clients", {
    nombre,
    telefono: randomPhone(),
    direccion: "Grecia centro, 100 m sur de la iglesia",
    // A random number may be one digit off a seeded client's: not what this journey is about (decision 153).
    confirmar: true,
  });
  const codes = { weigh: `1ZDAY${run}W1`, delivered: `1ZDAY${run}D2`, bulk: `1ZDAY${run}B3` };
  for (const trackingCode of Object.values(codes)) {
    await api("POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode, descripcionPaquete: "Repuestos" });
  }
  const byCode = new Map((await packagesOf(client.id)).map((t) => [t.trackingCode, t]));
  // Priced (₡0) before it is delivered: a package without an amount never is (decision 152).
  await api("PATCH", `/api/trackings/${byCode.get(codes.delivered)!.id}`, { montoColones: 0 });
  await api("PATCH", `/api/trackings/${byCode.get(codes.delivered)!.id}`, { estado: "ENTREGADO" });
  const contact = `Consulta ${run}: ¿cuánto cuesta traer una batería desde Miami?`;
  const res = await fetch(`${server.baseUrl}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ nombre: `Carla Contacto ${letters(run)}`, email: "carla@example.com", telefono: "8888-7777", mensaje: contact }),
  });
  expect(res.status).toBe(201);
  return { nombre, client, codes, ids: Object.fromEntries([...byCode].map(([code, t]) => [code, t.id])) as Record<string, number>, contact };
}

beforeAll(async () => {
  graph = await startFakeGraphApi();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "ei-back-office-"));
  server = await startProductionServer({
    DATA_DIR: dataDir,
    STATIC_DIR: inject("staticDir"),
    ADMIN_PASSWORD: PASSWORD,
    WHATSAPP_TOKEN: graph.token,
    WHATSAPP_PHONE_NUMBER_ID: graph.phoneNumberId,
    WHATSAPP_API_URL: graph.url,
    EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
    RATE_LIMITS: JSON.stringify({ contact: { challengeAfter: 1000, limit: 1000 } }),
    DATABASE_URL: "",
  });
  ({ token } = (await (
    await fetch(`${server.baseUrl}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password: PASSWORD }),
    })
  ).json()) as { token: string });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await graph?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const VIEWPORTS = [
  { name: "desk", width: 1366, height: 800 },
  { name: "phone", width: 390, height: 844 },
];

describe("a day's work in the back office", () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width}×${viewport.height}`, { timeout: 240_000 }, async () => {
      const run = `${viewport.name === "desk" ? "D" : "P"}${Date.now().toString(36).toUpperCase().slice(-5)}`;
      const day = await prepare(run);
      const context = await browser.newContext({ viewport, locale: "es-CR", timezoneId: "America/Costa_Rica" });
      await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
      page.on("console", (msg) => {
        if (msg.type() === "error" && !/net::ERR_FAILED|ERR_BLOCKED_BY_CLIENT/.test(msg.text())) problems.push(msg.text());
      });
      const offenders: string[] = [];
      const checkScreen = async (state: string, selector?: string) => {
        // The settled screen: a list being refreshed is drawn faded (aria-busy) on purpose.
        await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"));
        for (const o of await horizontalOverflow(page)) offenders.push(`${state}: ${o}`);
        for (const v of await seriousAxeViolations(page, selector)) offenders.push(`${state} axe: ${v}`);
      };
      const phone = viewport.width < 768;
      const goTo = async (section: string) => {
        if (phone) await page.getByRole("button", { name: "Menú" }).click();
        await page.getByRole("navigation", { name: "Secciones" }).getByRole("link", { name: section }).click();
      };

      await gotoSettled(page, `${server.baseUrl}/admin`);
      await signInStaff(page, PASSWORD);
      await page.getByRole("heading", { name: "Clientes registrados" }).waitFor();
      await checkScreen("Clientes");

      // 1. The client, typed without accents and in lower case.
      await page.getByLabel("Buscar", { exact: true }).fill(`jimenez ${letters(run).toLowerCase()}`);
      const card = page.getByRole("article", { name: day.nombre });
      /**
       * The card's packages, opened unless the search already opened them. The search opens them
       * when its answer arrives, which may land between reading the toggle and clicking it (the
       * click then closed them: seen in CI at 1366 px), so it looks again until they show.
       */
      const openPackages = async () => {
        const toggle = card.getByRole("button", { name: /^(Ver trackings|Ocultar)/ });
        await toggle.waitFor();
        await expect
          .poll(async () => {
            if ((await toggle.getAttribute("aria-expanded")) === "true") return true;
            await toggle.click();
            return false;
          })
          .toBe(true);
      };
      await card.waitFor();
      await page.waitForFunction(() => document.querySelectorAll("[role=article]").length === 1);
      await openPackages();
      const row = card.getByRole("listitem", { name: `Tracking ${day.codes.weigh}` });
      await row.waitFor();
      await checkScreen("Clientes, search result");

      // 2. Cost, Tab, weight, typed fast: each field keeps what was typed.
      await row.getByLabel("Costo (₡)").click();
      await page.keyboard.type("21000", { delay: 20 });
      await page.keyboard.press("Tab");
      await expect.poll(async () => row.getByLabel("Peso (gramos)").evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type("1500", { delay: 20 });
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await packagesOf(day.client.id)).find((t) => t.trackingCode === day.codes.weigh)?.pesoPieCubicos).toBe("1500");

      // 3. A note on the package, saved on leaving the field.
      const note = `Caja golpeada en una esquina (${run})`;
      await row.getByLabel(/Notas internas/).fill(note);
      await row.getByLabel(/Notas internas/).press("Tab");
      await expect.poll(async () => (await packagesOf(day.client.id)).find((t) => t.trackingCode === day.codes.weigh)?.notas).toBe(note);

      // 4. An old sheet would move the delivered package back: the preview says so, and keeping
      // its status is the default.
      await goTo("Importar / Exportar");
      const dialog = page.getByRole("region", { name: "Importar desde Excel" });
      await dialog.getByLabel("Archivo Excel").setInputFiles({
        name: "hoja-vieja.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: await buildWorkbook({
          Trackings: [
            ["client_code", "tracking_code", "origen", "forma_envio", "estado"],
            [day.client.clientCode, day.codes.delivered, "USA", "AVION", "LISTO_PARA_ENTREGAR"],
          ],
        }),
      });
      const preview = dialog.getByRole("region", { name: "Vista previa de la importación" });
      await preview.waitFor();
      await preview.getByText("Paquetes que volverían a un estado anterior").waitFor();
      expect(await preview.getByLabel("Mantener el estado actual").isChecked()).toBe(true);
      await checkScreen("import preview");
      await dialog.getByRole("button", { name: "Aplicar importación" }).click();
      await dialog.getByRole("region", { name: "Resumen de la importación" }).waitFor();
      expect((await packagesOf(day.client.id)).find((t) => t.trackingCode === day.codes.delivered)?.estado).toBe("ENTREGADO");

      // 5. A status for several packages at once, from the Paquetes table; WhatsApp refuses the
      // first message (131049: no automatic retry, staff may try again).
      graph.script(META_ERRORS.ecosystemEngagement);
      await goTo("Paquetes");
      await page.getByLabel("Buscar", { exact: true }).fill(day.client.clientCode);
      await page.waitForURL((u) => u.searchParams.get("q") === day.client.clientCode);
      await page.getByLabel(`Seleccionar ${day.codes.bulk}`).check();
      await page.getByLabel(`Seleccionar ${day.codes.weigh}`).check();
      await page.getByText("2 paquetes seleccionados").waitFor();
      await checkScreen("Paquetes with a selection");
      await page.getByLabel("Cambiar estado a").selectOption("EN_ADUANAS");
      await page.getByRole("button", { name: "Aplicar a los seleccionados" }).click();
      await page.getByText("2 paquetes actualizados.").first().waitFor();
      const moved = await packagesOf(day.client.id);
      expect(moved.filter((t) => t.estado === "EN_ADUANAS").map((t) => t.trackingCode).sort()).toEqual([day.codes.bulk, day.codes.weigh].sort());

      // 6. The failed message, retried from its package's row (once the worker has recorded the
      // refusal: on a loaded machine it may not have tried yet when the list answers).
      await expect.poll(async () => (await packagesOf(day.client.id)).some((t) => t.notification?.status === "FAILED"), { timeout: 30_000 }).toBe(true);
      await goTo("Clientes");
      await page.getByLabel("Buscar", { exact: true }).fill(day.client.clientCode);
      await card.waitFor();
      await page.waitForFunction(() => document.querySelectorAll("[role=article]").length === 1);
      await openPackages();
      const retry = card.getByRole("button", { name: "Reintentar el envío del mensaje" });
      await retry.waitFor();
      const accepted = graph.accepted.length;
      await retry.click();
      await expect.poll(() => graph.accepted.length, { timeout: 20_000 }).toBeGreaterThan(accepted);

      // 7. The contact message, answered.
      await goTo("Mensajes de contacto");
      const message = page.getByRole("listitem").filter({ hasText: day.contact });
      await message.waitFor();
      await checkScreen("Mensajes de contacto");
      await message.getByRole("button", { name: /Marcar como respondido/ }).click();
      await message.getByText(/^Respondido el /).waitFor();

      // The other sections, as staff pass through them.
      for (const section of ["Avisos WhatsApp", "Referidos y cupones", "Búsquedas IA", "Importar / Exportar"]) {
        await goTo(section);
        await settled(page);
        await checkScreen(section);
      }

      expect(offenders).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("every section, the phone menu, the client and account dialogs and the two-step set-up fit 320 px", { timeout: 120_000 }, async () => {
    const context = await browser.newContext({ viewport: { width: 320, height: 740 }, locale: "es-CR", timezoneId: "America/Costa_Rica" });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    const page = await context.newPage();
    const offenders: string[] = [];
    const checkScreen = async (state: string, selector?: string) => {
      await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"));
      for (const o of await horizontalOverflow(page)) offenders.push(`${state}: ${o}`);
      for (const v of await seriousAxeViolations(page, selector)) offenders.push(`${state} axe: ${v}`);
    };
    await gotoSettled(page, `${server.baseUrl}/admin`);
    await checkScreen("sign-in");
    await signInStaff(page, PASSWORD);
    await page.getByRole("heading", { name: "Clientes registrados" }).waitFor();
    await page.getByRole("button", { name: "Menú" }).click();
    await checkScreen("menu open");
    await page.getByRole("button", { name: "Menú" }).click();
    await page.getByRole("button", { name: "Nuevo cliente" }).click();
    await page.getByRole("dialog").waitFor();
    await checkScreen("Nuevo cliente", "[role=dialog]");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    const sections = ["Paquetes", "Recepción", "Sin dueño", "Embarques", "Entregas", "Pagos", "Caja y por cobrar", "Avisos WhatsApp", "Mensajes de contacto", "Referidos y cupones", "Búsquedas IA", "Importar / Exportar"];
    for (const section of [...sections, "Cuentas del personal", "Registro de cambios", "Mi cuenta"]) {
      await page.getByRole("button", { name: "Menú" }).click();
      await page.getByRole("navigation", { name: "Secciones" }).getByRole("link", { name: section }).click();
      await settled(page);
      await checkScreen(section);
      if (section === "Caja y por cobrar") {
        await page.getByRole("tab", { name: "Cuentas por cobrar" }).click();
        await settled(page);
        await checkScreen("Cuentas por cobrar");
      }
      if (section === "Cuentas del personal") {
        await page.getByRole("button", { name: "Nueva cuenta" }).click();
        await page.getByRole("dialog").waitFor();
        await checkScreen("Nueva cuenta", "[role=dialog]");
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "detached" });
      }
      if (section === "Mi cuenta") {
        // The two-step set-up: the QR code and the secret as text.
        await page.getByRole("button", { name: "Activar verificación en dos pasos" }).click();
        await page.getByRole("img", { name: /QR/ }).waitFor();
        await checkScreen("two-step set-up");
      }
    }
    expect(offenders).toEqual([]);
    await context.close();
  });
});
