// GET /api/coupons/{clientCode} (public, by code): the client's coupons grouped as shown.
import type { FastifyInstance } from "fastify";
import { CLIENT_NOT_FOUND_MESSAGE, ZClientCodeLooseSchema } from "../../../shared/api/clients";
import { z } from "../../../shared/validation";
import type { AppContext } from "../../context";
import { enforceLimit } from "../../lib/abuse-limits";
import { notFound, parseWith } from "../../errors";
import { getClientCoupons } from "./service";

const ZParams = z.object({ clientCode: ZClientCodeLooseSchema });

export function registerCouponRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/coupons/:clientCode", { config: { auth: "public", codeOracle: true } }, async (request, reply) => {
    const { clientCode } = parseWith(ZParams, request.params);
    await enforceLimit(ctx, request, "clientLookup", reply);
    const coupons = await getClientCoupons(ctx.db, clientCode);
    if (!coupons) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
    return coupons;
  });
}
