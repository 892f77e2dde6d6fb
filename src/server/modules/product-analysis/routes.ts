// POST /api/product-analysis: { description, productUrl } → { success, analysis, error }. Each
// address gets a bounded number of analyses, since every one may cost an AI call.
import type { FastifyInstance } from "fastify";
import { ANALYSIS_RATE_LIMITED, ZProductAnalysisRequestSchema } from "../../../shared/api/product-analysis";
import { AppError, parseWith } from "../../errors";
import type { AppContext } from "../../context";
import { analyzeProduct } from "./service";

export const PRODUCT_ANALYSIS_LIMIT = 20;
export const PRODUCT_ANALYSIS_WINDOW_MS = 10 * 60_000;

export function registerProductAnalysisRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/api/product-analysis", { config: { auth: "public" } }, async (request) => {
    const input = parseWith(ZProductAnalysisRequestSchema, request.body ?? {});
    const hit = await ctx.limiter.hit(`product-analysis:${request.ip}`, PRODUCT_ANALYSIS_LIMIT, PRODUCT_ANALYSIS_WINDOW_MS);
    if (!hit.allowed) {
      throw new AppError("RATE_LIMITED", 429, ANALYSIS_RATE_LIMITED, { retryAfterSeconds: hit.retryAfterSeconds });
    }
    return analyzeProduct(ctx, input, request.log);
  });
}
