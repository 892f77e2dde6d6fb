// Comprobantes electrónicos for staff (issue 34, decision 190), office staff only (money is office business):
//   GET  /api/admin/payments/:id/comprobantes          the payment's comprobantes with their states
//   GET  /api/admin/comprobantes/:id/xml               the signed XML (application/xml)
//   GET  /api/admin/comprobantes/:id/respuesta         Hacienda's answer, MensajeHacienda (application/xml)
//   GET  /api/admin/comprobantes/:id/pdf               the printable PDF (application/pdf)
//   POST /api/admin/comprobantes/:id/reissue           a rejected one issued again (new number) → 201
import { z } from "../../validation";
import { binary, defineRoute } from "../contract";

export const COMPROBANTE_STATES = ["pendiente", "enviado", "aceptado", "rechazado"] as const;
export type ComprobanteState = (typeof COMPROBANTE_STATES)[number];

export const COMPROBANTE_TYPE_LABELS = {
  "01": "Factura electrónica",
  "03": "Nota de crédito electrónica",
  "04": "Tiquete electrónico",
} as const;

export const COMPROBANTE_ID_INVALID = "Comprobante inválido";
export const COMPROBANTE_NOT_FOUND = "Comprobante no encontrado";
export const COMPROBANTE_NOT_REJECTED = "Solo se puede emitir de nuevo un comprobante rechazado.";
export const COMPROBANTE_ALREADY_REISSUED = "Este comprobante ya se emitió de nuevo.";
export const COMPROBANTE_PAYMENT_REVERSED = "El pago fue revertido: no se emite un comprobante nuevo para él.";
export const COMPROBANTE_NO_XML = "Este comprobante no llegó a firmarse: no tiene XML.";
export const COMPROBANTE_NO_ANSWER = "Hacienda aún no ha respondido sobre este comprobante.";
export const COMPROBANTE_INVOICING_OFF = "La facturación electrónica no está configurada.";
export const XML_CONTENT_TYPE = "application/xml";
export const PDF_CONTENT_TYPE = "application/pdf";

const id = z.coerce.number({ error: COMPROBANTE_ID_INVALID }).int(COMPROBANTE_ID_INVALID).min(1, COMPROBANTE_ID_INVALID).max(2_147_483_647, COMPROBANTE_ID_INVALID);
export const ZComprobanteIdParamsSchema = z.object({ id });

export const ZComprobanteSchema = z.object({
  id: z.number(),
  paymentId: z.number(),
  /** 01 Factura, 03 Nota de Crédito, 04 Tiquete. */
  documentType: z.enum(["01", "03", "04"]),
  /** "Tiquete electrónico", … (COMPROBANTE_TYPE_LABELS). */
  typeLabel: z.string(),
  /** Null when it could not be made (its reason says why): no number was taken. */
  consecutivo: z.string().nullable(),
  clave: z.string().nullable(),
  state: z.enum(COMPROBANTE_STATES),
  stateLabel: z.string(),
  /** Hacienda's DetalleMensaje, the refusal of the request, or why it could not be made. */
  rejectionReason: z.string().nullable(),
  /** The last failed try to send or ask (it is retried). */
  lastError: z.string().nullable(),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  /** A Nota de Crédito: the comprobante it cancels. */
  referencesId: z.number().nullable(),
  /** A reissue: the rejected comprobante it replaces. */
  replacesId: z.number().nullable(),
  issuedAt: z.string(),
  sentAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  hasXml: z.boolean(),
  hasAnswer: z.boolean(),
  canReissue: z.boolean(),
});
export type TComprobante = z.infer<typeof ZComprobanteSchema>;

export const ZComprobantesResponseSchema = z.object({
  /** off: invoicing not configured, no comprobante is made (receipts are not fiscal documents). */
  invoicing: z.enum(["on", "off"]),
  items: z.array(ZComprobanteSchema),
});
export type TComprobantesResponse = z.infer<typeof ZComprobantesResponseSchema>;

export const PAYMENT_COMPROBANTES_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/payments/:id/comprobantes",
  tag: "invoices",
  summary: "Comprobantes electrónicos de un pago",
  params: ZComprobanteIdParamsSchema,
  responses: { 200: ZComprobantesResponseSchema },
});

export const COMPROBANTE_XML_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/comprobantes/:id/xml",
  tag: "invoices",
  summary: "XML firmado de un comprobante",
  params: ZComprobanteIdParamsSchema,
  responses: { 200: binary(XML_CONTENT_TYPE) },
});

export const COMPROBANTE_ANSWER_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/comprobantes/:id/respuesta",
  tag: "invoices",
  summary: "Respuesta de Hacienda (MensajeHacienda) de un comprobante",
  params: ZComprobanteIdParamsSchema,
  responses: { 200: binary(XML_CONTENT_TYPE) },
});

export const COMPROBANTE_REISSUE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/comprobantes/:id/reissue",
  tag: "invoices",
  summary: "Emitir de nuevo un comprobante rechazado",
  params: ZComprobanteIdParamsSchema,
  responses: { 201: z.object({ comprobante: ZComprobanteSchema }) },
});

export const COMPROBANTE_PDF_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/comprobantes/:id/pdf",
  tag: "invoices",
  summary: "PDF imprimible de un comprobante electrónico",
  params: ZComprobanteIdParamsSchema,
  responses: { 200: binary(PDF_CONTENT_TYPE) },
});

/** The PDF's file name: the document's clave (50 digits), as the XML's. */
export const comprobantePdfFileName = (clave: string): string => `${clave}.pdf`;

/**
 * What the payments list shows of each payment's comprobantes electrónicos (issue 34 item 6): the
 * kind, its consecutivo and its state; the full detail (clave, reason, downloads, reissue) comes
 * from PAYMENT_COMPROBANTES_ROUTE when staff open it.
 */
export const ZComprobanteBriefSchema = ZComprobanteSchema.pick({ id: true, documentType: true, typeLabel: true, consecutivo: true, state: true, stateLabel: true });
export type TComprobanteBrief = z.infer<typeof ZComprobanteBriefSchema>;

/** Whether invoicing is configured on this server (HACIENDA_* set). */
export const ZInvoicingStateSchema = z.enum(["on", "off"]);
export type InvoicingState = z.infer<typeof ZInvoicingStateSchema>;

// --- What staff read (Pagos and the cierre de caja). "Comprobante" alone is the client's SINPE
// receipt photo in these screens: the e-invoice documents are always named in full. ---
export const COMPROBANTES_TITLE = "Comprobantes electrónicos";
export const INVOICING_OFF_NOTE = "Facturación electrónica desactivada: los pagos no generan comprobantes electrónicos y los recibos no son documentos fiscales.";
export const COMPROBANTES_SHOW = "Ver comprobante electrónico";
export const COMPROBANTES_HIDE = "Ocultar comprobante electrónico";
export const COMPROBANTES_LOAD_FAILED = "No se pudieron cargar los comprobantes electrónicos";
export const COMPROBANTES_NONE = "Este pago no tiene comprobante electrónico (se registró con la facturación electrónica desactivada).";
export const COMPROBANTE_CONSECUTIVO_LABEL = "Consecutivo";
export const COMPROBANTE_CLAVE_LABEL = "Clave";
export const COMPROBANTE_NO_NUMBER = "sin número";
export const COMPROBANTE_DOWNLOAD_XML = "XML firmado";
export const COMPROBANTE_DOWNLOAD_ANSWER = "Respuesta de Hacienda";
export const COMPROBANTE_DOWNLOAD_PDF = "PDF imprimible";
export const COMPROBANTE_DOWNLOAD_FAILED = "No se pudo descargar el archivo";
export const COMPROBANTE_REISSUE_BUTTON = "Reenviar";
export const COMPROBANTE_REISSUE_FAILED = "No se pudo emitir de nuevo el comprobante electrónico";
export const COMPROBANTE_FIX_CLIENT = "Corregir la identificación del cliente";
export const comprobanteRejectedLine = (reason: string | null) => `Rechazado por Hacienda: ${reason ?? "sin motivo indicado"}`;
export const comprobanteRetryLine = (error: string) => `El último intento de envío falló y se reintentará: ${error}`;
export const comprobanteReissuedToast = (label: string, consecutivo: string | null) => `${label} ${consecutivo ?? ""} emitido de nuevo: se envía a Hacienda`.replace(/\s+/g, " ");
export const comprobanteReplacesLine = (consecutivo: string | null) => `Reemplaza al rechazado ${consecutivo ?? COMPROBANTE_NO_NUMBER}`;
export const comprobanteCancelsLine = (label: string, consecutivo: string | null) => `Anula: ${label} ${consecutivo ?? COMPROBANTE_NO_NUMBER}`;
export const COMPROBANTE_REISSUED_NOTE = "Ya se emitió de nuevo (ver abajo).";
