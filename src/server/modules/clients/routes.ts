// POST /api/clients/register (public: the /avisos-tracking form). The client's packages live in
// trackings/routes.ts, coupons and referrals in their own modules.
import type { FastifyInstance } from "fastify";
import { ZRegisterClientRequestSchema } from "../../../shared/api/clients";
import type { AppContext } from "../../context";
import { parseWith } from "../../errors";
import { wakeOutboxWorker } from "../notifications/outbox";
import { enforceAbuseLimit } from "./abuse-limits";
import { registerClient } from "./service";

export function registerClientRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post("/api/clients/register", { config: { auth: "public" } }, async (request, reply) => {
    const input = parseWith(ZRegisterClientRequestSchema, request.body ?? {});
    // Counted after validation, so a typo in the form does not use up the allowance.
    await enforceAbuseLimit(ctx, request, reply, "register");
    const result = await registerClient(ctx.db, input, { brandName: ctx.config.brand.name });
    wakeOutboxWorker();
    return reply.status(201).send(result);
  });
}
