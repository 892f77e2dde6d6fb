// POST /api/clients/register (public: the /avisos-tracking form; a code oracle, see below) and
// PUT /api/clients/tax-id (public, by code: /rastreo's 'Datos para factura electrónica'). The client's packages live in
// trackings/routes.ts, coupons and referrals in their own modules.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CLIENT_REGISTER_ROUTE } from "../../../shared/api/clients";
import type { AppContext } from "../../context";
import { enforceLimit, enforceWriteLimits } from "../../lib/abuse-limits";
import { AppError } from "../../errors";
import { countAsCodeMiss, grantCodePass } from "../../lib/abuse-limits";
import { contractSchema } from "../../lib/route-contract";
import { registerClient } from "./service";
import { CLIENT_TAX_ID_ROUTE } from "../../../shared/api/tax-id";
import { clientActor } from "../../lib/actor";
import { saveOwnTaxId } from "./portal-tax-id";

export function registerClientRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(CLIENT_REGISTER_ROUTE.path, { config: { auth: "public", codeOracle: true, clientAccess: "open" }, schema: contractSchema(CLIENT_REGISTER_ROUTE) }, async (request, reply) => {
    const input = request.body;
    // Counted after validation, so a typo in the form does not use up the allowance.
    // Per address (a solved challenge past the first few, decision 109) and per phone number.
    await enforceLimit(ctx, request, "registration", reply);
    await enforceLimit(ctx, request, "registrationPhone", reply, input.telefono.replace(/\D/g, ""));
    // Both ways this answer tells a stranger something count as code misses (docs/decisions/099):
    // a registered number (409), and a referrer code that earned no welcome coupon.
    const result = await registerClient(ctx.db, input, { brandName: ctx.config.brand.name }).catch((error: unknown) => {
      if (error instanceof AppError && error.statusCode === 409) countAsCodeMiss(request);
      throw error;
    });
    if (input.referrerCode && !result.welcomeCoupon) countAsCodeMiss(request);
    // The browser was shown its new code: its lookups of it skip the address's miss challenge.
    grantCodePass(ctx, reply, result.client.clientCode);
    return reply.status(201).send(result);
  });

  // The portal's other writes' rules: by code, a code oracle, the write limits per address and code.
  api.put(CLIENT_TAX_ID_ROUTE.path, { config: { auth: "public", codeOracle: true, clientAccess: "account" }, schema: contractSchema(CLIENT_TAX_ID_ROUTE) }, async (request, reply) => {
    const input = request.body;
    await enforceWriteLimits(ctx, request, reply, input.clientCode);
    return saveOwnTaxId(ctx.db, input, clientActor(request));
  });
}
