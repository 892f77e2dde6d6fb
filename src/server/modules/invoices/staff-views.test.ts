// Issue 34 item 6, the staff's side (decision 195), over HTTP on PGlite and (with DATABASE_URL)
// PostgreSQL, against the stand-in of Hacienda: the payments list carries each payment's
// comprobantes electrónicos in brief and whether invoicing is on; the cierre de caja lists the
// day's comprobantes (kind, consecutivo, client, amount, state) with totals per kind, rejected
// ones apart, in the JSON and in its Excel; the staff filter; a reissue is audited; with invoicing
// off nothing new is listed and no sheet is added.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, uniqueTrackingCode, type TestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { startFakeHacienda, fakeHaciendaEnv, type FakeHacienda } from "../../test/fakes/hacienda";
import { testInvoicing } from "../../test/hacienda";
import { auditLog, clientTrackings } from "../../db/schema";
import { readSpreadsheet } from "../../lib/xlsx/spreadsheet";
import { costaRicaDayKey } from "../../../shared/domain/dates";
import type { TPayment, TPaymentsPage } from "../../../shared/api/admin/payments";
import type { TComprobantesResponse } from "../../../shared/api/admin/invoices";
import { CLOSING_COMPROBANTES_HEADERS, CLOSING_COMPROBANTES_SHEET, ZCashClosingResponseSchema, type TCashClosingResponse } from "../../../shared/api/admin/cash";
import { processDueInvoices } from "./sender";
import type { InvoicingOn } from "./comprobantes";

let fake: FakeHacienda;
let on: TestApp;
let off: TestApp;
let invoicing: InvoicingOn;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeHacienda();
  const made = await testInvoicing(fakeHaciendaEnv(fake));
  cleanup = made.cleanup;
  invoicing = made.invoicing as InvoicingOn;
  on = await createTestApp({ env: { RATE_LIMIT: "off" }, deps: { invoicing } });
  off = await createTestApp({ env: { RATE_LIMIT: "off" } });
});
afterAll(async () => {
  await on?.close();
  await off?.close();
  await fake?.close();
  await cleanup?.();
});

const sendNow = () => processDueInvoices(on.ctx.db, invoicing.reception, { now: new Date(Date.now() + 1000) });

async function clientWithPackage(t: TestApp, nombre: string, monto: number) {
  const client = await registerTestClient(t.app, { nombre });
  const clientId = await clientIdOf(t.ctx.db, client.clientCode);
  const row = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("FV"), "LISTO_PARA_ENTREGAR");
  await t.ctx.db.update(clientTrackings).set({ montoColones: monto }).where(eq(clientTrackings.id, row.id));
  const [stored] = await t.ctx.db.select({ total: clientTrackings.totalColones }).from(clientTrackings).where(eq(clientTrackings.id, row.id));
  return { clientCode: client.clientCode, clientId, trackingId: row.id, total: stored.total ?? 0 };
}

async function pay(t: TestApp, who: TestStaff, pkg: { clientCode: string; trackingId: number; total: number }): Promise<TPayment> {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/admin/payments",
    headers: who.headers,
    payload: { clientCode: pkg.clientCode, method: "EFECTIVO", allocations: [{ trackingId: pkg.trackingId, amountColones: pkg.total }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { payment: TPayment }).payment;
}

async function get<T>(t: TestApp, who: TestStaff, url: string): Promise<T> {
  const res = await t.app.inject({ method: "GET", url, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe("staff see the comprobantes electrónicos (issue 34 item 6)", () => {
  let oficina: TestStaff;
  let dueno: TestStaff;
  beforeEach(async () => {
    await on.database.truncateAll();
    oficina = await createTestStaff(on, "oficina", "Laura Oficina");
    dueno = await createTestStaff(on, "dueno", "Dueña Prueba");
  });

  it("the payments list carries each payment's comprobantes in brief, and says invoicing is on", async () => {
    const pkg = await clientWithPackage(on, "Ñeco Pérez", 15_000);
    const payment = await pay(on, oficina, pkg);
    const page = await get<TPaymentsPage>(on, oficina, "/api/admin/payments");
    expect(page.invoicing).toBe("on");
    const item = page.items.find((p) => p.id === payment.id)!;
    expect(item.comprobantes).toEqual([
      { id: expect.any(Number), documentType: "04", typeLabel: "Tiquete electrónico", consecutivo: "00100001040000000001", state: "pendiente", stateLabel: "Pendiente" },
    ]);
    await sendNow();
    const after = await get<TPaymentsPage>(on, oficina, "/api/admin/payments");
    expect(after.items.find((p) => p.id === payment.id)!.comprobantes[0]).toMatchObject({ state: "aceptado", stateLabel: "Aceptado" });
  });

  it("the cierre de caja lists the day's comprobantes with totals per kind (rejected apart), in the JSON and in its Excel; the staff filter", async () => {
    const a = await clientWithPackage(on, "Ana Mora Solís", 10_000);
    const b = await clientWithPackage(on, "Bernardo Núñez", 20_000);
    const c = await clientWithPackage(on, "Carla Ñandú", 7_000);
    const first = await pay(on, oficina, a);
    await sendNow();
    fake.rejectNext("La identificación del receptor no es válida");
    const second = await pay(on, dueno, b);
    await sendNow();
    const third = await pay(on, oficina, c);
    const reversed = await on.app.inject({ method: "POST", url: `/api/admin/payments/${first.id}/reverse`, headers: dueno.headers, payload: { reason: "Pago duplicado" } });
    expect(reversed.statusCode, reversed.body).toBe(200);

    const today = costaRicaDayKey(new Date());
    const day = ZCashClosingResponseSchema.parse(await get<TCashClosingResponse>(on, oficina, `/api/admin/cash/closing?date=${today}`));
    expect(day.comprobantes.invoicing).toBe("on");
    expect(day.comprobantes.items.map((i) => [i.paymentId, i.documentType, i.clientName, i.amountColones, i.state])).toEqual([
      [first.id, "04", "Ana Mora Solís", first.amountColones, "aceptado"],
      [second.id, "04", "Bernardo Núñez", second.amountColones, "rechazado"],
      [third.id, "04", "Carla Ñandú", third.amountColones, "pendiente"],
      [first.id, "03", "Ana Mora Solís", first.amountColones, "pendiente"],
    ]);
    expect(day.comprobantes.items.map((i) => i.consecutivo)).toEqual(["00100001040000000001", "00100001040000000002", "00100001040000000003", "00100001030000000001"]);
    expect(day.comprobantes.items[0]).toMatchObject({ typeLabel: "Tiquete electrónico", stateLabel: "Aceptado", clientCode: a.clientCode });
    expect(day.comprobantes.totals).toEqual([
      { documentType: "01", typeLabel: "Factura electrónica", count: 0, amountColones: 0, rejected: 0 },
      { documentType: "04", typeLabel: "Tiquete electrónico", count: 2, amountColones: first.amountColones + third.amountColones, rejected: 1 },
      { documentType: "03", typeLabel: "Nota de crédito electrónica", count: 1, amountColones: first.amountColones, rejected: 0 },
    ]);

    // The person's closing: the Tiquetes of the payments they recorded, the notes of those they reversed.
    const mine = await get<TCashClosingResponse>(on, oficina, `/api/admin/cash/closing?date=${today}&staff=${oficina.accountId}`);
    expect(mine.comprobantes.items.map((i) => [i.paymentId, i.documentType])).toEqual([[first.id, "04"], [third.id, "04"]]);
    const owner = await get<TCashClosingResponse>(on, oficina, `/api/admin/cash/closing?date=${today}&staff=${dueno.accountId}`);
    expect(owner.comprobantes.items.map((i) => [i.paymentId, i.documentType])).toEqual([[second.id, "04"], [first.id, "03"]]);

    // Another day: none.
    const before = await get<TCashClosingResponse>(on, oficina, "/api/admin/cash/closing?date=2026-01-05");
    expect(before.comprobantes.items).toEqual([]);
    expect(before.comprobantes.totals.map((t) => t.count)).toEqual([0, 0, 0]);

    const xlsx = await on.app.inject({ method: "GET", url: `/api/admin/cash/closing.xlsx?date=${today}`, headers: oficina.headers });
    expect(xlsx.statusCode).toBe(200);
    const book = await readSpreadsheet(xlsx.rawPayload, { wantSheet: () => true });
    expect(book.sheets.map((s) => s.name)).toEqual(["Resumen", "Pagos", CLOSING_COMPROBANTES_SHEET]);
    const rows = book.sheets[2].rows.map((r) => r.cells);
    expect(rows[0]).toEqual([...CLOSING_COMPROBANTES_HEADERS]);
    expect(rows.slice(1, 5).map((r) => [r[0], r[1], r[2], r[5], r[6], r[7]])).toEqual([
      ["Tiquete electrónico", "00100001040000000001", first.id, "Ana Mora Solís", first.amountColones, "Aceptado"],
      ["Tiquete electrónico", "00100001040000000002", second.id, "Bernardo Núñez", second.amountColones, "Rechazado"],
      ["Tiquete electrónico", "00100001040000000003", third.id, "Carla Ñandú", third.amountColones, "Pendiente"],
      ["Nota de crédito electrónica", "00100001030000000001", first.id, "Ana Mora Solís", first.amountColones, "Pendiente"],
    ]);
    const totals = rows.slice(6).map((r) => [r[0], r[5], r[6]]);
    expect(totals).toEqual([
      ["Factura electrónica", "0 emitidos", 0],
      ["Tiquete electrónico", "2 emitidos · 1 rechazado", first.amountColones + third.amountColones],
      ["Nota de crédito electrónica", "1 emitido", first.amountColones],
    ]);
  });

  it("a reissue after the client's identification is corrected is audited, and the list shows both documents", async () => {
    const pkg = await clientWithPackage(on, "José Jiménez", 12_000);
    fake.rejectNext("La identificación del receptor no es válida");
    const payment = await pay(on, oficina, pkg);
    await sendNow();
    const [rejected] = (await get<TComprobantesResponse>(on, oficina, `/api/admin/payments/${payment.id}/comprobantes`)).items;
    expect(rejected).toMatchObject({ state: "rechazado", rejectionReason: "La identificación del receptor no es válida", canReissue: true });
    const edit = await on.app.inject({ method: "PATCH", url: `/api/admin/clients/${pkg.clientId}`, headers: oficina.headers, payload: { tipoIdentificacion: "FISICA", identificacion: "1-0987-0654" } });
    expect(edit.statusCode, edit.body).toBe(200);
    const res = await on.app.inject({ method: "POST", url: `/api/admin/comprobantes/${rejected.id}/reissue`, headers: oficina.headers });
    expect(res.statusCode, res.body).toBe(201);
    await sendNow();
    const page = await get<TPaymentsPage>(on, oficina, "/api/admin/payments");
    expect(page.items.find((p) => p.id === payment.id)!.comprobantes.map((c) => [c.documentType, c.state])).toEqual([
      ["04", "rechazado"],
      ["01", "aceptado"],
    ]);
    const [record] = await on.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "pago.reemitir_comprobante"), eq(auditLog.entityId, String(payment.id))));
    expect(record).toMatchObject({ actorAccountId: oficina.accountId, entity: "pago" });
    // Bodega may not see or reissue them (the payments' roles).
    const bodega = await createTestStaff(on, "bodega", "Bruno Bodega");
    for (const [method, url] of [
      ["GET", `/api/admin/payments/${payment.id}/comprobantes`],
      ["GET", `/api/admin/comprobantes/${rejected.id}/xml`],
      ["POST", `/api/admin/comprobantes/${rejected.id}/reissue`],
    ] as const) {
      expect((await on.app.inject({ method, url, headers: bodega.headers })).statusCode).toBe(403);
    }
  });
});

describe("with invoicing off nothing new is listed (issue 34 item 6)", () => {
  it("the payments list and the cierre de caja say invoicing is off; the Excel has no comprobantes sheet", async () => {
    const oficina = await createTestStaff(off, "oficina", "Olga Oficina");
    const pkg = await clientWithPackage(off, "Pablo Sin Factura", 9_000);
    const payment = await pay(off, oficina, pkg);
    const page = await get<TPaymentsPage>(off, oficina, "/api/admin/payments");
    expect(page.invoicing).toBe("off");
    expect(page.items.find((p) => p.id === payment.id)!.comprobantes).toEqual([]);
    const today = costaRicaDayKey(new Date());
    const day = await get<TCashClosingResponse>(off, oficina, `/api/admin/cash/closing?date=${today}`);
    expect(day.comprobantes).toEqual({
      invoicing: "off",
      items: [],
      totals: [
        { documentType: "01", typeLabel: "Factura electrónica", count: 0, amountColones: 0, rejected: 0 },
        { documentType: "04", typeLabel: "Tiquete electrónico", count: 0, amountColones: 0, rejected: 0 },
        { documentType: "03", typeLabel: "Nota de crédito electrónica", count: 0, amountColones: 0, rejected: 0 },
      ],
    });
    const xlsx = await off.app.inject({ method: "GET", url: `/api/admin/cash/closing.xlsx?date=${today}`, headers: oficina.headers });
    const book = await readSpreadsheet(xlsx.rawPayload, { wantSheet: () => true });
    expect(book.sheets.map((s) => s.name)).toEqual(["Resumen", "Pagos"]);
  });
});
