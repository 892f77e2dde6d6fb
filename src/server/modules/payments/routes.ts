// The client's statement calls (issue 21): a SINPE receipt photo sent from /rastreo.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { clientActor } from "../../lib/actor";
import { contractSchema } from "../../lib/route-contract";
import { PAYMENT_PROOF_ROUTE } from "../../../shared/api/payments";
import { enforceWriteLimits } from "../../lib/abuse-limits";
import { submitPaymentProof } from "./service";

export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(PAYMENT_PROOF_ROUTE.path, { config: { auth: "public", codeOracle: true, clientAccess: "account" }, schema: contractSchema(PAYMENT_PROOF_ROUTE) }, async (request, reply) => {
    const input = request.body;
    await enforceWriteLimits(ctx, request, reply, input.clientCode);
    const comprobante = await submitPaymentProof(ctx.db, ctx.providers.storage, input, clientActor(request));
    return reply.status(201).send({ comprobante });
  });
}
