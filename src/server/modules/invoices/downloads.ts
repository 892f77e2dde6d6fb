// The comprobantes electrónicos people download (issue 34 item 6; docs/decisions/197):
// - staff: the printable PDF of any comprobante (GET /api/admin/comprobantes/:id/pdf);
// - a client on /rastreo, by its code: the list of its own documents and each one's PDF and signed
//   XML. Only documents that carry a clave and were not rejected are a client's to see (a rejected
//   one is corrected and issued again by staff). Another client's document, a rejected one and a
//   missing one are the same 404 (core/policies "invoice.readOwn", the one `owns` check).
import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clients, invoiceDocuments, payments } from "../../db/schema";
import { notFound } from "../../errors";
import { findClientByTypedCode } from "../../core/client-codes";
import { authorize, clientSubject } from "../../core/policies";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import { receiptNumber } from "../../../shared/api/admin/payments";
import { COMPROBANTE_NO_XML, COMPROBANTE_NOT_FOUND, COMPROBANTE_TYPE_LABELS, comprobantePdfFileName, type ComprobanteState } from "../../../shared/api/admin/invoices";
import { CLIENT_INVOICE_STATE_LABELS, type TClientComprobante } from "../../../shared/api/comprobantes";

/** Hacienda's state as the PDF prints it. */
export const PDF_STATE_LABELS: Record<ComprobanteState, string> = {
  pendiente: "Pendiente de envío a Hacienda",
  enviado: "Enviado a Hacienda, en espera de su respuesta",
  aceptado: "Aceptado por Hacienda",
  rechazado: "Rechazado por Hacienda",
};

type DocType = keyof typeof COMPROBANTE_TYPE_LABELS;

/** The staff's PDF of a comprobante (any state; a rejected one prints its reason). */
export async function staffComprobantePdf(db: Db, documentId: number): Promise<{ fileName: string; pdf: Uint8Array }> {
  const [row] = await db
    .select({ clave: invoiceDocuments.clave, signedXml: invoiceDocuments.signedXml, state: invoiceDocuments.state, rejectionReason: invoiceDocuments.rejectionReason })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.id, documentId));
  if (!row) throw notFound(COMPROBANTE_NOT_FOUND);
  if (!row.signedXml || !row.clave) throw notFound(COMPROBANTE_NO_XML);
  const state = row.state as ComprobanteState;
  // The PDF libraries load with the first document, not at start (decision 194).
  const { comprobantePdf } = await import("./pdf");
  const pdf = await comprobantePdf(row.signedXml, { stateLabel: PDF_STATE_LABELS[state], rejectionReason: state === "rechazado" ? row.rejectionReason : null });
  return { fileName: comprobantePdfFileName(row.clave), pdf };
}

/** The client's own documents a client may see: signed, with a clave, not rejected. */
const visible = and(isNotNull(invoiceDocuments.clave), isNotNull(invoiceDocuments.signedXml), ne(invoiceDocuments.state, "rechazado"));

/** GET /api/comprobantes/:clientCode: the client's documents, newest first; null when no client has that code. */
export async function clientComprobantes(db: Db, clientCode: string): Promise<TClientComprobante[] | null> {
  const client = await findClientByTypedCode(db, clientCode, { id: clients.id });
  if (!client) return null;
  const rows = await db
    .select({
      id: invoiceDocuments.id,
      documentType: invoiceDocuments.documentType,
      consecutivo: invoiceDocuments.consecutivo,
      clave: invoiceDocuments.clave,
      state: invoiceDocuments.state,
      issuedAt: invoiceDocuments.issuedAt,
      paymentId: invoiceDocuments.paymentId,
    })
    .from(invoiceDocuments)
    .innerJoin(payments, eq(payments.id, invoiceDocuments.paymentId))
    // Scoped by the client the code found: the query returns only its rows (decision 179).
    .where(and(eq(payments.clientId, client.id), visible))
    .orderBy(desc(invoiceDocuments.issuedAt), desc(invoiceDocuments.id));
  return rows.map((r) => {
    const state = r.state as keyof typeof CLIENT_INVOICE_STATE_LABELS;
    return {
      id: r.id,
      documentType: r.documentType as DocType,
      typeLabel: COMPROBANTE_TYPE_LABELS[r.documentType as DocType],
      consecutivo: r.consecutivo!,
      clave: r.clave!,
      state,
      stateLabel: CLIENT_INVOICE_STATE_LABELS[state],
      issuedAt: r.issuedAt.toISOString(),
      receiptNumber: receiptNumber(r.paymentId),
    };
  });
}

/**
 * One of the client's documents, for its download: the PDF or the signed XML. A code no client
 * has: the 404 of a missing client; a document that is not this client's to see (another
 * client's, rejected, missing): the 404 of a missing document, the same bytes whichever it is.
 */
export async function clientComprobanteFile(db: Db, clientCode: string, documentId: number, which: "pdf" | "xml"): Promise<{ fileName: string; body: Uint8Array | string }> {
  const client = await findClientByTypedCode(db, clientCode, { id: clients.id });
  if (!client) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
  // Read by id alone and let the policy refuse it: removing `owns` shows another client's document.
  const [row] = await db
    .select({ clientId: payments.clientId, clave: invoiceDocuments.clave, signedXml: invoiceDocuments.signedXml, state: invoiceDocuments.state })
    .from(invoiceDocuments)
    .innerJoin(payments, eq(payments.id, invoiceDocuments.paymentId))
    .where(and(eq(invoiceDocuments.id, documentId), visible));
  authorize(clientSubject(client), "invoice.readOwn", row);
  const signedXml = row.signedXml!;
  if (which === "xml") return { fileName: `${row.clave}.xml`, body: signedXml };
  const state = row.state as ComprobanteState;
  const { comprobantePdf } = await import("./pdf");
  return { fileName: comprobantePdfFileName(row.clave!), body: await comprobantePdf(signedXml, { stateLabel: PDF_STATE_LABELS[state] }) };
}

/** A comprobante electrónico the receipt names: the payment's live Factura/Tiquete, and its Nota de crédito after a reversal. */
export interface ReceiptInvoice {
  typeLabel: string;
  consecutivo: string;
  clave: string;
}

/**
 * The comprobantes electrónicos a payment's receipt names (decision 197): its live documents with
 * a clave (the Factura or Tiquete, and the Nota de crédito after a reversal), oldest first. None
 * when invoicing was off or its document is being corrected: the receipt says it is not fiscal.
 */
export async function receiptInvoices(db: Db, paymentId: number): Promise<ReceiptInvoice[]> {
  const rows = await db
    .select({ documentType: invoiceDocuments.documentType, consecutivo: invoiceDocuments.consecutivo, clave: invoiceDocuments.clave })
    .from(invoiceDocuments)
    .where(and(eq(invoiceDocuments.paymentId, paymentId), visible))
    .orderBy(invoiceDocuments.id);
  return rows.map((r) => ({ typeLabel: COMPROBANTE_TYPE_LABELS[r.documentType as DocType], consecutivo: r.consecutivo!, clave: r.clave! }));
}
