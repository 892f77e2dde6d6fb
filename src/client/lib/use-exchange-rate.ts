// The USD→CRC rate in the browser (public-site §7–9; the admin panel reuses it): fetched on
// load (just after the page's first paint, which shows 514 meanwhile) and again every 30
// minutes, the spec's one polled query. A failed call keeps the last rate received, or 514
// when none came yet.

import { useQuery } from "@tanstack/react-query";
import type { TExchangeRateResponse } from "../../shared/api/exchange-rate";
import { DEFAULT_EXCHANGE_RATE, EXCHANGE_RATE_PATH, EXCHANGE_RATE_REFRESH_MS } from "../../shared/domain/exchange-rate";
import { apiRequest } from "./api";
import { useAfterPaint } from "./use-after-paint";

export const EXCHANGE_RATE_QUERY_KEY = [EXCHANGE_RATE_PATH] as const;

export async function fetchExchangeRate(): Promise<TExchangeRateResponse> {
  // The contract (and with it zod) is fetched alongside the answer, not with the calculator: the
  // amounts show with 514 until the rate arrives anyway. The address is its path, kept without zod.
  const [res, { EXCHANGE_RATE_ROUTE }] = await Promise.all([apiRequest("GET", EXCHANGE_RATE_PATH), import("../../shared/api/exchange-rate")]);
  return EXCHANGE_RATE_ROUTE.responses[200].parse(await res.json());
}

export interface ExchangeRateState {
  /** Colones per dollar to compute with now. */
  rate: number;
  /** ISO time the server fetched it; null for the built-in default. */
  lastUpdated: string | null;
  /** True until the first answer (or failure): amounts shown meanwhile use 514. */
  isLoading: boolean;
  /** True when the rate shown is the built-in 514 rather than a fetched one. */
  isDefault: boolean;
}

export function useExchangeRate(): ExchangeRateState {
  const painted = useAfterPaint();
  const { data, isPending } = useQuery({
    queryKey: EXCHANGE_RATE_QUERY_KEY,
    queryFn: fetchExchangeRate,
    refetchInterval: EXCHANGE_RATE_REFRESH_MS,
    enabled: painted,
  });
  // After a failed refetch TanStack keeps the previous data, which is the "last good rate".
  return {
    rate: data?.rate ?? DEFAULT_EXCHANGE_RATE,
    lastUpdated: data?.lastUpdated ?? null,
    isLoading: isPending,
    isDefault: !data || data.lastUpdated === null,
  };
}
