// The 'Avisos Tradicionales' tab: legacy notices with client, package, status, assigned
// tracking id and creation date, with details and edit; searched, filtered and paged on the
// server (filters in the address, docs/decisions/122).

import { useState } from "react";
import { TableCell } from "../../../components/ui/table";
import { formatDate } from "../../../../shared/domain/format";
import type { TTrackingNotice } from "../../../../shared/api/tracking-notices";
import { NOTICE_STATUSES, NOTICE_STATUS_LABELS } from "../../../../shared/domain/statuses";
import { AvisosList } from "../../../components/avisos-list";
import type { AvisosFilters } from "../../../components/avisos-toolbar";
import { NOTICES_PAGE_SIZE, useTrackingNotices } from "./api";
import { NoticeDetailDialog, NoticeEditDialog } from "./notice-dialogs";
import { NoticeStatusBadge } from "./notice-status-badge";

const NOTICE_STATUS_OPTIONS = NOTICE_STATUSES.map((value) => ({ value, label: NOTICE_STATUS_LABELS[value] }));

export function NoticesTab({ filters }: { filters: AvisosFilters }) {
  const estado = (NOTICE_STATUSES as readonly string[]).includes(filters.estado) ? filters.estado : "todos";
  const query = useTrackingNotices({ q: filters.q, estado, page: filters.page });
  const [viewing, setViewing] = useState<TTrackingNotice | null>(null);
  const [editing, setEditing] = useState<TTrackingNotice | null>(null);

  return (
    <AvisosList
      title="Avisos tradicionales"
      description="Avisos de paquetes registrados con el sistema anterior."
      noun={["aviso", "avisos"]}
      filters={{ ...filters, estado }}
      searchLabel="Buscar avisos"
      placeholder="Nombre, teléfono, email o ID de tracking"
      statuses={NOTICE_STATUS_OPTIONS}
      query={query}
      items={query.data?.notices}
      errorText="Error al cargar los avisos de tracking"
      emptyText="No hay avisos de tracking"
      noMatchText="Ningún aviso coincide con la búsqueda"
      columns={["Cliente", "Paquete", "Estado", "ID de tracking", "Creado"]}
      cells={(notice) => (
        <>
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
        </>
      )}
      viewLabel={(notice) => `Ver aviso de ${notice.clienteNombre}`}
      editLabel={(notice) => `Editar aviso de ${notice.clienteNombre}`}
      onView={setViewing}
      onEdit={setEditing}
      pageSize={NOTICES_PAGE_SIZE}
      pagesLabel="Páginas de avisos"
    >
      <NoticeDetailDialog notice={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <NoticeEditDialog notice={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </AvisosList>
  );
}
