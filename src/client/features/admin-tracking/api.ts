// The /admin/tracking panel's calls: entries, notices and stats, and the two edits. Every
// call carries the admin token (lib/api.ts, through admin-panel/admin-api.ts, which the two staff
// panels share); a 401 sends the user back to the gate.

import { useEffect } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "../../components/ui/use-toast";
import { queryClient } from "../../lib/query-client";
import {
  ZListWhatsappEntriesResponseSchema,
  ZUpdateWhatsappEntryResponseSchema,
  type TListWhatsappEntriesResponse,
  type TUpdateWhatsappEntryRequest,
} from "../../../shared/api/whatsapp-entries";
import {
  ZListTrackingNoticesResponseSchema,
  ZTrackingNoticeSchema,
  ZTrackingPanelStatsSchema,
  type TListTrackingNoticesResponse,
  type TTrackingPanelStats,
  type TUpdateTrackingNoticeRequest,
} from "../../../shared/api/tracking-notices";
import { useAdminSession } from "../admin-auth/admin-login-gate";
import { getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../admin-panel/admin-api";

export const ENTRIES_KEY = ["/api/tracking/whatsapp/entries"] as const;
export const NOTICES_KEY = ["/api/tracking-notices"] as const;
export const STATS_KEY = ["/api/admin/tracking-stats"] as const;

export function useWhatsappEntries() {
  const query = useQuery<TListWhatsappEntriesResponse>(
    { queryKey: ENTRIES_KEY, queryFn: () => getAdminJson(ENTRIES_KEY[0], ZListWhatsappEntriesResponseSchema) },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error al cargar tracking entries", "Error al cargar los tracking entries");
  return query;
}

export function useTrackingNotices() {
  const query = useQuery<TListTrackingNoticesResponse>(
    { queryKey: NOTICES_KEY, queryFn: () => getAdminJson(NOTICES_KEY[0], ZListTrackingNoticesResponseSchema) },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error al cargar avisos", "Error al cargar los avisos de tracking");
  return query;
}

export function useTrackingStats() {
  const { handleUnauthorized } = useAdminSession();
  const query = useQuery<TTrackingPanelStats>(
    { queryKey: STATS_KEY, queryFn: () => getAdminJson(STATS_KEY[0], ZTrackingPanelStatsSchema) },
    queryClient,
  );
  useEffect(() => {
    if (query.error) handleUnauthorized(query.error);
  }, [query.error, handleUnauthorized]);
  return query;
}

const refreshPanel = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ENTRIES_KEY }),
    queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
    queryClient.invalidateQueries({ queryKey: STATS_KEY }),
  ]);

export const ENTRY_UPDATED_TITLE = "Estado actualizado";
export const ENTRY_UPDATED_AND_SENT = "Estado actualizado y notificación WhatsApp enviada.";
export const ENTRY_UPDATED_ONLY = "Estado actualizado.";

export function useUpdateWhatsappEntry(onDone: () => void) {
  const changeError = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: ({ id, change }: { id: number; change: TUpdateWhatsappEntryRequest }) =>
        sendAdminJson("PATCH", `/api/tracking/whatsapp/entries/${id}`, ZUpdateWhatsappEntryResponseSchema, change),
      onSuccess: ({ notificationSent }) => {
        toast({ title: ENTRY_UPDATED_TITLE, description: notificationSent ? ENTRY_UPDATED_AND_SENT : ENTRY_UPDATED_ONLY });
        void refreshPanel();
        onDone();
      },
      onError: (error) => changeError(error, "No se pudo actualizar el estado.", "Error al actualizar tracking entry"),
    },
    queryClient,
  );
}

export function useUpdateTrackingNotice(onDone: () => void) {
  const changeError = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: ({ id, change }: { id: number; change: TUpdateTrackingNoticeRequest }) =>
        sendAdminJson("PUT", `/api/tracking-notices/${id}`, ZTrackingNoticeSchema, change),
      onSuccess: () => {
        toast({ title: "Aviso actualizado" });
        void refreshPanel();
        onDone();
      },
      onError: (error) => changeError(error, "No se pudo actualizar el aviso.", "Error al actualizar aviso"),
    },
    queryClient,
  );
}
