// 'Mensajes de contacto' (staff-side §2): name, e-mail and phone links, date and message, and
// 'Responder por WhatsApp' (disabled without a phone) with a greeting quoting the first 50
// characters. The newest come first, a page at a time from the server (GET /api/contacts).

import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Mail, MessageSquare, Phone } from "lucide-react";
import { buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { WhatsappIcon } from "../../../components/layout/brand-icons";
import { queryClient } from "../../../lib/query-client";
import { cn } from "../../../lib/cn";
import { ZContactListResponseSchema } from "../../../../shared/api/admin/contacts";
import { formatDateTime } from "../../../../shared/domain/format";
import { contactReplyMessage } from "../../../../shared/domain/messages";
import { whatsappChatLink } from "../../../../shared/domain/phone";
import { ADMIN_QUERY_ROOT, getAdminJson, queryString, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { Pagination } from "../../../components/ui/pagination";

export const NO_CONTACTS = "No hay mensajes de contacto";
export const CONTACTS_PAGE_SIZE = 10;

export function ContactsCard() {
  const [page, setPage] = useState(1);
  const { data } = useContactMessages(page);
  const contacts = data?.contacts ?? [];

  return (
    <Card className="p-5" role="region" aria-labelledby="contacts-heading">
      <h2 id="contacts-heading" className="flex items-center gap-2 text-lg font-bold text-ink">
        <MessageSquare className="h-5 w-5 text-primary" aria-hidden="true" />
        Mensajes de contacto
        {data ? <span className="text-base font-normal text-muted">({data.filteredTotal})</span> : null}
      </h2>
      {!data ? (
        <p className="mt-4 text-sm text-muted">Cargando…</p>
      ) : data.filteredTotal === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-6 text-center text-sm text-muted">{NO_CONTACTS}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {contacts.map((m) => (
            <li key={m.id} className="rounded-lg border border-slate-200 p-4" aria-label={`Mensaje de ${m.nombre}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <p className="font-semibold text-ink">{m.nombre}</p>
                  <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                    <a href={`mailto:${m.email}`} className="inline-flex items-center gap-1 text-primary underline-offset-2 hover:underline">
                      <Mail className="h-4 w-4" aria-hidden="true" />
                      {m.email}
                    </a>
                    {m.telefono ? (
                      <a href={`tel:${m.telefono.replace(/[^\d+]/g, "")}`} className="inline-flex items-center gap-1 text-primary underline-offset-2 hover:underline">
                        <Phone className="h-4 w-4" aria-hidden="true" />
                        {m.telefono}
                      </a>
                    ) : null}
                  </p>
                </div>
                <p className="text-xs text-muted">{formatDateTime(m.createdAt)}</p>
              </div>
              <p className="mt-2 text-sm whitespace-pre-line text-ink">{m.mensaje}</p>
              <div className="mt-3">
                {m.telefono ? (
                  <a
                    href={whatsappChatLink(m.telefono, contactReplyMessage(m))}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClasses("whatsapp", "sm")}
                  >
                    <WhatsappIcon className="h-4 w-4" />
                    Responder por WhatsApp
                  </a>
                ) : (
                  <button type="button" disabled className={cn(buttonClasses("whatsapp", "sm"))} title="Este mensaje no trae teléfono">
                    <WhatsappIcon className="h-4 w-4" />
                    Responder por WhatsApp
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {data ? (
        <Pagination page={data.page} pageSize={data.pageSize} total={data.filteredTotal} onPage={setPage} label="Páginas de mensajes de contacto" />
      ) : null}
    </Card>
  );
}

function useContactMessages(page: number) {
  const query = useQuery(
    {
      queryKey: [ADMIN_QUERY_ROOT, "contacts", page, CONTACTS_PAGE_SIZE],
      queryFn: () =>
        getAdminJson(`/api/contacts${queryString({ page: page > 1 ? page : undefined, pageSize: CONTACTS_PAGE_SIZE })}`, ZContactListResponseSchema),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  // The spec's title for a failed contacts list.
  useLoadErrorToast(query.error, "No autorizado", "No se pudieron cargar los mensajes de contacto");
  return query;
}
