// How /rastreo holds a client with many packages (issue 36 item 4, docs/decisions/218): a status
// filter with the count of each choice, the packages still on their way shown in full ten at a
// time, and the delivered ones folded into a list of short rows, ten to a page.

import { TRACKING_STATUS_LABELS, TRACKING_STATUSES, type TrackingStatus } from "../../../shared/domain/statuses";
import type { TClientTracking } from "../../../shared/api/trackings";

/** Full cards shown at first, and added by each "Ver más"; delivered rows per page. */
export const PACKAGE_PAGE_SIZE = 10;

export const ALL_PACKAGES = "TODOS";
export const OWING_PACKAGES = "POR_PAGAR";
export type PackageFilter = typeof ALL_PACKAGES | typeof OWING_PACKAGES | TrackingStatus;

export const FILTER_LABEL = "Filtrar por estado";
export const DELIVERED_TITLE = "Entregados";

export interface FilterOption {
  value: PackageFilter;
  label: string;
  count: number;
}

const owes = (t: TClientTracking) => (t.cargo?.saldoColones ?? 0) > 0;

/** "Todos (41)", "Por pagar (2)" when something is due, then each status the client has, in the order packages move. */
export function filterOptions(trackings: readonly TClientTracking[]): FilterOption[] {
  const options: FilterOption[] = [{ value: ALL_PACKAGES, label: "Todos", count: trackings.length }];
  const owing = trackings.filter(owes).length;
  if (owing > 0) options.push({ value: OWING_PACKAGES, label: "Por pagar", count: owing });
  for (const status of TRACKING_STATUSES) {
    const count = trackings.filter((t) => t.estado === status).length;
    if (count > 0) options.push({ value: status, label: TRACKING_STATUS_LABELS[status], count });
  }
  return options;
}

export const optionText = (option: FilterOption) => `${option.label} (${option.count})`;

/**
 * The packages a filter shows, in the lookup's order (newest first): `cards` in full, `delivered`
 * as short rows. "Todos" (past one page of packages) folds away the delivered ones that are paid (a delivered package that
 * still owes stays in full: it is something to do); "Entregado" shows every delivered one, as rows;
 * "Por pagar" shows every package with a balance in full, delivered or not.
 */
export function packagesFor(
  trackings: readonly TClientTracking[],
  filter: PackageFilter,
): { cards: TClientTracking[]; delivered: TClientTracking[] } {
  if (filter === OWING_PACKAGES) return { cards: trackings.filter(owes), delivered: [] };
  if (filter === "ENTREGADO") return { cards: [], delivered: trackings.filter((t) => t.estado === "ENTREGADO") };
  if (filter === ALL_PACKAGES) {
    // A client with one page of packages sees them all in full, as before.
    if (trackings.length <= PACKAGE_PAGE_SIZE) return { cards: [...trackings], delivered: [] };
    const folded = (t: TClientTracking) => t.estado === "ENTREGADO" && !owes(t);
    return { cards: trackings.filter((t) => !folded(t)), delivered: trackings.filter(folded) };
  }
  return { cards: trackings.filter((t) => t.estado === filter), delivered: [] };
}
