// The packages section of a client card: the count, 'Agregar' and the expand toggle; expanded,
// the packages (those the filters matched first and highlighted), and 'Ver todos' when the client
// has more than the page carries: then the packages come a page of 20 at a time (Anterior /
// Siguiente, 'N de M'), never one card thousands of pixels tall (issue 18 item 13).

import { startTransition, useEffect, useState, type ReactNode } from "react";
import { useSearchParams } from "wouter";
import { ChevronDown, Package, Plus } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { cn } from "../../../lib/cn";
import { NO_TRACKINGS, type TAdminClient } from "../../../../shared/api/admin/clients";
import type { TMessagingStatus } from "../../../../shared/api/notifications";
import { Pagination } from "../../../components/ui/pagination";
import { useClientTrackingsPage } from "./api";
import { TrackingFormDialog } from "./tracking-form-dialog";
import { TrackingRow } from "./tracking-row";

export interface ClientTrackingsProps {
  client: TAdminClient;
  rate: number;
  messaging: TMessagingStatus;
  /** A filter or search is active: matching packages are highlighted and the list starts open. */
  filtering: boolean;
}

/**
 * Rows drawn in the first paint of an opened card. Its packages come matches first, so a search's
 * match is among them; the others (up to 50 editable rows, some 20 ms each on a modest PC) follow
 * in a background render right after (a transition, which yields to the browser): the card and
 * its match are on screen without waiting for them (issue 37 item 3). Only the opening is split;
 * later changes (a page of 'Ver todos') draw at once. `data-rows-pending` marks the list until
 * every row is there (bench/admin-browser.ts reports both moments).
 */
const FIRST_ROWS = 5;

function TrackingRows({ count, render }: { count: number; render: (index: number) => ReactNode }) {
  const [opened, setOpened] = useState(count <= FIRST_ROWS);
  useEffect(() => {
    if (!opened) startTransition(() => setOpened(true));
  }, [opened]);
  const shown = opened ? count : FIRST_ROWS;
  return (
    <ul className="space-y-3" data-rows-pending={shown < count ? "" : undefined}>
      {Array.from({ length: Math.min(shown, count) }, (_, i) => render(i))}
    </ul>
  );
}

export function ClientTrackings({ client, rate, messaging, filtering }: ClientTrackingsProps) {
  // The panel's search and package filters, read from the address: the packages they match lead page 1.
  const [params] = useSearchParams();
  // A search that finds this client by one of its packages opens them. A status or update filter
  // matches packages of every client on the page at once: opening them all drew some 150 editable
  // rows (over a second on a phone-class CPU), so those cards stay closed, the matching packages
  // highlighted when opened; the Paquetes section lists them all (docs/decisions/123).
  const anyMatch = filtering && Boolean(params.get("q")?.trim()) && client.trackings.some((t) => t.matchesFilters);
  const [expanded, setExpanded] = useState(anyMatch);
  // A new search that matches this client's packages opens them.
  const [matchedBefore, setMatchedBefore] = useState(anyMatch);
  if (matchedBefore !== anyMatch) {
    setMatchedBefore(anyMatch);
    if (anyMatch) setExpanded(true);
  }
  const [adding, setAdding] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(1);
  const matchParams = filtering
    ? { q: params.get("q") ?? undefined, estado: params.get("estado") ?? undefined, update: params.get("update") ?? undefined }
    : {};
  const all = useClientTrackingsPage(client.id, { page, ...matchParams }, expanded && showAll);
  const listId = `trackings-${client.id}`;

  const matched = new Set(filtering ? client.trackings.filter((t) => t.matchesFilters).map((t) => t.id) : []);
  const paged = showAll && all.data;
  const trackings = paged ? all.data.trackings : client.trackings;
  const hidden = client.trackingCount - client.trackings.length;
  const isMatch = (t: (typeof trackings)[number]) => matched.has(t.id) || (filtering && paged && t.matchesFilters);

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
            <TrackingRows
              count={trackings.length}
              render={(i) => {
                const t = trackings[i];
                return (
                <TrackingRow
                  key={t.id}
                  tracking={t}
                  clientCode={client.clientCode}
                  clientNombre={client.nombre}
                  clientTelefono={client.telefono}
                  rate={rate}
                  messaging={messaging}
                  highlighted={Boolean(isMatch(t))}
                />
                );
              }}
            />
          )}
          {hidden > 0 && !showAll ? (
            <Button size="sm" variant="ghost" className="mt-3" onClick={() => setShowAll(true)}>
              Ver todos ({client.trackingCount})
            </Button>
          ) : null}
          {showAll && all.isPending ? <p className="mt-3 text-sm text-muted">Cargando trackings…</p> : null}
          {paged ? (
            <div className={cn(all.isPlaceholderData && "opacity-60")} aria-busy={all.isPlaceholderData}>
              <Pagination
                page={all.data.page}
                pageSize={all.data.pageSize}
                total={all.data.total}
                onPage={(next) => {
                  setPage(next);
                  // The new page starts where the list starts, not under the buttons.
                  document.getElementById(listId)?.scrollIntoView?.({ block: "start" });
                }}
                label={`Páginas de trackings de ${client.nombre}`}
              />
              <Button
                size="sm"
                variant="ghost"
                className="mt-2"
                onClick={() => {
                  setShowAll(false);
                  setPage(1);
                }}
              >
                Ver solo los primeros
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}

      <Dialog open={adding} onOpenChange={setAdding}>
        {adding ? <TrackingFormDialog clientCode={client.clientCode} clientNombre={client.nombre} onDone={() => setAdding(false)} /> : null}
      </Dialog>
    </section>
  );
}
