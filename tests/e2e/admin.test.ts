// The staff's day on /admin against the real server: log in (empty and wrong passwords first),
// keep the session across a reload, find a client by one of its tracking codes, change a
// package's status (toast, history, queued WhatsApp message), weight (amount recomputed by the
// server) and shipping type (the cubic feet asked for),
// add and delete a package, move two packages at once, reset a search counter and make the
// client unlimited, mark the welcome as sent, reply to a contact message, export, and log out.
// Data is made over HTTP (the server's embedded database allows one process).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, adminPassword, baseUrl, launchBrowser, openPage, seriousAxeViolations, reloadSettled, signInStaff } from "./browser";
import { randomPhone } from "./api";
import { computeMontoColones } from "../../src/shared/domain/pricing";
import { formatColones } from "../../src/shared/domain/format";
import { DEFAULT_EXCHANGE_RATE } from "../../src/shared/domain/exchange-rate";
import { NOTIFICATION_NOT_CONFIGURED_TEXT } from "../../src/shared/api/admin/trackings";

let token = "";
const stamp = Date.now().toString(36).toUpperCase();
const codes = { main: `1ZE2E${stamp}A01`, second: `1ZE2E${stamp}B02`, added: `LXE2E${stamp}CN` };
// A name is letters only (docs/decisions/098): the stamp's digits spelled as letters.
const nombre = `Valeria Admin ${stamp.replace(/\d/g, (d) => "ABCDEFGHIJ"[Number(d)])}`;
let clientCode = "";
let clientId = 0;
const contactMessage = `Hola, quisiera saber cuánto cuesta traer un repuesto de carro desde Miami. Gracias (${stamp}).`;

async function api<T>(method: string, path: string, body?: unknown, auth = true): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { ...(body ? { "content-type": "application/json" } : {}), ...(auth ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function trackingByCode(code: string) {
  const list = await api<{ clients: { trackings: { id: number; trackingCode: string; estado: string; montoColones: number | null; pesoPieCubicos: string | null }[] }[] }>(
    "GET",
    `/api/clients?q=${code}`,
  );
  return list.clients[0]?.trackings.find((t) => t.trackingCode === code);
}

async function login(page: Page): Promise<void> {
  await signInStaff(page);
  await page.getByText("Acceso autorizado").first().waitFor();
  await page.getByRole("heading", { name: "Clientes registrados" }).waitFor();
}

describe("/admin", () => {
  let browser: Browser;
  beforeAll(async () => {
    ({ token } = await api<{ token: string }>("POST", "/api/admin/login", { password: adminPassword() }, false));
    const registered = await api<{ client: { clientCode: string } }>(
      "POST",
      "/api/clients/register",
      { nombre, direccion: "Grecia centro, 100 m sur de la iglesia", telefono: randomPhone() },
      false,
    );
    clientCode = registered.client.clientCode;
    for (const trackingCode of [codes.main, codes.second]) {
      await api("POST", "/api/admin/trackings", { clientCode, trackingCode, descripcionPaquete: "Repuestos de carro" });
    }
    const quota = await api<{ clients: { id: number }[] }>("GET", `/api/admin/search-quota?q=${clientCode}`);
    clientId = quota.clients[0].id;
    await api("PATCH", `/api/clients/${clientId}/search-limits`, { searchLimit: 10, unlimitedAccess: 0, searchCount: 4 });
    await api("POST", "/api/contact", { nombre: "Mario Contacto", email: "mario@example.com", telefono: "8888-7777", mensaje: contactMessage }, false);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("refuses an empty and a wrong password, then lets staff in with Enter and keeps the session across a reload", async () => {
    const { page, context, problems } = await openPage(browser, "/admin", DESKTOP);
    await page.getByText("Acceso restringido solo para administradores").waitFor();
    await page.getByRole("button", { name: "Acceder" }).click();
    await page.getByText("Por favor ingresa la contraseña de administrador").waitFor();

    await page.getByLabel("Contraseña de administrador").fill("no-es-la-clave");
    await page.getByRole("button", { name: "Acceder" }).click();
    await page.getByText("Acceso denegado").first().waitFor();
    expect(await page.getByText("Contraseña de administrador incorrecta").count()).toBeGreaterThan(0);

    await login(page);
    // The refused password answered 401; the browser logs that failed request.
    const refused = problems.filter((p) => /status of 401/.test(p));
    expect(refused.length).toBeLessThanOrEqual(1);
    problems.splice(0, problems.length, ...problems.filter((p) => !/status of 401/.test(p)));
    const stored = await page.evaluate(() => Object.values(window.sessionStorage).join(" "));
    expect(stored).toContain("token");
    expect(stored).not.toContain(adminPassword());

    await reloadSettled(page);
    await page.getByRole("heading", { name: "Clientes registrados" }).waitFor();
    for (const name of ["Importar", "Exportar Todo", "Clientes", "Trackings", "Mensajes", "Cerrar sesión"]) {
      expect(await page.getByRole("navigation", { name: "Acciones del panel" }).getByRole("button", { name, exact: true }).count(), name).toBe(1);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("finds the client by a tracking code, changes status and weight, adds, deletes and moves packages in bulk", async () => {
    const { page, context, problems } = await openPage(browser, "/admin", DESKTOP);
    await login(page);

    await page.getByLabel("Buscar", { exact: true }).fill("no-existe-nadie-asi");
    await page.getByText("No se encontraron clientes con los filtros seleccionados.").waitFor();
    await page.getByRole("button", { name: "Limpiar filtros" }).click();
    await page.getByLabel("Buscar", { exact: true }).fill(codes.main.slice(0, -1).toLowerCase());
    // The search goes to the address (a reload or a shared link shows the same list).
    await page.waitForURL((url) => url.searchParams.get("q") === codes.main.slice(0, -1).toLowerCase());
    const card = page.getByRole("article", { name: nombre });
    await card.waitFor();
    await page.waitForFunction(() => document.querySelectorAll("[role=article]").length === 1);
    // The matched package is open and first.
    const row = card.getByRole("listitem", { name: `Tracking ${codes.main}` });
    await row.waitFor();

    await row.getByLabel("Estado").selectOption("EN_BODEGA_MIAMI");
    await page.getByText("Estado actualizado").first().waitFor();
    // The toast says what became of the message: WhatsApp is not configured here, nothing promised.
    await page.getByText(NOTIFICATION_NOT_CONFIGURED_TEXT).first().waitFor();
    expect(await page.getByText("Se avisará al cliente por WhatsApp.").count()).toBe(0);
    await row.getByText("No enviado: WhatsApp no configurado").waitFor();
    await row.getByRole("button", { name: "Ver historial" }).click();
    await row.getByText("Seguimiento internacional → En bodega Miami").waitFor();
    const notifications = await api<{ notifications: { kind: string; status: string }[] }>(
      "GET",
      `/api/notifications?trackingId=${(await trackingByCode(codes.main))!.id}`,
    );
    expect(notifications.notifications[0]).toMatchObject({ kind: "TRACKING_STATUS", status: "PENDING" });

    const weight = row.getByLabel("Peso (gramos)");
    await weight.fill("1500");
    await weight.press("Enter");
    await page.getByText("¡Actualizado!").first().waitFor();
    const expected = computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "1500", rate: DEFAULT_EXCHANGE_RATE })!;
    await row.locator("output").getByText(formatColones(expected)).waitFor();
    await expect.poll(async () => (await trackingByCode(codes.main))?.montoColones).toBe(expected);

    // To Barco the grams are not kept as cubic feet: the cubic feet are asked for (decision 114).
    await row.getByLabel("Tipo de envío").selectOption("BARCO");
    const retype = page.getByRole("dialog", { name: `Cambiar ${codes.main} a Barco` });
    await retype.getByLabel("Pies cúbicos").waitFor();
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    await retype.getByLabel("Pies cúbicos").fill("2,5");
    await retype.getByRole("button", { name: "Cambiar tipo de envío" }).click();
    await retype.waitFor({ state: "detached" });
    const bySea = computeMontoColones({ formaEnvio: "BARCO", pesoPieCubicos: "2,5", rate: DEFAULT_EXCHANGE_RATE })!;
    await row.locator("output").getByText(formatColones(bySea)).waitFor();
    expect(await row.getByLabel("Pies cúbicos").inputValue()).toBe("2,5");
    await expect.poll(async () => (await trackingByCode(codes.main))?.montoColones).toBe(bySea);

    await card.getByRole("button", { name: "Agregar" }).click();
    const dialog = page.getByRole("dialog", { name: "Agregar tracking" });
    await dialog.getByLabel("Código de tracking").fill(codes.added.toLowerCase());
    await dialog.getByRole("button", { name: "Crear tracking" }).click();
    await page.getByText("¡Tracking creado!").first().waitFor();
    const added = card.getByRole("listitem", { name: `Tracking ${codes.added}` });
    await added.waitFor();
    await added.getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("alertdialog").getByText(`¿Estás seguro de que deseas eliminar el tracking ${codes.added}?`).waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Eliminar" }).click();
    await page.getByText("Tracking eliminado").first().waitFor();
    await added.waitFor({ state: "detached" });

    await card.getByLabel(`Seleccionar ${codes.main}`).check();
    await card.getByLabel(`Seleccionar ${codes.second}`).check();
    await page.getByText("2 paquetes seleccionados").waitFor();
    await page.getByLabel("Cambiar estado a").selectOption("EN_ADUANAS");
    await page.getByRole("button", { name: "Aplicar a los seleccionados" }).click();
    await page.getByText("2 paquetes actualizados.").first().waitFor();
    await expect.poll(async () => (await trackingByCode(codes.second))?.estado).toBe("EN_ADUANAS");

    expect(problems).toEqual([]);
    await context.close();
  });

  it("resets the search counter, makes the client unlimited and marks the welcome as sent", async () => {
    const { page, context, problems } = await openPage(browser, "/admin", DESKTOP);
    await login(page);
    await page.getByLabel("Buscar", { exact: true }).fill(clientCode);
    const card = page.getByRole("article", { name: nombre });
    await card.getByText("4/10").waitFor();
    await card.getByRole("button", { name: "Reiniciar Contador Mensual" }).click();
    await page.getByText("¡Contador reiniciado!").first().waitFor();
    await card.getByText("0/10").waitFor();
    expect(await card.getByRole("button", { name: "Reiniciar Contador Mensual" }).isDisabled()).toBe(true);

    // The quota table is its own section, one link away; the client's card is there on coming back.
    await page.getByRole("navigation", { name: "Secciones" }).getByRole("link", { name: "Búsquedas IA" }).click();
    expect(new URL(page.url()).pathname).toBe("/admin/busquedas-ia");
    const quota = page.getByRole("region", { name: "Gestión de búsquedas IA de repuestos" });
    await quota.getByLabel("Buscar cliente en búsquedas IA").fill(clientCode);
    await quota.getByRole("button", { name: `Gestionar ${nombre}` }).click();
    const manage = page.getByRole("dialog", { name: "Gestionar búsquedas IA" });
    await manage.getByLabel("Tipo de acceso").selectOption("1");
    expect(await manage.getByLabel("Límite de búsquedas mensuales").count()).toBe(0);
    await manage.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Cliente actualizado").first().waitFor();
    await quota.getByText("Ilimitado", { exact: true }).waitFor();
    await page.goBack();
    expect(new URL(page.url()).search).toBe(`?q=${clientCode}`);
    await card.getByText("Ilimitado", { exact: true }).waitFor();
    expect(await card.getByRole("button", { name: "Reiniciar Contador Mensual" }).count()).toBe(0);

    // 'Enviar WhatsApp' opens the chat (outside hosts are blocked here) and marks the welcome sent.
    await card.getByText("WhatsApp: Pendiente").waitFor();
    const chat = context.waitForEvent("request", (r) => r.url().startsWith("https://wa.me/"));
    await card.getByRole("button", { name: "Enviar WhatsApp" }).click();
    expect(decodeURIComponent((await chat).url())).toContain(`Tu código de cliente único es: ${clientCode}`);
    await page.getByText("¡WhatsApp marcado como enviado!").first().waitFor();
    await card.getByText("WhatsApp: Enviado").waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it("replies to a contact message on WhatsApp, exports, and logs out for good", async () => {
    const { page, context, problems } = await openPage(browser, "/admin", DESKTOP);
    await login(page);
    await page.getByRole("navigation", { name: "Secciones" }).getByRole("link", { name: "Mensajes de contacto" }).click();
    const message = page.getByRole("listitem", { name: "Mensaje de Mario Contacto" }).filter({ hasText: stamp });
    const reply = message.getByRole("link", { name: "Responder por WhatsApp" });
    const href = decodeURIComponent((await reply.getAttribute("href")) ?? "");
    expect(href).toContain("https://wa.me/50688887777?text=");
    expect(href).toContain(`"${contactMessage.slice(0, 50)}..."`);
    expect(await message.getByRole("link", { name: "mario@example.com" }).getAttribute("href")).toBe("mailto:mario@example.com");

    // Exports download the file the server makes, or say honestly that it failed.
    const exportRes = await fetch(`${baseUrl()}/api/export/contacts`, { headers: { authorization: `Bearer ${token}` } });
    if (exportRes.ok) {
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Mensajes", exact: true }).click();
      expect((await download).suggestedFilename()).toMatch(/^mensajes-contacto-\d{4}-\d{2}-\d{2}\.xlsx$/);
      await page.getByText("¡Archivo descargado!").first().waitFor();
    } else {
      await page.getByRole("button", { name: "Mensajes", exact: true }).click();
      await page.getByText("Error al exportar datos").first().waitFor();
    }

    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await page.getByText("Acceso restringido solo para administradores").waitFor();
    await reloadSettled(page);
    await page.getByText("Acceso restringido solo para administradores").waitFor();
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    await context.close();
  });
});
