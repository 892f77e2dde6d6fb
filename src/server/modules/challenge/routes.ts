// GET /api/challenge (public): a new proof-of-work challenge for the ALTCHA widget, asked for
// when a request answered 428 (decision 109). Creating one costs the server one key derivation,
// so it has its own generous limit per address. `?work=N` (1 to MAX_CHALLENGE_WORK) makes one worth
// N ordinary ones (a sign-in under attack asks for it, decision 143); the server's cost is the same.
import type { FastifyInstance } from "fastify";
import { z } from "../../../shared/validation";
import { CHALLENGE_URL, MAX_CHALLENGE_WORK } from "../../../shared/api/challenge";
import { parseWith } from "../../errors";
import type { AppContext } from "../../context";
import { enforceLimit } from "../../lib/abuse-limits";
import { newChallenge } from "../../lib/proof-of-work";

const ZChallengeQuerySchema = z.object({
  work: z.coerce
    .number({ error: "La dificultad debe ser un número entero" })
    .int({ error: "La dificultad debe ser un número entero" })
    .min(1, { error: "La dificultad debe ser al menos 1" })
    .max(MAX_CHALLENGE_WORK, { error: `La dificultad no puede pasar de ${MAX_CHALLENGE_WORK}` })
    .default(1),
});

export function registerChallengeRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(CHALLENGE_URL, { config: { auth: "public", codeOracle: false } }, async (request, reply) => {
    const { work } = parseWith(ZChallengeQuerySchema, request.query ?? {});
    await enforceLimit(ctx, request, "challenge", reply);
    // Each challenge is single-use: never from a cache.
    reply.header("cache-control", "no-store");
    return newChallenge(ctx, work);
  });
}
