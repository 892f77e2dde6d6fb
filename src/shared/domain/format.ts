// es-CR display formatting shared by the public site, the staff panels and the PDFs: colones,
// dollars and quantities in one number style (docs/decisions/219: "₡17 162 460", "$33 390,00",
// "1,4 pies³"), dates in Costa Rica time, and the admin cost input's digit grouping.
//
// Node's ICU (and current browsers) group es-CR thousands with U+00A0 NO-BREAK SPACE, not an
// ASCII space, and the time's "a. m." uses spaces from the same family; tests therefore
// compare against the exact characters Intl produces rather than hand-typed spaces.

import { COSTA_RICA_TIME_ZONE, toDate, type DateInput } from "./dates";
import { roundColones, roundUsd } from "./pricing";

export const LOCALE = "es-CR";
/** The colón sign, used for every cost and amount. */
export const COLON_SIGN = "₡";
/** Shown where a value is missing or unreadable. */
export const EMPTY_VALUE = "—";

const wholeNumber = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const threeDecimals = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
/** Quantities by the most decimals they show: [0] whole, [1] one, [2] two, [3] three. */
const upToDecimals = [0, 1, 2, 3].map((digits) => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: digits }));
const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: COSTA_RICA_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: COSTA_RICA_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

// The sign goes before the currency symbol ("-₡1 234"), as es-CR writes it.
function signed(n: number, body: (abs: number) => string): string {
  return (n < 0 ? "-" : "") + body(Math.abs(n));
}

/** "₡12 336": whole colones, es-CR grouping. */
export function formatColones(n: number | null | undefined): string {
  if (typeof n !== "number" || !Number.isFinite(n)) return EMPTY_VALUE;
  const whole = roundColones(n);
  return signed(whole, (abs) => COLON_SIGN + wholeNumber.format(abs));
}

/** "500 000": a whole number with es-CR digit groups (grams, centimetres, limits in texts). */
export function formatWholeNumber(n: number): string {
  return wholeNumber.format(n);
}

/**
 * "1,4", "2 000", "0,75": a quantity (grams, kilograms, cubic feet, centimetres, percent) in
 * the es-CR style of the money beside it, with at most `maxDecimals` decimals (0 to 3).
 */
export function formatQuantity(n: number, maxDecimals: 0 | 1 | 2 | 3 = 2): string {
  return upToDecimals[maxDecimals]!.format(n);
}

/**
 * A quantity stored as text (a package's "1.4" cubic feet or "1500" grams) in the same style;
 * text that is not a plain number is shown as it is.
 */
export function formatQuantityText(text: string, maxDecimals: 0 | 1 | 2 | 3 = 2): string {
  const trimmed = text.trim();
  if (!/^-?\d+(?:[.,]\d+)?$/.test(trimmed)) return trimmed;
  return formatQuantity(Number(trimmed.replace(",", ".")), maxDecimals);
}

/** "$0,016": a rate in dollars per gram, to the tenth of a cent. */
export function formatUsdRate(usd: number): string {
  return signed(usd, (abs) => "$" + threeDecimals.format(abs));
}

/** "$24,00", "$33 390,00": dollars to the cent, in the same es-CR number style as the colones beside them. */
export function formatUsd(n: number | null | undefined): string {
  if (typeof n !== "number" || !Number.isFinite(n)) return EMPTY_VALUE;
  // Rounded like the prices themselves, so the shown cents match the charged ones.
  const cents = roundUsd(n);
  return signed(cents, (abs) => "$" + twoDecimals.format(abs));
}

/** "05/03/2024" in Costa Rica time. */
export function formatDate(value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : EMPTY_VALUE;
}

/** "05/03/2024, 09:04 a. m." in Costa Rica time. */
export function formatDateTime(value: DateInput | null | undefined): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : EMPTY_VALUE;
}

/** Only the digits of what was typed: the admin cost field keeps nothing else. */
export function digitsOnly(text: string | null | undefined): string {
  return (text ?? "").replace(/\D/g, "");
}

/** "1234567" → "1 234 567" for the cost input; other characters are dropped, blank stays blank. */
export function formatThousands(text: string | number | null | undefined): string {
  const digits = digitsOnly(text === null || text === undefined ? "" : String(text)).replace(/^0+(?=\d)/, "");
  if (digits === "") return "";
  // Grouped by hand: a long string of digits may exceed what a Number holds exactly.
  const separator = wholeNumber.format(1000).charAt(1);
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}
