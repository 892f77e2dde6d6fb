// The traditional notices tab of /admin/tracking: the list and the edit. Every call carries the
// admin token (lib/admin/admin-api.ts); a 401 sends the user back to the gate.

import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { queryClient } from "../../../lib/query-client";
import {
  TRACKING_NOTICE_UPDATE_ROUTE,
  TRACKING_NOTICES_ROUTE,
  type TListTrackingNoticesResponse,
  type TUpdateTrackingNoticeRequest,
} from "../../../../shared/api/tracking-notices";
import { routePath } from "../../../../shared/api/contract";
import { getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { NOTICES_KEY, refreshTrackingPanel } from "../../../lib/admin/tracking-panel-queries";

export const NOTICES_PAGE_SIZE = 20;

/** One page of notices matching the search and status (GET /api/tracking-notices). */
export function useTrackingNotices({ q, estado, page }: { q: string; estado: string; page: number }) {
  const query = useQuery<TListTrackingNoticesResponse>(
    {
      // Under NOTICES_KEY, so an edit refreshes every page.
      queryKey: [...NOTICES_KEY, { q, estado, page }],
      queryFn: () =>
        getAdminJson(
          routePath(TRACKING_NOTICES_ROUTE, { q, estado: estado === "todos" ? undefined : estado, page, pageSize: NOTICES_PAGE_SIZE }),
          TRACKING_NOTICES_ROUTE.responses[200],
        ),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error al cargar avisos", "Error al cargar los avisos de tracking");
  return query;
}

export function useUpdateTrackingNotice(onDone: () => void) {
  const changeError = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: ({ id, change }: { id: number; change: TUpdateTrackingNoticeRequest }) =>
        sendAdminJson("PUT", routePath(TRACKING_NOTICE_UPDATE_ROUTE, { id }), TRACKING_NOTICE_UPDATE_ROUTE.responses[200], change),
      onSuccess: () => {
        toast({ title: "Aviso actualizado" });
        void refreshTrackingPanel();
        onDone();
      },
      onError: (error) => changeError(error, "No se pudo actualizar el aviso.", "Error al actualizar aviso"),
    },
    queryClient,
  );
}
