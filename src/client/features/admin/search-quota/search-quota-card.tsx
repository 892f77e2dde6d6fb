// 'Búsquedas IA de repuestos' (staff-side §2): a server-paged table of clients with its own search
// (code, client, phone, searches used, monthly limit or 'Ilimitado', Activo / Agotado), each with
// its 'Historial' and 'Gestionar' dialogs.

import { useState } from "react";
import { History, Search, Settings2, Sparkles } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Dialog } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { UNLIMITED_BADGE, type TSearchQuotaRow } from "../../../../shared/api/admin/search-quota";
import { effectiveSearchLimit, searchQuotaLabel, SEARCH_ACCESS } from "../../../../shared/domain/search-quota";
import { formatPhoneForDisplay } from "../../../../shared/domain/phone";
import { Pagination } from "../../../components/ui/pagination";
import { useDebouncedValue } from "../../../lib/admin/use-debounced-value";
import { useSearchQuotas } from "./api";
import { ManageQuotaDialog } from "./manage-quota-dialog";
import { SearchHistoryDialog } from "./search-history-dialog";

const PAGE_SIZE = 10;

export function SearchQuotaCard() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search);
  const { data, isPending, isFetching } = useSearchQuotas(q, page, PAGE_SIZE);
  const [historyOf, setHistoryOf] = useState<TSearchQuotaRow | null>(null);
  const [managing, setManaging] = useState<TSearchQuotaRow | null>(null);

  return (
    <Card className="p-5" role="region" aria-labelledby="quota-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="quota-heading" className="flex items-center gap-2 text-lg font-bold text-ink">
          <Sparkles className="h-5 w-5 text-primary" aria-hidden="true" />
          Gestión de búsquedas IA de repuestos
        </h2>
        <div className="relative w-full sm:w-72">
          <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          <Input
            type="search"
            aria-label="Buscar cliente en búsquedas IA"
            placeholder="Buscar por nombre, código o teléfono"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className="h-10 pl-9"
          />
        </div>
      </div>

      <div className="mt-4" aria-busy={isFetching}>
        {isPending ? (
          <p className="py-6 text-center text-sm text-muted">Cargando…</p>
        ) : !data || data.clients.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted">No se encontraron clientes.</p>
        ) : (
          <Table>
            <TableHeader>
              <tr>
                <TableHead>Código</TableHead>
                <TableHead>Cliente</TableHead>
                <TableHead>Teléfono</TableHead>
                <TableHead>Búsquedas usadas</TableHead>
                <TableHead>Límite mensual</TableHead>
                <TableHead>Estado</TableHead>
                <TableHead>
                  <span className="sr-only">Acciones</span>
                </TableHead>
              </tr>
            </TableHeader>
            <TableBody>
              {data.clients.map((row) => {
                const unlimited = row.unlimitedAccess === SEARCH_ACCESS.UNLIMITED;
                const status = searchQuotaLabel(row);
                return (
                  <TableRow key={row.id}>
                    <TableCell className="font-mono font-semibold">{row.clientCode}</TableCell>
                    <TableCell>{row.nombre}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatPhoneForDisplay(row.telefono)}</TableCell>
                    <TableCell>{row.searchCount}</TableCell>
                    <TableCell>{unlimited ? <Badge tone="primary">{UNLIMITED_BADGE}</Badge> : effectiveSearchLimit(row.searchLimit)}</TableCell>
                    <TableCell>
                      <Badge tone={status === "Activo" ? "success" : "danger"}>{status}</Badge>
                    </TableCell>
                    <TableCell>
                      <div className="flex gap-1">
                        <Button size="sm" variant="ghost" onClick={() => setHistoryOf(row)} aria-label={`Historial de ${row.nombre}`}>
                          <History className="h-4 w-4" aria-hidden="true" />
                          Historial
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => setManaging(row)} aria-label={`Gestionar ${row.nombre}`}>
                          <Settings2 className="h-4 w-4" aria-hidden="true" />
                          Gestionar
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.filteredTotal} onPage={setPage} label="Páginas de búsquedas IA" /> : null}
      </div>

      <Dialog open={historyOf !== null} onOpenChange={(open) => !open && setHistoryOf(null)}>
        {historyOf ? <SearchHistoryDialog client={historyOf} /> : null}
      </Dialog>
      <Dialog open={managing !== null} onOpenChange={(open) => !open && setManaging(null)}>
        {managing ? <ManageQuotaDialog client={managing} onDone={() => setManaging(null)} /> : null}
      </Dialog>
    </Card>
  );
}
