// Conversaciones (issue 35 item 3, decisions 211 and 212): the clients' WhatsApp messages as
// staff read and answer them. One conversation per number (Meta's international digits); the
// thread mixes what the client wrote with what was sent to the number; staff answer with free
// text inside the 24-hour customer-service window and with the approved template outside it.
import { z } from "../../validation";
import { binary, defineRoute } from "../contract";
import { NOTIFICATION_KINDS, ORIGINS, OUTBOX_STATUSES, TRACKING_STATUSES } from "../../domain/statuses";
import { MEDIA_STATES, WHATSAPP_DELIVERY_STATUSES, type MediaState } from "../../domain/whatsapp";
import { formatDateTime } from "../../domain/format";

/** Meta's customer-service window: free text may go this long after the client's last message. */
export const SERVICE_WINDOW_MS = 24 * 3600_000;

/** Whether free text may be sent now: the client wrote within the last 24 hours. */
export function serviceWindowOpen(lastInboundAt: Date | string | null | undefined, now: Date = new Date()): boolean {
  if (!lastInboundAt) return false;
  const at = new Date(lastInboundAt).getTime();
  return now.getTime() - at < SERVICE_WINDOW_MS && at <= now.getTime() + 5 * 60_000;
}

/** When the window closes (null when it is closed). */
export function serviceWindowClosesAt(lastInboundAt: Date | string | null | undefined, now: Date = new Date()): string | null {
  return serviceWindowOpen(lastInboundAt, now) ? new Date(new Date(lastInboundAt as string).getTime() + SERVICE_WINDOW_MS).toISOString() : null;
}

export const REPLY_MAX_CHARS = 4096;


/** Files kept from the clients' messages: the uploads module's images, and PDF documents, up to 10 MB. */
export const STORED_MEDIA_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp", "application/pdf"] as const;

/** Why a file is not kept (its type), in Spanish. */
export function mediaNotKeptReason(mimeType: string | null): string {
  return `No se guardan archivos de este tipo${mimeType ? ` (${mimeType})` : ""}: solo imágenes JPG, PNG, GIF o WebP y documentos PDF de hasta 10 MB. Pida al cliente que lo envíe así.`;
}

export const CONVERSATION_FILTERS = ["todas", "sin-leer"] as const;
export const CONVERSATION_FILTER_LABELS: Record<(typeof CONVERSATION_FILTERS)[number], string> = { todas: "Todas", "sin-leer": "Sin leer" };

// --- Spanish texts ---
export const REPLY_WINDOW_CLOSED =
  "Pasaron más de 24 horas desde el último mensaje del cliente: WhatsApp solo permite enviar una plantilla aprobada. Envíe la plantilla para invitarlo a responder.";
export const REPLY_TEXT_REQUIRED = "Escriba la respuesta";
export const REPLY_TEXT_TOO_LONG = `La respuesta puede tener hasta ${REPLY_MAX_CHARS} caracteres`;
export const REPLY_MODE_INVALID = "Indique si envía texto o la plantilla";
export const CONVERSATION_NOT_FOUND = "No hay conversación con ese número";
export const CONVERSATION_NUMBER_INVALID = "Número de WhatsApp inválido";
export const REPLY_OPTED_OUT = "El cliente pidió no recibir mensajes (escribió BAJA): no se le puede escribir hasta que escriba ALTA.";
export const MEDIA_NOT_FOUND = "El archivo no está guardado";
export const REPLY_SENT_TITLE = "Respuesta enviada";
export const REPLY_QUEUED_NOT_CONFIGURED = "Quedó en cola, pero no se enviará mientras WhatsApp no esté configurado.";

const ZNumberParam = z.object({ number: z.string().regex(/^\d{8,15}$/, CONVERSATION_NUMBER_INVALID) });

export const ZConversationClientSchema = z.object({
  id: z.number(),
  clientCode: z.string(),
  nombre: z.string(),
  telefono: z.string(),
});

export const ZConversationSummarySchema = z.object({
  number: z.string(),
  client: ZConversationClientSchema.nullable(),
  profileName: z.string().nullable(),
  unread: z.number().int(),
  lastMessage: z.object({
    direction: z.enum(["in", "out"]),
    text: z.string(),
    at: z.string(),
  }),
  lastInboundAt: z.string().nullable(),
  windowOpen: z.boolean(),
});
export type TConversationSummary = z.infer<typeof ZConversationSummarySchema>;

export const ZConversationListQuerySchema = z.object({
  filtro: z.enum(CONVERSATION_FILTERS, { error: "Filtro inválido" }).default("todas"),
  page: z.coerce.number({ error: "Página inválida" }).int("Página inválida").min(1, "Página inválida").max(10_000, "Página inválida").default(1),
});

export const ZConversationListResponseSchema = z.object({
  conversations: z.array(ZConversationSummarySchema),
  /** Conversations with unread messages, whatever the filter. */
  unreadConversations: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type TConversationListResponse = z.infer<typeof ZConversationListResponseSchema>;

export const ZInboundThreadMessageSchema = z.object({
  direction: z.literal("in"),
  id: z.number(),
  type: z.string(),
  text: z.string().nullable(),
  at: z.string(),
  readByStaffAt: z.string().nullable(),
  consent: z.enum(["BAJA", "ALTA"]).nullable(),
  location: z.object({ latitude: z.number(), longitude: z.number(), name: z.string().nullable(), address: z.string().nullable() }).nullable(),
  button: z.string().nullable(),
  media: z
    .object({
      state: z.enum(MEDIA_STATES),
      mimeType: z.string().nullable(),
      filename: z.string().nullable(),
      size: z.number().nullable(),
      /** Why it is not stored (yet), in Spanish. */
      note: z.string().nullable(),
    })
    .nullable(),
});

export const ZOutboundThreadMessageSchema = z.object({
  direction: z.literal("out"),
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  body: z.string(),
  at: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  deliveryStatus: z.enum(WHATSAPP_DELIVERY_STATUSES).nullable(),
  lastError: z.string().nullable(),
  /** The staff member who answered (STAFF_REPLY), else null. */
  sentBy: z.string().nullable(),
  template: z.boolean(),
});

export const ZThreadMessageSchema = z.discriminatedUnion("direction", [ZInboundThreadMessageSchema, ZOutboundThreadMessageSchema]);
export type TThreadMessage = z.infer<typeof ZThreadMessageSchema>;

export const ZConversationPackageSchema = z.object({
  id: z.number(),
  trackingCode: z.string(),
  estado: z.enum(TRACKING_STATUSES),
  origen: z.enum(ORIGINS),
  descripcion: z.string().nullable(),
  updatedAt: z.string(),
});

export const ZConversationThreadResponseSchema = z.object({
  number: z.string(),
  client: ZConversationClientSchema.nullable(),
  profileName: z.string().nullable(),
  optedOut: z.boolean(),
  window: z.object({ open: z.boolean(), lastInboundAt: z.string().nullable(), closesAt: z.string().nullable() }),
  /** The template offered outside the window, as the client would read it. */
  template: z.object({ name: z.string(), preview: z.string() }),
  messages: z.array(ZThreadMessageSchema),
  packages: z.array(ZConversationPackageSchema),
  messaging: z.object({ configured: z.boolean() }),
});
export type TConversationThread = z.infer<typeof ZConversationThreadResponseSchema>;

export const ZConversationReplyRequestSchema = z.discriminatedUnion(
  "mode",
  [
    z.object({
      mode: z.literal("text"),
      text: z
        .string({ error: REPLY_TEXT_REQUIRED })
        .trim()
        .min(1, REPLY_TEXT_REQUIRED)
        .max(REPLY_MAX_CHARS, REPLY_TEXT_TOO_LONG),
    }),
    z.object({ mode: z.literal("template") }),
  ],
  { error: REPLY_MODE_INVALID },
);
export type TConversationReplyRequest = z.infer<typeof ZConversationReplyRequestSchema>;

export const ZConversationReplyResponseSchema = z.object({
  message: ZOutboundThreadMessageSchema,
  messaging: z.object({ configured: z.boolean() }),
});

/** The template's text as the client reads it ({{1}}: the client's name). */
export function replyTemplatePreview(nombre: string | null | undefined, brandName: string): string {
  const name = nombre?.trim() ? nombre.trim().split(/\s+/)[0] : "cliente";
  return `Hola ${name}, tenemos una respuesta a su consulta en ${brandName}. Responda a este mensaje para continuar la conversación.`;
}

/** The line under a client's file in the thread. */
export function mediaNote(state: MediaState, error: string | null, at?: string | null): string | null {
  if (state === "STORED") return null;
  if (state === "PENDING") return error ? `Descarga pendiente: ${error}` : "Descargando el archivo…";
  if (state === "FAILED") return `No se pudo descargar el archivo${error ? `: ${error}` : ""}${at ? ` (${formatDateTime(at)})` : ""}`;
  return error;
}

// --- The contract ---

/** GET /api/admin/conversations (office staff): one row per number, latest first. */
export const CONVERSATION_LIST_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/conversations",
  tag: "whatsapp-inbox",
  summary: "Las conversaciones de WhatsApp con los clientes: mensajes sin leer y el último mensaje",
  query: ZConversationListQuerySchema,
  responses: { 200: ZConversationListResponseSchema },
});

/** GET /api/admin/conversations/{number} (office staff): the thread, the client and their packages. */
export const CONVERSATION_THREAD_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/conversations/:number",
  tag: "whatsapp-inbox",
  summary: "Los mensajes con un número, el cliente, sus paquetes y la ventana de 24 horas",
  params: ZNumberParam,
  responses: { 200: ZConversationThreadResponseSchema },
});

/** POST /api/admin/conversations/{number}/read (office staff): the client's messages marked read. */
export const CONVERSATION_READ_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/conversations/:number/read",
  tag: "whatsapp-inbox",
  summary: "Marca como leídos los mensajes de un número",
  params: ZNumberParam,
  responses: { 200: z.object({ marked: z.number().int() }) },
});

/** POST /api/admin/conversations/{number}/reply (office staff): free text in the window, the template outside it. */
export const CONVERSATION_REPLY_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/conversations/:number/reply",
  tag: "whatsapp-inbox",
  summary: "Responde al cliente: texto libre dentro de las 24 horas, la plantilla fuera de ellas",
  params: ZNumberParam,
  body: ZConversationReplyRequestSchema,
  responses: { 201: ZConversationReplyResponseSchema },
});

/** GET /api/admin/conversation-media/{id} (office staff): a client's stored file, as a download. */
export const CONVERSATION_MEDIA_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/conversation-media/:id",
  tag: "whatsapp-inbox",
  summary: "Un archivo (imagen o PDF) que el cliente envió por WhatsApp",
  params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  responses: { 200: binary("application/octet-stream") },
});
