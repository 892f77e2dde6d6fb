// The outbox screen's list (decision 213): every outgoing message with its client (consent and
// the unreachable mark), package or Embarque, filtered and paged, newest first; each with its
// history from the columns and the delivery reports the webhook applied to it.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../lib/rate-limiter";
import { clientSearchAlternatives, likeEscape } from "../../core/client-search";
import { costaRicaDayStart, addDays } from "../../../shared/domain/dates";
import { formatDateTime } from "../../../shared/domain/format";
import { toNotificationState } from "../notifications/queries";
import { OUTBOX_PAGE_SIZE, type TOutboxHistoryStep, type TOutboxItem, type TOutboxPage, type TOutboxQuery } from "../../../shared/api/admin/outbox";
import { OUTBOX_TEMPLATE_LABELS, staffMayRetry, type OutboxFilterState } from "../../../shared/domain/whatsapp-outbox";
import { whatsappFailureReason } from "../../../shared/domain/whatsapp";
import type { ShippingType } from "../../../shared/domain/statuses";

/** The filter's template key of a message: its kind's template, or the Embarque notice it used. */
const TEMPLATE_OF = sql`(case n.kind
  when 'WELCOME' then 'bienvenida' when 'TRACKING_STATUS' then 'estado_paquete' when 'WHATSAPP_ENTRY_STATUS' then 'estado_tracking'
  when 'CONSENT_REPLY' then 'respuesta_baja_alta' else coalesce(n.payload->>'template', '') end)`;

const STATE_CONDITIONS: Record<OutboxFilterState, SQL> = {
  EN_COLA: sql`n.status in ('PENDING', 'SENDING')`,
  ENVIADO: sql`n.status = 'SENT' and (n.delivery_status is null or n.delivery_status = 'sent')`,
  ENTREGADO: sql`n.status = 'SENT' and n.delivery_status = 'delivered'`,
  LEIDO: sql`n.status = 'SENT' and n.delivery_status = 'read'`,
  FALLIDO: sql`n.status = 'FAILED'`,
  OMITIDO: sql`n.status = 'SKIPPED'`,
};

function conditionsOf(q: TOutboxQuery): SQL {
  const where: SQL[] = [];
  if (q.estado) where.push(STATE_CONDITIONS[q.estado]);
  if (q.desde) where.push(sql`n.created_at >= ${costaRicaDayStart(q.desde).toISOString()}::timestamptz`);
  if (q.hasta) where.push(sql`n.created_at < ${addDays(costaRicaDayStart(q.hasta), 1).toISOString()}::timestamptz`);
  if (q.plantilla) where.push(sql`${TEMPLATE_OF} = ${q.plantilla}`);
  if (q.embarqueId) where.push(sql`n.shipment_id = ${q.embarqueId}`);
  if (q.paquete) where.push(sql`upper(t.tracking_code) like ${`%${likeEscape(q.paquete.toUpperCase())}%`}`);
  if (q.cliente) {
    const alternatives = clientSearchAlternatives(q.cliente);
    // A message to a number no client holds is still found by the number it went to.
    const digits = q.cliente.replace(/\D/g, "");
    if (digits.length >= 4 && digits.length === q.cliente.replace(/[\s+().-]/g, "").length) alternatives.push(sql`n.recipient like ${`%${digits}%`}`);
    where.push(sql`(${sql.join(alternatives, sql` or `)})`);
  }
  return where.length ? sql.join(where, sql` and `) : sql`true`;
}

interface Row {
  id: number | string;
  kind: string;
  status: string;
  attempts: number | string;
  last_error: string | null;
  sent_at: string | Date | null;
  delivery_status: string | null;
  delivered_at: string | Date | null;
  read_at: string | Date | null;
  failed_at: string | Date | null;
  error_code: number | string | null;
  next_attempt_at: string | Date;
  created_at: string | Date;
  recipient: string;
  body: string;
  template: string;
  client_id: number | null;
  client_code: string | null;
  nombre: string | null;
  opt_out_at: string | Date | null;
  opt_in_at: string | Date | null;
  unreachable_at: string | Date | null;
  unreachable_code: number | null;
  tracking_id: number | null;
  tracking_code: string | null;
  shipment_id: number | null;
  numero_guia: string | null;
  forma_envio: string | null;
  filtered_total: number | string;
}

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

interface ReportEvent {
  notification_id: number | string;
  status: string;
  at: string | null;
  code: string | null;
  title: string | null;
}

/** GET /api/admin/outbox: one statement for the page and its count, one for the page's reports. */
export async function listOutbox(db: Db, q: TOutboxQuery, configured: boolean): Promise<TOutboxPage> {
  const where = conditionsOf(q);
  const offset = (q.pagina - 1) * OUTBOX_PAGE_SIZE;
  const from = sql`from notification_outbox n
    left join clients c on c.id = n.client_id
    left join client_trackings t on t.id = n.tracking_id
    left join shipments s on s.id = n.shipment_id`;
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select n.id, n.kind, n.status, n.attempts, n.last_error, n.sent_at, n.delivery_status, n.delivered_at, n.read_at,
        n.failed_at, n.error_code, n.next_attempt_at, n.created_at, n.recipient, n.body, ${TEMPLATE_OF} as template,
        c.id as client_id, c.client_code, c.nombre, c.whatsapp_opt_out_at as opt_out_at, c.whatsapp_opt_in_at as opt_in_at,
        c.whatsapp_unreachable_at as unreachable_at, c.whatsapp_unreachable_code as unreachable_code,
        t.id as tracking_id, t.tracking_code, s.id as shipment_id, s.numero_guia, s.forma_envio,
        count(*) over () as filtered_total
      ${from} where ${where}
      order by n.id desc limit ${OUTBOX_PAGE_SIZE} offset ${offset}`),
  );
  const total = rows.length ? Number(rows[0].filtered_total) : Number(rowsOf<{ n: string | number }>(await db.execute(sql`select count(*) as n ${from} where ${where}`))[0].n);
  const ids = rows.map((r) => Number(r.id));
  const events = ids.length
    ? rowsOf<ReportEvent>(
        await db.execute(sql`
          select e.notification_id, e.payload->'status'->>'status' as status, e.payload->'status'->>'timestamp' as at,
            e.payload->'status'->'errors'->0->>'code' as code, e.payload->'status'->'errors'->0->>'title' as title
          from whatsapp_webhook_events e
          where e.notification_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and e.kind = 'status' and e.state = 'DONE'
          order by e.id`),
      )
    : [];
  const byMessage = new Map<number, ReportEvent[]>();
  for (const e of events) byMessage.set(Number(e.notification_id), [...(byMessage.get(Number(e.notification_id)) ?? []), e]);
  return {
    items: rows.map((r) => toItem(r, byMessage.get(Number(r.id)) ?? [])),
    total,
    page: q.pagina,
    pageSize: OUTBOX_PAGE_SIZE,
    messaging: { configured },
  };
}

function toItem(r: Row, reports: ReportEvent[]): TOutboxItem {
  const state = toNotificationState({
    id: r.id,
    kind: r.kind,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    sentAt: r.sent_at,
    deliveryStatus: r.delivery_status,
    deliveredAt: r.delivered_at,
    readAt: r.read_at,
    errorCode: r.error_code,
    nextAttemptAt: r.next_attempt_at,
    createdAt: r.created_at,
  });
  return {
    ...state,
    recipient: r.recipient,
    body: r.body,
    template: r.template,
    templateLabel: OUTBOX_TEMPLATE_LABELS[r.template] ?? "Plantilla desconocida",
    client:
      r.client_id === null
        ? null
        : {
            id: Number(r.client_id),
            clientCode: r.client_code ?? "",
            nombre: r.nombre ?? "",
            whatsappOptOutAt: iso(r.opt_out_at),
            whatsappOptInAt: iso(r.opt_in_at),
            whatsappUnreachableAt: iso(r.unreachable_at),
            whatsappUnreachableCode: r.unreachable_code === null ? null : Number(r.unreachable_code),
          },
    tracking: r.tracking_id === null ? null : { id: Number(r.tracking_id), trackingCode: r.tracking_code ?? "" },
    shipment: r.shipment_id === null ? null : { id: Number(r.shipment_id), numeroGuia: r.numero_guia ?? "", formaEnvio: (r.forma_envio ?? "AVION") as ShippingType },
    canRetry: staffMayRetry(state.status, state.errorCode),
    history: historyOf(r, reports),
  };
}

const metaTime = (seconds: string | null): string | null => {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000).toISOString() : null;
};

/** The steps of one message, oldest first: queued, accepted, Meta's reports, and where it stands. */
function historyOf(r: Row, reports: ReportEvent[]): TOutboxHistoryStep[] {
  const steps: TOutboxHistoryStep[] = [{ at: iso(r.created_at), text: "Puesto en cola", tone: "pending" }];
  if (reports.length) {
    for (const e of reports) {
      const at = metaTime(e.at);
      if (e.status === "sent") steps.push({ at, text: "WhatsApp lo envió", tone: "success" });
      else if (e.status === "delivered") steps.push({ at, text: "Entregado al teléfono del cliente", tone: "success" });
      else if (e.status === "read") steps.push({ at, text: "Leído por el cliente", tone: "success" });
      else if (e.status === "failed") {
        const code = e.code === null ? null : Number(e.code);
        steps.push({ at, text: `Falló${code === null ? "" : ` (código ${code})`}: ${whatsappFailureReason(code, e.title)}`, tone: "danger" });
      }
    }
  } else {
    if (r.sent_at) steps.push({ at: iso(r.sent_at), text: "Aceptado por WhatsApp", tone: "success" });
    if (r.delivered_at) steps.push({ at: iso(r.delivered_at), text: "Entregado al teléfono del cliente", tone: "success" });
    if (r.read_at) steps.push({ at: iso(r.read_at), text: "Leído por el cliente", tone: "success" });
  }
  if (r.status === "FAILED" && !(reports.some((e) => e.status === "failed") && r.failed_at)) {
    steps.push({ at: iso(r.failed_at), text: `Falló: ${r.last_error ?? "error desconocido"}`, tone: "danger" });
  } else if (r.status === "SKIPPED") {
    steps.push({ at: null, text: r.last_error ?? "No enviado", tone: "muted" });
  } else if (r.status === "PENDING" && Number(r.attempts) > 0) {
    steps.push({ at: iso(r.next_attempt_at), text: `Reintento programado para el ${formatDateTime(r.next_attempt_at)}${r.last_error ? ` (${r.last_error})` : ""}`, tone: "pending" });
  }
  return steps;
}
