// Purchase invoice fixtures (issue 36 item 2): a PDF uploaded through the public flow (an upload
// of kind FACTURA), and a package with one attached, written straight to the database.
import { randomBytes } from "node:crypto";
import type { TestApp } from "./app";
import { packageInvoices, uploads } from "../db/schema";

/** A small but real PDF: its first bytes are what the server checks. */
export const TEST_INVOICE_PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");

/** The page's two steps: ask an address for an invoice of this size, PUT the file; its object path. */
export async function uploadTestInvoice(t: TestApp, bytes: Buffer = TEST_INVOICE_PDF): Promise<string> {
  const asked = await t.app.inject({ method: "POST", url: "/api/upload/image-url", payload: { size: bytes.byteLength, tipo: "FACTURA" } });
  const url = new URL(asked.json<{ uploadURL: string }>().uploadURL, "http://localhost");
  const put = await t.app.inject({ method: "PUT", url: url.pathname + url.search, payload: bytes, headers: { "content-type": "application/pdf" } });
  if (put.statusCode !== 200) throw new Error(`invoice upload failed: ${put.statusCode} ${put.body}`);
  return `/objects/uploads/${url.pathname.split("/").pop()}`;
}

/** Attaches a stored PDF invoice to the package (the object written to the app's storage). */
export async function addTestInvoice(t: TestApp, trackingId: number): Promise<void> {
  const name = randomBytes(16).toString("hex");
  await t.ctx.providers.storage.put(`uploads/${name}`, TEST_INVOICE_PDF, "application/pdf");
  const now = new Date();
  await t.ctx.db.insert(uploads).values({
    name,
    storage: t.ctx.providers.storage.kind,
    status: "UPLOADED",
    kind: "FACTURA",
    contentType: "application/pdf",
    sizeBytes: TEST_INVOICE_PDF.byteLength,
    expiresAt: now,
    keptAt: now,
  });
  await t.ctx.db.insert(packageInvoices).values({ trackingId, uploadName: name, contentType: "application/pdf", sizeBytes: TEST_INVOICE_PDF.byteLength });
}
