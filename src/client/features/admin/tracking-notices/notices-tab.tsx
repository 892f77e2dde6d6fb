// The 'Avisos Tradicionales' tab: legacy notices with client, package, status, assigned
// tracking id and creation date, with details and edit; searched, filtered and paged on the
// server (filters in the address, docs/decisions/122).

import { useState } from "react";
import { Eye, Pencil } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDate } from "../../../../shared/domain/format";
import type { TTrackingNotice } from "../../../../shared/api/tracking-notices";
import { NOTICE_STATUSES, NOTICE_STATUS_LABELS } from "../../../../shared/domain/statuses";
import { Pagination } from "../../../components/ui/pagination";
import { AvisosToolbar, type AvisosFilters } from "../../../components/avisos-toolbar";
import { NOTICES_PAGE_SIZE, useTrackingNotices } from "./api";
import { NoticeDetailDialog, NoticeEditDialog } from "./notice-dialogs";
import { NoticeStatusBadge } from "./notice-status-badge";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";

const NOTICE_STATUS_OPTIONS = NOTICE_STATUSES.map((value) => ({ value, label: NOTICE_STATUS_LABELS[value] }));

export function NoticesTab({ filters }: { filters: AvisosFilters }) {
  const estado = (NOTICE_STATUSES as readonly string[]).includes(filters.estado) ? filters.estado : "todos";
  const { data, isPending, isError } = useTrackingNotices({ q: filters.q, estado, page: filters.page });
  const [viewing, setViewing] = useState<TTrackingNotice | null>(null);
  const [editing, setEditing] = useState<TTrackingNotice | null>(null);
  const count = data?.filteredTotal ?? 0;
  const filtered = filters.q !== "" || estado !== "todos";

  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-ink">Avisos tradicionales</h2>
          <p className="text-sm text-muted">Avisos de paquetes registrados con el sistema anterior.</p>
        </div>
        {data ? <Badge tone="primary">{`${count} ${count === 1 ? "aviso" : "avisos"}${filtered ? ` de ${data.total}` : ""}`}</Badge> : null}
      </div>
      <AvisosToolbar
        filters={{ ...filters, estado }}
        searchLabel="Buscar avisos"
        placeholder="Nombre, teléfono, email o ID de tracking"
        statuses={NOTICE_STATUS_OPTIONS}
      />
      {isPending ? (
        <PanelLoading />
      ) : isError ? (
        <PanelMessage tone="error">Error al cargar los avisos de tracking</PanelMessage>
      ) : data.notices.length === 0 ? (
        <PanelMessage>{filtered ? "Ningún aviso coincide con la búsqueda" : "No hay avisos de tracking"}</PanelMessage>
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Cliente</TableHead>
                <TableHead>Paquete</TableHead>
                <TableHead>Estado</TableHead>
                <TableHead>ID de tracking</TableHead>
                <TableHead>Creado</TableHead>
                <TableHead className="text-right">Acciones</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.notices.map((notice) => (
                <TableRow key={notice.id}>
                  <TableCell>
                    <p className="font-medium">{notice.clienteNombre}</p>
                    {notice.clienteEmail ? <p className="text-xs break-all text-muted">{notice.clienteEmail}</p> : null}
                  </TableCell>
                  <TableCell>
                    <p>{notice.descripcionPaquete}</p>
                    {notice.tiendaOrigen ? <p className="text-xs text-muted">{notice.tiendaOrigen}</p> : null}
                  </TableCell>
                  <TableCell>
                    <NoticeStatusBadge estado={notice.estado} />
                  </TableCell>
                  <TableCell className="font-mono text-xs">{notice.trackingIdAsignado ?? "—"}</TableCell>
                  <TableCell className="text-xs whitespace-nowrap">{formatDate(notice.createdAt)}</TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" size="icon" onClick={() => setViewing(notice)} aria-label={`Ver aviso de ${notice.clienteNombre}`}>
                        <Eye className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      <Button variant="ghost" size="icon" onClick={() => setEditing(notice)} aria-label={`Editar aviso de ${notice.clienteNombre}`}>
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={data.page ?? filters.page}
            pageSize={data.pageSize ?? NOTICES_PAGE_SIZE}
            total={data.filteredTotal}
            onPage={(page) => filters.change({ page })}
            label="Páginas de avisos"
          />
        </>
      )}
      <NoticeDetailDialog notice={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <NoticeEditDialog notice={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </Card>
  );
}
