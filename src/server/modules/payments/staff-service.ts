// Pagos (issue 21, docs/decisions/136): extra charge lines, payments and their reversal, and the
// clients' SINPE receipts (comprobantes).
//
// Money rules, all in one transaction each:
// - client_trackings.cargos_extra_colones is written ONLY by addCharge / removeCharge here: the
//   package is locked and the column becomes the sum of its package_charges rows.
// - client_trackings.pagado_colones is written ONLY by recordPaymentTx (+= each allocation) and
//   reversePayment (−= each allocation): the packages are locked FOR UPDATE in ascending id order,
//   and an allocation may not exceed the package's stored saldo_colones (overpaying is refused).
// - Totals and balances are never computed here: the database's generated columns are read.
// - A SINPE Móvil reference is unique among payments not reversed (payments_sinpe_reference_key):
//   a friendly pre-check, and the unique violation mapped to the same 409 when two race.
// - paidAt (docs/decisions/147): a real day, not the future, at most PAID_AT_WINDOW_DAYS Costa Rica
//   days back; older only for the Dueño with a written reason (stored, audited). A closed cash day
//   takes nothing: recording checks the paid day under its lock (core/cash-day-lock.ts); reversing a
//   payment of a closed day counts on today (reversal_counted_on) and leaves the closed day as it
//   was. The trigger payments_cash_day_guard refuses the same in the database.
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { clientTrackings, clients, packageCharges, paymentAllocations, paymentProofs, payments } from "../../db/schema";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../errors";
import type { Actor } from "../../lib/actor";
import { recordAudit } from "../../core/audit/service";
import { lockCashDay } from "../../core/cash-day-lock";
import { authorize, clientSubject } from "../../core/policies";
import { addDays, costaRicaDayKey, costaRicaDaysBetween, costaRicaDayStart } from "../../../shared/domain/dates";
import type { StaffRole } from "../../../shared/domain/staff-roles";
import { CHARGE_COLONES_MAX, chargeLines, METHODS_WITH_UNIQUE_REFERENCE, type ExtraChargeKind, type PaymentMethod } from "../../../shared/domain/charges";
import { formatColones } from "../../../shared/domain/format";
import { UPLOADS_PATH_PREFIX } from "../../../shared/api/uploads";
import { COLONES_MAX } from "../../../shared/api/admin/trackings";
import {
  CHARGE_NOT_FOUND,
  EXTRAS_TOO_LARGE,
  PAYMENT_TOO_LARGE,
  CHARGE_REMOVE_PAID,
  duplicateReferenceMessage,
  overpaidMessage,
  PACKAGE_NOT_FOUND,
  PAID_AT_FUTURE,
  PAID_AT_INVALID,
  PAID_AT_REASON_REQUIRED,
  PAID_AT_WINDOW_DAYS,
  cashDayClosedMessage,
  reversalDayClosedMessage,
  PAYMENT_ALREADY_REVERSED,
  PAYMENT_CLIENT_NOT_FOUND,
  PAYMENT_NOT_FOUND,
  PAYMENTS_PAGE_SIZE,
  PROOF_ALREADY_REVIEWED,
  PROOF_NOT_FOUND,
  PROOF_WHOLE_BALANCE,
  PROOFS_LIST_MAX,
  receiptNumber,
  type TChargeCreate,
  type TChargesResponse,
  type TDuePackage,
  type TDueResponse,
  type TPayment,
  type TPaymentCreate,
  type TPaymentsPage,
  type TPaymentsQuery,
  type TPaymentSummary,
  type TProofConfirm,
  type TProofsResponse,
} from "../../../shared/api/admin/payments";
import type { PaymentProofStatus } from "../../../shared/domain/charges";
import type { Invoicing } from "../invoices/service";
import { comprobanteBriefs, invoiceSignal, issueCreditNote, issueForPayment } from "../invoices/comprobantes";

/** Invoicing not configured: payments as before, no comprobante (issue 34). */
const INVOICING_OFF: Invoicing = { state: "off" };

/** A payment to record: POST /payments' body (reference and notes may be left out). */
export type RecordPaymentInput = Omit<TPaymentCreate, "reference" | "notas" | "paidAtReason"> & Partial<Pick<TPaymentCreate, "reference" | "notas" | "paidAtReason">>;

const SINPE_KEY = "payments_sinpe_reference_key";
/** A paidAt this far ahead of the server's clock is still "now" (a browser's clock may run ahead). */
const CLOCK_SKEW_MS = 2 * 60 * 1000;

// --- Extra charge lines ---

/** GET /api/admin/trackings/:id/charges: the lines from stored values, the stored totals, the payments. */
export async function getCharges(db: DbOrTx, trackingId: number): Promise<TChargesResponse> {
  const [row] = await db
    .select({
      id: clientTrackings.id,
      trackingCode: clientTrackings.trackingCode,
      montoColones: clientTrackings.montoColones,
      discountPercent: clientTrackings.discountPercent,
      descuentoColones: clientTrackings.descuentoColones,
      totalColones: clientTrackings.totalColones,
      pagadoColones: clientTrackings.pagadoColones,
      saldoColones: clientTrackings.saldoColones,
    })
    .from(clientTrackings)
    .where(eq(clientTrackings.id, trackingId));
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  const extras = await db
    .select({ id: packageCharges.id, kind: packageCharges.kind, description: packageCharges.description, amountColones: packageCharges.amountColones })
    .from(packageCharges)
    .where(eq(packageCharges.trackingId, trackingId))
    .orderBy(asc(packageCharges.id));
  const lines = chargeLines({
    montoColones: row.montoColones,
    discountPercent: row.discountPercent,
    descuentoColones: row.descuentoColones ?? 0,
    extras: extras.map((e) => ({ kind: e.kind as ExtraChargeKind, description: e.description, amountColones: e.amountColones })),
  });
  // chargeLines puts the extras last, in the order given.
  const firstExtra = lines.length - extras.length;
  const allocations = await db
    .select({
      paymentId: payments.id,
      method: payments.method,
      reference: payments.reference,
      paidAt: payments.paidAt,
      amountColones: paymentAllocations.amountColones,
      reversedAt: payments.reversedAt,
    })
    .from(paymentAllocations)
    .innerJoin(payments, eq(payments.id, paymentAllocations.paymentId))
    .where(eq(paymentAllocations.trackingId, trackingId))
    .orderBy(asc(payments.paidAt), asc(payments.id));
  return {
    trackingId: row.id,
    trackingCode: row.trackingCode,
    lines: lines.map((line, i) => ({ ...line, chargeId: i >= firstExtra ? extras[i - firstExtra].id : null })),
    totalColones: row.totalColones,
    pagadoColones: row.pagadoColones,
    saldoColones: row.saldoColones ?? 0,
    payments: allocations.map((a) => ({
      paymentId: a.paymentId,
      method: a.method as PaymentMethod,
      reference: a.reference,
      paidAt: a.paidAt.toISOString(),
      amountColones: a.amountColones,
      reversed: a.reversedAt !== null,
    })),
  };
}

async function lockPackage(tx: DbOrTx, trackingId: number) {
  const [row] = await tx
    .select({ id: clientTrackings.id, trackingCode: clientTrackings.trackingCode })
    .from(clientTrackings)
    .where(eq(clientTrackings.id, trackingId))
    .for("update");
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  return row;
}

/** The one place that keeps cargos_extra_colones: the sum of the package's lines. */
async function syncExtras(tx: DbOrTx, trackingId: number): Promise<void> {
  await tx
    .update(clientTrackings)
    .set({
      cargosExtraColones: sql`(select coalesce(sum(${packageCharges.amountColones}), 0)::int from ${packageCharges} where ${packageCharges.trackingId} = ${trackingId})`,
      updatedAt: new Date(),
    })
    .where(eq(clientTrackings.id, trackingId));
}

/** POST /api/admin/trackings/:id/charges. */
export async function addCharge(db: Db, trackingId: number, input: TChargeCreate | TChargeCreate[], actor: Actor): Promise<TChargesResponse> {
  // Several lines at once (issue 32): all in one transaction, or none.
  const lines = Array.isArray(input) ? input : [input];
  return db.transaction(async (tx) => {
    const pkg = await lockPackage(tx, trackingId);
    const [{ extras }] = await tx.select({ extras: clientTrackings.cargosExtraColones }).from(clientTrackings).where(eq(clientTrackings.id, trackingId));
    if (extras + lines.reduce((sum, l) => sum + l.amountColones, 0) > CHARGE_COLONES_MAX) throw badRequest(EXTRAS_TOO_LARGE);
    const inserted = await tx
      .insert(packageCharges)
      .values(lines.map((l) => ({ trackingId, kind: l.kind, description: l.description, amountColones: l.amountColones, createdByAccountId: actor.accountId })))
      .returning({ id: packageCharges.id });
    await syncExtras(tx, trackingId);
    await recordAudit(
      tx,
      actor,
      lines.map((l, i) => ({
        action: "cargo.agregar" as const,
        entity: "cargo" as const,
        entityId: inserted[i].id,
        summary: `${pkg.trackingCode} · ${l.description} · ${formatColones(l.amountColones)}`,
        after: { trackingId, ...l },
      })),
    );
    return getCharges(tx, trackingId);
  });
}

/** DELETE /api/admin/trackings/:id/charges/:chargeId: refused when the total would fall below what was paid. */
export async function removeCharge(db: Db, trackingId: number, chargeId: number, actor: Actor): Promise<TChargesResponse> {
  return db.transaction(async (tx) => {
    const pkg = await lockPackage(tx, trackingId);
    const [line] = await tx
      .delete(packageCharges)
      .where(and(eq(packageCharges.id, chargeId), eq(packageCharges.trackingId, trackingId)))
      .returning();
    if (!line) throw notFound(CHARGE_NOT_FOUND);
    await syncExtras(tx, trackingId);
    const [after] = await tx
      .select({ total: clientTrackings.totalColones, pagado: clientTrackings.pagadoColones })
      .from(clientTrackings)
      .where(eq(clientTrackings.id, trackingId));
    // Throwing rolls the deletion back.
    if ((after.total ?? 0) < after.pagado) throw conflict(CHARGE_REMOVE_PAID);
    await recordAudit(tx, actor, {
      action: "cargo.quitar",
      entity: "cargo",
      entityId: line.id,
      summary: `${pkg.trackingCode} · ${line.description} · ${formatColones(line.amountColones)}`,
      before: { trackingId, kind: line.kind, description: line.description, amountColones: line.amountColones },
    });
    return getCharges(tx, trackingId);
  });
}

// --- Due packages ---

const dueColumns = {
  id: clientTrackings.id,
  trackingCode: clientTrackings.trackingCode,
  descripcion: clientTrackings.descripcionPaquete,
  estado: clientTrackings.estado,
  origen: clientTrackings.origen,
  totalColones: clientTrackings.totalColones,
  pagadoColones: clientTrackings.pagadoColones,
  saldoColones: clientTrackings.saldoColones,
};

async function duePackagesOf(db: DbOrTx, clientIds: number[]): Promise<Map<number, TDuePackage[]>> {
  const out = new Map<number, TDuePackage[]>();
  if (clientIds.length === 0) return out;
  const rows = await db
    .select({ ...dueColumns, clientId: clientTrackings.clientId })
    .from(clientTrackings)
    .where(and(inArray(clientTrackings.clientId, clientIds), sql`${clientTrackings.saldoColones} <> 0`))
    .orderBy(asc(clientTrackings.createdAt), asc(clientTrackings.id));
  for (const { clientId, ...row } of rows) {
    const list = out.get(clientId) ?? [];
    list.push({ ...row, saldoColones: row.saldoColones ?? 0 });
    out.set(clientId, list);
  }
  return out;
}

async function clientByCode(db: DbOrTx, clientCode: string) {
  const [client] = await db
    .select({ id: clients.id, clientCode: clients.clientCode, nombre: clients.nombre })
    .from(clients)
    .where(eq(clients.clientCode, clientCode));
  if (!client) throw notFound(PAYMENT_CLIENT_NOT_FOUND);
  return client;
}

/** GET /api/admin/payments/due?clientCode=: the client's packages whose balance is not zero. */
export async function dueOf(db: Db, clientCode: string): Promise<TDueResponse> {
  const client = await clientByCode(db, clientCode);
  const due = await duePackagesOf(db, [client.id]);
  return { client, packages: due.get(client.id) ?? [] };
}

// --- Payments ---

/**
 * "AAAA-MM-DD" is that Costa Rica day (today: now; another day: its noon); an instant is itself.
 * Never the future; more than PAID_AT_WINDOW_DAYS Costa Rica days back only for the Dueño, with a
 * reason (the reason is kept only then).
 */
function resolvePaidAt(input: RecordPaymentInput, now: Date, role: StaffRole | undefined): { paidAt: Date; paidAtReason: string | null } {
  const value = input.paidAt;
  if (!value) return { paidAt: now, paidAtReason: null };
  const at = value.length === 10 ? (value === costaRicaDayKey(now) ? now : new Date(`${value}T12:00:00-06:00`)) : new Date(value);
  if (Number.isNaN(at.getTime())) throw badRequest(PAID_AT_INVALID);
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw badRequest(PAID_AT_FUTURE);
  if (costaRicaDaysBetween(at, now) <= PAID_AT_WINDOW_DAYS) return { paidAt: at, paidAtReason: null };
  authorize({ role }, "payment.backdate");
  if (!input.paidAtReason) throw badRequest(PAID_AT_REASON_REQUIRED);
  return { paidAt: at, paidAtReason: input.paidAtReason };
}

async function existingSinpe(db: DbOrTx, reference: string): Promise<number | null> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.method, "SINPE_MOVIL"), isNull(payments.reversedAt), sql`upper(${payments.reference}) = upper(${reference})`))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Records a payment inside the caller's transaction (the one function both POST /payments and a
 * receipt's confirmation use); returns its id. With proofId the receipt must be pending and the
 * client's own: it becomes CONFIRMADO with this payment.
 */
async function recordPaymentTx(tx: DbOrTx, input: RecordPaymentInput, actor: Actor, now: Date, role: StaffRole | undefined): Promise<number> {
  const { paidAt, paidAtReason } = resolvePaidAt(input, now, role);
  const client = await clientByCode(tx, input.clientCode);
  if (input.proofId !== undefined) {
    const [proof] = await tx.select().from(paymentProofs).where(eq(paymentProofs.id, input.proofId)).for("update");
    if (!proof) throw notFound(PROOF_NOT_FOUND);
    authorize(clientSubject(client), "payment.confirmProof", proof);
    if (proof.estado !== "PENDIENTE") throw conflict(PROOF_ALREADY_REVIEWED);
  }
  // Locks in ascending id order, so two payments on the same packages never deadlock.
  const ids = input.allocations.map((a) => a.trackingId).sort((a, b) => a - b);
  const locked = await tx
    .select({ id: clientTrackings.id, clientId: clientTrackings.clientId, trackingCode: clientTrackings.trackingCode, saldo: clientTrackings.saldoColones })
    .from(clientTrackings)
    .where(inArray(clientTrackings.id, ids))
    .orderBy(asc(clientTrackings.id))
    .for("update");
  const byId = new Map(locked.map((row) => [row.id, row]));
  for (const allocation of input.allocations) {
    const found = byId.get(allocation.trackingId);
    authorize(clientSubject(client), "payment.allocate", { trackingId: allocation.trackingId, pkg: found });
    const pkg = found!; // a missing package was refused just above
    if (allocation.amountColones > (pkg.saldo ?? 0)) throw conflict(overpaidMessage(pkg.trackingCode, pkg.saldo ?? 0));
  }
  const reference = input.reference ?? null;
  if (reference && METHODS_WITH_UNIQUE_REFERENCE.includes(input.method)) {
    const other = await existingSinpe(tx, reference);
    if (other !== null) throw conflict(duplicateReferenceMessage(reference, other));
  }
  const amountColones = input.allocations.reduce((sum, a) => sum + a.amountColones, 0);
  if (amountColones > COLONES_MAX) throw badRequest(PAYMENT_TOO_LARGE);
  // After the packages (the lock order of core/cash-day-lock.ts): a close of that day waits for this
  // transaction, or this one sees the day closed.
  const paidDay = costaRicaDayKey(paidAt);
  if (await lockCashDay(tx, paidDay)) throw conflict(cashDayClosedMessage(paidDay));
  const [payment] = await tx
    .insert(payments)
    .values({
      clientId: client.id,
      method: input.method,
      reference,
      amountColones,
      paidAt,
      recordedByAccountId: actor.accountId,
      recordedByName: actor.label.slice(0, 120),
      notas: input.notas ?? null,
      paidAtReason,
      createdAt: now,
    })
    .returning({ id: payments.id });
  await tx.insert(paymentAllocations).values(input.allocations.map((a) => ({ paymentId: payment.id, trackingId: a.trackingId, amountColones: a.amountColones })));
  for (const a of input.allocations) {
    await tx
      .update(clientTrackings)
      .set({ pagadoColones: sql`${clientTrackings.pagadoColones} + ${a.amountColones}`, updatedAt: now })
      .where(eq(clientTrackings.id, a.trackingId));
  }
  const codes = input.allocations.map((a) => byId.get(a.trackingId)!.trackingCode);
  await recordAudit(tx, actor, {
    action: "pago.registrar",
    entity: "pago",
    entityId: payment.id,
    summary: `Recibo ${receiptNumber(payment.id)} · ${client.clientCode} · ${formatColones(amountColones)} · ${codes.join(", ")}`,
    after: { clientCode: client.clientCode, method: input.method, reference, amountColones, paidAt, paidAtReason, allocations: input.allocations, proofId: input.proofId ?? null },
    at: now,
  });
  if (input.proofId !== undefined) {
    await tx
      .update(paymentProofs)
      .set({ estado: "CONFIRMADO", reviewedAt: now, reviewedByAccountId: actor.accountId, paymentId: payment.id })
      .where(eq(paymentProofs.id, input.proofId));
    await recordAudit(tx, actor, {
      action: "comprobante.confirmar",
      entity: "comprobante",
      entityId: input.proofId,
      summary: `${client.clientCode} · recibo ${receiptNumber(payment.id)}`,
      after: { estado: "CONFIRMADO", paymentId: payment.id },
      at: now,
    });
  }
  return payment.id;
}

/** A transaction that records a payment, with a racing SINPE reference answered as the pre-check does. */
async function withSinpeConflict<T>(db: Db, reference: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (reference && isUniqueViolation(error, SINPE_KEY)) throw conflict(duplicateReferenceMessage(reference, await existingSinpe(db, reference)));
    throw error;
  }
}

/**
 * POST /api/admin/payments. With invoicing on, the payment's comprobante is made in the same
 * transaction (its number with it) and the sender is woken after the commit (issue 34).
 */
export async function recordPayment(db: Db, input: RecordPaymentInput, actor: Actor, now = new Date(), role?: StaffRole, invoicing: Invoicing = INVOICING_OFF): Promise<TPayment> {
  const id = await withSinpeConflict(db, input.reference, () =>
    db.transaction(async (tx) => {
      const paymentId = await recordPaymentTx(tx, input, actor, now, role);
      if (invoicing.state === "on") await issueForPayment(tx, invoicing, paymentId, now);
      return paymentId;
    }),
  );
  if (invoicing.state === "on") invoiceSignal.emit("issued");
  return paymentDetail(db, id);
}

/**
 * POST /api/admin/payments/:id/reverse: the packages' paid amounts go back; the payment stays,
 * marked. Its day open: crossed out on that day. Its day closed: the closed day keeps it and the
 * reversal counts on today (reversal_counted_on), refused when today is closed too.
 */
export async function reversePayment(db: Db, id: number, reason: string, actor: Actor, now = new Date(), invoicing: Invoicing = INVOICING_OFF): Promise<TPayment> {
  await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, id)).for("update");
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    if (payment.reversedAt) throw conflict(PAYMENT_ALREADY_REVERSED);
    const allocations = await tx.select().from(paymentAllocations).where(eq(paymentAllocations.paymentId, id));
    const ids = allocations.map((a) => a.trackingId).sort((a, b) => a - b);
    await tx.select({ id: clientTrackings.id }).from(clientTrackings).where(inArray(clientTrackings.id, ids)).orderBy(asc(clientTrackings.id)).for("update");
    let reversalCountedOn: string | null = null;
    if (await lockCashDay(tx, costaRicaDayKey(payment.paidAt))) {
      const today = costaRicaDayKey(now);
      if (await lockCashDay(tx, today)) throw conflict(reversalDayClosedMessage(today));
      reversalCountedOn = today;
    }
    for (const a of allocations) {
      await tx
        .update(clientTrackings)
        .set({ pagadoColones: sql`${clientTrackings.pagadoColones} - ${a.amountColones}`, updatedAt: now })
        .where(eq(clientTrackings.id, a.trackingId));
    }
    await tx
      .update(payments)
      .set({ reversedAt: now, reversedByAccountId: actor.accountId, reversedByName: actor.label.slice(0, 120), reversalReason: reason, reversalCountedOn })
      .where(eq(payments.id, id));
    await recordAudit(tx, actor, {
      action: "pago.revertir",
      entity: "pago",
      entityId: id,
      summary: `Recibo ${receiptNumber(id)} · ${formatColones(payment.amountColones)} · ${reason}`,
      before: { reversedAt: null },
      after: { reversedAt: now, reason, reversalCountedOn },
      at: now,
    });
    // Its Nota de Crédito, cancelling the payment's comprobante (issue 34 item 5).
    if (invoicing.state === "on") await issueCreditNote(tx, invoicing, id, reason, now);
  });
  if (invoicing.state === "on") invoiceSignal.emit("issued");
  return paymentDetail(db, id);
}

const summaryColumns = {
  id: payments.id,
  clientId: payments.clientId,
  clientCode: clients.clientCode,
  clientName: clients.nombre,
  method: payments.method,
  reference: payments.reference,
  amountColones: payments.amountColones,
  paidAt: payments.paidAt,
  recordedByName: payments.recordedByName,
  reversedAt: payments.reversedAt,
  reversedByName: payments.reversedByName,
  reversalReason: payments.reversalReason,
  reversalCountedOn: payments.reversalCountedOn,
};
type SummaryRow = {
  id: number;
  clientCode: string;
  clientName: string;
  method: string;
  reference: string | null;
  amountColones: number;
  paidAt: Date;
  recordedByName: string;
  reversedAt: Date | null;
  reversedByName: string | null;
  reversalReason: string | null;
  reversalCountedOn: string | null;
};

function summaryOf(row: SummaryRow, trackingCodes: string[]): TPaymentSummary {
  return {
    id: row.id,
    receiptNumber: receiptNumber(row.id),
    clientCode: row.clientCode,
    clientName: row.clientName,
    method: row.method as PaymentMethod,
    reference: row.reference,
    amountColones: row.amountColones,
    paidAt: row.paidAt.toISOString(),
    recordedByName: row.recordedByName,
    reversedAt: row.reversedAt?.toISOString() ?? null,
    reversedByName: row.reversedByName,
    reversalReason: row.reversalReason,
    reversalCountedOn: row.reversalCountedOn,
    trackingCodes,
  };
}

/** GET /api/admin/payments/:id (and every answer that returns a payment). */
export async function paymentDetail(db: DbOrTx, id: number): Promise<TPayment> {
  const [row] = await db
    .select({ ...summaryColumns, currency: payments.currency, notas: payments.notas, paidAtReason: payments.paidAtReason, createdAt: payments.createdAt })
    .from(payments)
    .innerJoin(clients, eq(clients.id, payments.clientId))
    .where(eq(payments.id, id));
  if (!row) throw notFound(PAYMENT_NOT_FOUND);
  const allocations = await db
    .select({
      trackingId: paymentAllocations.trackingId,
      amountColones: paymentAllocations.amountColones,
      trackingCode: clientTrackings.trackingCode,
      descripcion: clientTrackings.descripcionPaquete,
      totalColones: clientTrackings.totalColones,
      pagadoColones: clientTrackings.pagadoColones,
      saldoColones: clientTrackings.saldoColones,
    })
    .from(paymentAllocations)
    .innerJoin(clientTrackings, eq(clientTrackings.id, paymentAllocations.trackingId))
    .where(eq(paymentAllocations.paymentId, id))
    .orderBy(asc(paymentAllocations.id));
  const [proof] = await db.select({ id: paymentProofs.id }).from(paymentProofs).where(eq(paymentProofs.paymentId, id)).limit(1);
  return {
    ...summaryOf(row, allocations.map((a) => a.trackingCode)),
    clientId: row.clientId,
    currency: row.currency,
    notas: row.notas,
    createdAt: row.createdAt.toISOString(),
    proofId: proof?.id ?? null,
    paidAtReason: row.paidAtReason,
    allocations: allocations.map((a) => ({ ...a, saldoColones: a.saldoColones ?? 0 })),
  };
}

/** GET /api/admin/payments: newest first, filtered by client, Costa Rica days and method. */
export async function listPayments(db: Db, query: TPaymentsQuery, invoicing: Invoicing = INVOICING_OFF): Promise<TPaymentsPage> {
  const conditions: SQL[] = [];
  if (query.clientCode) conditions.push(eq(clients.clientCode, query.clientCode));
  if (query.from) conditions.push(gte(payments.paidAt, costaRicaDayStart(query.from)));
  if (query.to) conditions.push(lt(payments.paidAt, addDays(costaRicaDayStart(query.to), 1)));
  if (query.method) conditions.push(eq(payments.method, query.method));
  const where = conditions.length ? and(...conditions) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(payments).innerJoin(clients, eq(clients.id, payments.clientId)).where(where);
  const rows = await db
    .select(summaryColumns)
    .from(payments)
    .innerJoin(clients, eq(clients.id, payments.clientId))
    .where(where)
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(PAYMENTS_PAGE_SIZE)
    .offset((query.page - 1) * PAYMENTS_PAGE_SIZE);
  const codes = new Map<number, string[]>();
  if (rows.length) {
    const allocations = await db
      .select({ paymentId: paymentAllocations.paymentId, trackingCode: clientTrackings.trackingCode })
      .from(paymentAllocations)
      .innerJoin(clientTrackings, eq(clientTrackings.id, paymentAllocations.trackingId))
      .where(inArray(paymentAllocations.paymentId, rows.map((r) => r.id)))
      .orderBy(asc(paymentAllocations.id));
    for (const a of allocations) codes.set(a.paymentId, [...(codes.get(a.paymentId) ?? []), a.trackingCode]);
  }
  // Comprobantes electrónicos are listed whenever a payment has them (also ones made before
  // invoicing was switched off); none are made while it is off.
  const comprobantes = await comprobanteBriefs(db, rows.map((r) => r.id));
  return {
    items: rows.map((r) => ({ ...summaryOf(r, codes.get(r.id) ?? []), comprobantes: comprobantes.get(r.id) ?? [] })),
    invoicing: invoicing.state,
    total: Number(total),
    page: query.page,
    pageSize: PAYMENTS_PAGE_SIZE,
  };
}

// --- Clients' SINPE receipts ---

/** GET /api/admin/payment-proofs?estado=: oldest first; pending ones carry the client's due packages. */
export async function listProofs(db: Db, estado: PaymentProofStatus): Promise<TProofsResponse> {
  const rows = await db
    .select({
      id: paymentProofs.id,
      clientId: paymentProofs.clientId,
      clientCode: clients.clientCode,
      clientName: clients.nombre,
      trackingId: paymentProofs.trackingId,
      trackingCode: clientTrackings.trackingCode,
      uploadName: paymentProofs.uploadName,
      reference: paymentProofs.reference,
      estado: paymentProofs.estado,
      createdAt: paymentProofs.createdAt,
      rejectReason: paymentProofs.rejectReason,
      paymentId: paymentProofs.paymentId,
    })
    .from(paymentProofs)
    .innerJoin(clients, eq(clients.id, paymentProofs.clientId))
    .leftJoin(clientTrackings, eq(clientTrackings.id, paymentProofs.trackingId))
    .where(eq(paymentProofs.estado, estado))
    .orderBy(estado === "PENDIENTE" ? asc(paymentProofs.createdAt) : desc(paymentProofs.createdAt), asc(paymentProofs.id))
    .limit(PROOFS_LIST_MAX);
  const due = estado === "PENDIENTE" ? await duePackagesOf(db, [...new Set(rows.map((r) => r.clientId))]) : new Map<number, TDuePackage[]>();
  return {
    items: rows.map((r) => ({
      id: r.id,
      clientCode: r.clientCode,
      clientName: r.clientName,
      trackingId: r.trackingId,
      forLabel: r.trackingCode ?? PROOF_WHOLE_BALANCE,
      imageUrl: `${UPLOADS_PATH_PREFIX}${r.uploadName}`,
      reference: r.reference,
      estado: r.estado as PaymentProofStatus,
      createdAt: r.createdAt.toISOString(),
      rejectReason: r.rejectReason,
      paymentId: r.paymentId,
      due: due.get(r.clientId) ?? [],
    })),
  };
}

async function proofClientCode(db: DbOrTx, proofId: number): Promise<string> {
  const [row] = await db
    .select({ clientCode: clients.clientCode })
    .from(paymentProofs)
    .innerJoin(clients, eq(clients.id, paymentProofs.clientId))
    .where(eq(paymentProofs.id, proofId));
  if (!row) throw notFound(PROOF_NOT_FOUND);
  return row.clientCode;
}

/** POST /api/admin/payment-proofs/:id/confirm: records the SINPE payment (recordPaymentTx) with the receipt. */
export async function confirmProof(db: Db, proofId: number, input: TProofConfirm, actor: Actor, now = new Date(), role?: StaffRole, invoicing: Invoicing = INVOICING_OFF): Promise<TPayment> {
  const clientCode = await proofClientCode(db, proofId);
  return recordPayment(db, { ...input, clientCode, method: "SINPE_MOVIL", proofId }, actor, now, role, invoicing);
}

/** POST /api/admin/payment-proofs/:id/reject: the reason is shown to the client. */
export async function rejectProof(db: Db, proofId: number, reason: string, actor: Actor, now = new Date()): Promise<{ id: number; estado: "RECHAZADO" }> {
  return db.transaction(async (tx) => {
    const [proof] = await tx.select().from(paymentProofs).where(eq(paymentProofs.id, proofId)).for("update");
    if (!proof) throw notFound(PROOF_NOT_FOUND);
    if (proof.estado !== "PENDIENTE") throw conflict(PROOF_ALREADY_REVIEWED);
    await tx
      .update(paymentProofs)
      .set({ estado: "RECHAZADO", reviewedAt: now, reviewedByAccountId: actor.accountId, rejectReason: reason })
      .where(eq(paymentProofs.id, proofId));
    await recordAudit(tx, actor, {
      action: "comprobante.rechazar",
      entity: "comprobante",
      entityId: proofId,
      summary: reason,
      after: { estado: "RECHAZADO", reason },
      at: now,
    });
    return { id: proofId, estado: "RECHAZADO" as const };
  });
}

