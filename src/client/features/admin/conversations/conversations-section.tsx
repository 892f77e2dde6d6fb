// Conversaciones (issue 35 item 3, decision 211): the clients' WhatsApp messages. A list of
// conversations (one per number, unread first in the "Sin leer" filter) and, once one is chosen
// (?numero= in the address), its thread with the client's packages beside it and the reply box.
// Opening a thread marks its messages read. Free text goes only inside the 24-hour window; outside
// it the screen says why and offers the approved template. On a phone the list and the thread
// take the whole width one after the other; from lg they sit side by side.

import { useEffect, useRef, useState, type FormEvent } from "react";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeft, Download, FileText, Image as ImageIcon, Loader2, MapPin, MessagesSquare, Package, Send } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/use-toast";
import { queryClient } from "../../../lib/query-client";
import { cn } from "../../../lib/cn";
import { apiRequest } from "../../../lib/api";
import { saveBlob } from "../../../lib/admin/download-file";
import { useUrlFilters } from "../../../lib/admin/use-url-filters";
import { STATUS_TONES } from "../../../lib/admin/status-tones";
import { ADMIN_QUERY_ROOT, getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { routePath } from "../../../../shared/api/contract";
import {
  CONVERSATION_FILTERS,
  CONVERSATION_FILTER_LABELS,
  CONVERSATION_LIST_ROUTE,
  CONVERSATION_MEDIA_ROUTE,
  CONVERSATION_READ_ROUTE,
  CONVERSATION_REPLY_ROUTE,
  CONVERSATION_THREAD_ROUTE,
  REPLY_MAX_CHARS,
  REPLY_QUEUED_NOT_CONFIGURED,
  REPLY_SENT_TITLE,
  type TConversationSummary,
  type TConversationThread,
  type TThreadMessage,
} from "../../../../shared/api/admin/conversations";
import { formatDateTime } from "../../../../shared/domain/format";
import { formatPhoneForDisplay } from "../../../../shared/domain/phone";
import { trackingStatusLabel } from "../../../../shared/domain/statuses";

const CONVERSATIONS_KEY = [ADMIN_QUERY_ROOT, "conversations"] as const;
const URL_DEFAULTS = { filtro: "todas", page: "1", numero: "" };

export const NO_CONVERSATIONS = "Ningún cliente ha escrito todavía por WhatsApp";
export const NO_UNREAD_CONVERSATIONS = "No hay mensajes sin leer";
export const WINDOW_CLOSED_TITLE = "Fuera de la ventana de 24 horas";
export const WINDOW_CLOSED_TEXT =
  "WhatsApp solo permite texto libre durante las 24 horas siguientes al último mensaje del cliente. Ahora solo puede enviarse la plantilla aprobada; cuando el cliente responda, podrá escribirle libremente.";

const numberLabel = (number: string) => formatPhoneForDisplay(`+${number}`);
const whoOf = (c: { client: TConversationSummary["client"]; profileName: string | null; number: string }) =>
  c.client?.nombre ?? c.profileName ?? numberLabel(c.number);

export function ConversationsSection() {
  const { values, set } = useUrlFilters(URL_DEFAULTS);
  const filtro = (CONVERSATION_FILTERS as readonly string[]).includes(values.filtro) ? (values.filtro as (typeof CONVERSATION_FILTERS)[number]) : "todas";
  const page = Math.max(1, Math.floor(Number(values.page)) || 1);
  const numero = /^\d{8,15}$/.test(values.numero) ? values.numero : "";
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(16rem,20rem)_minmax(0,1fr)]">
      <div className={cn("min-w-0", numero && "hidden lg:block")}>
        <ConversationList filtro={filtro} page={page} selected={numero} onFilter={(f) => set({ filtro: f, page: "1" })} onPage={(p) => set({ page: String(p) })} onOpen={(n) => set({ numero: n })} />
      </div>
      <div className={cn("min-w-0", !numero && "hidden lg:block")}>
        {numero ? (
          <Thread key={numero} number={numero} onBack={() => set({ numero: "" })} />
        ) : (
          <Card className="p-6 text-center text-sm text-muted">Elija una conversación para leerla y responder.</Card>
        )}
      </div>
    </div>
  );
}

function ConversationList(props: {
  filtro: (typeof CONVERSATION_FILTERS)[number];
  page: number;
  selected: string;
  onFilter: (f: string) => void;
  onPage: (p: number) => void;
  onOpen: (number: string) => void;
}) {
  const query = useQuery(
    {
      queryKey: [...CONVERSATIONS_KEY, "list", props.filtro, props.page],
      queryFn: () =>
        getAdminJson(
          routePath(CONVERSATION_LIST_ROUTE, { filtro: props.filtro === "todas" ? undefined : props.filtro, page: props.page > 1 ? props.page : undefined }),
          CONVERSATION_LIST_ROUTE.responses[200],
        ),
      placeholderData: keepPreviousData,
      refetchInterval: 30_000,
    },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error", "No se pudieron cargar las conversaciones");
  const data = query.data;
  return (
    <Card className="min-w-0 p-4" role="region" aria-labelledby="conversations-heading">
      <h2 id="conversations-heading" className="flex flex-wrap items-center gap-2 text-lg font-bold text-ink">
        <MessagesSquare className="h-5 w-5 text-primary" aria-hidden="true" />
        Conversaciones
        {data && data.unreadConversations > 0 ? <Badge tone="primary">{`${data.unreadConversations} sin leer`}</Badge> : null}
      </h2>
      <div className="mt-3 grid gap-1.5">
        <Label htmlFor="conversations-filter">Mostrar</Label>
        <Select id="conversations-filter" value={props.filtro} onChange={(event) => props.onFilter(event.target.value)}>
          {CONVERSATION_FILTERS.map((f) => (
            <option key={f} value={f}>
              {CONVERSATION_FILTER_LABELS[f]}
            </option>
          ))}
        </Select>
      </div>
      {!data ? (
        <p className="mt-4 text-sm text-muted">Cargando…</p>
      ) : data.conversations.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-6 text-center text-sm text-muted">{props.filtro === "sin-leer" ? NO_UNREAD_CONVERSATIONS : NO_CONVERSATIONS}</p>
      ) : (
        <ul className="mt-4 grid gap-2" aria-label="Conversaciones">
          {data.conversations.map((c) => (
            <li key={c.number}>
              <button
                type="button"
                onClick={() => props.onOpen(c.number)}
                aria-current={props.selected === c.number ? "true" : undefined}
                className={cn(
                  "grid w-full min-w-0 gap-0.5 rounded-lg border p-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-primary",
                  props.selected === c.number ? "border-primary bg-primary/5" : "border-slate-200",
                )}
              >
                <span className="flex min-w-0 items-start justify-between gap-2">
                  <span className={cn("min-w-0 break-words text-ink", c.unread > 0 ? "font-bold" : "font-semibold")}>{whoOf(c)}</span>
                  {c.unread > 0 ? (
                    <Badge tone="primary" aria-label={`${c.unread} sin leer`}>
                      {c.unread}
                    </Badge>
                  ) : null}
                </span>
                <span className="text-xs text-muted">
                  {c.client ? `${c.client.clientCode} · ` : ""}
                  {numberLabel(c.number)}
                </span>
                <span className="line-clamp-2 text-sm break-words text-ink">
                  {c.lastMessage.direction === "out" ? "Usted: " : ""}
                  {c.lastMessage.text}
                </span>
                <span className="text-xs text-muted">{formatDateTime(c.lastMessage.at)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {data && (data.page > 1 || data.hasMore) ? (
        <nav className="mt-3 flex items-center justify-between gap-2" aria-label="Páginas de conversaciones">
          <Button size="sm" variant="outline" disabled={data.page <= 1} onClick={() => props.onPage(data.page - 1)}>
            Anteriores
          </Button>
          <span className="text-sm text-muted">Página {data.page}</span>
          <Button size="sm" variant="outline" disabled={!data.hasMore} onClick={() => props.onPage(data.page + 1)}>
            Siguientes
          </Button>
        </nav>
      ) : null}
    </Card>
  );
}

function Thread({ number, onBack }: { number: string; onBack: () => void }) {
  const query = useQuery(
    {
      queryKey: [...CONVERSATIONS_KEY, "thread", number],
      queryFn: () => getAdminJson(routePath(CONVERSATION_THREAD_ROUTE, { number }), CONVERSATION_THREAD_ROUTE.responses[200]),
      refetchInterval: 15_000,
    },
    queryClient,
  );
  useLoadErrorToast(query.error, "Error", "No se pudo cargar la conversación");
  const data = query.data;
  const unread = data?.messages.some((m) => m.direction === "in" && m.readByStaffAt === null) ?? false;
  // Opening the thread reads it: its messages are marked read once shown.
  useEffect(() => {
    if (!unread) return;
    void sendAdminJson("POST", routePath(CONVERSATION_READ_ROUTE, { number }), CONVERSATION_READ_ROUTE.responses[200])
      .then(() => queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY }))
      .catch(() => undefined);
  }, [unread, number]);
  const end = useRef<HTMLLIElement>(null);
  const count = data?.messages.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "nearest" });
  }, [count]);

  return (
    <div className="grid min-w-0 gap-4 xl:grid-cols-[minmax(0,1fr)_16rem]">
      <Card className="min-w-0 p-4" role="region" aria-labelledby="thread-heading">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Button size="sm" variant="ghost" className="lg:hidden" onClick={onBack}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Conversaciones
          </Button>
          <h2 id="thread-heading" className="min-w-0 text-lg font-bold break-words text-ink">
            {data ? whoOf(data) : numberLabel(number)}
          </h2>
        </div>
        <p className="mt-1 text-sm text-muted">
          {data?.client ? `${data.client.clientCode} · ` : ""}
          {numberLabel(number)}
          {data && !data.client ? " · Número sin cliente registrado" : ""}
        </p>
        {!data ? (
          <p className="mt-4 text-sm text-muted">Cargando…</p>
        ) : (
          <>
            {/* Focusable, so the keyboard can scroll a long thread (axe scrollable-region-focusable). */}
            <ol className="mt-4 grid max-h-[60vh] min-w-0 gap-2 overflow-y-auto overscroll-contain pr-1" aria-label="Mensajes" tabIndex={0}>
              {data.messages.map((m) => (
                <MessageItem key={`${m.direction}${m.id}`} message={m} configured={data.messaging.configured} />
              ))}
              <li ref={end} aria-hidden="true" />
            </ol>
            <ReplyBox thread={data} />
          </>
        )}
      </Card>
      {data ? <Packages thread={data} /> : null}
    </div>
  );
}

function outboundState(m: Extract<TThreadMessage, { direction: "out" }>, configured: boolean): { label: string; tone: "success" | "muted" | "warning" | "danger" } {
  if (m.status === "SENT") {
    if (m.deliveryStatus === "read") return { label: "Leído", tone: "success" };
    if (m.deliveryStatus === "delivered") return { label: "Entregado", tone: "success" };
    return { label: "Enviado", tone: "muted" };
  }
  if (m.status === "FAILED" || m.status === "SKIPPED") return { label: m.lastError ?? "No enviado", tone: "danger" };
  if (!configured) return { label: "No enviado: WhatsApp no configurado", tone: "warning" };
  return { label: m.lastError ? `En cola: ${m.lastError}` : "En cola", tone: "warning" };
}

function MessageItem({ message: m, configured }: { message: TThreadMessage; configured: boolean }) {
  if (m.direction === "out") {
    const state = outboundState(m, configured);
    return (
      <li className="ml-6 grid min-w-0 justify-items-end sm:ml-16" aria-label={`Mensaje enviado el ${formatDateTime(m.at)}`}>
        <div className="min-w-0 rounded-lg bg-primary/10 px-3 py-2 text-sm break-words whitespace-pre-line text-ink">{m.body}</div>
        <p className="mt-0.5 text-right text-xs text-muted">
          {formatDateTime(m.at)} · {m.sentBy ? `${m.sentBy}${m.template ? " (plantilla)" : ""}` : "Aviso automático"} ·{" "}
          <span className={cn(state.tone === "danger" && "text-destructive-hover", state.tone === "warning" && "text-amber-800")}>{state.label}</span>
        </p>
      </li>
    );
  }
  return (
    <li className="mr-6 grid min-w-0 justify-items-start sm:mr-16" aria-label={`Mensaje del cliente el ${formatDateTime(m.at)}`}>
      <div className="grid min-w-0 gap-1 rounded-lg bg-slate-100 px-3 py-2 text-sm break-words text-ink">
        {m.location ? (
          <a
            className="inline-flex items-center gap-1 text-primary underline underline-offset-2"
            href={`https://www.openstreetmap.org/?mlat=${m.location.latitude}&mlon=${m.location.longitude}#map=17/${m.location.latitude}/${m.location.longitude}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
            {m.location.name ?? m.location.address ?? "Ubicación"} (ver mapa)
          </a>
        ) : null}
        {m.media ? <MediaItem message={m} /> : null}
        {m.text && !m.location ? <p className="whitespace-pre-line">{m.text}</p> : null}
        {!m.text && !m.media && !m.location ? <p className="text-muted italic">Mensaje de tipo «{m.type}» sin texto</p> : null}
        {m.consent ? (
          <Badge tone={m.consent === "BAJA" ? "danger" : "success"} className="justify-self-start">
            {m.consent === "BAJA" ? "Pidió no recibir mensajes (BAJA)" : "Volvió a aceptar mensajes (ALTA)"}
          </Badge>
        ) : null}
      </div>
      <p className="mt-0.5 text-xs text-muted">{formatDateTime(m.at)}</p>
    </li>
  );
}

function MediaItem({ message: m }: { message: Extract<TThreadMessage, { direction: "in" }> }) {
  const media = m.media!;
  const [url, setUrl] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const changeError = useChangeErrorToast();
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const isImage = media.mimeType?.startsWith("image/") ?? m.type === "image";
  const load = async () => {
    setLoading(true);
    try {
      const res = await apiRequest("GET", routePath(CONVERSATION_MEDIA_ROUTE, { id: m.id }));
      const blob = new Blob([await res.arrayBuffer()], { type: media.mimeType ?? "application/octet-stream" });
      if (isImage) setUrl(URL.createObjectURL(blob));
      else saveBlob(blob, media.filename ?? `whatsapp-${m.id}.pdf`);
    } catch (error) {
      changeError(error, "No se pudo abrir el archivo.");
    } finally {
      setLoading(false);
    }
  };
  if (media.state !== "STORED") {
    return (
      <p className="inline-flex items-start gap-1 text-muted">
        {isImage ? <ImageIcon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> : <FileText className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />}
        <span>{media.note ?? "Archivo no guardado"}</span>
      </p>
    );
  }
  if (url) return <img src={url} alt={m.text ? `Imagen del cliente: ${m.text}` : "Imagen enviada por el cliente"} className="max-h-72 max-w-full rounded" />;
  return (
    <Button size="sm" variant="outline" className="justify-self-start" disabled={loading} onClick={() => void load()}>
      {loading ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      ) : isImage ? (
        <ImageIcon className="h-4 w-4" aria-hidden="true" />
      ) : (
        <Download className="h-4 w-4" aria-hidden="true" />
      )}
      {isImage ? "Ver imagen" : `Descargar ${media.filename ?? "documento"}`}
    </Button>
  );
}

function ReplyBox({ thread }: { thread: TConversationThread }) {
  const [text, setText] = useState("");
  const changeError = useChangeErrorToast();
  const send = useMutation(
    {
      mutationFn: (body: { mode: "text"; text: string } | { mode: "template" }) =>
        sendAdminJson("POST", routePath(CONVERSATION_REPLY_ROUTE, { number: thread.number }), CONVERSATION_REPLY_ROUTE.responses[201], body),
      onSuccess: ({ messaging }, body) => {
        if (body.mode === "text") setText("");
        toast({ title: REPLY_SENT_TITLE, description: messaging.configured ? undefined : REPLY_QUEUED_NOT_CONFIGURED });
        void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
      },
      onError: (error) => changeError(error, "No se pudo enviar la respuesta.", "Error al responder"),
    },
    queryClient,
  );
  if (thread.optedOut) {
    return (
      <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
        El cliente pidió no recibir mensajes (escribió BAJA). No se le puede escribir por WhatsApp hasta que escriba ALTA.
      </p>
    );
  }
  if (!thread.window.open) {
    return (
      <div className="mt-4 grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note" aria-labelledby="window-closed">
        <p id="window-closed" className="font-semibold">
          {WINDOW_CLOSED_TITLE}
        </p>
        <p>{WINDOW_CLOSED_TEXT}</p>
        <p className="rounded bg-white p-2 text-ink">
          <span className="block text-xs text-muted">Plantilla «{thread.template.name}»:</span>
          {thread.template.preview}
        </p>
        <Button className="justify-self-start" disabled={send.isPending} onClick={() => send.mutate({ mode: "template" })}>
          {send.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
          Enviar plantilla
        </Button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) send.mutate({ mode: "text", text });
  };
  return (
    <form method="post" className="mt-4 grid gap-2" onSubmit={submit}>
      <Label htmlFor="reply-text">Respuesta</Label>
      <Textarea id="reply-text" rows={3} maxLength={REPLY_MAX_CHARS} value={text} onChange={(event) => setText(event.target.value)} aria-describedby="reply-window" />
      <p id="reply-window" className="text-xs text-muted">
        Puede responder con texto libre hasta el {formatDateTime(thread.window.closesAt)} (24 horas desde el último mensaje del cliente).
      </p>
      <Button type="submit" className="justify-self-end" disabled={send.isPending || !text.trim()}>
        {send.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
        Enviar
      </Button>
    </form>
  );
}

function Packages({ thread }: { thread: TConversationThread }) {
  return (
    <Card className="min-w-0 self-start p-4" role="region" aria-labelledby="packages-heading">
      <h3 id="packages-heading" className="flex items-center gap-2 font-bold text-ink">
        <Package className="h-4 w-4 text-primary" aria-hidden="true" />
        Paquetes del cliente
      </h3>
      {!thread.client ? (
        <p className="mt-2 text-sm text-muted">Este número no pertenece a ningún cliente registrado.</p>
      ) : thread.packages.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{thread.client.nombre} no tiene paquetes.</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {thread.packages.map((p) => (
            <li key={p.id} className="grid min-w-0 gap-1 rounded border border-slate-200 p-2 text-sm">
              <span className="font-mono break-all text-ink">{p.trackingCode}</span>
              <Badge tone={STATUS_TONES[p.estado]} className="justify-self-start whitespace-normal!">
                {trackingStatusLabel(p.estado, p.origen)}
              </Badge>
              {p.descripcion ? <span className="break-words text-muted">{p.descripcion}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
