// A client's coupons (public-site §3, §4, §7): GET /api/coupons/{clientCode} groups them by the
// status a person sees (an expired coupon shows as EXPIRADO even while stored as available).
import { z } from "../validation";
import { COUPON_STATUSES } from "../domain/statuses";
import { ZClientCodeLooseSchema } from "./clients";
import { defineRoute } from "./contract";

export const ZCouponSchema = z.object({
  id: z.number().int(),
  discountPercent: z.number().int(),
  /** The status as shown: DISPONIBLE, USADO or EXPIRADO. */
  status: z.enum(COUPON_STATUSES),
  expiresAt: z.string(),
  usedAt: z.string().nullable(),
});
export type TCoupon = z.infer<typeof ZCouponSchema>;

export const ZClientCouponsResponseSchema = z.object({
  available: z.array(ZCouponSchema),
  used: z.array(ZCouponSchema),
  expired: z.array(ZCouponSchema),
});
export type TClientCouponsResponse = z.infer<typeof ZClientCouponsResponseSchema>;

export const COUPONS_LOAD_FAILED_TITLE = "Error al cargar cupones";

/** GET /api/coupons/{clientCode} (public, by code): the client's coupons grouped as shown. */
export const CLIENT_COUPONS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/coupons/:clientCode",
  tag: "coupons",
  summary: "Los cupones de un cliente, agrupados como se muestran (disponibles, usados, expirados)",
  params: z.object({ clientCode: ZClientCodeLooseSchema }),
  responses: { 200: ZClientCouponsResponseSchema },
});
