import { describe, expect, it } from "vitest";
import {
  couponDisplayStatus,
  couponExpiry,
  discountedAmount,
  groupCoupons,
  pickCouponToApply,
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

describe("discountedAmount", () => {
  it("takes the percentage off and rounds to whole colones", () => {
    expect(discountedAmount(10_000, 5)).toBe(9_500);
    expect(discountedAmount(16_440, 10)).toBe(14_796);
    expect(discountedAmount(12_345, 5)).toBe(11_728);
    expect(discountedAmount(1_000, 0)).toBe(1_000);
    expect(discountedAmount(1_000, 150)).toBe(0);
  });
});
