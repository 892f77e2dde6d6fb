// The USD→CRC rate used for every colón amount (public-site §7–9, staff-side §7, §9): a
// fetched market rate plus a 1.5 % margin, kept inside a narrow band so a bad source can
// never swing prices, and 514 whenever no source answers.

export const DEFAULT_EXCHANGE_RATE = 514;
export const EXCHANGE_RATE_MARGIN = 1.015;
export const MIN_EXCHANGE_RATE = 510;
export const MAX_EXCHANGE_RATE = 520;
/** Where the browser reads the rate (EXCHANGE_RATE_ROUTE's path; here, without zod, for the entry chunk). */
export const EXCHANGE_RATE_PATH = "/api/exchange-rate";
export const EXCHANGE_RATE_REFRESH_MS = 30 * 60 * 1000;
/** Each of the three sources gets this long before the next is tried. */
export const EXCHANGE_RATE_SOURCE_TIMEOUT_MS = 5000;

/** The rate to charge for a fetched market rate; null when the fetched value is unusable. */
export function applyExchangeRateRule(fetched: unknown): number | null {
  if (typeof fetched !== "number" || !Number.isFinite(fetched) || fetched <= 0) return null;
  const withMargin = Math.round(Number((fetched * EXCHANGE_RATE_MARGIN).toPrecision(15)));
  return Math.min(MAX_EXCHANGE_RATE, Math.max(MIN_EXCHANGE_RATE, withMargin));
}

/** The first usable rate: a freshly fetched one, else the last cached one, else 514. */
export function resolveExchangeRate(fetched: unknown, cached?: number | null): number {
  const fresh = applyExchangeRateRule(fetched);
  if (fresh !== null) return fresh;
  if (typeof cached === "number" && Number.isFinite(cached) && cached > 0) return cached;
  return DEFAULT_EXCHANGE_RATE;
}
