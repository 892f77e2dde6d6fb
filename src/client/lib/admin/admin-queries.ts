// The admin panel's query keys and refreshes that more than one admin feature uses: the client
// list and its stat cards (refetched after changes to packages, counters and imports), the panel's statistics, and
// the monthly search-counter reset that both the client cards and the search quota card offer.

import { useMutation } from "@tanstack/react-query";
import { queryClient } from "../query-client";
import { toast } from "../../components/ui/use-toast";
import { routePath } from "../../../shared/api/contract";
import {
  COUNTER_RESET_FAILED,
  COUNTER_RESET_FAILED_TITLE,
  COUNTER_RESET_TITLE,
  RESET_SEARCHES_ROUTE,
} from "../../../shared/api/admin/search-quota";
import { ADMIN_QUERY_ROOT, sendAdminJson, useChangeErrorToast } from "./admin-api";

export const CLIENTS_KEY = [ADMIN_QUERY_ROOT, "clients"] as const;
export const STATS_KEY = [ADMIN_QUERY_ROOT, "stats"] as const;
/**
 * Clientes' three stat cards (decision 232): under STATS_KEY, so every change that refetches the
 * charts refetches them too, and refetched with the client list after a change (refreshClients).
 */
export const CLIENT_STATS_KEY = [...STATS_KEY, "clients"] as const;
/** The Paquetes section's pages (refetched after a bulk status change). */
export const PACKAGES_KEY = [ADMIN_QUERY_ROOT, "packages"] as const;
export const QUOTA_KEY = [ADMIN_QUERY_ROOT, "search-quota"] as const;

/**
 * Refetches every loaded page of clients (after a change that may move a client between filters)
 * and the stat cards, which count the same clients and packages.
 */
export function refreshClients(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: CLIENT_STATS_KEY }),
  ]).then(() => undefined);
}

/** The search quota table and the client list show the same counters: both are refetched. */
export function refreshCounters(): void {
  void queryClient.invalidateQueries({ queryKey: QUOTA_KEY });
  void refreshClients();
}

export function useResetSearches() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: (id: number) => sendAdminJson(RESET_SEARCHES_ROUTE.method, routePath(RESET_SEARCHES_ROUTE, { id }), RESET_SEARCHES_ROUTE.responses[200]),
      onSuccess: () => {
        toast({ title: COUNTER_RESET_TITLE });
        refreshCounters();
      },
      onError: (error) => fail(error, COUNTER_RESET_FAILED, COUNTER_RESET_FAILED_TITLE),
    },
    queryClient,
  );
}
