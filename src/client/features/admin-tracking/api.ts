// The /admin/tracking panel's calls: entries, notices and stats, and the two edits. Every
// call carries the admin token (lib/api.ts); a 401 sends the user back to the gate.

import { useEffect, useRef } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import {
  ZListWhatsappEntriesResponseSchema,
  ZUpdateWhatsappEntryResponseSchema,
  type TListWhatsappEntriesResponse,
  type TUpdateWhatsappEntryRequest,
} from "../../../shared/api/whatsapp-notices";
import {
  ZListTrackingNoticesResponseSchema,
  ZTrackingNoticeSchema,
  ZTrackingPanelStatsSchema,
  type TListTrackingNoticesResponse,
  type TTrackingPanelStats,
  type TUpdateTrackingNoticeRequest,
} from "../../../shared/api/tracking-notices";
import { useAdminSession } from "../admin-auth/admin-login-gate";

export const ENTRIES_KEY = ["/api/tracking/whatsapp/entries"] as const;
export const NOTICES_KEY = ["/api/tracking-notices"] as const;
export const STATS_KEY = ["/api/admin/tracking-stats"] as const;

async function getJson<T>(url: string, parse: (data: unknown) => T): Promise<T> {
  const res = await apiRequest("GET", url);
  return parse(await res.json());
}

/** Toasts a failed load once (and ends the session on 401). */
function useLoadErrorToast(error: unknown, title: string, fallback: string): void {
  const { handleUnauthorized } = useAdminSession();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    if (handleUnauthorized(error)) return;
    toast({ title, description: errorMessageFrom(error, fallback), variant: "destructive" });
  }, [error, title, fallback, handleUnauthorized]);
}

export function useWhatsappEntries() {
  const query = useQuery<TListWhatsappEntriesResponse>(
    { queryKey: ENTRIES_KEY, queryFn: () => getJson(ENTRIES_KEY[0], (d) => ZListWhatsappEntriesResponseSchema.parse(d)) },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error al cargar tracking entries", "Error al cargar los tracking entries");
  return query;
}

export function useTrackingNotices() {
  const query = useQuery<TListTrackingNoticesResponse>(
    { queryKey: NOTICES_KEY, queryFn: () => getJson(NOTICES_KEY[0], (d) => ZListTrackingNoticesResponseSchema.parse(d)) },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error al cargar avisos", "Error al cargar los avisos de tracking");
  return query;
}

export function useTrackingStats() {
  const { handleUnauthorized } = useAdminSession();
  const query = useQuery<TTrackingPanelStats>(
    { queryKey: STATS_KEY, queryFn: () => getJson(STATS_KEY[0], (d) => ZTrackingPanelStatsSchema.parse(d)) },
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
  const { handleUnauthorized } = useAdminSession();
  return useMutation(
    {
      mutationFn: async ({ id, change }: { id: number; change: TUpdateWhatsappEntryRequest }) => {
        const res = await apiRequest("PATCH", `/api/tracking/whatsapp/entries/${id}`, change);
        return ZUpdateWhatsappEntryResponseSchema.parse(await res.json());
      },
      onSuccess: ({ notificationSent }) => {
        toast({ title: ENTRY_UPDATED_TITLE, description: notificationSent ? ENTRY_UPDATED_AND_SENT : ENTRY_UPDATED_ONLY });
        void refreshPanel();
        onDone();
      },
      onError: (error) => {
        if (handleUnauthorized(error)) return;
        toast({
          title: "Error al actualizar tracking entry",
          description: errorMessageFrom(error, "No se pudo actualizar el estado."),
          variant: "destructive",
        });
      },
    },
    queryClient,
  );
}

export function useUpdateTrackingNotice(onDone: () => void) {
  const { handleUnauthorized } = useAdminSession();
  return useMutation(
    {
      mutationFn: async ({ id, change }: { id: number; change: TUpdateTrackingNoticeRequest }) => {
        const res = await apiRequest("PUT", `/api/tracking-notices/${id}`, change);
        return ZTrackingNoticeSchema.parse(await res.json());
      },
      onSuccess: () => {
        toast({ title: "Aviso actualizado" });
        void refreshPanel();
        onDone();
      },
      onError: (error) => {
        if (handleUnauthorized(error)) return;
        toast({
          title: "Error al actualizar aviso",
          description: errorMessageFrom(error, "No se pudo actualizar el aviso."),
          variant: "destructive",
        });
      },
    },
    queryClient,
  );
}
