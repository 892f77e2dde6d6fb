// Cuentas por cobrar (issue 21, docs/decisions/138): the clients with a balance, oldest debt first,
// each a card on a phone and a row on a wider screen, with its age badge (0–7, 8–30, > 30 días),
// the search, the totals, pages, and a dialog with the client's due packages (stored amounts).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Pagination } from "../../../components/ui/pagination";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { queryClient } from "../../../lib/query-client";
import { ADMIN_QUERY_ROOT, getAdminJson, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { useDebouncedValue } from "../../../lib/admin/use-debounced-value";
import { formatColones, formatDate } from "../../../../shared/domain/format";
import { trackingStatusLabel } from "../../../../shared/domain/statuses";
import {
  CASH_RECEIVABLE_ROUTE,
  CASH_RECEIVABLES_ROUTE,
  RECEIVABLE_DETAIL_FAILED,
  RECEIVABLES_EMPTY,
  RECEIVABLES_LOAD_FAILED,
  RECEIVABLES_NOT_READY,
  RECEIVABLES_SEARCH_LABEL,
  RECEIVABLES_TOTAL,
  ZReceivablesQuerySchema,
  ageBandOf,
  daysDueLabel,
  packagesLabel,
  receivablesClientsLabel,
  type TReceivable,
  type TReceivableDetail,
  type TReceivablesResponse,
} from "../../../../shared/api/admin/cash";
import { routePath } from "../../../../shared/api/contract";

const RECEIVABLES_KEY = [ADMIN_QUERY_ROOT, "cash", "receivables"] as const;
const PAGE_SIZE = 20;
const BAND_TONES: Record<string, BadgeTone> = { reciente: "success", medio: "warning", viejo: "danger" };

function AgeBadge({ item }: { item: TReceivable }) {
  if (item.daysDue === null) return <Badge tone="muted">{RECEIVABLES_NOT_READY}</Badge>;
  const band = ageBandOf(item.daysDue);
  return (
    <Badge tone={BAND_TONES[band.key]} title={band.label}>
      {daysDueLabel(item.daysDue)}
    </Badge>
  );
}

function ClientDue({ clientCode, onClose }: { clientCode: string; onClose: () => void }) {
  const detail = useQuery<TReceivableDetail>(
    {
      queryKey: [...RECEIVABLES_KEY, "client", clientCode],
      queryFn: () => getAdminJson(routePath(CASH_RECEIVABLE_ROUTE, { clientCode }), CASH_RECEIVABLE_ROUTE.responses[200]),
    },
    queryClient,
  );
  useLoadErrorToast(detail.error, "Error", RECEIVABLE_DETAIL_FAILED);
  const data = detail.data;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={data ? `${data.nombre} · ${data.clientCode}` : clientCode} description={data ? `${RECEIVABLES_TOTAL}: ${formatColones(data.totalDueColones)}` : undefined}>
        {detail.isPending ? <PanelLoading /> : null}
        {detail.isError ? <PanelMessage tone="error">{RECEIVABLE_DETAIL_FAILED}</PanelMessage> : null}
        {data ? (
          <ul className="grid gap-2">
            {data.packages.map((p) => (
              <li key={p.id} className="grid gap-1 rounded-lg border border-slate-200 p-3 text-sm">
                <p className="font-mono break-all text-ink">{p.trackingCode}</p>
                <p className="text-muted">
                  {trackingStatusLabel(p.estado, p.origen)} · {p.since ? `desde ${formatDate(p.since)}` : RECEIVABLES_NOT_READY}
                </p>
                <dl className="grid grid-cols-3 gap-2">
                  <div>
                    <dt className="text-xs text-muted">Total</dt>
                    <dd className="text-ink">{formatColones(p.totalColones)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted">Pagado</dt>
                    <dd className="text-ink">{formatColones(p.pagadoColones)}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-muted">Saldo</dt>
                    <dd className="font-semibold text-ink">{formatColones(p.saldoColones)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export function ReceivablesPanel({
  search,
  page,
  onChange,
}: {
  search: string;
  page: string;
  onChange: (patch: { buscar?: string; page?: string }) => void;
}) {
  const [typed, setTyped] = useState(search);
  const debounced = useDebouncedValue(typed);
  useEffect(() => {
    if (debounced !== search) onChange({ buscar: debounced });
    // Only the typed text drives this; the address follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const [open, setOpen] = useState<string | null>(null);
  const parsed = ZReceivablesQuerySchema.safeParse({ search: search || undefined, page: page || "1", pageSize: PAGE_SIZE });
  const query = parsed.success ? parsed.data : { search: undefined, page: 1, pageSize: PAGE_SIZE };
  const filter = { search: query.search, page: query.page, pageSize: query.pageSize };
  const list = useQuery<TReceivablesResponse>(
    {
      queryKey: [...RECEIVABLES_KEY, filter],
      queryFn: () => getAdminJson(routePath(CASH_RECEIVABLES_ROUTE, filter), CASH_RECEIVABLES_ROUTE.responses[200]),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  useLoadErrorToast(list.error, "Error", RECEIVABLES_LOAD_FAILED);
  const data = list.data;

  return (
    <div className="grid gap-4">
      <form method="post" role="search" onSubmit={(e) => e.preventDefault()}>
        <Label htmlFor="receivables-search">{RECEIVABLES_SEARCH_LABEL}</Label>
        <Input id="receivables-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} className="mt-1.5" autoComplete="off" />
      </form>
      {data ? (
        <p className="rounded-lg bg-primary-soft p-3 text-ink">
          <span className="font-semibold">
            {RECEIVABLES_TOTAL}: {formatColones(data.totals.totalDueColones)}
          </span>{" "}
          · {receivablesClientsLabel(data.totals.clients)}
        </p>
      ) : null}
      {list.isPending ? <PanelLoading /> : null}
      {list.isError && !data ? <PanelMessage tone="error">{RECEIVABLES_LOAD_FAILED}</PanelMessage> : null}
      {data && data.items.length === 0 ? <PanelMessage>{RECEIVABLES_EMPTY}</PanelMessage> : null}
      {data && data.items.length > 0 ? (
        <ul aria-label="Clientes con saldo" className="grid gap-2">
          {data.items.map((item) => (
            <li
              key={item.clientCode}
              className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[minmax(0,1fr)_auto_auto_auto] sm:items-center sm:gap-4"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words text-ink">
                  {item.nombre} <span className="font-normal text-muted">· {item.clientCode}</span>
                </p>
                <p className="text-sm text-muted">
                  <a href={`tel:${item.telefono}`} className="text-primary underline">
                    {item.telefono}
                  </a>{" "}
                  · {packagesLabel(item.packages)}
                </p>
              </div>
              <AgeBadge item={item} />
              <p className="font-semibold text-ink">{formatColones(item.totalDueColones)}</p>
              <Button type="button" variant="outline" size="sm" onClick={() => setOpen(item.clientCode)} aria-label={`Ver paquetes de ${item.nombre}`}>
                Ver paquetes
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {data ? (
        <Pagination
          page={query.page}
          pageSize={query.pageSize}
          total={data.totals.clients}
          onPage={(p) => onChange({ page: String(p) })}
          label="Páginas de cuentas por cobrar"
        />
      ) : null}
      {open ? <ClientDue clientCode={open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
