// The main admin panel's client list (staff-side §2, §5, §7, §8): GET /api/clients with the quick
// filters, the server-side page of clients with their packages, the three stat cards, and the
// welcome-message call PATCH /api/clients/{code}/whatsapp-sent, with the panel's Spanish texts.
import { z } from "../../validation";
import { ADMIN_TRACKING_STATUSES, ORIGINS, SHIPPING_TYPES, TRACKING_STATUSES, WELCOME_STATES } from "../../domain/statuses";
import { ZMessagingStatusSchema, ZNotificationStateSchema } from "../notifications";

// --- Filters (§2 "Quick filters card") ---

export const WHATSAPP_FILTERS = ["todos", "pendientes", "enviados"] as const;
export type WhatsappFilter = (typeof WHATSAPP_FILTERS)[number];
export const WHATSAPP_FILTER_LABELS: Record<WhatsappFilter, string> = {
  todos: "Todos",
  pendientes: "Pendientes",
  enviados: "Enviados",
};

export const UPDATE_FILTERS = ["todos", "necesitan", "hoy"] as const;
export type UpdateFilter = (typeof UPDATE_FILTERS)[number];
export const UPDATE_FILTER_LABELS: Record<UpdateFilter, string> = {
  todos: "Todos",
  necesitan: "Necesitan actualización",
  hoy: "Actualizados hoy",
};

/** "todos" or one of the five statuses the panel offers. */
export const STATUS_FILTERS = ["todos", ...ADMIN_TRACKING_STATUSES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_FILTER_ALL_LABEL = "Todos";

export const ADMIN_SEARCH_MAX = 100;
export const ADMIN_PAGE_SIZE_DEFAULT = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** A search shorter than this is not looked up among tracking codes (it would match thousands). */
export const TRACKING_SEARCH_MIN_CHARS = 3;
/** Packages sent with each client of a page; the rest come from GET /api/admin/clients/{id}/trackings. */
export const TRACKINGS_INLINE = 50;
/** A search needs this many digits before it is looked up among phone numbers. */
export const PHONE_SEARCH_MIN_DIGITS = 3;

const FILTER_INVALID = "Filtro inválido";
const PAGE_INVALID = "Página inválida";

/** Page and page size of every server-paged admin list. */
export const ZAdminPageSchema = z.object({
  page: z.coerce.number({ error: PAGE_INVALID }).int(PAGE_INVALID).min(1, PAGE_INVALID).max(100_000, PAGE_INVALID).default(1),
  pageSize: z.coerce
    .number({ error: PAGE_INVALID })
    .int(PAGE_INVALID)
    .min(1, PAGE_INVALID)
    .max(ADMIN_PAGE_SIZE_MAX, PAGE_INVALID)
    .default(ADMIN_PAGE_SIZE_DEFAULT),
});

/** The search box: trimmed, control characters dropped, at most 100 characters. */
export const ZAdminSearchSchema = z
  .string()
  // eslint-disable-next-line no-control-regex -- control characters never reach a LIKE pattern
  .transform((v) => v.replace(/[\u0000-\u001F\u007F]/g, " ").trim())
  .pipe(z.string().max(ADMIN_SEARCH_MAX, `La búsqueda puede tener hasta ${ADMIN_SEARCH_MAX} caracteres`))
  .optional()
  .transform((v) => v || undefined);

export const ZAdminClientsQuerySchema = ZAdminPageSchema.extend({
  q: ZAdminSearchSchema,
  whatsapp: z.enum(WHATSAPP_FILTERS, { error: FILTER_INVALID }).default("todos"),
  update: z.enum(UPDATE_FILTERS, { error: FILTER_INVALID }).default("todos"),
  estado: z.enum(STATUS_FILTERS, { error: FILTER_INVALID }).default("todos"),
});
export type TAdminClientsQuery = z.infer<typeof ZAdminClientsQuerySchema>;
export type TAdminClientsFilters = Pick<TAdminClientsQuery, "q" | "whatsapp" | "update" | "estado">;

export function hasActiveFilters(f: Partial<TAdminClientsFilters>): boolean {
  return (
    Boolean(f.q?.trim()) ||
    (f.whatsapp ?? "todos") !== "todos" ||
    (f.update ?? "todos") !== "todos" ||
    (f.estado ?? "todos") !== "todos"
  );
}

// --- Answer ---

/** One package as the panel shows it (§3 "Tracking (admin)"), with the state of its last message. */
export const ZAdminTrackingSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  trackingCode: z.string(),
  estado: z.enum(TRACKING_STATUSES),
  origen: z.enum(ORIGINS),
  formaEnvio: z.enum(SHIPPING_TYPES),
  carrier: z.string().nullable(),
  tiendaOrigen: z.string().nullable(),
  descripcionPaquete: z.string().nullable(),
  pesoEstimado: z.number().nullable(),
  valorDeclarado: z.number().nullable(),
  costo: z.number().int().nullable(),
  pesoPieCubicos: z.string().nullable(),
  montoColones: z.number().int().nullable(),
  /** The rate the stored amount was computed at; null when unknown (older rows) or no amount. */
  montoRate: z.number().nullable(),
  notas: z.string().nullable(),
  discountPercent: z.number().int().nullable(),
  lastStatusChangeDate: z.string(),
  updatedAt: z.string(),
  createdAt: z.string(),
  /** The newest status message about this package in the outbox, if any. */
  notification: ZNotificationStateSchema.nullable(),
  /** The package satisfies the active search and package filters (listed first, highlighted). */
  matchesFilters: z.boolean(),
});
export type TAdminTracking = z.infer<typeof ZAdminTrackingSchema>;

export const ZAdminClientSchema = z.object({
  id: z.number().int(),
  clientCode: z.string(),
  nombre: z.string(),
  telefono: z.string(),
  direccion: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
  /** ENVIADO when staff marked it or the messaging provider delivered it. */
  whatsappEnviado: z.enum(WELCOME_STATES),
  whatsappEnviadoAt: z.string().nullable(),
  /** The newest welcome message in the outbox (what the provider did with it). */
  welcomeNotification: ZNotificationStateSchema.nullable(),
  searchCount: z.number().int(),
  searchLimit: z.number().int(),
  unlimitedAccess: z.number().int(),
  trackingCount: z.number().int(),
  /** At most TRACKINGS_INLINE packages: those matching the filters first, then the newest. */
  trackings: z.array(ZAdminTrackingSchema),
});
export type TAdminClient = z.infer<typeof ZAdminClientSchema>;

export const ZAdminClientStatsSchema = z.object({
  totalClients: z.number().int(),
  pendingWhatsapp: z.number().int(),
  /** Packages not yet delivered. */
  activeTrackings: z.number().int(),
});

export const ZAdminClientsResponseSchema = z.object({
  clients: z.array(ZAdminClientSchema),
  total: z.number().int(),
  filteredTotal: z.number().int(),
  stats: ZAdminClientStatsSchema,
  page: z.number().int(),
  pageSize: z.number().int(),
  messaging: ZMessagingStatusSchema,
});
export type TAdminClientsResponse = z.infer<typeof ZAdminClientsResponseSchema>;

export const ZAdminClientTrackingsResponseSchema = z.object({ trackings: z.array(ZAdminTrackingSchema) });

export const ZWhatsappSentResponseSchema = z.object({
  clientCode: z.string(),
  whatsappEnviado: z.literal("ENVIADO"),
  whatsappEnviadoAt: z.string(),
});
export type TWhatsappSentResponse = z.infer<typeof ZWhatsappSentResponseSchema>;

// --- Texts (§2, §8) ---

export const ADMIN_CLIENT_NOT_FOUND = "Cliente no encontrado";
export const CLIENTS_LOAD_FAILED_TITLE = "Error al cargar clientes";
export const CLIENTS_LOAD_FAILED_TEXT = "Error al cargar clientes. Verifica tu contraseña de administrador.";
export const NO_CLIENTS_YET = "No hay clientes registrados todavía.";
export const NO_CLIENTS_MATCH = "No se encontraron clientes con los filtros seleccionados.";
export const NO_TRACKINGS = "No hay trackings registrados";
export const CLEAR_FILTERS = "Limpiar filtros";
export const WHATSAPP_SENT_TITLE = "¡WhatsApp marcado como enviado!";
export const WHATSAPP_SENT_FAILED_TITLE = "Error al marcar WhatsApp como enviado";
export const WHATSAPP_SENT_FAILED_FALLBACK = "No se pudo marcar el WhatsApp como enviado";
export const COPIED_TITLE = "Copiado";
