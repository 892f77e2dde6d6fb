// GET /api/admin/stats, GET /api/admin/referrals and GET /api/admin/coupons (admin: the spec's
// referral and coupon calls send no password, but the data names clients, so a session is required).
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ADMIN_COUPONS_ROUTE, ADMIN_REFERRALS_ROUTE, ADMIN_STATS_ROUTE } from "../../../shared/api/admin/stats";
import type { AppContext } from "../../context";
import { contractSchema } from "../../lib/route-contract";
import { getAdminCoupons, getAdminReferrals, getAdminStats } from "./service";

export function registerAdminStatsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: "admin", roles: OFFICE_STAFF } as const;
  api.get(ADMIN_STATS_ROUTE.path, { config, schema: contractSchema(ADMIN_STATS_ROUTE) }, async () => getAdminStats(ctx.db));
  api.get(ADMIN_REFERRALS_ROUTE.path, { config, schema: contractSchema(ADMIN_REFERRALS_ROUTE) }, async () => getAdminReferrals(ctx.db));
  api.get(ADMIN_COUPONS_ROUTE.path, { config, schema: contractSchema(ADMIN_COUPONS_ROUTE) }, async () => getAdminCoupons(ctx.db));
}
