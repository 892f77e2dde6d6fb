// The outbox screen (issue 35 item 5, decision 213): every outgoing WhatsApp message with its
// state and history, filtered and paged; and the notice to all the clients of an Embarque, counted
// before it is queued. Contract and Spanish texts of /api/admin/outbox.
import { z } from "../../validation";
import { zText } from "../../text-rules";
import { isCalendarDay } from "../../domain/dates";
import { SHIPPING_TYPES } from "../../domain/statuses";
import { OUTBOX_FILTER_STATES, OUTBOX_TEMPLATE_KEYS, SHIPMENT_NOTICE_TEMPLATE_KEYS } from "../../domain/whatsapp-outbox";
import { defineRoute } from "../contract";
import { ZMessagingStatusSchema, ZNotificationStateSchema } from "../notifications";

const DATE_INVALID = "Fecha inválida: use el formato AAAA-MM-DD";
const isoDate = z.string().refine(isCalendarDay, DATE_INVALID);

export const OUTBOX_PAGE_SIZE = 25;

export const ZOutboxQuerySchema = z.object({
  estado: z.enum(OUTBOX_FILTER_STATES, { error: "Estado inválido" }).optional(),
  /** Costa Rica calendar days, inclusive (when the message was queued). */
  desde: isoDate.optional(),
  hasta: isoDate.optional(),
  /** A client's code, name or phone digits. */
  cliente: zText().pipe(z.string().max(80, "La búsqueda de cliente admite hasta 80 caracteres")).optional(),
  /** A package's tracking number (or part of it). */
  paquete: zText().pipe(z.string().max(64, "La búsqueda de paquete admite hasta 64 caracteres")).optional(),
  plantilla: z.enum(OUTBOX_TEMPLATE_KEYS, { error: "Plantilla inválida" }).optional(),
  embarqueId: z.coerce.number().int().positive().optional(),
  pagina: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TOutboxQuery = z.infer<typeof ZOutboxQuerySchema>;

/** What staff see of the message's client wherever they look at it: consent and the unreachable mark. */
export const ZOutboxClientSchema = z.object({
  id: z.number(),
  clientCode: z.string(),
  nombre: z.string(),
  whatsappOptOutAt: z.string().nullable(),
  whatsappOptInAt: z.string().nullable(),
  whatsappUnreachableAt: z.string().nullable(),
  whatsappUnreachableCode: z.number().nullable(),
});

export const ZOutboxHistoryStepSchema = z.object({
  /** When it happened; null when only the state is known (a refusal of our own send). */
  at: z.string().nullable(),
  text: z.string(),
  tone: z.enum(["success", "pending", "danger", "muted"]),
});
export type TOutboxHistoryStep = z.infer<typeof ZOutboxHistoryStepSchema>;

export const ZOutboxItemSchema = ZNotificationStateSchema.extend({
  recipient: z.string(),
  body: z.string(),
  /** The filter's template key (bienvenida, estado_paquete, embarque_llego_cr, …) and its label. */
  template: z.string(),
  templateLabel: z.string(),
  client: ZOutboxClientSchema.nullable(),
  tracking: z.object({ id: z.number(), trackingCode: z.string() }).nullable(),
  shipment: z.object({ id: z.number(), numeroGuia: z.string(), formaEnvio: z.enum(SHIPPING_TYPES) }).nullable(),
  /** Whether "Reintentar" is offered: a failure whose code lets another try succeed. */
  canRetry: z.boolean(),
  history: z.array(ZOutboxHistoryStepSchema),
});
export type TOutboxItem = z.infer<typeof ZOutboxItemSchema>;

export const ZOutboxPageSchema = z.object({
  items: z.array(ZOutboxItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  messaging: ZMessagingStatusSchema,
});
export type TOutboxPage = z.infer<typeof ZOutboxPageSchema>;

export const ZShipmentNoticeQuerySchema = z.object({
  embarqueId: z.coerce.number({ error: "Elija un embarque" }).int().positive("Elija un embarque"),
  plantilla: z.enum(SHIPMENT_NOTICE_TEMPLATE_KEYS, { error: "Elija una plantilla de aviso" }),
});
export type TShipmentNoticeRequest = z.infer<typeof ZShipmentNoticeQuerySchema>;

/** The count before sending: how many clients, how many get it, how many are skipped and why. */
export const ZShipmentNoticePreviewSchema = z.object({
  shipment: z.object({ id: z.number(), numeroGuia: z.string(), formaEnvio: z.enum(SHIPPING_TYPES), fecha: z.string() }),
  plantilla: z.enum(SHIPMENT_NOTICE_TEMPLATE_KEYS),
  /** The message the first client would read (a sample for staff). */
  sample: z.string().nullable(),
  clients: z.number(),
  willSend: z.number(),
  skipped: z.object({ optedOut: z.number(), unreachable: z.number(), noPhone: z.number() }),
  /** When this same notice of this Embarque was last queued within the repeat window; null if not. */
  alreadySentAt: z.string().nullable(),
});
export type TShipmentNoticePreview = z.infer<typeof ZShipmentNoticePreviewSchema>;

export const ZShipmentNoticeResultSchema = ZShipmentNoticePreviewSchema.extend({ queued: z.number(), message: z.string() });
export type TShipmentNoticeResult = z.infer<typeof ZShipmentNoticeResultSchema>;

export const SHIPMENT_NOT_FOUND_FOR_NOTICE = "Embarque no encontrado";
export const SHIPMENT_NOTICE_EMPTY = "El embarque no tiene paquetes de clientes: no hay a quién avisar";
export const SHIPMENT_NOTICE_REPEATED = "Este aviso ya se envió a los clientes de este embarque en las últimas 24 horas; no se envió de nuevo";
export const NOTIFICATION_NOT_RETRYABLE = "No se puede reintentar: WhatsApp indicó un error definitivo para este mensaje (el mismo envío volvería a fallar)";

const tag = "outbox";

/** GET /api/admin/outbox (Dueño, Oficina): the outgoing messages, filtered and paged, newest first. */
export const OUTBOX_LIST_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/outbox",
  tag,
  summary: "Los mensajes de WhatsApp salientes con su estado e historial, filtrados y paginados",
  query: ZOutboxQuerySchema,
  responses: { 200: ZOutboxPageSchema },
});

/** GET /api/admin/outbox/shipment-notice (Dueño, Oficina): the count of a notice to an Embarque's clients. */
export const SHIPMENT_NOTICE_PREVIEW_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/outbox/shipment-notice",
  tag,
  summary: "Cuenta, antes de enviarlo, a cuántos clientes de un embarque llegaría un aviso y cuántos se omiten",
  query: ZShipmentNoticeQuerySchema,
  responses: { 200: ZShipmentNoticePreviewSchema },
});

/** POST /api/admin/outbox/shipment-notice (Dueño, Oficina): queues the notice, one per client. */
export const SHIPMENT_NOTICE_SEND_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/outbox/shipment-notice",
  tag,
  summary: "Pone en cola un aviso de WhatsApp para cada cliente de un embarque (una vez cada 24 horas)",
  body: ZShipmentNoticeQuerySchema,
  responses: { 200: ZShipmentNoticeResultSchema },
});
