// Recepción and Sin dueño (issue 20, docs/decisions/128): the scan lookup, receiving a pre-alerted
// package (weight or measures, photos), and the packages nobody pre-alerted (register, list, edit,
// assign to a client), with their limits and Spanish texts.
import { z } from "../../validation";
import { zText } from "../../text-rules";
import { ORIGINS, SHIPPING_TYPES, TRACKING_STATUSES } from "../../domain/statuses";
import { CLIENT_CODE_PATTERN, normalizeClientCode } from "../../domain/client-code";
import { formatDateTime, formatThousands } from "../../domain/format";
import { ZClientCodeLooseSchema } from "../clients";
import { ZTrackingCodeSchema } from "../trackings";
import { ZPhotoNamesSchema } from "../uploads";
import { PHOTO_KINDS, type MatchState } from "../../domain/warehouse";
import { ZDiscrepancySchema } from "../declared";
import { ZPackageInvoiceSchema } from "../purchase-invoices";
import { defineRoute } from "../contract";


// --- Limits (docs/decisions/128) ---

/** Heaviest package the scale may record: 1 000 kg (a pallet); more is a typing slip. */
export const PESO_GRAMOS_MAX = 1_000_000;
/** Longest side in centimetres (5 m): a container's inner length is about 12 m, a package's far less. */
export const MEDIDA_CM_MAX = 500;
export const NOTAS_MAX = 500;

export const SCAN_CODE_REQUIRED = "Escanea o escribe un número de guía";
export const PESO_GRAMOS_INVALID = `El peso debe ser un número entero de gramos entre 1 y ${formatThousands(PESO_GRAMOS_MAX)}`;
export const MEDIDA_INVALID = `Cada medida debe ser un número de centímetros entre 0,1 y ${MEDIDA_CM_MAX}`;
export const NOTAS_TOO_LONG = `Las notas pueden tener hasta ${NOTAS_MAX} caracteres`;
export const PESO_REQUIRED_AVION = "Indica el peso en gramos: el paquete va por avión";
export const MEDIDAS_REQUIRED_BARCO = "Indica el largo, el ancho y el alto en centímetros: el paquete va por barco";
export const MEDIDAS_INCOMPLETE = "Indica las tres medidas (largo, ancho y alto) o ninguna";
export const PACKAGE_NOT_FOUND = "El paquete no existe";
export const CLIENT_CODE_HINT_INVALID = "El código de cliente de la etiqueta debe tener la forma EX y 6 letras o números (por ejemplo EX4K7P2M)";
export const UNCLAIMED_NOT_FOUND = "El paquete sin dueño no existe";
export const UNCLAIMED_DUPLICATE = "Ese número de guía ya está en Sin dueño";
export const UNCLAIMED_PREALERTED = "Ese número de guía ya tiene una pre-alerta de un cliente: recíbelo en Recepción en lugar de registrarlo sin dueño";
export const UNCLAIMED_ALREADY_CLAIMED = "Este paquete sin dueño ya fue asignado a un cliente";
export const UNCLAIMED_CLIENT_HAS_IT = "Ese cliente ya tiene un paquete con este número de guía: recíbelo en Recepción";
export const UNCLAIMED_CHANGE_REQUIRED = "Indica al menos un cambio";
export const UNCLAIMED_CLIENT_PROPOSED = "Ese cliente ya pre-alertó este número: confírmalo en «Por confirmar»";
export const CLAIM_HISTORY_NOTE = (receivedAt: Date) => `Recibido en bodega como Sin dueño el ${formatDateTime(receivedAt)}`;

/** "Este paquete ya fue recibido el <fecha> por <persona>". */
export function alreadyReceivedMessage(receivedAt: string | Date, by: string | null): string {
  return `Este paquete ya fue recibido el ${formatDateTime(receivedAt)}${by ? ` por ${by}` : ""}`;
}

// --- Field rules ---

const pesoGramos = z.number({ error: PESO_GRAMOS_INVALID }).int(PESO_GRAMOS_INVALID).min(1, PESO_GRAMOS_INVALID).max(PESO_GRAMOS_MAX, PESO_GRAMOS_INVALID);
/** Centimetres with one decimal (the column's scale): 12.34 is stored 12.3. */
const medida = z
  .number({ error: MEDIDA_INVALID })
  .min(0.1, MEDIDA_INVALID)
  .max(MEDIDA_CM_MAX, MEDIDA_INVALID)
  .transform((v) => Math.round(v * 10) / 10);
const notas = zText({ multiline: true }).pipe(z.string().max(NOTAS_MAX, NOTAS_TOO_LONG)).nullish().transform((v) => (v === undefined ? undefined : v || null));
const carrier = zText().pipe(z.string().max(64, "La empresa de envío puede tener hasta 64 caracteres")).nullish().transform((v) => (v === undefined ? undefined : v || null));
/** The client code printed on the label's address line: the issued form, EX + 6 (blank: none). */
const clientCodeHint = z
  .string({ error: CLIENT_CODE_HINT_INVALID })
  .transform(normalizeClientCode)
  .refine((v) => v === "" || CLIENT_CODE_PATTERN.test(v), CLIENT_CODE_HINT_INVALID)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

const measures = {
  largoCm: medida.nullish(),
  anchoCm: medida.nullish(),
  altoCm: medida.nullish(),
};
const allOrNone = (m: { largoCm?: number | null; anchoCm?: number | null; altoCm?: number | null }) => {
  const given = [m.largoCm, m.anchoCm, m.altoCm].filter((v) => v !== undefined && v !== null).length;
  return given === 0 || given === 3;
};

// --- Scan ---

export const ZWarehouseScanQuerySchema = z.object({
  code: zText().pipe(z.string().min(1, SCAN_CODE_REQUIRED).max(200, SCAN_CODE_REQUIRED)),
});

/** A package as Recepción shows it: the client's code and name only (Bodega sees no more). */
export const ZReceptionPackageSchema = z.object({
  id: z.number().int(),
  trackingCode: z.string(),
  clientCode: z.string(),
  clientName: z.string(),
  estado: z.enum(TRACKING_STATUSES),
  /** The status reads in its origin's words ("En bodega China", docs/decisions/157). */
  origen: z.enum(ORIGINS),
  formaEnvio: z.enum(SHIPPING_TYPES),
  carrier: z.string().nullable(),
  /** What the client declared at pre-alert (issue 32 item 5): content, store, value (USD), weight (g). */
  descripcionPaquete: z.string().nullable(),
  tiendaOrigen: z.string().nullable(),
  valorDeclarado: z.number().nullable(),
  pesoEstimado: z.number().nullable(),
  /** The purchase invoice the client attached (issue 36 item 2), opened through STAFF_INVOICE_FILE_ROUTE; null: none. */
  factura: ZPackageInvoiceSchema.nullable(),
  /** The difference with the declaration flagged at receipt, shown to the client too. */
  diferencia: ZDiscrepancySchema.nullable(),
  /** The volumetric grams the amount was charged on (docs/decisions/159); null: charged on the weight. */
  pesoVolumetricoGramos: z.number().int().nullable(),
  receivedAt: z.string().nullable(),
  receivedBy: z.string().nullable(),
  /** "Este paquete ya fue recibido el … por …" when it was; null otherwise. */
  alreadyReceived: z.string().nullable(),
  pesoGramos: z.number().nullable(),
  largoCm: z.number().nullable(),
  anchoCm: z.number().nullable(),
  altoCm: z.number().nullable(),
  pieCubicos: z.number().nullable(),
});
export type TReceptionPackage = z.infer<typeof ZReceptionPackageSchema>;

export const ZUnclaimedPackageSchema = z.object({
  id: z.number().int(),
  trackingCode: z.string(),
  carrier: z.string().nullable(),
  clientCodeHint: z.string().nullable(),
  pesoGramos: z.number().nullable(),
  largoCm: z.number().nullable(),
  anchoCm: z.number().nullable(),
  altoCm: z.number().nullable(),
  notas: z.string().nullable(),
  receivedAt: z.string(),
  receivedBy: z.string().nullable(),
  claimedAt: z.string().nullable(),
  /** The client's package it became, once claimed. */
  claimedBy: z.object({ trackingId: z.number().int(), clientCode: z.string(), clientName: z.string() }).nullable(),
  photos: z.array(z.object({ url: z.string(), kind: z.enum(PHOTO_KINDS) })),
});
export type TUnclaimedPackage = z.infer<typeof ZUnclaimedPackageSchema>;

export const ZWarehouseScanResponseSchema = z.object({
  /** The tracking number read (carrier prefixes removed); null for our own label. */
  trackingCode: z.string().nullable(),
  /** The carrier the number's shape says, when known. */
  carrier: z.string().nullable(),
  packages: z.array(ZReceptionPackageSchema),
  unclaimed: ZUnclaimedPackageSchema.nullable(),
});
export type TWarehouseScanResponse = z.infer<typeof ZWarehouseScanResponseSchema>;

// --- Receive ---

export const ZReceiveRequestSchema = z
  .object({
    trackingId: z.number({ error: PACKAGE_NOT_FOUND }).int(PACKAGE_NOT_FOUND).positive(PACKAGE_NOT_FOUND).max(2_147_483_647, PACKAGE_NOT_FOUND),
    pesoGramos: pesoGramos.nullish(),
    ...measures,
    photos: ZPhotoNamesSchema.optional(),
    notas,
    /** A weight or content that does not match the declaration, with a short note (issue 32 item 5). */
    diferencia: ZDiscrepancySchema.nullish(),
  })
  .refine(allOrNone, { message: MEDIDAS_INCOMPLETE, path: ["largoCm"] });
export type TReceiveRequest = z.infer<typeof ZReceiveRequestSchema>;
export type TReceiveForm = z.input<typeof ZReceiveRequestSchema>;

export const ZReceiveResponseSchema = z.object({
  package: ZReceptionPackageSchema,
  /** Whether the client's WhatsApp message was queued (the status moved). */
  notificationQueued: z.boolean(),
});
export type TReceiveResponse = z.infer<typeof ZReceiveResponseSchema>;

// --- Sin dueño ---

export const ZCreateUnclaimedRequestSchema = z
  .object({
    trackingCode: ZTrackingCodeSchema,
    carrier,
    clientCodeHint,
    pesoGramos: pesoGramos.nullish(),
    ...measures,
    /** Photos of the carrier's label (ETIQUETA). */
    labelPhotos: ZPhotoNamesSchema.optional(),
    /** Other photos of the package (LLEGADA). */
    photos: ZPhotoNamesSchema.optional(),
    notas,
  })
  .refine(allOrNone, { message: MEDIDAS_INCOMPLETE, path: ["largoCm"] });
export type TCreateUnclaimedRequest = z.infer<typeof ZCreateUnclaimedRequestSchema>;
export type TCreateUnclaimedForm = z.input<typeof ZCreateUnclaimedRequestSchema>;

export const ZUpdateUnclaimedRequestSchema = z
  .object({ carrier, clientCodeHint, pesoGramos: pesoGramos.nullish(), ...measures, notas })
  .refine(allOrNone, { message: MEDIDAS_INCOMPLETE, path: ["largoCm"] })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: UNCLAIMED_CHANGE_REQUIRED });
export type TUpdateUnclaimedRequest = z.infer<typeof ZUpdateUnclaimedRequestSchema>;

export const ZAssignUnclaimedRequestSchema = z.object({
  clientCode: ZClientCodeLooseSchema,
  formaEnvio: z.enum(SHIPPING_TYPES, { error: "La forma de envío debe ser AVION o BARCO" }).default("AVION"),
});

/** Who a code belongs to, for the assign dialog's confirmation (code and name only). */
export const ZWarehouseClientQuerySchema = z.object({ code: ZClientCodeLooseSchema });
export const ZWarehouseClientResponseSchema = z.object({ clientCode: z.string(), clientName: z.string() });

export const ZUnclaimedIdParamsSchema = z.object({
  id: z.coerce.number({ error: UNCLAIMED_NOT_FOUND }).int(UNCLAIMED_NOT_FOUND).positive(UNCLAIMED_NOT_FOUND).max(2_147_483_647, UNCLAIMED_NOT_FOUND),
});

export const UNCLAIMED_PAGE_SIZE = 20;
const PAGE_INVALID = "Página inválida";
export const ZUnclaimedListQuerySchema = z.object({
  /** Any part of the tracking number or the label's client code. */
  q: zText().pipe(z.string().max(64, "La búsqueda puede tener hasta 64 caracteres")).optional(),
  page: z.coerce.number({ error: PAGE_INVALID }).int(PAGE_INVALID).min(1, PAGE_INVALID).max(100_000, PAGE_INVALID).default(1),
});

export const ZUnclaimedListResponseSchema = z.object({
  items: z.array(ZUnclaimedPackageSchema),
  total: z.number().int(),
  /** Rows still waiting for an owner (whatever the search). */
  openTotal: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TUnclaimedListResponse = z.infer<typeof ZUnclaimedListResponseSchema>;

export const ZUnclaimedResponseSchema = z.object({ unclaimed: ZUnclaimedPackageSchema });
export const ZAssignUnclaimedResponseSchema = z.object({ unclaimed: ZUnclaimedPackageSchema, package: ZReceptionPackageSchema });

// --- Por confirmar: a client's pre-alert of a number waiting in Sin dueño (issue 32, docs/decisions/155) ---

export const MATCH_NOT_FOUND = "La coincidencia por confirmar no existe";
export const MATCH_PACKAGE_RECEIVED = "El paquete del cliente ya fue recibido en Recepción: rechaza esta coincidencia";
/** 409 when another person decided first (or the row went to another package). */
export function matchDecidedMessage(estado: MatchState): string {
  if (estado === "CONFIRMADA") return "Esta coincidencia ya fue confirmada por otra persona";
  if (estado === "RECHAZADA") return "Esta coincidencia ya fue rechazada por otra persona";
  return "Este paquete sin dueño ya fue asignado a otro paquete: esta coincidencia ya no aplica";
}
/** 409 for a confirm of a mismatch sent without the explicit "confirmar de todos modos". */
export function matchMismatchMessage(labelCode: string, claimerCode: string): string {
  return `El código de la etiqueta (${labelCode}) no coincide con el del cliente que pre-alertó (${claimerCode}): confirma solo si verificaste que el paquete es suyo`;
}

/** The label's client code against the claimer's: null when the label shows none. */
export function labelCodeCheck(labelCode: string | null, claimerCode: string): { coincide: boolean | null; texto: string } {
  if (labelCode === null) return { coincide: null, texto: "La etiqueta no muestra código de cliente: revisa la foto de la etiqueta" };
  if (labelCode === claimerCode) return { coincide: true, texto: "El código de la etiqueta coincide con el del cliente" };
  return { coincide: false, texto: `No coincide: la etiqueta dice ${labelCode} y quien pre-alertó es ${claimerCode}` };
}

export const ZUnclaimedMatchSchema = z.object({
  id: z.number().int(),
  proposedAt: z.string(),
  unclaimed: ZUnclaimedPackageSchema,
  /** The claimer's package (a pre-alert: no weight, no photos until confirmed). */
  package: z.object({
    id: z.number().int(),
    trackingCode: z.string(),
    clientCode: z.string(),
    clientName: z.string(),
    formaEnvio: z.enum(SHIPPING_TYPES),
    estado: z.enum(TRACKING_STATUSES),
  }),
  /** labelCodeCheck(unclaimed.clientCodeHint, package.clientCode). */
  codigo: z.object({ coincide: z.boolean().nullable(), texto: z.string() }),
});
export type TUnclaimedMatch = z.infer<typeof ZUnclaimedMatchSchema>;

export const MATCHES_LISTED_MAX = 100;
export const ZMatchListResponseSchema = z.object({
  /** Oldest first, at most MATCHES_LISTED_MAX. */
  items: z.array(ZUnclaimedMatchSchema),
  /** Every pending match. */
  total: z.number().int(),
});
export type TMatchListResponse = z.infer<typeof ZMatchListResponseSchema>;

export const ZMatchIdParamsSchema = z.object({
  id: z.coerce.number({ error: MATCH_NOT_FOUND }).int(MATCH_NOT_FOUND).positive(MATCH_NOT_FOUND).max(2_147_483_647, MATCH_NOT_FOUND),
});
export const ZConfirmMatchRequestSchema = z.object({
  /** Staff checked a label whose client code differs from the claimer's and confirm anyway. */
  confirmarDiferencia: z.boolean({ error: "confirmarDiferencia debe ser verdadero o falso" }).default(false),
});
export const ZRejectMatchResponseSchema = z.object({ match: z.object({ id: z.number().int(), estado: z.literal("RECHAZADA") }) });

// --- Calls (issue 33 item 3), every one for any staff role (Bodega receives) ---

const TAG = "warehouse";

/** GET /api/admin/warehouse/scan?code=…: what a scanned or typed number is (packages, Sin dueño). */
export const WAREHOUSE_SCAN_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/warehouse/scan",
  tag: TAG,
  summary: "Recepción: los paquetes y el Sin dueño de un número escaneado",
  query: ZWarehouseScanQuerySchema,
  responses: { 200: ZWarehouseScanResponseSchema },
});

/** POST /api/admin/warehouse/receive: a pre-alerted package received (weight or measures, photos). */
export const WAREHOUSE_RECEIVE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/warehouse/receive",
  tag: TAG,
  summary: "Recepción: recibir un paquete pre-alertado (peso o medidas, fotos)",
  body: ZReceiveRequestSchema,
  responses: { 200: ZReceiveResponseSchema },
});

/** GET /api/admin/warehouse/unclaimed?q=&page=: Sin dueño, one page. */
export const WAREHOUSE_UNCLAIMED_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/warehouse/unclaimed",
  tag: TAG,
  summary: "Sin dueño: paquetes que nadie pre-alertó, por páginas",
  query: ZUnclaimedListQuerySchema,
  responses: { 200: ZUnclaimedListResponseSchema },
});

/** POST /api/admin/warehouse/unclaimed: a package nobody pre-alerted, registered. */
export const WAREHOUSE_UNCLAIMED_CREATE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/warehouse/unclaimed",
  tag: TAG,
  summary: "Sin dueño: registrar un paquete que nadie pre-alertó",
  body: ZCreateUnclaimedRequestSchema,
  responses: { 201: ZUnclaimedResponseSchema },
});

/** PATCH /api/admin/warehouse/unclaimed/{id}: carrier, label code, weight, measures or notes. */
export const WAREHOUSE_UNCLAIMED_UPDATE_ROUTE = defineRoute({
  method: "PATCH",
  path: "/api/admin/warehouse/unclaimed/:id",
  tag: TAG,
  summary: "Sin dueño: corregir un paquete registrado",
  params: ZUnclaimedIdParamsSchema,
  body: ZUpdateUnclaimedRequestSchema,
  responses: { 200: ZUnclaimedResponseSchema },
});

/** GET /api/admin/warehouse/client?code=…: whose code it is (code and name), for the assign dialog. */
export const WAREHOUSE_CLIENT_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/warehouse/client",
  tag: TAG,
  summary: "Sin dueño: el cliente de un código (código y nombre)",
  query: ZWarehouseClientQuerySchema,
  responses: { 200: ZWarehouseClientResponseSchema },
});

/** POST /api/admin/warehouse/unclaimed/{id}/assign: the package becomes the client's, received. */
export const WAREHOUSE_ASSIGN_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/warehouse/unclaimed/:id/assign",
  tag: TAG,
  summary: "Sin dueño: asignar el paquete a un cliente",
  params: ZUnclaimedIdParamsSchema,
  body: ZAssignUnclaimedRequestSchema,
  responses: { 200: ZAssignUnclaimedResponseSchema },
});

/** GET /api/admin/warehouse/matches: Por confirmar, oldest first. */
export const WAREHOUSE_MATCHES_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/warehouse/matches",
  tag: TAG,
  summary: "Por confirmar: pre-alertas de números que esperan en Sin dueño",
  responses: { 200: ZMatchListResponseSchema },
});

/** POST /api/admin/warehouse/matches/{id}/confirm { confirmarDiferencia? }. */
export const WAREHOUSE_MATCH_CONFIRM_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/warehouse/matches/:id/confirm",
  tag: TAG,
  summary: "Por confirmar: confirmar que el paquete es del cliente que lo pre-alertó",
  params: ZMatchIdParamsSchema,
  body: ZConfirmMatchRequestSchema,
  responses: { 200: ZAssignUnclaimedResponseSchema },
});

/** POST /api/admin/warehouse/matches/{id}/reject. */
export const WAREHOUSE_MATCH_REJECT_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/warehouse/matches/:id/reject",
  tag: TAG,
  summary: "Por confirmar: rechazar la coincidencia",
  params: ZMatchIdParamsSchema,
  responses: { 200: ZRejectMatchResponseSchema },
});
