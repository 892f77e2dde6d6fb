// GET /api/admin/stats, GET /api/admin/referrals and GET /api/admin/coupons (admin: the spec's
// referral and coupon calls send no password, but the data names clients, so a session is required).
import { OFFICE_STAFF } from "../../../shared/domain/staff-roles";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { getAdminCoupons, getAdminReferrals, getAdminStats } from "./service";

export function registerAdminStatsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/admin/stats", { config: { auth: "admin", roles: OFFICE_STAFF } }, async () => getAdminStats(ctx.db));
  app.get("/api/admin/referrals", { config: { auth: "admin", roles: OFFICE_STAFF } }, async () => getAdminReferrals(ctx.db));
  app.get("/api/admin/coupons", { config: { auth: "admin", roles: OFFICE_STAFF } }, async () => getAdminCoupons(ctx.db));
}
