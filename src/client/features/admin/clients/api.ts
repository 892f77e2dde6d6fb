// The client list's calls: one server page of clients for the current filters (kept on screen
// while the next page loads), and marking a welcome message as sent.

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { queryClient } from "../../../lib/query-client";
import { toast } from "../../../components/ui/use-toast";
import {
  CLIENTS_LOAD_FAILED_TEXT,
  CLIENTS_LOAD_FAILED_TITLE,
  WHATSAPP_SENT_FAILED_FALLBACK,
  WHATSAPP_SENT_FAILED_TITLE,
  WHATSAPP_SENT_TITLE,
  ZAdminClientsResponseSchema,
  ZWhatsappSentResponseSchema,
  type TAdminClientsFilters,
  type TAdminClientsResponse,
} from "../../../../shared/api/admin/clients";
import { CLIENTS_KEY, refreshClients } from "../../../lib/admin/admin-queries";
import { getAdminJson, queryString, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";


export interface ClientsPageParams extends TAdminClientsFilters {
  page: number;
  pageSize: number;
}

export function clientsUrl(p: ClientsPageParams): string {
  return `/api/clients${queryString({ q: p.q?.trim(), whatsapp: p.whatsapp, update: p.update, estado: p.estado, page: p.page > 1 ? p.page : undefined, pageSize: p.pageSize })}`;
}

export function useAdminClients(params: ClientsPageParams) {
  const query = useQuery<TAdminClientsResponse>(
    {
      queryKey: [...CLIENTS_KEY, params],
      queryFn: () => getAdminJson(clientsUrl(params), ZAdminClientsResponseSchema),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  useLoadErrorToast(query.error, CLIENTS_LOAD_FAILED_TITLE, CLIENTS_LOAD_FAILED_TEXT);
  return query;
}

export function useMarkWelcomeSent() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: (clientCode: string) =>
        sendAdminJson("PATCH", `/api/clients/${encodeURIComponent(clientCode)}/whatsapp-sent`, ZWhatsappSentResponseSchema),
      onSuccess: () => {
        toast({ title: WHATSAPP_SENT_TITLE });
        void refreshClients();
      },
      onError: (error) => fail(error, WHATSAPP_SENT_FAILED_FALLBACK, WHATSAPP_SENT_FAILED_TITLE),
    },
    queryClient,
  );
}
