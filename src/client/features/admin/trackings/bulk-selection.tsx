// Selecting several packages (across the clients on screen) and moving them to one status at
// once: each package is notified and gets its history row on the server, in one transaction.

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { Loader2, X } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/select";
import { ADMIN_TRACKING_STATUSES, TRACKING_STATUS_LABELS, type TrackingStatus } from "../../../../shared/domain/statuses";
import { BULK_MAX } from "../../../../shared/api/admin/trackings";
import { useBulkStatus } from "./api";

interface BulkSelection {
  selected: ReadonlySet<number>;
  toggle(id: number, on: boolean): void;
  clear(): void;
}

const BulkSelectionContext = createContext<BulkSelection | null>(null);

export function BulkSelectionProvider({ children }: { children: ReactNode }) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = useCallback((id: number, on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  const value = useMemo(() => ({ selected, toggle, clear }), [selected, toggle, clear]);
  return <BulkSelectionContext.Provider value={value}>{children}</BulkSelectionContext.Provider>;
}

export function useBulkSelection(): BulkSelection {
  const value = useContext(BulkSelectionContext);
  if (!value) throw new Error("useBulkSelection must be used inside <BulkSelectionProvider>");
  return value;
}

export function packagesSelectedText(count: number): string {
  return count === 1 ? "1 paquete seleccionado" : `${count} paquetes seleccionados`;
}

/** The bar at the bottom of the screen while packages are selected. */
export function BulkStatusBar() {
  const { selected, clear } = useBulkSelection();
  const [estado, setEstado] = useState<TrackingStatus>("EN_BODEGA_MIAMI");
  const bulk = useBulkStatus();
  if (selected.size === 0) return null;
  const tooMany = selected.size > BULK_MAX;
  return (
    <div role="region" aria-label="Cambio de estado en lote" className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 shadow-lg backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 sm:px-6">
        <p className="font-semibold text-ink">{packagesSelectedText(selected.size)}</p>
        <label htmlFor="bulk-estado" className="text-sm text-muted">
          Cambiar estado a
        </label>
        <div className="w-56">
          <Select id="bulk-estado" value={estado} onChange={(e) => setEstado(e.target.value as TrackingStatus)} className="h-10">
            {ADMIN_TRACKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {TRACKING_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <Button
          disabled={bulk.isPending || tooMany}
          onClick={() => bulk.mutate({ ids: [...selected], estado }, { onSuccess: clear })}
        >
          {bulk.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          Aplicar a los seleccionados
        </Button>
        <Button variant="ghost" onClick={clear} disabled={bulk.isPending}>
          <X className="h-4 w-4" aria-hidden="true" />
          Quitar selección
        </Button>
        {tooMany ? <p className="text-sm text-destructive-hover">Puedes cambiar hasta {BULK_MAX} paquetes a la vez.</p> : null}
      </div>
    </div>
  );
}
