// The purchase invoice's calls (issue 36 item 2, docs/decisions/215): the client attaches or
// replaces it from /rastreo and opens its own; staff open any package's, and attach or replace it
// from Recepción and a shipment's detail (docs/decisions/241). The pre-alert carries it in its own
// body (shared/api/trackings.ts PRE_ALERT_ROUTE).
import { z } from "../validation";
import { binary, defineRoute } from "./contract";
import { ZClientCodeSchema, ZClientTrackingsQuerySchema } from "./clients";
import { ZClientTrackingSchema, ZTrackingIdParamsSchema } from "./trackings";
import { INVOICE_MEDIA_TYPES, ZInvoiceUploadSchema, ZPackageInvoiceSchema } from "./purchase-invoices";

export const ZAttachInvoiceRequestSchema = z.object({ clientCode: ZClientCodeSchema, factura: ZInvoiceUploadSchema });
export type TAttachInvoiceRequest = z.infer<typeof ZAttachInvoiceRequestSchema>;
export const ZStaffAttachInvoiceRequestSchema = z.object({ factura: ZInvoiceUploadSchema });
export type TStaffAttachInvoiceRequest = z.infer<typeof ZStaffAttachInvoiceRequestSchema>;

/** PUT /api/clients/trackings/{id}/factura (public, by code): the client attaches or replaces its own package's invoice, until delivered. */
export const CLIENT_INVOICE_ATTACH_ROUTE = defineRoute({
  method: "PUT",
  path: "/api/clients/trackings/:id/factura",
  tag: "packages",
  summary: "El cliente adjunta o reemplaza la factura de compra de su paquete (hasta la entrega)",
  params: ZTrackingIdParamsSchema,
  body: ZAttachInvoiceRequestSchema,
  responses: { 200: ZClientTrackingSchema },
});

/** GET /api/clients/trackings/{id}/factura?code=… (public, by code): the client opens its own package's invoice. */
export const CLIENT_INVOICE_FILE_ROUTE = defineRoute({
  method: "GET",
  path: "/api/clients/trackings/:id/factura",
  tag: "packages",
  summary: "El archivo de la factura de compra de un paquete propio (PDF o imagen)",
  params: ZTrackingIdParamsSchema,
  query: ZClientTrackingsQuerySchema,
  responses: { 200: binary(INVOICE_MEDIA_TYPES) },
});

/** GET /api/admin/trackings/{id}/factura (Dueño, Oficina, Bodega): a package's invoice file. */
export const STAFF_INVOICE_FILE_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/trackings/:id/factura",
  tag: "packages",
  summary: "El archivo de la factura de compra de un paquete (PDF o imagen), para el personal",
  params: ZTrackingIdParamsSchema,
  responses: { 200: binary(INVOICE_MEDIA_TYPES) },
});

/**
 * PUT /api/admin/trackings/{id}/factura (Dueño, Oficina, Bodega): staff attach or replace a
 * package's invoice (one the client sent by WhatsApp, or found in the box), in any status; the
 * answer is the invoice now attached.
 */
export const STAFF_INVOICE_ATTACH_ROUTE = defineRoute({
  method: "PUT",
  path: "/api/admin/trackings/:id/factura",
  tag: "packages",
  summary: "El personal adjunta o reemplaza la factura de compra de un paquete",
  params: ZTrackingIdParamsSchema,
  body: ZStaffAttachInvoiceRequestSchema,
  responses: { 200: ZPackageInvoiceSchema },
});
