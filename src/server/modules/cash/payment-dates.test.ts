// Payment dates and closed cash days (issue 31 item 6, docs/decisions/147) over HTTP, on PGlite and
// (with DATABASE_URL) PostgreSQL: impossible dates are refused (never rolled over), a payment may be
// dated at most PAID_AT_WINDOW_DAYS back (older: the Dueño with a reason, stored and audited),
// closing a Costa Rica day stores who and the totals and then nothing is recorded, reversed or
// re-dated into it (the service and the database trigger), a reversal of a closed day's payment
// counts on the day it is made, and a payment racing the close is either in the closed totals or
// refused. The clock is frozen at the test's start (Date only), so no test straddles midnight.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { useTestApp, uniqueTrackingCode } from "../../test/app";
import { rowsOf } from "../../lib/rate-limiter";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { createFingerprinter, type Fingerprinter } from "../../test/db-fingerprint";
import { auditLog, cashClosings, clientTrackings, paymentProofs, payments } from "../../db/schema";
import { addDays, costaRicaDayKey } from "../../../shared/domain/dates";
import {
  cashDayClosedMessage,
  PAID_AT_FUTURE,
  PAID_AT_INVALID,
  PAID_AT_REASON_REQUIRED,
  PAID_AT_TOO_OLD,
  PAID_AT_WINDOW_DAYS,
  reversalDayClosedMessage,
  type TPayment,
} from "../../../shared/api/admin/payments";
import { loadWorkbook, sheetValues } from "../../test/workbooks";
import { formatDate } from "../../../shared/domain/format";
import { laterReversalMark, CASH_DATE_INVALID, CLOSE_DAY_FUTURE, closeDayAlreadyMessage, ZCashClosingResponseSchema, type TCashClosingResponse } from "../../../shared/api/admin/cash";

const t = useTestApp();
let oficina: TestStaff;
let dueno: TestStaff;
let bodega: TestStaff;
let fp: Fingerprinter;
let now: Date;

beforeEach(async () => {
  await t.database.truncateAll();
  oficina = await createTestStaff(t, "oficina", "Laura Oficina");
  dueno = await createTestStaff(t, "dueno", "Marta Dueña");
  bodega = await createTestStaff(t, "bodega", "Pedro Bodega");
  fp = await createFingerprinter(t.ctx.db);
  // Only Date is frozen (timers run): the server's "today" is the test's "today".
  now = new Date();
  vi.useFakeTimers({ toFake: ["Date"], now });
});
afterEach(() => {
  vi.useRealTimers();
});

/** "AAAA-MM-DD": that many Costa Rica days before today (negative: after). */
const daysAgo = (days: number) => costaRicaDayKey(addDays(now, -days));

async function clientWithPackages(amounts: number[]) {
  const client = await registerTestClient(t.app);
  const clientId = await clientIdOf(t.ctx.db, client.clientCode);
  const packages = [];
  for (const amount of amounts) {
    const p = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("FEC"), "LISTO_PARA_ENTREGAR");
    await t.ctx.db.update(clientTrackings).set({ montoColones: amount }).where(eq(clientTrackings.id, p.id));
    packages.push(p);
  }
  return { clientCode: client.clientCode, clientId, packages };
}

const call = (method: "GET" | "POST", url: string, payload?: unknown, who: TestStaff | null = oficina) =>
  t.app.inject({ method, url, payload: payload as object, headers: who?.headers ?? {} });

/** The call is refused with `status` (and `message`), and no data changed. */
async function refused(method: "GET" | "POST", url: string, payload: unknown, status: number, message?: string, who: TestStaff | null = oficina) {
  const before = await fp.take();
  const res = await call(method, url, payload, who);
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect(res.json().message).toBe(message);
  expect(fp.changed(before, await fp.take())).toEqual([]);
}

async function pay(clientCode: string, trackingId: number, amountColones: number, extra: Record<string, unknown> = {}, who: TestStaff = oficina): Promise<TPayment> {
  const res = await call("POST", "/api/admin/payments", { clientCode, method: "EFECTIVO", allocations: [{ trackingId, amountColones }], ...extra }, who);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { payment: TPayment }).payment;
}

async function closing(date: string): Promise<TCashClosingResponse> {
  const res = await call("GET", `/api/admin/cash/closing?date=${date}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZCashClosingResponseSchema.parse(res.json());
}

async function closeDay(date: string, who: TestStaff = oficina): Promise<TCashClosingResponse> {
  const res = await call("POST", "/api/admin/cash/closings", { date }, who);
  expect(res.statusCode, res.body).toBe(201);
  return ZCashClosingResponseSchema.parse(res.json());
}

async function pagado(trackingId: number): Promise<number> {
  const [row] = await t.ctx.db.select({ pagado: clientTrackings.pagadoColones }).from(clientTrackings).where(eq(clientTrackings.id, trackingId));
  return row.pagado;
}

describe("impossible dates", () => {
  it("a payment dated on a day that does not exist is refused, never rolled over to the next month", async () => {
    const { clientCode, packages } = await clientWithPackages([5000]);
    const body = (paidAt: string) => ({ clientCode, method: "EFECTIVO", paidAt, allocations: [{ trackingId: packages[0].id, amountColones: 100 }] });
    for (const paidAt of ["2026-02-30", "2026-02-29", "2025-04-31", "2026-02-30T12:00:00Z", "2026-03-10T24:00:00Z", "2026-03-10T10:61:00-06:00", "2026-13-01"]) {
      await refused("POST", "/api/admin/payments", body(paidAt), 400, PAID_AT_INVALID);
    }
    // A receipt's confirmation takes the same rule.
    const [proof] = await t.ctx.db.insert(paymentProofs).values({ clientId: (await clientIdOf(t.ctx.db, clientCode)), trackingId: null, uploadName: "x.png", reference: "R-1" }).returning();
    await refused("POST", `/api/admin/payment-proofs/${proof.id}/confirm`, { reference: "R-1", paidAt: "2026-02-30", allocations: [{ trackingId: packages[0].id, amountColones: 100 }] }, 400, PAID_AT_INVALID);
  });

  it("every date filter refuses an impossible day (the one rule of shared/domain/dates)", async () => {
    await refused("GET", "/api/admin/cash/closing?date=2026-02-30", undefined, 400, CASH_DATE_INVALID);
    await refused("POST", "/api/admin/cash/closings", { date: "2026-02-30" }, 400, CASH_DATE_INVALID);
    await refused("GET", "/api/admin/payments?from=2026-02-30", undefined, 400);
    // The audit log's days rolled over before: 2026-02-30 was read as 2 March.
    await refused("GET", "/api/admin/audit?from=2026-02-30", undefined, 400, undefined, dueno);
    await refused("GET", "/api/admin/audit?to=2026-04-31", undefined, 400, undefined, dueno);
    const ok = await call("GET", "/api/admin/audit?from=2024-02-29&to=2024-02-29", undefined, dueno);
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe("the window for past dates", () => {
  it(`anyone in the office dates a payment today or up to ${PAID_AT_WINDOW_DAYS} days back; never the future`, async () => {
    const { clientCode, packages } = await clientWithPackages([5000]);
    const oldest = await pay(clientCode, packages[0].id, 100, { paidAt: daysAgo(PAID_AT_WINDOW_DAYS) });
    expect(costaRicaDayKey(oldest.paidAt)).toBe(daysAgo(PAID_AT_WINDOW_DAYS));
    expect(oldest.paidAtReason).toBeNull();
    await pay(clientCode, packages[0].id, 100, { paidAt: daysAgo(0) });
    await refused("POST", "/api/admin/payments", { clientCode, method: "EFECTIVO", paidAt: daysAgo(-1), allocations: [{ trackingId: packages[0].id, amountColones: 100 }] }, 400, PAID_AT_FUTURE);
  });

  it("an older date: Oficina is refused (with or without a reason), the Dueño needs a reason, which is stored and audited", async () => {
    const { clientCode, packages } = await clientWithPackages([5000]);
    const old = daysAgo(PAID_AT_WINDOW_DAYS + 1);
    const body = (extra: Record<string, unknown>) => ({ clientCode, method: "EFECTIVO", paidAt: old, allocations: [{ trackingId: packages[0].id, amountColones: 100 }], ...extra });
    await refused("POST", "/api/admin/payments", body({}), 403, PAID_AT_TOO_OLD);
    await refused("POST", "/api/admin/payments", body({ paidAtReason: "Depósito que llegó tarde" }), 403, PAID_AT_TOO_OLD);
    await refused("POST", "/api/admin/payments", body({ paidAt: "2020-01-15" }), 403, PAID_AT_TOO_OLD);
    await refused("POST", "/api/admin/payments", body({}), 400, PAID_AT_REASON_REQUIRED, dueno);
    await refused("POST", "/api/admin/payments", body({ paidAtReason: "  no " }), 400, PAID_AT_REASON_REQUIRED, dueno);
    const payment = await pay(clientCode, packages[0].id, 100, { paidAt: old, paidAtReason: "Depósito que llegó tarde al banco" }, dueno);
    expect(costaRicaDayKey(payment.paidAt)).toBe(old);
    expect(payment.paidAtReason).toBe("Depósito que llegó tarde al banco");
    const again = await call("GET", `/api/admin/payments/${payment.id}`);
    expect((again.json() as { payment: TPayment }).payment.paidAtReason).toBe("Depósito que llegó tarde al banco");
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "pago.registrar"));
    expect(audit.after).toMatchObject({ paidAtReason: "Depósito que llegó tarde al banco" });
  });
});

describe("closing a cash day", () => {
  it("stores who closed it and the totals as closed; then no payment is recorded into it, by anyone", async () => {
    const { clientCode, packages } = await clientWithPackages([9000, 9000]);
    const day = daysAgo(2);
    await pay(clientCode, packages[0].id, 3000, { paidAt: day });
    await pay(clientCode, packages[1].id, 2000, { paidAt: day, method: "SINPE_MOVIL", reference: "SP-77" }, dueno);
    const crossed = await pay(clientCode, packages[1].id, 500, { paidAt: day });
    expect((await call("POST", `/api/admin/payments/${crossed.id}/reverse`, { reason: "Monto equivocado" })).statusCode).toBe(200);
    expect((await closing(day)).closing).toBeNull();

    // Bodega and no session are refused (the refused attempt is itself audited).
    expect((await call("POST", "/api/admin/cash/closings", { date: day }, bodega)).statusCode).toBe(403);
    expect((await call("POST", "/api/admin/cash/closings", { date: day }, null)).statusCode).toBe(401);
    await refused("POST", "/api/admin/cash/closings", {}, 400, CASH_DATE_INVALID);
    await refused("POST", "/api/admin/cash/closings", { date: daysAgo(-1) }, 400, CLOSE_DAY_FUTURE);

    const closed = await closeDay(day);
    expect(closed.closing).toMatchObject({ closedByName: "Laura Oficina", paymentCount: 2, totals: { EFECTIVO: 3000, SINPE_MOVIL: 2000, total: 5000 } });
    expect(closed.totals).toEqual(closed.closing!.totals);
    expect((await closing(day)).closing).toEqual(closed.closing);
    await refused("POST", "/api/admin/cash/closings", { date: day }, 409, closeDayAlreadyMessage(day), dueno);
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "caja.cerrar"));
    expect(audit).toMatchObject({ entity: "caja", entityId: day, actorAccountId: oficina.accountId });

    // Nothing goes into the closed day: not by Oficina, not by the Dueño, not as a confirmed receipt.
    const body = { clientCode, method: "EFECTIVO", paidAt: day, allocations: [{ trackingId: packages[0].id, amountColones: 100 }] };
    await refused("POST", "/api/admin/payments", body, 409, cashDayClosedMessage(day));
    await refused("POST", "/api/admin/payments", { ...body, paidAt: `${day}T09:00:00-06:00`, paidAtReason: "Corrección del día" }, 409, cashDayClosedMessage(day), dueno);
    const [proof] = await t.ctx.db.insert(paymentProofs).values({ clientId: (await clientIdOf(t.ctx.db, clientCode)), trackingId: null, uploadName: "y.png", reference: "R-9" }).returning();
    await refused("POST", `/api/admin/payment-proofs/${proof.id}/confirm`, { reference: "R-9", paidAt: day, allocations: [{ trackingId: packages[0].id, amountColones: 100 }] }, 409, cashDayClosedMessage(day));
    // The day after is open.
    await pay(clientCode, packages[0].id, 100, { paidAt: daysAgo(1) });
    expect((await closing(day)).totals).toEqual(closed.closing!.totals);
  });

  it("reversing a closed day's payment counts on the day it is made; the closed day keeps its totals", async () => {
    const { clientCode, packages } = await clientWithPackages([9000, 9000]);
    const day = daysAgo(3);
    const today = daysAgo(0);
    const cash = await pay(clientCode, packages[0].id, 3000, { paidAt: day });
    const sinpe = await pay(clientCode, packages[1].id, 2000, { paidAt: day, method: "SINPE_MOVIL", reference: "SP-88" });
    const closed = (await closeDay(day, dueno)).closing!;

    const res = await call("POST", `/api/admin/payments/${cash.id}/reverse`, { reason: "El billete era falso" }, dueno);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { payment: TPayment }).payment).toMatchObject({ reversalCountedOn: today, reversedByName: "Marta Dueña" });
    expect(await pagado(packages[0].id)).toBe(0);

    // The closed day: the same totals; the payment stays counted there, marked as reversed later.
    const thatDay = await closing(day);
    expect(thatDay.totals).toEqual(closed.totals);
    expect(thatDay.reversed).toEqual([]);
    const listed = thatDay.byStaff.flatMap((s) => s.payments).find((p) => p.id === cash.id);
    expect(listed?.laterReversal).toMatchObject({ countedOn: today, reversalReason: "El billete era falso", reversedByName: "Marta Dueña" });
    // Today: the reversal as minus its amount, in the group of who reversed it.
    const todays = await closing(today);
    expect(todays.closedDayReversals.map((r) => [r.id, r.amountColones])).toEqual([[cash.id, 3000]]);
    expect(todays.totals).toMatchObject({ EFECTIVO: -3000, total: -3000 });
    expect(todays.byStaff.find((s) => s.accountId === dueno.accountId)?.totals).toMatchObject({ EFECTIVO: -3000, total: -3000 });
    // The Excel says the same: minus the amount today, still counted on the closed day.
    const pagos = async (date: string) => {
      const res = await call("GET", `/api/admin/cash/closing.xlsx?date=${date}`);
      expect(res.statusCode).toBe(200);
      const book = await loadWorkbook(res.rawPayload);
      return sheetValues(book.getWorksheet("Pagos")!).slice(1).map((r) => [r[0], r[2], r[7], r[9]]);
    };
    expect(await pagos(today)).toEqual([[cash.id, "Marta Dueña", -3000, `Reversión de un pago del ${formatDate(cash.paidAt)} (caja cerrada): El billete era falso`]]);
    expect((await pagos(day)).find((r) => r[0] === cash.id)).toEqual([cash.id, "Laura Oficina", 3000, laterReversalMark(today, "El billete era falso")]);

    // Today closed too: the other payment of the closed day cannot be reversed now, and nothing is
    // recorded today.
    const todayClosed = await closeDay(today);
    expect(todayClosed.closing!.totals.total).toBe(-3000);
    await refused("POST", `/api/admin/payments/${sinpe.id}/reverse`, { reason: "Referencia equivocada" }, 409, reversalDayClosedMessage(today));
    await refused("POST", "/api/admin/payments", { clientCode, method: "EFECTIVO", allocations: [{ trackingId: packages[0].id, amountColones: 100 }] }, 409, cashDayClosedMessage(today));
    expect(await pagado(packages[1].id)).toBe(2000);
  });

  it("the database refuses any write that would change a closed day, whatever the application does", async () => {
    const { clientCode, clientId, packages } = await clientWithPackages([9000]);
    const day = daysAgo(4);
    const inside = await pay(clientCode, packages[0].id, 1000, { paidAt: day });
    const outside = await pay(clientCode, packages[0].id, 1000, { paidAt: daysAgo(1) });
    await closeDay(day);
    const before = await fp.take();
    const at = new Date(`${day}T10:00:00-06:00`);
    const attempts = [
      () => t.ctx.db.insert(payments).values({ clientId, method: "EFECTIVO", amountColones: 50, paidAt: at, recordedByName: "psql" }),
      () => t.ctx.db.update(payments).set({ amountColones: 999 }).where(eq(payments.id, inside.id)),
      () => t.ctx.db.update(payments).set({ paidAt: new Date() }).where(eq(payments.id, inside.id)),
      () => t.ctx.db.update(payments).set({ reversedAt: new Date(), reversalReason: "sin contar" }).where(eq(payments.id, inside.id)),
      () => t.ctx.db.update(payments).set({ paidAt: at }).where(eq(payments.id, outside.id)),
      () => t.ctx.db.delete(payments).where(eq(payments.id, inside.id)),
      () => t.ctx.db.update(cashClosings).set({ closedByName: "Otra persona" }).where(eq(cashClosings.day, day)),
      () => t.ctx.db.delete(cashClosings).where(eq(cashClosings.day, day)),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toThrow();
    expect(fp.changed(before, await fp.take())).toEqual([]);
    // What changes no total is allowed (merging clients moves payments to the other client).
    await t.ctx.db.update(payments).set({ notas: "revisado" }).where(eq(payments.id, inside.id));
    const [row] = rowsOf<{ d: string }>(await t.ctx.db.execute(sql`select cash_day_of(${at.toISOString()}::timestamptz)::text as d`));
    expect(row.d).toBe(day);
  });

  it("a payment racing the close is either in the closed totals or refused", async () => {
    const { clientCode, packages } = await clientWithPackages([90_000]);
    for (const ago of [5, 6]) {
      const day = daysAgo(ago);
      await pay(clientCode, packages[0].id, 1000, { paidAt: day });
      const [closeRes, payRes] = await Promise.all([
        call("POST", "/api/admin/cash/closings", { date: day }, dueno),
        call("POST", "/api/admin/payments", { clientCode, method: "TARJETA", paidAt: day, allocations: [{ trackingId: packages[0].id, amountColones: 500 }] }),
      ]);
      expect(closeRes.statusCode, closeRes.body).toBe(201);
      expect([201, 409], payRes.body).toContain(payRes.statusCode);
      const closedTotals = ZCashClosingResponseSchema.parse(closeRes.json()).closing!.totals;
      const live = await closing(day);
      expect(live.totals).toEqual(closedTotals);
      expect(closedTotals.total).toBe(payRes.statusCode === 201 ? 1500 : 1000);
    }
  });
});
