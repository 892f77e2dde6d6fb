// The query client's provider for the pages that load or send data. It comes with the first
// such page's chunk, not with the first download: Inicio fetches nothing, so the home page's
// visitors never pay for the query library. One client for the whole app (./query-client), so
// the cache outlives page changes; a provider already above (a test's own client) wins.

import { useContext, type ReactNode } from "react";
import { QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "./query-client";

export function QueryProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
