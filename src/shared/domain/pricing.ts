// Shipping prices: the public calculator (public-site §9) and the amount the staff panel
// computes for a tracking (staff-side §4, §5, §9). Air is charged per gram by weight tier,
// sea per started cubic foot; weight is ignored by sea and both sea routes cost the same.
// Optionally (docs/decisions/159, off by default) air is charged on the greater of the actual and
// the volumetric weight: the one rule below (chargedWeight) serves the calculator and the server.

import type { ShippingType } from "./statuses";

/** Air tiers, lightest first: a weight below `belowGrams` pays `usdPerGram`. */
export const AIR_RATE_TIERS = [
  { belowGrams: 2000, usdPerGram: 0.016 },
  { belowGrams: 5000, usdPerGram: 0.015 },
  { belowGrams: Number.POSITIVE_INFINITY, usdPerGram: 0.014 },
] as const;

export const SEA_USD_PER_CUBIC_FOOT = 35;
/** Cubic centimetres in one cubic foot (30.48³, as the spec rounds it). */
export const CUBIC_CM_PER_CUBIC_FOOT = 28316.85;

/** The calculator's modes, named as the product assistant names them (mejor_opcion_envio). */
export const SHIPPING_MODES = ["aereo", "maritimo", "maritimo-china"] as const;
export type ShippingMode = (typeof SHIPPING_MODES)[number];

export interface ShippingModeInfo {
  label: string;
  /** Listed by the spec but deliberately not part of any price. */
  multiplier: number;
  deliveryTime: string;
  /** Which measurement prices this mode. */
  pricedBy: "weight" | "volume";
}

export const SHIPPING_MODE_INFO: Record<ShippingMode, ShippingModeInfo> = {
  aereo: { label: "Aéreo (Miami)", multiplier: 1, deliveryTime: "3 a 6 días hábiles", pricedBy: "weight" },
  maritimo: { label: "Marítimo (Miami)", multiplier: 0.7, deliveryTime: "15 a 22 días", pricedBy: "volume" },
  "maritimo-china": {
    label: "Marítimo (China)",
    multiplier: 0.5,
    deliveryTime: "aproximadamente 70 días",
    pricedBy: "volume",
  },
};

function isPositive(n: number): boolean {
  return Number.isFinite(n) && n > 0;
}

// Products such as 1500 × 0.016 carry binary noise (24.000000000000004); trimming the scaled value to 15
// significant digits first keeps halves like 1.005 rounding the way a person expects.
function clean(n: number): number {
  return Number(n.toPrecision(15));
}

/** USD to cents precision. */
export function roundUsd(n: number): number {
  return Math.round(clean(n * 100)) / 100 || 0;
}

/** Colones are always whole. */
export function roundColones(n: number): number {
  return Math.round(clean(n)) || 0;
}

/** USD per gram for this weight; 0 for no weight. */
export function airRatePerGram(grams: number): number {
  if (!isPositive(grams)) return 0;
  return AIR_RATE_TIERS.find((tier) => grams < tier.belowGrams)!.usdPerGram;
}

export function airCostUsd(grams: number): number {
  if (!isPositive(grams)) return 0;
  return roundUsd(grams * airRatePerGram(grams));
}

/** Whole cubic feet, rounded up: a started foot is charged. Missing or bad sizes give 0. */
export function cubicFeetFromCm(lengthCm: number, widthCm: number, heightCm: number): number {
  if (![lengthCm, widthCm, heightCm].every(isPositive)) return 0;
  // 12 significant digits so an exact foot computed in floating point is not charged as two.
  return Math.ceil(Number(((lengthCm * widthCm * heightCm) / CUBIC_CM_PER_CUBIC_FOOT).toPrecision(12)));
}

export function seaCostUsd(lengthCm: number, widthCm: number, heightCm: number): number {
  return roundUsd(cubicFeetFromCm(lengthCm, widthCm, heightCm) * SEA_USD_PER_CUBIC_FOOT);
}

export function usdToCrc(usd: number, rate: number): number {
  if (!Number.isFinite(usd) || !Number.isFinite(rate)) return 0;
  return roundColones(usd * rate);
}

/**
 * Dimensional (volumetric) weight for air (docs/decisions/159): off (null) by default, so the spec's
 * per-gram rule stands; when on, L × W × H (cm) / divisor = kilograms, and air is charged on the
 * greater of that and the actual weight.
 */
export interface VolumetricRule {
  /** Cubic centimetres per kilogram: 5000 is the express couriers' convention, 6000 IATA's (≈ 166 in³/lb). */
  divisorCm3PerKg: number;
}

/** Smallest and largest divisor a business may configure (cm³/kg). */
export const VOLUMETRIC_DIVISOR_MIN = 1000;
export const VOLUMETRIC_DIVISOR_MAX = 10000;

/** The rule from the divisor the page's brand carries (0: off). */
export function volumetricRuleFrom(divisorCm3PerKg: number): VolumetricRule | null {
  return isPositive(divisorCm3PerKg) ? { divisorCm3PerKg } : null;
}

/** Volumetric weight in whole grams (a started gram counts); 0 without three usable sizes or rule. */
export function volumetricGrams(lengthCm: number, widthCm: number, heightCm: number, rule: VolumetricRule | null): number {
  if (!rule || !isPositive(rule.divisorCm3PerKg) || ![lengthCm, widthCm, heightCm].every(isPositive)) return 0;
  return Math.ceil(clean((lengthCm * widthCm * heightCm * 1000) / rule.divisorCm3PerKg));
}

export interface ChargedWeight {
  /** The grams air is charged on. */
  grams: number;
  /** True when that is the volumetric weight (greater than the actual one). */
  volumetric: boolean;
}

/** What air charges: the actual grams, or the volumetric ones when the rule is on and they are greater. */
export function chargedWeight(
  grams: number,
  sizes: { lengthCm?: number | null; widthCm?: number | null; heightCm?: number | null },
  rule: VolumetricRule | null,
): ChargedWeight {
  const actual = isPositive(grams) ? grams : 0;
  const byVolume = volumetricGrams(sizes.lengthCm ?? 0, sizes.widthCm ?? 0, sizes.heightCm ?? 0, rule);
  return byVolume > actual ? { grams: byVolume, volumetric: true } : { grams: actual, volumetric: false };
}

export interface ShipmentInput {
  grams?: number;
  lengthCm?: number;
  widthCm?: number;
  heightCm?: number;
}

export interface ShipmentQuote {
  mode: ShippingMode;
  /** Only for sea modes. */
  cubicFeet: number | null;
  /** Only for air: the weight charged (the volumetric one when the rule is on and it is greater). */
  charged: ChargedWeight | null;
  usd: number;
  crc: number;
  deliveryTime: string;
}

/**
 * The calculator's whole answer for one mode: air uses the weight (or the volumetric weight from the
 * three sizes when that rule is on and it is greater), sea the three sizes.
 */
export function quoteShipment(mode: ShippingMode, input: ShipmentInput, rate: number, volumetric: VolumetricRule | null = null): ShipmentQuote {
  const info = SHIPPING_MODE_INFO[mode];
  let usd: number;
  let cubicFeet: number | null = null;
  let charged: ChargedWeight | null = null;
  if (info.pricedBy === "weight") {
    charged = chargedWeight(input.grams ?? 0, input, volumetric);
    usd = airCostUsd(charged.grams);
  } else {
    cubicFeet = cubicFeetFromCm(input.lengthCm ?? 0, input.widthCm ?? 0, input.heightCm ?? 0);
    usd = roundUsd(cubicFeet * SEA_USD_PER_CUBIC_FOOT);
  }
  return { mode, cubicFeet, charged, usd, crc: usdToCrc(usd, rate), deliveryTime: info.deliveryTime };
}

/**
 * A positive number as staff type it: "1500", "2,5" or "2.5". Zero, negatives, blanks and
 * anything that is not plainly one number (including "1.234,5") give null.
 */
export function parseDecimalInput(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const raw = String(text).trim().replace(",", ".");
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(raw)) return null;
  const value = Number(raw);
  return isPositive(value) ? value : null;
}

export interface MontoInput {
  formaEnvio: ShippingType;
  /** Grams for AVION, cubic feet for BARCO, as typed (stored as text). */
  pesoPieCubicos: string | number | null | undefined;
  /** Colones per dollar. */
  rate: number;
  /** The sizes measured on arrival (cm), for the volumetric rule. */
  sizes?: { lengthCm?: number | null; widthCm?: number | null; heightCm?: number | null };
  /** The volumetric rule when the business switched it on (docs/decisions/159); absent or null: off. */
  volumetric?: VolumetricRule | null;
}

export interface PricedTracking {
  montoColones: number | null;
  /** The volumetric grams the amount was charged on; null when charged on the measure itself. */
  pesoVolumetricoGramos: number | null;
}

/**
 * The stored amount and what it was charged on (staff-side §9; docs/decisions/114, 159). AVION:
 * the charged grams (chargedWeight: the measure, or the volumetric weight when that rule is on and
 * greater) × the tier's USD per gram × rate. BARCO: cubic feet rounded up × 35 × rate.
 */
export function priceTracking({ formaEnvio, pesoPieCubicos, rate, sizes = {}, volumetric = null }: MontoInput): PricedTracking {
  const value = parseDecimalInput(pesoPieCubicos);
  if (value === null || !isPositive(rate)) return { montoColones: null, pesoVolumetricoGramos: null };
  if (formaEnvio === "AVION") {
    const charged = chargedWeight(value, sizes, volumetric);
    return {
      montoColones: roundColones(charged.grams * airRatePerGram(charged.grams) * rate),
      pesoVolumetricoGramos: charged.volumetric ? charged.grams : null,
    };
  }
  if (formaEnvio === "BARCO") return { montoColones: roundColones(Math.ceil(value) * SEA_USD_PER_CUBIC_FOOT * rate), pesoVolumetricoGramos: null };
  return { montoColones: null, pesoVolumetricoGramos: null };
}

/**
 * The read-only amount of a tracking in whole colones (staff-side §9). AVION: grams × the
 * tier's USD per gram × rate. BARCO: cubic feet rounded up × 35 × rate. Null when there is no
 * usable measurement or rate, so the panel shows no amount.
 */
export function computeMontoColones(input: MontoInput): number | null {
  return priceTracking(input).montoColones;
}
