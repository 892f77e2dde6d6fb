// Embarques over HTTP (issue 20): a 50-package shipment is created, filled, closed; its manifest
// opens in LibreOffice with the right rows and totals, its PDF has the pages expected; one move
// changes all 50 and queues exactly 50 WhatsApp messages. And every refusal, in Spanish, changing nothing.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { and, count, eq, inArray } from "drizzle-orm";
import { useTestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { addReceivedPackages, addTestShipment } from "../../test/shipments";
import { auditLog, clientTrackings, notificationOutbox, trackingStatusHistory, unclaimedPackages } from "../../db/schema";
import {
  SHIPMENT_CLOSED,
  SHIPMENT_EMPTY,
  SHIPMENT_NOT_CLOSED,
  SHIPMENT_REOPEN_MOVED,
  SHIPMENT_SCAN_MANY,
  SHIPMENT_SCAN_NONE,
  ZShipmentDetailSchema,
  ZShipmentListResponseSchema,
  ZShipmentMoveResponseSchema,
  ZReadyPackagesResponseSchema,
  shipmentMoveNotNext,
  shipmentPackageInOther,
  shipmentPackageInThis,
  shipmentPackageNotReceived,
  shipmentPackageWrongStatus,
  shipmentPackageWrongType,
  shipmentScanUnclaimed,
} from "../../../shared/api/admin/shipments";
import { packageLabelCode } from "../../../shared/domain/warehouse";
import { manifestPageCount } from "./manifest";
import { findSoffice } from "../../test/workbooks";

const run = promisify(execFile);
const t = useTestApp();
let bodega: TestStaff;
let workDir: string;

beforeAll(async () => {
  bodega = await createTestStaff(t, "bodega");
  workDir = await mkdtemp(path.join(tmpdir(), "manifest-lo-"));
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});


/** LibreOffice's reading of the workbook's first sheet, as CSV rows (UTF-8, raw values). */
async function manifestInLibreOffice(bytes: Buffer): Promise<string[][]> {
  const soffice = findSoffice();
  if (!soffice) throw new Error("LibreOffice Calc (soffice) no está instalado y esta prueba lo necesita: apt-get install libreoffice-calc-nogui");
  const input = path.join(workDir, "manifiesto.xlsx");
  await writeFile(input, bytes);
  const profile = `file://${path.join(workDir, "profile")}`;
  await run(
    soffice,
    [`-env:UserInstallation=${profile}`, "--headless", "--norestore", "--convert-to", 'csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,false,true,false', "--outdir", workDir, input],
    { timeout: 120_000 },
  );
  const csv = await readFile(path.join(workDir, "manifiesto.csv"), "utf8");
  return csv
    .trim()
    .split(/\r?\n/)
    .map((line) => [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1].replace(/^"|"$/g, "").replace(/""/g, '"')).slice(0, 12));
}

const as = (who: TestStaff) => ({ authorization: who.headers.authorization });

async function call(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: as(bodega), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function createShipment(formaEnvio: "AVION" | "BARCO" = "AVION", numeroGuia = "AWB 123-45678901") {
  const res = await call("POST", "/api/admin/shipments", { formaEnvio, numeroGuia, transporte: "AV 601", fecha: "2026-11-26", notas: "=cmd|' /C calc'!A0" });
  expect(res.statusCode, res.body).toBe(201);
  return ZShipmentDetailSchema.parse(res.json()).shipment;
}

const outboxCount = async (ids: number[]) =>
  (await t.ctx.db.select({ n: count() }).from(notificationOutbox).where(inArray(notificationOutbox.trackingId, ids)))[0].n;

describe("a 50-package shipment", () => {
  it("is created, filled, closed; its manifest opens in LibreOffice; one move changes all 50 with 50 messages", async () => {
    const names = ["José Núñez", "=HYPERLINK(\"http://x\")", "María Fernández", "Ana Solís", "Luis Mora"];
    const packages = await addReceivedPackages(t.ctx.db, 50, { names });
    const ids = packages.map((p) => p.id);
    const shipment = await createShipment();
    expect(shipment).toMatchObject({ estado: "ABIERTO", numeroGuia: "AWB 123-45678901", nextMove: null });

    // The ready list holds them; add 49 by ids and the last by scanning its label.
    const ready = ZReadyPackagesResponseSchema.parse((await call("GET", `/api/admin/shipments/${shipment.id}/ready`)).json());
    expect(ready.packages.map((p) => p.id)).toEqual(expect.arrayContaining(ids));
    const byIds = await call("POST", `/api/admin/shipments/${shipment.id}/packages`, { trackingIds: ids.slice(0, 49) });
    expect(byIds.statusCode, byIds.body).toBe(200);
    const scanned = await call("POST", `/api/admin/shipments/${shipment.id}/packages`, { code: packageLabelCode(ids[49]) });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const filled = ZShipmentDetailSchema.parse(scanned.json());
    expect(filled.packages).toHaveLength(50);
    const grams = packages.reduce((sum, p) => sum + p.pesoGramos!, 0);
    expect(filled.shipment.totals).toEqual({ piezas: 50, gramos: grams, pieCubicos: 0, valorDeclaradoUsd: 512.5, montoColones: 50_000 });
    expect(filled.packages[0]).toMatchObject({ clientCode: expect.any(String), clientName: expect.any(String) });

    const closed = await call("POST", `/api/admin/shipments/${shipment.id}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(ZShipmentDetailSchema.parse(closed.json()).shipment).toMatchObject({ estado: "CERRADO", nextMove: "EN_ADUANAS" });

    // The manifest as LibreOffice reads it: header, 50 rows, totals.
    const xlsx = await call("GET", `/api/admin/shipments/${shipment.id}/manifest.xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toBe('attachment; filename="manifiesto-AWB-123-45678901.xlsx"');
    const rows = await manifestInLibreOffice(xlsx.rawPayload);
    expect(rows).toHaveLength(52);
    expect(rows[0]).toEqual(["#", "Código cliente", "Cliente", "Tracking", "Carrier", "Descripción", "Piezas", "Peso (g)", "Pies cúbicos", "Valor declarado (USD)", "Tienda", "Factura"]);
    const listed = filled.packages;
    for (let i = 0; i < 50; i++) {
      const row = rows[i + 1];
      expect(row[0]).toBe(String(i + 1));
      expect(row[1]).toBe(listed[i].clientCode);
      // A name that looks like a formula stays text (the exports' neutralization).
      expect(row[2]).toBe(listed[i].clientName.startsWith("=") ? `'${listed[i].clientName}` : listed[i].clientName);
      expect(row[3]).toBe(listed[i].trackingCode);
      expect(Number(row[6])).toBe(1);
      expect(Number(row[7])).toBe(listed[i].pesoGramos);
      expect(Number(row[9])).toBe(10.25);
    }
    expect(rows[51][0]).toBe("TOTAL");
    expect(Number(rows[51][6])).toBe(50);
    expect(Number(rows[51][7])).toBe(grams);
    expect(Number(rows[51][9])).toBe(512.5);
    const [exported] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "exportacion.descargar"), eq(auditLog.entityId, "manifiesto")));
    expect(exported.summary).toContain("manifiesto-AWB-123-45678901.xlsx");

    // The PDF manifest parses with the pages expected.
    const pdf = await call("GET", `/api/admin/shipments/${shipment.id}/manifest.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(manifestPageCount(50));
    expect(manifestPageCount(50)).toBe(2);

    // One move: all 50, 50 messages, 50 history rows, one embarque.estado record.
    const before = await outboxCount(ids);
    const moved = await call("POST", `/api/admin/shipments/${shipment.id}/status`, { estado: "EN_ADUANAS" });
    expect(moved.statusCode, moved.body).toBe(200);
    const answer = ZShipmentMoveResponseSchema.parse(moved.json());
    expect(answer).toMatchObject({ moved: 50, unchanged: 0, message: "50 paquetes pasaron a 'En aduanas'." });
    expect(answer.shipment.nextMove).toBe("EN_BODEGA_CR");
    expect((await outboxCount(ids)) - before).toBe(50);
    const statuses = await t.ctx.db.select({ estado: clientTrackings.estado }).from(clientTrackings).where(inArray(clientTrackings.id, ids));
    expect(new Set(statuses.map((s) => s.estado))).toEqual(new Set(["EN_ADUANAS"]));
    const [{ n: history }] = await t.ctx.db
      .select({ n: count() })
      .from(trackingStatusHistory)
      .where(and(inArray(trackingStatusHistory.trackingId, ids), eq(trackingStatusHistory.newStatus, "EN_ADUANAS")));
    expect(history).toBe(50);
    const moves = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "embarque.estado"), eq(auditLog.entityId, String(shipment.id))));
    expect(moves).toHaveLength(1);
    expect(moves[0].actorAccountId).toBe(bodega.accountId);

    // Only the next step; not backwards, not skipping; a reopen is refused now.
    const skip = await call("POST", `/api/admin/shipments/${shipment.id}/status`, { estado: "LISTO_PARA_ENTREGAR" });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(shipmentMoveNotNext("EN_BODEGA_CR"));
    const reopen = await call("POST", `/api/admin/shipments/${shipment.id}/reopen`);
    expect(reopen.json().message).toBe(SHIPMENT_REOPEN_MOVED);

    // A package moved on by hand is left alone by the next move.
    await t.ctx.db.update(clientTrackings).set({ estado: "LISTO_PARA_ENTREGAR" }).where(eq(clientTrackings.id, ids[0]));
    const next = ZShipmentMoveResponseSchema.parse((await call("POST", `/api/admin/shipments/${shipment.id}/status`, { estado: "EN_BODEGA_CR" })).json());
    expect(next).toMatchObject({ moved: 49, unchanged: 1 });
    expect((await outboxCount(ids)) - before).toBe(99);
  }, 240_000);
});

describe("refusals", () => {
  it("refuses packages not received, in another shipment, of another type, not at Miami, twice, or into a closed shipment", async () => {
    const [received, other, waiting] = await addReceivedPackages(t.ctx.db, 3);
    const [sea] = await addReceivedPackages(t.ctx.db, 1, { formaEnvio: "BARCO" });
    const [notReceived] = await addReceivedPackages(t.ctx.db, 1, { received: false });
    const elsewhere = await addTestShipment(t.ctx.db, { trackingIds: [other.id] });
    await t.ctx.db.update(clientTrackings).set({ estado: "EN_ADUANAS" }).where(eq(clientTrackings.id, waiting.id));
    await t.ctx.db.insert(unclaimedPackages).values({ trackingCode: "WAITUNCLAIMED1", carrier: "UPS" });
    const shipment = await createShipment("AVION", "AWB-REFUSALS");
    const add = (body: unknown) => call("POST", `/api/admin/shipments/${shipment.id}/packages`, body);
    const refusals: [unknown, number, string][] = [
      [{ trackingIds: [notReceived.id] }, 409, shipmentPackageNotReceived(notReceived.trackingCode)],
      [{ trackingIds: [other.id] }, 409, shipmentPackageInOther(other.trackingCode, elsewhere.numeroGuia)],
      [{ trackingIds: [sea.id] }, 409, shipmentPackageWrongType(sea.trackingCode, "BARCO")],
      [{ trackingIds: [waiting.id] }, 409, shipmentPackageWrongStatus(waiting.trackingCode, "EN_ADUANAS")],
      [{ trackingIds: [received.id, notReceived.id] }, 409, shipmentPackageNotReceived(notReceived.trackingCode)],
      [{ code: "NOEXISTE123456" }, 404, SHIPMENT_SCAN_NONE],
      [{ code: "waitunclaimed1" }, 409, shipmentScanUnclaimed("WAITUNCLAIMED1")],
      [{ trackingIds: [2_000_000_000] }, 404, SHIPMENT_SCAN_NONE],
    ];
    for (const [body, status, message] of refusals) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // All or nothing: the good package of the mixed call was not added.
    expect((await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, received.id)))[0].shipmentId).toBeNull();
    expect((await add({ code: received.trackingCode })).statusCode).toBe(200);
    const twice = await add({ code: received.trackingCode.toLowerCase() });
    expect(twice.json().message).toBe(shipmentPackageInThis(received.trackingCode));

    // Closing an empty shipment, moving an open one, adding to a closed one.
    const empty = await createShipment("AVION", "AWB-EMPTY");
    expect((await call("POST", `/api/admin/shipments/${empty.id}/close`)).json().message).toBe(SHIPMENT_EMPTY);
    expect((await call("POST", `/api/admin/shipments/${shipment.id}/status`, { estado: "EN_ADUANAS" })).json().message).toBe(SHIPMENT_NOT_CLOSED);
    expect((await call("POST", `/api/admin/shipments/${shipment.id}/close`)).statusCode).toBe(200);
    expect((await add({ trackingIds: [waiting.id] })).json().message).toBe(SHIPMENT_CLOSED);
    expect((await call("PATCH", `/api/admin/shipments/${shipment.id}`, { transporte: "X" })).json().message).toBe(SHIPMENT_CLOSED);
    expect((await call("DELETE", `/api/admin/shipments/${shipment.id}/packages/${received.id}`)).json().message).toBe(SHIPMENT_CLOSED);

    // Reopen while nothing moved: then remove and edit work again.
    expect((await call("POST", `/api/admin/shipments/${shipment.id}/reopen`)).statusCode).toBe(200);
    const removed = await call("DELETE", `/api/admin/shipments/${shipment.id}/packages/${received.id}`);
    expect(ZShipmentDetailSchema.parse(removed.json()).packages).toEqual([]);
    const edited = await call("PATCH", `/api/admin/shipments/${shipment.id}`, { transporte: "AV 603", numeroGuia: "awb-refusals-2" });
    expect(ZShipmentDetailSchema.parse(edited.json()).shipment).toMatchObject({ transporte: "AV 603", numeroGuia: "AWB-REFUSALS-2" });
    const actions = (await t.ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, String(shipment.id)))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["embarque.crear", "embarque.agregar", "embarque.cerrar", "embarque.reabrir", "embarque.quitar", "embarque.editar"]));
  });

  it("asks to choose when two clients' packages share a scanned number", async () => {
    const [a, b] = await addReceivedPackages(t.ctx.db, 2, { clients: 2 });
    const shared = `SHARED${a.id}`;
    await t.ctx.db.update(clientTrackings).set({ trackingCode: shared }).where(inArray(clientTrackings.id, [a.id, b.id]));
    const shipment = await createShipment("AVION", "AWB-CHOOSE");
    const res = await call("POST", `/api/admin/shipments/${shipment.id}/packages`, { code: shared });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SHIPMENT_SCAN_MANY);
    expect(res.json().matches.map((m: { id: number }) => m.id).sort()).toEqual([a.id, b.id].sort());
  });

  it("validates bodies in Spanish and answers 404 for an unknown shipment", async () => {
    const bad = await call("POST", "/api/admin/shipments", { formaEnvio: "TREN", numeroGuia: "X", fecha: "2026-11-26" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Forma de envío inválida: AVION o BARCO");
    const date = await call("POST", "/api/admin/shipments", { formaEnvio: "AVION", numeroGuia: "X1", fecha: "2026-02-31" });
    expect(date.json().message).toBe("Fecha inválida: usa el formato AAAA-MM-DD");
    const control = await call("POST", "/api/admin/shipments", { formaEnvio: "AVION", numeroGuia: "X1\u0000", fecha: "2026-02-01" });
    expect(control.statusCode).toBe(400);
    expect((await call("GET", "/api/admin/shipments/999999999")).statusCode).toBe(404);
    const list = ZShipmentListResponseSchema.parse((await call("GET", "/api/admin/shipments?pageSize=5")).json());
    expect(list.shipments.length).toBeLessThanOrEqual(5);
    // Open ones come first.
    const firstClosed = list.shipments.findIndex((s) => s.estado === "CERRADO");
    if (firstClosed >= 0) expect(list.shipments.slice(firstClosed).every((s) => s.estado === "CERRADO")).toBe(true);
  });
});
