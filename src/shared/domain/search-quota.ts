// The monthly AI-search quota of the parts assistant as pure rules (public-site §7, §8;
// staff-side §5): whether a client may still search, how many searches are left, and when the
// monthly counter restarts.

import { costaRicaMonthKey, toDate, type DateInput } from "./dates";

/** Searches a month when staff set no limit of their own. */
export const DEFAULT_SEARCH_LIMIT = 10;

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
