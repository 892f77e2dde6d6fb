// The Paquetes section (issue 18 item 12): every client's packages in one server-paged table. The
// filters, the sort and the page live in the address (useUrlFilters), so a reload, Back and a
// shared link show the same list; column headers sort (aria-sort); row checkboxes and 'select this
// page' feed the bulk status bar, fixed to the bottom of the screen (new filters clear the
// selection; paging and sorting keep it). On a phone the table scrolls
// sideways inside its own box; the page itself never overflows. Each row's 'Editar' changes the
// status and the measure (what Bodega may change, issue 19); for Bodega, who may not open
// Clientes, the client's name is text instead of a link.

import { BalanceBadge } from "../../../lib/admin/unpaid-delivery";
import { useEffect, useId, useRef, useState, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from "react";
import { Link } from "wouter";
import { ArrowDown, ArrowUp, ArrowUpDown, Package, Pencil, RotateCcw } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Dialog } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Pagination } from "../../../components/ui/pagination";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { Select } from "../../../components/ui/select";
import { BulkSelectionProvider, BulkStatusBar, useBulkSelection } from "../../../lib/admin/bulk-status";
import { STATUS_TONES } from "../../../lib/admin/status-tones";
import { useDebouncedValue } from "../../../lib/admin/use-debounced-value";
import { useUrlFilters, type UrlFilters } from "../../../lib/admin/use-url-filters";
import { mayOpen, useAdminSession } from "../../../lib/admin/admin-session";
import { cn } from "../../../lib/cn";
import { CARRIERS } from "../../../../shared/domain/carriers";
import { EMPTY_VALUE, formatColones, formatDate, formatDateTime, formatQuantityText } from "../../../../shared/domain/format";
import { ORIGINS, SHIPPING_TYPE_LABELS, SHIPPING_TYPES, TRACKING_STATUS_LABELS, trackingStatusLabel } from "../../../../shared/domain/statuses";
import {
  CARRIER_NONE,
  NO_PACKAGES_MATCH,
  NO_PACKAGES_YET,
  PACKAGE_DIR_DEFAULT,
  PACKAGE_PAGE_SIZE_DEFAULT,
  PACKAGE_PAGE_SIZES,
  PACKAGE_SORT_DEFAULT,
  PACKAGE_SORT_LABELS,
  PACKAGE_STATUS_OPTIONS,
  PACKAGES_LOAD_FAILED,
  PACKAGES_TITLE,
  ZAdminPackagesQuerySchema,
  packagesCountText,
  type PackageSort,
  type SortDirection,
  type TAdminPackageRow,
  type TAdminPackagesQuery,
} from "../../../../shared/api/admin/packages";
import { CLEAR_FILTERS } from "../../../../shared/api/admin/clients";
import { prefetchAdminPackages, useAdminPackages } from "./api";
import { PackageEditDialog } from "./package-edit-dialog";

/** The section's address: every value a string, defaults left out of the URL. */
const PACKAGE_URL_DEFAULTS = {
  q: "",
  estado: "todos",
  origen: "todos",
  formaEnvio: "todos",
  carrier: "todos",
  desde: "",
  hasta: "",
  needsUpdate: "",
  sinMonto: "",
  sort: PACKAGE_SORT_DEFAULT as string,
  dir: PACKAGE_DIR_DEFAULT as string,
  page: "1",
  pageSize: String(PACKAGE_PAGE_SIZE_DEFAULT),
};
type PackageUrlValues = typeof PACKAGE_URL_DEFAULTS;

/** The direction a column sorts in when first chosen: dates, weights and amounts biggest first. */
const FIRST_DIRECTION: Record<PackageSort, SortDirection> = {
  fecha: "desc",
  actualizado: "desc",
  peso: "desc",
  monto: "desc",
  cliente: "asc",
  tracking: "asc",
  estado: "asc",
};

const FILTER_KEYS = ["q", "estado", "origen", "formaEnvio", "carrier", "desde", "hasta", "needsUpdate", "sinMonto"] as const;

/** The address read through the call's own schema: a hand-edited bad value is shown, never sent. */
function parseAddress(values: PackageUrlValues): { query: TAdminPackagesQuery; error: null } | { query: null; error: string } {
  const input = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));
  const parsed = ZAdminPackagesQuerySchema.safeParse(input);
  return parsed.success ? { query: parsed.data, error: null } : { query: null, error: parsed.error.issues[0]?.message ?? PACKAGES_LOAD_FAILED };
}

export function PackagesSection() {
  return (
    <BulkSelectionProvider>
      <PackagesSectionBody />
    </BulkSelectionProvider>
  );
}

/** A filter, sort or page chosen: the new page is asked for before the table redraws (decision 232). */
function askBeforeRedraw(next: PackageUrlValues): void {
  const { query } = parseAddress(next);
  if (query) prefetchAdminPackages(query);
}

function PackagesSectionBody() {
  const filters = useUrlFilters(PACKAGE_URL_DEFAULTS, askBeforeRedraw);
  const { values } = filters;
  const { query, error } = parseAddress(values);
  const packages = useAdminPackages(query);
  const { selected, clear } = useBulkSelection();
  const data = packages.data;
  const filtering = FILTER_KEYS.some((k) => values[k] !== PACKAGE_URL_DEFAULTS[k]);
  // New filters drop the selection: a bulk change only moves packages staff can still see the
  // kind of (a selection does survive paging and sorting, which keep the same list).
  const filterKey = FILTER_KEYS.map((k) => values[k]).join("\n");
  useEffect(() => clear(), [filterKey, clear]);

  const sortBy = (column: PackageSort) => {
    const dir = values.sort === column ? (values.dir === "asc" ? "desc" : "asc") : FIRST_DIRECTION[column];
    filters.set({ sort: column, dir });
  };

  return (
    <section aria-labelledby="packages-heading" className={cn("space-y-4", selected.size > 0 && "pb-64 sm:pb-24")}>
      <h2 id="packages-heading" className="flex flex-wrap items-center gap-2 text-xl font-bold text-ink">
        <Package className="h-6 w-6 text-primary" aria-hidden="true" />
        {PACKAGES_TITLE}
        {data ? <span className="text-base font-normal text-muted">({packagesCountText(data.total)})</span> : null}
      </h2>

      <PackageFilters filters={filters} filtering={filtering} />

      {error ? (
        <Card className="p-4" role="alert">
          <PanelMessage tone="error">{error}</PanelMessage>
          <div className="flex justify-center">
            <Button variant="outline" onClick={filters.reset}>
              {CLEAR_FILTERS}
            </Button>
          </div>
        </Card>
      ) : packages.isError && !data ? (
        <Card>
          <PanelMessage tone="error">{PACKAGES_LOAD_FAILED}</PanelMessage>
        </Card>
      ) : !data ? (
        <Card>
          <PanelLoading />
        </Card>
      ) : data.packages.length === 0 ? (
        <Card>
          <PanelMessage>{filtering ? NO_PACKAGES_MATCH : NO_PACKAGES_YET}</PanelMessage>
        </Card>
      ) : (
        <div className={packages.isPlaceholderData ? "opacity-60 transition-opacity" : undefined} aria-busy={packages.isFetching}>
          <PackagesTable rows={data.packages} sort={query!.sort} dir={query!.dir} onSort={sortBy} />
        </div>
      )}

      {data && !error ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <PageSizeSelect value={values.pageSize} onChange={(pageSize) => filters.set({ pageSize })} />
          <div className="w-full min-w-0 sm:w-auto sm:flex-1">
            <Pagination
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(page) => filters.set({ page: String(page) })}
              label="Páginas de paquetes"
            />
          </div>
        </div>
      ) : null}
      <BulkStatusBar />
    </section>
  );
}

// --- Filters ---

function Field({ label, htmlFor, children, className }: { label: string; htmlFor: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn("min-w-0 space-y-1", className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

function PackageFilters({ filters, filtering }: { filters: UrlFilters<PackageUrlValues>; filtering: boolean }) {
  const id = useId();
  const { values, set } = filters;
  const [text, setText] = useState(values.q);
  const typed = useDebouncedValue(text);
  // The value this box last wrote: a different one in the address came from Back or 'Limpiar'.
  const written = useRef(values.q);
  useEffect(() => {
    if (values.q !== written.current) {
      written.current = values.q;
      setText(values.q);
    }
  }, [values.q]);
  useEffect(() => {
    const next = typed.trim();
    if (next === written.current.trim()) return;
    written.current = next;
    // One history entry per search, not per key.
    set({ q: next }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new typed value writes the address
  }, [typed]);

  const select = (key: keyof PackageUrlValues) => ({
    id: `${id}-${key}`,
    value: values[key],
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
    className: "h-10",
  });

  return (
    <Card className="p-4">
      <form method="post" role="search" aria-label="Filtros de paquetes" onSubmit={(e) => e.preventDefault()} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Buscar" htmlFor={`${id}-q`} className="sm:col-span-2 lg:col-span-4">
          <Input
            id={`${id}-q`}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Tracking (cualquier parte), cliente, código o teléfono"
            maxLength={100}
            autoComplete="off"
          />
        </Field>
        <Field label="Estado" htmlFor={`${id}-estado`}>
          <Select {...select("estado")}>
            <option value="todos">Todos</option>
            {PACKAGE_STATUS_OPTIONS.map((s) => (
              <option key={s} value={s}>
                {TRACKING_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Origen" htmlFor={`${id}-origen`}>
          <Select {...select("origen")}>
            <option value="todos">Todos</option>
            {ORIGINS.map((o) => (
              <option key={o} value={o}>
                {o === "CHINA" ? "China" : o}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Tipo de envío" htmlFor={`${id}-formaEnvio`}>
          <Select {...select("formaEnvio")}>
            <option value="todos">Todos</option>
            {SHIPPING_TYPES.map((s) => (
              <option key={s} value={s}>
                {SHIPPING_TYPE_LABELS[s]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Carrier" htmlFor={`${id}-carrier`}>
          <Select {...select("carrier")}>
            <option value="todos">Todos</option>
            {CARRIERS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
            <option value={CARRIER_NONE}>Sin carrier</option>
            {/* A carrier typed by staff and shared in a link still shows as chosen. */}
            {values.carrier !== "todos" && values.carrier !== CARRIER_NONE && !(CARRIERS as readonly string[]).includes(values.carrier) ? (
              <option value={values.carrier}>{values.carrier}</option>
            ) : null}
          </Select>
        </Field>
        <Field label="Creado desde" htmlFor={`${id}-desde`}>
          <Input id={`${id}-desde`} type="date" value={values.desde} max={values.hasta || undefined} onChange={(e) => set({ desde: e.target.value })} className="h-10" />
        </Field>
        <Field label="Creado hasta" htmlFor={`${id}-hasta`}>
          <Input id={`${id}-hasta`} type="date" value={values.hasta} min={values.desde || undefined} onChange={(e) => set({ hasta: e.target.value })} className="h-10" />
        </Field>
        <Field label="Actualización" htmlFor={`${id}-needsUpdate`}>
          <Select {...select("needsUpdate")}>
            <option value="">Todos</option>
            <option value="true">Necesitan actualización</option>
            <option value="false">Al día</option>
          </Select>
        </Field>
        {/* Issue 32 (decision 152): what the warehouse still has to weigh or price before it can be ready. */}
        <Field label="Monto" htmlFor={`${id}-sinMonto`}>
          <Select {...select("sinMonto")}>
            <option value="">Todos</option>
            <option value="1">Sin peso o monto (en bodega)</option>
          </Select>
        </Field>
        <div className="flex items-end">
          <Button type="button" variant="ghost" onClick={filters.reset} disabled={!filtering} className="w-full sm:w-auto">
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            {CLEAR_FILTERS}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function PageSizeSelect({ value, onChange }: { value: string; onChange: (pageSize: string) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 pt-4">
      <Label htmlFor={id} className="whitespace-nowrap">
        Por página
      </Label>
      <div className="w-24">
        <Select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="h-9">
          {PACKAGE_PAGE_SIZES.map((n) => (
            <option key={n} value={String(n)}>
              {n}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

// --- Table ---

/** Cells a little narrower than the kit's, so the ten columns fit a 1366 px screen. */
function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn("px-2.5 py-3 font-semibold whitespace-nowrap", className)} {...props} />;
}
function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn("px-2.5 py-3 text-ink", className)} {...props} />;
}

function SortableHead({
  column,
  sort,
  dir,
  onSort,
  className,
}: {
  column: PackageSort;
  sort: PackageSort;
  dir: SortDirection;
  onSort: (column: PackageSort) => void;
  className?: string;
}) {
  const active = sort === column;
  const Icon = !active ? ArrowUpDown : dir === "asc" ? ArrowUp : ArrowDown;
  return (
    <Th aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : "none"} className={cn("p-0", className)}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex w-full items-center gap-1 px-2.5 py-3 text-left font-semibold tracking-wide whitespace-nowrap uppercase hover:text-ink focus-visible:outline-2 focus-visible:outline-primary"
      >
        {PACKAGE_SORT_LABELS[column]}
        <Icon className={cn("h-3.5 w-3.5 shrink-0", active ? "text-ink" : "text-slate-400")} aria-hidden="true" />
      </button>
    </Th>
  );
}

function measureText(row: TAdminPackageRow): string {
  if (!row.pesoPieCubicos) return EMPTY_VALUE;
  return row.formaEnvio === "BARCO" ? `${formatQuantityText(row.pesoPieCubicos, 3)} pies³` : `${formatQuantityText(row.pesoPieCubicos, 0)} g`;
}

function PackagesTable({
  rows,
  sort,
  dir,
  onSort,
}: {
  rows: TAdminPackageRow[];
  sort: PackageSort;
  dir: SortDirection;
  onSort: (column: PackageSort) => void;
}) {
  const { selected, toggle, setMany } = useBulkSelection();
  // Bodega may not open Clientes (the server refuses it): the client's name is text, not a link.
  const clientLinks = mayOpen(useAdminSession().staff, "/admin");
  const [editing, setEditing] = useState<TAdminPackageRow | null>(null);
  const ids = rows.map((r) => r.id);
  const onPage = ids.filter((i) => selected.has(i)).length;
  const pageBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = onPage > 0 && onPage < ids.length;
  }, [onPage, ids.length]);
  const head = { sort, dir, onSort };

  return (
    <div className="relative w-full overflow-x-auto rounded-lg border border-slate-200 bg-white" role="region" aria-label="Tabla de paquetes" tabIndex={0}>
      <table className="w-full min-w-[60rem] border-collapse text-left text-sm" aria-label="Paquetes">
      <thead className="bg-slate-50 text-xs tracking-wide text-muted uppercase">
        <tr>
          <Th className="w-10">
            <input
              ref={pageBox}
              type="checkbox"
              className="h-4 w-4 accent-primary"
              checked={ids.length > 0 && onPage === ids.length}
              onChange={(e) => setMany(ids, e.target.checked)}
              aria-label="Seleccionar los paquetes de esta página"
            />
          </Th>
          <SortableHead column="tracking" {...head} />
          <SortableHead column="cliente" {...head} />
          <SortableHead column="estado" {...head} />
          <Th>Envío / carrier</Th>
          <SortableHead column="peso" {...head} className="text-right" />
          <SortableHead column="monto" {...head} className="text-right" />
          <SortableHead column="fecha" {...head} />
          <SortableHead column="actualizado" {...head} />
          <Th>
            <span className="sr-only">Acciones</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {rows.map((row) => (
          <tr key={row.id} className={cn("align-top hover:bg-slate-50/60", selected.has(row.id) && "bg-primary-soft/40")}>
            <Td>
              <input
                type="checkbox"
                className="h-4 w-4 accent-primary"
                checked={selected.has(row.id)}
                onChange={(e) => toggle(row.id, e.target.checked)}
                aria-label={`Seleccionar ${row.trackingCode}`}
              />
            </Td>
            <Td className="max-w-[12rem] font-mono font-semibold break-all">{row.trackingCode}</Td>
            <Td>
              {clientLinks ? (
                <Link
                  href={`~/admin?q=${encodeURIComponent(row.clientCode)}`}
                  className="font-medium text-primary underline-offset-2 hover:underline"
                  aria-label={`${row.clientName}, ${row.clientCode}: ver cliente`}
                >
                  {row.clientName}
                </Link>
              ) : (
                <span className="font-medium text-ink">{row.clientName}</span>
              )}
              <div className="font-mono text-xs text-muted">{row.clientCode}</div>
            </Td>
            <Td>
              <Badge tone={STATUS_TONES[row.estado]}>{trackingStatusLabel(row.estado, row.origen)}</Badge>
            </Td>
            <Td>
              <span className="whitespace-nowrap">
                {row.origen === "CHINA" ? "China" : row.origen} · {SHIPPING_TYPE_LABELS[row.formaEnvio]}
              </span>
              <div className="text-xs text-muted">{row.carrier ?? "Sin carrier"}</div>
            </Td>
            <Td className="text-right whitespace-nowrap tabular-nums">{measureText(row)}</Td>
            <Td className="text-right whitespace-nowrap tabular-nums">
              {formatColones(row.montoColones)}
              <div className="mt-1">
                <BalanceBadge saldoColones={row.saldoColones} totalColones={row.totalColones} />
                {row.motivoSinMonto ? <Badge tone="danger">{row.motivoSinMonto}</Badge> : null}
              </div>
            </Td>
            <Td className="whitespace-nowrap">{formatDate(row.createdAt)}</Td>
            <Td>
              {formatDateTime(row.updatedAt)}
              {row.needsUpdate ? (
                <div className="mt-1">
                  <Badge tone="warning">Necesita actualización</Badge>
                </div>
              ) : null}
            </Td>
            <Td>
              <Button size="sm" variant="outline" aria-label={`Editar ${row.trackingCode}`} onClick={() => setEditing(row)}>
                <Pencil className="h-4 w-4" aria-hidden="true" />
                Editar
              </Button>
            </Td>
          </tr>
        ))}
      </tbody>
      </table>
      <Dialog open={editing !== null} onOpenChange={(open) => (open ? undefined : setEditing(null))}>
        {editing ? <PackageEditDialog row={editing} onDone={() => setEditing(null)} /> : null}
      </Dialog>
    </div>
  );
}
