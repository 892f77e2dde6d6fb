// The client's packages on /rastreo, built to hold a big client (issue 36 item 4, decision 218):
// a status filter, the packages on their way in full ten at a time ("Ver más"), and the delivered
// ones folded into short rows ("Entregados", ten to a page), each opening its full card. A
// package to highlight (just pre-alerted) is always brought into view.

import { useEffect, useId, useState, type ReactNode } from "react";
import { ChevronDown, PackageCheck } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Pagination } from "../../components/ui/pagination";
import { Select } from "../../components/ui/select";
import { cn } from "../../lib/cn";
import { formatColones, formatDate } from "../../../shared/domain/format";
import type { TClientTracking } from "../../../shared/api/trackings";
import {
  ALL_PACKAGES,
  DELIVERED_TITLE,
  FILTER_LABEL,
  PACKAGE_PAGE_SIZE,
  filterOptions,
  optionText,
  packagesFor,
  type PackageFilter,
} from "./package-filter";

export interface PackageListProps {
  trackings: readonly TClientTracking[];
  /** A package to show (the one just pre-alerted): the filter goes back to "Todos" if it hides it. */
  highlightId: number | null;
  renderCard: (tracking: TClientTracking) => ReactNode;
}

export function PackageList({ trackings, highlightId, renderCard }: PackageListProps) {
  const [filter, setFilter] = useState<PackageFilter>(ALL_PACKAGES);
  const [shown, setShown] = useState(PACKAGE_PAGE_SIZE);
  const [deliveredOpen, setDeliveredOpen] = useState(false);
  const [page, setPage] = useState(1);
  const selectId = useId();
  const options = filterOptions(trackings);
  // A filter whose packages are all gone (deleted, or moved on) falls back to "Todos".
  const current = options.some((o) => o.value === filter) ? filter : ALL_PACKAGES;
  const { cards, delivered } = packagesFor(trackings, current);

  useEffect(() => {
    if (highlightId === null) return;
    if (!packagesFor(trackings, current).cards.some((t) => t.id === highlightId)) setFilter(ALL_PACKAGES);
  }, [highlightId, trackings, current]);

  function choose(value: PackageFilter) {
    setFilter(value);
    setShown(PACKAGE_PAGE_SIZE);
    setPage(1);
  }

  const deliveredOnly = current === "ENTREGADO";
  const open = deliveredOnly || deliveredOpen;
  const pages = Math.max(1, Math.ceil(delivered.length / PACKAGE_PAGE_SIZE));
  const onPage = Math.min(page, pages);
  const rows = delivered.slice((onPage - 1) * PACKAGE_PAGE_SIZE, onPage * PACKAGE_PAGE_SIZE);

  return (
    <div className="grid gap-4">
      {trackings.length > PACKAGE_PAGE_SIZE ? (
        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor={selectId}>{FILTER_LABEL}</Label>
          <Select id={selectId} value={current} onChange={(event) => choose(event.target.value as PackageFilter)}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {optionText(option)}
              </option>
            ))}
          </Select>
        </div>
      ) : null}

      {cards.length > 0 ? (
        <>
          <ul className="grid gap-4" aria-label="Tus paquetes">
            {cards.slice(0, shown).map((tracking) => (
              <li key={tracking.id}>{renderCard(tracking)}</li>
            ))}
          </ul>
          {cards.length > shown ? (
            <Button variant="outline" className="justify-self-center" onClick={() => setShown(shown + PACKAGE_PAGE_SIZE)}>
              {`Ver ${Math.min(PACKAGE_PAGE_SIZE, cards.length - shown)} paquetes más (${cards.length - shown} sin mostrar)`}
            </Button>
          ) : null}
        </>
      ) : null}

      {delivered.length > 0 ? (
        <Card className="p-0">
          <section aria-label={`${DELIVERED_TITLE} (${delivered.length})`} className="grid gap-3 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="flex items-center gap-2 font-semibold text-ink">
                <PackageCheck className="h-5 w-5 text-emerald-700" aria-hidden="true" />
                {`${DELIVERED_TITLE} (${delivered.length})`}
              </h3>
              {deliveredOnly ? null : (
                <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setDeliveredOpen(!open)}>
                  <ChevronDown className={cn("h-4 w-4 transition-transform", open && "rotate-180")} aria-hidden="true" />
                  {open ? "Ocultar entregados" : "Ver entregados"}
                </Button>
              )}
            </div>
            {open ? (
              <>
                <ul className="grid gap-2" aria-label={`${DELIVERED_TITLE}, página ${onPage} de ${pages}`}>
                  {rows.map((tracking) => (
                    <DeliveredRow key={tracking.id} tracking={tracking} renderCard={renderCard} />
                  ))}
                </ul>
                <Pagination page={onPage} pageSize={PACKAGE_PAGE_SIZE} total={delivered.length} onPage={setPage} label={`Páginas de ${DELIVERED_TITLE.toLowerCase()}`} />
              </>
            ) : null}
          </section>
        </Card>
      ) : null}
    </div>
  );
}

/** A delivered package as one short row (code, when, amount); its full card behind "Ver detalle". */
function DeliveredRow({ tracking, renderCard }: { tracking: TClientTracking; renderCard: (t: TClientTracking) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const when = tracking.delivery?.deliveredAt ?? tracking.lastEventAt;
  return (
    <li className="rounded-lg border border-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 p-3 text-sm">
        <span className="min-w-0">
          <span className="block font-mono font-semibold break-all text-ink">{tracking.trackingCode}</span>
          <span className="text-muted">
            {when ? `Entregado el ${formatDate(when)}` : "Entregado"}
            {tracking.cargo ? ` · ${formatColones(tracking.cargo.totalColones)}` : ""}
          </span>
        </span>
        <Button variant="ghost" size="sm" aria-expanded={open} onClick={() => setOpen(!open)} aria-label={`${open ? "Ocultar" : "Ver"} detalle de ${tracking.trackingCode}`}>
          <ChevronDown className={cn("h-4 w-4 transition-transform", open && "rotate-180")} aria-hidden="true" />
          {open ? "Ocultar" : "Ver detalle"}
        </Button>
      </div>
      {open ? <div className="border-t border-slate-100">{renderCard(tracking)}</div> : null}
    </li>
  );
}
