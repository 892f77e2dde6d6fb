// The package row as the panel shows it, for the row tests: read from a cached page of the client
// list (under `queryKey`, one client with one package; `page` is what the server would answer), so a save that updates the cache re-renders it.
import { useQuery } from "@tanstack/react-query";
import { queryClient } from "../lib/query-client";
import type { TAdminClientsResponse } from "../../shared/api/admin/clients";
import { TrackingRow } from "../features/admin/trackings/tracking-row";

export function CachedTrackingRow({ queryKey, page }: { queryKey: readonly unknown[]; page: () => TAdminClientsResponse }) {
  const { data } = useQuery({ queryKey, queryFn: page, enabled: false }, queryClient);
  const tracking = data!.clients[0].trackings[0];
  return <TrackingRow tracking={tracking} clientCode="EX123456" clientNombre="Ana Mora" clientTelefono="+50688887777" rate={513} messaging={{ configured: false }} highlighted={false} />;
}
