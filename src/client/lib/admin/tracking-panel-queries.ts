// The /admin/tracking panel's query keys, its counters and the refresh after an edit in either
// tab (WhatsApp entries and traditional notices change the same counters).

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { queryClient } from "../query-client";
import { TRACKING_NOTICES_ROUTE, TRACKING_STATS_ROUTE, type TTrackingPanelStats } from "../../../shared/api/tracking-notices";
import { WHATSAPP_ENTRIES_ROUTE } from "../../../shared/api/whatsapp-entries";
import { routePath } from "../../../shared/api/contract";
import { getAdminJson } from "./admin-api";
import { useAdminSession } from "./admin-session";

// Each key starts with its route's path (the public WhatsApp form refreshes ENTRIES_KEY by it too).
export const ENTRIES_KEY = [WHATSAPP_ENTRIES_ROUTE.path] as const;
export const NOTICES_KEY = [TRACKING_NOTICES_ROUTE.path] as const;
export const STATS_KEY = [TRACKING_STATS_ROUTE.path] as const;

export function useTrackingStats() {
  const { handleUnauthorized } = useAdminSession();
  const query = useQuery<TTrackingPanelStats>(
    { queryKey: STATS_KEY, queryFn: () => getAdminJson(routePath(TRACKING_STATS_ROUTE), TRACKING_STATS_ROUTE.responses[200]) },
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
