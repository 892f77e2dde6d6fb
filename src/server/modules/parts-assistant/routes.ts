// POST /api/parts-assistant (public-site §7): thin handler over the parts search.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { enforceLimit } from "../../lib/abuse-limits";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { contractSchema } from "../../lib/route-contract";
import { PARTS_SEARCH_ROUTE } from "../../../shared/api/parts-assistant";
import { searchParts } from "./service";

export function registerPartsAssistantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(PARTS_SEARCH_ROUTE.path, { config: { auth: "public", codeOracle: true, clientAccess: "account" }, schema: contractSchema(PARTS_SEARCH_ROUTE) }, async (request, reply) => {
    const input = request.body;
    await enforceLimit(ctx, request, "partsSearch", reply);
    reply.header("cache-control", "no-store");
    return searchParts(ctx.db, input, {
      provider: ctx.providers.parts,
      brandName: ctx.config.brand.name,
      log: request.log,
    });
  });
}
