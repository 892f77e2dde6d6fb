// The Paquetes section's call: one server page of packages for the filters in the address, kept on
// screen while the next page loads (GET /api/admin/packages, docs/decisions/119).

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queryClient } from "../../../lib/query-client";
import { PACKAGES_KEY } from "../../../lib/admin/admin-queries";
import { getAdminJson, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { routePath } from "../../../../shared/api/contract";
import {
  PACKAGE_DIR_DEFAULT,
  PACKAGE_PAGE_SIZE_DEFAULT,
  PACKAGE_SORT_DEFAULT,
  PACKAGES_LOAD_FAILED,
  ADMIN_PACKAGES_ROUTE,
  type TAdminPackagesQuery,
  type TAdminPackagesResponse,
} from "../../../../shared/api/admin/packages";

export type PackagesParams = Partial<TAdminPackagesQuery>;

/** "todos" is the filter's default: left out of the address like the other defaults. */
const filter = (value: string | undefined) => (value === "todos" ? undefined : value);

/** The call's address; defaults are left out, so equal filters share one cache entry. */
export function packagesUrl(p: PackagesParams): string {
  return routePath(ADMIN_PACKAGES_ROUTE, {
    q: p.q?.trim(),
    estado: filter(p.estado),
    origen: filter(p.origen),
    formaEnvio: filter(p.formaEnvio),
    carrier: filter(p.carrier),
    desde: p.desde,
    hasta: p.hasta,
    needsUpdate: p.needsUpdate === undefined ? undefined : String(p.needsUpdate),
    // 'Sin peso o monto' (docs/decisions/152): sent only when on, as the address writes it.
    sinMonto: p.sinMonto ? "1" : undefined,
    sort: p.sort === PACKAGE_SORT_DEFAULT ? undefined : p.sort,
    dir: p.dir === PACKAGE_DIR_DEFAULT ? undefined : p.dir,
    page: p.page && p.page > 1 ? p.page : undefined,
    pageSize: p.pageSize === PACKAGE_PAGE_SIZE_DEFAULT ? undefined : p.pageSize,
  });
}

/** Asks for a page before the section that shows it redraws (see prefetchAdminClients). */
export function prefetchAdminPackages(params: PackagesParams): void {
  const url = packagesUrl(params);
  void queryClient.prefetchQuery({ queryKey: [...PACKAGES_KEY, url], queryFn: () => getAdminJson(url, ADMIN_PACKAGES_ROUTE.responses[200]) });
}

/** A page of packages; `params` null asks nothing (an invalid address, an empty search). */
export function useAdminPackages(params: PackagesParams | null) {
  const url = params ? packagesUrl(params) : null;
  const query = useQuery<TAdminPackagesResponse>(
    {
      queryKey: [...PACKAGES_KEY, url],
      queryFn: () => getAdminJson(url!, ADMIN_PACKAGES_ROUTE.responses[200]),
      enabled: url !== null,
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error", PACKAGES_LOAD_FAILED);
  return query;
}
