// Filters that live in the address (issue 18, item 11): a reload, the back button and a link
// sent to a colleague all show the same list. Each section declares its filters with their
// defaults; a value equal to its default is left out of the address, so a clean section has a
// clean URL. Typing in a search box replaces the current history entry (one entry per search,
// not per key); choosing a filter or a page pushes one, so Back undoes it.

import { useCallback, useMemo } from "react";
import { useSearchParams } from "wouter";

export type UrlFilterDefaults = Record<string, string>;

/** Parses the address's values over the defaults; unknown keys are ignored. */
export function readUrlFilters<D extends UrlFilterDefaults>(params: URLSearchParams, defaults: D): D {
  const out: Record<string, string> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const value = params.get(key);
    if (value !== null) out[key] = value;
  }
  return out as D;
}

/** The address's search string for these values: defaults omitted, keys in declaration order. */
export function writeUrlFilters<D extends UrlFilterDefaults>(values: D, defaults: D): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults)) {
    const value = values[key];
    if (value !== undefined && value !== defaults[key]) params.set(key, value);
  }
  return params.toString();
}

export interface UrlFilters<D extends UrlFilterDefaults> {
  values: D;
  /** Sets some values; every change but `page` itself sends the list back to page 1. */
  set(patch: Partial<D>, options?: { replace?: boolean }): void;
  reset(): void;
}

/**
 * The section's filters read from and written to the address. `page` (when declared) goes back
 * to its default whenever another filter changes. `beforeChange`, when given, receives the new
 * values before the address is written: a section asks for the new page there, so the request
 * leaves at once instead of after the whole section has redrawn for the new address (decision 232).
 */
export function useUrlFilters<D extends UrlFilterDefaults>(defaults: D, beforeChange?: (next: D) => void): UrlFilters<D> {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // Declared once per section; the key list does not change between renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const values = useMemo(() => readUrlFilters(new URLSearchParams(search), defaults), [search]);
  const set = useCallback(
    (patch: Partial<D>, options?: { replace?: boolean }) => {
      const next: Record<string, string> = { ...values, ...patch };
      if ("page" in defaults && !("page" in patch)) next.page = defaults.page;
      beforeChange?.(next as D);
      setParams(writeUrlFilters(next as D, defaults), { replace: options?.replace ?? false });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [values, setParams],
  );
  const reset = useCallback(() => setParams("", { replace: false }), [setParams]);
  return { values, set, reset };
}
