// The client's statement calls (issue 21): a SINPE receipt photo sent from /rastreo.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { clientActor } from "../../lib/actor";
import { PAYMENT_PROOFS_PATH, ZPaymentProofRequestSchema, type TPaymentProofResponse } from "../../../shared/api/payments";
import { enforceWriteLimits } from "../../lib/abuse-limits";
import { submitPaymentProof } from "./service";

export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(PAYMENT_PROOFS_PATH, { config: { auth: "public", codeOracle: true } }, async (request, reply) => {
    const input = parseWith(ZPaymentProofRequestSchema, request.body ?? {});
    await enforceWriteLimits(ctx, request, reply, input.clientCode);
    const comprobante = await submitPaymentProof(ctx.db, ctx.providers.storage, input, clientActor(request));
    return reply.status(201).send({ comprobante } satisfies TPaymentProofResponse);
  });
}
