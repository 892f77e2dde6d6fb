// The AI search quota calls: the paged table, a client's history, the 'Gestionar' save and the
// monthly counter reset (also used by the client cards). Both changes refresh the table and the
// client list, which show the same counters.

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { queryClient } from "../../lib/query-client";
import { toast } from "../../components/ui/use-toast";
import { z } from "../../../shared/validation";
import {
  CLIENT_UPDATED_TITLE,
  CLIENT_UPDATE_FAILED_TITLE,
  COUNTER_RESET_FAILED,
  COUNTER_RESET_FAILED_TITLE,
  COUNTER_RESET_TITLE,
  ZPartsSearchHistoryResponseSchema,
  ZSearchQuotaResponseSchema,
  ZSearchQuotaRowSchema,
  type TSearchQuotaResponse,
  type TUpdateSearchLimitsRequest,
} from "../../../shared/api/admin/search-quota";
import { ADMIN_QUERY_ROOT, getAdminJson, queryString, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../admin-panel/admin-api";
import { refreshClients } from "../admin-clients/api";

const QUOTA_KEY = [ADMIN_QUERY_ROOT, "search-quota"] as const;
const ZClientAnswer = z.object({ client: ZSearchQuotaRowSchema });

export function useSearchQuotas(q: string, page: number, pageSize: number) {
  const query = useQuery<TSearchQuotaResponse>(
    {
      queryKey: [...QUOTA_KEY, q, page, pageSize],
      queryFn: () =>
        getAdminJson(`/api/admin/search-quota${queryString({ q: q.trim(), page: page > 1 ? page : undefined, pageSize })}`, ZSearchQuotaResponseSchema),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error", "Error al cargar clientes");
  return query;
}

function refreshCounters(): void {
  void queryClient.invalidateQueries({ queryKey: QUOTA_KEY });
  void refreshClients();
}

export function useUpdateSearchLimits() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: ({ id, body }: { id: number; body: TUpdateSearchLimitsRequest }) =>
        sendAdminJson("PATCH", `/api/clients/${id}/search-limits`, ZClientAnswer, body),
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

export function useResetSearches() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: (id: number) => sendAdminJson("POST", `/api/clients/${id}/reset-searches`, ZClientAnswer),
      onSuccess: () => {
        toast({ title: COUNTER_RESET_TITLE });
        refreshCounters();
      },
      onError: (error) => fail(error, COUNTER_RESET_FAILED, COUNTER_RESET_FAILED_TITLE),
    },
    queryClient,
  );
}

export function usePartsSearchHistory(clientCode: string, enabled: boolean) {
  const query = useQuery(
    {
      queryKey: [ADMIN_QUERY_ROOT, "parts-history", clientCode],
      queryFn: () => getAdminJson(`/api/parts-search-history/${encodeURIComponent(clientCode)}`, ZPartsSearchHistoryResponseSchema),
      enabled,
    },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error", "Error al cargar historial");
  return query;
}
