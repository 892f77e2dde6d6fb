// A client's packages in the panel: inline edits, the create / edit dialog, delete and history
// (the bulk status change is lib/admin/bulk-status.tsx). After a change the package is patched in
// every loaded page at once and the pages are refetched one second later (staff-side §4), with the spec's toasts.

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { queryClient } from "../../../lib/query-client";
import { toast } from "../../../components/ui/use-toast";
import { TRACKING_REFETCH_DELAY_MS } from "../../../../shared/domain/ui-constants";
import { routePath } from "../../../../shared/api/contract";
import {
  ADMIN_CLIENT_TRACKINGS_ROUTE,
  CLIENT_TRACKINGS_PAGE_SIZE,
  type TAdminClientTrackingsResponse,
  type TAdminClientsResponse,
  type TAdminTracking,
} from "../../../../shared/api/admin/clients";
import {
  COSTO_UPDATE_FAILED,
  FIELD_UPDATED_TITLE,
  HISTORY_LOAD_FAILED,
  PESO_UPDATE_FAILED,
  REPRICE_FAILED,
  REPRICED_TITLE,
  SHIPPING_TYPE_CHANGE_FAILED,
  STATUS_CHANGE_FAILED,
  STATUS_UPDATED_TITLE,
  TRACKING_CREATE_FAILED,
  TRACKING_CREATE_FAILED_TITLE,
  TRACKING_CREATED_TITLE,
  TRACKING_DELETE_FAILED,
  TRACKING_DELETE_FAILED_TITLE,
  TRACKING_DELETED_TITLE,
  TRACKING_EDIT_FAILED,
  TRACKING_EDIT_FAILED_TITLE,
  TRACKING_UPDATE_FAILED,
  TRACKING_UPDATED_TITLE,
  ADMIN_TRACKING_CREATE_ROUTE,
  ADMIN_TRACKING_DELETE_ROUTE,
  ADMIN_TRACKING_REPRICE_ROUTE,
  ADMIN_TRACKING_UPDATE_ROUTE,
  TRACKING_HISTORY_ROUTE,
  TRACKING_PATCH_ROUTE,
  notificationOutcomeText,
  type TCreateAdminTrackingBody,
  type TPatchTrackingBody,
  type TUpdateAdminTrackingBody,
} from "../../../../shared/api/admin/trackings";
import { formatColones } from "../../../../shared/domain/format";
import { ADMIN_QUERY_ROOT, getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { CLIENTS_KEY, refreshClients, STATS_KEY } from "../../../lib/admin/admin-queries";
import type { UnpaidDeliveryChoice } from "../../../lib/admin/unpaid-delivery";

const allTrackingsKey = (clientId: number) => [ADMIN_QUERY_ROOT, "client-trackings", clientId] as const;
const historyKey = (trackingId: number) => [ADMIN_QUERY_ROOT, "history", trackingId] as const;

/** Puts the changed package into every cached page and list at once. */
function patchCachedTracking(tracking: TAdminTracking): void {
  queryClient.setQueriesData<TAdminClientsResponse>({ queryKey: CLIENTS_KEY }, (page) =>
    page
      ? {
          ...page,
          clients: page.clients.map((c) =>
            c.id === tracking.clientId
              ? { ...c, trackings: c.trackings.map((t) => (t.id === tracking.id ? { ...tracking, matchesFilters: t.matchesFilters } : t)) }
              : c,
          ),
        }
      : page,
  );
  queryClient.setQueriesData<TAdminClientTrackingsResponse>({ queryKey: allTrackingsKey(tracking.clientId) }, (list) =>
    list ? { ...list, trackings: list.trackings.map((t) => (t.id === tracking.id ? { ...tracking, matchesFilters: t.matchesFilters } : t)) } : list,
  );
}

let refetchTimer: ReturnType<typeof setTimeout> | undefined;
/** One refetch a second after the last change (a burst of edits refetches once). */
function refetchSoon(): void {
  clearTimeout(refetchTimer);
  refetchTimer = setTimeout(() => {
    void refreshClients();
    void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, "client-trackings"] });
    void queryClient.invalidateQueries({ queryKey: STATS_KEY });
  }, TRACKING_REFETCH_DELAY_MS);
}

export type InlineField = "estado" | "formaEnvio" | "costo" | "peso";

const INLINE_FAILURES: Record<InlineField, string> = {
  estado: STATUS_CHANGE_FAILED,
  formaEnvio: SHIPPING_TYPE_CHANGE_FAILED,
  costo: COSTO_UPDATE_FAILED,
  peso: PESO_UPDATE_FAILED,
};

/**
 * PATCH /api/trackings/{id}: one inline control. A refused delivery with a balance offers
 * 'Entregar con saldo pendiente' (lib/admin/unpaid-delivery) and re-sends with the flag.
 */
export function usePatchTracking(unpaid: UnpaidDeliveryChoice) {
  const fail = useChangeErrorToast();
  const mutation = useMutation(
    {
      mutationFn: ({ id, body }: { id: number; body: TPatchTrackingBody; field: InlineField }) =>
        sendAdminJson("PATCH", routePath(TRACKING_PATCH_ROUTE, { id }), TRACKING_PATCH_ROUTE.responses[200], body),
      onSuccess: (answer, { field }) => {
        const { tracking } = answer;
        patchCachedTracking(tracking);
        if (field === "estado") {
          // What the server did with the client's message, never a promise it cannot keep.
          toast({ title: STATUS_UPDATED_TITLE, description: notificationOutcomeText(answer) });
        } else {
          toast({ title: FIELD_UPDATED_TITLE });
        }
        refetchSoon();
      },
      onError: (error, variables) => {
        if (unpaid.offer(error, () => mutation.mutate({ ...variables, body: { ...variables.body, entregarConSaldo: true } }))) return;
        fail(error, INLINE_FAILURES[variables.field]);
      },
    },
    queryClient,
  );
  return mutation;
}

/** POST /api/admin/trackings/{id}/reprice: the explicit re-pricing at today's rate (docs/decisions/114). */
export function useRepriceTracking() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: (id: number) => sendAdminJson("POST", routePath(ADMIN_TRACKING_REPRICE_ROUTE, { id }), ADMIN_TRACKING_REPRICE_ROUTE.responses[200]),
      onSuccess: ({ tracking }) => {
        patchCachedTracking(tracking);
        toast({ title: REPRICED_TITLE, description: tracking.montoColones === null ? undefined : formatColones(tracking.montoColones) });
        refetchSoon();
      },
      onError: (error) => fail(error, REPRICE_FAILED),
    },
    queryClient,
  );
}

export function useCreateTracking() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: (body: TCreateAdminTrackingBody) => sendAdminJson("POST", routePath(ADMIN_TRACKING_CREATE_ROUTE), ADMIN_TRACKING_CREATE_ROUTE.responses[201], body),
      onSuccess: (answer) => {
        const { tracking } = answer;
        toast({ title: TRACKING_CREATED_TITLE, description: `${tracking.trackingCode}. ${notificationOutcomeText(answer)}` });
        void refreshClients();
        void queryClient.invalidateQueries({ queryKey: STATS_KEY });
      },
      onError: (error) => fail(error, TRACKING_CREATE_FAILED, TRACKING_CREATE_FAILED_TITLE),
    },
    queryClient,
  );
}

/** PATCH /api/admin/trackings/{id}: the edit dialog; `onDone` after it saved (also after 'Entregar con saldo pendiente'). */
export function useUpdateTracking(unpaid: UnpaidDeliveryChoice, onDone: () => void) {
  const fail = useChangeErrorToast();
  const mutation = useMutation(
    {
      mutationFn: ({ id, body }: { id: number; body: TUpdateAdminTrackingBody }) =>
        sendAdminJson("PATCH", routePath(ADMIN_TRACKING_UPDATE_ROUTE, { id }), ADMIN_TRACKING_UPDATE_ROUTE.responses[200], body),
      onSuccess: (answer) => {
        patchCachedTracking(answer.tracking);
        // Only a status change messages the client: then the toast says what became of it.
        toast({ title: TRACKING_UPDATED_TITLE, description: answer.notificationQueued ? notificationOutcomeText(answer) : undefined });
        refetchSoon();
        onDone();
      },
      onError: (error, variables) => {
        if (unpaid.offer(error, () => mutation.mutate({ ...variables, body: { ...variables.body, entregarConSaldo: true } }))) return;
        fail(error, TRACKING_EDIT_FAILED, TRACKING_EDIT_FAILED_TITLE);
      },
    },
    queryClient,
  );
  return mutation;
}

export function useDeleteTracking() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: (id: number) =>
        sendAdminJson("DELETE", routePath(ADMIN_TRACKING_DELETE_ROUTE, { id }), ADMIN_TRACKING_DELETE_ROUTE.responses[200]),
      onSuccess: () => {
        toast({ title: TRACKING_DELETED_TITLE });
        void refreshClients();
        void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, "client-trackings"] });
        void queryClient.invalidateQueries({ queryKey: STATS_KEY });
      },
      onError: (error) => fail(error, TRACKING_DELETE_FAILED, TRACKING_DELETE_FAILED_TITLE),
    },
    queryClient,
  );
}

/** GET /api/trackings/{id}/history, loaded when the history is opened (and again after each change). */
export function useTrackingHistory(trackingId: number, enabled: boolean, version: string) {
  const query = useQuery(
    {
      queryKey: [...historyKey(trackingId), version],
      queryFn: () => getAdminJson(routePath(TRACKING_HISTORY_ROUTE, { id: trackingId }), TRACKING_HISTORY_ROUTE.responses[200]),
      enabled,
    },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error", HISTORY_LOAD_FAILED);
  return query;
}

export interface ClientTrackingsPageParams {
  page: number;
  /** The panel's search and package filters: the packages they match come first. */
  q?: string;
  estado?: string;
  update?: string;
}

/** One page of a client's packages ('Ver todos' for a client with more than the card carries). */
export function useClientTrackingsPage(clientId: number, params: ClientTrackingsPageParams, enabled: boolean) {
  const query = useQuery(
    {
      queryKey: [...allTrackingsKey(clientId), params],
      queryFn: () =>
        getAdminJson(
          routePath(
            ADMIN_CLIENT_TRACKINGS_ROUTE,
            { id: clientId },
            {
              page: params.page,
              pageSize: CLIENT_TRACKINGS_PAGE_SIZE,
              q: params.q?.trim(),
              estado: params.estado === "todos" ? undefined : params.estado,
              update: params.update === "todos" ? undefined : params.update,
            },
          ),
          ADMIN_CLIENT_TRACKINGS_ROUTE.responses[200],
        ),
      placeholderData: keepPreviousData,
      enabled,
    },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error", TRACKING_UPDATE_FAILED);
  return query;
}

/** PATCH /api/admin/trackings/{id} with only the internal notes (nothing else is sent, so nothing else changes). */
export function useSaveTrackingNotes() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: ({ id, notas }: { id: number; notas: string | null }) =>
        sendAdminJson("PATCH", routePath(ADMIN_TRACKING_UPDATE_ROUTE, { id }), ADMIN_TRACKING_UPDATE_ROUTE.responses[200], { notas } satisfies TUpdateAdminTrackingBody),
      onSuccess: ({ tracking }) => {
        patchCachedTracking(tracking);
        toast({ title: tracking.notas ? TRACKING_NOTES_SAVED : TRACKING_NOTES_CLEARED, description: tracking.trackingCode });
        refetchSoon();
      },
      onError: (error) => fail(error, TRACKING_NOTES_FAILED),
    },
    queryClient,
  );
}

export const TRACKING_NOTES_SAVED = "Notas guardadas";
export const TRACKING_NOTES_CLEARED = "Notas borradas";
export const TRACKING_NOTES_FAILED = "No se pudieron guardar las notas";
