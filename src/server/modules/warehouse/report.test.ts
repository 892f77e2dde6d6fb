// The warehouse's daily report over HTTP (issue 32 item 8, decision 154), as Bodega: the four
// sections from stored data (received that Costa Rica day per the status history; in the
// warehouse without a shipment; Sin dueño by age band; without weight or amount with reasons),
// the date rule (impossible or future days refused in Spanish), and the Excel with one sheet per
// section, recorded as an export.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { auditLog, clientTrackings, shipments, trackingStatusHistory, unclaimedPackages } from "../../db/schema";
import { addDays, costaRicaDayKey, costaRicaDayStart } from "../../../shared/domain/dates";
import { REPORT_DATE_FUTURE, REPORT_DATE_INVALID, ZWarehouseReportSchema, type TWarehouseReport } from "../../../shared/api/admin/warehouse-report";

const t = useTestApp();
let bodega: TestStaff;
let clientId: number;
let clientCode: string;
const today = costaRicaDayKey(new Date());
const yesterday = costaRicaDayKey(addDays(costaRicaDayStart(today), -1));
const codes: Record<string, string> = {};

const get = (url: string) => t.app.inject({ method: "GET", url, headers: bodega.headers });
async function report(date?: string): Promise<TWarehouseReport> {
  const res = await get(`/api/admin/warehouse/report${date ? `?date=${date}` : ""}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZWarehouseReportSchema.parse(res.json());
}
async function pkg(name: string, estado?: "EN_BODEGA_MIAMI", set: Partial<typeof clientTrackings.$inferInsert> = {}) {
  codes[name] = uniqueTrackingCode("RB");
  const row = await addTestPackage(t.ctx.db, clientId, codes[name], estado);
  if (Object.keys(set).length > 0) await t.ctx.db.update(clientTrackings).set(set).where(eq(clientTrackings.id, row.id));
  return row;
}
async function unclaimed(name: string, daysAgo: number) {
  codes[name] = uniqueTrackingCode("SD");
  await t.ctx.db.insert(unclaimedPackages).values({ trackingCode: codes[name], pesoGramos: 500, receivedAt: addDays(new Date(), -daysAgo) });
}

beforeAll(async () => {
  bodega = await createTestStaff(t, "bodega", "Bodeguero Report");
  const client = await registerTestClient(t.app, { nombre: "Ana Reporte Solís" });
  clientCode = client.clientCode;
  clientId = await clientIdOf(t.ctx.db, clientCode);

  // Received today through Recepción (weight, so priced): in the warehouse, no shipment.
  const received = await pkg("received");
  const res = await t.app.inject({ method: "POST", url: "/api/admin/warehouse/receive", headers: bodega.headers, payload: { trackingId: received.id, pesoGramos: 1200, photos: [] } });
  expect(res.statusCode, res.body).toBe(200);

  // Reached the warehouse yesterday (its history says so), already in a shipment, weighed and priced.
  const [shipment] = await t.ctx.db.insert(shipments).values({ formaEnvio: "AVION", numeroGuia: uniqueTrackingCode("AWB"), fecha: today }).returning();
  const shipped = await pkg("shipped", undefined, { pesoGramos: 800, montoColones: 9000, shipmentId: shipment.id });
  await t.ctx.db.update(clientTrackings).set({ estado: "EN_BODEGA_MIAMI", receivedAt: addDays(new Date(), -1) }).where(eq(clientTrackings.id, shipped.id));
  await t.ctx.db.insert(trackingStatusHistory).values({ trackingId: shipped.id, previousStatus: "SEGUIMIENTO_INTERNACIONAL", newStatus: "EN_BODEGA_MIAMI", changedAt: addDays(new Date(), -1) });

  // In the warehouse without weight and without amount; with weight typed but no amount.
  await pkg("bare", "EN_BODEGA_MIAMI");
  await pkg("unpriced", "EN_BODEGA_MIAMI", { pesoPieCubicos: "900" });
  // Weighed at Recepción (grams) but not priced; priced but nothing weighed (it can be charged:
  // not listed); gone on to customs without an amount (still listed, as in Paquetes).
  await pkg("weighed", "EN_BODEGA_MIAMI", { pesoGramos: 700 });
  await pkg("pricedBare", "EN_BODEGA_MIAMI", { montoColones: 4_000 });
  await pkg("customs", "EN_BODEGA_MIAMI", { estado: "EN_ADUANAS" });
  // Not in the warehouse: never listed in the stock sections.
  await pkg("tracking");

  await unclaimed("fresh", 0);
  await unclaimed("week", 5);
  await unclaimed("month", 20);
  await unclaimed("old", 45);
  codes.claimed = uniqueTrackingCode("SD");
  await t.ctx.db.insert(unclaimedPackages).values({ trackingCode: codes.claimed, receivedAt: addDays(new Date(), -40), claimedAt: new Date() });
});

const codesOf = (rows: { trackingCode: string }[]) => rows.map((r) => r.trackingCode).filter((c) => Object.values(codes).includes(c));

describe("GET /api/admin/warehouse/report", () => {
  it("answers the four sections from stored data, for today by default", async () => {
    const r = await report();
    expect(r.date).toBe(today);

    const received = r.received.rows.find((p) => p.trackingCode === codes.received)!;
    expect(received).toMatchObject({ clientCode, clientName: "Ana Reporte Solís", estado: "EN_BODEGA_MIAMI", pesoGramos: 1200, days: 0 });
    expect(received.montoColones).toBeGreaterThan(0);
    expect(codesOf(r.received.rows)).not.toContain(codes.shipped);
    expect(codesOf(r.received.rows)).not.toContain(codes.tracking);

    expect(codesOf(r.notShipped.rows)).toEqual(expect.arrayContaining([codes.received, codes.bare, codes.unpriced]));
    expect(codesOf(r.notShipped.rows)).not.toContain(codes.shipped);
    expect(codesOf(r.notShipped.rows)).not.toContain(codes.tracking);
    expect(r.notShipped.total).toBeGreaterThanOrEqual(3);

    const band = (key: string) => codesOf(r.unclaimed.bands.find((b) => b.key === key)!.rows);
    expect(r.unclaimed.bands.map((b) => b.key)).toEqual(["0-2", "3-7", "8-30", "31+"]);
    expect(band("0-2")).toContain(codes.fresh);
    expect(band("3-7")).toContain(codes.week);
    expect(band("8-30")).toContain(codes.month);
    expect(band("31+")).toContain(codes.old);
    expect(r.unclaimed.bands.flatMap((b) => codesOf(b.rows))).not.toContain(codes.claimed);
    expect(r.unclaimed.bands.reduce((n, b) => n + b.count, 0)).toBe(r.unclaimed.total);

    // One rule (decision 164): no amount, the reason "Sin peso" (nothing weighed) or "Sin monto".
    const missing = Object.fromEntries(r.missing.rows.filter((p) => Object.values(codes).includes(p.trackingCode)).map((p) => [p.trackingCode, p.motivo]));
    expect(missing).toEqual({ [codes.bare]: "Sin peso", [codes.unpriced]: "Sin monto", [codes.weighed]: "Sin monto", [codes.customs]: "Sin peso" });
  });

  it("lists the same packages, and the same number, as Paquetes' Sin peso o monto (one rule, decision 164)", async () => {
    const r = await report();
    const res = await get("/api/admin/packages?sinMonto=1&pageSize=100");
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as { total: number; packages: { trackingCode: string; motivoSinMonto: string | null }[] };
    expect(r.missing.total).toBe(list.total);
    const byCode = (rows: { trackingCode: string }[], reason: (row: never) => unknown) =>
      Object.fromEntries(rows.map((p) => [p.trackingCode, reason(p as never)]));
    expect(byCode(r.missing.rows, (p: { motivo: string }) => p.motivo)).toEqual(byCode(list.packages, (p: { motivoSinMonto: string }) => p.motivoSinMonto));
    expect(codesOf(r.missing.rows)).not.toContain(codes.pricedBare);
  });

  it("follows the asked day for the receipts: yesterday lists the one that arrived yesterday", async () => {
    const r = await report(yesterday);
    expect(r.date).toBe(yesterday);
    expect(codesOf(r.received.rows)).toEqual([codes.shipped]);
    const old = await report("2001-01-01");
    expect(codesOf(old.received.rows)).toEqual([]);
  });

  it("refuses an impossible, malformed or future day in Spanish", async () => {
    for (const date of ["2026-02-30", "2026-13-01", "ayer", "2026-1-5"]) {
      const res = await get(`/api/admin/warehouse/report?date=${date}`);
      expect(res.statusCode, date).toBe(400);
      expect(res.json().message).toBe(REPORT_DATE_INVALID);
    }
    const tomorrow = costaRicaDayKey(addDays(costaRicaDayStart(today), 1));
    const res = await get(`/api/admin/warehouse/report?date=${tomorrow}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(REPORT_DATE_FUTURE);
    expect((await get("/api/admin/warehouse/report.xlsx?date=2026-02-30")).statusCode).toBe(400);
  });

  it("refuses a caller without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/warehouse/report" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/warehouse/report.xlsx" })).statusCode).toBe(401);
  });
});

describe("GET /api/admin/warehouse/report.xlsx", () => {
  it("one sheet per section with the JSON's rows, recorded as an export", async () => {
    const json = await report(today);
    const res = await get(`/api/admin/warehouse/report.xlsx?date=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="reporte-bodega-${today}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(["Recibidos del día", "Sin embarque", "Sin dueño", "Sin peso o monto"]);
    const values = (name: string) => workbook.getWorksheet(name)!.getSheetValues().slice(1).map((row) => (row as unknown[]).slice(1));

    const received = values("Recibidos del día");
    expect(received[0]).toEqual(["Guía", "Código cliente", "Cliente", "Estado", "Envío", "Recibido", "Días en bodega", "Peso (g)", "Pie³", "Monto (₡)"]);
    expect(received).toHaveLength(json.received.rows.length + 1);
    const row = received.find((r) => r[0] === codes.received)!;
    expect(row.slice(1, 5)).toEqual([clientCode, "Ana Reporte Solís", "En bodega Miami", "Avión"]);
    expect(row[7]).toBe(1200);

    expect(values("Sin embarque")).toHaveLength(json.notShipped.rows.length + 1);
    const missing = values("Sin peso o monto");
    expect(missing.find((r) => r[0] === codes.bare)?.[10]).toBe("Sin peso");
    expect(missing.find((r) => r[0] === codes.unpriced)?.[10]).toBe("Sin monto");
    const unclaimedSheet = values("Sin dueño");
    expect(unclaimedSheet.find((r) => r[1] === codes.old)?.[0]).toBe("Más de 30 días");
    expect(unclaimedSheet.some((r) => r[0] === `0 a 2 días: ${json.unclaimed.bands[0].count}`)).toBe(true);

    const [audit] = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "exportacion.descargar"), eq(auditLog.entityId, "reporte-bodega")));
    expect(audit.summary).toContain(`reporte-bodega-${today}.xlsx`);
  });
});
