// GET /api/challenge (public): a new proof-of-work challenge for the ALTCHA widget, asked for
// when a request answered 428 (decision 109). Creating one costs the server one key derivation,
// so it has its own generous limit per address.
import type { FastifyInstance } from "fastify";
import { CHALLENGE_URL } from "../../../shared/api/challenge";
import type { AppContext } from "../../context";
import { enforceLimit } from "../../lib/abuse-limits";
import { newChallenge } from "../../lib/proof-of-work";

export function registerChallengeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(CHALLENGE_URL, { config: { auth: "public", codeOracle: false } }, async (request, reply) => {
    await enforceLimit(ctx, request, "challenge", reply);
    // Each challenge is single-use: never from a cache.
    reply.header("cache-control", "no-store");
    return newChallenge(ctx);
  });
}
