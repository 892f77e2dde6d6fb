// Issue 34 item 6 (decision 197), on PGlite and (with DATABASE_URL) PostgreSQL: the printable PDF
// of a comprobante electrónico prints the stored document (kind, consecutivo and clave whole,
// emitter, receiver with its identification, CABYS lines, taxes, totals exactly as the signed XML
// says them, payment method, Hacienda's state, a Nota de crédito's referenced clave); the payment
// receipt names the payment's comprobantes (or says it is not a fiscal document); and a client
// downloads its own comprobantes by code, another client's id answering the 404 of a missing one.
// PDFs are read back with poppler's pdftotext.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, useTestApp, uniqueTrackingCode, type TestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { testInvoicing } from "../../test/hacienda";
import { clientTrackings, clients, invoiceDocuments } from "../../db/schema";
import type { TPayment } from "../../../shared/api/admin/payments";
import { COMPROBANTE_NOT_FOUND, type TComprobante, type TComprobantesResponse } from "../../../shared/api/admin/invoices";
import type { TClientComprobantesResponse } from "../../../shared/api/comprobantes";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import { RECEIPT_NOT_FISCAL } from "../payments/receipt";
import { printedAmount } from "./pdf";
import type { InvoicingOn } from "./comprobantes";

const work = mkdtempSync(path.join(os.tmpdir(), "comprobante-pdf-"));
let files = 0;
/** The PDF's text as poppler reads it, every run of spaces (digit groups included) one space. */
function pdfText(bytes: Buffer | Uint8Array): string {
  const file = path.join(work, `${++files}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString("utf8").normalize("NFC").replace(/[\s\u00a0\u202f]+/g, " ");
}
const spaced = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, " ");

const HOSTILE = "José Ñúñez Muñoz & Cía <b>\"Pepe\"</b> 🚚\u0007";

let on: TestApp;
let invoicing: InvoicingOn;
let cleanup: () => Promise<void>;
let staff: TestStaff;

beforeAll(async () => {
  const made = await testInvoicing();
  cleanup = made.cleanup;
  invoicing = made.invoicing as InvoicingOn;
  on = await createTestApp({ env: { RATE_LIMIT: "off" }, deps: { invoicing } });
});
afterAll(async () => {
  await on?.close();
  await cleanup?.();
  rmSync(work, { recursive: true, force: true });
});

async function clientOwing(t: TestApp, amounts: number[], options: { name?: string; taxId?: boolean } = {}) {
  const client = await registerTestClient(t.app);
  const clientId = await clientIdOf(t.ctx.db, client.clientCode);
  if (options.name) await t.ctx.db.update(clients).set({ nombre: options.name }).where(eq(clients.id, clientId));
  if (options.taxId) await t.ctx.db.update(clients).set({ taxIdType: "FISICA", taxIdNumber: "109870654" }).where(eq(clients.id, clientId));
  const packages = [];
  for (const monto of amounts) {
    const row = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("FE"), "LISTO_PARA_ENTREGAR");
    await t.ctx.db.update(clientTrackings).set({ montoColones: monto, discountPercent: 10 }).where(eq(clientTrackings.id, row.id));
    const [stored] = await t.ctx.db.select({ total: clientTrackings.totalColones }).from(clientTrackings).where(eq(clientTrackings.id, row.id));
    packages.push({ id: row.id, total: stored.total ?? 0 });
  }
  return { clientCode: client.clientCode, clientId, packages };
}

async function pay(t: TestApp, headers: Record<string, string>, owing: Awaited<ReturnType<typeof clientOwing>>, method = "SINPE_MOVIL"): Promise<TPayment> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/payments",
    headers,
    payload: { clientCode: owing.clientCode, method, reference: method === "SINPE_MOVIL" ? `FT${Date.now()}${Math.random().toString(36).slice(2, 8)}` : undefined, allocations: owing.packages.map((p) => ({ trackingId: p.id, amountColones: p.total })) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { payment: TPayment }).payment;
}

async function documentsOf(paymentId: number): Promise<TComprobante[]> {
  const res = await on.app.inject({ method: "GET", url: `/api/admin/payments/${paymentId}/comprobantes`, headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TComprobantesResponse).items;
}

const storedXml = async (id: number) => (await on.ctx.db.select({ xml: invoiceDocuments.signedXml }).from(invoiceDocuments).where(eq(invoiceDocuments.id, id)))[0].xml!;
const all = (xml: string, element: string) => [...xml.matchAll(new RegExp(`<${element}>([^<]*)</${element}>`, "g"))].map((m) => m[1]);

describe("the comprobante's PDF (staff)", () => {
  beforeEach(async () => {
    await on.database.truncateAll();
    staff = await createTestStaff(on, "oficina", "Laura Oficina");
  });

  it("prints the Factura as stored: kind, consecutivo and clave whole, emitter, receiver with identification, CABYS lines, taxes, totals, method and state; a hostile name is safe", async () => {
    const owing = await clientOwing(on, [12_345, 45_333, 8_000], { name: HOSTILE, taxId: true });
    const payment = await pay(on, staff.headers, owing);
    const [doc] = await documentsOf(payment.id);
    expect(doc.documentType).toBe("01");
    const res = await on.app.inject({ method: "GET", url: `/api/admin/comprobantes/${doc.id}/pdf`, headers: staff.headers });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`inline; filename="${doc.clave}.pdf"`);
    const text = pdfText(res.rawPayload);
    const xml = await storedXml(doc.id);

    expect(text).toContain("Factura electrónica");
    expect(text).toContain(doc.consecutivo!);
    expect(doc.clave).toMatch(/^\d{50}$/);
    expect(text).toContain(doc.clave!);
    expect(text).toContain("Express Import & Cía. Sociedad Anónima");
    expect(text).toContain("Cédula jurídica 3101123456");
    expect(text).toContain("José Ñúñez Muñoz & Cía <b>\"Pepe\"</b>");
    expect(text).toContain("Cédula física 109870654");
    expect(text).toContain("SINPE Móvil");
    expect(text).toContain("Pendiente de envío a Hacienda");
    for (const cabys of all(xml, "CodigoCABYS")) expect(text).toContain(`CABYS ${cabys}`);
    // Every amount is the XML's own string, only grouped: line totals, taxes, discounts, summary.
    for (const element of ["MontoTotalLinea", "Monto", "MontoDescuento", "PrecioUnitario", "SubTotal", "TotalVentaNeta", "TotalImpuesto", "TotalComprobante"]) {
      const values = all(xml, element);
      expect(values.length, element).toBeGreaterThan(0);
      for (const value of values) expect(text, `${element} ${value}`).toContain(spaced(`₡${printedAmount(value)}`));
    }
  });

  it("prints the stored numbers, never recomputed ones: a stored total the lines do not add up to is what it prints", async () => {
    const owing = await clientOwing(on, [10_000]);
    const payment = await pay(on, staff.headers, owing, "EFECTIVO");
    const [doc] = await documentsOf(payment.id);
    const xml = await storedXml(doc.id);
    const total = all(xml, "TotalComprobante")[0];
    await on.ctx.db.update(invoiceDocuments).set({ signedXml: xml.replace(`<TotalComprobante>${total}</TotalComprobante>`, "<TotalComprobante>98765.43219</TotalComprobante>") }).where(eq(invoiceDocuments.id, doc.id));
    const text = pdfText((await on.app.inject({ method: "GET", url: `/api/admin/comprobantes/${doc.id}/pdf`, headers: staff.headers })).rawPayload);
    expect(text).toContain(spaced(`₡${printedAmount("98765.43219")}`));
    expect(text).toContain("Tiquete electrónico");
    expect(text).toContain("Efectivo");
  });

  it("a reversal's Nota de crédito prints the clave it cancels; a Tiquete with many lines spans pages", async () => {
    const owing = await clientOwing(on, Array.from({ length: 24 }, (_, i) => 3_000 + i * 111));
    const payment = await pay(on, staff.headers, owing, "TRANSFERENCIA");
    const reverse = await on.app.inject({ method: "POST", url: `/api/admin/payments/${payment.id}/reverse`, headers: staff.headers, payload: { reason: "Pago duplicado, se devolvió" } });
    expect(reverse.statusCode, reverse.body).toBe(200);
    const [sale, note] = await documentsOf(payment.id);
    expect(note.documentType).toBe("03");
    const text = pdfText((await on.app.inject({ method: "GET", url: `/api/admin/comprobantes/${note.id}/pdf`, headers: staff.headers })).rawPayload);
    expect(text).toContain("Nota de crédito electrónica");
    expect(text).toContain(note.consecutivo!);
    expect(text).toContain(note.clave!);
    expect(text).toContain("Documento de referencia");
    expect(text).toContain(sale.clave!);
    expect(text).toContain("Anula el documento de referencia");
    const saleText = pdfText((await on.app.inject({ method: "GET", url: `/api/admin/comprobantes/${sale.id}/pdf`, headers: staff.headers })).rawPayload);
    expect(saleText).toMatch(/1 ?\/ ?2/);
    expect(saleText).toContain("1 Os");
    for (const value of all(await storedXml(sale.id), "MontoTotalLinea")) expect(saleText).toContain(spaced(`₡${printedAmount(value)}`));
    expect(saleText).toContain(spaced(`₡${printedAmount(all(await storedXml(sale.id), "TotalComprobante")[0])}`));
  });

  it("answers 404 for a missing comprobante and refuses Bodega, the Mensajero and no session", async () => {
    const missing = await on.app.inject({ method: "GET", url: "/api/admin/comprobantes/2000000000/pdf", headers: staff.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(COMPROBANTE_NOT_FOUND);
    for (const role of ["bodega", "mensajero"] as const) {
      const other = await createTestStaff(on, role);
      expect((await on.app.inject({ method: "GET", url: "/api/admin/comprobantes/1/pdf", headers: other.headers })).statusCode).toBe(403);
    }
    expect((await on.app.inject({ method: "GET", url: "/api/admin/comprobantes/1/pdf" })).statusCode).toBe(401);
  });
});

describe("the payment receipt's fiscal line", () => {
  beforeEach(async () => {
    await on.database.truncateAll();
    staff = await createTestStaff(on, "oficina", "Laura Oficina");
  });

  it("with invoicing on names the payment's comprobante (kind, consecutivo, clave) and, after a reversal, its Nota de crédito", async () => {
    const owing = await clientOwing(on, [15_000]);
    const payment = await pay(on, staff.headers, owing, "EFECTIVO");
    const [doc] = await documentsOf(payment.id);
    const receipt = async () => pdfText((await on.app.inject({ method: "GET", url: `/api/admin/payments/${payment.id}/receipt`, headers: staff.headers })).rawPayload);
    const text = await receipt();
    expect(text).toContain(`Tiquete electrónico N.º ${doc.consecutivo}`);
    expect(text).toContain(`Clave: ${doc.clave}`);
    expect(text).not.toContain(RECEIPT_NOT_FISCAL);
    await on.app.inject({ method: "POST", url: `/api/admin/payments/${payment.id}/reverse`, headers: staff.headers, payload: { reason: "Error de digitación" } });
    const [, note] = await documentsOf(payment.id);
    const after = await receipt();
    expect(after).toContain(`Nota de crédito electrónica N.º ${note.consecutivo}`);
    expect(after).toContain(`Clave: ${note.clave}`);
  });

  it("a payment whose comprobante could not be made says the receipt is not a fiscal document", async () => {
    const owing = await clientOwing(on, [15_000]);
    const payment = await pay(on, staff.headers, owing, "EFECTIVO");
    await on.ctx.db.update(invoiceDocuments).set({ state: "rechazado" }).where(eq(invoiceDocuments.paymentId, payment.id));
    const text = pdfText((await on.app.inject({ method: "GET", url: `/api/admin/payments/${payment.id}/receipt`, headers: staff.headers })).rawPayload);
    expect(text).toContain(RECEIPT_NOT_FISCAL);
    expect(text).not.toContain("Clave:");
  });
});

describe("invoicing off", () => {
  const off = useTestApp();

  it("the receipt says it is not a fiscal document and names no comprobante; the client's list is empty", async () => {
    const offStaff = await createTestStaff(off, "oficina");
    const owing = await clientOwing(off, [9_000]);
    const payment = await pay(off, offStaff.headers, owing, "EFECTIVO");
    const text = pdfText((await off.app.inject({ method: "GET", url: `/api/admin/payments/${payment.id}/receipt`, headers: offStaff.headers })).rawPayload);
    expect(text).toContain(RECEIPT_NOT_FISCAL);
    expect(text).not.toContain("Clave");
    const list = await off.app.inject({ method: "GET", url: `/api/comprobantes/${owing.clientCode}` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ comprobantes: [] });
  });
});

describe("a client's comprobantes on /rastreo (by code)", () => {
  beforeEach(async () => {
    await on.database.truncateAll();
    staff = await createTestStaff(on, "oficina", "Laura Oficina");
  });

  const list = async (code: string) => on.app.inject({ method: "GET", url: `/api/comprobantes/${code}` });
  const file = (code: string, id: number, which: "pdf" | "xml") => on.app.inject({ method: "GET", url: `/api/comprobantes/${code}/${id}/${which}` });

  it("lists the client's own documents, newest first, and downloads their PDF and signed XML", async () => {
    const owing = await clientOwing(on, [7_000], { name: "Ñandú Peña" });
    const payment = await pay(on, staff.headers, owing, "EFECTIVO");
    await on.app.inject({ method: "POST", url: `/api/admin/payments/${payment.id}/reverse`, headers: staff.headers, payload: { reason: "Devolución" } });
    const [sale, note] = await documentsOf(payment.id);
    const res = await list(owing.clientCode.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    const { comprobantes } = res.json() as TClientComprobantesResponse;
    expect(comprobantes.map((c) => [c.id, c.typeLabel, c.consecutivo, c.clave, c.stateLabel, c.receiptNumber])).toEqual([
      [note.id, "Nota de crédito electrónica", note.consecutivo, note.clave, "En trámite con Hacienda", payment.receiptNumber],
      [sale.id, "Tiquete electrónico", sale.consecutivo, sale.clave, "En trámite con Hacienda", payment.receiptNumber],
    ]);
    const xml = await file(owing.clientCode, sale.id, "xml");
    expect(xml.statusCode).toBe(200);
    expect(xml.headers["content-type"]).toMatch(/^application\/xml/);
    expect(xml.headers["content-disposition"]).toBe(`attachment; filename="${sale.clave}.xml"`);
    expect(xml.body).toBe(await storedXml(sale.id));
    const pdf = await file(owing.clientCode, note.id, "pdf");
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(note.clave!);
    expect(text).toContain(sale.clave!);
  });

  it("another client's document answers the 404 of a missing one, byte for byte, for the PDF and the XML; a rejected one too", async () => {
    const owner = await clientOwing(on, [7_000]);
    const intruder = await clientOwing(on, [5_000]);
    const payment = await pay(on, staff.headers, owner, "EFECTIVO");
    const [doc] = await documentsOf(payment.id);
    for (const which of ["pdf", "xml"] as const) {
      const theirs = await file(intruder.clientCode, doc.id, which);
      const missing = await file(intruder.clientCode, 2_000_000_000, which);
      expect(theirs.statusCode, theirs.body).toBe(404);
      expect(theirs.json()).toEqual({ error: "No encontrado", message: COMPROBANTE_NOT_FOUND, code: "NOT_FOUND" });
      expect(theirs.body).toBe(missing.body);
      expect((await file(owner.clientCode, doc.id, which)).statusCode).toBe(200);
    }
    expect((await list(intruder.clientCode)).json()).toEqual({ comprobantes: [] });
    // A rejected document is not the client's to download (staff issue it again).
    await on.ctx.db.update(invoiceDocuments).set({ state: "rechazado" }).where(eq(invoiceDocuments.id, doc.id));
    const rejected = await file(owner.clientCode, doc.id, "pdf");
    expect(rejected.body).toBe((await file(owner.clientCode, 2_000_000_000, "pdf")).body);
    expect((await list(owner.clientCode)).json()).toEqual({ comprobantes: [] });
  });

  it("a code no client has answers the client's 404", async () => {
    for (const url of ["/api/comprobantes/EXQQQQQ9", "/api/comprobantes/EXQQQQQ9/1/pdf", "/api/comprobantes/EXQQQQQ9/1/xml"]) {
      const res = await on.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message, url).toBe(CLIENT_NOT_FOUND_MESSAGE);
    }
  });
});
