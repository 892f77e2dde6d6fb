// A client's comprobantes electrónicos on /rastreo (issue 34 item 6; docs/decisions/197): public,
// by client code, guarded like the other by-code routes (code-oracle, the lookup's limit), each
// document the client's own (core/policies `owns`): another client's id answers the 404 of a
// missing one.
//   GET /api/comprobantes/:clientCode              the list (newest first)
//   GET /api/comprobantes/:clientCode/:id/pdf      its printable PDF
//   GET /api/comprobantes/:clientCode/:id/xml      its signed XML
// ("Comprobante" alone on /rastreo is the SINPE receipt photo: these are named by their kind.)
import { z } from "../validation";
import { ZClientCodeLooseSchema } from "./clients";
import { binary, defineRoute } from "./contract";
import { COMPROBANTE_ID_INVALID, PDF_CONTENT_TYPE, XML_CONTENT_TYPE, ZComprobanteSchema } from "./admin/invoices";

export const CLIENT_INVOICES_TITLE = "Comprobantes electrónicos";
export const CLIENT_INVOICES_HINT = "Tus facturas, tiquetes y notas de crédito electrónicas de Hacienda.";
export const CLIENT_INVOICE_PDF_LABEL = "PDF";
export const CLIENT_INVOICE_XML_LABEL = "XML";
export const CLIENT_INVOICE_DOWNLOAD_FAILED = "No pudimos descargar el documento. Intenta nuevamente.";

/** What a client is told of Hacienda's state (rejected documents are not shown: staff issue them again). */
export const CLIENT_INVOICE_STATE_LABELS = {
  pendiente: "En trámite con Hacienda",
  enviado: "En trámite con Hacienda",
  aceptado: "Aceptado por Hacienda",
} as const;

/**
 * The staff's comprobante narrowed to what a client sees: only documents with a number and a clave
 * (rejected ones are not shown), Hacienda's answer reduced to the three states above, and the
 * payment's receipt ("R-000123") instead of its id.
 */
export const ZClientComprobanteSchema = ZComprobanteSchema.pick({ id: true, documentType: true, typeLabel: true, stateLabel: true, issuedAt: true }).extend({
  /** 20 digits. */
  consecutivo: z.string(),
  /** 50 digits. */
  clave: z.string(),
  state: z.enum(["pendiente", "enviado", "aceptado"]),
  receiptNumber: z.string(),
});
export type TClientComprobante = z.infer<typeof ZClientComprobanteSchema>;

export const ZClientComprobantesResponseSchema = z.object({ comprobantes: z.array(ZClientComprobanteSchema) });
export type TClientComprobantesResponse = z.infer<typeof ZClientComprobantesResponseSchema>;

const documentId = z.coerce.number({ error: COMPROBANTE_ID_INVALID }).int(COMPROBANTE_ID_INVALID).min(1, COMPROBANTE_ID_INVALID).max(2_147_483_647, COMPROBANTE_ID_INVALID);
const ZClientComprobanteParamsSchema = z.object({ clientCode: ZClientCodeLooseSchema, id: documentId });

export const CLIENT_COMPROBANTES_ROUTE = defineRoute({
  method: "GET",
  path: "/api/comprobantes/:clientCode",
  tag: "invoices",
  summary: "Los comprobantes electrónicos de un cliente (por su código)",
  params: z.object({ clientCode: ZClientCodeLooseSchema }),
  responses: { 200: ZClientComprobantesResponseSchema },
});

export const CLIENT_COMPROBANTE_PDF_ROUTE = defineRoute({
  method: "GET",
  path: "/api/comprobantes/:clientCode/:id/pdf",
  tag: "invoices",
  summary: "PDF de un comprobante electrónico propio del cliente",
  params: ZClientComprobanteParamsSchema,
  responses: { 200: binary(PDF_CONTENT_TYPE) },
});

export const CLIENT_COMPROBANTE_XML_ROUTE = defineRoute({
  method: "GET",
  path: "/api/comprobantes/:clientCode/:id/xml",
  tag: "invoices",
  summary: "XML firmado de un comprobante electrónico propio del cliente",
  params: ZClientComprobanteParamsSchema,
  responses: { 200: binary(XML_CONTENT_TYPE) },
});
