// Bandeja de salida (issue 35 item 5, decision 213; Dueño and Oficina): every outgoing WhatsApp
// message, newest first, with its state and history (queued, sent, delivered, read, failed and
// why, skipped and why), the client's consent and "cannot receive" mark, links to the package,
// client and Embarque, and "Reintentar" only where Meta's code lets another try succeed. Filters
// and the page live in the address. The notice to all the clients of an Embarque is on top.

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { CheckCircle2, Clock, MessageSquareOff, XCircle } from "lucide-react";
import { Card } from "../../../components/ui/card";
import { Pagination } from "../../../components/ui/pagination";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { RetryNotificationButton } from "../../../components/retry-notification-button";
import { cn } from "../../../lib/cn";
import { queryClient } from "../../../lib/query-client";
import { ADMIN_QUERY_ROOT, getAdminJson, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { useUrlFilters } from "../../../lib/admin/use-url-filters";
import { routePath } from "../../../../shared/api/contract";
import { formatDateTime } from "../../../../shared/domain/format";
import { formatPhoneForDisplay } from "../../../../shared/domain/phone";
import { clientWhatsappNotices } from "../../../../shared/domain/whatsapp";
import { OUTBOX_FILTER_STATES, OUTBOX_FILTER_STATE_LABELS, OUTBOX_TEMPLATE_LABELS } from "../../../../shared/domain/whatsapp-outbox";
import { SHIPMENT_TYPE_LABELS, shipmentHref } from "../../../../shared/api/admin/shipments";
import { describeNotification, type NotificationTone, type TMessagingStatus } from "../../../../shared/api/notifications";
import { OUTBOX_LIST_ROUTE, ZOutboxQuerySchema, type TOutboxItem, type TOutboxPage } from "../../../../shared/api/admin/outbox";
import { ShipmentNoticePanel } from "./shipment-notice-panel";
import { FilterBar, FilterInput, FilterSelect } from "../../../components/filter-bar";

export const OUTBOX_KEY = [ADMIN_QUERY_ROOT, "outbox"] as const;
const URL_DEFAULTS = { estado: "", desde: "", hasta: "", cliente: "", paquete: "", plantilla: "", embarqueId: "", page: "1" };
export const OUTBOX_EMPTY = "Ningún mensaje coincide con los filtros";
const OUTBOX_LOAD_FAILED = "No se pudo cargar la bandeja de salida";

const TONE_STYLE: Record<NotificationTone, { className: string; Icon: typeof Clock }> = {
  success: { className: "text-green-800", Icon: CheckCircle2 },
  pending: { className: "text-amber-800", Icon: Clock },
  danger: { className: "text-red-800", Icon: XCircle },
  muted: { className: "text-slate-700", Icon: MessageSquareOff },
};

function StateLine({ item, messaging }: { item: TOutboxItem; messaging: TMessagingStatus }) {
  const { label, tone } = describeNotification(item, messaging);
  const { className, Icon } = TONE_STYLE[tone];
  return (
    <p className={cn("flex items-start gap-1.5 text-sm font-medium", className)}>
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">{label}</span>
    </p>
  );
}

function OutboxMessage({ item, messaging }: { item: TOutboxItem; messaging: TMessagingStatus }) {
  const notices = item.client ? clientWhatsappNotices(item.client) : [];
  return (
    <li className="grid gap-1.5 border-t border-slate-200 py-3 text-sm first:border-t-0" data-testid="mensaje-saliente">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-ink">{item.templateLabel}</p>
        <p className="text-muted">
          <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </p>
      </div>
      <StateLine item={item} messaging={messaging} />
      <p className="break-words text-muted">
        Para {item.recipient ? formatPhoneForDisplay(`+${item.recipient}`) : "—"}
        {item.client ? (
          <>
            {" · "}
            <Link href={`~/admin?q=${encodeURIComponent(item.client.clientCode)}`} className="text-primary underline underline-offset-2">
              {item.client.nombre} ({item.client.clientCode})
            </Link>
          </>
        ) : null}
        {item.tracking ? (
          <>
            {" · Paquete "}
            <Link href={`~/admin/paquetes?q=${encodeURIComponent(item.tracking.trackingCode)}`} className="break-all text-primary underline underline-offset-2">
              {item.tracking.trackingCode}
            </Link>
          </>
        ) : null}
        {item.shipment ? (
          <>
            {" · Embarque "}
            <Link href={`~${shipmentHref(item.shipment.id)}`} className="break-all text-primary underline underline-offset-2">
              {SHIPMENT_TYPE_LABELS[item.shipment.formaEnvio]} {item.shipment.numeroGuia}
            </Link>
          </>
        ) : null}
      </p>
      {notices.map((n) => (
        <p key={n.text} className={cn("rounded-md px-2 py-1 text-xs font-medium", n.tone === "danger" ? "bg-red-50 text-red-900" : "bg-amber-50 text-amber-900")}>
          {n.text}
        </p>
      ))}
      <details>
        <summary className="cursor-pointer font-medium text-primary">Mensaje e historial</summary>
        <p className="mt-2 whitespace-pre-line break-words rounded-md bg-slate-50 p-2 text-ink">{item.body}</p>
        <ol aria-label="Historial del mensaje" className="mt-2 grid gap-1">
          {item.history.map((step, i) => (
            <li key={i} className="grid gap-x-2 break-words sm:grid-cols-[11rem_1fr]">
              <span className="text-muted">{step.at ? <time dateTime={step.at}>{formatDateTime(step.at)}</time> : "—"}</span>
              <span className={TONE_STYLE[step.tone].className}>{step.text}</span>
            </li>
          ))}
        </ol>
      </details>
      {item.canRetry ? (
        <div>
          <RetryNotificationButton notification={item} />
        </div>
      ) : null}
    </li>
  );
}

export function OutboxSection() {
  const filters = useUrlFilters(URL_DEFAULTS);
  const { values } = filters;
  const parsed = ZOutboxQuerySchema.safeParse({
    estado: values.estado || undefined,
    desde: values.desde || undefined,
    hasta: values.hasta || undefined,
    cliente: values.cliente.trim() || undefined,
    paquete: values.paquete.trim() || undefined,
    plantilla: values.plantilla || undefined,
    embarqueId: values.embarqueId || undefined,
    pagina: values.page,
  });
  const url = parsed.success ? routePath(OUTBOX_LIST_ROUTE, parsed.data) : routePath(OUTBOX_LIST_ROUTE);
  const page = useQuery<TOutboxPage>(
    {
      queryKey: [...OUTBOX_KEY, url],
      queryFn: () => getAdminJson(url, OUTBOX_LIST_ROUTE.responses[200]),
      enabled: parsed.success,
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  useLoadErrorToast(page.error, "Error", OUTBOX_LOAD_FAILED);
  const filtering = Object.entries(values).some(([k, v]) => k !== "page" && v !== "");

  return (
    <div className="grid gap-4">
      <ShipmentNoticePanel onSent={(embarqueId) => filters.set({ ...URL_DEFAULTS, embarqueId: String(embarqueId) })} />
      <Card className="p-4 sm:p-6">
        <div className="mb-4">
          <h2 className="text-lg font-semibold text-ink">Mensajes de WhatsApp salientes</h2>
          <p className="text-sm text-muted">Cada mensaje con su estado: en cola, enviado, entregado, leído, o por qué falló o no se envió.</p>
        </div>
        <FilterBar label="Filtros de la bandeja" columns={3} filtering={filtering} onClear={filters.reset}>
          <FilterSelect
            id="outbox-state"
            label="Estado"
            all="Todos"
            value={values.estado}
            onChange={(estado) => filters.set({ estado })}
            options={OUTBOX_FILTER_STATES.map((s) => [s, OUTBOX_FILTER_STATE_LABELS[s]] as const)}
          />
          <FilterSelect
            id="outbox-template"
            label="Plantilla"
            all="Todas"
            value={values.plantilla}
            onChange={(plantilla) => filters.set({ plantilla })}
            options={Object.entries(OUTBOX_TEMPLATE_LABELS)}
          />
          <FilterInput id="outbox-client" label="Cliente (código, nombre o teléfono)" value={values.cliente} onChange={(cliente) => filters.set({ cliente }, { replace: true })} />
          <FilterInput id="outbox-package" label="Paquete (número de tracking)" value={values.paquete} onChange={(paquete) => filters.set({ paquete }, { replace: true })} />
          <FilterInput id="outbox-from" label="Desde" type="date" value={values.desde} onChange={(desde) => filters.set({ desde })} />
          <FilterInput id="outbox-to" label="Hasta" type="date" value={values.hasta} onChange={(hasta) => filters.set({ hasta })} />
        </FilterBar>
        <div className="mt-4">
          {!parsed.success ? (
            <PanelMessage tone="error">{parsed.error.issues[0]?.message ?? OUTBOX_LOAD_FAILED}</PanelMessage>
          ) : page.isPending ? (
            <PanelLoading />
          ) : page.isError ? (
            <PanelMessage tone="error">{OUTBOX_LOAD_FAILED}</PanelMessage>
          ) : page.data.items.length === 0 ? (
            <PanelMessage>{OUTBOX_EMPTY}</PanelMessage>
          ) : (
            <>
              {!page.data.messaging.configured ? (
                <p className="mb-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900">WhatsApp no está configurado en el servidor: los mensajes quedan en cola y no se envían.</p>
              ) : null}
              <p className="text-sm text-muted">
                {page.data.total} {page.data.total === 1 ? "mensaje" : "mensajes"}
              </p>
              <ol aria-label="Mensajes salientes" className="mt-2">
                {page.data.items.map((item) => (
                  <OutboxMessage key={item.id} item={item} messaging={page.data.messaging} />
                ))}
              </ol>
              <Pagination
                page={page.data.page}
                pageSize={page.data.pageSize}
                total={page.data.total}
                onPage={(p) => filters.set({ page: String(p) })}
                label="Páginas de la bandeja"
              />
            </>
          )}
        </div>
      </Card>
    </div>
  );
}
