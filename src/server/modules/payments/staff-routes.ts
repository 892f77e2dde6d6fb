// Pagos (issue 21, docs/decisions/136): record, reverse, receipts, clients' SINPE receipts (proofs),
// extra charge lines. Money is office business: every route is OFFICE_STAFF.
//   GET    /api/admin/trackings/:id/charges             lines, stored total / paid / balance, payments
//   POST   /api/admin/trackings/:id/charges             { kind, description, amountColones }
//   DELETE /api/admin/trackings/:id/charges/:chargeId
//   GET    /api/admin/payments?clientCode=&from=&to=&method=&page=
//   GET    /api/admin/payments/due?clientCode=          the client's packages with a balance
//   POST   /api/admin/payments                          → 201 { payment }
//   GET    /api/admin/payments/:id                      { payment }
//   POST   /api/admin/payments/:id/reverse              { reason }
//   GET    /api/admin/payments/:id/receipt              application/pdf
//   GET    /api/admin/payment-proofs?estado=
//   POST   /api/admin/payment-proofs/:id/confirm        { reference, allocations, paidAt?, notas? } → 201 { payment }
//   POST   /api/admin/payment-proofs/:id/reject         { reason }
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { staffActor } from "../../lib/actor";
import { contractSchema } from "../../lib/route-contract";
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import {
  CHARGE_ADD_ROUTE,
  CHARGE_REMOVE_ROUTE,
  CHARGES_ROUTE,
  PAYMENT_CREATE_ROUTE,
  PAYMENT_RECEIPT_ROUTE,
  PAYMENT_REVERSE_ROUTE,
  PAYMENT_ROUTE,
  PAYMENTS_DUE_ROUTE,
  PAYMENTS_ROUTE,
  PROOF_CONFIRM_ROUTE,
  PROOF_REJECT_ROUTE,
  PROOFS_ROUTE,
  receiptFileName,
} from "../../../shared/api/admin/payments";
import {
  addCharge,
  confirmProof,
  dueOf,
  getCharges,
  listPayments,
  listProofs,
  paymentDetail,
  recordPayment,
  rejectProof,
  removeCharge,
  reversePayment,
} from "./staff-service";
import { receiptInvoices } from "../invoices/downloads";

export function registerAdminPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: "admin", roles: OFFICE_STAFF } as const;

  api.get(CHARGES_ROUTE.path, { config, schema: contractSchema(CHARGES_ROUTE) }, async (request) => getCharges(ctx.db, request.params.id));

  api.post(CHARGE_ADD_ROUTE.path, { config, schema: contractSchema(CHARGE_ADD_ROUTE) }, async (request, reply) => {
    return reply.status(201).send(await addCharge(ctx.db, request.params.id, request.body, staffActor(request)));
  });

  api.delete(CHARGE_REMOVE_ROUTE.path, { config, schema: contractSchema(CHARGE_REMOVE_ROUTE) }, async (request) => {
    const { id, chargeId } = request.params;
    return removeCharge(ctx.db, id, chargeId, staffActor(request));
  });

  api.get(PAYMENTS_ROUTE.path, { config, schema: contractSchema(PAYMENTS_ROUTE) }, async (request) => listPayments(ctx.db, request.query, ctx.invoicing));

  api.get(PAYMENTS_DUE_ROUTE.path, { config, schema: contractSchema(PAYMENTS_DUE_ROUTE) }, async (request) => dueOf(ctx.db, request.query.clientCode));

  api.post(PAYMENT_CREATE_ROUTE.path, { config, schema: contractSchema(PAYMENT_CREATE_ROUTE) }, async (request, reply) => {
    return reply.status(201).send({ payment: await recordPayment(ctx.db, request.body, staffActor(request), new Date(), request.staff?.role, ctx.invoicing) });
  });

  api.get(PAYMENT_ROUTE.path, { config, schema: contractSchema(PAYMENT_ROUTE) }, async (request) => ({ payment: await paymentDetail(ctx.db, request.params.id) }));

  api.post(PAYMENT_REVERSE_ROUTE.path, { config, schema: contractSchema(PAYMENT_REVERSE_ROUTE) }, async (request) => {
    return { payment: await reversePayment(ctx.db, request.params.id, request.body.reason, staffActor(request), new Date(), ctx.invoicing) };
  });

  api.get(PAYMENT_RECEIPT_ROUTE.path, { config, schema: contractSchema(PAYMENT_RECEIPT_ROUTE) }, async (request, reply) => {
    const { id } = request.params;
    // The PDF libraries load with the first document, not at start (decision 194).
    const { receiptPdf } = await import("./receipt");
    const pdf = await receiptPdf(await paymentDetail(ctx.db, id), ctx.config.brand, await receiptInvoices(ctx.db, id));
    return reply
      .header("content-disposition", `inline; filename="${receiptFileName(id)}"`)
      .header("cache-control", "no-store")
      .type("application/pdf")
      .send(Buffer.from(pdf));
  });

  api.get(PROOFS_ROUTE.path, { config, schema: contractSchema(PROOFS_ROUTE) }, async (request) => listProofs(ctx.db, request.query.estado));

  api.post(PROOF_CONFIRM_ROUTE.path, { config, schema: contractSchema(PROOF_CONFIRM_ROUTE) }, async (request, reply) => {
    return reply.status(201).send({ payment: await confirmProof(ctx.db, request.params.id, request.body, staffActor(request), new Date(), request.staff?.role, ctx.invoicing) });
  });

  api.post(PROOF_REJECT_ROUTE.path, { config, schema: contractSchema(PROOF_REJECT_ROUTE) }, async (request) => {
    return rejectProof(ctx.db, request.params.id, request.body.reason, staffActor(request));
  });
}
