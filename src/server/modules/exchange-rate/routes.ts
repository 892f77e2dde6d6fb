// GET /api/exchange-rate: { rate, lastUpdated, source }, answered from storage without waiting
// for the outside sources whenever a rate is stored; never an error (514 as the last resort).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { EXCHANGE_RATE_ROUTE } from "../../../shared/api/exchange-rate";
import { contractSchema } from "../../lib/route-contract";
import type { AppContext } from "../../context";
import { getExchangeRate } from "./service";

export function registerExchangeRateRoutes(app: FastifyInstance, ctx: AppContext): void {
  // A fetch still running at shutdown is cancelled rather than writing to a closing database.
  app.addHook("onClose", async () => {
    ctx.providers.exchangeRates.close();
    await ctx.providers.exchangeRates.idle();
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(EXCHANGE_RATE_ROUTE.path, { config: { auth: "public", codeOracle: false }, schema: contractSchema(EXCHANGE_RATE_ROUTE) }, async (request, reply) => {
    reply.header("cache-control", "no-cache");
    return getExchangeRate(ctx, request.log);
  });
}
