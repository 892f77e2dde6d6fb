// GET /api/clients/verify/{clientCode} (public-site §7): the parts assistant's code check.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { enforceLimit } from "../../lib/abuse-limits";
import { parseWith } from "../../errors";
import { ZVerifyClientCodeSchema, type TVerifyClientResponse } from "../../../shared/api/clients-verification";
import { verifyClient } from "./verification-service";

export function registerClientVerificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { clientCode: string } }>(
    "/api/clients/verify/:clientCode",
    { config: { auth: "public", codeOracle: true } },
    async (request, reply): Promise<TVerifyClientResponse> => {
      // Counted before the lookup, so wrong guesses use the allowance too.
      await enforceLimit(ctx, request, "verification", reply);
      const clientCode = parseWith(ZVerifyClientCodeSchema, request.params.clientCode);
      reply.header("cache-control", "no-store");
      return { client: await verifyClient(ctx.db, clientCode) };
    },
  );
}
