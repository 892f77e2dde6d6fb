// POST /api/product-analysis: { description, productUrl } → { success, analysis, error }. Each
// address gets a bounded number of analyses, since every one may cost an AI call.
import type { FastifyInstance } from "fastify";
import { ZProductAnalysisRequestSchema } from "../../../shared/api/product-analysis";
import { parseWith } from "../../errors";
import type { AppContext } from "../../context";
import { enforceLimit } from "../../lib/abuse-limits";
import { analyzeProduct } from "./service";


export function registerProductAnalysisRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/api/product-analysis", { config: { auth: "public", codeOracle: false } }, async (request, reply) => {
    const input = parseWith(ZProductAnalysisRequestSchema, request.body ?? {});
    await enforceLimit(ctx, request, "productAnalysis", reply);
    return analyzeProduct(ctx, input, request.log);
  });
}
