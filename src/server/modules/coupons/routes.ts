// GET /api/coupons/{clientCode} (public, by code): the client's coupons grouped as shown.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import { CLIENT_COUPONS_ROUTE } from "../../../shared/api/coupons";
import type { AppContext } from "../../context";
import { enforceLookupLimit } from "../../lib/abuse-limits";
import { contractSchema } from "../../lib/route-contract";
import { notFound } from "../../errors";
import { getClientCoupons } from "./service";

export function registerCouponRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    CLIENT_COUPONS_ROUTE.path,
    { config: { auth: "public", codeOracle: true, clientAccess: "account" }, schema: contractSchema(CLIENT_COUPONS_ROUTE) },
    async (request, reply) => {
      const { clientCode } = request.params;
      await enforceLookupLimit(ctx, request, reply);
      const coupons = await getClientCoupons(ctx.db, clientCode);
      if (!coupons) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
      return coupons;
    },
  );
}
