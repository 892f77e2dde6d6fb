// The purchase invoice's calls (issue 36 item 2, docs/decisions/215): the client attaches or
// replaces its own package's invoice and opens it (public, by code, through the package policy);
// staff open any package's (Dueño, Oficina, Bodega: Recepción and the shipments' manifest), and
// attach or replace it there (docs/decisions/241).
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { clientActor, staffActor } from "../../lib/actor";
import { enforceLookupLimit, enforceWriteLimits } from "../../lib/abuse-limits";
import { contractSchema } from "../../lib/route-contract";
import { ANY_STAFF } from "../../../shared/domain/staff-roles";
import { CLIENT_INVOICE_ATTACH_ROUTE, CLIENT_INVOICE_FILE_ROUTE, STAFF_INVOICE_ATTACH_ROUTE, STAFF_INVOICE_FILE_ROUTE } from "../../../shared/api/purchase-invoice-routes";
import { attachClientInvoice, attachStaffInvoice, readClientInvoice, readStaffInvoice, type InvoiceFile } from "./purchase-invoice";

/** The file as it is (its sniffed type), private, never run or sniffed as anything else. */
function sendFile(reply: FastifyReply, file: InvoiceFile) {
  return reply
    .header("content-type", file.contentType)
    .header("x-content-type-options", "nosniff")
    .header("content-disposition", `inline; filename="factura.${file.contentType === "application/pdf" ? "pdf" : file.contentType.slice("image/".length)}"`)
    .header("content-security-policy", "default-src 'none'; sandbox")
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

export function registerInvoiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const portal = { auth: "public", codeOracle: true, clientAccess: "account" } as const;

  api.put(CLIENT_INVOICE_ATTACH_ROUTE.path, { config: portal, schema: contractSchema(CLIENT_INVOICE_ATTACH_ROUTE) }, async (request, reply) => {
    const input = request.body;
    await enforceWriteLimits(ctx, request, reply, input.clientCode);
    return attachClientInvoice(ctx.db, ctx.providers.storage, request.params.id, input, clientActor(request));
  });

  api.get(CLIENT_INVOICE_FILE_ROUTE.path, { config: portal, schema: contractSchema(CLIENT_INVOICE_FILE_ROUTE) }, async (request, reply) => {
    await enforceLookupLimit(ctx, request, reply);
    return sendFile(reply, await readClientInvoice(ctx.db, ctx.providers.storage, request.params.id, request.query.code));
  });

  api.get(STAFF_INVOICE_FILE_ROUTE.path, { config: { auth: "admin", roles: ANY_STAFF }, schema: contractSchema(STAFF_INVOICE_FILE_ROUTE) }, async (request, reply) =>
    sendFile(reply, await readStaffInvoice(ctx.db, ctx.providers.storage, request.params.id)),
  );

  api.put(STAFF_INVOICE_ATTACH_ROUTE.path, { config: { auth: "admin", roles: ANY_STAFF }, schema: contractSchema(STAFF_INVOICE_ATTACH_ROUTE) }, async (request) =>
    attachStaffInvoice(ctx.db, ctx.providers.storage, request.params.id, request.body, staffActor(request)),
  );
}
