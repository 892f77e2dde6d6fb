// Interface timings and keys from the specs' constants (public-site §9, staff-side §4, §9),
// kept beside the domain rules so the toast provider, the query client and the pages read
// one source.

/** At most one toast on screen. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** A dismissed toast leaves the store this long after it closed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_SWIPE_DIRECTION = "right" as const;
/** Keyboard shortcut that focuses the notification area. */
export const TOAST_HOTKEY = ["F8"] as const;

/** Unused query data is discarded after 5 minutes. */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
/**
 * The data-loading defaults: no retries, never stale, no refetch on focus, no polling. Plain
 * values so this file needs no TanStack import; the client passes them to its QueryClient.
 */
export const QUERY_DEFAULTS = {
  retry: false,
  staleTime: Number.POSITIVE_INFINITY,
  refetchOnWindowFocus: false,
  refetchInterval: false,
  gcTime: QUERY_GC_TIME_MS,
} as const;

/** The back-off retries would use (1 s doubling to at most 30 s), were they switched on. */
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 30_000;
export function retryDelayMs(attemptIndex: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** Math.max(0, attemptIndex), RETRY_MAX_DELAY_MS);
}

/** A newly pre-alerted package stays highlighted this long. */
export const NEW_PACKAGE_HIGHLIGHT_MS = 5000;
/** The parts page re-reads the verified client code this often. */
export const VERIFIED_CODE_POLL_MS = 500;
/** After a tracking edit the admin list is refetched this much later. */
export const TRACKING_REFETCH_DELAY_MS = 1000;
