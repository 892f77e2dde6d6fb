// The packages section of a client card: the count, 'Agregar' and the expand toggle; expanded,
// the packages (those the filters matched first and highlighted), and 'Ver todos' when the client
// has more than the page carries.

import { useState } from "react";
import { ChevronDown, Package, Plus } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { cn } from "../../../lib/cn";
import { NO_TRACKINGS, type TAdminClient } from "../../../../shared/api/admin/clients";
import type { TMessagingStatus } from "../../../../shared/api/notifications";
import { useAllClientTrackings } from "./api";
import { TrackingFormDialog } from "./tracking-form-dialog";
import { TrackingRow } from "./tracking-row";

export interface ClientTrackingsProps {
  client: TAdminClient;
  rate: number;
  messaging: TMessagingStatus;
  /** A filter or search is active: matching packages are highlighted and the list starts open. */
  filtering: boolean;
}

export function ClientTrackings({ client, rate, messaging, filtering }: ClientTrackingsProps) {
  const anyMatch = filtering && client.trackings.some((t) => t.matchesFilters);
  const [expanded, setExpanded] = useState(anyMatch);
  // A new search or filter that matches this client's packages opens them.
  const [matchedBefore, setMatchedBefore] = useState(anyMatch);
  if (matchedBefore !== anyMatch) {
    setMatchedBefore(anyMatch);
    if (anyMatch) setExpanded(true);
  }
  const [adding, setAdding] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const all = useAllClientTrackings(client.id, expanded && showAll);
  const listId = `trackings-${client.id}`;

  const matched = new Set(filtering ? client.trackings.filter((t) => t.matchesFilters).map((t) => t.id) : []);
  const trackings = showAll && all.data ? all.data.trackings : client.trackings;
  const hidden = client.trackingCount - client.trackings.length;

  return (
    <section className="mt-4 border-t border-slate-200 pt-4" aria-label={`Trackings de ${client.nombre}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="flex items-center gap-2 font-semibold text-ink">
          <Package className="h-5 w-5 text-primary" aria-hidden="true" />
          Trackings ({client.trackingCount})
        </h4>
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Agregar
          </Button>
          <Button size="sm" variant="ghost" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((v) => !v)}>
            {expanded ? "Ocultar" : "Ver trackings"}
            <ChevronDown className={cn("h-4 w-4 transition-transform", expanded && "rotate-180")} aria-hidden="true" />
          </Button>
        </div>
      </div>

      {expanded ? (
        <div id={listId} className="mt-3">
          {client.trackingCount === 0 ? (
            <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-muted">{NO_TRACKINGS}</p>
          ) : (
            <ul className="space-y-3">
              {trackings.map((t) => (
                <TrackingRow
                  key={t.id}
                  tracking={t}
                  clientCode={client.clientCode}
                  clientNombre={client.nombre}
                  clientTelefono={client.telefono}
                  rate={rate}
                  messaging={messaging}
                  highlighted={matched.has(t.id)}
                />
              ))}
            </ul>
          )}
          {hidden > 0 && !showAll ? (
            <Button size="sm" variant="ghost" className="mt-3" onClick={() => setShowAll(true)}>
              Ver todos ({client.trackingCount})
            </Button>
          ) : null}
          {showAll && all.isPending ? <p className="mt-3 text-sm text-muted">Cargando trackings…</p> : null}
        </div>
      ) : null}

      <Dialog open={adding} onOpenChange={setAdding}>
        {adding ? <TrackingFormDialog clientCode={client.clientCode} clientNombre={client.nombre} onDone={() => setAdding(false)} /> : null}
      </Dialog>
    </section>
  );
}
