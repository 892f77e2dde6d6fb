// The 'Tracking WhatsApp' tab: the registered codes with their customer, status, last update
// and the state of the customer's last WhatsApp message, with details and status change;
// searched, filtered and paged on the server (filters in the address, docs/decisions/122).

import { useState } from "react";
import { Eye, MessageSquare, Pencil } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { formatDateTime } from "../../../../shared/domain/format";
import { formatPhoneForDisplay } from "../../../../shared/domain/phone";
import { NOT_CONFIGURED_TEXT } from "../../../../shared/api/notifications";
import type { TWhatsappEntry } from "../../../../shared/api/whatsapp-entries";
import { WHATSAPP_ENTRY_STATUSES, WHATSAPP_ENTRY_STATUS_LABELS } from "../../../../shared/domain/statuses";
import { Pagination } from "../../../components/ui/pagination";
import { ENTRIES_PAGE_SIZE, useWhatsappEntries } from "./api";
import { AvisosToolbar, type AvisosFilters } from "../../../components/avisos-toolbar";
import { EntryDetailDialog, EntryStatusDialog } from "./entry-dialogs";
import { EntryStatusBadge, LatestNotification } from "./status-badges";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";

const ENTRY_STATUS_OPTIONS = WHATSAPP_ENTRY_STATUSES.map((value) => ({ value, label: WHATSAPP_ENTRY_STATUS_LABELS[value] }));

export function WhatsappEntriesTab({ filters }: { filters: AvisosFilters }) {
  const estado = (WHATSAPP_ENTRY_STATUSES as readonly string[]).includes(filters.estado) ? filters.estado : "todos";
  const { data, isPending, isError } = useWhatsappEntries({ q: filters.q, estado, page: filters.page });
  const [viewing, setViewing] = useState<TWhatsappEntry | null>(null);
  const [editing, setEditing] = useState<TWhatsappEntry | null>(null);
  const count = data?.filteredTotal ?? 0;
  const filtered = filters.q !== "" || estado !== "todos";

  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-ink">Códigos de tracking por WhatsApp</h2>
          <p className="text-sm text-muted">Cambia el estado de un código y el cliente recibe un WhatsApp automático.</p>
        </div>
        {data ? <Badge tone="primary">{`${count} ${count === 1 ? "código" : "códigos"}${filtered ? ` de ${data.total}` : ""}`}</Badge> : null}
      </div>
      <AvisosToolbar
        filters={{ ...filters, estado }}
        searchLabel="Buscar códigos"
        placeholder="Nombre, WhatsApp, email o código"
        statuses={ENTRY_STATUS_OPTIONS}
      />
      {data && !data.messaging.configured ? (
        <p className="mb-4 flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          <MessageSquare className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {`${NOT_CONFIGURED_TEXT}: los mensajes quedan en cola y se envían cuando se configure WHATSAPP_TOKEN y WHATSAPP_PHONE_NUMBER_ID en el servidor.`}
        </p>
      ) : null}
      {isPending ? (
        <PanelLoading />
      ) : isError ? (
        <PanelMessage tone="error">Error al cargar los tracking entries</PanelMessage>
      ) : data.entries.length === 0 ? (
        <PanelMessage>{filtered ? "Ningún código coincide con la búsqueda" : "No hay códigos de tracking"}</PanelMessage>
      ) : (
        <>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Cliente</TableHead>
                <TableHead>Código</TableHead>
                <TableHead>Estado</TableHead>
                <TableHead>Última actualización</TableHead>
                <TableHead>Último mensaje</TableHead>
                <TableHead className="text-right">Acciones</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>
                    <p className="font-medium">{entry.customer.nombre}</p>
                    <p className="text-xs whitespace-nowrap text-muted">{formatPhoneForDisplay(entry.customer.whatsapp)}</p>
                    {entry.customer.email ? <p className="text-xs break-all text-muted">{entry.customer.email}</p> : null}
                  </TableCell>
                  <TableCell className="font-mono text-xs break-all">{entry.trackingCode}</TableCell>
                  <TableCell>
                    <EntryStatusBadge estado={entry.estado} />
                  </TableCell>
                  <TableCell className="text-xs whitespace-nowrap">{formatDateTime(entry.updatedAt)}</TableCell>
                  <TableCell className="max-w-56">
                    <LatestNotification notifications={entry.notifications} messaging={data.messaging} />
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button variant="ghost" size="icon" onClick={() => setViewing(entry)} aria-label={`Ver detalles de ${entry.trackingCode}`}>
                        <Eye className="h-4 w-4" aria-hidden="true" />
                      </Button>
                      <Button variant="ghost" size="icon" onClick={() => setEditing(entry)} aria-label={`Cambiar estado de ${entry.trackingCode}`}>
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
            pageSize={data.pageSize ?? ENTRIES_PAGE_SIZE}
            total={data.filteredTotal}
            onPage={(page) => filters.change({ page })}
            label="Páginas de códigos de tracking"
          />
        </>
      )}
      <EntryDetailDialog entry={viewing} messaging={data?.messaging ?? { configured: false }} onOpenChange={(open) => !open && setViewing(null)} />
      <EntryStatusDialog entry={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </Card>
  );
}
