// POST /api/parts-assistant (public-site §7): thin handler over the parts search.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { enforceLimit } from "../../lib/abuse-limits";
import { parseWith } from "../../errors";
import { ZPartsSearchRequestSchema, type TPartsSearchResponse } from "../../../shared/api/parts-assistant";
import { searchParts } from "./service";

export function registerPartsAssistantRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/api/parts-assistant", { config: { auth: "public", codeOracle: true } }, async (request, reply): Promise<TPartsSearchResponse> => {
    const input = parseWith(ZPartsSearchRequestSchema, request.body ?? {});
    await enforceLimit(ctx, request, "partsSearch", reply);
    reply.header("cache-control", "no-store");
    return searchParts(ctx.db, input, {
      provider: ctx.providers.parts,
      brandName: ctx.config.brand.name,
      log: request.log,
    });
  });
}
