// Referral coupons and discounts as pure rules (public-site §9; staff-side §4, §9): the numbers
// of the referral programme, what a coupon shows, which one a shipment gets and what it takes off.

import { addDays, toDate, type DateInput } from "./dates";
import type { CouponStatus } from "./statuses";

/** Referral and coupon programme (public-site §9). */
export const REFERRAL_WELCOME_DISCOUNT = 5;
export const REFERRER_REWARD_DISCOUNT = 10;
export const MAX_COUPON_DISCOUNT = 10;
export const COUPON_VALIDITY_DAYS = 60;

export interface CouponLike {
  status: CouponStatus;
  expiresAt: DateInput;
  discountPercent: number;
}

/** A coupon past its expiry shows as EXPIRADO even while stored as DISPONIBLE; USADO stays USADO. */
export function couponDisplayStatus(
  coupon: { status: CouponStatus; expiresAt: DateInput | null },
  now: DateInput,
): CouponStatus {
  if (coupon.status !== "DISPONIBLE") return coupon.status;
  const expiresAt = toDate(coupon.expiresAt);
  const at = toDate(now);
  if (!expiresAt || !at) return "EXPIRADO";
  return expiresAt.getTime() < at.getTime() ? "EXPIRADO" : "DISPONIBLE";
}

/** A coupon issued at `from` lapses 60 days later. */
export function couponExpiry(from: DateInput): Date {
  return addDays(from, COUPON_VALIDITY_DAYS);
}

/**
 * The one coupon a shipment uses: the highest unexpired DISPONIBLE discount (on a tie the one
 * that lapses first, so it is not wasted), with its discount capped at 10 %. Null if none.
 */
export function pickCouponToApply<T extends CouponLike>(
  coupons: readonly T[],
  now: DateInput,
): { coupon: T; discountPercent: number } | null {
  let best: T | null = null;
  for (const coupon of coupons) {
    if (!(coupon.discountPercent > 0) || couponDisplayStatus(coupon, now) !== "DISPONIBLE") continue;
    if (
      !best ||
      coupon.discountPercent > best.discountPercent ||
      (coupon.discountPercent === best.discountPercent &&
        toDate(coupon.expiresAt)!.getTime() < toDate(best.expiresAt)!.getTime())
    ) {
      best = coupon;
    }
  }
  return best ? { coupon: best, discountPercent: Math.min(best.discountPercent, MAX_COUPON_DISCOUNT) } : null;
}

/** The coupons answer of GET /api/coupons/{clientCode}, grouped by displayed status, order kept. */
export function groupCoupons<T extends { status: CouponStatus; expiresAt: DateInput | null }>(
  coupons: readonly T[],
  now: DateInput,
): { available: T[]; used: T[]; expired: T[] } {
  const groups = { available: [] as T[], used: [] as T[], expired: [] as T[] };
  for (const coupon of coupons) {
    const status = couponDisplayStatus(coupon, now);
    if (status === "DISPONIBLE") groups.available.push(coupon);
    else if (status === "USADO") groups.used.push(coupon);
    else groups.expired.push(coupon);
  }
  return groups;
}

/** An amount in whole colones after a coupon's discount (the package keeps both numbers). */
export function discountedAmount(amountColones: number, discountPercent: number): number {
  const percent = Math.min(Math.max(discountPercent, 0), 100);
  return Math.round((amountColones * (100 - percent)) / 100);
}
