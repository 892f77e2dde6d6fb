// GET /api/clients/verify/{clientCode} (public-site §7): the parts assistant's code check.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { enforceLimit } from "../../lib/abuse-limits";
import { contractSchema } from "../../lib/route-contract";
import { CLIENT_VERIFY_ROUTE } from "../../../shared/api/clients-verification";
import { verifyClient } from "./verification-service";

export function registerClientVerificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    CLIENT_VERIFY_ROUTE.path,
    {
      config: { auth: "public", codeOracle: true, clientAccess: "account" },
      schema: contractSchema(CLIENT_VERIFY_ROUTE),
      // Counted before the code is validated and looked up (after the code-miss guard, as
      // before), so malformed and wrong guesses alike use the allowance.
      preValidation: async (request, reply) => {
        await enforceLimit(ctx, request, "verification", reply);
      },
    },
    async (request, reply) => {
      const { clientCode } = request.params;
      reply.header("cache-control", "no-store");
      return { client: await verifyClient(ctx.db, clientCode) };
    },
  );
}
