// The main admin panel's client list (staff-side §2, §5, §7, §8): GET /api/clients with the quick
// filters, the server-side page of clients with their packages, the three stat cards, and the
// welcome-message call PATCH /api/clients/{code}/whatsapp-sent, with the panel's Spanish texts.
import { z } from "../../validation";
import { ADMIN_TRACKING_STATUSES, ORIGINS, SHIPPING_TYPES, TRACKING_STATUSES, WELCOME_STATES } from "../../domain/statuses";
import { ZMessagingStatusSchema, ZNotificationStateSchema } from "../notifications";
import { ZClientCodeLooseSchema, ZRegisterClientRequestSchema } from "../clients";
import { defineRoute } from "../contract";
import { zText } from "../../text-rules";
import { ZTaxIdPairSchema, taxIdFields, withTaxIdPair } from "../tax-id";

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
  /** The stored coupon discount and extra charges (issue 21). */
  descuentoColones: z.number().int().nullable(),
  cargosExtraColones: z.number().int().nullable(),
  /**
   * The stored charge columns (issue 21, never computed here): total (null while neither freight
   * nor extras), paid and saldo (≤ 0 = paid). Office staff only: null for Bodega, which sees no
   * amounts beyond the freight it saw before (docs/decisions/139).
   */
  totalColones: z.number().int().nullable(),
  pagadoColones: z.number().int().nullable(),
  saldoColones: z.number().int().nullable(),
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

/** A client's own fields, as create, edit and merge answer them. */
export const ZAdminClientRecordSchema = z.object({
  id: z.number().int(),
  clientCode: z.string(),
  nombre: z.string(),
  telefono: z.string(),
  direccion: z.string(),
  email: z.string().nullable(),
  /** Staff's internal notes (decision 121). */
  notas: z.string().nullable(),
}).extend(ZTaxIdPairSchema.shape);
export type TAdminClientRecord = z.infer<typeof ZAdminClientRecordSchema>;

/** A client as the list shows it: its own fields, welcome state, searches and packages. */
export const ZAdminClientSchema = ZAdminClientRecordSchema.extend({
  createdAt: z.string(),
  /** ENVIADO when staff marked it or the messaging provider delivered it. */
  whatsappEnviado: z.enum(WELCOME_STATES),
  whatsappEnviadoAt: z.string().nullable(),
  /** The newest welcome message in the outbox (what the provider did with it). */
  welcomeNotification: ZNotificationStateSchema.nullable(),
  /** WhatsApp consent (last BAJA, last ALTA) and Meta's "cannot receive" mark (decisions 200, 201). */
  whatsappOptOutAt: z.string().nullable().optional(),
  whatsappOptInAt: z.string().nullable().optional(),
  whatsappUnreachableAt: z.string().nullable().optional(),
  whatsappUnreachableCode: z.number().int().nullable().optional(),
  /** Since when the client's account is protected (decision 216); null: the bare code opens it all. */
  protegidaDesde: z.string().nullable().optional(),
  searchCount: z.number().int(),
  searchLimit: z.number().int(),
  unlimitedAccess: z.number().int(),
  trackingCount: z.number().int(),
  /** At most TRACKINGS_INLINE packages: those matching the filters first, then the newest. */
  trackings: z.array(ZAdminTrackingSchema),
});
export type TAdminClient = z.infer<typeof ZAdminClientSchema>;

/**
 * The three stat cards over the whole business (GET /api/admin/clients/stats): asked once by the
 * Clientes page and again after a change, never with each page or search (docs/decisions/232).
 */
export const ZAdminClientStatsSchema = z.object({
  totalClients: z.number().int(),
  pendingWhatsapp: z.number().int(),
  /** Packages not yet delivered. */
  activeTrackings: z.number().int(),
});
export type TAdminClientStats = z.infer<typeof ZAdminClientStatsSchema>;

export const ZAdminClientsResponseSchema = z.object({
  clients: z.array(ZAdminClientSchema),
  /** The clients the filters match (every client without a filter): the pages' count. */
  filteredTotal: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  messaging: ZMessagingStatusSchema,
});
export type TAdminClientsResponse = z.infer<typeof ZAdminClientsResponseSchema>;

/** Packages per page of 'Ver todos' (GET /api/admin/clients/{id}/trackings). */
export const CLIENT_TRACKINGS_PAGE_SIZE = 20;
export const CLIENT_TRACKINGS_PAGE_SIZE_MAX = 100;

/**
 * One page of a client's packages. The panel's filters (q, estado, update) only order: the
 * packages they match come first and carry matchesFilters, as on the card.
 */
export const ZAdminClientTrackingsQuerySchema = z.object({
  page: ZAdminPageSchema.shape.page,
  pageSize: z.coerce
    .number({ error: PAGE_INVALID })
    .int(PAGE_INVALID)
    .min(1, PAGE_INVALID)
    .max(CLIENT_TRACKINGS_PAGE_SIZE_MAX, PAGE_INVALID)
    .default(CLIENT_TRACKINGS_PAGE_SIZE),
  q: ZAdminSearchSchema,
  update: z.enum(UPDATE_FILTERS, { error: FILTER_INVALID }).default("todos"),
  estado: z.enum(STATUS_FILTERS, { error: FILTER_INVALID }).default("todos"),
});
export type TAdminClientTrackingsQuery = z.infer<typeof ZAdminClientTrackingsQuerySchema>;

export const ZAdminClientTrackingsResponseSchema = z.object({
  trackings: z.array(ZAdminTrackingSchema),
  /** Every package of the client. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TAdminClientTrackingsResponse = z.infer<typeof ZAdminClientTrackingsResponseSchema>;

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

// --- Create, edit, delete and merge (issue 18 item 13; decisions 120, 121) ---

export const CLIENT_NOTES_MAX = 2000;
export const CLIENT_NOTES_TOO_LONG = `Las notas pueden tener hasta ${CLIENT_NOTES_MAX} caracteres`;
export const CLIENT_CHANGE_REQUIRED = "No hay cambios que guardar";
export const MERGE_FROM_REQUIRED = "Elige el cliente que se fusiona";
export const MERGE_SAME_CLIENT = "No se puede fusionar un cliente consigo mismo";

/** Internal notes: multi-line, blank clears them. */
const notas = zText({ multiline: true })
  .pipe(z.string().max(CLIENT_NOTES_MAX, CLIENT_NOTES_TOO_LONG))
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

/** Name, phone, address and email follow the registration form's rules exactly. */
const registration = ZRegisterClientRequestSchema.shape;

/** POST /api/admin/clients: a client staff register (by phone, at the counter). */
export const ZCreateAdminClientRequestSchema = z.object({
  nombre: registration.nombre,
  telefono: registration.telefono,
  direccion: registration.direccion,
  email: registration.email,
  notas,
  /** The identification for the electronic invoice (decision 189); blank: none (a Tiquete). */
  ...taxIdFields,
  /** Sent after staff saw the look-alike warning (409 CLIENT_LOOKALIKE) and create anyway. */
  confirmar: z.boolean({ error: "confirmar debe ser verdadero o falso" }).optional(),
}).transform(withTaxIdPair);
export type TCreateAdminClientRequest = z.infer<typeof ZCreateAdminClientRequestSchema>;
export type TCreateAdminClientBody = z.input<typeof ZCreateAdminClientRequestSchema>;

/** PATCH /api/admin/clients/{id}: only what is sent changes; an empty email or notes clears it. */
export const ZUpdateAdminClientRequestSchema = z
  .object({
    nombre: registration.nombre.optional(),
    telefono: registration.telefono.optional(),
    direccion: registration.direccion.optional(),
    // Sent as "" or null to clear; the registration rule turns blank into undefined, so keep null here.
    email: z.union([z.null(), registration.email.transform((v) => v ?? null)]).optional(),
    notas,
    /** Sent together: both blank or null remove the identification (decision 189). */
    ...taxIdFields,
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), CLIENT_CHANGE_REQUIRED)
  .transform(withTaxIdPair);
export type TUpdateAdminClientRequest = z.infer<typeof ZUpdateAdminClientRequestSchema>;
export type TUpdateAdminClientBody = z.input<typeof ZUpdateAdminClientRequestSchema>;

/** Under 'Fusionar clientes' (issue 32): why the older record is chosen by default. */
export const MERGE_KEEP_OLDER_HINT = "Se propone el registro más antiguo: su código es el que el cliente ya usa en su dirección de Miami.";

/** POST /api/admin/clients/{id}/merge: `from` is moved into {id} and removed. */
export const ZMergeClientsRequestSchema = z.object({
  from: z.number({ error: MERGE_FROM_REQUIRED }).int(MERGE_FROM_REQUIRED).positive(MERGE_FROM_REQUIRED).max(2_147_483_647, MERGE_FROM_REQUIRED),
});

export const ZAdminClientRecordResponseSchema = z.object({ client: ZAdminClientRecordSchema });
export type TAdminClientRecordResponse = z.infer<typeof ZAdminClientRecordResponseSchema>;

export const ZDeleteClientResponseSchema = z.object({
  success: z.literal(true),
  id: z.number().int(),
  /** Delivered packages removed with the client. */
  deletedTrackings: z.number().int(),
});
export type TDeleteClientResponse = z.infer<typeof ZDeleteClientResponseSchema>;

export const ZMergeClientsResponseSchema = z.object({
  client: ZAdminClientRecordSchema,
  /** What moved from the removed record to the kept one. */
  moved: z.object({
    trackings: z.number().int(),
    searches: z.number().int(),
    coupons: z.number().int(),
    referrals: z.number().int(),
  }),
});
export type TMergeClientsResponse = z.infer<typeof ZMergeClientsResponseSchema>;

/** 409: staff may see whose number it is (the public form never says). */
/**
 * 409 of POST /api/admin/clients (issue 32): a client that looks like the new one already exists
 * (the same name without accents or case, or a WhatsApp one digit off). Resent with
 * `confirmar: true`, the client is created.
 */
export const CLIENT_LOOKALIKE_CODE = "CLIENT_LOOKALIKE";
export const CLIENT_LOOKALIKE_TITLE = "¿Ya existe este cliente?";
export const CLIENT_LOOKALIKE_CONFIRM = "Crear de todos modos";
export const ZClientLookalikeSchema = z.object({
  id: z.number().int(),
  clientCode: z.string(),
  nombre: z.string(),
  telefono: z.string(),
  reason: z.enum(["nombre", "telefono"]),
});
export type TClientLookalike = z.infer<typeof ZClientLookalikeSchema>;
export function clientLookalikeMessage(list: Pick<TClientLookalike, "clientCode" | "nombre" | "reason">[]): string {
  const named = list.map((c) => `${c.nombre} (${c.clientCode}, ${c.reason === "nombre" ? "mismo nombre" : "WhatsApp casi igual"})`).join("; ");
  return `${list.length === 1 ? "Ya hay un cliente parecido" : "Ya hay clientes parecidos"}: ${named}. Si es la misma persona, usa ese registro; si no, crea el nuevo de todos modos.`;
}

export const clientPhoneTaken = (clientCode: string, nombre: string) =>
  `Este número de WhatsApp ya es de ${nombre} (${clientCode}). Edita ese cliente o fusiona los dos registros.`;
export const clientHasActiveTrackings = (n: number) =>
  `El cliente tiene ${n === 1 ? "1 paquete sin entregar" : `${n} paquetes sin entregar`}: entrégalos, elimínalos o fusiona el cliente con otro antes de eliminarlo.`;
export const mergeTrackingConflict = (codes: string[]) =>
  `Los dos clientes tienen ${codes.length === 1 ? "el tracking" : "los trackings"} ${codes.join(", ")}: elimina uno de los dos paquetes antes de fusionar.`;

/** What the delete confirmation says will happen (decision 120). */
export function clientDeleteConfirmation(c: { nombre: string; clientCode: string; trackingCount: number }): string {
  const packages =
    c.trackingCount === 0
      ? "No tiene paquetes."
      : `Tiene ${c.trackingCount === 1 ? "1 paquete" : `${c.trackingCount} paquetes`}: si alguno no está entregado no se elimina nada (entrégalo, elimínalo o fusiona el cliente con otro); si todos están entregados, se eliminan con él.`;
  return `Se eliminará a ${c.nombre} (${c.clientCode}) con su historial de búsquedas IA, sus cupones y sus referidos. ${packages} Esta acción no se puede deshacer.`;
}

export const CLIENT_CREATED_TITLE = "¡Cliente creado!";
export const CLIENT_UPDATED_TITLE = "Cliente actualizado";
export const CLIENT_DELETED_TITLE = "Cliente eliminado";
export const CLIENTS_MERGED_TITLE = "Clientes fusionados";
export const CLIENT_CREATE_FAILED = "No se pudo crear el cliente";
export const CLIENT_UPDATE_FAILED = "No se pudo actualizar el cliente";
export const CLIENT_DELETE_FAILED = "No se pudo eliminar el cliente";
export const CLIENTS_MERGE_FAILED = "No se pudieron fusionar los clientes";

// --- Calls (all Oficina and Dueño; tag "clients") ---

/** A client's id in a path: a positive 32-bit integer. */
export const ZAdminClientIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const ZClientCodeParamsSchema = z.object({ clientCode: ZClientCodeLooseSchema });

/** GET /api/clients: the panel's filtered, paged client list (the stat cards have their own call). */
export const ADMIN_CLIENTS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/clients",
  tag: "clients",
  summary: "La lista de clientes del panel: filtros rápidos, página y estado de WhatsApp",
  query: ZAdminClientsQuerySchema,
  responses: { 200: ZAdminClientsResponseSchema },
});

/** GET /api/admin/clients/stats: the three stat cards of Clientes, counted over the whole business. */
export const ADMIN_CLIENT_STATS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/clients/stats",
  tag: "clients",
  summary: "Las tarjetas de Clientes: clientes registrados, WhatsApp pendientes y trackings activos",
  responses: { 200: ZAdminClientStatsSchema },
});

/** GET /api/admin/clients/{id}/trackings: one page of a client's packages ('Ver todos'). */
export const ADMIN_CLIENT_TRACKINGS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/clients/:id/trackings",
  tag: "clients",
  summary: "Una página de los paquetes de un cliente (los que cumplen los filtros primero)",
  params: ZAdminClientIdParamsSchema,
  query: ZAdminClientTrackingsQuerySchema,
  responses: { 200: ZAdminClientTrackingsResponseSchema },
});

/** POST /api/admin/clients: a client registered by staff (409 CLIENT_LOOKALIKE asks to confirm). */
export const ADMIN_CLIENT_CREATE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/clients",
  tag: "clients",
  summary: "Crea un cliente desde el panel",
  body: ZCreateAdminClientRequestSchema,
  responses: { 201: ZAdminClientRecordResponseSchema },
});

/** PATCH /api/admin/clients/{id}: only what is sent changes. */
export const ADMIN_CLIENT_UPDATE_ROUTE = defineRoute({
  method: "PATCH",
  path: "/api/admin/clients/:id",
  tag: "clients",
  summary: "Edita los datos de un cliente",
  params: ZAdminClientIdParamsSchema,
  body: ZUpdateAdminClientRequestSchema,
  responses: { 200: ZAdminClientRecordResponseSchema },
});

/** DELETE /api/admin/clients/{id}: refused while a package is not delivered (decision 120). */
export const ADMIN_CLIENT_DELETE_ROUTE = defineRoute({
  method: "DELETE",
  path: "/api/admin/clients/:id",
  tag: "clients",
  summary: "Elimina un cliente con sus paquetes entregados, búsquedas, cupones y referidos",
  params: ZAdminClientIdParamsSchema,
  responses: { 200: ZDeleteClientResponseSchema },
});

/** POST /api/admin/clients/{id}/merge: `from` moves into {id} and is removed. */
export const ADMIN_CLIENTS_MERGE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/clients/:id/merge",
  tag: "clients",
  summary: "Fusiona otro cliente en este (paquetes, búsquedas, cupones y referidos)",
  params: ZAdminClientIdParamsSchema,
  body: ZMergeClientsRequestSchema,
  responses: { 200: ZMergeClientsResponseSchema },
});

/** PATCH /api/clients/{clientCode}/whatsapp-sent: the welcome message marked as sent. */
export const CLIENT_WHATSAPP_SENT_ROUTE = defineRoute({
  method: "PATCH",
  path: "/api/clients/:clientCode/whatsapp-sent",
  tag: "clients",
  summary: "Marca como enviado el WhatsApp de bienvenida de un cliente",
  params: ZClientCodeParamsSchema,
  responses: { 200: ZWhatsappSentResponseSchema },
});
