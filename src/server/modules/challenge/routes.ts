// GET /api/challenge (public): a new proof-of-work challenge for the ALTCHA widget, asked for
// when a request answered 428 (decision 109). The 428 names the price and the client code to ask
// for (`?price=4&code=EX…`, decision 144); the request that uses the solution checks both again.
// Creating one costs the server one key derivation, so it has its own generous limit per address.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CHALLENGE_ROUTE } from "../../../shared/api/challenge-route";
import { contractSchema } from "../../lib/route-contract";
import type { AppContext } from "../../context";
import { enforceLimit } from "../../lib/abuse-limits";
import { clampPrice, newChallenge } from "../../lib/proof-of-work";
import { isVerifiableClientCode, normalizeClientCode } from "../../../shared/domain/client-code";

export function registerChallengeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(CHALLENGE_ROUTE.path, { config: { auth: "public", codeOracle: false }, schema: contractSchema(CHALLENGE_ROUTE) }, async (request, reply) => {
    await enforceLimit(ctx, request, "challenge", reply);
    // Each challenge is single-use: never from a cache.
    reply.header("cache-control", "no-store");
    const query = request.query;
    const code = query.code !== undefined && query.code.length <= 32 && isVerifiableClientCode(query.code) ? normalizeClientCode(query.code) : undefined;
    return newChallenge(ctx, { price: clampPrice(query.price), code });
  });
}
