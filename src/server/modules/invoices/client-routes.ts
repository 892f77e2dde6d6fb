// A client's comprobantes electrónicos on /rastreo (issue 34 item 6; docs/decisions/197): public,
// by client code, guarded as the other by-code routes are (codeOracle: a 404 is a counted miss,
// the lookup's limit per address). The contract entries are in shared/api/comprobantes.ts.
//   GET /api/comprobantes/:clientCode              the list
//   GET /api/comprobantes/:clientCode/:id/pdf      a document's PDF
//   GET /api/comprobantes/:clientCode/:id/xml      a document's signed XML
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { enforceLookupLimit } from "../../lib/abuse-limits";
import { contractSchema } from "../../lib/route-contract";
import { notFound } from "../../errors";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import { CLIENT_COMPROBANTE_PDF_ROUTE, CLIENT_COMPROBANTE_XML_ROUTE, CLIENT_COMPROBANTES_ROUTE } from "../../../shared/api/comprobantes";
import { PDF_CONTENT_TYPE, XML_CONTENT_TYPE } from "../../../shared/api/admin/invoices";
import { clientComprobanteFile, clientComprobantes } from "./downloads";

export function registerClientInvoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: "public", codeOracle: true, clientAccess: "account" } as const;

  api.get(CLIENT_COMPROBANTES_ROUTE.path, { config, schema: contractSchema(CLIENT_COMPROBANTES_ROUTE) }, async (request, reply) => {
    await enforceLookupLimit(ctx, request, reply);
    const comprobantes = await clientComprobantes(ctx.db, request.params.clientCode);
    if (!comprobantes) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
    return { comprobantes };
  });

  for (const [route, which] of [
    [CLIENT_COMPROBANTE_PDF_ROUTE, "pdf"],
    [CLIENT_COMPROBANTE_XML_ROUTE, "xml"],
  ] as const) {
    api.get(route.path, { config, schema: contractSchema(route) }, async (request, reply) => {
      await enforceLookupLimit(ctx, request, reply);
      const file = await clientComprobanteFile(ctx.db, request.params.clientCode, request.params.id, which);
      return reply
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("cache-control", "no-store")
        .type(which === "pdf" ? PDF_CONTENT_TYPE : `${XML_CONTENT_TYPE}; charset=utf-8`)
        .send(typeof file.body === "string" ? file.body : Buffer.from(file.body));
    });
  }
}
