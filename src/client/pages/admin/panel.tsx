// The main admin panel (/admin, staff-side §2) once logged in: the header with the Excel
// buttons and 'Cerrar sesión', the quick filters, the three stat cards and two charts, then the
// AI search card, referrals and coupons, contact messages and the registered clients. The client
// list is filtered, searched and paged on the server.

import { useState } from "react";
import { Download, FileSpreadsheet, LogOut, Search, SlidersHorizontal, X } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Dialog, DialogTrigger } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { Logo } from "../../components/layout/logo";
import { queryClient } from "../../lib/query-client";
import { useExchangeRate } from "../../lib/use-exchange-rate";
import { useAdminSession } from "../../lib/admin/admin-session";
import { useAdminClients } from "../../features/admin/clients/api";
import { ClientsList } from "../../features/admin/clients/clients-list";
import { ClientTrackings } from "../../features/admin/trackings/client-trackings";
import { StatCards } from "../../features/admin/stats/stat-cards";
import { AdminCharts } from "../../features/admin/stats/charts";
import { SearchQuotaCard } from "../../features/admin/search-quota/search-quota-card";
import { ReferralsCard } from "../../features/admin/stats/referrals-card";
import { ContactsCard } from "../../features/admin/contacts/contacts-card";
import { BulkSelectionProvider, BulkStatusBar } from "../../features/admin/trackings/bulk-selection";
import { ImportDialog } from "../../features/admin/excel/import-dialog";
import { downloadExport, type ExportKind } from "../../features/admin/excel/download-export";
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
  type TAdminClientsFilters,
  type UpdateFilter,
  type WhatsappFilter,
} from "../../../shared/api/admin/clients";
import { ADMIN_TRACKING_STATUSES, TRACKING_STATUS_LABELS } from "../../../shared/domain/statuses";
import { ADMIN_QUERY_ROOT } from "../../lib/admin/admin-api";
import { useDebouncedValue } from "../../lib/admin/use-debounced-value";

const NO_FILTERS: Required<TAdminClientsFilters> = { q: "", whatsapp: "todos", update: "todos", estado: "todos" };

const EXPORT_BUTTONS: { kind: ExportKind; label: string }[] = [
  { kind: "all", label: "Exportar Todo" },
  { kind: "clients", label: "Clientes" },
  { kind: "by-client", label: "Trackings" },
  { kind: "contacts", label: "Mensajes" },
];

export function AdminPanel() {
  const { logout } = useAdminSession();
  const { rate } = useExchangeRate();
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState<ExportKind | null>(null);
  const q = useDebouncedValue(filters.q);
  const applied = { ...filters, q };
  const filtering = hasActiveFilters(applied);
  const clients = useAdminClients({ ...applied, page, pageSize: ADMIN_PAGE_SIZE_DEFAULT });

  const setFilter = <K extends keyof TAdminClientsFilters>(key: K, value: Required<TAdminClientsFilters>[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  const runExport = async (kind: ExportKind) => {
    setExporting(kind);
    await downloadExport(kind);
    setExporting(null);
  };

  const signOut = () => {
    queryClient.removeQueries({ queryKey: [ADMIN_QUERY_ROOT] });
    logout();
  };

  return (
    <BulkSelectionProvider>
      <div className="bg-slate-50 pb-24">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
            <div className="flex items-center gap-3">
              <Logo />
              <h1 className="text-xl font-bold text-ink">Panel Administrativo</h1>
            </div>
            <nav aria-label="Acciones del panel" className="flex flex-wrap gap-2">
              <Dialog>
                <DialogTrigger asChild>
                  <Button size="sm" variant="outline">
                    <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
                    Importar
                  </Button>
                </DialogTrigger>
                <ImportDialog />
              </Dialog>
              {EXPORT_BUTTONS.map(({ kind, label }) => (
                <Button key={kind} size="sm" variant="outline" disabled={exporting !== null} onClick={() => void runExport(kind)}>
                  <Download className="h-4 w-4" aria-hidden="true" />
                  {label}
                </Button>
              ))}
              <Button size="sm" variant="ghost" onClick={signOut}>
                <LogOut className="h-4 w-4" aria-hidden="true" />
                Cerrar sesión
              </Button>
            </nav>
          </div>
        </header>

        <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6">
          <Card className="p-5" role="search" aria-labelledby="filters-heading">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="filters-heading" className="flex items-center gap-2 text-lg font-bold text-ink">
                <SlidersHorizontal className="h-5 w-5 text-primary" aria-hidden="true" />
                Filtros rápidos
              </h2>
              {hasActiveFilters(filters) ? (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    setFilters(NO_FILTERS);
                    setPage(1);
                  }}
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
                <div className="relative mt-1.5">
                  <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
                  <Input
                    id="filter-q"
                    type="search"
                    placeholder="Nombre, código, tracking o teléfono"
                    value={filters.q}
                    onChange={(e) => setFilter("q", e.target.value)}
                    className="pl-9"
                  />
                </div>
              </div>
              <div>
                <label htmlFor="filter-whatsapp" className="text-sm font-medium text-ink">
                  WhatsApp de bienvenida
                </label>
                <div className="mt-1.5">
                  <Select id="filter-whatsapp" value={filters.whatsapp} onChange={(e) => setFilter("whatsapp", e.target.value as WhatsappFilter)}>
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
                  <Select id="filter-update" value={filters.update} onChange={(e) => setFilter("update", e.target.value as UpdateFilter)}>
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
                  <Select id="filter-estado" value={filters.estado} onChange={(e) => setFilter("estado", e.target.value as StatusFilter)}>
                    <option value="todos">{STATUS_FILTER_ALL_LABEL}</option>
                    {ADMIN_TRACKING_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {TRACKING_STATUS_LABELS[s]}
                      </option>
                    ))}
                  </Select>
                </div>
              </div>
            </div>
          </Card>

          <StatCards data={clients.data} filtering={filtering} />
          <AdminCharts />
          <SearchQuotaCard />
          <ReferralsCard />
          <ContactsCard />
          <ClientsList
            renderTrackings={(props) => <ClientTrackings {...props} />}
            data={clients.data}
            loading={clients.isFetching}
            failed={clients.isError}
            filtering={filtering}
            rate={rate}
            onPage={(next) => {
              setPage(next);
              document.getElementById("clients-heading")?.scrollIntoView({ behavior: "smooth", block: "start" });
            }}
          />
        </div>
        <BulkStatusBar />
      </div>
    </BulkSelectionProvider>
  );
}
