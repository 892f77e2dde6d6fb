// Shipping prices: the public calculator (public-site §9) and the amount the staff panel
// computes for a tracking (staff-side §4, §5, §9). Air is charged per gram by weight tier,
// sea per started cubic foot; weight is ignored by sea and both sea routes cost the same.

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
  usd: number;
  crc: number;
  deliveryTime: string;
}

/** The calculator's whole answer for one mode: air uses the weight, sea the three sizes. */
export function quoteShipment(mode: ShippingMode, input: ShipmentInput, rate: number): ShipmentQuote {
  const info = SHIPPING_MODE_INFO[mode];
  let usd: number;
  let cubicFeet: number | null = null;
  if (info.pricedBy === "weight") {
    usd = airCostUsd(input.grams ?? 0);
  } else {
    cubicFeet = cubicFeetFromCm(input.lengthCm ?? 0, input.widthCm ?? 0, input.heightCm ?? 0);
    usd = roundUsd(cubicFeet * SEA_USD_PER_CUBIC_FOOT);
  }
  return { mode, cubicFeet, usd, crc: usdToCrc(usd, rate), deliveryTime: info.deliveryTime };
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
}

/**
 * The read-only amount of a tracking in whole colones (staff-side §9). AVION: grams × the
 * tier's USD per gram × rate. BARCO: cubic feet rounded up × 35 × rate. Null when there is no
 * usable measurement or rate, so the panel shows no amount.
 */
export function computeMontoColones({ formaEnvio, pesoPieCubicos, rate }: MontoInput): number | null {
  const value = parseDecimalInput(pesoPieCubicos);
  if (value === null || !isPositive(rate)) return null;
  if (formaEnvio === "AVION") return roundColones(value * airRatePerGram(value) * rate);
  if (formaEnvio === "BARCO") return roundColones(Math.ceil(value) * SEA_USD_PER_CUBIC_FOOT * rate);
  return null;
}
