// The staff accounts list (GET /api/admin/accounts, Dueño): the Cuentas section shows it and the
// Registro de cambios offers its people as a filter, so the query lives here, shared.

import { useQuery } from "@tanstack/react-query";
import { queryClient } from "../query-client";
import { routePath } from "../../../shared/api/contract";
import { ACCOUNTS_ROUTE, type TStaffAccount } from "../../../shared/api/admin/staff";
import { ADMIN_QUERY_ROOT, getAdminJson, useLoadErrorToast } from "./admin-api";

export const ACCOUNTS_KEY = [ADMIN_QUERY_ROOT, "staff-accounts"] as const;
export const ACCOUNTS_LOAD_FAILED = "No se pudieron cargar las cuentas del personal";

export function useStaffAccounts() {
  const query = useQuery<TStaffAccount[]>(
    { queryKey: ACCOUNTS_KEY, queryFn: () => getAdminJson(routePath(ACCOUNTS_ROUTE), ACCOUNTS_ROUTE.responses[200]) },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error", ACCOUNTS_LOAD_FAILED);
  return query;
}

export function refreshStaffAccounts(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ACCOUNTS_KEY });
}
