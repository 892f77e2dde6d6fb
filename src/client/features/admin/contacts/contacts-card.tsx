// 'Mensajes de contacto' (staff-side §2; issue 18 item 12): name, e-mail and phone links, date and
// message, 'Responder por WhatsApp' (disabled without a phone) with a greeting quoting the first
// 50 characters, and whether staff answered it: 'Respondido' (with the date) or 'Pendiente', with
// 'Marcar como respondido' / 'Marcar como pendiente'. Opening the chat marks nothing (nobody
// knows yet whether the reply was sent): the message then asks staff to mark it themselves
// (docs/decisions/122). Filter Pendientes / Respondidos / Todos and the page live in the address;
// the newest come first, a page at a time from the server (GET /api/contacts).

import { useState } from "react";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { CheckCircle2, Clock, Loader2, Mail, MessageSquare, Phone, RotateCcw } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { toast } from "../../../components/ui/use-toast";
import { WhatsappIcon } from "../../../components/layout/brand-icons";
import { queryClient } from "../../../lib/query-client";
import { cn } from "../../../lib/cn";
import { useUrlFilters } from "../../../lib/admin/use-url-filters";
import {
  CONTACT_FILTERS,
  CONTACT_FILTER_LABELS,
  CONTACT_ANSWERED_ROUTE,
  CONTACT_LIST_ROUTE,
  type ContactFilter,
} from "../../../../shared/api/admin/contacts";
import { routePath } from "../../../../shared/api/contract";
import type { TContactMessage } from "../../../../shared/api/contact";
import { formatDateTime } from "../../../../shared/domain/format";
import { contactReplyMessage } from "../../../../shared/domain/messages";
import { whatsappChatLink } from "../../../../shared/domain/phone";
import {
  ADMIN_QUERY_ROOT,
  getAdminJson,
  sendAdminJson,
  useChangeErrorToast,
  useLoadErrorToast,
} from "../../../lib/admin/admin-api";
import { Pagination } from "../../../components/ui/pagination";

export const NO_CONTACTS = "No hay mensajes de contacto";
export const NO_PENDING_CONTACTS = "No hay mensajes pendientes de respuesta";
export const NO_ANSWERED_CONTACTS = "No hay mensajes respondidos";
export const CONTACTS_PAGE_SIZE = 10;
export const MARKED_ANSWERED = "Mensaje marcado como respondido";
export const MARKED_PENDING = "Mensaje marcado como pendiente";

const CONTACTS_KEY = [ADMIN_QUERY_ROOT, "contacts"] as const;
const URL_DEFAULTS = { estado: "todos", page: "1" };

const EMPTY_TEXT: Record<ContactFilter, string> = {
  todos: NO_CONTACTS,
  pendientes: NO_PENDING_CONTACTS,
  respondidos: NO_ANSWERED_CONTACTS,
};

export function ContactsSection() {
  const { values, set } = useUrlFilters(URL_DEFAULTS);
  const estado: ContactFilter = (CONTACT_FILTERS as readonly string[]).includes(values.estado) ? (values.estado as ContactFilter) : "todos";
  const page = Math.max(1, Math.floor(Number(values.page)) || 1);
  const { data } = useContactMessages(estado, page);
  const contacts = data?.contacts ?? [];

  return (
    <Card className="min-w-0 p-4 sm:p-5" role="region" aria-labelledby="contacts-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="contacts-heading" className="flex items-center gap-2 text-lg font-bold text-ink">
          <MessageSquare className="h-5 w-5 text-primary" aria-hidden="true" />
          Mensajes de contacto
          {data ? <span className="text-base font-normal text-muted">({data.filteredTotal})</span> : null}
        </h2>
        <div className="grid w-full gap-1.5 sm:w-52">
          <Label htmlFor="contacts-filter">Mostrar</Label>
          <Select id="contacts-filter" value={estado} onChange={(event) => set({ estado: event.target.value })}>
            {(["pendientes", "respondidos", "todos"] as const).map((f) => (
              <option key={f} value={f}>
                {CONTACT_FILTER_LABELS[f]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {data ? (
        <p className="mt-2 text-sm text-muted">
          {data.pendingTotal === 1 ? "1 mensaje pendiente de respuesta." : `${data.pendingTotal} mensajes pendientes de respuesta.`}
        </p>
      ) : null}
      {!data ? (
        <p className="mt-4 text-sm text-muted">Cargando…</p>
      ) : data.filteredTotal === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-6 text-center text-sm text-muted">{EMPTY_TEXT[estado]}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {contacts.map((m) => (
            <ContactItem key={m.id} message={m} />
          ))}
        </ul>
      )}
      {data ? (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.filteredTotal}
          onPage={(next) => set({ page: String(next) })}
          label="Páginas de mensajes de contacto"
        />
      ) : null}
    </Card>
  );
}

function ContactItem({ message: m }: { message: TContactMessage }) {
  const [chatOpened, setChatOpened] = useState(false);
  const mark = useMarkAnswered();
  const answered = m.answeredAt !== null;
  const pending = mark.isPending && mark.variables?.id === m.id;

  return (
    <li className="min-w-0 rounded-lg border border-slate-200 p-3 sm:p-4" aria-label={`Mensaje de ${m.nombre}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">{m.nombre}</p>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a href={`mailto:${m.email}`} className="inline-flex min-w-0 items-center gap-1 break-all text-primary underline-offset-2 hover:underline">
              <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
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
        <div className="grid min-w-0 justify-items-end gap-1 text-right">
          <p className="text-xs text-muted">{formatDateTime(m.createdAt)}</p>
          {answered ? (
            <Badge tone="success" className="whitespace-normal!">
              <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" />
              {`Respondido el ${formatDateTime(m.answeredAt!)}`}
            </Badge>
          ) : (
            <Badge tone="warning">
              <Clock className="h-3.5 w-3.5" aria-hidden="true" />
              Pendiente
            </Badge>
          )}
        </div>
      </div>
      <p className="mt-2 text-sm break-words whitespace-pre-line text-ink">{m.mensaje}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {m.telefono ? (
          <a
            href={whatsappChatLink(m.telefono, contactReplyMessage(m))}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses("whatsapp", "sm")}
            onClick={() => setChatOpened(true)}
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
        <Button
          size="sm"
          variant="outline"
          disabled={pending}
          onClick={() => mark.mutate({ id: m.id, answered: !answered })}
          aria-label={`${answered ? "Marcar como pendiente" : "Marcar como respondido"} el mensaje de ${m.nombre}`}
        >
          {pending ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          ) : answered ? (
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
          ) : (
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
          )}
          {answered ? "Marcar como pendiente" : "Marcar como respondido"}
        </Button>
      </div>
      {chatOpened && !answered ? (
        <p className="mt-2 text-sm text-muted" role="status">
          Cuando hayas enviado la respuesta, usa «Marcar como respondido».
        </p>
      ) : null}
    </li>
  );
}

function useContactMessages(estado: ContactFilter, page: number) {
  const query = useQuery(
    {
      queryKey: [...CONTACTS_KEY, estado, page, CONTACTS_PAGE_SIZE],
      queryFn: () =>
        getAdminJson(
          routePath(CONTACT_LIST_ROUTE, { estado: estado === "todos" ? undefined : estado, page: page > 1 ? page : undefined, pageSize: CONTACTS_PAGE_SIZE }),
          CONTACT_LIST_ROUTE.responses[200],
        ),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  // The spec's title for a failed contacts list.
  useLoadErrorToast(query.error, "No autorizado", "No se pudieron cargar los mensajes de contacto");
  return query;
}

function useMarkAnswered() {
  const changeError = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: ({ id, answered }: { id: number; answered: boolean }) =>
        sendAdminJson("PATCH", routePath(CONTACT_ANSWERED_ROUTE, { id }), CONTACT_ANSWERED_ROUTE.responses[200], { answered }),
      onSuccess: ({ contact }) => {
        toast({ title: contact.answeredAt ? MARKED_ANSWERED : MARKED_PENDING });
        void queryClient.invalidateQueries({ queryKey: CONTACTS_KEY });
      },
      onError: (error) => changeError(error, "No se pudo cambiar el estado del mensaje.", "Error al actualizar el mensaje"),
    },
    queryClient,
  );
}
