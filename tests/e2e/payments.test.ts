// Charges and payments end to end (issue 21), a client on a phone and staff in the back office:
// a client with three packages ready sees the total due on /rastreo and sends the photo of a
// SINPE receipt; staff confirm it as a payment for two of the packages with its reference; a
// second payment with the same reference is refused; the receipt PDF lists the two packages; the
// day's cierre shows the payment under SINPE Móvil and its workbook opens in LibreOffice; and
// delivering the unpaid third package asks for the explicit 'Entregar con saldo pendiente'.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseUrl, launchBrowser, openPage, seriousAxeViolations, signInStaff } from "./browser";
import { horizontalOverflow } from "./layout";
import { ownerToken, randomPhone, staffApi, staffDownload, type StaffApi } from "./api";
import { makePng } from "../../src/server/test/images";
import { formatColones } from "../../src/shared/domain/format";
import { addDays, costaRicaDayKey, costaRicaDayStart } from "../../src/shared/domain/dates";

const PHONE_TALL = { width: 390, height: 844 };
const AMOUNTS = [12_000, 8_500, 5_250];

let browser: Browser;
let api: StaffApi;
let token: string;
let work: string;

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

beforeAll(async () => {
  token = await ownerToken();
  api = await staffApi(token);
  browser = await launchBrowser();
  work = mkdtempSync(path.join(tmpdir(), "e2e-payments-"));
}, 120_000);

afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("a client pays by SINPE Móvil and staff collect", () => {
  it("from the statement on /rastreo to the cierre de caja and a delivery with a balance", { timeout: 300_000 }, async () => {
    const run = Date.now().toString(36).toUpperCase().slice(-6);
    const { client } = await api<{ client: { clientCode: string } }>("POST", "/api/admin/clients", {
      nombre: "Marcela Vargas Rojas",
      telefono: randomPhone(),
      direccion: "Grecia, Alajuela, 100 m sur de la iglesia",
      // A random number may be one digit off a seeded client's: not what this journey is about (decision 153).
      confirmar: true,
    });
    const codes = ["A", "B", "C"].map((letter) => `1ZPAY${letter}${run}`);
    const ids: number[] = [];
    for (const [index, trackingCode] of codes.entries()) {
      const { tracking } = await api<{ tracking: { id: number } }>("POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode, descripcionPaquete: `Caja ${index + 1}` });
      await api("PATCH", `/api/trackings/${tracking.id}`, { montoColones: AMOUNTS[index] });
      await api("PATCH", `/api/trackings/${tracking.id}`, { estado: "LISTO_PARA_ENTREGAR" });
      ids.push(tracking.id);
    }
    const totalDue = AMOUNTS.reduce((a, b) => a + b, 0);
    const reference = `FT${run}2611`;
    const offenders: string[] = [];

    // The client: the total due, and the photo of the SINPE receipt for it.
    const client1 = await openPage(browser, "/rastreo", PHONE_TALL);
    await client1.page.getByLabel("Código de cliente").fill(client.clientCode);
    await client1.page.getByRole("button", { name: "Buscar" }).click();
    const statement = client1.page.getByRole("region", { name: "Estado de cuenta" });
    await statement.waitFor();
    expect(await statement.getByTestId("total-pendiente").textContent()).toBe(`Total pendiente ${formatColones(totalDue)}`);
    await statement.getByRole("button", { name: "Enviar comprobante SINPE" }).click();
    const proofDialog = client1.page.getByRole("dialog", { name: "Enviar comprobante SINPE" });
    await proofDialog.getByLabel("Foto del comprobante").setInputFiles({ name: "sinpe.png", mimeType: "image/png", buffer: makePng(64, 64) });
    await proofDialog.getByRole("img", { name: "Vista previa del comprobante SINPE" }).waitFor();
    await proofDialog.getByLabel(/Referencia SINPE/).fill(reference);
    await proofDialog.getByRole("button", { name: "Enviar" }).click();
    await statement.getByRole("list", { name: "Comprobantes enviados" }).getByText("En revisión").waitFor();
    expect(client1.problems).toEqual([]);
    await client1.context.close();

    // Staff: the receipt confirmed as one SINPE payment for the first two packages.
    const { page, context, problems } = await openPage(browser, "/admin", PHONE_TALL);
    await signInStaff(page);
    await page.getByRole("heading", { name: "Clientes registrados" }).waitFor();
    await openSection(page, "Pagos");
    await page.getByRole("heading", { name: /^Comprobantes por revisar/ }).waitFor();
    const proof = page.getByRole("listitem").filter({ hasText: client.clientCode }).first();
    await proof.waitFor();
    expect(await proof.getByLabel("Referencia SINPE").inputValue()).toBe(reference);
    await proof.getByRole("checkbox", { name: new RegExp(codes[2]) }).uncheck();
    offenders.push(...(await layoutProblems(page, "Pagos")));
    await proof.getByRole("button", { name: `Confirmar comprobante de ${client.clientCode}` }).click();
    // It asks first (issue 32), naming the reference.
    const ask = page.getByRole("alertdialog");
    await ask.getByText(new RegExp(`referencia ${reference}`)).waitFor();
    await ask.getByRole("button", { name: "Confirmar" }).click();
    // The toast names the receipt; the reviewed receipt then leaves the list.
    const recorded = page.locator(".toast").filter({ hasText: /Pago registrado: recibo N\.º \d+/ }).first();
    await recorded.waitFor();
    const receiptNo = Number(/N\.º (\d+)/.exec((await recorded.textContent()) ?? "")![1]);

    // The same transfer recorded again, for the third package: refused, in Spanish.
    const record = page.getByRole("region", { name: "Registrar pago" });
    await record.getByLabel("Código de cliente").fill(client.clientCode);
    await record.getByRole("button", { name: /Buscar/ }).click();
    const form = page.getByRole("form", { name: `Registrar pago ${client.clientCode}` });
    await form.getByRole("checkbox", { name: new RegExp(codes[2]) }).check();
    await form.getByLabel("Método de pago").selectOption("SINPE_MOVIL");
    await form.getByLabel("Referencia SINPE").fill(reference.toLowerCase());
    await form.getByRole("button", { name: "Registrar pago" }).click();
    await page.getByText(new RegExp(`Ya existe un pago registrado con la referencia SINPE ${reference}`)).first().waitFor();

    // The receipt lists the two packages it paid, with their amounts, and not the third.
    const pdf = path.join(work, "recibo.pdf");
    writeFileSync(pdf, await staffDownload(token, `/api/admin/payments/${receiptNo}/receipt`));
    const receiptText = execFileSync("pdftotext", ["-layout", pdf, "-"]).toString();
    expect(receiptText).toContain(codes[0]);
    expect(receiptText).toContain(codes[1]);
    expect(receiptText).not.toContain(codes[2]);
    expect(receiptText).toContain(reference);
    expect(receiptText.replace(/\s+/g, " ")).toMatch(/SINPE M[oó]vil/);

    // The cierre: the payment under SINPE Móvil, on screen and in the workbook LibreOffice opens.
    const day = costaRicaDayKey(new Date());
    const closing = await api<{ totals: Record<string, number>; byStaff: { payments: { id: number; method: string; amountColones: number }[] }[] }>(
      "GET",
      `/api/admin/cash/closing?date=${day}`,
    );
    const ours = closing.byStaff.flatMap((s) => s.payments).find((p) => p.id === receiptNo);
    expect(ours).toMatchObject({ method: "SINPE_MOVIL", amountColones: AMOUNTS[0] + AMOUNTS[1] });
    await openSection(page, "Caja y por cobrar");
    await page.getByRole("tab", { name: "Cierre de caja", selected: true }).waitFor();
    const totals = page.getByRole("region", { name: /^Total del día/ });
    await totals.getByText(formatColones(closing.totals.SINPE_MOVIL), { exact: true }).first().waitFor();
    offenders.push(...(await layoutProblems(page, "Caja")));
    const xlsx = path.join(work, "cierre.xlsx");
    writeFileSync(xlsx, await staffDownload(token, `/api/admin/cash/closing.xlsx?date=${day}`));
    execFileSync(
      "soffice",
      [`-env:UserInstallation=file://${work}/profile`, "--headless", "--norestore", "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,false,true,false,false,false,-1", "--outdir", work, xlsx],
      { timeout: 120_000 },
    );
    const sheets = ["Resumen", "Pagos"].map((name) => {
      const file = path.join(work, `cierre-${name}.csv`);
      return readFileSync(file, "utf8");
    });
    expect(sheets[1]).toContain(client.clientCode);
    expect(sheets[1]).toContain(String(AMOUNTS[0] + AMOUNTS[1]));
    expect(sheets[0]).toContain(String(closing.totals.total));

    // Delivering the unpaid third package: refused until staff choose to deliver with the balance.
    await openSection(page, "Entregas");
    await page.getByRole("heading", { name: /^Entregas/ }).waitFor();
    await page.getByLabel("Buscar paquete para entregar").fill(codes[2]);
    await page.getByLabel("Buscar paquete para entregar").press("Enter");
    const deliver = page.getByRole("dialog", { name: `Entregar ${codes[2]}` });
    await deliver.getByText(`Saldo pendiente: ${formatColones(AMOUNTS[2])}`).waitFor();
    await deliver.getByLabel("¿Quién lo recibió?").fill("Marcela Vargas Rojas");
    await deliver.getByRole("button", { name: "Confirmar entrega" }).click();
    const choice = page.getByRole("alertdialog", { name: "Saldo pendiente" });
    await choice.getByText(new RegExp(`${codes[2]} tiene un saldo pendiente de`)).waitFor();
    offenders.push(...(await layoutProblems(page, "Saldo pendiente", "[role=alertdialog]")));
    await choice.getByRole("button", { name: "Entregar con saldo pendiente" }).click();
    await page.locator(".toast").filter({ hasText: "Entregado a Marcela Vargas Rojas" }).first().waitFor();

    const lookup = (await (await fetch(`${baseUrl()}/api/clients/trackings?code=${client.clientCode}`)).json()) as {
      trackings: { trackingCode: string; estado: string; cargo: { saldoColones: number } | null }[];
      estadoCuenta: { totalPendienteColones: number };
    };
    const byCode = new Map(lookup.trackings.map((t) => [t.trackingCode, t]));
    expect(codes.map((c) => byCode.get(c)?.cargo?.saldoColones)).toEqual([0, 0, AMOUNTS[2]]);
    expect(byCode.get(codes[2])?.estado).toBe("ENTREGADO");
    expect(lookup.estadoCuenta.totalPendienteColones).toBe(AMOUNTS[2]);
    expect(offenders).toEqual([]);
    // The two refusals the journey asks for (the repeated reference, the unpaid delivery) are the only console errors.
    expect(problems).toEqual(Array(2).fill("Failed to load resource: the server responded with a status of 409 (Conflict)"));
    await context.close();
  });
});

describe("closing a cash day (decision 147)", () => {
  it("staff close yesterday's cash at 320 px; nothing goes into it afterwards and a reversal counts today", { timeout: 180_000 }, async () => {
    const run = Date.now().toString(36).toUpperCase().slice(-6);
    const { client } = await api<{ client: { clientCode: string } }>("POST", "/api/admin/clients", {
      nombre: "Rodrigo Campos Solano",
      telefono: randomPhone(),
      direccion: "Grecia, Alajuela",
      // A random number may be one digit off a seeded client's: not what this journey is about (decision 153).
      confirmar: true,
    });
    const { tracking } = await api<{ tracking: { id: number } }>("POST", "/api/admin/trackings", { clientCode: client.clientCode, trackingCode: `1ZCLS${run}`, descripcionPaquete: "Caja" });
    await api("PATCH", `/api/trackings/${tracking.id}`, { montoColones: 9_000 });
    const today = costaRicaDayKey(new Date());
    const yesterday = costaRicaDayKey(addDays(costaRicaDayStart(today), -1));
    const paid = await api<{ payment: { id: number } }>("POST", "/api/admin/payments", {
      clientCode: client.clientCode,
      method: "EFECTIVO",
      paidAt: yesterday,
      allocations: [{ trackingId: tracking.id, amountColones: 4_000 }],
    });

    const { page, context, problems } = await openPage(browser, "/admin", { width: 320, height: 740 });
    await signInStaff(page);
    await page.getByRole("heading", { name: "Clientes registrados" }).waitFor();
    await openSection(page, "Caja y por cobrar");
    await page.getByRole("tab", { name: "Cierre de caja", selected: true }).waitFor();
    await page.getByRole("button", { name: /Anterior/ }).click();
    await page.getByText(/Caja abierta/).waitFor();
    await page.getByRole("button", { name: "Cerrar caja del día" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText(/no se podrá registrar, revertir ni cambiar ningún pago/).waitFor();
    const offenders = await layoutProblems(page, "Cerrar caja", "[role=alertdialog]");
    await confirm.getByRole("button", { name: "Cerrar caja" }).click();
    await page.getByRole("region", { name: "Caja cerrada" }).getByText(/Caja cerrada por .* el /).waitFor();
    offenders.push(...(await layoutProblems(page, "Caja cerrada")));
    expect(offenders).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();

    // Afterwards: nothing is recorded into yesterday; reversing its payment counts today.
    const refused = await fetch(`${baseUrl()}/api/admin/payments`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ clientCode: client.clientCode, method: "EFECTIVO", paidAt: yesterday, allocations: [{ trackingId: tracking.id, amountColones: 100 }] }),
    });
    expect(refused.status).toBe(409);
    const reversed = await api<{ payment: { reversalCountedOn: string | null } }>("POST", `/api/admin/payments/${paid.payment.id}/reverse`, { reason: "Billete falso" });
    expect(reversed.payment.reversalCountedOn).toBe(today);
  });
});
