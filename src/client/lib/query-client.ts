// The app's one QueryClient with the spec's cache rules (public-site §7, §9): data never goes
// stale, no refetch on focus or by polling, no retries, unused data dropped after 5 minutes.

import { QueryClient } from "@tanstack/react-query";
import { QUERY_DEFAULTS } from "../../shared/domain/ui-constants";
import { getQueryFn } from "./api";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { ...QUERY_DEFAULTS, queryFn: getQueryFn({ on401: "throw" }) },
    mutations: { retry: false },
  },
});
