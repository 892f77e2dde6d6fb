// The purchase invoice at pre-alert (issue 36 item 2, docs/decisions/215) over HTTP: a pre-alert
// with and without an invoice (a PDF or an image through the upload of kind FACTURA, checked by
// content, at most 10 MB); a wrong type or a too-big file refused in Spanish with nothing stored;
// staff see store, content, value and invoice at receipt and in the shipment's manifest (screen
// and workbook) and open the file by role; the client attaches or replaces it later; another
// client can neither attach nor read it; a delivered package's invoice stays as it was.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp, type TestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { registerTestClient } from "../../test/clients";
import { addTestShipment } from "../../test/shipments";
import { loadWorkbook, sheetValues } from "../../test/workbooks";
import { makePng } from "../../test/images";
import { auditLog, clientTrackings, packageInvoices, uploads } from "../../db/schema";
import type { TClientTracking, TClientTrackingsResponse } from "../../../shared/api/trackings";
import type { TWarehouseScanResponse } from "../../../shared/api/admin/warehouse";
import { MANIFEST_SHEET, ZShipmentDetailSchema } from "../../../shared/api/admin/shipments";
import { IMAGE_MAX_BYTES, INVOICE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE, NOT_AN_INVOICE_MESSAGE } from "../../../shared/api/uploads";
import {
  INVOICE_NOT_FOUND,
  INVOICE_PACKAGE_DELIVERED,
  INVOICE_UPLOAD_NOT_FOUND,
  INVOICE_UPLOAD_USED,
  invoiceSummary,
} from "../../../shared/api/purchase-invoices";
import { TRACKING_NOT_FOUND } from "../../../shared/api/trackings";
import { cleanUpUploads } from "../uploads/cleanup";
import { TEST_INVOICE_PDF } from "../../test/purchase-invoices";

const PDF = TEST_INVOICE_PDF;

let lastAddress = 0;
const newAddress = () => `10.36.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

/** The page's two steps: ask an address for an invoice of this size, PUT the file. */
async function uploadInvoice(t: TestApp, bytes: Buffer, tipo: "FACTURA" | "IMAGEN" = "FACTURA") {
  const asked = await t.app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress: newAddress(), payload: { size: bytes.byteLength, tipo } });
  expect(asked.statusCode, asked.body).toBe(200);
  const url = new URL(asked.json<{ uploadURL: string }>().uploadURL, "http://localhost");
  const name = url.pathname.split("/").pop()!;
  const put = await t.app.inject({ method: "PUT", url: url.pathname + url.search, payload: bytes, headers: { "content-type": "application/octet-stream" } });
  return { put, name, objectPath: `/objects/uploads/${name}` };
}

async function preAlert(t: TestApp, clientCode: string, extra: object = {}) {
  return t.app.inject({ method: "POST", url: "/api/clients/trackings", payload: { clientCode, trackingCode: uniqueTrackingCode("1Z"), ...extra } });
}

async function lookup(t: TestApp, clientCode: string): Promise<TClientTrackingsResponse> {
  const res = await t.app.inject({ method: "GET", url: `/api/clients/trackings?code=${clientCode}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const attach = (t: TestApp, id: number, clientCode: string, factura: string) =>
  t.app.inject({ method: "PUT", url: `/api/clients/trackings/${id}/factura`, payload: { clientCode, factura } });
const clientFile = (t: TestApp, id: number, clientCode: string) => t.app.inject({ method: "GET", url: `/api/clients/trackings/${id}/factura?code=${clientCode}` });
const staffAttach = (t: TestApp, id: number, staff: TestStaff | null, factura: unknown) =>
  t.app.inject({ method: "PUT", url: `/api/admin/trackings/${id}/factura`, headers: staff?.headers, payload: { factura } });
const staffFile = (t: TestApp, id: number, staff: TestStaff) => t.app.inject({ method: "GET", url: `/api/admin/trackings/${id}/factura`, headers: staff.headers });

describe("purchase invoice at pre-alert", () => {
  const t = useTestApp();
  const staff = {} as { bodega: TestStaff; dueno: TestStaff; mensajero: TestStaff };
  beforeAll(async () => {
    staff.bodega = await createTestStaff(t, "bodega", "Bodeguero Solís");
    staff.dueno = await createTestStaff(t, "dueno", "Dueña Mora");
    staff.mensajero = await createTestStaff(t, "mensajero", "Mensajero Rojas");
  });

  it("a pre-alert without an invoice has none; with a PDF it keeps it, the client sees it and opens its own file", async () => {
    const client = await registerTestClient(t.app, { nombre: "Marta Quesada Vargas" });
    const without = await preAlert(t, client.clientCode, { tiendaOrigen: "Amazon" });
    expect(without.statusCode, without.body).toBe(201);
    expect(without.json<TClientTracking>().factura).toBeNull();

    const { put, name, objectPath } = await uploadInvoice(t, PDF);
    expect(put.statusCode, put.body).toBe(200);
    const res = await preAlert(t, client.clientCode, { factura: objectPath, tiendaOrigen: "Amazon", descripcionPaquete: "Audífonos", valorDeclarado: 59.9 });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<TClientTracking>();
    expect(created.factura).toMatchObject({ contentType: "application/pdf", sizeBytes: PDF.byteLength });

    const [kept] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, name));
    expect(kept.keptAt).not.toBeNull();
    const seen = (await lookup(t, client.clientCode)).trackings;
    expect(seen.find((p) => p.id === created.id)?.factura).toMatchObject({ contentType: "application/pdf" });
    expect(seen.find((p) => p.id === without.json<TClientTracking>().id)?.factura).toBeNull();

    const file = await clientFile(t, created.id, client.clientCode);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await clientFile(t, without.json<TClientTracking>().id, client.clientCode)).json()).toMatchObject({ message: INVOICE_NOT_FOUND });
  });

  it("an image invoice works the same (PNG)", async () => {
    const client = await registerTestClient(t.app, { nombre: "Ana Solano Vargas" });
    const png = makePng();
    const { objectPath } = await uploadInvoice(t, png);
    const res = await preAlert(t, client.clientCode, { factura: objectPath });
    expect(res.statusCode, res.body).toBe(201);
    const file = await clientFile(t, res.json<TClientTracking>().id, client.clientCode);
    expect(file.headers["content-type"]).toBe("image/png");
  });

  it("refuses a wrong file type or a too-big file in Spanish, storing nothing; a pre-alert naming it creates nothing", async () => {
    const client = await registerTestClient(t.app, { nombre: "Luis Mora Vargas" });
    const before = (await t.ctx.db.select({ id: uploads.id }).from(uploads)).length;

    // Too big: refused when the address is asked, nothing reserved.
    const big = await t.app.inject({ method: "POST", url: "/api/upload/image-url", remoteAddress: newAddress(), payload: { size: IMAGE_MAX_BYTES + 1, tipo: "FACTURA" } });
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ message: INVOICE_TOO_LARGE_MESSAGE });
    expect((await t.ctx.db.select({ id: uploads.id }).from(uploads)).length).toBe(before);

    // Not a PDF or an image (a Word file, named by nothing but its bytes): 415, nothing stored.
    const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]);
    const wrong = await uploadInvoice(t, doc);
    expect(wrong.put.statusCode).toBe(415);
    expect(wrong.put.json()).toMatchObject({ message: NOT_AN_INVOICE_MESSAGE });
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, wrong.name));
    expect(row).toMatchObject({ status: "PENDING", kind: "FACTURA", keptAt: null });
    expect(await t.ctx.providers.storage.get(`uploads/${wrong.name}`, IMAGE_MAX_BYTES)).toBeNull();

    // A pre-alert naming it (or any name never uploaded) is refused and creates nothing.
    for (const factura of [wrong.objectPath, `/objects/uploads/${"a".repeat(32)}`]) {
      const res = await preAlert(t, client.clientCode, { factura });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: INVOICE_UPLOAD_NOT_FOUND });
    }
    const bad = await preAlert(t, client.clientCode, { factura: "factura.pdf" });
    expect(bad.statusCode).toBe(400);
    expect((await lookup(t, client.clientCode)).trackings).toHaveLength(0);

    // A PDF is still no photo: the spec's image upload refuses it as before.
    const asPhoto = await uploadInvoice(t, PDF, "IMAGEN");
    expect(asPhoto.put.statusCode).toBe(415);
    expect(asPhoto.put.json()).toMatchObject({ message: NOT_AN_IMAGE_MESSAGE });
  });

  it("an invoice attached to one package cannot be attached again; the failed pre-alert leaves nothing", async () => {
    const client = await registerTestClient(t.app, { nombre: "Rosa Chaves Vargas" });
    const { objectPath } = await uploadInvoice(t, PDF);
    expect((await preAlert(t, client.clientCode, { factura: objectPath })).statusCode).toBe(201);
    const again = await preAlert(t, client.clientCode, { factura: objectPath });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: INVOICE_UPLOAD_USED });
    expect((await lookup(t, client.clientCode)).trackings).toHaveLength(1);
  });

  it("staff see store, content, value and invoice at receipt and open the file; the Mensajero may not", async () => {
    const client = await registerTestClient(t.app, { nombre: "Marta Quesada Vargas" });
    const { objectPath } = await uploadInvoice(t, PDF);
    const created = (await preAlert(t, client.clientCode, { factura: objectPath, tiendaOrigen: "Best Buy", descripcionPaquete: "Audífonos", valorDeclarado: 120 })).json<TClientTracking>();

    const scan = await t.app.inject({ method: "GET", url: `/api/admin/warehouse/scan?code=${created.trackingCode}`, headers: staff.bodega.headers });
    expect(scan.statusCode, scan.body).toBe(200);
    const [pkg] = scan.json<TWarehouseScanResponse>().packages;
    expect(pkg).toMatchObject({ tiendaOrigen: "Best Buy", descripcionPaquete: "Audífonos", valorDeclarado: 120, factura: { contentType: "application/pdf", sizeBytes: PDF.byteLength } });

    const received = await t.app.inject({ method: "POST", url: "/api/admin/warehouse/receive", headers: staff.bodega.headers, payload: { trackingId: created.id, pesoGramos: 800 } });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ package: { factura: { contentType: "application/pdf" } } });

    const file = await staffFile(t, created.id, staff.bodega);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await staffFile(t, created.id, staff.mensajero)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: `/api/admin/trackings/${created.id}/factura` })).statusCode).toBe(401);
  });

  it("the shipment's manifest shows each package's store and invoice, on screen and in the workbook", async () => {
    const client = await registerTestClient(t.app, { nombre: "Carla Rojas Vargas" });
    const { objectPath } = await uploadInvoice(t, PDF);
    const withInvoice = (await preAlert(t, client.clientCode, { factura: objectPath, tiendaOrigen: "Shein", valorDeclarado: 35 })).json<TClientTracking>();
    const without = (await preAlert(t, client.clientCode, { tiendaOrigen: "Temu" })).json<TClientTracking>();
    await t.ctx.db.update(clientTrackings).set({ estado: "EN_BODEGA_MIAMI", pesoGramos: 500 }).where(eq(clientTrackings.clientId, (await t.ctx.db.select({ c: clientTrackings.clientId }).from(clientTrackings).where(eq(clientTrackings.id, withInvoice.id)))[0].c));
    const shipment = await addTestShipment(t.ctx.db, { trackingIds: [withInvoice.id, without.id] });

    const detail = await t.app.inject({ method: "GET", url: `/api/admin/shipments/${shipment.id}`, headers: staff.dueno.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    const packages = ZShipmentDetailSchema.parse(detail.json()).packages;
    expect(packages.find((p) => p.id === withInvoice.id)).toMatchObject({ tiendaOrigen: "Shein", valorDeclarado: 35, factura: { contentType: "application/pdf" } });
    expect(packages.find((p) => p.id === without.id)).toMatchObject({ tiendaOrigen: "Temu", factura: null });

    const xlsx = await t.app.inject({ method: "GET", url: `/api/admin/shipments/${shipment.id}/manifest.xlsx`, headers: staff.dueno.headers });
    expect(xlsx.statusCode).toBe(200);
    const rows = sheetValues((await loadWorkbook(xlsx.rawPayload)).getWorksheet(MANIFEST_SHEET)!);
    expect(rows[0]).toEqual(expect.arrayContaining(["Tienda", "Factura"]));
    const byTracking = new Map(rows.slice(1).map((r) => [r[3], r]));
    expect(byTracking.get(withInvoice.trackingCode)?.slice(-2)).toEqual(["Shein", "Sí · PDF"]);
    expect(byTracking.get(without.trackingCode)?.slice(-2)).toEqual(["Temu", "No"]);
    const pdf = await t.app.inject({ method: "GET", url: `/api/admin/shipments/${shipment.id}/manifest.pdf`, headers: staff.dueno.headers });
    expect(pdf.statusCode).toBe(200);
  });

  it("the client adds the invoice later (after receipt too) and replaces it; the replaced file goes to the clean-up", async () => {
    const client = await registerTestClient(t.app, { nombre: "Marta Quesada Vargas" });
    const created = (await preAlert(t, client.clientCode)).json<TClientTracking>();
    await t.ctx.db.update(clientTrackings).set({ estado: "EN_BODEGA_MIAMI" }).where(eq(clientTrackings.id, created.id));

    const first = await uploadInvoice(t, makePng());
    const added = await attach(t, created.id, client.clientCode, first.objectPath);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<TClientTracking>().factura).toMatchObject({ contentType: "image/png" });

    const second = await uploadInvoice(t, PDF);
    const replaced = await attach(t, created.id, client.clientCode, second.objectPath);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<TClientTracking>().factura).toMatchObject({ contentType: "application/pdf" });
    expect((await clientFile(t, created.id, client.clientCode)).rawPayload.equals(PDF)).toBe(true);
    expect(await t.ctx.db.select().from(packageInvoices).where(eq(packageInvoices.trackingId, created.id))).toHaveLength(1);

    const audit = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "paquete.factura"), eq(auditLog.entityId, String(created.id))));
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => a.actorLabel)).toEqual(["Cliente", "Cliente"]);

    // The replaced file is no longer kept: the clean-up deletes it a day after it was uploaded.
    const [old] = await t.ctx.db.select().from(uploads).where(eq(uploads.name, first.name));
    expect(old.keptAt).toBeNull();
    await cleanUpUploads(t.ctx.db, t.ctx.providers.storage, new Date(Date.now() + 25 * 3600_000));
    expect(await t.ctx.db.select().from(uploads).where(eq(uploads.name, first.name))).toHaveLength(0);
    expect(await t.ctx.db.select().from(uploads).where(eq(uploads.name, second.name))).toHaveLength(1);
  });

  it("another client can neither attach an invoice to the package nor read it; a delivered package's stays", async () => {
    const owner = await registerTestClient(t.app, { nombre: "Marta Quesada Vargas" });
    const stranger = await registerTestClient(t.app, { nombre: "Pedro Castro Vargas" });
    const { objectPath } = await uploadInvoice(t, PDF);
    const created = (await preAlert(t, owner.clientCode, { factura: objectPath })).json<TClientTracking>();

    const theirs = await uploadInvoice(t, makePng());
    const refused = await attach(t, created.id, stranger.clientCode, theirs.objectPath);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: TRACKING_NOT_FOUND });
    const read = await clientFile(t, created.id, stranger.clientCode);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ message: TRACKING_NOT_FOUND });
    expect(read.rawPayload.includes(PDF.subarray(0, 8))).toBe(false);
    // Nothing changed: the owner's invoice is the same, the stranger's upload is not kept.
    expect((await clientFile(t, created.id, owner.clientCode)).rawPayload.equals(PDF)).toBe(true);
    expect((await t.ctx.db.select().from(uploads).where(eq(uploads.name, theirs.name)))[0].keptAt).toBeNull();

    // Never through a signed image link either: an invoice is opened only through its routes.
    const name = objectPath.split("/").pop()!;
    expect((await t.app.inject({ method: "GET", url: t.ctx.imageLinks.sign(objectPath) })).statusCode).toBe(404);
    expect(name).toMatch(/^[0-9a-f]{32}$/);

    await t.ctx.db.update(clientTrackings).set({ estado: "ENTREGADO", montoColones: 1000 }).where(eq(clientTrackings.id, created.id));
    const late = await attach(t, created.id, owner.clientCode, theirs.objectPath);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: INVOICE_PACKAGE_DELIVERED });
    expect((await clientFile(t, created.id, owner.clientCode)).rawPayload.equals(PDF)).toBe(true);
  });

  it("staff attach an invoice to any package, in any status, and replace it; audited as theirs; refused, nothing changes", async () => {
    const client = await registerTestClient(t.app, { nombre: "Marta Quesada Vargas" });
    const created = (await preAlert(t, client.clientCode)).json<TClientTracking>();
    await t.ctx.db.update(clientTrackings).set({ estado: "ENTREGADO", montoColones: 1000 }).where(eq(clientTrackings.id, created.id));

    // Not staff, the Mensajero, an unknown package, a bad path: refused, the upload not kept.
    const png = await uploadInvoice(t, makePng());
    expect((await staffAttach(t, created.id, null, png.objectPath)).statusCode).toBe(401);
    expect((await staffAttach(t, created.id, staff.mensajero, png.objectPath)).statusCode).toBe(403);
    const unknown = await staffAttach(t, 999_999_999, staff.bodega, png.objectPath);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: TRACKING_NOT_FOUND });
    const bad = await staffAttach(t, created.id, staff.bodega, "/objects/uploads/../secret");
    expect(bad.statusCode).toBe(400);
    const missing = await staffAttach(t, created.id, staff.bodega, `/objects/uploads/${"0".repeat(32)}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: INVOICE_UPLOAD_NOT_FOUND });
    expect((await t.ctx.db.select().from(uploads).where(eq(uploads.name, png.name)))[0].keptAt).toBeNull();
    expect(await t.ctx.db.select().from(packageInvoices).where(eq(packageInvoices.trackingId, created.id))).toHaveLength(0);

    // Bodega attaches it to the delivered package (the client no longer may); the client sees it.
    const added = await staffAttach(t, created.id, staff.bodega, png.objectPath);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ contentType: "image/png", sizeBytes: makePng().byteLength });
    expect((await clientFile(t, created.id, client.clientCode)).headers["content-type"]).toBe("image/png");

    // The Dueño replaces it; the replaced file goes to the clean-up; the same upload cannot serve twice.
    const pdf = await uploadInvoice(t, PDF);
    const replaced = await staffAttach(t, created.id, staff.dueno, pdf.objectPath);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ contentType: "application/pdf", sizeBytes: PDF.byteLength });
    expect((await staffFile(t, created.id, staff.bodega)).rawPayload.equals(PDF)).toBe(true);
    expect((await t.ctx.db.select().from(uploads).where(eq(uploads.name, png.name)))[0].keptAt).toBeNull();
    const other = (await preAlert(t, client.clientCode)).json<TClientTracking>();
    const reused = await staffAttach(t, other.id, staff.dueno, pdf.objectPath);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ message: INVOICE_UPLOAD_USED });

    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "paquete.factura"), eq(auditLog.entityId, String(created.id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.actorLabel, a.summary])).toEqual([
      ["Bodeguero Solís", `${created.trackingCode} · ${invoiceSummary({ contentType: "image/png", sizeBytes: makePng().byteLength })}`],
      ["Dueña Mora", `${created.trackingCode} · ${invoiceSummary({ contentType: "application/pdf", sizeBytes: PDF.byteLength })} · reemplaza la anterior`],
    ]);
  });

  it("deleting a pre-alert releases its invoice's file to the clean-up", async () => {
    const client = await registerTestClient(t.app, { nombre: "Marta Quesada Vargas" });
    const { objectPath, name } = await uploadInvoice(t, PDF);
    const created = (await preAlert(t, client.clientCode, { factura: objectPath })).json<TClientTracking>();
    const res = await t.app.inject({ method: "DELETE", url: `/api/clients/trackings/${created.id}`, payload: { clientCode: client.clientCode } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.ctx.db.select().from(uploads).where(eq(uploads.name, name)))[0].keptAt).toBeNull();
  });
});
