import { describe, expect, it } from "vitest";
import {
  couponDisplayStatus,
  couponExpiry,
  discountedAmount,
  effectiveSearchLimit,
  groupCoupons,
  isSearchQuotaActive,
  needsMonthlyReset,
  parseCountInput,
  pickCouponToApply,
  SEARCH_ACCESS,
  searchesRemaining,
  searchQuotaLabel,
  trackingNeedsUpdate,
  type CouponLike,
} from "./coupons";

const NOW = new Date("2024-06-15T18:00:00Z"); // 12:00 in Costa Rica

function coupon(id: string, discountPercent: number, expiresAt: string, status: CouponLike["status"] = "DISPONIBLE") {
  return { id, discountPercent, expiresAt, status };
}

describe("couponDisplayStatus", () => {
  it("shows a past-expiry DISPONIBLE coupon as EXPIRADO", () => {
    expect(couponDisplayStatus({ status: "DISPONIBLE", expiresAt: "2024-06-15T17:59:59Z" }, NOW)).toBe("EXPIRADO");
    expect(couponDisplayStatus({ status: "DISPONIBLE", expiresAt: "2024-06-15T18:00:00Z" }, NOW)).toBe("DISPONIBLE");
    expect(couponDisplayStatus({ status: "DISPONIBLE", expiresAt: new Date("2024-08-01") }, NOW)).toBe("DISPONIBLE");
  });

  it("keeps USADO and EXPIRADO as stored", () => {
    expect(couponDisplayStatus({ status: "USADO", expiresAt: "2020-01-01" }, NOW)).toBe("USADO");
    expect(couponDisplayStatus({ status: "EXPIRADO", expiresAt: "2030-01-01" }, NOW)).toBe("EXPIRADO");
  });

  it("treats a missing expiry on an available coupon as expired rather than eternal", () => {
    expect(couponDisplayStatus({ status: "DISPONIBLE", expiresAt: null }, NOW)).toBe("EXPIRADO");
  });
});

it("couponExpiry is 60 days after issue", () => {
  expect(couponExpiry("2024-06-15T18:00:00Z").toISOString()).toBe("2024-08-14T18:00:00.000Z");
});

describe("pickCouponToApply", () => {
  it("takes the highest unexpired available discount", () => {
    const list = [
      coupon("a", 5, "2024-07-01"),
      coupon("b", 10, "2024-07-01"),
      coupon("c", 15, "2024-06-01"), // expired, though higher
      coupon("d", 20, "2024-07-01", "USADO"),
    ];
    expect(pickCouponToApply(list, NOW)).toEqual({ coupon: list[1], discountPercent: 10 });
  });

  it("caps the discount at 10 %", () => {
    const list = [coupon("a", 25, "2024-07-01")];
    expect(pickCouponToApply(list, NOW)).toEqual({ coupon: list[0], discountPercent: 10 });
  });

  it("on a tie uses the coupon that lapses first", () => {
    const list = [coupon("late", 10, "2024-08-01"), coupon("soon", 10, "2024-07-01")];
    expect(pickCouponToApply(list, NOW)?.coupon.id).toBe("soon");
  });

  it("returns null when nothing applies", () => {
    expect(pickCouponToApply([], NOW)).toBeNull();
    expect(pickCouponToApply([coupon("a", 10, "2024-06-01"), coupon("b", 0, "2024-07-01")], NOW)).toBeNull();
  });
});

it("groupCoupons sorts coupons by displayed status", () => {
  const list = [
    coupon("a", 10, "2024-07-01"),
    coupon("b", 10, "2024-06-01"),
    coupon("c", 5, "2024-05-01", "USADO"),
    coupon("d", 5, "2024-09-01", "EXPIRADO"),
    coupon("e", 5, "2024-09-01"),
  ];
  const groups = groupCoupons(list, NOW);
  expect(groups.available.map((c) => c.id)).toEqual(["a", "e"]);
  expect(groups.used.map((c) => c.id)).toEqual(["c"]);
  expect(groups.expired.map((c) => c.id)).toEqual(["b", "d"]);
});

describe("search quota", () => {
  it("is Activo while the used count is below the limit", () => {
    expect(isSearchQuotaActive({ unlimitedAccess: 0, searchCount: 9, searchLimit: 10 })).toBe(true);
    expect(isSearchQuotaActive({ unlimitedAccess: 0, searchCount: 10, searchLimit: 10 })).toBe(false);
    expect(searchQuotaLabel({ unlimitedAccess: 0, searchCount: 11, searchLimit: 10 })).toBe("Agotado");
    expect(searchQuotaLabel({ unlimitedAccess: 0, searchCount: 0, searchLimit: 3 })).toBe("Activo");
  });

  it("is always Activo with unlimited access (1 or true)", () => {
    expect(SEARCH_ACCESS).toEqual({ LIMITED: 0, UNLIMITED: 1 });
    expect(isSearchQuotaActive({ unlimitedAccess: 1, searchCount: 500, searchLimit: 10 })).toBe(true);
    expect(isSearchQuotaActive({ unlimitedAccess: true, searchCount: 500, searchLimit: 0 })).toBe(true);
    expect(searchesRemaining({ unlimitedAccess: 1, searchCount: 500, searchLimit: 10 })).toBeNull();
  });

  it("uses the default limit of 10 when none is set", () => {
    expect(effectiveSearchLimit(null)).toBe(10);
    expect(effectiveSearchLimit(undefined)).toBe(10);
    expect(effectiveSearchLimit(0)).toBe(0);
    expect(isSearchQuotaActive({ unlimitedAccess: null, searchCount: 9, searchLimit: null })).toBe(true);
    expect(isSearchQuotaActive({ unlimitedAccess: 0, searchCount: 10, searchLimit: undefined })).toBe(false);
  });

  it("counts searches remaining, never below zero", () => {
    expect(searchesRemaining({ unlimitedAccess: 0, searchCount: 3, searchLimit: 10 })).toBe(7);
    expect(searchesRemaining({ unlimitedAccess: 0, searchCount: 12, searchLimit: 10 })).toBe(0);
    expect(searchesRemaining({ unlimitedAccess: 0, searchCount: null, searchLimit: null })).toBe(10);
  });

  it("reads the admin's number inputs: minimum 0, non-numbers become 0", () => {
    expect(parseCountInput("15")).toBe(15);
    expect(parseCountInput("7.9")).toBe(7);
    expect(parseCountInput("-3")).toBe(0);
    expect(parseCountInput("abc")).toBe(0);
    expect(parseCountInput("")).toBe(0);
    expect(parseCountInput(4)).toBe(4);
  });
});

describe("needsMonthlyReset", () => {
  it("resets once a new Costa Rica month has begun", () => {
    expect(needsMonthlyReset("2024-05-31T12:00:00Z", NOW)).toBe(true);
    expect(needsMonthlyReset("2024-06-01T12:00:00Z", NOW)).toBe(false);
    expect(needsMonthlyReset("2023-06-20T12:00:00Z", NOW)).toBe(true);
  });

  it("follows Costa Rica's month boundary, not UTC's", () => {
    // 1 July 03:00 UTC is still 30 June in Costa Rica: same month as the last reset.
    expect(needsMonthlyReset("2024-06-02T00:00:00Z", "2024-07-01T03:00:00Z")).toBe(false);
    expect(needsMonthlyReset("2024-06-02T00:00:00Z", "2024-07-01T06:00:00Z")).toBe(true);
    // A reset at 31 May 23:00 Costa Rica (1 June 05:00 UTC) belongs to May.
    expect(needsMonthlyReset("2024-06-01T05:00:00Z", "2024-06-01T07:00:00Z")).toBe(true);
  });

  it("resets a client that was never reset", () => {
    expect(needsMonthlyReset(null, NOW)).toBe(true);
    expect(needsMonthlyReset(undefined, NOW)).toBe(true);
  });
});

describe("trackingNeedsUpdate", () => {
  it("needs an update when last changed on an earlier Costa Rica day", () => {
    expect(trackingNeedsUpdate("2024-06-14T20:00:00Z", NOW)).toBe(true);
    expect(trackingNeedsUpdate("2024-06-15T07:00:00Z", NOW)).toBe(false);
    // 05:00 UTC on the 15th is 23:00 on the 14th in Costa Rica.
    expect(trackingNeedsUpdate("2024-06-15T05:00:00Z", NOW)).toBe(true);
  });

  it("counts a tracking with no update date as needing one", () => {
    expect(trackingNeedsUpdate(null, NOW)).toBe(true);
  });
});

describe("needsMonthlyReset with a SQL date", () => {
  it("reads a date-only value as a Costa Rica calendar day", () => {
    expect(needsMonthlyReset("2026-11-01", new Date("2026-11-15T12:00:00-06:00"))).toBe(false);
    expect(needsMonthlyReset("2026-11-01", new Date("2026-11-01T00:30:00-06:00"))).toBe(false);
    expect(needsMonthlyReset("2026-10-01", new Date("2026-11-01T00:30:00-06:00"))).toBe(true);
  });
});

describe("discountedAmount", () => {
  it("takes the percentage off and rounds to whole colones", () => {
    expect(discountedAmount(10_000, 5)).toBe(9_500);
    expect(discountedAmount(16_440, 10)).toBe(14_796);
    expect(discountedAmount(12_345, 5)).toBe(11_728);
    expect(discountedAmount(1_000, 0)).toBe(1_000);
    expect(discountedAmount(1_000, 150)).toBe(0);
  });
});
