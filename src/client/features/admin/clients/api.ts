// The client list's calls: one server page of clients for the current filters (kept on screen
// while the next page loads), marking a welcome message as sent, and managing records: create,
// edit, delete and merge (docs/decisions/120), plus the small search the merge dialog uses.

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { queryClient } from "../../../lib/query-client";
import { toast } from "../../../components/ui/use-toast";
import { errorCodeFrom, errorMessageFrom } from "../../../lib/api";
import { routePath } from "../../../../shared/api/contract";
import {
  ADMIN_CLIENTS_MERGE_ROUTE,
  ADMIN_CLIENTS_ROUTE,
  ADMIN_CLIENT_STATS_ROUTE,
  ADMIN_CLIENT_CREATE_ROUTE,
  ADMIN_CLIENT_DELETE_ROUTE,
  ADMIN_CLIENT_UPDATE_ROUTE,
  CLIENT_WHATSAPP_SENT_ROUTE,
  CLIENT_LOOKALIKE_CODE,
  CLIENT_CREATE_FAILED,
  CLIENT_CREATED_TITLE,
  CLIENT_DELETE_FAILED,
  CLIENT_DELETED_TITLE,
  CLIENT_UPDATE_FAILED,
  CLIENT_UPDATED_TITLE,
  CLIENTS_MERGE_FAILED,
  CLIENTS_MERGED_TITLE,
  type TCreateAdminClientBody,
  type TUpdateAdminClientBody,
  CLIENTS_LOAD_FAILED_TEXT,
  CLIENTS_LOAD_FAILED_TITLE,
  WHATSAPP_SENT_FAILED_FALLBACK,
  WHATSAPP_SENT_FAILED_TITLE,
  WHATSAPP_SENT_TITLE,
  type TAdminClientsFilters,
  type TAdminClientsResponse,
  type TAdminClientStats,
} from "../../../../shared/api/admin/clients";
import { CLIENT_STATS_KEY, CLIENTS_KEY, refreshClients, STATS_KEY } from "../../../lib/admin/admin-queries";
import { ADMIN_QUERY_ROOT, getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";


export interface ClientsPageParams extends TAdminClientsFilters {
  page: number;
  pageSize: number;
}

/** A filter left at "todos" is left out of the address (the server's default). */
const unlessAll = (value: string | undefined) => (value === "todos" ? undefined : value);

export function clientsUrl(p: ClientsPageParams): string {
  return routePath(ADMIN_CLIENTS_ROUTE, {
    q: p.q?.trim(),
    whatsapp: unlessAll(p.whatsapp),
    update: unlessAll(p.update),
    estado: unlessAll(p.estado),
    page: p.page > 1 ? p.page : undefined,
    pageSize: p.pageSize,
  });
}

const clientsQuery = (params: ClientsPageParams) => ({
  queryKey: [...CLIENTS_KEY, params],
  queryFn: () => getAdminJson(clientsUrl(params), ADMIN_CLIENTS_ROUTE.responses[200]),
});

/**
 * Asks for a page before the panel redraws for it (a search written to the address): the request
 * leaves at once and the redraw of the cards on screen runs while the server answers;
 * useAdminClients then finds it under way (the same key) instead of asking again.
 */
export function prefetchAdminClients(params: ClientsPageParams): void {
  void queryClient.prefetchQuery(clientsQuery(params));
}

export function useAdminClients(params: ClientsPageParams) {
  const query = useQuery<TAdminClientsResponse>({ ...clientsQuery(params), placeholderData: keepPreviousData }, queryClient);
  useLoadErrorToast(query.error, CLIENTS_LOAD_FAILED_TITLE, CLIENTS_LOAD_FAILED_TEXT);
  return query;
}

/**
 * The three stat cards (decision 232): asked when Clientes is shown and when the window comes back
 * into focus (another person's changes), and after this browser's changes (CLIENT_STATS_KEY is
 * invalidated with the list and the charts); never with a page, a filter or a search.
 */
export function useClientStats() {
  return useQuery<TAdminClientStats>(
    {
      queryKey: CLIENT_STATS_KEY,
      queryFn: () => getAdminJson(routePath(ADMIN_CLIENT_STATS_ROUTE), ADMIN_CLIENT_STATS_ROUTE.responses[200]),
      refetchOnMount: "always",
      refetchOnWindowFocus: "always",
    },
    queryClient,
  );
}

export function useMarkWelcomeSent() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: (clientCode: string) =>
        sendAdminJson(
          CLIENT_WHATSAPP_SENT_ROUTE.method,
          routePath(CLIENT_WHATSAPP_SENT_ROUTE, { clientCode }),
          CLIENT_WHATSAPP_SENT_ROUTE.responses[200],
        ),
      onSuccess: () => {
        toast({ title: WHATSAPP_SENT_TITLE });
        void refreshClients();
      },
      onError: (error) => fail(error, WHATSAPP_SENT_FAILED_FALLBACK, WHATSAPP_SENT_FAILED_TITLE),
    },
    queryClient,
  );
}

/** After a record changes: every page, the stat cards and any open 'Ver todos'. */
function refreshAfterRecordChange(): void {
  void refreshClients();
  void queryClient.invalidateQueries({ queryKey: STATS_KEY });
  void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, "client-trackings"] });
}

const recordPlural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Creating a client. A 409 CLIENT_LOOKALIKE (issue 32) goes to `onLookalike` with the server's
 * sentence (the caller asks and resends with `confirmar: true`); any other error is a toast.
 */
export function useCreateClient(onLookalike?: (message: string) => void) {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: (body: TCreateAdminClientBody) =>
        sendAdminJson(ADMIN_CLIENT_CREATE_ROUTE.method, routePath(ADMIN_CLIENT_CREATE_ROUTE), ADMIN_CLIENT_CREATE_ROUTE.responses[201], body),
      onSuccess: ({ client }) => {
        toast({ title: CLIENT_CREATED_TITLE, description: `${client.nombre}: código ${client.clientCode}` });
        refreshAfterRecordChange();
      },
      onError: (error) => {
        if (onLookalike && errorCodeFrom(error) === CLIENT_LOOKALIKE_CODE) onLookalike(errorMessageFrom(error, CLIENT_CREATE_FAILED));
        else fail(error, CLIENT_CREATE_FAILED);
      },
    },
    queryClient,
  );
}

export function useUpdateClient() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: ({ id, body }: { id: number; body: TUpdateAdminClientBody }) =>
        sendAdminJson(ADMIN_CLIENT_UPDATE_ROUTE.method, routePath(ADMIN_CLIENT_UPDATE_ROUTE, { id }), ADMIN_CLIENT_UPDATE_ROUTE.responses[200], body),
      onSuccess: ({ client }) => {
        toast({ title: CLIENT_UPDATED_TITLE, description: `${client.nombre} (${client.clientCode})` });
        void refreshClients();
      },
      onError: (error) => fail(error, CLIENT_UPDATE_FAILED),
    },
    queryClient,
  );
}

export function useDeleteClient() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: ({ id }: { id: number; label: string }) =>
        sendAdminJson(ADMIN_CLIENT_DELETE_ROUTE.method, routePath(ADMIN_CLIENT_DELETE_ROUTE, { id }), ADMIN_CLIENT_DELETE_ROUTE.responses[200]),
      onSuccess: (answer, { label }) => {
        toast({
          title: CLIENT_DELETED_TITLE,
          description: answer.deletedTrackings
            ? `${label}, con ${recordPlural(answer.deletedTrackings, "paquete entregado", "paquetes entregados")}`
            : label,
        });
        refreshAfterRecordChange();
      },
      onError: (error) => fail(error, CLIENT_DELETE_FAILED),
    },
    queryClient,
  );
}

export function useMergeClients() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: ({ keepId, fromId }: { keepId: number; fromId: number }) =>
        sendAdminJson(ADMIN_CLIENTS_MERGE_ROUTE.method, routePath(ADMIN_CLIENTS_MERGE_ROUTE, { id: keepId }), ADMIN_CLIENTS_MERGE_ROUTE.responses[200], {
          from: fromId,
        }),
      onSuccess: ({ client, moved }) => {
        toast({
          title: CLIENTS_MERGED_TITLE,
          description: `Se conservó ${client.nombre} (${client.clientCode}); se movieron ${recordPlural(moved.trackings, "paquete", "paquetes")} y ${recordPlural(moved.searches, "búsqueda IA", "búsquedas IA")}.`,
        });
        refreshAfterRecordChange();
      },
      onError: (error) => fail(error, CLIENTS_MERGE_FAILED),
    },
    queryClient,
  );
}

/** The merge dialog's search: a few clients by code, name or phone (the panel's own search). */
export function useClientLookup(q: string) {
  const text = q.trim();
  return useQuery<TAdminClientsResponse>(
    {
      queryKey: [ADMIN_QUERY_ROOT, "client-lookup", text],
      queryFn: () => getAdminJson(routePath(ADMIN_CLIENTS_ROUTE, { q: text, pageSize: 5 }), ADMIN_CLIENTS_ROUTE.responses[200]),
      enabled: text.length >= 2,
    },
    queryClient,
  );
}
