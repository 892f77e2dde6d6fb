import { describe, expect, it } from "vitest";
import {
  AIR_RATE_TIERS,
  airCostUsd,
  airRatePerGram,
  chargedWeight,
  computeMontoColones,
  cubicFeetFromCm,
  CUBIC_CM_PER_CUBIC_FOOT,
  parseDecimalInput,
  priceTracking,
  quoteShipment,
  roundUsd,
  SEA_USD_PER_CUBIC_FOOT,
  seaCostUsd,
  SHIPPING_MODE_INFO,
  SHIPPING_MODES,
  usdToCrc,
  volumetricGrams,
  volumetricRuleFrom,
} from "./pricing";

describe("air pricing", () => {
  it("charges 1500 g at 0.016 USD/g: 24.00 USD", () => {
    expect(airCostUsd(1500)).toBe(24);
  });

  it("switches tier exactly at 2000 g and 5000 g", () => {
    expect(airRatePerGram(1999)).toBe(0.016);
    expect(airRatePerGram(2000)).toBe(0.015);
    expect(airRatePerGram(4999)).toBe(0.015);
    expect(airRatePerGram(5000)).toBe(0.014);
    expect(airCostUsd(1999)).toBe(31.98);
    expect(airCostUsd(2000)).toBe(30);
    expect(airCostUsd(4999)).toBe(74.99); // 74.985 rounds half up
    expect(airCostUsd(5000)).toBe(70);
  });

  it("gives 0 for no, zero, negative or non-numeric weight", () => {
    expect(airCostUsd(0)).toBe(0);
    expect(airCostUsd(-100)).toBe(0);
    expect(airCostUsd(Number.NaN)).toBe(0);
    expect(airRatePerGram(0)).toBe(0);
  });

  it("lists the three tiers lightest first", () => {
    expect(AIR_RATE_TIERS.map((t) => t.usdPerGram)).toEqual([0.016, 0.015, 0.014]);
  });
});

describe("sea pricing", () => {
  it("rounds 50×40×30 cm up to 3 ft³ and charges 105.00 USD", () => {
    expect(cubicFeetFromCm(50, 40, 30)).toBe(3);
    expect(seaCostUsd(50, 40, 30)).toBe(105);
  });

  it("charges a started cubic foot but not a foot that is exactly full", () => {
    expect(CUBIC_CM_PER_CUBIC_FOOT).toBe(28316.85);
    expect(cubicFeetFromCm(10, 10, 283.1685)).toBe(1);
    expect(cubicFeetFromCm(10, 10, 283.17)).toBe(2);
    expect(cubicFeetFromCm(1, 1, 1)).toBe(1);
  });

  it("gives 0 when any size is missing, zero or negative", () => {
    expect(cubicFeetFromCm(0, 40, 30)).toBe(0);
    expect(cubicFeetFromCm(50, -1, 30)).toBe(0);
    expect(cubicFeetFromCm(50, 40, Number.NaN)).toBe(0);
    expect(seaCostUsd(0, 0, 0)).toBe(0);
  });

  it("prices Miami and China sea the same and ignores weight", () => {
    const sizes = { grams: 9000, lengthCm: 50, widthCm: 40, heightCm: 30 };
    const miami = quoteShipment("maritimo", sizes, 514);
    const china = quoteShipment("maritimo-china", { ...sizes, grams: 1 }, 514);
    expect(miami.usd).toBe(105);
    expect(china.usd).toBe(miami.usd);
    expect(china.crc).toBe(53970);
    expect(miami.cubicFeet).toBe(3);
    expect(SEA_USD_PER_CUBIC_FOOT).toBe(35);
  });
});

describe("modes", () => {
  it("documents the unused multipliers and the delivery times", () => {
    expect(SHIPPING_MODES).toEqual(["aereo", "maritimo", "maritimo-china"]);
    expect(SHIPPING_MODE_INFO.aereo).toMatchObject({ multiplier: 1, deliveryTime: "3 a 6 días hábiles" });
    expect(SHIPPING_MODE_INFO.maritimo).toMatchObject({ multiplier: 0.7, deliveryTime: "15 a 22 días" });
    expect(SHIPPING_MODE_INFO["maritimo-china"]).toMatchObject({
      multiplier: 0.5,
      deliveryTime: "aproximadamente 70 días",
    });
  });

  it("does not apply the multipliers to the price", () => {
    const air = quoteShipment("aereo", { grams: 1500 }, 514);
    expect(air).toEqual({ mode: "aereo", cubicFeet: null, charged: { grams: 1500, volumetric: false }, usd: 24, crc: 12336, deliveryTime: "3 a 6 días hábiles" });
  });

  it("quotes 0 for empty input", () => {
    expect(quoteShipment("aereo", {}, 514)).toMatchObject({ usd: 0, crc: 0 });
    expect(quoteShipment("maritimo", {}, 514)).toMatchObject({ usd: 0, crc: 0, cubicFeet: 0 });
  });
});

describe("rounding", () => {
  it("rounds USD to 2 decimals and colones to whole numbers", () => {
    expect(roundUsd(1.005)).toBe(1.01);
    expect(roundUsd(24.000000000000004)).toBe(24);
    expect(usdToCrc(24, 514)).toBe(12336);
    expect(usdToCrc(31.98, 514)).toBe(16438); // 16437.72
    expect(usdToCrc(0.5, 515)).toBe(258); // 257.5 rounds up
    expect(usdToCrc(Number.NaN, 514)).toBe(0);
  });
});

describe("parseDecimalInput", () => {
  it("accepts a comma or a point as the decimal separator", () => {
    expect(parseDecimalInput("2,5")).toBe(2.5);
    expect(parseDecimalInput("2.5")).toBe(2.5);
    expect(parseDecimalInput(" 1500 ")).toBe(1500);
    expect(parseDecimalInput(",5")).toBe(0.5);
    expect(parseDecimalInput(3)).toBe(3);
  });

  it("rejects zero, negatives, blanks and non-numbers", () => {
    for (const bad of ["0", "0,0", "-3", "", "   ", "abc", "12abc", "1.234,5", "1,2,3", "Infinity", null, undefined]) {
      expect(parseDecimalInput(bad), String(bad)).toBeNull();
    }
  });
});

describe("computeMontoColones", () => {
  it("AVION: grams × tier rate × exchange rate, rounded", () => {
    expect(computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "1500", rate: 514 })).toBe(12336);
    expect(computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "1999", rate: 514 })).toBe(16440); // 16439.776: no USD rounding in between
    expect(computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "2000", rate: 514 })).toBe(15420);
    expect(computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "4999", rate: 514 })).toBe(38542);
    expect(computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "5000", rate: 514 })).toBe(35980);
    expect(computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "1500,5", rate: 514 })).toBe(12340);
  });

  it("BARCO: cubic feet rounded up × 35 × exchange rate, rounded", () => {
    expect(computeMontoColones({ formaEnvio: "BARCO", pesoPieCubicos: "2,1", rate: 514 })).toBe(53970);
    expect(computeMontoColones({ formaEnvio: "BARCO", pesoPieCubicos: "3", rate: 514 })).toBe(53970);
    expect(computeMontoColones({ formaEnvio: "BARCO", pesoPieCubicos: "0.2", rate: 515 })).toBe(18025);
  });

  it("gives no amount for zero, empty or unusable input or rate", () => {
    expect(computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "0", rate: 514 })).toBeNull();
    expect(computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "", rate: 514 })).toBeNull();
    expect(computeMontoColones({ formaEnvio: "BARCO", pesoPieCubicos: null, rate: 514 })).toBeNull();
    expect(computeMontoColones({ formaEnvio: "BARCO", pesoPieCubicos: "-2", rate: 514 })).toBeNull();
    expect(computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "1500", rate: 0 })).toBeNull();
    expect(computeMontoColones({ formaEnvio: "AVION", pesoPieCubicos: "1500", rate: Number.NaN })).toBeNull();
  });
});

describe("the volumetric rule for air (docs/decisions/159)", () => {
  const rule = { divisorCm3PerKg: 5000 };
  const bulky = { lengthCm: 40, widthCm: 30, heightCm: 20 }; // 24 000 cm³ / 5000 = 4.8 kg

  it("volumetric grams: L × W × H / divisor kg, a started gram counted; 0 without the rule or three sizes", () => {
    expect(volumetricGrams(40, 30, 20, rule)).toBe(4800);
    expect(volumetricGrams(40, 30, 20, { divisorCm3PerKg: 6000 })).toBe(4000);
    expect(volumetricGrams(10.1, 10, 10, rule)).toBe(202);
    expect(volumetricGrams(40, 30, 20, null)).toBe(0);
    expect(volumetricGrams(40, 0, 20, rule)).toBe(0);
    expect(volumetricRuleFrom(0)).toBeNull();
    expect(volumetricRuleFrom(5000)).toEqual(rule);
  });

  it("off: today's amounts are unchanged, sizes or not", () => {
    expect(priceTracking({ formaEnvio: "AVION", pesoPieCubicos: "1500", rate: 514, sizes: bulky })).toEqual({ montoColones: 12336, pesoVolumetricoGramos: null });
    expect(priceTracking({ formaEnvio: "AVION", pesoPieCubicos: "1500", rate: 514, sizes: bulky, volumetric: null }).montoColones).toBe(12336);
    expect(quoteShipment("aereo", { grams: 1500, ...bulky }, 514)).toMatchObject({ usd: 24, crc: 12336, charged: { grams: 1500, volumetric: false } });
  });

  it("on: the greater of actual and volumetric weight, through the same tiers", () => {
    // 4 800 g × 0.015 = 72.00 USD × 514 = ₡37 008.
    expect(chargedWeight(1500, bulky, rule)).toEqual({ grams: 4800, volumetric: true });
    expect(priceTracking({ formaEnvio: "AVION", pesoPieCubicos: "1500", rate: 514, sizes: bulky, volumetric: rule })).toEqual({ montoColones: 37008, pesoVolumetricoGramos: 4800 });
    expect(quoteShipment("aereo", { grams: 1500, ...bulky }, 514, rule)).toMatchObject({ usd: 72, crc: 37008, charged: { grams: 4800, volumetric: true } });
    // Heavier than its volume: the actual weight (6 000 g × 0.014 = 84.00 USD).
    expect(priceTracking({ formaEnvio: "AVION", pesoPieCubicos: "6000", rate: 514, sizes: bulky, volumetric: rule })).toEqual({ montoColones: 43176, pesoVolumetricoGramos: null });
    // Without sizes nothing changes; sea never uses it.
    expect(priceTracking({ formaEnvio: "AVION", pesoPieCubicos: "1500", rate: 514, volumetric: rule }).montoColones).toBe(12336);
    expect(priceTracking({ formaEnvio: "BARCO", pesoPieCubicos: "3", rate: 514, sizes: bulky, volumetric: rule })).toEqual({ montoColones: 53970, pesoVolumetricoGramos: null });
    expect(quoteShipment("maritimo", { grams: 100, lengthCm: 50, widthCm: 40, heightCm: 30 }, 514, rule)).toMatchObject({ usd: 105, charged: null });
  });
});
