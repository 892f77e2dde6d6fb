// Issue 34 items 2, 4, 5 (decision 190) over HTTP, on PGlite and (with DATABASE_URL) PostgreSQL,
// against the stand-in of Hacienda: a payment's comprobante made in its transaction and accepted;
// a rejection, a reissue with a new number, accepted; a reversal's Nota de Crédito referencing the
// original; Hacienda down (the payment is saved, the comprobante retried on a fake clock); data
// Hacienda would refuse (the payment is saved, the comprobante rejected with its reason); and
// invoicing off: payments exactly as before, no row. Every XML validates (xmllint) and verifies (xmlsec1).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, count, eq } from "drizzle-orm";
import { createTestApp, useTestApp, uniqueTrackingCode, type TestApp } from "../../test/app";
import { createTestStaff, type TestStaff } from "../../test/staff";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { startFakeHacienda, fakeHaciendaEnv, type FakeHacienda } from "../../test/fakes/hacienda";
import { testInvoicing, validateAgainstXsd, verifyWithXmlsec, type TestPkcs12 } from "../../test/hacienda";
import { clientTrackings, invoiceDocuments, invoiceSequences, paymentProofs, payments } from "../../db/schema";
import { PAYMENT_NOT_FOUND, type TPayment } from "../../../shared/api/admin/payments";
import type { TComprobante, TComprobantesResponse } from "../../../shared/api/admin/invoices";
import { COMPROBANTE_ALREADY_REISSUED, COMPROBANTE_NO_ANSWER, COMPROBANTE_NO_XML, COMPROBANTE_NOT_REJECTED } from "../../../shared/api/admin/invoices";
import { DEFAULT_SENDER_POLICY, processDueInvoices, unparkInvoices } from "./sender";
import { createHaciendaReception } from "../../providers/hacienda/reception";
import { invoiceSignal, KIND_OF_TYPE, type InvoicingOn } from "./comprobantes";

let fake: FakeHacienda;
let on: TestApp;
let p12: TestPkcs12;
let invoicing: InvoicingOn;
let cleanup: () => Promise<void>;
let staff: TestStaff;

beforeAll(async () => {
  fake = await startFakeHacienda();
  const made = await testInvoicing(fakeHaciendaEnv(fake));
  p12 = made.p12;
  cleanup = made.cleanup;
  invoicing = made.invoicing as InvoicingOn;
  on = await createTestApp({ env: { RATE_LIMIT: "off" }, deps: { invoicing } });
});
afterAll(async () => {
  await on?.close();
  await fake?.close();
  await cleanup?.();
});

/** The sender's round at a moment of the fake clock (no timer runs in these tests). */
const sendAt = (at: Date) => processDueInvoices(on.ctx.db, invoicing.reception, { now: at });
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

async function clientWithPackages(t: TestApp, packages: { monto: number; discountPercent?: number; extras?: { kind: string; description: string; amountColones: number }[] }[]) {
  const client = await registerTestClient(t.app, { nombre: "María José Ñandú Peña" });
  const clientId = await clientIdOf(t.ctx.db, client.clientCode);
  const made = [];
  for (const p of packages) {
    const row = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("FE"), "LISTO_PARA_ENTREGAR");
    await t.ctx.db.update(clientTrackings).set({ montoColones: p.monto, discountPercent: p.discountPercent ?? null }).where(eq(clientTrackings.id, row.id));
    for (const extra of p.extras ?? []) {
      const res = await t.app.inject({ method: "POST", url: `/api/admin/trackings/${row.id}/charges`, headers: t.adminHeaders(), payload: extra });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [stored] = await t.ctx.db.select({ total: clientTrackings.totalColones }).from(clientTrackings).where(eq(clientTrackings.id, row.id));
    made.push({ id: row.id, total: stored.total ?? 0 });
  }
  return { clientCode: client.clientCode, packages: made };
}

async function pay(t: TestApp, clientCode: string, allocations: { trackingId: number; amountColones: number }[], method = "EFECTIVO"): Promise<TPayment> {
  const res = await t.app.inject({ method: "POST", url: "/api/admin/payments", headers: staff.headers, payload: { clientCode, method, allocations } });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { payment: TPayment }).payment;
}

async function comprobantes(t: TestApp, paymentId: number): Promise<TComprobantesResponse> {
  const res = await t.app.inject({ method: "GET", url: `/api/admin/payments/${paymentId}/comprobantes`, headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TComprobantesResponse;
}

async function signedXmlOf(id: number): Promise<string> {
  const res = await on.app.inject({ method: "GET", url: `/api/admin/comprobantes/${id}/xml`, headers: staff.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/xml/);
  return res.body;
}

async function expectValid(doc: TComprobante) {
  const xml = await signedXmlOf(doc.id);
  expect(xml).toContain(`<Clave>${doc.clave}</Clave>`);
  const schema = await validateAgainstXsd(KIND_OF_TYPE[doc.documentType], xml);
  expect(schema.ok, schema.output).toBe(true);
  const signature = await verifyWithXmlsec(xml, p12.certificatePem);
  expect(signature.ok, signature.output).toBe(true);
  return xml;
}

describe("comprobantes with invoicing on (issue 34)", () => {
  beforeEach(async () => {
    await on.database.truncateAll();
    staff = await createTestStaff(on, "oficina", "Laura Oficina");
  });

  it("a payment of several packages (one paid in part) gets its Tiquete in its transaction; the sender has it accepted and keeps Hacienda's answer", async () => {
    const { clientCode, packages } = await clientWithPackages(on, [
      { monto: 12_500, discountPercent: 10, extras: [{ kind: "IMPUESTOS", description: "Impuestos de aduana", amountColones: 18_765 }, { kind: "ALMACENAJE", description: "Almacenaje 5 días", amountColones: 3_000 }] },
      { monto: 45_333, extras: [{ kind: "ENTREGA", description: "Entrega en Cañas", amountColones: 2_500 }] },
    ]);
    const partial = 20_000;
    const payment = await pay(on, clientCode, [
      { trackingId: packages[0].id, amountColones: packages[0].total },
      { trackingId: packages[1].id, amountColones: partial },
    ], "TARJETA");
    // Written with the payment, numbered, signed, waiting for the sender.
    const before = await comprobantes(on, payment.id);
    expect(before.invoicing).toBe("on");
    expect(before.items).toHaveLength(1);
    const [doc] = before.items;
    expect(doc).toMatchObject({ documentType: "04", typeLabel: "Tiquete electrónico", state: "pendiente", stateLabel: "Pendiente", consecutivo: "00100001040000000001", hasXml: true, hasAnswer: false, canReissue: false });
    expect(doc.clave).toMatch(/^\d{50}$/);
    const xml = await expectValid(doc);
    // What this payment received, and nothing more: the whole first package, 20 000 of the second.
    const total = Number(/<TotalComprobante>([^<]+)</.exec(xml)![1]);
    expect(total).toBeLessThanOrEqual(payment.amountColones);
    expect(total).toBeGreaterThan(payment.amountColones - 0.0001);
    expect(xml).toContain("<TipoMedioPago>02</TipoMedioPago>");
    expect(xml).toContain("Entrega en Cañas");

    expect(await sendAt(later(new Date(), 1000))).toBe(1);
    const after = (await comprobantes(on, payment.id)).items[0];
    expect(after).toMatchObject({ state: "aceptado", hasAnswer: true, rejectionReason: null });
    expect(fake.documents.get(doc.clave!)?.xml).toBe(xml);
    const answer = await on.app.inject({ method: "GET", url: `/api/admin/comprobantes/${doc.id}/respuesta`, headers: staff.headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-disposition"]).toBe(`attachment; filename="${doc.clave}-respuesta.xml"`);
    expect(answer.body).toContain("<Mensaje>1</Mensaje>");
    // Nothing left to do.
    expect(await sendAt(later(new Date(), 3_600_000))).toBe(0);
  });

  it("a client with an identification gets a Factura (01) naming it as receiver, valid, signed and accepted", async () => {
    const { clientCode, packages } = await clientWithPackages(on, [{ monto: 21_000 }]);
    const clientId = await clientIdOf(on.ctx.db, clientCode);
    // Entered by staff or on /rastreo (decision 189); stored as digits by the shared rule.
    const edit = await on.app.inject({
      method: "PATCH",
      url: `/api/admin/clients/${clientId}`,
      headers: on.adminHeaders(),
      payload: { tipoIdentificacion: "JURIDICA", identificacion: "3-101-123456" },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const payment = await pay(on, clientCode, [{ trackingId: packages[0].id, amountColones: packages[0].total }], "TRANSFERENCIA");
    const [doc] = (await comprobantes(on, payment.id)).items;
    expect(doc).toMatchObject({ documentType: "01", state: "pendiente" });
    expect(doc.consecutivo).toMatch(/^0010000101\d{10}$/);
    const xml = await expectValid(doc);
    expect(xml).toMatch(/<Receptor>\s*<Nombre>María José Ñandú Peña<\/Nombre>\s*<Identificacion>\s*<Tipo>02<\/Tipo>\s*<Numero>3101123456<\/Numero>/);
    expect(await sendAt(later(new Date(), 1000))).toBe(1);
    expect((await comprobantes(on, payment.id)).items[0]).toMatchObject({ state: "aceptado" });
  });

  it("a package with a coupon paid in two parts: each comprobante totals its part, valid and signed", async () => {
    const { clientCode, packages } = await clientWithPackages(on, [
      { monto: 33_333, discountPercent: 15, extras: [{ kind: "IMPUESTOS", description: "Impuestos de aduana", amountColones: 7_777 }, { kind: "OTRO", description: "Reempaque & <cinta>", amountColones: 1_111 }] },
    ]);
    const whole = packages[0].total;
    const first = await pay(on, clientCode, [{ trackingId: packages[0].id, amountColones: 10_001 }]);
    const second = await pay(on, clientCode, [{ trackingId: packages[0].id, amountColones: whole - 10_001 }]);
    let sum = 0;
    for (const [payment, part] of [[first, 10_001], [second, whole - 10_001]] as const) {
      const [doc] = (await comprobantes(on, payment.id)).items;
      const xml = await expectValid(doc);
      const total = Number(/<TotalComprobante>([^<]+)</.exec(xml)![1]);
      expect(total).toBeLessThanOrEqual(part);
      expect(total).toBeGreaterThan(part - 0.0001);
      sum += total;
    }
    expect(sum).toBeGreaterThan(whole - 0.0001);
  });

  it("Hacienda rejects: its reason is shown; staff reissue with a new number, the old one stays rejected; the new one is accepted", async () => {
    const { clientCode, packages } = await clientWithPackages(on, [{ monto: 8_000 }]);
    const payment = await pay(on, clientCode, [{ trackingId: packages[0].id, amountColones: 8_000 }]);
    fake.rejectNext("El código CABYS 6812000000000 no existe en el catálogo");
    await sendAt(later(new Date(), 1000));
    const [rejected] = (await comprobantes(on, payment.id)).items;
    expect(rejected).toMatchObject({ state: "rechazado", rejectionReason: "El código CABYS 6812000000000 no existe en el catálogo", canReissue: true, hasAnswer: true });

    const reissue = await on.app.inject({ method: "POST", url: `/api/admin/comprobantes/${rejected.id}/reissue`, headers: staff.headers });
    expect(reissue.statusCode, reissue.body).toBe(201);
    const fresh = (reissue.json() as { comprobante: TComprobante }).comprobante;
    expect(fresh).toMatchObject({ state: "pendiente", replacesId: rejected.id, consecutivo: "00100001040000000002", documentType: "04" });
    expect(fresh.clave).not.toBe(rejected.clave);
    await expectValid(fresh);
    // Twice: refused, nothing changes.
    const again = await on.app.inject({ method: "POST", url: `/api/admin/comprobantes/${rejected.id}/reissue`, headers: staff.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COMPROBANTE_ALREADY_REISSUED);
    const notRejected = await on.app.inject({ method: "POST", url: `/api/admin/comprobantes/${fresh.id}/reissue`, headers: staff.headers });
    expect(notRejected.statusCode).toBe(409);
    expect(notRejected.json().message).toBe(COMPROBANTE_NOT_REJECTED);

    await sendAt(later(new Date(), 1000));
    const list = (await comprobantes(on, payment.id)).items;
    expect(list.map((d) => [d.consecutivo, d.state, d.canReissue])).toEqual([
      ["00100001040000000001", "rechazado", false],
      ["00100001040000000002", "aceptado", false],
    ]);
  });

  it("a reversal issues a Nota de Crédito that cancels the original by its clave, in the reversal's transaction", async () => {
    const { clientCode, packages } = await clientWithPackages(on, [{ monto: 15_000, extras: [{ kind: "ALMACENAJE", description: "Almacenaje", amountColones: 1_000 }] }]);
    const payment = await pay(on, clientCode, [{ trackingId: packages[0].id, amountColones: 16_000 }]);
    await sendAt(later(new Date(), 1000));
    const res = await on.app.inject({ method: "POST", url: `/api/admin/payments/${payment.id}/reverse`, headers: staff.headers, payload: { reason: "Pago registrado al cliente equivocado" } });
    expect(res.statusCode, res.body).toBe(200);
    const [original, note] = (await comprobantes(on, payment.id)).items;
    expect(original.state).toBe("aceptado");
    expect(note).toMatchObject({ documentType: "03", typeLabel: "Nota de crédito electrónica", state: "pendiente", referencesId: original.id, consecutivo: "00100001030000000001" });
    const xml = await expectValid(note);
    expect(xml).toContain(`<Numero>${original.clave}</Numero>`);
    expect(xml).toContain("<TipoDocIR>04</TipoDocIR>");
    expect(xml).toContain("<Codigo>01</Codigo>");
    expect(xml).toContain("Pago revertido: Pago registrado al cliente equivocado");
    expect(/<TotalComprobante>([^<]+)</.exec(xml)![1]).toBe(/<TotalComprobante>([^<]+)</.exec(await signedXmlOf(original.id))![1]);
    await sendAt(later(new Date(), 1000));
    expect((await comprobantes(on, payment.id)).items[1].state).toBe("aceptado");
  });

  it("a Nota de Crédito waits until Hacienda has the document it cancels", async () => {
    const { clientCode, packages } = await clientWithPackages(on, [{ monto: 3_000 }]);
    const payment = await pay(on, clientCode, [{ trackingId: packages[0].id, amountColones: 3_000 }]);
    const reversed = await on.app.inject({ method: "POST", url: `/api/admin/payments/${payment.id}/reverse`, headers: staff.headers, payload: { reason: "Duplicado" } });
    expect(reversed.statusCode, reversed.body).toBe(200);
    fake.script({ status: 503 });
    const t0 = later(new Date(), 1000);
    // Only the original is tried (and fails); the note is held back.
    expect(await sendAt(t0)).toBe(1);
    expect((await comprobantes(on, payment.id)).items.map((d) => [d.documentType, d.state, d.attempts])).toEqual([
      ["04", "pendiente", 1],
      ["03", "pendiente", 0],
    ]);
    const t1 = later(t0, DEFAULT_SENDER_POLICY.backoffMs[0]);
    expect(await sendAt(t1)).toBe(1);
    expect(await sendAt(t1)).toBe(1);
    expect((await comprobantes(on, payment.id)).items.map((d) => d.state)).toEqual(["aceptado", "aceptado"]);
  });

  it("Hacienda down: the payment is saved; the comprobante is retried with backoff (Retry-After honoured) and then accepted", async () => {
    const { clientCode, packages } = await clientWithPackages(on, [{ monto: 9_000 }]);
    fake.script({ status: 503 }, { status: 429, headers: { "retry-after": "600" } });
    const payment = await pay(on, clientCode, [{ trackingId: packages[0].id, amountColones: 9_000 }]);
    const [{ count: saved }] = await on.ctx.db.select({ count: count() }).from(payments).where(eq(payments.id, payment.id));
    expect(saved).toBe(1);

    const t0 = later(new Date(), 1000);
    expect(await sendAt(t0)).toBe(1);
    let [doc] = (await comprobantes(on, payment.id)).items;
    expect(doc).toMatchObject({ state: "pendiente", attempts: 1 });
    expect(doc.lastError).toMatch(/problema temporal/);
    expect(new Date(doc.nextAttemptAt!).getTime()).toBe(t0.getTime() + DEFAULT_SENDER_POLICY.backoffMs[0]);
    // Not due yet: nothing is claimed.
    expect(await sendAt(later(t0, 10_000))).toBe(0);
    // Second try: Hacienda asks to wait 10 minutes, longer than the backoff's 2.
    const t1 = later(t0, DEFAULT_SENDER_POLICY.backoffMs[0]);
    expect(await sendAt(t1)).toBe(1);
    [doc] = (await comprobantes(on, payment.id)).items;
    expect(doc).toMatchObject({ state: "pendiente", attempts: 2 });
    expect(new Date(doc.nextAttemptAt!).getTime()).toBe(t1.getTime() + 600_000);
    expect(await sendAt(later(t1, 300_000))).toBe(0);
    expect(await sendAt(later(t1, 600_000))).toBe(1);
    [doc] = (await comprobantes(on, payment.id)).items;
    expect(doc).toMatchObject({ state: "aceptado", attempts: 3, lastError: null });
  });

  it("Hacienda still processing: enviado, asked again later until final", async () => {
    const { clientCode, packages } = await clientWithPackages(on, [{ monto: 7_000 }]);
    fake.setProcessingPolls(1);
    try {
      const payment = await pay(on, clientCode, [{ trackingId: packages[0].id, amountColones: 7_000 }]);
      const t0 = later(new Date(), 1000);
      await sendAt(t0);
      let [doc] = (await comprobantes(on, payment.id)).items;
      expect(doc).toMatchObject({ state: "enviado", stateLabel: "Enviado" });
      expect(doc.sentAt).toBe(t0.toISOString());
      await sendAt(later(t0, DEFAULT_SENDER_POLICY.pollMs[0]));
      [doc] = (await comprobantes(on, payment.id)).items;
      expect(doc.state).toBe("aceptado");
    } finally {
      fake.setProcessingPolls(0);
    }
  });

  it("data Hacienda would refuse never block the payment: the comprobante is stored rejected with its reason and no number", async () => {
    // A package whose only charge is customs taxes paid for the client: nothing of ours to invoice.
    const { clientCode, packages } = await clientWithPackages(on, [{ monto: 0, extras: [{ kind: "IMPUESTOS", description: "Impuestos de aduana", amountColones: 5_000 }] }]);
    const payment = await pay(on, clientCode, [{ trackingId: packages[0].id, amountColones: 5_000 }]);
    const [doc] = (await comprobantes(on, payment.id)).items;
    expect(doc).toMatchObject({ state: "rechazado", consecutivo: null, clave: null, hasXml: false, rejectionReason: "El pago no cubre ningún servicio facturable.", canReissue: true });
    expect(await on.ctx.db.select().from(invoiceSequences)).toEqual([]);
    // Reissuing with the data unchanged: the same Spanish reason, nothing changes.
    const res = await on.app.inject({ method: "POST", url: `/api/admin/comprobantes/${doc.id}/reissue`, headers: staff.headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("El pago no cubre ningún servicio facturable.");
    expect(await on.ctx.db.select({ id: invoiceDocuments.id }).from(invoiceDocuments).orderBy(asc(invoiceDocuments.id))).toEqual([{ id: doc.id }]);
    const noXml = await on.app.inject({ method: "GET", url: `/api/admin/comprobantes/${doc.id}/xml`, headers: staff.headers });
    expect(noXml.statusCode).toBe(404);
    expect(noXml.json().message).toBe(COMPROBANTE_NO_XML);
    const noAnswer = await on.app.inject({ method: "GET", url: `/api/admin/comprobantes/${doc.id}/respuesta`, headers: staff.headers });
    expect(noAnswer.json().message).toBe(COMPROBANTE_NO_ANSWER);
    const noPayment = await on.app.inject({ method: "GET", url: "/api/admin/payments/999999/comprobantes", headers: staff.headers });
    expect([noPayment.statusCode, noPayment.json().message]).toEqual([404, PAYMENT_NOT_FOUND]);
    const badId = await on.app.inject({ method: "GET", url: "/api/admin/comprobantes/abc/xml", headers: staff.headers });
    expect([badId.statusCode, badId.json().message]).toEqual([400, "Comprobante inválido"]);
  });
});

describe("comprobantes: the payment's transaction and the sender's edges (issue 34)", () => {
  beforeEach(async () => {
    await on.database.truncateAll();
    staff = await createTestStaff(on, "oficina", "Laura Oficina");
  });

  it("a client's SINPE receipt confirmed gets its comprobante too; a payment refused writes none and takes no number", async () => {
    const { clientCode, packages } = await clientWithPackages(on, [{ monto: 6_000 }]);
    const clientId = await clientIdOf(on.ctx.db, clientCode);
    const [proof] = await on.ctx.db.insert(paymentProofs).values({ clientId, trackingId: packages[0].id, uploadName: `${uniqueTrackingCode("prf").toLowerCase()}.png` }).returning({ id: paymentProofs.id });
    const overpaid = await on.app.inject({ method: "POST", url: `/api/admin/payment-proofs/${proof.id}/confirm`, headers: staff.headers, payload: { reference: "SINPE-991", allocations: [{ trackingId: packages[0].id, amountColones: 6_001 }] } });
    expect(overpaid.statusCode).toBe(409);
    expect(await on.ctx.db.select().from(invoiceDocuments)).toEqual([]);
    expect(await on.ctx.db.select().from(invoiceSequences)).toEqual([]);
    const res = await on.app.inject({ method: "POST", url: `/api/admin/payment-proofs/${proof.id}/confirm`, headers: staff.headers, payload: { reference: "SINPE-991", allocations: [{ trackingId: packages[0].id, amountColones: 6_000 }] } });
    expect(res.statusCode, res.body).toBe(201);
    const { payment } = res.json() as { payment: TPayment };
    const [doc] = (await comprobantes(on, payment.id)).items;
    expect(doc).toMatchObject({ state: "pendiente", consecutivo: "00100001040000000001" });
    expect(await signedXmlOf(doc.id)).toContain("<TipoMedioPago>06</TipoMedioPago>");
  });

  it("a request Hacienda refuses (HTTP 400) is rejected with its cause; refused credentials park the comprobante until the next start", async () => {
    const { clientCode, packages } = await clientWithPackages(on, [{ monto: 4_000 }, { monto: 5_000 }]);
    const first = await pay(on, clientCode, [{ trackingId: packages[0].id, amountColones: 4_000 }]);
    fake.script({ status: 400, cause: "La fecha de emisión está fuera del rango aceptado" });
    await sendAt(later(new Date(), 1000));
    expect((await comprobantes(on, first.id)).items[0]).toMatchObject({ state: "rechazado", rejectionReason: "Hacienda rechazó el envío: La fecha de emisión está fuera del rango aceptado", canReissue: true });

    const second = await pay(on, clientCode, [{ trackingId: packages[1].id, amountColones: 5_000 }]);
    const wrong = createHaciendaReception({ idpUrl: fake.idpUrl, apiUrl: fake.apiUrl, clientId: fake.clientId, username: fake.username, password: "otra" });
    const t0 = later(new Date(), 1000);
    expect(await processDueInvoices(on.ctx.db, wrong, { now: t0 })).toBe(1);
    let [doc] = (await comprobantes(on, second.id)).items;
    expect(doc).toMatchObject({ state: "pendiente", nextAttemptAt: null });
    expect(doc.lastError).toMatch(/no aceptó el usuario/);
    expect(await sendAt(later(t0, 86_400_000))).toBe(0);
    // The configuration fixed and the app started again: the sender puts it back in line.
    expect(await unparkInvoices(on.ctx.db, later(t0, 60_000))).toBe(1);
    expect(await sendAt(later(t0, 60_000))).toBe(1);
    [doc] = (await comprobantes(on, second.id)).items;
    expect(doc.state).toBe("aceptado");
  });

  it("two senders at once (two instances) send each comprobante once", async () => {
    const { clientCode, packages } = await clientWithPackages(on, [{ monto: 1_000 }, { monto: 2_000 }, { monto: 3_000 }, { monto: 4_000 }]);
    for (const p of packages) await pay(on, clientCode, [{ trackingId: p.id, amountColones: p.total }]);
    const posts = fake.calls.filter((c) => c.startsWith("POST")).length;
    const at = later(new Date(), 1000);
    const claimed = await Promise.all([
      processDueInvoices(on.ctx.db, invoicing.reception, { now: at, batchSize: 2 }),
      processDueInvoices(on.ctx.db, invoicing.reception, { now: at, batchSize: 2 }),
      processDueInvoices(on.ctx.db, invoicing.reception, { now: at, batchSize: 2 }),
    ]);
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(4);
    expect(fake.calls.filter((c) => c.startsWith("POST")).length - posts).toBe(4);
    const states = await on.ctx.db.select({ state: invoiceDocuments.state }).from(invoiceDocuments);
    expect(states.map((s) => s.state)).toEqual(["aceptado", "aceptado", "aceptado", "aceptado"]);
  });
});

describe("the sender job (issue 34)", () => {
  it("buildApp's jobs start the sender only when invoicing is on, and stop it on close", async () => {
    expect(invoiceSignal.listenerCount("issued")).toBe(0);
    const withJobs = await createTestApp({ env: { RATE_LIMIT: "off" }, deps: { invoicing, startJobs: true } });
    try {
      expect(invoiceSignal.listenerCount("issued")).toBe(1);
    } finally {
      await withJobs.close();
    }
    expect(invoiceSignal.listenerCount("issued")).toBe(0);
    const offWithJobs = await createTestApp({ env: { RATE_LIMIT: "off" }, deps: { startJobs: true } });
    try {
      expect(invoiceSignal.listenerCount("issued")).toBe(0);
    } finally {
      await offWithJobs.close();
    }
  });
});

describe("invoicing off (issue 34)", () => {
  const off = useTestApp();
  beforeEach(async () => {
    await off.database.truncateAll();
    staff = await createTestStaff(off, "oficina", "Laura Oficina");
  });

  it("payments and reversals work exactly as before and write no comprobante, no number", async () => {
    const { clientCode, packages } = await clientWithPackages(off, [{ monto: 8_000 }]);
    const payment = await pay(off, clientCode, [{ trackingId: packages[0].id, amountColones: 8_000 }]);
    expect(payment.amountColones).toBe(8_000);
    const res = await off.app.inject({ method: "POST", url: `/api/admin/payments/${payment.id}/reverse`, headers: staff.headers, payload: { reason: "Prueba" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await off.ctx.db.select().from(invoiceDocuments)).toEqual([]);
    expect(await off.ctx.db.select().from(invoiceSequences)).toEqual([]);
    expect(await comprobantes(off, payment.id)).toEqual({ invoicing: "off", items: [] });
    const reissue = await off.app.inject({ method: "POST", url: "/api/admin/comprobantes/1/reissue", headers: staff.headers });
    expect(reissue.statusCode).toBe(409);
  });
});
