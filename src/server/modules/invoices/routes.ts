// Comprobantes electrónicos for staff (issue 34, decision 190), office staff only; the contract
// entries are in shared/api/admin/invoices.ts:
//   GET  /api/admin/payments/:id/comprobantes     the payment's comprobantes and their states
//   GET  /api/admin/comprobantes/:id/xml          the signed XML
//   GET  /api/admin/comprobantes/:id/respuesta    Hacienda's answer (MensajeHacienda)
//   GET  /api/admin/comprobantes/:id/pdf          the printable PDF (pdf.ts, decision 197)
//   POST /api/admin/comprobantes/:id/reissue      a rejected one issued again, with a new number → 201
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { contractSchema } from "../../lib/route-contract";
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import {
  COMPROBANTE_ANSWER_ROUTE,
  COMPROBANTE_PDF_ROUTE,
  PDF_CONTENT_TYPE,
  COMPROBANTE_REISSUE_ROUTE,
  COMPROBANTE_XML_ROUTE,
  PAYMENT_COMPROBANTES_ROUTE,
  XML_CONTENT_TYPE,
} from "../../../shared/api/admin/invoices";
import { comprobanteFile, listComprobantes, reissueComprobante } from "./comprobantes";
import { staffComprobantePdf } from "./downloads";

export function registerAdminInvoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = { auth: "admin", roles: OFFICE_STAFF } as const;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(PAYMENT_COMPROBANTES_ROUTE.path, { config, schema: contractSchema(PAYMENT_COMPROBANTES_ROUTE) }, async (request) =>
    listComprobantes(ctx.db, ctx.invoicing, request.params.id),
  );

  for (const [route, which] of [
    [COMPROBANTE_XML_ROUTE, "xml"],
    [COMPROBANTE_ANSWER_ROUTE, "respuesta"],
  ] as const) {
    api.get(route.path, { config, schema: contractSchema(route) }, async (request, reply) => {
      const file = await comprobanteFile(ctx.db, request.params.id, which);
      return reply
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("cache-control", "no-store")
        .type(`${XML_CONTENT_TYPE}; charset=utf-8`)
        .send(file.text);
    });
  }

  // Same roles as the XML: the office's.
  api.get(COMPROBANTE_PDF_ROUTE.path, { config, schema: contractSchema(COMPROBANTE_PDF_ROUTE) }, async (request, reply) => {
    const file = await staffComprobantePdf(ctx.db, request.params.id);
    return reply
      .header("content-disposition", `inline; filename="${file.fileName}"`)
      .header("cache-control", "no-store")
      .type(PDF_CONTENT_TYPE)
      .send(Buffer.from(file.pdf));
  });

  api.post(COMPROBANTE_REISSUE_ROUTE.path, { config, schema: contractSchema(COMPROBANTE_REISSUE_ROUTE) }, async (request, reply) =>
    reply.status(201).send({ comprobante: await reissueComprobante(ctx.db, ctx.invoicing, request.params.id, staffActor(request)) }),
  );
}
