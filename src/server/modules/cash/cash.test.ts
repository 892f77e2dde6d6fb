// Caja over HTTP (issue 21): the cierre de caja of a Costa Rica day per staff member and method
// (a payment at 23:30 in Costa Rica counts that day, one at 23:59 the day before does not; a
// reversed one is listed apart and counts nowhere), its Excel as LibreOffice reads it equal to the
// JSON, and cuentas por cobrar (oldest debt first, nulls last, overpaid packages left out, search,
// pages, a client's due packages). Refusals in Spanish. Payments come from the test fixture.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { useTestApp, uniqueTrackingCode } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { addTestPackage } from "../../test/clients";
import { uniqueClientCode, findSoffice } from "../../test/workbooks";
import { insertTestPayment, setTestCharge } from "../../test/payments";
import { auditLog, clients } from "../../db/schema";
import {
  CASH_DATE_INVALID,
  CASH_STAFF_INVALID,
  RECEIVABLE_CLIENT_NOT_FOUND,
  ZCashClosingResponseSchema,
  ZReceivableDetailSchema,
  ZReceivablesResponseSchema,
} from "../../../shared/api/admin/cash";

const run = promisify(execFile);
const t = useTestApp();
const DAY = 24 * 60 * 60 * 1000;
let oficina: TestStaff;
let dueno: TestStaff;
let workDir: string;
const now = new Date();
const codes: Record<string, string> = {};
const clientCodes: Record<"A" | "B" | "C", string> = { A: "", B: "", C: "" };
const receipts: Record<string, number> = {};

async function newClient(nombre: string): Promise<{ id: number; clientCode: string }> {
  const clientCode = uniqueClientCode();
  const [row] = await t.ctx.db
    .insert(clients)
    .values({ clientCode, nombre, direccion: "Grecia centro", telefono: `+50688${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}` })
    .returning({ id: clients.id });
  return { id: row.id, clientCode };
}

async function pkg(key: string, clientId: number, montoColones: number, cobrableAt: Date | null) {
  const p = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode(`CJ${key}`));
  await setTestCharge(t.ctx.db, p.id, { montoColones, cobrableAt });
  codes[key] = p.trackingCode;
  return p.id;
}

beforeAll(async () => {
  oficina = await createTestStaff(t, "oficina", "Oficinista Prueba");
  dueno = await createTestStaff(t, "dueno", "Dueña Prueba");
  workDir = await mkdtemp(path.join(tmpdir(), "cierre-lo-"));
  const a = await newClient("Ana Mora Solís");
  const b = await newClient("Bernardo Núñez");
  const c = await newClient("=1+1 Carla Pérez");
  Object.assign(clientCodes, { A: a.clientCode, B: b.clientCode, C: c.clientCode });
  const a1 = await pkg("a1", a.id, 10_000, new Date(now.getTime() - 20 * DAY));
  const a2 = await pkg("a2", a.id, 20_000, new Date(now.getTime() - 25 * DAY));
  await pkg("a3", a.id, 5_000, null);
  const a4 = await pkg("a4", a.id, 2_000, new Date(now.getTime() - 1 * DAY));
  const b1 = await pkg("b1", b.id, 8_000, new Date(now.getTime() - 40 * DAY));
  const c1 = await pkg("c1", c.id, 3_000, null);
  const c2 = await pkg("c2", c.id, 1_000, null);
  const O = { accountId: oficina.accountId, name: oficina.name };
  const D = { accountId: dueno.accountId, name: dueno.name };
  // 08:00 in Costa Rica on 10 March: SINPE for two packages.
  receipts.P1 = await insertTestPayment(t.ctx.db, {
    clientId: a.id, method: "SINPE_MOVIL", reference: "SP-0001", paidAt: new Date("2026-03-10T14:00:00Z"), recordedBy: O,
    allocations: [{ trackingId: a1, amountColones: 4_000 }, { trackingId: a4, amountColones: 2_000 }],
  });
  // 23:30 in Costa Rica on 10 March (already the 11th in UTC): counts on the 10th.
  receipts.P2 = await insertTestPayment(t.ctx.db, {
    clientId: a.id, method: "EFECTIVO", paidAt: new Date("2026-03-11T05:30:00Z"), recordedBy: O, allocations: [{ trackingId: a2, amountColones: 20_000 }],
  });
  // Reversed the same day: listed apart, counted nowhere.
  receipts.P3 = await insertTestPayment(t.ctx.db, {
    clientId: b.id, method: "SINPE_MOVIL", reference: "SP-0002", paidAt: new Date("2026-03-10T16:00:00Z"), recordedBy: D,
    allocations: [{ trackingId: b1, amountColones: 8_000 }], reversed: { at: new Date("2026-03-10T17:00:00Z"), byName: D.name, reason: "Referencia equivocada" },
  });
  // 23:59 in Costa Rica on 9 March: the 9th.
  receipts.P4 = await insertTestPayment(t.ctx.db, {
    clientId: c.id, method: "TARJETA", paidAt: new Date("2026-03-10T05:59:00Z"), recordedBy: D, allocations: [{ trackingId: c1, amountColones: 1_000 }],
  });
  // Paid more than the package costs: saldo −500, not a debt.
  receipts.P5 = await insertTestPayment(t.ctx.db, {
    clientId: c.id, method: "TRANSFERENCIA", reference: "=cmd|' /C calc'!A0", paidAt: new Date("2026-03-10T20:00:00Z"), recordedBy: D,
    allocations: [{ trackingId: c2, amountColones: 1_500 }],
  });
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const get = (url: string, who: TestStaff = oficina) => t.app.inject({ method: "GET", url, headers: who.headers });


/** LibreOffice's reading of one sheet (1-based; it writes <file>-<sheet name>.csv) of the workbook, as CSV rows of raw values. */
async function sheetInLibreOffice(bytes: Buffer, sheet: number, name: string): Promise<string[][]> {
  const soffice = findSoffice();
  if (!soffice) throw new Error("LibreOffice Calc (soffice) no está instalado y esta prueba lo necesita: apt-get install libreoffice-calc-nogui");
  const input = path.join(workDir, `cierre-${sheet}.xlsx`);
  await writeFile(input, bytes);
  const profile = `file://${path.join(workDir, "profile")}`;
  await run(
    soffice,
    [`-env:UserInstallation=${profile}`, "--headless", "--norestore", "--convert-to", `csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,false,true,false,false,false,${sheet}`, "--outdir", workDir, input],
    { timeout: 120_000 },
  );
  const csv = await readFile(path.join(workDir, `cierre-${sheet}-${name}.csv`), "utf8");
  return csv
    .trim()
    .split(/\r?\n/)
    .map((line) => [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1].replace(/^"|"$/g, "").replace(/""/g, '"')).slice(0, 10));
}

describe("cierre de caja", () => {
  it("sums the day per staff member and method in Costa Rica's calendar, reversed apart", async () => {
    const res = await get("/api/admin/cash/closing?date=2026-03-10");
    expect(res.statusCode, res.body).toBe(200);
    const body = ZCashClosingResponseSchema.parse(res.json());
    expect(body.date).toBe("2026-03-10");
    expect(body.totals).toEqual({ SINPE_MOVIL: 6_000, EFECTIVO: 20_000, TARJETA: 0, TRANSFERENCIA: 1_500, total: 27_500 });
    expect(body.byStaff.map((s) => [s.staffName, s.accountId])).toEqual([
      ["Dueña Prueba", dueno.accountId],
      ["Oficinista Prueba", oficina.accountId],
    ]);
    const [d, o] = body.byStaff;
    expect(d.totals).toEqual({ SINPE_MOVIL: 0, EFECTIVO: 0, TARJETA: 0, TRANSFERENCIA: 1_500, total: 1_500 });
    expect(o.totals).toEqual({ SINPE_MOVIL: 6_000, EFECTIVO: 20_000, TARJETA: 0, TRANSFERENCIA: 0, total: 26_000 });
    expect(o.payments.map((p) => p.id)).toEqual([receipts.P1, receipts.P2]);
    expect(o.payments[0]).toMatchObject({
      clientCode: clientCodes.A,
      clientName: "Ana Mora Solís",
      method: "SINPE_MOVIL",
      reference: "SP-0001",
      amountColones: 6_000,
      paidAt: "2026-03-10T14:00:00.000Z",
      packages: [codes.a1, codes.a4].sort(),
    });
    expect(d.payments.map((p) => p.id)).toEqual([receipts.P5]);
    expect(body.reversed).toEqual([
      expect.objectContaining({ id: receipts.P3, amountColones: 8_000, reversalReason: "Referencia equivocada", reversedByName: "Dueña Prueba", packages: [codes.b1] }),
    ]);
    expect(body.staffOptions).toEqual([
      { accountId: dueno.accountId, staffName: "Dueña Prueba" },
      { accountId: oficina.accountId, staffName: "Oficinista Prueba" },
    ]);

    // The day before holds only the 23:59 card payment.
    const before = ZCashClosingResponseSchema.parse((await get("/api/admin/cash/closing?date=2026-03-09")).json());
    expect(before.totals).toEqual({ SINPE_MOVIL: 0, EFECTIVO: 0, TARJETA: 1_000, TRANSFERENCIA: 0, total: 1_000 });
    expect(before.byStaff[0].payments.map((p) => p.id)).toEqual([receipts.P4]);
  });

  it("filters by staff member, keeping every choice", async () => {
    const body = ZCashClosingResponseSchema.parse((await get(`/api/admin/cash/closing?date=2026-03-10&staff=${dueno.accountId}`)).json());
    expect(body.byStaff.map((s) => s.accountId)).toEqual([dueno.accountId]);
    expect(body.totals.total).toBe(1_500);
    expect(body.reversed.map((p) => p.id)).toEqual([receipts.P3]);
    expect(body.staffOptions).toHaveLength(2);
  });

  it("defaults to today and refuses bad input in Spanish", async () => {
    const today = ZCashClosingResponseSchema.parse((await get("/api/admin/cash/closing")).json());
    expect(today.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const bad of ["2026-02-30", "10/03/2026", "2026-3-1"]) {
      const res = await get(`/api/admin/cash/closing?date=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CASH_DATE_INVALID);
    }
    const staff = await get("/api/admin/cash/closing?staff=abc");
    expect(staff.statusCode).toBe(400);
    expect(staff.json().message).toBe(CASH_STAFF_INVALID);
  });

  it("downloads as Excel: LibreOffice reads the JSON's numbers, and the download is recorded", async () => {
    const json = ZCashClosingResponseSchema.parse((await get("/api/admin/cash/closing?date=2026-03-10")).json());
    const res = await get("/api/admin/cash/closing.xlsx?date=2026-03-10");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="cierre-caja-2026-03-10.xlsx"');

    const summary = (await sheetInLibreOffice(res.rawPayload, 1, "Resumen")).map((r) => r.slice(0, 6));
    expect(summary[0]).toEqual(["Persona", "SINPE Móvil", "Efectivo", "Tarjeta", "Transferencia", "Total"]);
    expect(summary).toHaveLength(json.byStaff.length + 2);
    json.byStaff.forEach((s, i) => {
      const row = summary[i + 1];
      expect(row[0]).toBe(s.staffName);
      expect(row.slice(1, 6).map(Number)).toEqual([s.totals.SINPE_MOVIL, s.totals.EFECTIVO, s.totals.TARJETA, s.totals.TRANSFERENCIA, s.totals.total]);
    });
    const last = summary[summary.length - 1];
    expect(last[0]).toBe("Total del día 10/03/2026");
    expect(last.slice(1, 6).map(Number)).toEqual([6_000, 20_000, 0, 1_500, 27_500]);

    const pagos = await sheetInLibreOffice(res.rawPayload, 2, "Pagos");
    expect(pagos[0]).toEqual(["Recibo", "Fecha y hora", "Persona", "Código cliente", "Cliente", "Método", "Referencia", "Monto", "Paquetes", "Estado"]);
    expect(pagos.slice(1).map((r) => [Number(r[0]), Number(r[7]), r[9]])).toEqual([
      [receipts.P1, 6_000, "Vigente"],
      [receipts.P5, 1_500, "Vigente"],
      [receipts.P2, 20_000, "Vigente"],
      [receipts.P3, 8_000, "Revertido: Referencia equivocada"],
    ]);
    // Text that looks like a formula stays text.
    expect(pagos[2][4]).toBe("'=1+1 Carla Pérez");
    expect(pagos[2][6]).toBe("'=cmd|' /C calc'!A0");
    expect(pagos[1][8]).toBe([codes.a1, codes.a4].sort().join(", "));
    const validSum = pagos.slice(1).filter((r) => r[9] === "Vigente").reduce((sum, r) => sum + Number(r[7]), 0);
    expect(validSum).toBe(json.totals.total);

    const [record] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "exportacion.descargar"), eq(auditLog.entityId, "cierre-caja")));
    expect(record).toMatchObject({ actorAccountId: oficina.accountId, summary: "cierre-caja-2026-03-10.xlsx · 6 filas" });
  });
});

describe("cuentas por cobrar", () => {
  it("lists clients with a balance, oldest debt first (none ready last), with totals", async () => {
    const res = await get("/api/admin/cash/receivables");
    expect(res.statusCode, res.body).toBe(200);
    const body = ZReceivablesResponseSchema.parse(res.json());
    expect(body.items.map((r) => [r.clientCode, r.totalDueColones, r.packages, r.daysDue])).toEqual([
      [clientCodes.B, 8_000, 1, 40],
      [clientCodes.A, 11_000, 2, 20],
      [clientCodes.C, 2_000, 1, null],
    ]);
    expect(body.items[2].oldestSince).toBeNull();
    expect(body.items[0].telefono).toMatch(/^\+50688/);
    expect(body.totals).toEqual({ totalDueColones: 21_000, clients: 3 });
  });

  it("searches and pages", async () => {
    const found = ZReceivablesResponseSchema.parse((await get(`/api/admin/cash/receivables?search=${encodeURIComponent("nunez")}`)).json());
    expect(found.items.map((r) => r.clientCode)).toEqual([clientCodes.B]);
    expect(found.totals).toEqual({ totalDueColones: 8_000, clients: 1 });
    const page2 = ZReceivablesResponseSchema.parse((await get("/api/admin/cash/receivables?page=2&pageSize=1")).json());
    expect(page2.items.map((r) => r.clientCode)).toEqual([clientCodes.A]);
    expect(page2.totals.clients).toBe(3);
    const bad = await get("/api/admin/cash/receivables?page=0");
    expect(bad.statusCode).toBe(400);
  });

  it("opens a client's due packages with the stored amounts", async () => {
    const res = await get(`/api/admin/cash/receivables/${clientCodes.A.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = ZReceivableDetailSchema.parse(res.json());
    expect(body.totalDueColones).toBe(11_000);
    expect(body.packages.map((p) => [p.trackingCode, p.totalColones, p.pagadoColones, p.saldoColones, p.since === null])).toEqual([
      [codes.a1, 10_000, 4_000, 6_000, false],
      [codes.a3, 5_000, 0, 5_000, true],
    ]);
    const missing = await get("/api/admin/cash/receivables/EXZZZZ99");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(RECEIVABLE_CLIENT_NOT_FOUND);
  });

  it("is office business: Bodega is refused", async () => {
    const bodega = await createTestStaff(t, "bodega");
    expect((await get("/api/admin/cash/receivables", bodega)).statusCode).toBe(403);
    expect((await get("/api/admin/cash/closing", bodega)).statusCode).toBe(403);
  });
});
