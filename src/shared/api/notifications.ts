// The state of outgoing WhatsApp messages as staff see them (docs/architecture.md, "Notifications"):
// each outbox row's status, attempts and last error, and one Spanish sentence per state.
import { z } from "../validation";
import { defineRoute } from "./contract";
import { formatDateTime } from "../domain/format";
import { NOTIFICATION_KINDS, OUTBOX_STATUSES, type OutboxStatus } from "../domain/statuses";
import { WHATSAPP_DELIVERY_STATUSES } from "../domain/whatsapp";

export const ZNotificationStateSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** What Meta's webhook last said (decision 200): sent, delivered, read or failed; null before any report. */
  deliveryStatus: z.enum(WHATSAPP_DELIVERY_STATUSES).nullable().optional(),
  deliveredAt: z.string().nullable().optional(),
  readAt: z.string().nullable().optional(),
  errorCode: z.number().nullable().optional(),
  nextAttemptAt: z.string(),
  createdAt: z.string(),
});
export type TNotificationState = z.infer<typeof ZNotificationStateSchema>;

/** Whether the server has a real messaging provider; without one nothing is ever sent. */
export const ZMessagingStatusSchema = z.object({ configured: z.boolean() });
export type TMessagingStatus = z.infer<typeof ZMessagingStatusSchema>;

export const ZListNotificationsRequestSchema = z.object({
  whatsappEntryId: z.coerce.number().int().positive().optional(),
  clientId: z.coerce.number().int().positive().optional(),
  trackingId: z.coerce.number().int().positive().optional(),
});
export type TListNotificationsRequest = z.infer<typeof ZListNotificationsRequestSchema>;

export const NOT_CONFIGURED_TEXT = "No enviado: WhatsApp no configurado";

/** POST /api/notifications/{id}/retry: the message queued again, as staff now see it. */
export const ZRetryNotificationResponseSchema = z.object({ notification: ZNotificationStateSchema, messaging: ZMessagingStatusSchema });
export const NOTIFICATION_NOT_FOUND = "Mensaje no encontrado";
export const NOTIFICATION_NOT_FAILED = "Solo se puede reintentar un mensaje que falló";
export const RETRY_BUTTON_TEXT = "Reintentar";
export const RETRY_QUEUED_TITLE = "Mensaje en cola de nuevo";
export const RETRY_QUEUED_TEXT = "Se intentará enviar ahora por WhatsApp.";
export const RETRY_NOT_CONFIGURED_TEXT = "Quedó en cola, pero no se enviará mientras WhatsApp no esté configurado.";
export const RETRY_FAILED_TITLE = "Error al reintentar el mensaje";

export type NotificationTone = "success" | "pending" | "danger" | "muted";

/** One honest sentence for a message's state: never "sent" unless the provider accepted it. */
export function describeNotification(
  n: Pick<TNotificationState, "status" | "attempts" | "lastError" | "sentAt" | "deliveryStatus" | "deliveredAt" | "readAt">,
  messaging: TMessagingStatus,
): { label: string; tone: NotificationTone } {
  const status: OutboxStatus = n.status;
  switch (status) {
    case "SENT":
      // Meta's own reports when they came (decision 200): read, else delivered, else accepted.
      if (n.deliveryStatus === "read") return { label: `Leído el ${formatDateTime(n.readAt)}`, tone: "success" };
      if (n.deliveryStatus === "delivered") return { label: `Entregado el ${formatDateTime(n.deliveredAt)}`, tone: "success" };
      return { label: `Enviado el ${formatDateTime(n.sentAt)}`, tone: "success" };
    case "SKIPPED":
      return { label: n.lastError ?? "No enviado: el cliente pidió no recibir mensajes", tone: "muted" };
    case "FAILED":
      return { label: `Falló: ${n.lastError ?? "error desconocido"}`, tone: "danger" };
    case "SENDING":
      return { label: "Enviando…", tone: "pending" };
    case "PENDING":
      if (!messaging.configured) return { label: NOT_CONFIGURED_TEXT, tone: "muted" };
      if (n.attempts > 0) {
        return {
          label: `En cola: reintento pendiente (intento ${n.attempts} falló${n.lastError ? `: ${n.lastError}` : ""})`,
          tone: "pending",
        };
      }
      return { label: "En cola", tone: "pending" };
  }
}

/** The messages of one WhatsApp entry, client or package (at least one of them is required). */
export const ZNotificationListResponseSchema = z.object({ notifications: z.array(ZNotificationStateSchema), messaging: ZMessagingStatusSchema });

/** GET /api/notifications (office staff): the state of the messages about one entry, client or package. */
export const NOTIFICATION_LIST_ROUTE = defineRoute({
  method: "GET",
  path: "/api/notifications",
  tag: "notifications",
  summary: "El estado de los mensajes de WhatsApp de una entrada, un cliente o un paquete",
  query: ZListNotificationsRequestSchema,
  responses: { 200: ZNotificationListResponseSchema },
});

/** POST /api/notifications/{id}/retry (office staff): a failed message queued again. */
export const NOTIFICATION_RETRY_ROUTE = defineRoute({
  method: "POST",
  path: "/api/notifications/:id/retry",
  tag: "notifications",
  summary: "Vuelve a poner en cola un mensaje que falló («Reintentar»)",
  params: z.object({ id: z.coerce.number().int().positive() }),
  responses: { 200: ZRetryNotificationResponseSchema },
});
