// GET /api/referrals/{clientCode} (public, by code): the referrals this client made.
import type { FastifyInstance } from "fastify";
import { CLIENT_NOT_FOUND_MESSAGE, ZClientCodeLooseSchema } from "../../../shared/api/clients";
import { z } from "../../../shared/validation";
import type { AppContext } from "../../context";
import { enforceLimit } from "../../lib/abuse-limits";
import { notFound, parseWith } from "../../errors";
import { getClientReferrals } from "./service";

const ZParams = z.object({ clientCode: ZClientCodeLooseSchema });

export function registerReferralRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/referrals/:clientCode", { config: { auth: "public", codeOracle: true } }, async (request, reply) => {
    const { clientCode } = parseWith(ZParams, request.params);
    await enforceLimit(ctx, request, "clientLookup", reply);
    const referrals = await getClientReferrals(ctx.db, clientCode);
    if (!referrals) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
    return { referrals };
  });
}
