// Pagos (issue 21, docs/decisions/136) over HTTP, on PGlite and (with DATABASE_URL) PostgreSQL:
// extra charge lines, payments with their allocations, reversal, the receipt PDF, the clients'
// SINPE receipts, the delete refusals, and two races (a SINPE reference, an overpayment).
import { beforeEach, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { useTestApp, uniqueTrackingCode } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { createFingerprinter, type Fingerprinter } from "../../test/db-fingerprint";
import { auditLog, clientTrackings, paymentProofs } from "../../db/schema";
import { addDays, costaRicaDayKey } from "../../../shared/domain/dates";
import { formatColones } from "../../../shared/domain/format";
import {
  CHARGE_DESCRIPTION_REQUIRED,
  CHARGE_LINES_MAX,
  CHARGE_LINES_TOO_MANY,
  CHARGE_REMOVE_PAID,
  EXTRAS_TOO_LARGE,
  PAYMENT_TOO_LARGE,
  CLIENT_HAS_PAYMENTS,
  duplicateReferenceMessage,
  overpaidMessage,
  PACKAGE_HAS_PAYMENTS,
  PAID_AT_FUTURE,
  PAYMENT_ALREADY_REVERSED,
  PROOF_ALREADY_REVIEWED,
  REFERENCE_REQUIRED,
  type TChargesResponse,
  type TDueResponse,
  type TPayment,
  type TPaymentsPage,
  type TProofsResponse,
} from "../../../shared/api/admin/payments";

const run = promisify(execFile);
const t = useTestApp();
let staff: TestStaff;
let fp: Fingerprinter;

beforeEach(async () => {
  await t.database.truncateAll();
  staff = await createTestStaff(t, "oficina", "Laura Oficina");
  fp = await createFingerprinter(t.ctx.db);
});

async function clientWithPackages(amounts: (number | null)[], estado: "SEGUIMIENTO_INTERNACIONAL" | "LISTO_PARA_ENTREGAR" | "ENTREGADO" = "LISTO_PARA_ENTREGAR") {
  const client = await registerTestClient(t.app);
  const clientId = await clientIdOf(t.ctx.db, client.clientCode);
  const packages = [];
  for (const amount of amounts) {
    const p = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("PAG"), estado);
    // The freight as the pricing rule would have stored it.
    await t.ctx.db.update(clientTrackings).set({ montoColones: amount, descripcionPaquete: "Zapatos" }).where(eq(clientTrackings.id, p.id));
    packages.push(p);
  }
  return { clientCode: client.clientCode, clientId, packages };
}

async function stored(id: number) {
  const [row] = await t.ctx.db
    .select({ total: clientTrackings.totalColones, pagado: clientTrackings.pagadoColones, saldo: clientTrackings.saldoColones, extras: clientTrackings.cargosExtraColones })
    .from(clientTrackings)
    .where(eq(clientTrackings.id, id));
  return row;
}

const call = (method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) => t.app.inject({ method, url, payload: payload as object, headers: staff.headers });

/** The call is refused with `status` and `message`, and no data changed. */
async function refused(method: "GET" | "POST" | "DELETE", url: string, payload: unknown, status: number, message?: string) {
  const before = await fp.take();
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect(res.json().message).toBe(message);
  expect(fp.changed(before, await fp.take())).toEqual([]);
  return res;
}

async function pay(clientCode: string, allocations: { trackingId: number; amountColones: number }[], extra: Record<string, unknown> = {}) {
  const res = await call("POST", "/api/admin/payments", { clientCode, method: "EFECTIVO", allocations, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { payment: TPayment }).payment;
}

/** "AAAA-MM-DD": that many Costa Rica days before today. */
const daysAgo = (days: number) => costaRicaDayKey(addDays(new Date(), -days));

async function auditActions(): Promise<string[]> {
  return (await t.ctx.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
}

describe("extra charge lines", () => {
  it("adds and removes lines, keeping the stored sum, total and balance; audits both", async () => {
    const { packages } = await clientWithPackages([5000]);
    const id = packages[0].id;
    const added = await call("POST", `/api/admin/trackings/${id}/charges`, { kind: "IMPUESTOS", description: "  Impuestos   DUA ", amountColones: 1200 });
    expect(added.statusCode, added.body).toBe(201);
    const body = added.json() as TChargesResponse;
    expect(body.lines.map((l) => [l.kind, l.description, l.amountColones])).toEqual([
      ["FLETE", "Flete", 5000],
      ["IMPUESTOS", "Impuestos DUA", 1200],
    ]);
    expect(body.lines[0].chargeId).toBeNull();
    expect(body).toMatchObject({ totalColones: 6200, pagadoColones: 0, saldoColones: 6200 });
    expect(await stored(id)).toEqual({ total: 6200, pagado: 0, saldo: 6200, extras: 1200 });

    const chargeId = body.lines[1].chargeId!;
    const removed = await call("DELETE", `/api/admin/trackings/${id}/charges/${chargeId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as TChargesResponse).totalColones).toBe(5000);
    expect(await stored(id)).toMatchObject({ total: 5000, extras: 0 });
    expect(await auditActions()).toEqual(expect.arrayContaining(["cargo.agregar", "cargo.quitar"]));
  });

  it("adds several lines in one call, all or none (issue 32)", async () => {
    const { packages } = await clientWithPackages([5000]);
    const id = packages[0].id;
    const url = `/api/admin/trackings/${id}/charges`;
    const before = (await auditActions()).filter((a) => a === "cargo.agregar").length;
    const res = await call("POST", url, {
      lines: [
        { kind: "IMPUESTOS", description: "Impuestos DUA", amountColones: 1200 },
        { kind: "ENTREGA", description: "Entrega en Heredia", amountColones: 2500 },
        { kind: "ALMACENAJE", description: "Bodega 10 días", amountColones: 300 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as TChargesResponse).lines.map((l) => [l.kind, l.amountColones])).toEqual([
      ["FLETE", 5000],
      ["IMPUESTOS", 1200],
      ["ENTREGA", 2500],
      ["ALMACENAJE", 300],
    ]);
    expect(await stored(id)).toMatchObject({ total: 9000, extras: 4000, saldo: 9000 });
    expect((await auditActions()).filter((a) => a === "cargo.agregar").length - before).toBe(3);

    // One bad line refuses the whole batch; nothing is added.
    await refused("POST", url, { lines: [{ kind: "OTRO", description: "Otro", amountColones: 100 }, { kind: "OTRO", description: "", amountColones: 100 }] }, 400, CHARGE_DESCRIPTION_REQUIRED);
    await refused("POST", url, { lines: [] }, 400, CHARGE_LINES_TOO_MANY);
    await refused("POST", url, { lines: Array.from({ length: CHARGE_LINES_MAX + 1 }, () => ({ kind: "OTRO", description: "Otro", amountColones: 1 })) }, 400, CHARGE_LINES_TOO_MANY);
    await refused("POST", url, { lines: [{ kind: "OTRO", description: "Otro", amountColones: 99_999_000 }, { kind: "OTRO", description: "Otro", amountColones: 2000 }] }, 400, EXTRAS_TOO_LARGE);
    expect(await stored(id)).toMatchObject({ total: 9000, extras: 4000 });
  });

  it("a package with only extra lines gets a total", async () => {
    const { packages } = await clientWithPackages([null]);
    const res = await call("POST", `/api/admin/trackings/${packages[0].id}/charges`, { kind: "ALMACENAJE", description: "Bodega 10 días", amountColones: 3000 });
    expect(res.statusCode).toBe(201);
    expect((res.json() as TChargesResponse).lines.map((l) => l.kind)).toEqual(["ALMACENAJE"]);
    expect(await stored(packages[0].id)).toMatchObject({ total: 3000, saldo: 3000 });
  });

  it("refuses bad lines, unknown packages and lines, and a removal below what was paid, changing nothing", async () => {
    const { clientCode, packages } = await clientWithPackages([5000]);
    const id = packages[0].id;
    const url = `/api/admin/trackings/${id}/charges`;
    await refused("POST", url, { kind: "IMPUESTOS", description: "", amountColones: 100 }, 400);
    await refused("POST", url, { kind: "IMPUESTOS", description: "x".repeat(121), amountColones: 100 }, 400);
    await refused("POST", url, { kind: "FLETE", description: "Flete", amountColones: 100 }, 400);
    await refused("POST", url, { kind: "OTRO", description: "Otro", amountColones: 0 }, 400);
    await refused("POST", url, { kind: "OTRO", description: "Otro", amountColones: 10.5 }, 400);
    await refused("POST", url, { kind: "OTRO", description: "Otro", amountColones: 100_000_001 }, 400);
    await refused("POST", url, { kind: "OTRO", description: "Bad\u0000", amountColones: 100 }, 400);
    await refused("POST", "/api/admin/trackings/999999/charges", { kind: "OTRO", description: "Otro", amountColones: 100 }, 404);
    await refused("DELETE", `${url}/999999`, undefined, 404);

    const line = (await call("POST", url, { kind: "ENTREGA", description: "Entrega en Heredia", amountColones: 2000 })).json() as TChargesResponse;
    await pay(clientCode, [{ trackingId: id, amountColones: 6000 }]);
    await refused("DELETE", `${url}/${line.lines[1].chargeId}`, undefined, 409, CHARGE_REMOVE_PAID);
    // Another package's line cannot be removed through this one.
    const other = await clientWithPackages([100]);
    await refused("DELETE", `/api/admin/trackings/${other.packages[0].id}/charges/${line.lines[1].chargeId}`, undefined, 404);

    const charges = (await call("GET", url)).json() as TChargesResponse;
    expect(charges).toMatchObject({ totalColones: 7000, pagadoColones: 6000, saldoColones: 1000 });
    expect(charges.payments).toEqual([expect.objectContaining({ method: "EFECTIVO", amountColones: 6000, reversed: false })]);
  });
});

describe("amounts at their ceilings", () => {
  it("extra lines stop at ₡100 000 000 a package, and a payment at ₡2 000 000 000, in Spanish, changing nothing", async () => {
    const { clientCode, packages } = await clientWithPackages([2_000_000_000, 2_000_000_000]);
    const url = `/api/admin/trackings/${packages[0].id}/charges`;
    expect((await call("POST", url, { kind: "IMPUESTOS", description: "Impuestos", amountColones: 100_000_000 })).statusCode).toBe(201);
    await refused("POST", url, { kind: "OTRO", description: "Otro", amountColones: 1 }, 400, EXTRAS_TOO_LARGE);
    expect(await stored(packages[0].id)).toMatchObject({ extras: 100_000_000, total: 2_100_000_000 });
    await refused(
      "POST",
      "/api/admin/payments",
      { clientCode, method: "EFECTIVO", allocations: packages.map((p) => ({ trackingId: p.id, amountColones: 1_500_000_000 })) },
      400,
      PAYMENT_TOO_LARGE,
    );
  });
});

describe("payments", () => {
  it("lists due packages, records a partial payment over two packages, and keeps paid and balance", async () => {
    const { clientCode, packages } = await clientWithPackages([5000, 8000, null]);
    const due = (await call("GET", `/api/admin/payments/due?clientCode=${clientCode.toLowerCase()}`)).json() as TDueResponse;
    expect(due.client.clientCode).toBe(clientCode);
    expect(due.packages.map((p) => [p.id, p.saldoColones])).toEqual([
      [packages[0].id, 5000],
      [packages[1].id, 8000],
    ]);

    const payment = await pay(clientCode, [
      { trackingId: packages[0].id, amountColones: 5000 },
      { trackingId: packages[1].id, amountColones: 3000 },
    ], { notas: "Pagó en ventanilla" });
    expect(payment).toMatchObject({ amountColones: 8000, method: "EFECTIVO", recordedByName: "Laura Oficina", clientCode, currency: "CRC", reversedAt: null });
    expect(payment.receiptNumber).toBe(String(payment.id).padStart(6, "0"));
    expect(payment.allocations.map((a) => [a.trackingId, a.amountColones, a.saldoColones])).toEqual([
      [packages[0].id, 5000, 0],
      [packages[1].id, 3000, 5000],
    ]);
    expect(await stored(packages[0].id)).toMatchObject({ pagado: 5000, saldo: 0 });
    expect(await stored(packages[1].id)).toMatchObject({ pagado: 3000, saldo: 5000 });
    const after = (await call("GET", `/api/admin/payments/due?clientCode=${clientCode}`)).json() as TDueResponse;
    expect(after.packages.map((p) => p.id)).toEqual([packages[1].id]);
    expect(await auditActions()).toContain("pago.registrar");

    const detail = await call("GET", `/api/admin/payments/${payment.id}`);
    expect(detail.json().payment).toEqual(payment);
  });

  it("refuses overpaying, another client's package, repeated packages, a missing SINPE reference and a future date", async () => {
    const { clientCode, packages } = await clientWithPackages([5000]);
    const other = await clientWithPackages([1000]);
    const id = packages[0].id;
    const base = { clientCode, method: "EFECTIVO" };
    const code = packages[0].trackingCode;
    await refused("POST", "/api/admin/payments", { ...base, allocations: [{ trackingId: id, amountColones: 5001 }] }, 409, overpaidMessage(code, 5000));
    await refused("POST", "/api/admin/payments", { ...base, allocations: [{ trackingId: other.packages[0].id, amountColones: 100 }] }, 400);
    await refused("POST", "/api/admin/payments", { ...base, allocations: [{ trackingId: id, amountColones: 100 }, { trackingId: id, amountColones: 100 }] }, 400);
    await refused("POST", "/api/admin/payments", { ...base, allocations: [] }, 400);
    await refused("POST", "/api/admin/payments", { ...base, allocations: [{ trackingId: id, amountColones: 0 }] }, 400);
    await refused("POST", "/api/admin/payments", { ...base, method: "SINPE_MOVIL", allocations: [{ trackingId: id, amountColones: 100 }] }, 400, REFERENCE_REQUIRED);
    await refused("POST", "/api/admin/payments", { ...base, method: "SINPE_MOVIL", reference: "ab c", allocations: [{ trackingId: id, amountColones: 100 }] }, 400);
    await refused("POST", "/api/admin/payments", { ...base, method: "BITCOIN", allocations: [{ trackingId: id, amountColones: 100 }] }, 400);
    await refused("POST", "/api/admin/payments", { ...base, paidAt: "2999-01-01", allocations: [{ trackingId: id, amountColones: 100 }] }, 400, PAID_AT_FUTURE);
    await refused("POST", "/api/admin/payments", { ...base, paidAt: "ayer", allocations: [{ trackingId: id, amountColones: 100 }] }, 400);
    await refused("POST", "/api/admin/payments", { ...base, clientCode: "EX999999", allocations: [{ trackingId: id, amountColones: 100 }] }, 404);
    // A payment on an earlier day is that Costa Rica day (noon).
    const payment = await pay(clientCode, [{ trackingId: id, amountColones: 100 }], { paidAt: daysAgo(3) });
    expect(payment.paidAt).toBe(new Date(`${daysAgo(3)}T12:00:00-06:00`).toISOString());
  });

  it("a SINPE reference is recorded once (any case) until that payment is reversed", async () => {
    const { clientCode, packages } = await clientWithPackages([5000, 5000]);
    const first = await pay(clientCode, [{ trackingId: packages[0].id, amountColones: 1000 }], { method: "SINPE_MOVIL", reference: " ft-123 " });
    expect(first.reference).toBe("FT-123");
    await refused(
      "POST",
      "/api/admin/payments",
      { clientCode, method: "SINPE_MOVIL", reference: "Ft-123", allocations: [{ trackingId: packages[1].id, amountColones: 1000 }] },
      409,
      duplicateReferenceMessage("FT-123", first.id),
    );
    // Another method may repeat a reference.
    await pay(clientCode, [{ trackingId: packages[1].id, amountColones: 1000 }], { method: "TRANSFERENCIA", reference: "FT-123" });
    const reversed = await call("POST", `/api/admin/payments/${first.id}/reverse`, { reason: "Se registró en el paquete equivocado" });
    expect(reversed.statusCode, reversed.body).toBe(200);
    await pay(clientCode, [{ trackingId: packages[1].id, amountColones: 1000 }], { method: "SINPE_MOVIL", reference: "FT-123" });
  });

  it("reverses once: the packages' paid amounts go back, the payment stays with who, when and why", async () => {
    const { clientCode, packages } = await clientWithPackages([5000, 2000]);
    const payment = await pay(clientCode, [
      { trackingId: packages[0].id, amountColones: 4000 },
      { trackingId: packages[1].id, amountColones: 2000 },
    ]);
    await refused("POST", `/api/admin/payments/${payment.id}/reverse`, { reason: "no" }, 400);
    await refused("POST", `/api/admin/payments/${payment.id}/reverse`, {}, 400);
    await refused("POST", "/api/admin/payments/999999/reverse", { reason: "Error de digitación" }, 404);
    const res = await call("POST", `/api/admin/payments/${payment.id}/reverse`, { reason: "Error de digitación" });
    expect(res.statusCode, res.body).toBe(200);
    const reversed = (res.json() as { payment: TPayment }).payment;
    expect(reversed).toMatchObject({ reversedByName: "Laura Oficina", reversalReason: "Error de digitación", amountColones: 6000 });
    expect(reversed.reversedAt).not.toBeNull();
    expect(await stored(packages[0].id)).toMatchObject({ pagado: 0, saldo: 5000 });
    expect(await stored(packages[1].id)).toMatchObject({ pagado: 0, saldo: 2000 });
    await refused("POST", `/api/admin/payments/${payment.id}/reverse`, { reason: "Error de digitación" }, 409, PAYMENT_ALREADY_REVERSED);
    expect(await auditActions()).toContain("pago.revertir");
  });

  it("lists newest first with filters and pages", async () => {
    const a = await clientWithPackages([9000]);
    const b = await clientWithPackages([9000]);
    // Within the window anyone may date a payment in (decision 147).
    const p1 = await pay(a.clientCode, [{ trackingId: a.packages[0].id, amountColones: 1000 }], { paidAt: daysAgo(6) });
    const p2 = await pay(a.clientCode, [{ trackingId: a.packages[0].id, amountColones: 1000 }], { method: "TARJETA", paidAt: daysAgo(2) });
    const p3 = await pay(b.clientCode, [{ trackingId: b.packages[0].id, amountColones: 1000 }], { paidAt: daysAgo(4) });
    const list = async (query: string) => ((await call("GET", `/api/admin/payments${query}`)).json() as TPaymentsPage).items.map((p) => p.id);
    expect(await list("")).toEqual([p2.id, p3.id, p1.id]);
    expect(await list(`?clientCode=${a.clientCode}`)).toEqual([p2.id, p1.id]);
    expect(await list(`?from=${daysAgo(5)}&to=${daysAgo(3)}`)).toEqual([p3.id]);
    expect(await list("?method=TARJETA")).toEqual([p2.id]);
    expect(await list("?page=2")).toEqual([]);
    const page = (await call("GET", "/api/admin/payments?clientCode=&method=")).json() as TPaymentsPage;
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(page.items[0].trackingCodes).toEqual([a.packages[0].trackingCode]);
    await refused("GET", "/api/admin/payments?from=2026-02-30", undefined, 400);
    await refused("GET", "/api/admin/payments/abc", undefined, 400);
    await refused("GET", "/api/admin/payments/999999", undefined, 404);
  });

  it("the receipt PDF lists the packages, the amounts stored, the method and the reversal", async () => {
    const { clientCode, packages } = await clientWithPackages([12500, 3000]);
    const payment = await pay(
      clientCode,
      [
        { trackingId: packages[0].id, amountColones: 12500 },
        { trackingId: packages[1].id, amountColones: 1500 },
      ],
      { method: "SINPE_MOVIL", reference: "SINPE-778899" },
    );
    const text = async () => {
      const res = await call("GET", `/api/admin/payments/${payment.id}/receipt`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("application/pdf");
      expect(res.headers["content-disposition"]).toContain("inline");
      const dir = await mkdtemp(join(tmpdir(), "recibo-"));
      try {
        await writeFile(join(dir, "r.pdf"), res.rawPayload);
        // Digit groups: es-CR's no-break space comes out of pdftotext as a plain one.
        return (await run("pdftotext", ["-layout", join(dir, "r.pdf"), "-"])).stdout.replace(/[^\S\n]/g, " ");
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    };
    const pdf = await text();
    expect(pdf).toContain(`Recibo de pago N.º ${payment.receiptNumber}`);
    expect(pdf).toContain(packages[0].trackingCode);
    expect(pdf).toContain(packages[1].trackingCode);
    for (const amount of [12500, 1500, 14000]) expect(pdf).toContain(formatColones(amount).replace(/\s/g, " "));
    expect(pdf).toContain("SINPE Móvil");
    expect(pdf).toContain("SINPE-778899");
    expect(pdf).toContain("Registrado por Laura Oficina");
    expect(pdf).not.toContain("REVERTIDO");
    await call("POST", `/api/admin/payments/${payment.id}/reverse`, { reason: "Monto equivocado" });
    expect(await text()).toMatch(/REVERTIDO el .*: Monto equivocado/);
  });
});

describe("clients' SINPE receipts", () => {
  async function proof(clientId: number, trackingId: number | null, reference: string | null = "REF-1") {
    const [row] = await t.ctx.db
      .insert(paymentProofs)
      .values({ clientId, trackingId, uploadName: `${Math.random().toString(36).slice(2)}.png`, reference })
      .returning();
    return row;
  }

  it("lists pending receipts with the client's due packages; confirming records the SINPE payment once", async () => {
    const { clientId, clientCode, packages } = await clientWithPackages([4000, 6000]);
    const one = await proof(clientId, packages[0].id);
    const whole = await proof(clientId, null, null);
    const list = (await call("GET", "/api/admin/payment-proofs?estado=PENDIENTE")).json() as TProofsResponse;
    expect(list.items.map((p) => [p.id, p.forLabel, p.clientCode])).toEqual([
      [one.id, packages[0].trackingCode, clientCode],
      [whole.id, "Saldo total", clientCode],
    ]);
    expect(list.items[0].imageUrl).toBe(`/objects/uploads/${one.uploadName}`);
    expect(list.items[0].due.map((d) => d.saldoColones)).toEqual([4000, 6000]);

    const res = await call("POST", `/api/admin/payment-proofs/${one.id}/confirm`, { reference: "ref-1", allocations: [{ trackingId: packages[0].id, amountColones: 4000 }] });
    expect(res.statusCode, res.body).toBe(201);
    const payment = (res.json() as { payment: TPayment }).payment;
    expect(payment).toMatchObject({ method: "SINPE_MOVIL", reference: "REF-1", proofId: one.id, amountColones: 4000 });
    const [row] = await t.ctx.db.select().from(paymentProofs).where(eq(paymentProofs.id, one.id));
    expect(row).toMatchObject({ estado: "CONFIRMADO", paymentId: payment.id, reviewedByAccountId: staff.accountId });
    await refused("POST", `/api/admin/payment-proofs/${one.id}/confirm`, { reference: "REF-2", allocations: [{ trackingId: packages[1].id, amountColones: 100 }] }, 409, PROOF_ALREADY_REVIEWED);
    await refused("POST", `/api/admin/payment-proofs/${one.id}/reject`, { reason: "No se ve el monto" }, 409, PROOF_ALREADY_REVIEWED);
    // The same reference cannot pay twice through another receipt.
    await refused("POST", `/api/admin/payment-proofs/${whole.id}/confirm`, { reference: "REF-1", allocations: [{ trackingId: packages[1].id, amountColones: 100 }] }, 409, duplicateReferenceMessage("REF-1", payment.id));
    await refused("POST", `/api/admin/payment-proofs/${whole.id}/confirm`, { allocations: [{ trackingId: packages[1].id, amountColones: 100 }] }, 400);
    expect(await auditActions()).toEqual(expect.arrayContaining(["pago.registrar", "comprobante.confirmar"]));
    const confirmed = (await call("GET", "/api/admin/payment-proofs?estado=CONFIRMADO")).json() as TProofsResponse;
    expect(confirmed.items.map((p) => p.paymentId)).toEqual([payment.id]);
  });

  it("rejecting keeps the reason for the client; a recorded payment may name a pending receipt", async () => {
    const { clientId, clientCode, packages } = await clientWithPackages([4000]);
    const bad = await proof(clientId, packages[0].id);
    await refused("POST", `/api/admin/payment-proofs/${bad.id}/reject`, { reason: "" }, 400);
    await refused("POST", "/api/admin/payment-proofs/999999/reject", { reason: "No se ve el monto" }, 404);
    const res = await call("POST", `/api/admin/payment-proofs/${bad.id}/reject`, { reason: "No se ve el monto" });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(paymentProofs).where(eq(paymentProofs.id, bad.id));
    expect(row).toMatchObject({ estado: "RECHAZADO", rejectReason: "No se ve el monto" });
    expect(await auditActions()).toContain("comprobante.rechazar");

    const good = await proof(clientId, null);
    const other = await clientWithPackages([100]);
    const foreign = await proof(other.clientId, null);
    await refused(
      "POST",
      "/api/admin/payments",
      { clientCode, method: "SINPE_MOVIL", reference: "X-9", proofId: foreign.id, allocations: [{ trackingId: packages[0].id, amountColones: 100 }] },
      400,
    );
    const payment = await pay(clientCode, [{ trackingId: packages[0].id, amountColones: 100 }], { method: "SINPE_MOVIL", reference: "X-9", proofId: good.id });
    expect(payment.proofId).toBe(good.id);
  });
});

describe("deleting what has payments", () => {
  it("a paid package and a client with payments answer a Spanish 409", async () => {
    const { clientId, clientCode, packages } = await clientWithPackages([4000], "ENTREGADO");
    const payment = await pay(clientCode, [{ trackingId: packages[0].id, amountColones: 4000 }]);
    await refused("DELETE", `/api/admin/trackings/${packages[0].id}`, undefined, 409, PACKAGE_HAS_PAYMENTS);
    await refused("DELETE", `/api/admin/clients/${clientId}`, undefined, 409, CLIENT_HAS_PAYMENTS);
    // A reversed payment stays on record too.
    await call("POST", `/api/admin/payments/${payment.id}/reverse`, { reason: "Error de digitación" });
    await refused("DELETE", `/api/admin/trackings/${packages[0].id}`, undefined, 409, PACKAGE_HAS_PAYMENTS);
  });

  it("the client cannot delete a prepaid package from /rastreo either (409, nothing changes)", async () => {
    // Staff priced it before it left the store's hands, and the client paid ahead.
    const { clientCode, packages } = await clientWithPackages([3000], "SEGUIMIENTO_INTERNACIONAL");
    await pay(clientCode, [{ trackingId: packages[0].id, amountColones: 3000 }]);
    const before = await fp.take();
    const res = await t.app.inject({ method: "DELETE", url: `/api/clients/trackings/${packages[0].id}`, payload: { clientCode } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(PACKAGE_HAS_PAYMENTS);
    expect(fp.changed(before, await fp.take())).toEqual([]);
  });

  it("merging two clients moves the absorbed one's payments and SINPE receipts", async () => {
    const keep = await clientWithPackages([1000]);
    const from = await clientWithPackages([4000]);
    const payment = await pay(from.clientCode, [{ trackingId: from.packages[0].id, amountColones: 4000 }]);
    await t.ctx.db.insert(paymentProofs).values({ clientId: from.clientId, trackingId: null, uploadName: "fusion.png" });
    const res = await call("POST", `/api/admin/clients/${keep.clientId}/merge`, { from: from.clientId });
    expect(res.statusCode, res.body).toBe(200);
    const moved = (await call("GET", `/api/admin/payments/${payment.id}`)).json() as { payment: TPayment };
    expect(moved.payment).toMatchObject({ clientId: keep.clientId, clientCode: keep.clientCode, amountColones: 4000 });
    const proofs = (await call("GET", "/api/admin/payment-proofs")).json() as TProofsResponse;
    expect(proofs.items.map((p) => p.clientCode)).toEqual([keep.clientCode]);
  });
});

describe("races", () => {
  it("two payments with the same SINPE reference at once: exactly one is recorded", async () => {
    const { clientCode, packages } = await clientWithPackages([5000, 5000]);
    const results = await Promise.all(
      packages.map((p) => call("POST", "/api/admin/payments", { clientCode, method: "SINPE_MOVIL", reference: "RACE-1", allocations: [{ trackingId: p.id, amountColones: 1000 }] })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    const winner = (results.find((r) => r.statusCode === 201)!.json() as { payment: TPayment }).payment;
    expect(loser.json().message).toBe(duplicateReferenceMessage("RACE-1", winner.id));
    const paid = await Promise.all(packages.map((p) => stored(p.id)));
    expect(paid.map((p) => p.pagado).sort()).toEqual([0, 1000]);
  });

  it("two payments that together overpay a package: one is refused", async () => {
    const { clientCode, packages } = await clientWithPackages([5000]);
    const id = packages[0].id;
    const results = await Promise.all(
      [0, 1].map(() => call("POST", "/api/admin/payments", { clientCode, method: "EFECTIVO", allocations: [{ trackingId: id, amountColones: 3000 }] })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(overpaidMessage(packages[0].trackingCode, 2000));
    expect(await stored(id)).toMatchObject({ pagado: 3000, saldo: 2000 });
    const rows = await t.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, "pago.registrar")));
    expect(rows).toHaveLength(1);
  });
});
