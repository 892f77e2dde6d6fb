// A claim is confirmed by staff (issue 32, "Done when", docs/decisions/155), in Chromium on a
// phone: a box registered in Sin dueño (its label bears the client's code) → the client pre-alerts
// its number on /rastreo and sees only "Recibido, en verificación" (no weight, no photos, no amount)
// → staff see it in Sin dueño's "Por confirmar" with the label's code next to the claimer's and
// confirm (the amount is stored) → shipment → Listo para entregar → the client sees the amount on
// /rastreo → Entregas shows the balance and refuses the delivery until the explicit "con saldo"
// choice. And the same journey without the confirmation never reaches Listo para entregar (the
// status change and the shipment's move are refused with "Sin peso"). Seeding is through the API;
// the browser walks the steps the issue names. 320 px and axe are checked on the new screens.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, launchBrowser, openPage, seriousAxeViolations, signInStaff } from "./browser";
import { horizontalOverflow } from "./layout";
import { ownerToken, randomPhone, staffApi, type StaffApi } from "./api";
import { formatColones } from "../../src/shared/domain/format";

const PHONE_TALL = { width: 390, height: 844 };
const NARROW = { width: 320, height: 700 };

let browser: Browser;
let api: StaffApi;
let token: string;

beforeAll(async () => {
  token = await ownerToken();
  api = await staffApi(token);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function check(page: Page, state: string, selector?: string): Promise<string[]> {
  const out: string[] = [];
  for (const o of await horizontalOverflow(page)) out.push(`${state}: ${o}`);
  for (const v of await seriousAxeViolations(page, selector)) out.push(`${state} axe: ${v}`);
  return out;
}

/** A staff call expected to be refused: its status and Spanish message. */
async function refused(method: string, url: string, body: unknown): Promise<{ status: number; message: string }> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, message: ((await res.json()) as { message: string }).message };
}

/** A client and a Sin dueño box of 1 500 g whose label bears the client's code. */
async function seed(prefix: string, nombre: string) {
  const run = Date.now().toString(36).toUpperCase().slice(-6);
  const { client } = await api<{ client: { id: number; clientCode: string } }>("POST", "/api/admin/clients", {
    nombre,
    telefono: randomPhone(),
    direccion: "Grecia, Alajuela, 300 m oeste del mercado",
    // Another run of this journey may have made the same person (decision 153).
    confirmar: true,
  });
  const trackingCode = `1Z${prefix}${run}`;
  await api("POST", "/api/admin/warehouse/unclaimed", { trackingCode, pesoGramos: 1500, clientCodeHint: client.clientCode });
  return { client, nombre, trackingCode };
}

/** The client's /rastreo, pre-alerting `trackingCode` through the dialog. */
async function preAlertOnRastreo(clientCode: string, nombre: string, trackingCode: string) {
  const portal = await openPage(browser, "/rastreo", PHONE_TALL);
  await portal.page.getByLabel("Código de cliente").fill(clientCode.toLowerCase());
  await portal.page.getByRole("button", { name: "Buscar" }).click();
  await portal.page.getByRole("heading", { name: nombre }).waitFor();
  await portal.page.getByRole("button", { name: "Pre-alertar Nuevo Paquete" }).click();
  const dialog = portal.page.getByRole("dialog", { name: "Pre-alertar Nuevo Paquete" });
  await dialog.getByLabel("Código de tracking").fill(trackingCode.toLowerCase());
  await dialog.getByRole("button", { name: "Crear Pre-alerta" }).click();
  const card = portal.page.getByRole("article", { name: trackingCode });
  await card.getByText("Recibido, en verificación").waitFor();
  // Nothing of the warehouse's receipt: no weight, no photos, no amount.
  expect(await card.getByText("Peso", { exact: true }).count()).toBe(0);
  expect(await card.getByRole("img").count()).toBe(0);
  expect(await card.getByText(/₡/).count()).toBe(0);
  return portal;
}

async function packageOf(clientId: number, trackingCode: string) {
  const { trackings } = await api<{ trackings: { id: number; trackingCode: string; estado: string; montoColones: number | null; pesoPieCubicos: string | null; saldoColones: number | null; totalColones: number | null }[] }>(
    "GET",
    `/api/admin/clients/${clientId}/trackings?pageSize=100`,
  );
  return trackings.find((t) => t.trackingCode === trackingCode)!;
}

describe("a Sin dueño claim confirmed by staff", () => {
  it("Sin dueño → pre-alert → Por confirmar → confirm (amount stored) → shipment → Listo → the client sees the amount → Entregas refuses without 'con saldo'", { timeout: 300_000 }, async () => {
    const { client, nombre, trackingCode } = await seed("CLM", "Yorleny Campos Arias");
    const offenders: string[] = [];

    const portal = await preAlertOnRastreo(client.clientCode, nombre, trackingCode);
    offenders.push(...(await check(portal.page, "/rastreo en verificación")));
    await portal.page.setViewportSize(NARROW);
    offenders.push(...(await check(portal.page, "/rastreo en verificación 320")));
    expect(portal.problems).toEqual([]);
    await portal.context.close();
    expect(await packageOf(client.id, trackingCode)).toMatchObject({ estado: "SEGUIMIENTO_INTERNACIONAL", pesoPieCubicos: null, montoColones: null });

    // Staff: Sin dueño → Por confirmar, the label's code next to the claimer's, Confirmar.
    const staff = await openPage(browser, "/admin/sin-dueno", NARROW);
    await signInStaff(staff.page);
    await staff.page.getByRole("heading", { name: /^Por confirmar \(\d+\)$/ }).waitFor();
    const proposal = staff.page.getByRole("region", { name: /^Por confirmar/ }).getByRole("listitem").filter({ hasText: trackingCode });
    await proposal.getByText("El código de la etiqueta coincide con el del cliente").waitFor();
    // The label's code and the claimer's, side by side.
    expect(await proposal.getByText(client.clientCode, { exact: true }).count()).toBe(2);
    expect(await proposal.getByText(nombre).count()).toBe(1);
    offenders.push(...(await check(staff.page, "Por confirmar 320")));
    await proposal.getByRole("button", { name: "Confirmar" }).click();
    const confirm = staff.page.getByRole("alertdialog", { name: "Confirmar el dueño" });
    await confirm.waitFor();
    offenders.push(...(await check(staff.page, "Confirmar el dueño 320", "[role=alertdialog]")));
    await confirm.getByRole("button", { name: "Sí, confirmar" }).click();
    await staff.page.locator(".toast").filter({ hasText: "Confirmado" }).first().waitFor();
    await proposal.waitFor({ state: "detached" });
    expect(staff.problems).toEqual([]);
    await staff.context.close();

    const confirmed = await packageOf(client.id, trackingCode);
    expect(confirmed).toMatchObject({ estado: "EN_BODEGA_MIAMI", pesoPieCubicos: "1500" });
    expect(confirmed.montoColones).toBeGreaterThan(0);

    // Shipment: add, close, and move it to Listo para entregar step by step.
    const { shipment } = await api<{ shipment: { id: number } }>("POST", "/api/admin/shipments", {
      formaEnvio: "AVION",
      numeroGuia: `AWB-${trackingCode}`,
      fecha: new Date().toISOString().slice(0, 10),
    });
    await api("POST", `/api/admin/shipments/${shipment.id}/packages`, { trackingIds: [confirmed.id] });
    await api("POST", `/api/admin/shipments/${shipment.id}/close`);
    for (const estado of ["EN_ADUANAS", "EN_BODEGA_CR", "LISTO_PARA_ENTREGAR"]) await api("POST", `/api/admin/shipments/${shipment.id}/status`, { estado });
    const ready = await packageOf(client.id, trackingCode);
    expect(ready.estado).toBe("LISTO_PARA_ENTREGAR");
    const owed = ready.saldoColones!;
    expect(owed).toBeGreaterThan(0);

    // The client sees the amount.
    const again = await openPage(browser, "/rastreo", PHONE_TALL);
    await again.page.getByLabel("Código de cliente").fill(client.clientCode);
    await again.page.getByRole("button", { name: "Buscar" }).click();
    const card = again.page.getByRole("article", { name: trackingCode });
    await card.getByText("Listo para entregar").first().waitFor();
    await card.getByText(formatColones(ready.totalColones!)).first().waitFor();
    expect(again.problems).toEqual([]);
    await again.context.close();

    // Entregas: the balance is shown; the delivery is refused until the explicit choice.
    const desk = await openPage(browser, "/admin/entregas", PHONE_TALL);
    await signInStaff(desk.page);
    await desk.page.getByLabel("Buscar paquete para entregar").fill(trackingCode.toLowerCase());
    await desk.page.getByLabel("Buscar paquete para entregar").press("Enter");
    const dialog = desk.page.getByRole("dialog", { name: `Entregar ${trackingCode}` });
    await dialog.getByText(`Saldo pendiente: ${formatColones(owed)}`).waitFor();
    await dialog.getByLabel("¿Quién lo recibió?").fill("Yorleny Campos Arias");
    await dialog.getByRole("button", { name: "Confirmar entrega" }).click();
    const unpaid = desk.page.getByRole("alertdialog", { name: "Saldo pendiente" });
    await unpaid.getByText(`El paquete ${trackingCode} tiene un saldo pendiente de ${formatColones(owed)}.`, { exact: false }).waitFor();
    await unpaid.getByRole("button", { name: "Cancelar" }).click();
    expect((await packageOf(client.id, trackingCode)).estado).toBe("LISTO_PARA_ENTREGAR");
    const byApi = await refused("POST", `/api/admin/deliveries/${ready.id}`, { recibidoPor: "Yorleny Campos Arias" });
    expect(byApi.status).toBe(409);
    expect((await packageOf(client.id, trackingCode)).estado).toBe("LISTO_PARA_ENTREGAR");
    // With the explicit choice it goes out (recorded as delivered with a balance).
    await dialog.getByLabel(/^Entregar con saldo pendiente/).check();
    await dialog.getByRole("button", { name: "Confirmar entrega" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await packageOf(client.id, trackingCode)).estado).toBe("ENTREGADO");
    // The one refused call (409, the unpaid delivery) is the console's only line.
    expect(desk.problems.filter((line) => !line.includes("status of 409 (Conflict)"))).toEqual([]);
    await desk.context.close();
    expect(offenders).toEqual([]);
  });

  it("without the confirmation the package never reaches Listo para entregar: refused with 'Sin peso'", { timeout: 180_000 }, async () => {
    const { client, nombre, trackingCode } = await seed("UNC", "Maricela Brenes Ulate");
    const portal = await preAlertOnRastreo(client.clientCode, nombre, trackingCode);
    await portal.context.close();
    const pkg = await packageOf(client.id, trackingCode);
    expect(pkg).toMatchObject({ estado: "SEGUIMIENTO_INTERNACIONAL", pesoPieCubicos: null, montoColones: null });

    // The status select, and bulk status, refuse with the reason.
    const direct = await refused("PATCH", `/api/trackings/${pkg.id}`, { estado: "LISTO_PARA_ENTREGAR" });
    expect(direct.status).toBe(409);
    expect(direct.message).toContain("Sin peso");
    const bulk = await refused("POST", "/api/admin/trackings/bulk-status", { ids: [pkg.id], estado: "LISTO_PARA_ENTREGAR" });
    expect(bulk.status).toBe(409);
    expect(bulk.message).toContain("Sin peso");
    // A shipment takes only received packages: the unconfirmed one is not.
    const { shipment } = await api<{ shipment: { id: number } }>("POST", "/api/admin/shipments", {
      formaEnvio: "AVION",
      numeroGuia: `AWB-${trackingCode}`,
      fecha: new Date().toISOString().slice(0, 10),
    });
    const add = await refused("POST", `/api/admin/shipments/${shipment.id}/packages`, { trackingIds: [pkg.id] });
    expect(add.status).toBeGreaterThanOrEqual(400);
    expect((await packageOf(client.id, trackingCode)).estado).toBe("SEGUIMIENTO_INTERNACIONAL");
  });
});
