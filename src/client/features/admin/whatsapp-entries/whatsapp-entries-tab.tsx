// The 'Tracking WhatsApp' tab: the registered codes with their customer, status, last update
// and the state of the customer's last WhatsApp message, with details and status change;
// searched, filtered and paged on the server (filters in the address, docs/decisions/122).

import { useState } from "react";
import { MessageSquare } from "lucide-react";
import { TableCell } from "../../../components/ui/table";
import { formatDateTime } from "../../../../shared/domain/format";
import { formatPhoneForDisplay } from "../../../../shared/domain/phone";
import { NOT_CONFIGURED_TEXT } from "../../../../shared/api/notifications";
import type { TWhatsappEntry } from "../../../../shared/api/whatsapp-entries";
import { WHATSAPP_ENTRY_STATUSES, WHATSAPP_ENTRY_STATUS_LABELS } from "../../../../shared/domain/statuses";
import { AvisosList } from "../../../components/avisos-list";
import type { AvisosFilters } from "../../../components/avisos-toolbar";
import { ENTRIES_PAGE_SIZE, useWhatsappEntries } from "./api";
import { EntryDetailDialog, EntryStatusDialog } from "./entry-dialogs";
import { EntryStatusBadge, LatestNotification } from "./status-badges";

const ENTRY_STATUS_OPTIONS = WHATSAPP_ENTRY_STATUSES.map((value) => ({ value, label: WHATSAPP_ENTRY_STATUS_LABELS[value] }));

export function WhatsappEntriesTab({ filters }: { filters: AvisosFilters }) {
  const estado = (WHATSAPP_ENTRY_STATUSES as readonly string[]).includes(filters.estado) ? filters.estado : "todos";
  const query = useWhatsappEntries({ q: filters.q, estado, page: filters.page });
  const { data } = query;
  const [viewing, setViewing] = useState<TWhatsappEntry | null>(null);
  const [editing, setEditing] = useState<TWhatsappEntry | null>(null);
  const messaging = data?.messaging ?? { configured: false };

  return (
    <AvisosList
      title="Códigos de tracking por WhatsApp"
      description="Cambia el estado de un código y el cliente recibe un WhatsApp automático."
      noun={["código", "códigos"]}
      filters={{ ...filters, estado }}
      searchLabel="Buscar códigos"
      placeholder="Nombre, WhatsApp, email o código"
      statuses={ENTRY_STATUS_OPTIONS}
      query={query}
      items={data?.entries}
      notice={
        data && !data.messaging.configured ? (
          <p className="mb-4 flex items-start gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            <MessageSquare className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {`${NOT_CONFIGURED_TEXT}: los mensajes quedan en cola y se envían cuando se configure WHATSAPP_TOKEN y WHATSAPP_PHONE_NUMBER_ID en el servidor.`}
          </p>
        ) : null
      }
      errorText="Error al cargar los tracking entries"
      emptyText="No hay códigos de tracking"
      noMatchText="Ningún código coincide con la búsqueda"
      columns={["Cliente", "Código", "Estado", "Última actualización", "Último mensaje"]}
      cells={(entry) => (
        <>
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
            <LatestNotification notifications={entry.notifications} messaging={messaging} />
          </TableCell>
        </>
      )}
      viewLabel={(entry) => `Ver detalles de ${entry.trackingCode}`}
      editLabel={(entry) => `Cambiar estado de ${entry.trackingCode}`}
      onView={setViewing}
      onEdit={setEditing}
      pageSize={ENTRIES_PAGE_SIZE}
      pagesLabel="Páginas de códigos de tracking"
    >
      <EntryDetailDialog entry={viewing} messaging={messaging} onOpenChange={(open) => !open && setViewing(null)} />
      <EntryStatusDialog entry={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </AvisosList>
  );
}
