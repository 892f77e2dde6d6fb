// GET /api/exchange-rate: { rate, lastUpdated, source }, answered from storage without waiting
// for the outside sources whenever a rate is stored; never an error (514 as the last resort).
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { getExchangeRate } from "./service";

export function registerExchangeRateRoutes(app: FastifyInstance, ctx: AppContext): void {
  // A fetch still running at shutdown is cancelled rather than writing to a closing database.
  app.addHook("onClose", async () => {
    ctx.providers.exchangeRates.close();
    await ctx.providers.exchangeRates.idle();
  });

  app.get("/api/exchange-rate", { config: { auth: "public", codeOracle: false } }, async (request, reply) => {
    reply.header("cache-control", "no-cache");
    return getExchangeRate(ctx, request.log);
  });
}
