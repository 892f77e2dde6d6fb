// GET /api/admin/stats, GET /api/admin/referrals and GET /api/admin/coupons (admin: the spec's
// referral and coupon calls send no password, but the data names clients, so a session is required).
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";
import { getAdminCoupons, getAdminReferrals, getAdminStats } from "./service";

export function registerAdminStatsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/admin/stats", { config: { auth: "admin" } }, async () => getAdminStats(ctx.db));
  app.get("/api/admin/referrals", { config: { auth: "admin" } }, async () => getAdminReferrals(ctx.db));
  app.get("/api/admin/coupons", { config: { auth: "admin" } }, async () => getAdminCoupons(ctx.db));
}
