// The /admin/tracking panel's query keys, its counters and the refresh after an edit in either
// tab (WhatsApp entries and traditional notices change the same counters).

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { queryClient } from "../query-client";
import { ZTrackingPanelStatsSchema, type TTrackingPanelStats } from "../../../shared/api/tracking-notices";
import { getAdminJson } from "./admin-api";
import { useAdminSession } from "./admin-session";

export const ENTRIES_KEY = ["/api/tracking/whatsapp/entries"] as const;
export const NOTICES_KEY = ["/api/tracking-notices"] as const;
export const STATS_KEY = ["/api/admin/tracking-stats"] as const;

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

export const refreshTrackingPanel = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ENTRIES_KEY }),
    queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
    queryClient.invalidateQueries({ queryKey: STATS_KEY }),
  ]);
