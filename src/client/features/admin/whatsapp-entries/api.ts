// The WhatsApp tracking entries tab of /admin/tracking: the list and the status change. Every
// call carries the admin token (lib/api.ts, through lib/admin/admin-api.ts, which the two staff
// panels share); a 401 sends the user back to the gate.

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { queryClient } from "../../../lib/query-client";
import {
  WHATSAPP_ENTRIES_ROUTE,
  WHATSAPP_ENTRY_UPDATE_ROUTE,
  type TListWhatsappEntriesResponse,
  type TUpdateWhatsappEntryRequest,
} from "../../../../shared/api/whatsapp-entries";
import { routePath } from "../../../../shared/api/contract";
import { getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { ENTRIES_KEY, refreshTrackingPanel } from "../../../lib/admin/tracking-panel-queries";

export const ENTRIES_PAGE_SIZE = 20;

/** One page of entries matching the search and status (GET /api/tracking/whatsapp/entries). */
export function useWhatsappEntries({ q, estado, page }: { q: string; estado: string; page: number }) {
  const query = useQuery<TListWhatsappEntriesResponse>(
    {
      // Under ENTRIES_KEY, so an edit or a retry refreshes every page.
      queryKey: [...ENTRIES_KEY, { q, estado, page }],
      queryFn: () =>
        getAdminJson(
          routePath(WHATSAPP_ENTRIES_ROUTE, { q, estado: estado === "todos" ? undefined : estado, page, pageSize: ENTRIES_PAGE_SIZE }),
          WHATSAPP_ENTRIES_ROUTE.responses[200],
        ),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error al cargar tracking entries", "Error al cargar los tracking entries");
  return query;
}

export const ENTRY_UPDATED_TITLE = "Estado actualizado";
export const ENTRY_UPDATED_AND_SENT = "Estado actualizado y notificación WhatsApp enviada.";
export const ENTRY_UPDATED_ONLY = "Estado actualizado.";

export function useUpdateWhatsappEntry(onDone: () => void) {
  const changeError = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: ({ id, change }: { id: number; change: TUpdateWhatsappEntryRequest }) =>
        sendAdminJson("PATCH", routePath(WHATSAPP_ENTRY_UPDATE_ROUTE, { id }), WHATSAPP_ENTRY_UPDATE_ROUTE.responses[200], change),
      onSuccess: ({ notificationSent }) => {
        toast({ title: ENTRY_UPDATED_TITLE, description: notificationSent ? ENTRY_UPDATED_AND_SENT : ENTRY_UPDATED_ONLY });
        void refreshTrackingPanel();
        onDone();
      },
      onError: (error) => changeError(error, "No se pudo actualizar el estado.", "Error al actualizar tracking entry"),
    },
    queryClient,
  );
}

