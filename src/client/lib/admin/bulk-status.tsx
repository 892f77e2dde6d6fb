// Selecting several packages and moving them to one status at once (POST
// /api/admin/trackings/bulk-status): each package is notified and gets its history row on the
// server, in one transaction. Shared by the client cards (features/admin/trackings) and the
// Paquetes table (features/admin/packages); each list wraps its rows in its own provider.

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useMutation } from "@tanstack/react-query";
import { Loader2, X } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Select } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { queryClient } from "../query-client";
import type { TrackingStatus } from "../../../shared/domain/statuses";
import { TrackingStatusOptions } from "./tracking-status-options";
import {
  BULK_MAX,
  STATUS_UPDATED_TITLE,
  TRACKING_UPDATE_FAILED,
  TRACKING_UPDATE_FAILED_TITLE,
  BULK_STATUS_ROUTE,
  bulkStatusSummary,
  type TBulkStatusRequest,
} from "../../../shared/api/admin/trackings";
import { routePath } from "../../../shared/api/contract";
import { ADMIN_QUERY_ROOT, sendAdminJson, useChangeErrorToast } from "./admin-api";
import { PACKAGES_KEY, refreshClients, STATS_KEY } from "./admin-queries";
import { useUnpaidDeliveryChoice } from "./unpaid-delivery";

interface BulkSelection {
  selected: ReadonlySet<number>;
  toggle(id: number, on: boolean): void;
  /** Selects or unselects several at once (a page of the Paquetes table). */
  setMany(ids: readonly number[], on: boolean): void;
  clear(): void;
}

const BulkSelectionContext = createContext<BulkSelection | null>(null);

export function BulkSelectionProvider({ children }: { children: ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const setMany = useCallback((ids: readonly number[], on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const toggle = useCallback((id: number, on: boolean) => setMany([id], on), [setMany]);
  const clear = useCallback(() => setSelected(new Set()), []);
  const value = useMemo(() => ({ selected, toggle, setMany, clear }), [selected, toggle, setMany, clear]);
  return <BulkSelectionContext.Provider value={value}>{children}</BulkSelectionContext.Provider>;
}

export function useBulkSelection(): BulkSelection {
  const value = useContext(BulkSelectionContext);
  if (!value) throw new Error("useBulkSelection must be used inside <BulkSelectionProvider>");
  return value;
}

function packagesSelectedText(count: number): string {
  return count === 1 ? "1 paquete seleccionado" : `${count} paquetes seleccionados`;
}

/** The bulk change; every list that shows packages is refetched after it. */
function useBulkStatus(unpaid: ReturnType<typeof useUnpaidDeliveryChoice>, onDone: () => void) {
  const fail = useChangeErrorToast();
  const mutation = useMutation(
    {
      mutationFn: (body: TBulkStatusRequest) => sendAdminJson("POST", routePath(BULK_STATUS_ROUTE), BULK_STATUS_ROUTE.responses[200], body),
      onSuccess: (result) => {
        onDone();
        toast({ title: STATUS_UPDATED_TITLE, description: bulkStatusSummary(result) });
        void refreshClients();
        void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, "client-trackings"] });
        void queryClient.invalidateQueries({ queryKey: PACKAGES_KEY });
        void queryClient.invalidateQueries({ queryKey: STATS_KEY });
      },
      onError: (error, body) => {
        // 'Entregar con saldo pendiente': confirmed, the same change again with the flag (lib/admin/unpaid-delivery).
        if (unpaid.offer(error, () => mutation.mutate({ ...body, entregarConSaldo: true }))) return;
        fail(error, TRACKING_UPDATE_FAILED, TRACKING_UPDATE_FAILED_TITLE);
      },
    },
    queryClient,
  );
  return mutation;
}

/**
 * The bar at the bottom of the screen while packages are selected: fixed to the viewport, so it
 * stays in view at 390 px whatever the scroll; its controls wrap onto more lines on a phone.
 */
export function BulkStatusBar() {
  const { selected, clear } = useBulkSelection();
  const [estado, setEstado] = useState<TrackingStatus>("EN_BODEGA_MIAMI");
  const unpaid = useUnpaidDeliveryChoice();
  const bulk = useBulkStatus(unpaid, clear);
  if (selected.size === 0) return unpaid.dialog;
  const tooMany = selected.size > BULK_MAX;
  return (
    <div
      role="region"
      aria-label="Cambio de estado en lote"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-lg backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:px-6">
        <p className="font-semibold text-ink" aria-live="polite">
          {packagesSelectedText(selected.size)}
        </p>
        <label htmlFor="bulk-estado" className="text-sm text-muted">
          Cambiar estado a
        </label>
        <div className="w-full min-w-0 sm:w-56">
          <Select id="bulk-estado" value={estado} onChange={(e) => setEstado(e.target.value as TrackingStatus)} className="h-10">
            <TrackingStatusOptions />
          </Select>
        </div>
        <Button disabled={bulk.isPending || tooMany} onClick={() => bulk.mutate({ ids: [...selected], estado })}>
          {bulk.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          Aplicar a los seleccionados
        </Button>
        <Button variant="ghost" onClick={clear} disabled={bulk.isPending}>
          <X className="h-4 w-4" aria-hidden="true" />
          Quitar selección
        </Button>
        {tooMany ? <p className="text-sm text-destructive-hover">Puedes cambiar hasta {BULK_MAX} paquetes a la vez.</p> : null}
      </div>
      {unpaid.dialog}
    </div>
  );
}
