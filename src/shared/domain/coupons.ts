// Referral coupons and the monthly AI-search quota as pure rules (public-site §4, §9;
// staff-side §4, §9): what a coupon shows, which one a shipment gets, whether a client may
// still search, and when counters and trackings are due for their daily or monthly turn.

import { addDays, costaRicaDayKey, costaRicaMonthKey, toDate, type DateInput } from "./dates";
import {
  COUPON_VALIDITY_DAYS,
  DEFAULT_SEARCH_LIMIT,
  MAX_COUPON_DISCOUNT,
  type CouponStatus,
} from "./statuses";

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

/** The stored unlimited flag: 0 limited by the monthly quota, 1 unlimited. */
export const SEARCH_ACCESS = { LIMITED: 0, UNLIMITED: 1 } as const;

export interface SearchQuota {
  unlimitedAccess: number | boolean | null | undefined;
  searchCount: number | null | undefined;
  /** Unset means the default of 10. */
  searchLimit: number | null | undefined;
}

function isUnlimited(quota: SearchQuota): boolean {
  return quota.unlimitedAccess === true || quota.unlimitedAccess === SEARCH_ACCESS.UNLIMITED;
}

export function effectiveSearchLimit(searchLimit: number | null | undefined): number {
  return typeof searchLimit === "number" && Number.isFinite(searchLimit) && searchLimit >= 0
    ? searchLimit
    : DEFAULT_SEARCH_LIMIT;
}

/** Activo when unlimited or the used count is below the limit; otherwise Agotado. */
export function isSearchQuotaActive(quota: SearchQuota): boolean {
  return isUnlimited(quota) || (quota.searchCount ?? 0) < effectiveSearchLimit(quota.searchLimit);
}

export function searchQuotaLabel(quota: SearchQuota): "Activo" | "Agotado" {
  return isSearchQuotaActive(quota) ? "Activo" : "Agotado";
}

/** Searches left this month; null means unlimited (JSON cannot carry Infinity). */
export function searchesRemaining(quota: SearchQuota): number | null {
  if (isUnlimited(quota)) return null;
  return Math.max(0, effectiveSearchLimit(quota.searchLimit) - (quota.searchCount ?? 0));
}

/** The admin's number inputs for limits and counts: minimum 0, whole, non-numbers become 0. */
export function parseCountInput(text: string | number | null | undefined): number {
  const value = typeof text === "number" ? text : Number(String(text ?? "").trim());
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** The counter restarts when a new calendar month has begun in Costa Rica since the last reset. */
export function needsMonthlyReset(lastResetDate: DateInput | null | undefined, now: DateInput): boolean {
  if (!toDate(lastResetDate)) return true;
  return costaRicaMonthKey(lastResetDate as DateInput) < costaRicaMonthKey(now);
}

/** 'Necesitan actualización': the last update fell on an earlier Costa Rica day than today. */
export function trackingNeedsUpdate(lastUpdate: DateInput | null | undefined, now: DateInput): boolean {
  const last = toDate(lastUpdate);
  if (!last) return true;
  return costaRicaDayKey(last) < costaRicaDayKey(now);
}

/** An amount in whole colones after a coupon's discount (the package keeps both numbers). */
export function discountedAmount(amountColones: number, discountPercent: number): number {
  const percent = Math.min(Math.max(discountPercent, 0), 100);
  return Math.round((amountColones * (100 - percent)) / 100);
}
