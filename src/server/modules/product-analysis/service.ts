// The product assistant (public-site §2, §3): the provider answers with the AI's analysis or,
// when there is no AI or it fails, with the offline estimate; either way the visitor gets one.
import type { FastifyBaseLogger } from "fastify";
import type { TProductAnalysisRequest, TProductAnalysisResponse } from "../../../shared/api/product-analysis";
import type { AppContext } from "../../context";

export async function analyzeProduct(
  ctx: Pick<AppContext, "providers">,
  input: TProductAnalysisRequest,
  log?: FastifyBaseLogger,
): Promise<TProductAnalysisResponse> {
  const analysis = await ctx.providers.productAnalysis.analyze(input, log);
  return { success: true, analysis, error: null };
}
