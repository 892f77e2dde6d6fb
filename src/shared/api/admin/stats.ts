// The panel's overview numbers: packages by status and new packages per week (GET /api/admin/stats,
// beyond the spec), and the referrals and coupons card (staff-side §2, §4, §7, §9):
// GET /api/admin/referrals and GET /api/admin/coupons with their six counters and latest rows.
import { z } from "../../validation";
import { defineRoute } from "../contract";
import { COUPON_STATUSES, REFERRAL_STATUSES, TRACKING_STATUSES } from "../../domain/statuses";

/** Weeks shown in the new-packages chart, the current one last. */
export const STATS_WEEKS = 12;

export const ZAdminStatsResponseSchema = z.object({
  byStatus: z.array(z.object({ estado: z.enum(TRACKING_STATUSES), count: z.number().int() })),
  /** Oldest first; `weekStart` is the Monday (Costa Rica calendar) as YYYY-MM-DD. */
  perWeek: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
});
export type TAdminStatsResponse = z.infer<typeof ZAdminStatsResponseSchema>;

export const ZAdminReferralSchema = z.object({
  id: z.number().int(),
  referrerName: z.string(),
  referrerCode: z.string(),
  referredClientCode: z.string().nullable(),
  referredClientName: z.string().nullable(),
  status: z.enum(REFERRAL_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

export const ZAdminReferralsResponseSchema = z.object({
  referrals: z.array(ZAdminReferralSchema),
  /** pending: registered or pending referrals whose friend has not had a delivery yet. */
  stats: z.object({ total: z.number().int(), pending: z.number().int(), completed: z.number().int() }),
});
export type TAdminReferralsResponse = z.infer<typeof ZAdminReferralsResponseSchema>;

export const ZAdminCouponSchema = z.object({
  id: z.number().int(),
  clientName: z.string(),
  clientCode: z.string(),
  discountPercent: z.number().int(),
  /** As shown: an available coupon past its expiry is EXPIRADO. */
  status: z.enum(COUPON_STATUSES),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
});

export const ZAdminCouponsResponseSchema = z.object({
  coupons: z.array(ZAdminCouponSchema),
  /** available: DISPONIBLE and not yet expired. */
  stats: z.object({ total: z.number().int(), available: z.number().int(), used: z.number().int() }),
});
export type TAdminCouponsResponse = z.infer<typeof ZAdminCouponsResponseSchema>;

export const REFERRED_PENDING_LABEL = "Pendiente";

/** GET /api/admin/stats (office staff): packages by status and new packages per week. */
export const ADMIN_STATS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/stats",
  tag: "stats",
  summary: "Paquetes por estado y paquetes nuevos por semana",
  responses: { 200: ZAdminStatsResponseSchema },
});

/** GET /api/admin/referrals (office staff): the referrals card's counters and latest rows. */
export const ADMIN_REFERRALS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/referrals",
  tag: "stats",
  summary: "Los referidos: totales y los más recientes",
  responses: { 200: ZAdminReferralsResponseSchema },
});

/** GET /api/admin/coupons (office staff): the coupons card's counters and latest rows. */
export const ADMIN_COUPONS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/coupons",
  tag: "stats",
  summary: "Los cupones: totales y los más recientes",
  responses: { 200: ZAdminCouponsResponseSchema },
});
