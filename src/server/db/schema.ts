// The database schema: every entity of both specs, with its constraints in the database.
// Migrations are generated from this file by drizzle-kit (`npm run db:generate`) and committed.
import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import {
  COUPON_STATUSES,
  NOTICE_STATUSES,
  NOTIFICATION_KINDS,
  ORIGINS,
  OUTBOX_STATUSES,
  REFERRAL_STATUSES,
  SHIPPING_TYPES,
  TRACKING_STATUSES,
  WELCOME_STATES,
  WHATSAPP_ENTRY_STATUSES,
} from "../../shared/domain/statuses";
import { MEDIA_STATES, WHATSAPP_DELIVERY_STATUSES, WEBHOOK_EVENT_STATES } from "../../shared/domain/whatsapp";
import { STAFF_ROLES } from "../../shared/domain/staff-roles";
import { MATCH_STATES, PHOTO_KINDS, SHIPMENT_STATES } from "../../shared/domain/warehouse";
import { EXTRA_CHARGE_KINDS, PAYMENT_METHODS, PAYMENT_PROOF_STATUSES } from "../../shared/domain/charges";
import { ACTOR_KINDS } from "../../shared/api/admin/staff";
import { DISCREPANCY_KINDS } from "../../shared/api/declared";
import { UPLOAD_KINDS } from "../../shared/api/uploads";
import { TAX_ID_TYPES } from "../../shared/domain/tax-identification";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * The charge rule of shared/domain/charges.ts in SQL, for client_trackings' generated columns: the
 * coupon's discount on the freight (rounded half up, as roundColones), and the total — null while
 * the package has neither freight nor extra lines, never below zero.
 */
// numeric before the product: an amount near its ceiling (2 000 000 000) times a percent overflows integer.
const DISCOUNT_SQL = "round(coalesce(monto_colones, 0)::numeric * coalesce(discount_percent, 0) / 100)::integer";
const TOTAL_SQL =
  "(case when monto_colones is null and cargos_extra_colones = 0 then null " +
  `else greatest(0, coalesce(monto_colones, 0) - ${DISCOUNT_SQL} + cargos_extra_colones) end)`;
const createdAt = () => ts("created_at").notNull().defaultNow();
const updatedAt = () => ts("updated_at").notNull().defaultNow();

/** `column IN ('A','B')` as a check expression. */
function oneOf(column: AnyPgColumn | SQL, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;
}

export const clients = pgTable(
  "clients",
  {
    id: serial("id").primaryKey(),
    clientCode: varchar("client_code", { length: 16 }).notNull(),
    /**
     * The code was issued from the look-alike-free alphabet, so a code typed with a look-alike
     * letter (O for 0…) may reach it; old-system codes are matched only as typed (decision 107).
     */
    codeLookalikeFree: boolean("code_lookalike_free").notNull().default(false),
    /**
     * The code the client's share link carries (?ref=): EX + 6, never any client's code. Null only
     * until the start-up fill gives one to clients made before it or written straight in (decision 108).
     */
    referralCode: varchar("referral_code", { length: 8 }),
    nombre: text("nombre").notNull(),
    direccion: text("direccion").notNull(),
    /** WhatsApp number, normalized to +506 and 8 digits on registration (imports keep what they bring). */
    telefono: varchar("telefono", { length: 32 }).notNull(),
    email: text("email"),
    /** Staff's internal notes about the client (never shown to the client; decision 121). */
    notas: text("notas"),
    /**
     * The buyer's identification before Hacienda (issue 34; decision 189): FISICA, JURIDICA, DIMEX
     * or NITE, and its number as validateTaxId normalised it (digits only). Both or neither: with
     * one, a payment's comprobante is a Factura Electrónica; without, a Tiquete Electrónico.
     */
    taxIdType: varchar("tax_id_type", { length: 8 }),
    taxIdNumber: varchar("tax_id_number", { length: 12 }),
    whatsappEnviado: varchar("whatsapp_enviado", { length: 16 }).notNull().default("PENDIENTE"),
    whatsappEnviadoAt: ts("whatsapp_enviado_at"),
    /**
     * Consent on WhatsApp (issue 35, decision 201): the time of the client's last "BAJA"/"STOP"
     * and of the last "ALTA". Opted out while the BAJA is the later of the two; every sender skips
     * an opted-out client. Order-free: each keeps the latest time it saw.
     */
    whatsappOptOutAt: ts("whatsapp_opt_out_at"),
    whatsappOptInAt: ts("whatsapp_opt_in_at"),
    /**
     * Meta said the client's number cannot receive WhatsApp messages (code 131026, decision 200):
     * when and with which code, so staff know to call. Cleared by a later delivery or message.
     */
    whatsappUnreachableAt: ts("whatsapp_unreachable_at"),
    whatsappUnreachableCode: integer("whatsapp_unreachable_code"),
    /**
     * A protected account (issue 36 item 3, decision 216): since when the bare client code shows
     * only package statuses; everything else needs the client's session (client_sessions). Null:
     * not protected (the code opens the whole portal, as the spec says).
     */
    protectedAt: ts("protected_at"),
    searchCount: integer("search_count").notNull().default(0),
    searchLimit: integer("search_limit").notNull().default(10),
    unlimitedAccess: smallint("unlimited_access").notNull().default(0),
    /** First day of the month the search counter belongs to; a new month resets it. */
    lastResetDate: date("last_reset_date", { mode: "string" })
      .notNull()
      .default(sql`(date_trunc('month', now()))::date`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("clients_client_code_key").on(t.clientCode),
    uniqueIndex("clients_referral_code_key").on(t.referralCode),
    // How an issued code reads with its look-alikes as digits: a new code must not be the reading of a stored one.
    index("clients_client_code_read_idx").on(sql`translate(${t.clientCode}, 'OILZSB', '011258')`),
    index("clients_telefono_idx").on(t.telefono),
    index("clients_created_at_idx").on(t.createdAt),
    index("clients_nombre_lower_idx").on(sql`lower(${t.nombre})`),
    // Admin search (decision 116): trigram indexes answer "contains" for names without accents,
    // any part of a client code and the phone's digits however it was stored.
    index("clients_nombre_search_idx").using("gin", sql`search_fold(${t.nombre}) gin_trgm_ops`),
    index("clients_client_code_trgm_idx").using("gin", sql`${t.clientCode} gin_trgm_ops`),
    index("clients_telefono_digits_trgm_idx").using("gin", sql`translate(${t.telefono}, ' +-().', '') gin_trgm_ops`),
    // Paquetes sorted by client (decision 223): the folded name in order, so a page walks the
    // clients from A (or Z) and stops once it has its packages.
    index("clients_nombre_fold_idx").on(sql`search_fold(${t.nombre})`),
    index("clients_whatsapp_enviado_idx").on(t.whatsappEnviado),
    // The few clients who wrote BAJA: every send checks its recipient against them (decision 201).
    index("clients_whatsapp_opt_out_idx").on(t.id).where(sql`${t.whatsappOptOutAt} is not null`),
    check("clients_client_code_format", sql`${t.clientCode} ~ '^EX[A-Z0-9]{3,14}$'`),
    check("clients_referral_code_format", sql`${t.referralCode} ~ '^EX[A-Z0-9]{6}$'`),
    check("clients_whatsapp_enviado_check", oneOf(t.whatsappEnviado, WELCOME_STATES)),
    check("clients_tax_id_pair", sql`(${t.taxIdType} is null) = (${t.taxIdNumber} is null)`),
    check("clients_tax_id_type_check", oneOf(t.taxIdType, TAX_ID_TYPES)),
    // The shapes of shared/domain/tax-identification.ts, so no write path can store an unnormalised number.
    check(
      "clients_tax_id_number_format",
      sql`${t.taxIdNumber} is null or (${t.taxIdType} = 'FISICA' and ${t.taxIdNumber} ~ '^[1-9][0-9]{8}$') or (${t.taxIdType} in ('JURIDICA', 'NITE') and ${t.taxIdNumber} ~ '^[0-9]{10}$') or (${t.taxIdType} = 'DIMEX' and ${t.taxIdNumber} ~ '^[1-9][0-9]{10,11}$')`,
    ),
    check("clients_search_count_check", sql`${t.searchCount} >= 0`),
    check("clients_search_limit_check", sql`${t.searchLimit} >= 0`),
    check("clients_unlimited_access_check", sql`${t.unlimitedAccess} in (0, 1)`),
  ],
);

export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    discountPercent: smallint("discount_percent").notNull(),
    /** DISPONIBLE or USADO as stored; EXPIRADO is derived from expiresAt when read, and may be stored by a sweep. */
    status: varchar("status", { length: 16 }).notNull().default("DISPONIBLE"),
    /** Why it was given: BIENVENIDA (referred friend) or REFERIDO (reward to the referrer). */
    reason: varchar("reason", { length: 16 }).notNull(),
    referralId: integer("referral_id").references((): AnyPgColumn => referrals.id, { onDelete: "set null" }),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    usedOnTrackingId: integer("used_on_tracking_id").references((): AnyPgColumn => clientTrackings.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index("coupons_client_status_idx").on(t.clientId, t.status),
    index("coupons_created_at_idx").on(t.createdAt),
    check("coupons_status_check", oneOf(t.status, COUPON_STATUSES)),
    check("coupons_reason_check", oneOf(t.reason, ["BIENVENIDA", "REFERIDO"])),
    check("coupons_discount_check", sql`${t.discountPercent} between 1 and 100`),
  ],
);

export const clientTrackings = pgTable(
  "client_trackings",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    trackingCode: varchar("tracking_code", { length: 64 }).notNull(),
    estado: varchar("estado", { length: 32 }).notNull().default("SEGUIMIENTO_INTERNACIONAL"),
    origen: varchar("origen", { length: 8 }).notNull().default("USA"),
    formaEnvio: varchar("forma_envio", { length: 8 }).notNull().default("AVION"),
    carrier: text("carrier"),
    tiendaOrigen: text("tienda_origen"),
    descripcionPaquete: text("descripcion_paquete"),
    /** Declared weight in grams as the client or staff gave it. */
    pesoEstimado: numeric("peso_estimado", { precision: 12, scale: 2, mode: "number" }),
    /** Declared value in USD. */
    valorDeclarado: numeric("valor_declarado", { precision: 12, scale: 2, mode: "number" }),
    /** Cost in whole colones, typed by staff. */
    costo: integer("costo"),
    /** Weight in grams (air) or cubic feet (sea), as text the way staff type it. */
    pesoPieCubicos: text("peso_pie_cubicos"),
    /** Amount in whole colones computed by the shared pricing rule. */
    montoColones: integer("monto_colones"),
    /** Colones per dollar the stored amount was computed at (docs/decisions/114). */
    montoRate: numeric("monto_rate", { precision: 10, scale: 2, mode: "number" }),
    notas: text("notas"),
    /** When the warehouse received it (scan, weight, confirm; issue 20); null until then. */
    receivedAt: ts("received_at"),
    receivedByAccountId: integer("received_by_account_id"),
    /** Weight measured on arrival, in grams. */
    pesoGramos: integer("peso_gramos"),
    /** Measures taken on arrival, in centimetres (one decimal). */
    largoCm: numeric("largo_cm", { precision: 6, scale: 1, mode: "number" }),
    anchoCm: numeric("ancho_cm", { precision: 6, scale: 1, mode: "number" }),
    altoCm: numeric("alto_cm", { precision: 6, scale: 1, mode: "number" }),
    /** Cubic feet from the measures (shared/domain/pricing cubicFeetFromCm), stored once computed. */
    pieCubicos: numeric("pie_cubicos", { precision: 10, scale: 3, mode: "number" }),
    /** The volumetric grams the stored amount was charged on (docs/decisions/159); null: charged on the measure. */
    pesoVolumetricoGramos: integer("peso_volumetrico_gramos"),
    /** What the warehouse flagged as different from the declaration at receipt (issue 32 item 5), with its note. */
    diferenciaTipo: varchar("diferencia_tipo", { length: 20 }),
    diferenciaNota: text("diferencia_nota"),
    /** The shipment (embarque) it travels in; null until added to one. */
    shipmentId: integer("shipment_id").references((): AnyPgColumn => shipments.id, { onDelete: "set null" }),
    /** The client picks it up at the office instead of a delivery to the address. */
    retiroOficina: boolean("retiro_oficina").notNull().default(false),
    couponId: integer("coupon_id").references((): AnyPgColumn => coupons.id, { onDelete: "set null" }),
    discountPercent: smallint("discount_percent"),
    /** The sum of the package's extra charge lines (package_charges), kept by modules/payments/charges.ts. */
    cargosExtraColones: integer("cargos_extra_colones").notNull().default(0),
    /** The coupon's discount on the freight (shared/domain/charges.ts couponDiscountColones). */
    descuentoColones: integer("descuento_colones").generatedAlwaysAs(sql.raw(DISCOUNT_SQL)),
    /** What the package costs: freight − discount + extras (shared/domain/charges.ts chargeTotal). */
    totalColones: integer("total_colones").generatedAlwaysAs(sql.raw(TOTAL_SQL)),
    /** The sum of the payments applied to it, not reversed (modules/payments keeps it). */
    pagadoColones: integer("pagado_colones").notNull().default(0),
    /** What the client still owes: total − paid (negative: paid more). */
    saldoColones: integer("saldo_colones").generatedAlwaysAs(sql.raw(`coalesce(${TOTAL_SQL}, 0) - pagado_colones`)),
    /** When it first became collectable (reached Listo para entregar or Entregado); age of a debt. */
    cobrableAt: ts("cobrable_at"),
    lastStatusChangeDate: ts("last_status_change_date").notNull().defaultNow(),
    lastEventAt: ts("last_event_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("client_trackings_client_code_key").on(t.clientId, t.trackingCode),
    index("client_trackings_tracking_code_idx").on(sql`upper(${t.trackingCode})`),
    index("client_trackings_estado_idx").on(t.estado),
    index("client_trackings_updated_at_idx").on(t.updatedAt),
    index("client_trackings_client_created_idx").on(t.clientId, t.createdAt),
    // Admin panel (docs/decisions/060): tracking-code prefix search whatever the database collation,
    // the not-yet-delivered packages (active count, "needs update" filter) and the weekly chart.
    index("client_trackings_tracking_code_prefix_idx").on(sql`upper(${t.trackingCode}) text_pattern_ops`),
    // Any part of a code (the last digits read off a label), decision 116.
    index("client_trackings_tracking_code_trgm_idx").using("gin", sql`upper(${t.trackingCode}) gin_trgm_ops`),
    index("client_trackings_active_idx").on(t.clientId, t.updatedAt).where(sql`${t.estado} <> 'ENTREGADO'`),
    index("client_trackings_created_at_idx").on(t.createdAt),
    index("client_trackings_shipment_idx").on(t.shipmentId),
    index("client_trackings_received_at_idx").on(t.receivedAt),
    check("client_trackings_peso_gramos_check", sql`${t.pesoGramos} is null or ${t.pesoGramos} >= 0`),
    check(
      "client_trackings_medidas_check",
      sql`(${t.largoCm} is null or ${t.largoCm} > 0) and (${t.anchoCm} is null or ${t.anchoCm} > 0) and (${t.altoCm} is null or ${t.altoCm} > 0)`,
    ),
    check("client_trackings_estado_check", oneOf(t.estado, TRACKING_STATUSES)),
    check("client_trackings_origen_check", oneOf(t.origen, ORIGINS)),
    check("client_trackings_forma_envio_check", oneOf(t.formaEnvio, SHIPPING_TYPES)),
    check("client_trackings_costo_check", sql`${t.costo} is null or ${t.costo} >= 0`),
    check("client_trackings_monto_check", sql`${t.montoColones} is null or ${t.montoColones} >= 0`),
    check("client_trackings_peso_check", sql`${t.pesoEstimado} is null or ${t.pesoEstimado} >= 0`),
    check("client_trackings_valor_check", sql`${t.valorDeclarado} is null or ${t.valorDeclarado} >= 0`),
    check("client_trackings_peso_volumetrico_check", sql`${t.pesoVolumetricoGramos} is null or ${t.pesoVolumetricoGramos} > 0`),
    check("client_trackings_diferencia_tipo_check", oneOf(t.diferenciaTipo, DISCREPANCY_KINDS)),
    // A flag always carries its note, and a note never stands alone.
    check("client_trackings_diferencia_check", sql`(${t.diferenciaTipo} is null) = (${t.diferenciaNota} is null)`),
    index("client_trackings_saldo_idx").on(t.clientId).where(sql`${t.saldoColones} > 0`),
    // At most CHARGE_COLONES_MAX of extra lines: with the amount's own ceiling the total stays an integer.
    check("client_trackings_cargos_extra_check", sql`${t.cargosExtraColones} between 0 and 100000000`),
    check("client_trackings_pagado_check", sql`${t.pagadoColones} >= 0`),
    check(
      "client_trackings_discount_check",
      sql`${t.discountPercent} is null or ${t.discountPercent} between 0 and 100`,
    ),
  ],
);

export const trackingStatusHistory = pgTable(
  "tracking_status_history",
  {
    id: serial("id").primaryKey(),
    trackingId: integer("tracking_id")
      .notNull()
      .references(() => clientTrackings.id, { onDelete: "cascade" }),
    /** Null means the package was created. */
    previousStatus: varchar("previous_status", { length: 32 }),
    newStatus: varchar("new_status", { length: 32 }).notNull(),
    changedAt: ts("changed_at").notNull().defaultNow(),
    notes: text("notes"),
    changedBy: varchar("changed_by", { length: 64 }).notNull().default("admin"),
    /** The staff member who made the change (issue 19); null for the client, the import without a person, and older rows. */
    changedByAccountId: integer("changed_by_account_id"),
  },
  (t) => [
    index("tracking_status_history_tracking_idx").on(t.trackingId, t.changedAt),
    check("tracking_status_history_new_check", oneOf(t.newStatus, TRACKING_STATUSES)),
  ],
);

export const referrals = pgTable(
  "referrals",
  {
    id: serial("id").primaryKey(),
    referrerClientId: integer("referrer_client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    referredClientId: integer("referred_client_id").references(() => clients.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 16 }).notNull().default("REGISTRADO"),
    createdAt: createdAt(),
    completedAt: ts("completed_at"),
  },
  (t) => [
    uniqueIndex("referrals_referred_key").on(t.referredClientId),
    index("referrals_referrer_idx").on(t.referrerClientId),
    index("referrals_created_at_idx").on(t.createdAt),
    check("referrals_status_check", oneOf(t.status, REFERRAL_STATUSES)),
    check("referrals_not_self", sql`${t.referrerClientId} <> ${t.referredClientId}`),
  ],
);

export const whatsappCustomers = pgTable(
  "whatsapp_customers",
  {
    id: serial("id").primaryKey(),
    whatsapp: varchar("whatsapp", { length: 16 }).notNull(),
    nombre: text("nombre").notNull(),
    email: text("email"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("whatsapp_customers_whatsapp_key").on(t.whatsapp)],
);

export const whatsappTrackingEntries = pgTable(
  "whatsapp_tracking_entries",
  {
    id: serial("id").primaryKey(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => whatsappCustomers.id, { onDelete: "cascade" }),
    trackingCode: varchar("tracking_code", { length: 64 }).notNull(),
    /** A package's step carries the package's code (LISTO_PARA_ENTREGAR: 19 characters, migration 0019). */
    estado: varchar("estado", { length: 32 }).notNull().default("PENDIENTE"),
    notas: text("notas"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("whatsapp_entries_customer_code_key").on(t.customerId, t.trackingCode),
    index("whatsapp_entries_updated_at_idx").on(t.updatedAt),
    index("whatsapp_entries_estado_idx").on(t.estado),
    check("whatsapp_entries_estado_check", oneOf(t.estado, WHATSAPP_ENTRY_STATUSES)),
  ],
);

export const trackingNotices = pgTable(
  "tracking_notices",
  {
    id: serial("id").primaryKey(),
    clienteNombre: text("cliente_nombre").notNull(),
    clienteEmail: text("cliente_email"),
    clienteTelefono: varchar("cliente_telefono", { length: 32 }),
    descripcionPaquete: text("descripcion_paquete").notNull(),
    tiendaOrigen: text("tienda_origen"),
    pesoEstimado: numeric("peso_estimado", { precision: 12, scale: 2, mode: "number" }),
    valorDeclarado: numeric("valor_declarado", { precision: 12, scale: 2, mode: "number" }),
    notasCliente: text("notas_cliente"),
    notas: text("notas"),
    estado: varchar("estado", { length: 16 }).notNull().default("PENDIENTE"),
    trackingIdAsignado: varchar("tracking_id_asignado", { length: 64 }),
    fechaEstimada: date("fecha_estimada", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tracking_notices_tracking_id_key").on(t.trackingIdAsignado),
    index("tracking_notices_created_at_idx").on(t.createdAt),
    index("tracking_notices_estado_idx").on(t.estado),
    check("tracking_notices_estado_check", oneOf(t.estado, NOTICE_STATUSES)),
    check("tracking_notices_peso_check", sql`${t.pesoEstimado} is null or ${t.pesoEstimado} >= 0`),
    check("tracking_notices_valor_check", sql`${t.valorDeclarado} is null or ${t.valorDeclarado} >= 0`),
  ],
);

export const partsSearches = pgTable(
  "parts_searches",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    marca: text("marca").notNull(),
    modelo: text("modelo").notNull(),
    anio: integer("anio").notNull(),
    numeroPieza: text("numero_pieza"),
    parte: text("parte"),
    descripcion: text("descripcion"),
    imagenUrl: text("imagen_url"),
    results: jsonb("results").notNull().default(sql`'[]'::jsonb`),
    fallbackUsado: boolean("fallback_usado").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("parts_searches_client_created_idx").on(t.clientId, t.createdAt),
    check("parts_searches_anio_check", sql`${t.anio} between 1900 and 2200`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    nombre: text("nombre").notNull(),
    email: text("email").notNull(),
    telefono: varchar("telefono", { length: 32 }),
    mensaje: text("mensaje").notNull(),
    createdAt: createdAt(),
    /** When staff marked the message answered; null while pending (docs/decisions/122). */
    answeredAt: ts("answered_at"),
  },
  (t) => [index("contact_messages_created_at_idx").on(t.createdAt)],
);

export const uploads = pgTable(
  "uploads",
  {
    id: serial("id").primaryKey(),
    /** Random object name, never taken from the user. */
    name: varchar("name", { length: 64 }).notNull(),
    contentType: varchar("content_type", { length: 64 }),
    /** Bytes held: the size reserved when the address was handed out, then the file's own. */
    sizeBytes: integer("size_bytes"),
    storage: varchar("storage", { length: 8 }).notNull().default("local"),
    /**
     * PENDING: a reservation, open until expires_at (docs/decisions/145); UPLOADED: the file arrived
     * and was checked (size_bytes is then its own); EXPIRED: the address lapsed with nothing stored
     * (S3 only: found so by the settle step). A URL works once.
     */
    status: varchar("status", { length: 16 }).notNull().default("PENDING"),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    /** The address (IPv4, or IPv6 /64) that asked for it: its bytes count against that address's cap. */
    ownerKey: varchar("owner_key", { length: 64 }),
    /** Set when a parts search refers to it: kept (and backed up); others are deleted after a day. */
    keptAt: ts("kept_at"),
    /** A staff photo: the account that took it (its bytes count against that account and the staff share). */
    staffAccountId: integer("staff_account_id"),
    /** What it is for (docs/decisions/215): IMAGEN (JPG, PNG, GIF, WebP) or FACTURA (a package's purchase invoice: a PDF too). */
    kind: varchar("kind", { length: 16 }).notNull().default("IMAGEN"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("uploads_name_key").on(t.name),
    check("uploads_kind_check", oneOf(t.kind, UPLOAD_KINDS)),
    index("uploads_owner_created_idx").on(t.ownerKey, t.createdAt),
    index("uploads_staff_created_idx").on(t.staffAccountId, t.createdAt),
    check("uploads_status_check", oneOf(t.status, ["PENDING", "UPLOADED", "EXPIRED"])),
    check("uploads_storage_check", oneOf(t.storage, ["local", "s3"])),
    check("uploads_size_check", sql`${t.sizeBytes} is null or ${t.sizeBytes} between 0 and 10485760`),
  ],
);

export const notificationOutbox = pgTable(
  "notification_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: varchar("kind", { length: 32 }).notNull(),
    /** Recipient's WhatsApp number in international digits (50688887777). */
    recipient: varchar("recipient", { length: 20 }).notNull(),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    trackingId: integer("tracking_id").references(() => clientTrackings.id, { onDelete: "set null" }),
    whatsappEntryId: integer("whatsapp_entry_id").references(() => whatsappTrackingEntries.id, {
      onDelete: "set null",
    }),
    /** The Embarque of a notice to all its clients (SHIPMENT_NOTICE, decision 213). */
    shipmentId: integer("shipment_id").references((): AnyPgColumn => shipments.id, { onDelete: "set null" }),
    /** Template parameters for the messaging provider. */
    payload: jsonb("payload").notNull().default(sql`'{}'::jsonb`),
    /** The message as a person reads it (shown to staff, used for chat links). */
    body: text("body").notNull(),
    status: varchar("status", { length: 16 }).notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    sentAt: ts("sent_at"),
    /**
     * What Meta's webhook last said about the accepted message (issue 35, decision 200): sent,
     * delivered, read or failed, only ever forward (sent < delivered/failed < read), with the
     * times Meta gave and a failure's code and title. Reset when the message is sent again.
     */
    deliveryStatus: varchar("delivery_status", { length: 12 }),
    deliveryStatusAt: ts("delivery_status_at"),
    deliveredAt: ts("delivered_at"),
    readAt: ts("read_at"),
    failedAt: ts("failed_at"),
    errorCode: integer("error_code"),
    errorTitle: text("error_title"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notification_outbox_due_idx").on(t.status, t.nextAttemptAt),
    // Delivery reports find their message by the id Meta gave it (wamid).
    index("notification_outbox_provider_message_idx").on(t.providerMessageId),
    check("notification_outbox_delivery_status_check", oneOf(t.deliveryStatus, WHATSAPP_DELIVERY_STATUSES)),
    index("notification_outbox_client_idx").on(t.clientId),
    index("notification_outbox_tracking_idx").on(t.trackingId),
    index("notification_outbox_entry_idx").on(t.whatsappEntryId),
    index("notification_outbox_shipment_idx").on(t.shipmentId, t.createdAt),
    // The outbox screen lists the newest first (decision 213).
    index("notification_outbox_created_idx").on(t.createdAt),
    // A conversation's messages sent to the number (Conversaciones, decision 211).
    index("notification_outbox_recipient_idx").on(t.recipient, t.createdAt),
    // Whether a client's welcome was delivered (the admin's WhatsApp filter and counter).
    index("notification_outbox_welcome_sent_idx")
      .on(t.clientId)
      .where(sql`${t.kind} = 'WELCOME' and ${t.status} = 'SENT'`),
    check("notification_outbox_status_check", oneOf(t.status, OUTBOX_STATUSES)),
    check("notification_outbox_kind_check", oneOf(t.kind, NOTIFICATION_KINDS)),
    check("notification_outbox_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

/**
 * What Meta's webhook brought (issue 35, decision 199): one row per status report or incoming
 * message, keyed so that Meta's retries add nothing (`status:<wamid>:<status>`,
 * `message:<id>`, `raw:<sha256 of the body>` for a body that could not be read). The webhook only
 * stores; the worker (modules/whatsapp-webhook/worker.ts) applies each PENDING row once.
 */
export const whatsappWebhookEvents = pgTable(
  "whatsapp_webhook_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventKey: varchar("event_key", { length: 300 }).notNull(),
    /** status, message, or other (a change we do not use); unreadable bodies are `raw`. */
    kind: varchar("kind", { length: 12 }).notNull(),
    /** The status or message object with its contact and metadata; null for an unreadable body. */
    payload: jsonb("payload"),
    /** The body as received, kept only when it could not be read (at most the body limit). */
    rawBody: text("raw_body"),
    state: varchar("state", { length: 16 }).notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    /** A report that came before its message's id was stored waits and is tried again. */
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    /** The outgoing message a status report changed (the outbox screen's history). */
    notificationId: bigint("notification_id", { mode: "number" }).references(() => notificationOutbox.id, { onDelete: "set null" }),
    receivedAt: ts("received_at").notNull().defaultNow(),
    processedAt: ts("processed_at"),
  },
  (t) => [
    uniqueIndex("whatsapp_webhook_events_key").on(t.eventKey),
    index("whatsapp_webhook_events_pending_idx").on(t.id).where(sql`${t.state} = 'PENDING'`),
    index("whatsapp_webhook_events_notification_idx").on(t.notificationId),
    check("whatsapp_webhook_events_state_check", oneOf(t.state, WEBHOOK_EVENT_STATES)),
  ],
);

/**
 * The clients' own WhatsApp messages (issue 35 item 3), linked to the client by the number's one
 * phone rule. Media keep Meta's media id and type (fetching the file is the inbox's work).
 */
export const whatsappInboundMessages = pgTable(
  "whatsapp_inbound_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Meta's message id (wamid…). */
    waMessageId: varchar("wa_message_id", { length: 200 }).notNull(),
    /** The sender's WhatsApp id, international digits (50688887777). */
    fromNumber: varchar("from_number", { length: 20 }).notNull(),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    profileName: text("profile_name"),
    /** Meta's message type: text, image, document, location, button, interactive, audio, … */
    type: varchar("type", { length: 20 }).notNull(),
    /** The text, a caption, or a button's text. */
    text: text("text"),
    mediaId: text("media_id"),
    mediaMimeType: text("media_mime_type"),
    mediaFilename: text("media_filename"),
    /** Location, button payload, reply context… as Meta sent them. */
    details: jsonb("details").notNull().default(sql`'{}'::jsonb`),
    /** BAJA or ALTA when the text was one (decision 201). */
    consent: varchar("consent", { length: 8 }),
    /** When the client sent it (Meta's timestamp). */
    sentAt: ts("sent_at").notNull(),
    receivedAt: ts("received_at").notNull().defaultNow(),
    /** When staff opened it (null: unread in the inbox). */
    readByStaffAt: ts("read_by_staff_at"),
    /**
     * The client's file (decision 212): PENDING until fetched from the Graph media endpoint,
     * STORED in object storage under `media_key`, FAILED after the last try, SKIPPED when its
     * type or size is not kept; null for a message without a file. `media_error` says why.
     */
    mediaState: varchar("media_state", { length: 10 }),
    mediaKey: text("media_key"),
    mediaSize: integer("media_size"),
    mediaError: text("media_error"),
    mediaAttempts: integer("media_attempts").notNull().default(0),
    mediaNextAttemptAt: ts("media_next_attempt_at"),
  },
  (t) => [
    uniqueIndex("whatsapp_inbound_messages_wa_id_key").on(t.waMessageId),
    check("whatsapp_inbound_messages_media_state_check", oneOf(t.mediaState, MEDIA_STATES)),
    // The media worker's due files, and the inbox's unread counts (decisions 211, 212).
    index("whatsapp_inbound_messages_media_due_idx")
      .on(t.mediaNextAttemptAt)
      .where(sql`${t.mediaState} = 'PENDING'`),
    index("whatsapp_inbound_messages_unread_idx")
      .on(t.fromNumber)
      .where(sql`${t.readByStaffAt} is null`),
    index("whatsapp_inbound_messages_from_idx").on(t.fromNumber, t.sentAt),
    index("whatsapp_inbound_messages_client_idx").on(t.clientId, t.sentAt),
    check("whatsapp_inbound_messages_consent_check", sql`${t.consent} is null or ${t.consent} in ('BAJA', 'ALTA')`),
  ],
);

/** Abuse-limit counters shared by every app instance (fixed windows). */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 200 }).primaryKey(),
  count: integer("count").notNull().default(0),
  resetAt: ts("reset_at").notNull(),
});

/** Small shared values (the cached exchange rate, …) so restarts and other instances reuse them. */
export const appCache = pgTable("app_cache", {
  key: varchar("key", { length: 100 }).primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Admin sessions, one row per login (modules/auth/service.ts). Only a hash of the token is
 * kept. The shared password has no account behind it yet; per-person staff accounts (issue 19)
 * add a nullable account column here.
 */
/**
 * Staff accounts (issue 19): one per person, never deleted (disabled instead, so the audit log
 * keeps naming them). The built-in owner (`built_in`, login "admin") signs in with the system
 * admin password (ADMIN_PASSWORD or the generated one) while `password_hash` is null.
 */
export const staffAccounts = pgTable(
  "staff_accounts",
  {
    id: serial("id").primaryKey(),
    /** User name or e-mail, lower case. */
    login: varchar("login", { length: 120 }).notNull(),
    name: varchar("name", { length: 80 }).notNull(),
    role: varchar("role", { length: 16 }).notNull(),
    builtIn: boolean("built_in").notNull().default(false),
    /** scrypt$N$r$p$salt$hash (lib/password-hash.ts); null: the built-in owner uses the system password. */
    passwordHash: text("password_hash"),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    disabledAt: ts("disabled_at"),
    /** The TOTP secret, encrypted with the session secret; set at setup, active once totp_enabled_at is set. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: ts("totp_enabled_at"),
    /** SHA-256 (hex) of each unused recovery code. */
    recoveryCodes: jsonb("recovery_codes").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    lastSignInAt: ts("last_sign_in_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("staff_accounts_login_idx").on(t.login),
    uniqueIndex("staff_accounts_built_in_idx").on(t.builtIn).where(sql`${t.builtIn}`),
    check("staff_accounts_role_check", oneOf(t.role, STAFF_ROLES)),
  ],
);

export const adminSessions = pgTable(
  "admin_sessions",
  {
    /** SHA-256 of the token, hex. */
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => staffAccounts.id, { onDelete: "cascade" }),
    /** HMAC under the session secret of the account's password (hash): another password, another fingerprint. */
    passwordFingerprint: varchar("password_fingerprint", { length: 64 }).notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    lastSeenAt: ts("last_seen_at"),
    ip: varchar("ip", { length: 64 }),
    userAgent: varchar("user_agent", { length: 200 }),
  },
  (t) => [index("admin_sessions_expires_at_idx").on(t.expiresAt), index("admin_sessions_account_idx").on(t.accountId)],
);

/**
 * A client's signed-in browser (issue 36 item 3, decision 216): the httpOnly cookie holds the token,
 * this row only its SHA-256. Long-lived (the client's own phone); signing out deletes the row,
 * "cerrar las otras sesiones" deletes the client's others, the office's recovery deletes them all.
 */
export const clientSessions = pgTable(
  "client_sessions",
  {
    /** SHA-256 of the token, hex. */
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    lastSeenAt: ts("last_seen_at"),
    userAgent: varchar("user_agent", { length: 200 }),
  },
  (t) => [index("client_sessions_client_idx").on(t.clientId), index("client_sessions_expires_at_idx").on(t.expiresAt)],
);

/**
 * One-time sign-in codes sent by WhatsApp (decision 217): only an HMAC of the code is kept, bound to
 * the browser that asked (the HMAC of its nonce cookie), with its expiry and its wrong attempts.
 * `knownDevice`: asked by a browser that signed in to this client before (its sends are counted
 * apart from strangers'). `byStaff`: sent by the office's recovery.
 */
export const clientSignInCodes = pgTable(
  "client_sign_in_codes",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    browserHash: varchar("browser_hash", { length: 64 }).notNull(),
    knownDevice: boolean("known_device").notNull().default(false),
    byStaff: boolean("by_staff").notNull().default(false),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [
    index("client_sign_in_codes_client_created_idx").on(t.clientId, t.createdAt),
    check("client_sign_in_codes_attempts_check", sql`${t.attempts} >= 0`),
  ],
);

/**
 * The audit log (issue 19): every change staff make, and the changes clients and the import make
 * to packages, with who, when, from where, the entity and the values before and after. Rows are
 * only ever inserted: triggers refuse UPDATE, DELETE (migration 0010) and TRUNCATE (0016). Each
 * row is chained to the one sealed before it (decision 148): when its transaction commits, a
 * deferred trigger (migration 0016) gives it the next `seq`, `prev_hash` and `hash` = SHA-256 of
 * the row's canonical text (`audit_log_canonical`, prev_hash included), under the lock of the
 * chain's head row (`audit_log_head`), so every connection and instance appends to one chain.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: ts("at").notNull().defaultNow(),
    actorKind: varchar("actor_kind", { length: 16 }).notNull(),
    actorAccountId: integer("actor_account_id"),
    actorLabel: varchar("actor_label", { length: 120 }).notNull(),
    ip: varchar("ip", { length: 64 }),
    action: varchar("action", { length: 48 }).notNull(),
    entity: varchar("entity", { length: 32 }).notNull(),
    entityId: varchar("entity_id", { length: 64 }),
    summary: varchar("summary", { length: 300 }),
    before: jsonb("before"),
    after: jsonb("after"),
    /** The row's place in the hash chain (1, 2, 3 … without gaps), set when its transaction commits. */
    seq: bigint("seq", { mode: "number" }),
    /** The hash of the row before in the chain (64 zeros for the first), hex; set at commit. */
    prevHash: varchar("prev_hash", { length: 64 }).notNull().default(""),
    /** SHA-256 (hex) of the row's canonical text, prev_hash included; set at commit. */
    hash: varchar("hash", { length: 64 }).notNull().default(""),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorAccountId, t.at),
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.at),
    index("audit_log_action_idx").on(t.action, t.at),
    uniqueIndex("audit_log_seq_idx").on(t.seq),
    check("audit_log_actor_kind_check", oneOf(t.actorKind, ACTOR_KINDS)),
  ],
);

/**
 * The head of the audit log's hash chain (decision 148): one row, the last sealed record's seq
 * and hash. Only the sealing trigger writes it (the application role has no UPDATE on it);
 * locking it at commit serialises appends across connections and instances.
 */
export const auditLogHead = pgTable(
  "audit_log_head",
  {
    id: smallint("id").primaryKey(),
    lastSeq: bigint("last_seq", { mode: "number" }).notNull().default(0),
    lastHash: varchar("last_hash", { length: 64 }).notNull(),
  },
  (t) => [check("audit_log_head_one_row", sql`${t.id} = 1`)],
);

/**
 * Repeated records held back (decision 148): refusals (403) per account and sign-ins with
 * unknown users write one audit row per key and window; the repeats are counted here and
 * written as one summary row when the window ends (core/audit/throttle.ts).
 */
export const auditThrottle = pgTable(
  "audit_throttle",
  {
    key: varchar("key", { length: 200 }).primaryKey(),
    windowStart: ts("window_start").notNull(),
    windowEnd: ts("window_end").notNull(),
    lastAt: ts("last_at").notNull(),
    /** Repeats held back since the window's first (written) record. */
    suppressed: integer("suppressed").notNull().default(0),
    /** Up to 10 distinct examples of the held-back repeats (routes, user names and addresses). */
    samples: jsonb("samples").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** The first record's actor and entry, for the summary. */
    entry: jsonb("entry").notNull(),
  },
  (t) => [index("audit_throttle_window_end_idx").on(t.windowEnd)],
);

/**
 * Shipments (embarques, issue 20): received packages consolidated for one flight (air guide
 * number) or one container (sea: container or BL number, vessel). Closing one fixes its list and
 * produces the manifest; its packages then move together through the next statuses.
 */
export const shipments = pgTable(
  "shipments",
  {
    id: serial("id").primaryKey(),
    formaEnvio: varchar("forma_envio", { length: 8 }).notNull(),
    /** Air: the guide (AWB) number; sea: the container or bill-of-lading number. */
    numeroGuia: varchar("numero_guia", { length: 64 }).notNull(),
    /** Air: the flight; sea: the vessel. */
    transporte: varchar("transporte", { length: 64 }),
    /** The day it leaves. */
    fecha: date("fecha", { mode: "string" }).notNull(),
    estado: varchar("estado", { length: 16 }).notNull().default("ABIERTO"),
    notas: text("notas"),
    createdAt: createdAt(),
    createdByAccountId: integer("created_by_account_id"),
    closedAt: ts("closed_at"),
    closedByAccountId: integer("closed_by_account_id"),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("shipments_created_at_idx").on(t.createdAt),
    check("shipments_forma_envio_check", oneOf(t.formaEnvio, SHIPPING_TYPES)),
    check("shipments_estado_check", oneOf(t.estado, SHIPMENT_STATES)),
  ],
);

/**
 * Sin dueño (issue 20): a package the warehouse received that nobody pre-alerted. It waits here
 * with what the label says until a client pre-alerts its tracking number or staff assign it; then
 * it becomes that client's package (claimed_tracking_id) and the row stays as the record.
 */
export const unclaimedPackages = pgTable(
  "unclaimed_packages",
  {
    id: serial("id").primaryKey(),
    trackingCode: varchar("tracking_code", { length: 64 }).notNull(),
    carrier: text("carrier"),
    /** The client code read from the label's address line (the Miami address carries it), when any. */
    clientCodeHint: varchar("client_code_hint", { length: 16 }),
    pesoGramos: integer("peso_gramos"),
    largoCm: numeric("largo_cm", { precision: 6, scale: 1, mode: "number" }),
    anchoCm: numeric("ancho_cm", { precision: 6, scale: 1, mode: "number" }),
    altoCm: numeric("alto_cm", { precision: 6, scale: 1, mode: "number" }),
    notas: text("notas"),
    receivedAt: ts("received_at").notNull().defaultNow(),
    receivedByAccountId: integer("received_by_account_id"),
    claimedTrackingId: integer("claimed_tracking_id").references((): AnyPgColumn => clientTrackings.id, { onDelete: "set null" }),
    claimedAt: ts("claimed_at"),
  },
  (t) => [
    // One waiting row per tracking number.
    uniqueIndex("unclaimed_packages_open_code_key").on(sql`upper(${t.trackingCode})`).where(sql`${t.claimedAt} is null`),
    index("unclaimed_packages_received_at_idx").on(t.receivedAt),
    check("unclaimed_packages_peso_check", sql`${t.pesoGramos} is null or ${t.pesoGramos} >= 0`),
  ],
);

/**
 * A proposed match (issue 32, docs/decisions/155): a client's package (a pre-alert, staff's create or
 * the import) whose number waits in Sin dueño. Nothing of the warehouse's receipt reaches the package
 * until staff confirm; the claimer's portal says "Recibido, en verificación" while PENDIENTE.
 */
export const unclaimedMatches = pgTable(
  "unclaimed_matches",
  {
    id: serial("id").primaryKey(),
    unclaimedId: integer("unclaimed_id")
      .notNull()
      .references(() => unclaimedPackages.id, { onDelete: "cascade" }),
    trackingId: integer("tracking_id")
      .notNull()
      .references(() => clientTrackings.id, { onDelete: "cascade" }),
    estado: varchar("estado", { length: 16 }).notNull().default("PENDIENTE"),
    proposedAt: ts("proposed_at").notNull().defaultNow(),
    decidedAt: ts("decided_at"),
    decidedByAccountId: integer("decided_by_account_id"),
  },
  (t) => [
    uniqueIndex("unclaimed_matches_pair_key").on(t.unclaimedId, t.trackingId),
    index("unclaimed_matches_tracking_idx").on(t.trackingId),
    index("unclaimed_matches_pending_idx").on(t.proposedAt).where(sql`${t.estado} = 'PENDIENTE'`),
    check("unclaimed_matches_estado_check", oneOf(t.estado, MATCH_STATES)),
  ],
);

/**
 * Photos of a package (issue 20): on arrival, of the label (Sin dueño), of the delivery, and the
 * receiver's signature. The image itself is an upload (uploads.name, kept); a photo belongs to a
 * package or, while it waits, to a Sin dueño row (and follows it when claimed).
 */
export const packagePhotos = pgTable(
  "package_photos",
  {
    id: serial("id").primaryKey(),
    trackingId: integer("tracking_id").references(() => clientTrackings.id, { onDelete: "cascade" }),
    unclaimedId: integer("unclaimed_id").references(() => unclaimedPackages.id, { onDelete: "cascade" }),
    uploadName: varchar("upload_name", { length: 64 }).notNull(),
    kind: varchar("kind", { length: 16 }).notNull(),
    createdAt: createdAt(),
    createdByAccountId: integer("created_by_account_id"),
  },
  (t) => [
    index("package_photos_tracking_idx").on(t.trackingId),
    index("package_photos_unclaimed_idx").on(t.unclaimedId),
    uniqueIndex("package_photos_upload_key").on(t.uploadName),
    check("package_photos_kind_check", oneOf(t.kind, PHOTO_KINDS)),
    check("package_photos_owner_check", sql`${t.trackingId} is not null or ${t.unclaimedId} is not null`),
  ],
);

/**
 * A package's purchase invoice (issue 36 item 2, docs/decisions/215): at most one per package,
 * sent by its client at pre-alert or later from /rastreo (until delivered), a PDF or an image kept
 * as an upload (kept_at set). Replacing it releases the previous file to the hourly clean-up.
 */
export const packageInvoices = pgTable(
  "package_invoices",
  {
    id: serial("id").primaryKey(),
    trackingId: integer("tracking_id")
      .notNull()
      .references(() => clientTrackings.id, { onDelete: "cascade" }),
    uploadName: varchar("upload_name", { length: 64 }).notNull(),
    /** The type its content showed (application/pdf or an image type). */
    contentType: varchar("content_type", { length: 64 }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("package_invoices_tracking_key").on(t.trackingId), uniqueIndex("package_invoices_upload_key").on(t.uploadName)],
);

/**
 * Proof of delivery (issue 20): who received the package and when, written with the move to
 * ENTREGADO; the photo and the signature are package_photos (ENTREGA, FIRMA).
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: serial("id").primaryKey(),
    trackingId: integer("tracking_id")
      .notNull()
      .references(() => clientTrackings.id, { onDelete: "cascade" }),
    recibidoPor: varchar("recibido_por", { length: 80 }).notNull(),
    deliveredAt: ts("delivered_at").notNull().defaultNow(),
    deliveredByAccountId: integer("delivered_by_account_id"),
    notas: text("notas"),
  },
  (t) => [uniqueIndex("deliveries_tracking_key").on(t.trackingId), index("deliveries_delivered_at_idx").on(t.deliveredAt)],
);

/**
 * The delivery lists (issue 32 item 7, decision 161): a package Listo para entregar put on one
 * Mensajero's list by office staff. The messenger sees only the packages of their own list (with
 * the client's address and phone). One row per package at most; the row goes when the package
 * leaves Listo para entregar (delivered, or moved back), by a trigger of the migration.
 */
export const deliveryAssignments = pgTable(
  "delivery_assignments",
  {
    trackingId: integer("tracking_id")
      .primaryKey()
      .references(() => clientTrackings.id, { onDelete: "cascade" }),
    messengerAccountId: integer("messenger_account_id")
      .notNull()
      .references(() => staffAccounts.id),
    assignedByAccountId: integer("assigned_by_account_id").references(() => staffAccounts.id),
    assignedAt: ts("assigned_at").notNull().defaultNow(),
  },
  (t) => [index("delivery_assignments_messenger_idx").on(t.messengerAccountId)],
);

/**
 * The extra lines of a package's charge (issue 21): customs taxes paid on the client's behalf,
 * delivery outside the free zone, storage, other; each with its description and amount.
 * client_trackings.cargos_extra_colones holds their sum (modules/payments/charges.ts keeps it).
 */
export const packageCharges = pgTable(
  "package_charges",
  {
    id: serial("id").primaryKey(),
    trackingId: integer("tracking_id")
      .notNull()
      .references(() => clientTrackings.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 16 }).notNull(),
    description: varchar("description", { length: 120 }).notNull(),
    amountColones: integer("amount_colones").notNull(),
    createdAt: createdAt(),
    createdByAccountId: integer("created_by_account_id"),
  },
  (t) => [
    index("package_charges_tracking_idx").on(t.trackingId),
    check("package_charges_kind_check", oneOf(t.kind, EXTRA_CHARGE_KINDS)),
    check("package_charges_amount_check", sql`${t.amountColones} > 0`),
  ],
);

/**
 * A client's receipt photo (comprobante, issue 21): sent from /rastreo for one package or for the
 * whole balance; staff confirm it (it becomes a payment) or reject it with a reason.
 */
export const paymentProofs = pgTable(
  "payment_proofs",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** Null: for the client's whole balance. */
    trackingId: integer("tracking_id").references(() => clientTrackings.id, { onDelete: "set null" }),
    uploadName: varchar("upload_name", { length: 64 }).notNull(),
    /** The SINPE reference the client typed, when any. */
    reference: varchar("reference", { length: 64 }),
    estado: varchar("estado", { length: 16 }).notNull().default("PENDIENTE"),
    createdAt: createdAt(),
    reviewedAt: ts("reviewed_at"),
    reviewedByAccountId: integer("reviewed_by_account_id"),
    rejectReason: text("reject_reason"),
    paymentId: integer("payment_id").references((): AnyPgColumn => payments.id, { onDelete: "set null" }),
  },
  (t) => [
    index("payment_proofs_client_idx").on(t.clientId),
    index("payment_proofs_pending_idx").on(t.createdAt).where(sql`${t.estado} = 'PENDIENTE'`),
    uniqueIndex("payment_proofs_upload_key").on(t.uploadName),
    check("payment_proofs_estado_check", oneOf(t.estado, PAYMENT_PROOF_STATUSES)),
  ],
);

/**
 * A payment (issue 21): money received from a client, by one method, applied to one or several
 * of its packages (payment_allocations). Never deleted: a mistake is reversed with a reason, and
 * the packages' paid amounts go back. The rows are what a future electronic invoice (Hacienda)
 * references (docs/decisions/137): amounts in whole colones with their currency, who and when.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    method: varchar("method", { length: 16 }).notNull(),
    /** SINPE Móvil: the transfer's reference (unique among payments not reversed). */
    reference: varchar("reference", { length: 64 }),
    amountColones: integer("amount_colones").notNull(),
    currency: varchar("currency", { length: 3 }).notNull().default("CRC"),
    /** When the money was received (the day of the cierre de caja). */
    paidAt: ts("paid_at").notNull().defaultNow(),
    recordedByAccountId: integer("recorded_by_account_id"),
    /** The staff member's name as it was (the receipt and the cierre show it). */
    recordedByName: varchar("recorded_by_name", { length: 120 }).notNull(),
    notas: text("notas"),
    reversedAt: ts("reversed_at"),
    reversedByAccountId: integer("reversed_by_account_id"),
    reversedByName: varchar("reversed_by_name", { length: 120 }),
    reversalReason: text("reversal_reason"),
    /**
     * A payment of a closed cash day reversed later (docs/decisions/147): the Costa Rica day the
     * reversal counts on (a negative line there); the closed day keeps the payment. Null: a
     * reversal within an open day, which crosses the payment out on its own day.
     */
    reversalCountedOn: date("reversal_counted_on", { mode: "string" }),
    /** Why the Dueño dated the payment before the window (decision 147). */
    paidAtReason: text("paid_at_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("payments_client_idx").on(t.clientId),
    index("payments_reversal_counted_on_idx").on(t.reversalCountedOn),
    check("payments_reversal_counted_on_check", sql`${t.reversalCountedOn} is null or ${t.reversedAt} is not null`),
    index("payments_paid_at_idx").on(t.paidAt),
    uniqueIndex("payments_sinpe_reference_key")
      .on(sql`upper(${t.reference})`)
      .where(sql`${t.method} = 'SINPE_MOVIL' and ${t.reversedAt} is null`),
    check("payments_method_check", oneOf(t.method, PAYMENT_METHODS)),
    check("payments_amount_check", sql`${t.amountColones} > 0`),
    check("payments_sinpe_reference_check", sql`${t.method} <> 'SINPE_MOVIL' or ${t.reference} is not null`),
  ],
);

/**
 * A closed cash day (docs/decisions/147): a Costa Rica calendar day whose cierre de caja was
 * closed, with who closed it and the totals as closed. Nothing is ever recorded, reversed or
 * re-dated into it: the payments service checks under the day's lock and the trigger
 * payments_cash_day_guard (migration 0015) refuses any write that would change it.
 */
export const cashClosings = pgTable(
  "cash_closings",
  {
    day: date("day", { mode: "string" }).primaryKey(),
    closedAt: ts("closed_at").notNull().defaultNow(),
    closedByAccountId: integer("closed_by_account_id"),
    closedByName: varchar("closed_by_name", { length: 120 }).notNull(),
    /** The day's totals by method and in all, as closed ({ SINPE_MOVIL, EFECTIVO, TARJETA, TRANSFERENCIA, total }). */
    totals: jsonb("totals").notNull(),
    /** Per staff member: [{ accountId, staffName, totals }]. */
    byStaff: jsonb("by_staff").notNull(),
    paymentCount: integer("payment_count").notNull(),
  },
);

/** How much of a payment went to each package (all of a payment's rows add up to its amount). */
export const paymentAllocations = pgTable(
  "payment_allocations",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    // A paid package cannot be deleted: its payments are reversed first.
    trackingId: integer("tracking_id")
      .notNull()
      .references(() => clientTrackings.id, { onDelete: "restrict" }),
    amountColones: integer("amount_colones").notNull(),
  },
  (t) => [
    uniqueIndex("payment_allocations_payment_tracking_key").on(t.paymentId, t.trackingId),
    index("payment_allocations_tracking_idx").on(t.trackingId),
    check("payment_allocations_amount_check", sql`${t.amountColones} > 0`),
  ],
);

/**
 * The last number issued per issuing point and comprobante type (issue 34, decision 185): branch
 * (3 digits), terminal (5) and type (01 factura, 03 nota de crédito, 04 tiquete). Taken with
 * modules/invoices/numbering.ts nextDocumentNumber inside the caller's transaction: the row stays
 * locked until it ends, so numbers are gap-free (a rolled-back payment gives its number back) and
 * unique across every instance sharing the database.
 */
export const invoiceSequences = pgTable(
  "invoice_sequences",
  {
    branch: varchar("branch", { length: 3 }).notNull(),
    terminal: varchar("terminal", { length: 5 }).notNull(),
    documentType: varchar("document_type", { length: 2 }).notNull(),
    lastNumber: bigint("last_number", { mode: "number" }).notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.branch, t.terminal, t.documentType] }),
    check("invoice_sequences_branch_check", sql`${t.branch} ~ '^[0-9]{3}$'`),
    check("invoice_sequences_terminal_check", sql`${t.terminal} ~ '^[0-9]{5}$'`),
    check("invoice_sequences_type_check", sql`${t.documentType} ~ '^[0-9]{2}$'`),
    check("invoice_sequences_number_check", sql`${t.lastNumber} between 1 and 9999999999`),
  ],
);

/**
 * A comprobante electrónico (issue 34, decision 190): one per payment (Factura 01 or Tiquete 04),
 * a Nota de Crédito 03 for a reversed payment (references_id: the original), a reissue after a
 * rejection (replaces_id: the rejected one, which stays). Written in the payment's (or the
 * reversal's) transaction with its number; the row is also the sender's job: a 'pendiente' or
 * 'enviado' row is claimed when next_attempt_at is due. Invoicing off: no row at all.
 * A row 'rechazado' without clave is one that could not be made (InvoiceDataError, its Spanish
 * reason in rejection_reason): no number was taken.
 */
export const invoiceDocuments = pgTable(
  "invoice_documents",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    /** 01 Factura, 03 Nota de Crédito, 04 Tiquete. */
    documentType: varchar("document_type", { length: 2 }).notNull(),
    number: bigint("number", { mode: "number" }),
    consecutivo: varchar("consecutivo", { length: 20 }),
    clave: varchar("clave", { length: 50 }),
    signedXml: text("signed_xml"),
    /** What the reception API is sent besides the XML: { fecha, emisor, receptor? }. */
    submission: jsonb("submission"),
    /** The receiver as written in the document (a Nota de Crédito repeats it), or null. */
    receiver: jsonb("receiver"),
    /** The packages and lines the document lists ([{ trackingCode, lines }]): a note or a reissue lists the same. */
    packages: jsonb("packages").notNull(),
    /** pendiente · enviado · aceptado · rechazado. */
    state: varchar("state", { length: 12 }).notNull(),
    /** Hacienda's MensajeHacienda (respuesta-xml), decoded. */
    responseXml: text("response_xml"),
    rejectionReason: text("rejection_reason"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    lockedUntil: ts("locked_until"),
    lastError: text("last_error"),
    referencesId: integer("references_id").references((): AnyPgColumn => invoiceDocuments.id, { onDelete: "restrict" }),
    replacesId: integer("replaces_id").references((): AnyPgColumn => invoiceDocuments.id, { onDelete: "restrict" }),
    issuedAt: ts("issued_at").notNull(),
    sentAt: ts("sent_at"),
    decidedAt: ts("decided_at"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("invoice_documents_payment_idx").on(t.paymentId),
    index("invoice_documents_due_idx").on(t.nextAttemptAt).where(sql`${t.state} in ('pendiente', 'enviado')`),
    uniqueIndex("invoice_documents_clave_key").on(t.clave),
    uniqueIndex("invoice_documents_consecutivo_key").on(t.consecutivo),
    // One live sale document (01/04) and one live note (03) per payment: a reissue comes only after a rejection.
    uniqueIndex("invoice_documents_live_key")
      .on(t.paymentId, sql`(${t.documentType} = '03')`)
      .where(sql`${t.state} <> 'rechazado'`),
    check("invoice_documents_type_check", sql`${t.documentType} in ('01', '03', '04')`),
    check("invoice_documents_state_check", sql`${t.state} in ('pendiente', 'enviado', 'aceptado', 'rechazado')`),
    check("invoice_documents_made_check", sql`${t.clave} is not null and ${t.signedXml} is not null and ${t.consecutivo} is not null or ${t.state} = 'rechazado' and ${t.rejectionReason} is not null`),
    check("invoice_documents_note_check", sql`(${t.documentType} = '03') = (${t.referencesId} is not null)`),
    check("invoice_documents_attempts_check", sql`${t.attempts} >= 0`),
  ],
);
