// Comprobantes electrónicos end to end (issue 34 item 6, decision 195): a server of its own with
// invoicing on (a test PKCS#12 and the emitter's test data) talking to the stand-in of Hacienda on
// 127.0.0.1, and staff on a 320 px phone in the back office:
//   (a) a payment, its Tiquete accepted by the stand-in, Pagos shows "Aceptado" and the signed XML
//       and Hacienda's answer download;
//   (b) the stand-in rejects the next document: staff see Hacienda's reason, follow the way to the
//       client's record, enter the identification, "Reenviar", and the new Factura is accepted;
//   (c) the payment of (a) reversed: its Nota de crédito, referencing the Tiquete's clave, appears
//       and is accepted; the cierre de caja lists the day's comprobantes with totals per kind.
// Each panel is checked for horizontal scroll and axe at 320 px.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { startProductionServer, type ServerProcess } from "../../scripts/lib/processes";
import { startFakeHacienda, fakeHaciendaEnv, type FakeHacienda } from "../../src/server/test/fakes/hacienda";
import { testInvoicing } from "../../src/server/test/hacienda";
import { launchBrowser, seriousAxeViolations, signInStaff } from "./browser";
import { horizontalOverflow } from "./layout";
import { randomPhone } from "./api";

const PASSWORD = "e2e-clave-facturas";
const PHONE_320 = { width: 320, height: 740 };
const REJECTION = "La identificación del receptor no es válida";

let server: ServerProcess;
let fake: FakeHacienda;
let browser: Browser;
let dataDir = "";
let token = "";
let cleanupKey: (() => Promise<void>) | undefined;

async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { ...(body ? { "content-type": "application/json" } : {}), authorization: `Bearer ${token}` },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A client with one package ready to deliver for `monto`, paid in cash by staff: the payment's id. */
async function paidPackage(nombre: string, monto: number, trackingCode: string): Promise<{ clientCode: string; paymentId: number }> {
  const { client } = await api<{ client: { clientCode: string } }>("POST", "/api/admin/clients", {
    nombre,
    telefono: randomPhone(),
    direccion: "Grecia, Alajuela, 100 m sur de la iglesia",
    confirmar: true,
  });
  const { tracking } = await api<{ tracking: { id: number } }>("POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode, descripcionPaquete: "Repuestos" });
  await api("PATCH", `/api/trackings/${tracking.id}`, { montoColones: monto });
  await api("PATCH", `/api/trackings/${tracking.id}`, { estado: "LISTO_PARA_ENTREGAR" });
  const { payment } = await api<{ payment: { id: number } }>("POST", "/api/admin/payments", {
    clientCode: client.clientCode,
    method: "EFECTIVO",
    allocations: [{ trackingId: tracking.id, amountColones: monto }],
  });
  return { clientCode: client.clientCode, paymentId: payment.id };
}

async function layoutProblems(page: Page, state: string, selector?: string): Promise<string[]> {
  const out: string[] = [];
  for (const o of await horizontalOverflow(page)) out.push(`${state}: ${o}`);
  for (const v of await seriousAxeViolations(page, selector)) out.push(`${state} axe: ${v}`);
  return out;
}

async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: "Menú" }).click();
  await page.getByRole("navigation", { name: "Secciones" }).getByRole("link", { name }).click();
}

const receipt = (id: number) => String(id).padStart(6, "0");

/** The payment's row in "Pagos registrados", its comprobantes opened. */
async function openComprobantes(page: Page, paymentId: number): Promise<Locator> {
  const list = page.getByRole("region", { name: "Pagos registrados" });
  const row = list.getByRole("listitem").filter({ hasText: `N.º ${receipt(paymentId)} ·` }).first();
  await row.waitFor();
  const show = row.getByRole("button", { name: `Ver comprobante electrónico del pago N.º ${receipt(paymentId)}` });
  if (await show.isVisible()) await show.click();
  return row;
}

/** A file the page saves (the signed XML, Hacienda's answer): its suggested name and text. */
async function downloadOf(page: Page, button: Locator): Promise<{ name: string; text: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
  // The run's browser is shared and reached remotely (decision 193): read the download as a stream.
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  return { name: download.suggestedFilename(), text: bytes.toString("utf8"), bytes };
}

beforeAll(async () => {
  fake = await startFakeHacienda();
  const made = await testInvoicing(fakeHaciendaEnv(fake));
  cleanupKey = made.cleanup;
  // The server runs as production does; only the invoicing variables come from the test helper.
  const { NODE_ENV: _node, ...invoicingEnv } = made.env;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "ei-invoices-"));
  server = await startProductionServer({
    DATA_DIR: dataDir,
    STATIC_DIR: inject("staticDir"),
    ADMIN_PASSWORD: PASSWORD,
    EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
    DATABASE_URL: "",
    ...invoicingEnv,
  });
  ({ token } = (await (
    await fetch(`${server.baseUrl}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ password: PASSWORD }) })
  ).json()) as { token: string });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
  await cleanupKey?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("comprobantes electrónicos in the back office (issue 34)", () => {
  it("accepted, rejected then corrected and reissued, and a reversal's Nota de crédito, as staff see them at 320 px", { timeout: 300_000 }, async () => {
    const run = Date.now().toString(36).toUpperCase().slice(-6);
    const offenders: string[] = [];
    const a = await paidPackage("Marcela Vargas Núñez", 18_500, `1ZFEA${run}`);

    const context = await browser.newContext({ viewport: PHONE_320, locale: "es-CR", timezoneId: "America/Costa_Rica", acceptDownloads: true });
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
    await page.goto(`${server.baseUrl}/admin`, { waitUntil: "networkidle" });
    await signInStaff(page, PASSWORD);
    await page.getByRole("heading", { name: "Clientes registrados" }).waitFor();

    // (a) The payment's Tiquete, accepted by the stand-in; the XML and Hacienda's answer download.
    await openSection(page, "Pagos");
    let row = await openComprobantes(page, a.paymentId);
    const tiquete = row.getByRole("listitem", { name: "Tiquete electrónico 00100001040000000001" });
    // The open panel asks again while the document is on its way.
    await tiquete.getByText("Aceptado", { exact: true }).waitFor({ timeout: 30_000 });
    const claveA = (await tiquete.locator("dd.font-mono.text-xs").textContent())!.trim();
    expect(claveA).toMatch(/^\d{50}$/);
    const xml = await downloadOf(page, tiquete.getByRole("button", { name: "XML firmado" }));
    expect(xml.name).toBe(`${claveA}.xml`);
    expect(xml.text).toContain(`<Clave>${claveA}</Clave>`);
    expect(xml.text).toContain("<ds:Signature");
    expect(fake.documents.get(claveA)?.xml).toBe(xml.text);
    const answer = await downloadOf(page, tiquete.getByRole("button", { name: "Respuesta de Hacienda" }));
    expect(answer.name).toBe(`${claveA}-respuesta.xml`);
    expect(answer.text).toContain("<Mensaje>1</Mensaje>");
    const pdf = await downloadOf(page, tiquete.getByRole("button", { name: "PDF imprimible" }));
    expect(pdf.name).toBe(`${claveA}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    offenders.push(...(await layoutProblems(page, "Pagos, comprobante aceptado")));

    // The client downloads the same documents on /rastreo with the client code.
    const portal = await context.newPage();
    portal.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
    await portal.goto(`${server.baseUrl}/rastreo`, { waitUntil: "networkidle" });
    await portal.getByLabel("Código de cliente").fill(a.clientCode);
    await portal.getByRole("button", { name: "Buscar" }).click();
    const documents = portal.getByRole("list", { name: "Comprobantes electrónicos" });
    await documents.waitFor();
    const clientXml = await downloadOf(portal, documents.getByRole("button", { name: "Descargar XML de Tiquete electrónico 00100001040000000001" }));
    expect(clientXml.text).toBe(xml.text);
    const clientPdf = await downloadOf(portal, documents.getByRole("button", { name: "Descargar PDF de Tiquete electrónico 00100001040000000001" }));
    expect(clientPdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    offenders.push(...(await layoutProblems(portal, "/rastreo, comprobantes electrónicos")));
    await portal.close();

    // (b) Hacienda rejects the next one: the reason, the client's record, the identification, Reenviar.
    fake.rejectNext(REJECTION);
    const b = await paidPackage("José Pablo Jiménez Solano", 9_750, `1ZFEB${run}`);
    await page.reload({ waitUntil: "networkidle" });
    row = await openComprobantes(page, b.paymentId);
    const rejected = row.getByRole("listitem", { name: "Tiquete electrónico 00100001040000000002" });
    await rejected.getByText(`Rechazado por Hacienda: ${REJECTION}`).waitFor({ timeout: 30_000 });
    offenders.push(...(await layoutProblems(page, "Pagos, comprobante rechazado")));
    await rejected.getByRole("link", { name: "Corregir la identificación del cliente" }).click();
    await page.waitForURL((url) => url.pathname === "/admin" && url.searchParams.get("q") === b.clientCode);
    await page.getByRole("button", { name: "Editar a José Pablo Jiménez Solano" }).click();
    const dialog = page.getByRole("dialog", { name: "Editar cliente" });
    await dialog.getByLabel("Tipo de identificación").selectOption("FISICA");
    await dialog.getByLabel("Número de identificación").fill("1-0987-0654");
    await dialog.getByRole("button", { name: "Guardar cambios" }).click();
    await dialog.waitFor({ state: "detached" });

    await openSection(page, "Pagos");
    row = await openComprobantes(page, b.paymentId);
    await row.getByRole("button", { name: "Reenviar Tiquete electrónico 00100001040000000002" }).click();
    const factura = row.getByRole("listitem", { name: "Factura electrónica 00100001010000000001" });
    await factura.getByText("Reemplaza al rechazado 00100001040000000002").waitFor();
    await factura.getByText("Aceptado", { exact: true }).waitFor({ timeout: 30_000 });
    const claveB = (await factura.locator("dd.font-mono.text-xs").textContent())!.trim();
    expect(fake.documents.get(claveB)?.receptor).toEqual({ tipoIdentificacion: "01", numeroIdentificacion: "109870654" });
    // The rejected one stays, without its button.
    expect(await row.getByRole("button", { name: /^Reenviar/ }).count()).toBe(0);

    // (c) The payment of (a) reversed: a Nota de crédito referencing the Tiquete's clave.
    const rowA = page.getByRole("region", { name: "Pagos registrados" }).getByRole("listitem").filter({ hasText: `N.º ${receipt(a.paymentId)} ·` }).first();
    await rowA.getByRole("button", { name: `Revertir N.º ${receipt(a.paymentId)}` }).click();
    const reverse = page.getByRole("dialog");
    await reverse.getByLabel("Motivo").fill("Pago registrado al cliente equivocado");
    await reverse.getByRole("button", { name: "Revertir" }).click();
    await reverse.waitFor({ state: "detached" });
    row = await openComprobantes(page, a.paymentId);
    const note = row.getByRole("listitem", { name: "Nota de crédito electrónica 00100001030000000001" });
    await note.getByText("Anula: Tiquete electrónico 00100001040000000001").waitFor();
    await note.getByText("Aceptado", { exact: true }).waitFor({ timeout: 30_000 });
    const noteXml = await downloadOf(page, note.getByRole("button", { name: "XML firmado" }));
    expect(noteXml.text).toMatch(new RegExp(`<InformacionReferencia>\\s*<TipoDocIR>04</TipoDocIR>\\s*<Numero>${claveA}</Numero>`));
    offenders.push(...(await layoutProblems(page, "Pagos, nota de crédito")));

    // The cierre de caja: the day's four comprobantes and the totals per kind.
    await openSection(page, "Caja y por cobrar");
    const day = page.getByRole("region", { name: "Comprobantes electrónicos" });
    await day.waitFor();
    const totals = day.getByRole("list", { name: "Totales por tipo (los rechazados no suman)" });
    expect(await totals.getByRole("listitem").allTextContents()).toEqual([
      expect.stringMatching(/^Factura electrónica1 emitido · /),
      expect.stringMatching(/^Tiquete electrónico1 emitido · .*1 rechazado$/),
      expect.stringMatching(/^Nota de crédito electrónica1 emitido · /),
    ]);
    for (const consecutivo of ["00100001040000000001", "00100001040000000002", "00100001010000000001", "00100001030000000001"]) {
      await day.getByText(consecutivo, { exact: true }).waitFor();
    }
    offenders.push(...(await layoutProblems(page, "Caja, comprobantes del día")));

    expect(offenders).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
