// GET /api/referrals/{clientCode} (public, by code): the referrals this client made.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import { CLIENT_REFERRALS_ROUTE } from "../../../shared/api/referrals";
import type { AppContext } from "../../context";
import { enforceLookupLimit } from "../../lib/abuse-limits";
import { contractSchema } from "../../lib/route-contract";
import { notFound } from "../../errors";
import { getClientReferrals } from "./service";

export function registerReferralRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    CLIENT_REFERRALS_ROUTE.path,
    { config: { auth: "public", codeOracle: true, clientAccess: "account" }, schema: contractSchema(CLIENT_REFERRALS_ROUTE) },
    async (request, reply) => {
      const { clientCode } = request.params;
      await enforceLookupLimit(ctx, request, reply);
      const referrals = await getClientReferrals(ctx.db, clientCode);
      if (!referrals) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
      return { referrals };
    },
  );
}
