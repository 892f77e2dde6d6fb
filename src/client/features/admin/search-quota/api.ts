// The AI search quota calls: the paged table, a client's history, the 'Gestionar' save and the
// history of searches. The monthly counter reset, which the client cards use too, is in
// lib/admin/admin-queries.ts; both changes refresh the table and the client list.

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { queryClient } from "../../../lib/query-client";
import { toast } from "../../../components/ui/use-toast";
import {
  CLIENT_UPDATED_TITLE,
  CLIENT_UPDATE_FAILED_TITLE,
  PARTS_SEARCH_HISTORY_ROUTE,
  SEARCH_LIMITS_ROUTE,
  SEARCH_QUOTA_ROUTE,
  type TSearchQuotaResponse,
  type TUpdateSearchLimitsRequest,
} from "../../../../shared/api/admin/search-quota";
import { routePath } from "../../../../shared/api/contract";
import { ADMIN_QUERY_ROOT, getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { QUOTA_KEY, refreshCounters } from "../../../lib/admin/admin-queries";


export function useSearchQuotas(q: string, page: number, pageSize: number) {
  const query = useQuery<TSearchQuotaResponse>(
    {
      queryKey: [...QUOTA_KEY, q, page, pageSize],
      queryFn: () =>
        getAdminJson(
          routePath(SEARCH_QUOTA_ROUTE, { q: q.trim(), page: page > 1 ? page : undefined, pageSize }),
          SEARCH_QUOTA_ROUTE.responses[200],
        ),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error", "Error al cargar clientes");
  return query;
}

export function useUpdateSearchLimits() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: ({ id, body }: { id: number; body: TUpdateSearchLimitsRequest }) =>
        sendAdminJson(SEARCH_LIMITS_ROUTE.method, routePath(SEARCH_LIMITS_ROUTE, { id }), SEARCH_LIMITS_ROUTE.responses[200], body),
      onSuccess: () => {
        toast({ title: CLIENT_UPDATED_TITLE });
        refreshCounters();
      },
      // The spec reads this call's error from the answer's message.
      onError: (error) => fail(error, CLIENT_UPDATE_FAILED_TITLE),
    },
    queryClient,
  );
}

export function usePartsSearchHistory(clientCode: string, enabled: boolean) {
  const query = useQuery(
    {
      queryKey: [ADMIN_QUERY_ROOT, "parts-history", clientCode],
      queryFn: () => getAdminJson(routePath(PARTS_SEARCH_HISTORY_ROUTE, { clientCode }), PARTS_SEARCH_HISTORY_ROUTE.responses[200]),
      enabled,
    },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error", "Error al cargar historial");
  return query;
}
