// The charge rule over the spec's numbers (public-site §9 prices, staff-side §9 amount, the
// referral programme's coupons) and its properties: never negative, the sum of its lines.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { balanceOf, chargeLines, chargeTotal, couponDiscountColones, EXTRA_CHARGE_KINDS } from "./charges";
import { computeMontoColones } from "./pricing";
import { MAX_COUPON_DISCOUNT, REFERRAL_WELCOME_DISCOUNT, REFERRER_REWARD_DISCOUNT } from "./coupons";

const RATE = 505.5;

describe("the charge rule on the spec's numbers", () => {
  it("air 1 500 g at ₡505.50: the freight is the stored amount, ₡12 132, and is the total without a coupon", () => {
    const monto = computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "1500", rate: RATE });
    expect(monto).toBe(12132);
    expect(chargeTotal({ montoColones: monto, discountPercent: null, extras: [] })).toBe(12132);
  });

  it("the welcome coupon takes 5 % of the freight: ₡12 132 − ₡607 = ₡11 525", () => {
    expect(couponDiscountColones(12132, REFERRAL_WELCOME_DISCOUNT)).toBe(607);
    expect(chargeTotal({ montoColones: 12132, discountPercent: REFERRAL_WELCOME_DISCOUNT, extras: [] })).toBe(11525);
  });

  it("the referrer's 10 % coupon (the cap) on sea 3 ft³ (35 USD each): ₡53 078 − ₡5 308", () => {
    const monto = computeMontoColones({ formaEnvio: "BARCO", pesoPieCubicos: "2.2", rate: RATE });
    expect(monto).toBe(53078);
    expect(REFERRER_REWARD_DISCOUNT).toBe(MAX_COUPON_DISCOUNT);
    expect(chargeTotal({ montoColones: monto, discountPercent: REFERRER_REWARD_DISCOUNT, extras: [] })).toBe(53078 - 5308);
  });

  it("the discount applies to the freight only; extra lines are added whole", () => {
    expect(chargeTotal({ montoColones: 10000, discountPercent: 10, extras: [2500, 1500] })).toBe(9000 + 4000);
  });

  it("a package with no amount and no extra lines has no charge; extra lines alone make one", () => {
    expect(chargeTotal({ montoColones: null, discountPercent: 10, extras: [] })).toBeNull();
    expect(chargeTotal({ montoColones: null, discountPercent: 10, extras: [3000] })).toBe(3000);
  });

  it("a half colón of discount rounds up, as every colón amount (₡10 005 × 5 % = ₡500.25 → ₡500; ₡10 010 → ₡501)", () => {
    expect(couponDiscountColones(10005, 5)).toBe(500);
    expect(couponDiscountColones(10010, 5)).toBe(501);
  });

  it("the lines show the freight, the discount as negative and each extra line", () => {
    const lines = chargeLines({
      montoColones: 12132,
      discountPercent: 5,
      descuentoColones: 607,
      extras: [{ kind: "IMPUESTOS", description: "IVA aduana", amountColones: 4000 }],
    });
    expect(lines.map((l) => [l.kind, l.amountColones])).toEqual([
      ["FLETE", 12132],
      ["DESCUENTO", -607],
      ["IMPUESTOS", 4000],
    ]);
  });

  it("the balance is the total less what was paid; negative when overpaid", () => {
    expect(balanceOf(11525, 5000)).toBe(6525);
    expect(balanceOf(null, 0)).toBe(0);
    expect(balanceOf(1000, 1500)).toBe(-500);
  });
});

const chargeArb = fc.record({
  montoColones: fc.option(fc.integer({ min: 0, max: 5_000_000 }), { nil: null }),
  discountPercent: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  extras: fc.array(
    fc.record({ kind: fc.constantFrom(...EXTRA_CHARGE_KINDS), description: fc.string({ maxLength: 20 }), amountColones: fc.integer({ min: 1, max: 1_000_000 }) }),
    { maxLength: 5 },
  ),
});

describe("properties of a package's total", () => {
  it("is never negative and equals the sum of its lines", () => {
    fc.assert(
      fc.property(chargeArb, (c) => {
        const total = chargeTotal({ ...c, extras: c.extras.map((e) => e.amountColones) });
        const lines = chargeLines({ ...c, descuentoColones: couponDiscountColones(c.montoColones, c.discountPercent) });
        const sum = lines.reduce((s, l) => s + l.amountColones, 0);
        if (total === null) return lines.length === 0;
        return total >= 0 && total === sum && Number.isInteger(total);
      }),
      { numRuns: 2000 },
    );
  });
});
