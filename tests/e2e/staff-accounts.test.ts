// Staff accounts in a real browser (issue 19): on a new install the owner signs in with the
// generated password, creates an Oficina and a Bodega account; each person signs in, changes the
// temporary password and sees only their sections; the server refuses Bodega's export; the owner
// disables Oficina and its open session stops at once; the audit log names each step's person.
// A Mensajero (issue 32 item 7, decision 161): the owner puts a ready package on their list in
// Entregas; on a 320 px phone the messenger sees only that list (address, phone, what to collect),
// is refused the client search, and delivers the package.
// Own server (PGlite, no ADMIN_PASSWORD: the password is generated into DATA_DIR).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startProductionServer, type ServerProcess } from "../../scripts/lib/processes";
import { launchBrowser, seriousAxeViolations, gotoSettled, reloadSettled, signInStaff } from "./browser";
import { horizontalOverflow } from "./layout";

let server: ServerProcess;
let browser: Browser;
let dataDir = "";
let ownerPassword = "";

const SESSION_KEY = "express-import-admin-session";

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "ei-staff-"));
  server = await startProductionServer({
    DATA_DIR: dataDir,
    STATIC_DIR: inject("staticDir"),
    ADMIN_PASSWORD: "",
    EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
    DATABASE_URL: "",
  });
  // Generated on first start and printed once; kept in DATA_DIR/admin-password (mode 600).
  ownerPassword = readFileSync(path.join(dataDir, "admin-password"), "utf8").trim();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Person {
  context: BrowserContext;
  page: Page;
}

async function open(width = 390): Promise<Person> {
  const context = await browser.newContext({ viewport: { width, height: 844 }, locale: "es-CR", timezoneId: "America/Costa_Rica" });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  const page = await context.newPage();
  return { context, page };
}

/** The token the back office keeps in this tab (sessionStorage, signed in from /admin). */
async function tokenOf(page: Page): Promise<string> {
  return page.evaluate((key) => (JSON.parse(sessionStorage.getItem(key) ?? "{}") as { token?: string }).token ?? "", SESSION_KEY);
}

async function sectionLinks(page: Page): Promise<string[]> {
  const menu = page.getByRole("button", { name: "Menú" });
  if (await menu.isVisible()) await menu.click();
  const names = await page.getByRole("navigation", { name: "Secciones" }).getByRole("link").allInnerTexts();
  if (await menu.isVisible()) await menu.click();
  return names.map((n) => n.trim());
}

describe("staff accounts", () => {
  it("owner, Oficina, Bodega and Mensajero: sign-in, sections, a refused export, disabling, the audit log", { timeout: 240_000 }, async () => {
    const offenders: string[] = [];
    const check = async (page: Page, state: string, selector?: string) => {
      await page.waitForFunction(() => !document.querySelector("[aria-busy=true]"));
      for (const o of await horizontalOverflow(page)) offenders.push(`${state}: ${o}`);
      for (const v of await seriousAxeViolations(page, selector)) offenders.push(`${state} axe: ${v}`);
    };
    const goTo = async (page: Page, section: string) => {
      const menu = page.getByRole("button", { name: "Menú" });
      if (await menu.isVisible()) await menu.click();
      await page.getByRole("navigation", { name: "Secciones" }).getByRole("link", { name: section }).click();
    };

    // 1. The owner, with the generated password and no user name.
    const owner = await open();
    await gotoSettled(owner.page, `${server.baseUrl}/admin`);
    await check(owner.page, "sign-in");
    await signInStaff(owner.page, ownerPassword);
    await owner.page.getByRole("heading", { name: "Clientes registrados" }).waitFor();

    // 2. Two accounts.
    await goTo(owner.page, "Cuentas del personal");
    await check(owner.page, "Cuentas");
    const create = async (name: string, login: string, role: string, password: string) => {
      await owner.page.getByRole("button", { name: "Nueva cuenta" }).click();
      const dialog = owner.page.getByRole("dialog");
      await dialog.getByLabel("Nombre", { exact: true }).fill(name);
      await dialog.getByLabel("Usuario o correo").fill(login);
      await dialog.getByRole("radio", { name: new RegExp(`^${role}`) }).check();
      await dialog.getByLabel("Contraseña temporal").fill(password);
      await check(owner.page, `Nueva cuenta ${role}`, "[role=dialog]");
      await dialog.getByRole("button", { name: "Crear cuenta" }).click();
      await dialog.waitFor({ state: "detached" });
      await owner.page.getByRole("button", { name: `Editar ${name}` }).waitFor();
    };
    await create("Olga Oficina", "olga", "Oficina", "Ceiba-roja-4827");
    await create("Bruno Bodega", "bruno", "Bodega", "Guayabo-azul-5391");
    await create("Mario Mensajero", "mario", "Mensajero", "Cedro-claro-6154");

    // 3. Each signs in, changes the temporary password and sees only their sections.
    const signIn = async (login: string, temporary: string, chosen: string, width?: number): Promise<Person> => {
      const person = await open(width);
      await gotoSettled(person.page, `${server.baseUrl}/admin`);
      await person.page.getByLabel("Usuario o correo").fill(login);
      await person.page.getByLabel("Contraseña", { exact: true }).fill(temporary);
      await person.page.getByLabel("Contraseña", { exact: true }).press("Enter");
      await person.page.getByLabel("Contraseña actual").fill(temporary);
      await person.page.getByLabel("Nueva contraseña", { exact: true }).fill(chosen);
      await person.page.getByLabel("Repite la nueva contraseña").fill(chosen);
      await check(person.page, `${login}: temporary password`);
      await person.page.getByRole("button", { name: "Cambiar contraseña" }).click();
      // Signed in: the header names the person (the sections fold behind 'Menú' on a phone).
      await person.page.getByRole("button", { name: "Menú" }).waitFor();
      return person;
    };
    const olga = await signIn("olga", "Ceiba-roja-4827", "Mango-verde-7712");
    await olga.page.getByRole("heading", { name: "Clientes registrados" }).waitFor();
    const olgaSections = await sectionLinks(olga.page);
    expect(olgaSections).toContain("Clientes");
    expect(olgaSections).toContain("Importar / Exportar");
    expect(olgaSections).not.toContain("Cuentas del personal");
    expect(olgaSections).not.toContain("Registro de cambios");
    await check(olga.page, "Oficina: Clientes");

    const bruno = await signIn("bruno", "Guayabo-azul-5391", "Papaya-dulce-3390");
    await bruno.page.waitForURL((u) => u.pathname === "/admin/paquetes");
    expect((await sectionLinks(bruno.page)).sort()).toEqual(["Embarques", "Entregas", "Mi cuenta", "Paquetes", "Recepción", "Reporte de bodega", "Sin dueño"].sort());
    await check(bruno.page, "Bodega: Paquetes");
    // Not offered, and refused by the server when tried anyway.
    expect(await bruno.page.getByRole("button", { name: "Exportar Todo" }).count()).toBe(0);
    const refused = await bruno.page.evaluate(async (token) => {
      const res = await fetch("/api/export/all", { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, body: (await res.json()) as { message: string } };
    }, await tokenOf(bruno.page));
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ message: "Tu cuenta no tiene permiso para esta acción" }) });

    // 3b. The Mensajero: a ready package put on their list by the owner in Entregas.
    const ownerApi = async (method: string, url: string, body: unknown) =>
      owner.page.evaluate(
        async ({ method, url, body, token }) => {
          const res = await fetch(url, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
          return { status: res.status, body: (await res.json()) as Record<string, unknown> };
        },
        { method, url, body, token: await tokenOf(owner.page) },
      );
    const created = await ownerApi("POST", "/api/admin/clients", { nombre: "Rebeca Salas Mora", telefono: "87654321", direccion: "Grecia, Alajuela, 300 m oeste del parque", confirmar: true });
    expect(created.status).toBe(201);
    const clientCode = (created.body.client as { clientCode: string }).clientCode;
    const trackingCode = "1ZMSJ0000000001";
    const tracked = await ownerApi("POST", "/api/admin/trackings", { clientCode, trackingCode, descripcionPaquete: "Zapatos", estado: "LISTO_PARA_ENTREGAR", pesoPieCubicos: "900", montoColones: 6500 });
    expect(tracked.status, JSON.stringify(tracked.body)).toBeLessThan(300);
    await goTo(owner.page, "Entregas");
    await owner.page.getByRole("button", { name: `Entregar ${trackingCode}` }).waitFor();
    const assigned = owner.page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith("/messenger"));
    await owner.page.getByLabel("Mensajero", { exact: true }).selectOption({ label: "Mario Mensajero" });
    expect((await assigned).status()).toBe(200);
    await check(owner.page, "Entregas with the Mensajero select");

    const mario = await signIn("mario", "Cedro-claro-6154", "Tamarindo-sur-2093", 320);
    await mario.page.waitForURL((u) => u.pathname === "/admin/entregas");
    expect(await sectionLinks(mario.page)).toEqual(["Entregas", "Mi cuenta"]);
    const list = mario.page.getByRole("list", { name: "Mi lista de entregas" });
    await list.getByText("Rebeca Salas Mora").waitFor();
    await list.getByText("Grecia, Alajuela, 300 m oeste del parque").waitFor();
    expect(await list.getByRole("link", { name: /Llamar a Rebeca Salas Mora/ }).getAttribute("href")).toBe("tel:+50687654321");
    expect((await list.getByText(/^Cobrar/).innerText()).replace(/\s/g, " ")).toMatch(/^Cobrar ₡\d[\d ]*$/);
    expect(await mario.page.getByText(clientCode).count()).toBe(0);
    await check(mario.page, "Mensajero: Mi lista de entregas (320 px)");
    const searched = await mario.page.evaluate(async (token) => (await fetch("/api/clients?search=Rebeca", { headers: { authorization: `Bearer ${token}` } })).status, await tokenOf(mario.page));
    expect(searched).toBe(403);
    await list.getByRole("button", { name: `Entregar ${trackingCode}` }).click();
    const deliverDialog = mario.page.getByRole("dialog");
    await deliverDialog.getByLabel("¿Quién lo recibió?").fill("Rebeca Salas");
    await deliverDialog.getByRole("checkbox").check();
    await check(mario.page, "Mensajero: Entregar (320 px)", "[role=dialog]");
    await deliverDialog.getByRole("button", { name: "Confirmar entrega" }).click();
    await mario.page.getByText("No tienes paquetes asignados", { exact: false }).waitFor();

    // 4. The owner disables Oficina: its open session stops at once.
    await goTo(owner.page, "Cuentas del personal");
    await reloadSettled(owner.page);
    await owner.page.getByRole("button", { name: "Desactivar Olga Oficina" }).click();
    await owner.page.getByRole("alertdialog").getByRole("button", { name: "Desactivar" }).click();
    await owner.page.getByRole("button", { name: "Activar Olga Oficina" }).waitFor();
    const olgaToken = await tokenOf(olga.page);
    const after = await olga.page.evaluate(async (token) => (await fetch("/api/admin/session", { headers: { authorization: `Bearer ${token}` } })).status, olgaToken);
    expect(after).toBe(401);
    // Her tab finds out at its next call and asks her to sign in again.
    await goTo(olga.page, "Paquetes");
    await olga.page.getByLabel("Usuario o correo").waitFor();

    // 5. The audit log shows each step with its person.
    await goTo(owner.page, "Registro de cambios");
    await check(owner.page, "Registro de cambios");
    const rows = owner.page.getByRole("listitem");
    const expectRow = async (person: string, action: string) =>
      rows.filter({ hasText: person }).filter({ hasText: action }).first().waitFor();
    await expectRow("Dueño", "Inició sesión");
    await expectRow("Dueño", "Creó una cuenta");
    await expectRow("Olga Oficina", "Inició sesión");
    await expectRow("Olga Oficina", "Cambió su contraseña");
    await expectRow("Bruno Bodega", "Inició sesión");
    await expectRow("Bruno Bodega", "Intentó una acción sin permiso");
    await expectRow("Dueño", "Desactivó una cuenta");
    await expectRow("Dueño", "Cambió la lista de entregas de un mensajero");
    await expectRow("Mario Mensajero", "Registró la entrega de un paquete");

    expect(offenders).toEqual([]);
    for (const p of [owner, olga, bruno, mario]) await p.context.close();
  });
});
