// POST /api/product-analysis: { description, productUrl } → { success, analysis, error }. Each
// address gets a bounded number of analyses, since every one may cost an AI call.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PRODUCT_ANALYSIS_ROUTE } from "../../../shared/api/product-analysis";
import { contractSchema } from "../../lib/route-contract";
import type { AppContext } from "../../context";
import { enforceLimit } from "../../lib/abuse-limits";
import { analyzeProduct } from "./service";


export function registerProductAnalysisRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The body is checked before the handler: a refused body does not use the address's allowance.
  api.post(PRODUCT_ANALYSIS_ROUTE.path, { config: { auth: "public", codeOracle: false }, schema: contractSchema(PRODUCT_ANALYSIS_ROUTE) }, async (request, reply) => {
    const input = request.body;
    await enforceLimit(ctx, request, "productAnalysis", reply);
    return analyzeProduct(ctx, input, request.log);
  });
}
