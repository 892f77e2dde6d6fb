// The comprobantes of payments (issue 34 items 2, 4, 5; decision 190): one Factura (01) or
// Tiquete (04) per payment, made in the payment's transaction; a Nota de Crédito (03) in a
// reversal's transaction, referencing the original by its clave; a reissue of a rejected one with
// a new number (the rejected one stays). Each row is also the sender's job (sender.ts): it is
// written 'pendiente' with next_attempt_at = now, and the sender is woken after the commit.
//
// Invoicing off: none of this runs and no row is written (payments work exactly as before).
// Data Hacienda would refuse (InvoiceDataError, raised before a number is taken) never block the
// payment: the row is written 'rechazado' with the Spanish reason and no number, for staff to
// correct the data and reissue.
import { receiverForClient } from "./receiver";
import { EventEmitter } from "node:events";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../../db/client";
import { clientTrackings, invoiceDocuments, packageCharges, paymentAllocations, payments } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../errors";
import type { Actor } from "../../lib/actor";
import { recordAudit } from "../../core/audit/service";
import { chargeLines, type ChargeLine, type ExtraChargeKind, type PaymentMethod } from "../../../shared/domain/charges";
import { PAYMENT_NOT_FOUND, receiptNumber } from "../../../shared/api/admin/payments";
import {
  COMPROBANTE_NOT_FOUND,
  COMPROBANTE_NOT_REJECTED,
  COMPROBANTE_ALREADY_REISSUED,
  COMPROBANTE_PAYMENT_REVERSED,
  COMPROBANTE_NO_XML,
  COMPROBANTE_NO_ANSWER,
  COMPROBANTE_INVOICING_OFF,
  COMPROBANTE_TYPE_LABELS,
  type TComprobante,
  type TComprobanteBrief,
  type TComprobantesResponse,
  type ComprobanteState,
} from "../../../shared/api/admin/invoices";
import type { PackageCharges } from "./catalog";
import { DOCUMENT_TYPE_CODES, InvoiceDataError, type DocumentKind, type Receiver } from "./document";
import { prepareDocument, documentKindFor, type Invoicing, type PreparedDocument } from "./service";

export type InvoicingOn = Extract<Invoicing, { state: "on" }>;

/** Wakes the sender right after a commit that wrote a comprobante. */
export const invoiceSignal = new EventEmitter();

export const KIND_OF_TYPE: Record<string, DocumentKind> = { "01": "FACTURA", "03": "NOTA_CREDITO", "04": "TIQUETE" };

/** The Nota de Crédito's InformacionReferencia: 01 anula el documento de referencia. */
const CANCELS = "01";

/**
 * Whole colones `amounts` scaled so they add up to `target` (largest remainder): the lines of a
 * package paid in part. Each line keeps its share; the rounding goes to the largest fractions.
 */
function apportion(amounts: readonly number[], target: number): number[] {
  const total = amounts.reduce((s, a) => s + a, 0);
  if (total === target || total === 0) return [...amounts];
  const exact = amounts.map((a) => (a * target) / total);
  const floors = exact.map(Math.floor);
  let left = target - floors.reduce((s, a) => s + a, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i]++;
    left--;
  }
  return floors;
}

/**
 * What a payment covers, from the stored columns (the same chargeLines() the statement and the
 * receipt use): per allocated package its lines; a package paid in part gets its lines scaled to
 * the amount applied (decision 190), so the document's total is what this payment received.
 */
export async function paymentPackages(tx: DbOrTx, paymentId: number): Promise<PackageCharges[]> {
  const rows = await tx
    .select({
      trackingId: paymentAllocations.trackingId,
      amountColones: paymentAllocations.amountColones,
      trackingCode: clientTrackings.trackingCode,
      montoColones: clientTrackings.montoColones,
      discountPercent: clientTrackings.discountPercent,
      descuentoColones: clientTrackings.descuentoColones,
    })
    .from(paymentAllocations)
    .innerJoin(clientTrackings, eq(clientTrackings.id, paymentAllocations.trackingId))
    .where(eq(paymentAllocations.paymentId, paymentId))
    .orderBy(asc(paymentAllocations.id));
  const extras = rows.length
    ? await tx
        .select({ trackingId: packageCharges.trackingId, kind: packageCharges.kind, description: packageCharges.description, amountColones: packageCharges.amountColones })
        .from(packageCharges)
        .where(inArray(packageCharges.trackingId, rows.map((r) => r.trackingId)))
        .orderBy(asc(packageCharges.id))
    : [];
  return rows.map((row) => {
    const lines = chargeLines({
      montoColones: row.montoColones,
      discountPercent: row.discountPercent,
      descuentoColones: row.descuentoColones ?? 0,
      extras: extras.filter((e) => e.trackingId === row.trackingId).map((e) => ({ kind: e.kind as ExtraChargeKind, description: e.description, amountColones: e.amountColones })),
    });
    const scaled = apportion(lines.map((l) => l.amountColones), row.amountColones);
    const kept: ChargeLine[] = lines.map((l, i) => ({ ...l, amountColones: scaled[i] })).filter((l) => l.amountColones !== 0);
    return { trackingCode: row.trackingCode, lines: kept };
  });
}

interface IssueRequest {
  paymentId: number;
  kind: DocumentKind;
  receiver: Receiver | undefined;
  paymentMethod: PaymentMethod;
  packages: PackageCharges[];
  now: Date;
  references?: { id: number; kind: "FACTURA" | "TIQUETE"; clave: string; issuedAt: Date; reason: string };
  replacesId?: number;
}

/** Inside the caller's transaction: the document made and stored 'pendiente', or stored 'rechazado' with why it could not be. */
async function issue(tx: Tx, invoicing: InvoicingOn, request: IssueRequest, onDataError: "store" | "throw"): Promise<number> {
  let prepared: PreparedDocument | undefined;
  let reason: string | undefined;
  try {
    prepared = await prepareDocument(tx, invoicing, {
      kind: request.kind,
      receiver: request.receiver,
      paymentMethod: request.paymentMethod,
      packages: request.packages,
      issuedAt: request.now,
      reference: request.references
        ? { kind: request.references.kind, clave: request.references.clave, issuedAt: request.references.issuedAt, code: CANCELS, reason: request.references.reason }
        : undefined,
    });
  } catch (error) {
    if (!(error instanceof InvoiceDataError)) throw error;
    if (onDataError === "throw") throw badRequest(error.message);
    reason = error.message;
  }
  const { signedXml: _signed, ...submission } = prepared?.submission ?? { signedXml: "" };
  const [row] = await tx
    .insert(invoiceDocuments)
    .values({
      paymentId: request.paymentId,
      documentType: DOCUMENT_TYPE_CODES[request.kind],
      number: prepared?.number ?? null,
      consecutivo: prepared?.consecutivo ?? null,
      clave: prepared?.clave ?? null,
      signedXml: prepared?.signedXml ?? null,
      submission: prepared ? submission : null,
      receiver: request.receiver ?? null,
      packages: request.packages,
      state: prepared ? "pendiente" : "rechazado",
      rejectionReason: reason ?? null,
      nextAttemptAt: prepared ? request.now : null,
      decidedAt: prepared ? null : request.now,
      referencesId: request.references?.id ?? null,
      replacesId: request.replacesId ?? null,
      issuedAt: request.now,
      createdAt: request.now,
      updatedAt: request.now,
    })
    .returning({ id: invoiceDocuments.id });
  return row.id;
}

/** The payment's comprobante, in its transaction (recordPayment and a receipt's confirmation). */
export async function issueForPayment(tx: Tx, invoicing: InvoicingOn, paymentId: number, now: Date): Promise<number> {
  const [payment] = await tx.select({ clientId: payments.clientId, method: payments.method }).from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  const receiver = (await receiverForClient(tx, payment.clientId)) ?? undefined;
  return issue(
    tx,
    invoicing,
    { paymentId, kind: documentKindFor(receiver), receiver, paymentMethod: payment.method as PaymentMethod, packages: await paymentPackages(tx, paymentId), now },
    "store",
  );
}

/** The payment's live Factura or Tiquete (not rejected), if it has one. */
async function liveSaleDocument(tx: DbOrTx, paymentId: number) {
  const [row] = await tx
    .select()
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.paymentId, paymentId), ne(invoiceDocuments.documentType, "03"), ne(invoiceDocuments.state, "rechazado")))
    .orderBy(desc(invoiceDocuments.id))
    .limit(1);
  return row;
}

/**
 * A reversal's Nota de Crédito, in the reversal's transaction: it cancels (código 01) the
 * payment's live Factura or Tiquete, with the same receiver and lines. None when the payment has
 * none (invoicing was off then, or it was rejected: nothing fiscal to cancel). Returns its id.
 */
export async function issueCreditNote(tx: Tx, invoicing: InvoicingOn, paymentId: number, reason: string, now: Date): Promise<number | null> {
  const original = await liveSaleDocument(tx, paymentId);
  if (!original?.clave) return null;
  const [payment] = await tx.select({ method: payments.method }).from(payments).where(eq(payments.id, paymentId));
  return issue(
    tx,
    invoicing,
    {
      paymentId,
      kind: "NOTA_CREDITO",
      receiver: (original.receiver as Receiver | null) ?? undefined,
      paymentMethod: payment.method as PaymentMethod,
      packages: original.packages as PackageCharges[],
      now,
      references: { id: original.id, kind: KIND_OF_TYPE[original.documentType] as "FACTURA" | "TIQUETE", clave: original.clave, issuedAt: original.issuedAt, reason: reasonText(reason) },
    },
    "store",
  );
}

function reasonText(reason: string): string {
  const text = `Pago revertido: ${reason}`.replace(/\s+/g, " ").trim();
  return Array.from(text).slice(0, 180).join("");
}

/**
 * Issues a rejected comprobante again after staff corrected the data (the client's
 * identification, the configuration): a new document with a new number, replacing the rejected
 * one, which stays as it was. Data still refused: a Spanish 400 and nothing changes.
 */
export async function reissueComprobante(db: Db, invoicing: Invoicing, documentId: number, actor: Actor, now = new Date()): Promise<TComprobante> {
  if (invoicing.state !== "on") throw conflict(COMPROBANTE_INVOICING_OFF);
  const id = await db.transaction(async (tx) => {
    const [old] = await tx.select().from(invoiceDocuments).where(eq(invoiceDocuments.id, documentId)).for("update");
    if (!old) throw notFound(COMPROBANTE_NOT_FOUND);
    if (old.state !== "rechazado") throw conflict(COMPROBANTE_NOT_REJECTED);
    const [payment] = await tx.select().from(payments).where(eq(payments.id, old.paymentId)).for("update");
    const [replaced] = await tx.select({ id: invoiceDocuments.id }).from(invoiceDocuments).where(eq(invoiceDocuments.replacesId, old.id)).limit(1);
    if (replaced) throw conflict(COMPROBANTE_ALREADY_REISSUED);
    let newId: number;
    if (old.documentType === "03") {
      const [original] = await tx.select().from(invoiceDocuments).where(eq(invoiceDocuments.id, old.referencesId!));
      newId = await issue(
        tx,
        invoicing,
        {
          paymentId: old.paymentId,
          kind: "NOTA_CREDITO",
          receiver: (original.receiver as Receiver | null) ?? undefined,
          paymentMethod: payment.method as PaymentMethod,
          packages: original.packages as PackageCharges[],
          now,
          references: { id: original.id, kind: KIND_OF_TYPE[original.documentType] as "FACTURA" | "TIQUETE", clave: original.clave!, issuedAt: original.issuedAt, reason: reasonText(payment.reversalReason ?? "") },
          replacesId: old.id,
        },
        "throw",
      );
    } else {
      if (payment.reversedAt) throw conflict(COMPROBANTE_PAYMENT_REVERSED);
      if (await liveSaleDocument(tx, old.paymentId)) throw conflict(COMPROBANTE_ALREADY_REISSUED);
      const receiver = (await receiverForClient(tx, payment.clientId)) ?? undefined;
      newId = await issue(
        tx,
        invoicing,
        {
          paymentId: old.paymentId,
          kind: documentKindFor(receiver),
          receiver,
          paymentMethod: payment.method as PaymentMethod,
          // The lines as the payment received them: the rejected document's (decision 190).
          packages: old.packages as PackageCharges[],
          now,
          replacesId: old.id,
        },
        "throw",
      );
    }
    const [made] = await tx.select({ consecutivo: invoiceDocuments.consecutivo }).from(invoiceDocuments).where(eq(invoiceDocuments.id, newId));
    await recordAudit(tx, actor, {
      action: "pago.reemitir_comprobante",
      entity: "pago",
      entityId: old.paymentId,
      summary: `Recibo ${receiptNumber(old.paymentId)} · comprobante ${made.consecutivo} en lugar de ${old.consecutivo ?? "uno sin número"}`,
      before: { documentId: old.id, consecutivo: old.consecutivo, rejectionReason: old.rejectionReason },
      after: { documentId: newId, consecutivo: made.consecutivo },
      at: now,
    });
    return newId;
  });
  invoiceSignal.emit("issued");
  const [row] = await documentRows(db, eq(invoiceDocuments.id, id));
  return row;
}

const STATE_LABELS: Record<ComprobanteState, string> = {
  pendiente: "Pendiente",
  enviado: "Enviado",
  aceptado: "Aceptado",
  rechazado: "Rechazado",
};

async function documentRows(db: DbOrTx, where: ReturnType<typeof eq>): Promise<TComprobante[]> {
  const rows = await db
    .select({
      id: invoiceDocuments.id,
      paymentId: invoiceDocuments.paymentId,
      documentType: invoiceDocuments.documentType,
      consecutivo: invoiceDocuments.consecutivo,
      clave: invoiceDocuments.clave,
      state: invoiceDocuments.state,
      rejectionReason: invoiceDocuments.rejectionReason,
      lastError: invoiceDocuments.lastError,
      attempts: invoiceDocuments.attempts,
      nextAttemptAt: invoiceDocuments.nextAttemptAt,
      referencesId: invoiceDocuments.referencesId,
      replacesId: invoiceDocuments.replacesId,
      issuedAt: invoiceDocuments.issuedAt,
      sentAt: invoiceDocuments.sentAt,
      decidedAt: invoiceDocuments.decidedAt,
      hasXml: sql<boolean>`${invoiceDocuments.signedXml} is not null`,
      hasAnswer: sql<boolean>`${invoiceDocuments.responseXml} is not null`,
      // Written out: drizzle leaves a single table's columns unqualified, which the subquery would read as its own.
      reissued: sql<boolean>`exists (select 1 from invoice_documents r where r.replaces_id = "invoice_documents"."id")`,
    })
    .from(invoiceDocuments)
    .where(where)
    .orderBy(asc(invoiceDocuments.id));
  return rows.map((r) => {
    const state = r.state as ComprobanteState;
    return {
      id: r.id,
      paymentId: r.paymentId,
      documentType: r.documentType as "01" | "03" | "04",
      typeLabel: COMPROBANTE_TYPE_LABELS[r.documentType as "01" | "03" | "04"],
      consecutivo: r.consecutivo,
      clave: r.clave,
      state,
      stateLabel: STATE_LABELS[state],
      rejectionReason: r.rejectionReason,
      lastError: r.lastError,
      attempts: r.attempts,
      nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
      referencesId: r.referencesId,
      replacesId: r.replacesId,
      issuedAt: r.issuedAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      hasXml: Boolean(r.hasXml),
      hasAnswer: Boolean(r.hasAnswer),
      canReissue: state === "rechazado" && !r.reissued,
    };
  });
}

/** GET …/payments/:id/comprobantes: every comprobante of the payment, oldest first. */
export async function listComprobantes(db: Db, invoicing: Invoicing, paymentId: number): Promise<TComprobantesResponse> {
  const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw notFound(PAYMENT_NOT_FOUND);
  return { invoicing: invoicing.state, items: await documentRows(db, eq(invoiceDocuments.paymentId, paymentId)) };
}

/** The signed XML or Hacienda's answer of a comprobante, with a file name. */
export async function comprobanteFile(db: Db, documentId: number, which: "xml" | "respuesta"): Promise<{ fileName: string; text: string }> {
  const [row] = await db
    .select({ clave: invoiceDocuments.clave, signedXml: invoiceDocuments.signedXml, responseXml: invoiceDocuments.responseXml })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.id, documentId));
  if (!row) throw notFound(COMPROBANTE_NOT_FOUND);
  if (which === "xml") {
    if (!row.signedXml || !row.clave) throw notFound(COMPROBANTE_NO_XML);
    return { fileName: `${row.clave}.xml`, text: row.signedXml };
  }
  if (!row.responseXml || !row.clave) throw notFound(COMPROBANTE_NO_ANSWER);
  return { fileName: `${row.clave}-respuesta.xml`, text: row.responseXml };
}


/** The payments list's brief of each payment's comprobantes (issue 34 item 6), oldest first. */
export async function comprobanteBriefs(db: DbOrTx, paymentIds: readonly number[]): Promise<Map<number, TComprobanteBrief[]>> {
  const byPayment = new Map<number, TComprobanteBrief[]>();
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .select({ id: invoiceDocuments.id, paymentId: invoiceDocuments.paymentId, documentType: invoiceDocuments.documentType, consecutivo: invoiceDocuments.consecutivo, state: invoiceDocuments.state })
    .from(invoiceDocuments)
    .where(inArray(invoiceDocuments.paymentId, [...paymentIds]))
    .orderBy(asc(invoiceDocuments.id));
  for (const r of rows) {
    const documentType = r.documentType as "01" | "03" | "04";
    const state = r.state as ComprobanteState;
    const brief = { id: r.id, documentType, typeLabel: COMPROBANTE_TYPE_LABELS[documentType], consecutivo: r.consecutivo, state, stateLabel: STATE_LABELS[state] };
    byPayment.set(r.paymentId, [...(byPayment.get(r.paymentId) ?? []), brief]);
  }
  return byPayment;
}
