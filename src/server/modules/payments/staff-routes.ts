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
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { staffActor } from "../../lib/actor";
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import {
  receiptFileName,
  ZChargeBatchSchema,
  ZChargeCreateSchema,
  ZChargeParamsSchema,
  ZDueQuerySchema,
  ZPaymentCreateSchema,
  ZPaymentIdParamsSchema,
  ZPaymentsQuerySchema,
  ZProofConfirmSchema,
  ZProofRejectSchema,
  ZProofsQuerySchema,
  ZReverseSchema,
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
import { receiptPdf } from "./receipt";

export function registerAdminPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = { auth: "admin", roles: OFFICE_STAFF } as const;

  app.get("/api/admin/trackings/:id/charges", { config }, async (request) => {
    const { id } = parseWith(ZPaymentIdParamsSchema, request.params);
    return getCharges(ctx.db, id);
  });

  app.post("/api/admin/trackings/:id/charges", { config }, async (request, reply) => {
    const { id } = parseWith(ZPaymentIdParamsSchema, request.params);
    const raw: unknown = request.body ?? {};
    const body = typeof raw === "object" && raw !== null && "lines" in raw ? parseWith(ZChargeBatchSchema, raw).lines : parseWith(ZChargeCreateSchema, raw);
    return reply.status(201).send(await addCharge(ctx.db, id, body, staffActor(request)));
  });

  app.delete("/api/admin/trackings/:id/charges/:chargeId", { config }, async (request) => {
    const { id, chargeId } = parseWith(ZChargeParamsSchema, request.params);
    return removeCharge(ctx.db, id, chargeId, staffActor(request));
  });

  app.get("/api/admin/payments", { config }, async (request) => {
    return listPayments(ctx.db, parseWith(ZPaymentsQuerySchema, request.query ?? {}));
  });

  app.get("/api/admin/payments/due", { config }, async (request) => {
    const { clientCode } = parseWith(ZDueQuerySchema, request.query ?? {});
    return dueOf(ctx.db, clientCode);
  });

  app.post("/api/admin/payments", { config }, async (request, reply) => {
    const body = parseWith(ZPaymentCreateSchema, request.body ?? {});
    return reply.status(201).send({ payment: await recordPayment(ctx.db, body, staffActor(request), new Date(), request.staff?.role, ctx.invoicing) });
  });

  app.get("/api/admin/payments/:id", { config }, async (request) => {
    const { id } = parseWith(ZPaymentIdParamsSchema, request.params);
    return { payment: await paymentDetail(ctx.db, id) };
  });

  app.post("/api/admin/payments/:id/reverse", { config }, async (request) => {
    const { id } = parseWith(ZPaymentIdParamsSchema, request.params);
    const { reason } = parseWith(ZReverseSchema, request.body ?? {});
    return { payment: await reversePayment(ctx.db, id, reason, staffActor(request), new Date(), ctx.invoicing) };
  });

  app.get("/api/admin/payments/:id/receipt", { config }, async (request, reply) => {
    const { id } = parseWith(ZPaymentIdParamsSchema, request.params);
    const pdf = await receiptPdf(await paymentDetail(ctx.db, id), ctx.config.brand);
    return reply
      .header("content-disposition", `inline; filename="${receiptFileName(id)}"`)
      .header("cache-control", "no-store")
      .type("application/pdf")
      .send(Buffer.from(pdf));
  });

  app.get("/api/admin/payment-proofs", { config }, async (request) => {
    const { estado } = parseWith(ZProofsQuerySchema, request.query ?? {});
    return listProofs(ctx.db, estado);
  });

  app.post("/api/admin/payment-proofs/:id/confirm", { config }, async (request, reply) => {
    const { id } = parseWith(ZPaymentIdParamsSchema, request.params);
    const body = parseWith(ZProofConfirmSchema, request.body ?? {});
    return reply.status(201).send({ payment: await confirmProof(ctx.db, id, body, staffActor(request), new Date(), request.staff?.role, ctx.invoicing) });
  });

  app.post("/api/admin/payment-proofs/:id/reject", { config }, async (request) => {
    const { id } = parseWith(ZPaymentIdParamsSchema, request.params);
    const { reason } = parseWith(ZProofRejectSchema, request.body ?? {});
    return rejectProof(ctx.db, id, reason, staffActor(request));
  });
}
