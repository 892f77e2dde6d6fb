// When a package is due for its daily update (staff-side §4, 'Necesitan actualización').

import { costaRicaDayKey, toDate, type DateInput } from "./dates";

/** 'Necesitan actualización': the last update fell on an earlier Costa Rica day than today. */
export function trackingNeedsUpdate(lastUpdate: DateInput | null | undefined, now: DateInput): boolean {
  const last = toDate(lastUpdate);
  if (!last) return true;
  return costaRicaDayKey(last) < costaRicaDayKey(now);
}
