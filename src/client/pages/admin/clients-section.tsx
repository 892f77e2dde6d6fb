// Clientes (/admin, staff-side §2): the quick filters, kept in the address (issue 18, item 11),
// the three stat cards, what a search finds (clients, and the packages it matches right under the
// box: item 10), the registered clients, then the charts. The list is filtered, searched and
// paged on the server.

import { useEffect, useRef, useState } from "react";
import { Search, SlidersHorizontal, X } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { useExchangeRate } from "../../lib/use-exchange-rate";
import { prefetchAdminClients, useAdminClients, useClientStats, type ClientsPageParams } from "../../features/admin/clients/api";
import { ClientsList } from "../../features/admin/clients/clients-list";
import type { ClientTrackingsSlotProps } from "../../features/admin/clients/client-card";
import { ClientTrackings } from "../../features/admin/trackings/client-trackings";
import { PackageResults, prefetchPackageResults } from "../../features/admin/packages/package-results";
import { StatCards } from "../../features/admin/stats/stat-cards";
import { AdminCharts } from "../../features/admin/stats/charts";
import { BulkSelectionProvider, BulkStatusBar } from "../../features/admin/trackings/bulk-selection";
import {
  ADMIN_PAGE_SIZE_DEFAULT,
  CLEAR_FILTERS,
  STATUS_FILTER_ALL_LABEL,
  UPDATE_FILTERS,
  UPDATE_FILTER_LABELS,
  WHATSAPP_FILTERS,
  WHATSAPP_FILTER_LABELS,
  hasActiveFilters,
  type StatusFilter,
  type UpdateFilter,
  type WhatsappFilter,
} from "../../../shared/api/admin/clients";
import { ADMIN_TRACKING_STATUSES } from "../../../shared/domain/statuses";
import { useDebouncedValue } from "../../lib/admin/use-debounced-value";
import { useUrlFilters } from "../../lib/admin/use-url-filters";
import { TrackingStatusOptions } from "../../lib/admin/tracking-status-options";

const URL_DEFAULTS = { q: "", whatsapp: "todos", update: "todos", estado: "todos", page: "1" };

/** The cards' packages slot, one function for every render (the cards are memoized on their props). */
const renderTrackings = (props: ClientTrackingsSlotProps) => <ClientTrackings {...props} />;

function oneOf<T extends string>(value: string, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The search box's text: shown as typed at once, written to the address after a pause (one
 * history entry per search), and replaced when the address changes by itself (Back, a link).
 */
function useSearchText(urlQ: string, write: (q: string) => void): [string, (text: string) => void] {
  const [text, setText] = useState(urlQ);
  const debounced = useDebouncedValue(text);
  const written = useRef(urlQ);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    write(debounced);
    // Only a new pause in typing writes; the writer changes with every address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    if (urlQ === written.current) return;
    written.current = urlQ;
    setText(urlQ);
  }, [urlQ]);
  return [text, setText];
}

/**
 * The search field. Its text is its own state, so a key press redraws only the field, not the
 * page of client cards under it (each with its packages' fields).
 */
function SearchBox({ urlQ, write }: { urlQ: string; write: (q: string) => void }) {
  const [text, setText] = useSearchText(urlQ, write);
  return (
    <div className="relative mt-1.5">
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
      <Input
        id="filter-q"
        type="search"
        placeholder="Nombre, código, tracking o teléfono"
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="pl-9"
      />
    </div>
  );
}

type ClientsUrlValues = typeof URL_DEFAULTS;

/** The list's parameters an address holds (unknown values read as 'todos', a bad page as 1). */
function pageParamsOf(values: ClientsUrlValues): ClientsPageParams {
  return {
    q: values.q,
    whatsapp: oneOf<WhatsappFilter>(values.whatsapp, WHATSAPP_FILTERS, "todos"),
    update: oneOf<UpdateFilter>(values.update, UPDATE_FILTERS, "todos"),
    estado: oneOf<StatusFilter>(values.estado, ["todos", ...ADMIN_TRACKING_STATUSES], "todos"),
    page: Math.max(1, Number.parseInt(values.page, 10) || 1),
    pageSize: ADMIN_PAGE_SIZE_DEFAULT,
  };
}

/** A filter chosen, a search written or a page clicked: the new page is asked for before the redraw. */
const askBeforeRedraw = (next: ClientsUrlValues) => prefetchAdminClients(pageParamsOf(next));

export function ClientsSection() {
  const { rate } = useExchangeRate();
  const { values, set, reset } = useUrlFilters(URL_DEFAULTS, askBeforeRedraw);
  const params = pageParamsOf(values);
  const filtering = hasActiveFilters(params);
  const clients = useAdminClients(params);
  const stats = useClientStats();

  return (
    <BulkSelectionProvider>
      <Card className="p-5" role="search" aria-labelledby="filters-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="filters-heading" className="flex items-center gap-2 text-lg font-bold text-ink">
            <SlidersHorizontal className="h-5 w-5 text-primary" aria-hidden="true" />
            Filtros rápidos
          </h2>
          {filtering ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={reset}
            >
              <X className="h-4 w-4" aria-hidden="true" />
              {CLEAR_FILTERS}
            </Button>
          ) : null}
        </div>
        <div className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          <div>
            <label htmlFor="filter-q" className="text-sm font-medium text-ink">
              Buscar
            </label>
            <SearchBox
              urlQ={values.q}
              write={(q) => {
                // The answers are asked for first (the list's by askBeforeRedraw); the redraw for
                // the new address overlaps them.
                prefetchPackageResults(q);
                set({ q }, { replace: true });
              }}
            />
          </div>
          <div>
            <label htmlFor="filter-whatsapp" className="text-sm font-medium text-ink">
              WhatsApp de bienvenida
            </label>
            <div className="mt-1.5">
              <Select id="filter-whatsapp" value={params.whatsapp} onChange={(e) => set({ whatsapp: e.target.value })}>
                {WHATSAPP_FILTERS.map((f) => (
                  <option key={f} value={f}>
                    {WHATSAPP_FILTER_LABELS[f]}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <div>
            <label htmlFor="filter-update" className="text-sm font-medium text-ink">
              Actualización de trackings
            </label>
            <div className="mt-1.5">
              <Select id="filter-update" value={params.update} onChange={(e) => set({ update: e.target.value })}>
                {UPDATE_FILTERS.map((f) => (
                  <option key={f} value={f}>
                    {UPDATE_FILTER_LABELS[f]}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <div>
            <label htmlFor="filter-estado" className="text-sm font-medium text-ink">
              Estado del tracking
            </label>
            <div className="mt-1.5">
              <Select id="filter-estado" value={params.estado} onChange={(e) => set({ estado: e.target.value })}>
                <option value="todos">{STATUS_FILTER_ALL_LABEL}</option>
                <TrackingStatusOptions />
              </Select>
            </div>
          </div>
        </div>
      </Card>

      <PackageResults q={values.q} />
      <StatCards stats={stats.data} filteredTotal={clients.data?.filteredTotal} filtering={filtering} />
      <ClientsList
        renderTrackings={renderTrackings}
        data={clients.data}
        loading={clients.isFetching}
        failed={clients.isError}
        filtering={filtering}
        rate={rate}
        onPage={(next) => {
          set({ page: String(next) });
          document.getElementById("clients-heading")?.scrollIntoView({ behavior: "smooth", block: "start" });
        }}
      />
      <AdminCharts />
      <BulkStatusBar />
    </BulkSelectionProvider>
  );
}
