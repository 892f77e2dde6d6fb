// Embarques (issue 20, docs/decisions/130): received packages consolidated into one air guide
// (flight) or one container / bill of lading (vessel); totals, manifest (.xlsx and PDF), and the
// moves of all its packages together. Contract and Spanish texts of /api/admin/shipments.
import { z } from "../../validation";
import { zText } from "../../text-rules";
import { ORIGINS, SHIPPING_TYPES, TRACKING_STATUS_LABELS, TRACKING_STATUSES, type ShippingType, type TrackingStatus } from "../../domain/statuses";
import { SHIPMENT_STATES } from "../../domain/warehouse";
import { isCalendarDay } from "../../domain/dates";
import { binary, defineRoute } from "../contract";
import { XLSX_CONTENT_TYPE } from "../excel";
import { ZPackageInvoiceSchema } from "../purchase-invoices";

/** What each kind of shipment calls its number and its transport. */
export const SHIPMENT_GUIDE_LABELS: Record<ShippingType, string> = { AVION: "Guía aérea", BARCO: "Contenedor o BL" };
export const SHIPMENT_TRANSPORT_LABELS: Record<ShippingType, string> = { AVION: "Vuelo", BARCO: "Buque" };
export const SHIPMENT_TYPE_LABELS: Record<ShippingType, string> = { AVION: "Aéreo", BARCO: "Marítimo" };

/** The statuses a closed shipment moves its packages through, one step at a time, in this order. */
export const SHIPMENT_MOVE_STATUSES = ["EN_ADUANAS", "EN_BODEGA_CR", "LISTO_PARA_ENTREGAR"] as const satisfies readonly TrackingStatus[];
export type ShipmentMoveStatus = (typeof SHIPMENT_MOVE_STATUSES)[number];
/** The status a package has when it joins a shipment (received at the Miami warehouse). */
export const SHIPMENT_PACKAGE_STATUS: TrackingStatus = "EN_BODEGA_MIAMI";

export const SHIPMENT_PAGE_SIZE_DEFAULT = 20;
/** Packages one call may add by id (the 'Agregar recibidos' picker, the bench's 1 000). */
export const SHIPMENT_ADD_MAX = 2000;

// --- Messages ---
export const SHIPMENT_NOT_FOUND = "Embarque no encontrado";
export const SHIPMENT_CLOSED = "El embarque está cerrado: reábrelo para cambiar sus paquetes o sus datos.";
export const SHIPMENT_NOT_CLOSED = "Cierra el embarque antes de mover sus paquetes.";
export const SHIPMENT_EMPTY = "Un embarque sin paquetes no se puede cerrar.";
export const SHIPMENT_ALREADY_CLOSED = "El embarque ya está cerrado.";
export const SHIPMENT_ALREADY_OPEN = "El embarque ya está abierto.";
export const SHIPMENT_REOPEN_MOVED = "No se puede reabrir: algunos de sus paquetes ya salieron de la bodega de origen.";
export const SHIPMENT_GUIDE_REQUIRED = "Escribe el número de guía, contenedor o BL";
export const SHIPMENT_GUIDE_INVALID = "El número solo puede tener letras, números, espacios, guiones, puntos y barras (máximo 64)";
export const SHIPMENT_TRANSPORT_INVALID = "El vuelo o buque puede tener como máximo 64 caracteres";
export const SHIPMENT_DATE_INVALID = "Fecha inválida: usa el formato AAAA-MM-DD";
export const SHIPMENT_NOTES_INVALID = "Las notas pueden tener como máximo 1000 caracteres";
export const SHIPMENT_TYPE_INVALID = "Forma de envío inválida: AVION o BARCO";
export const SHIPMENT_IDS_INVALID = `Elige entre 1 y ${SHIPMENT_ADD_MAX} paquetes`;
export const SHIPMENT_CODE_REQUIRED = "Escanea o escribe un código";
export const SHIPMENT_MOVE_INVALID = "Estado inválido: En aduanas, En bodega Costa Rica o Listo para entregar";
export const SHIPMENT_SCAN_NONE = "No se encontró ningún paquete con ese código.";
export const SHIPMENT_SCAN_MANY = "Varios clientes tienen un paquete con ese número: elige cuál agregar.";
export const SHIPMENT_PACKAGE_NOT_IN = "Ese paquete no está en este embarque.";
export const SHIPMENT_NOTHING_TO_MOVE = "Todos los paquetes del embarque ya están listos para entregar o entregados.";

export const shipmentScanUnclaimed = (code: string) => `El paquete ${code} está en Sin dueño: asígnalo a un cliente antes de agregarlo.`;
export const shipmentPackageNotReceived = (code: string) => `El paquete ${code} aún no se ha recibido en bodega.`;
export const shipmentPackageInOther = (code: string, guide: string) => `El paquete ${code} ya está en el embarque ${guide}.`;
export const shipmentPackageInThis = (code: string) => `El paquete ${code} ya está en este embarque.`;
export const shipmentPackageWrongType = (code: string, formaEnvio: ShippingType) =>
  `El paquete ${code} va por ${formaEnvio === "AVION" ? "avión" : "barco"}: no puede ir en este embarque.`;
export const shipmentPackageWrongStatus = (code: string, estado: string) =>
  `El paquete ${code} está en '${TRACKING_STATUS_LABELS[estado as TrackingStatus] ?? estado}': solo se agregan paquetes en bodega de origen (Miami o China).`;
export const shipmentMoveNotNext = (next: ShipmentMoveStatus) => `El siguiente paso de este embarque es '${TRACKING_STATUS_LABELS[next]}'.`;
export const shipmentMoved = (moved: number, estado: ShipmentMoveStatus) =>
  `${moved} ${moved === 1 ? "paquete pasó" : "paquetes pasaron"} a '${TRACKING_STATUS_LABELS[estado]}'.`;
export const shipmentMoveConfirm = (count: number, estado: ShipmentMoveStatus) =>
  `Se moverán ${count} ${count === 1 ? "paquete" : "paquetes"} a '${TRACKING_STATUS_LABELS[estado]}' y cada cliente recibirá un mensaje de WhatsApp.`;

/** The confirmation before closing a shipment (issue 32): closing fixes its manifest. */
export const shipmentCloseConfirm = (count: number) =>
  `Se cerrará el embarque con ${count} ${count === 1 ? "paquete" : "paquetes"}: ya no se podrán agregar ni quitar paquetes sin reabrirlo, y su manifiesto queda como definitivo.`;

export const manifestFileName = (guide: string, ext: "xlsx" | "pdf", draft: boolean) =>
  `manifiesto-${guide.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "") || "embarque"}${draft ? "-borrador" : ""}.${ext}`;
export const MANIFEST_SHEET = "Manifiesto";
export const MANIFEST_INFO_SHEET = "Embarque";
export const MANIFEST_HEADERS = [
  "#",
  "Código cliente",
  "Cliente",
  "Tracking",
  "Carrier",
  "Descripción",
  "Piezas",
  "Peso (g)",
  "Pies cúbicos",
  "Valor declarado (USD)",
  "Tienda",
  "Factura",
] as const;
export const MANIFEST_TOTAL = "TOTAL";
export const MANIFEST_DRAFT = "BORRADOR: el embarque sigue abierto";

// --- Requests ---
const day = z
  .string({ error: SHIPMENT_DATE_INVALID })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, SHIPMENT_DATE_INVALID)
  .refine((v) => isCalendarDay(v) && v >= "2000-01-01" && v <= "2100-12-31", SHIPMENT_DATE_INVALID);
const guide = zText({ error: SHIPMENT_GUIDE_REQUIRED }).pipe(
  z
    .string()
    .min(1, SHIPMENT_GUIDE_REQUIRED)
    .max(64, SHIPMENT_GUIDE_INVALID)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u, SHIPMENT_GUIDE_INVALID)
    .transform((v) => v.toUpperCase()),
);
const transport = zText({ error: SHIPMENT_TRANSPORT_INVALID })
  .pipe(z.string().max(64, SHIPMENT_TRANSPORT_INVALID))
  .transform((v) => v || null)
  .nullable()
  .optional();
const notes = zText({ multiline: true, error: SHIPMENT_NOTES_INVALID })
  .pipe(z.string().max(1000, SHIPMENT_NOTES_INVALID))
  .transform((v) => v || null)
  .nullable()
  .optional();

export const ZCreateShipmentRequestSchema = z.object({
  formaEnvio: z.enum(SHIPPING_TYPES, { error: SHIPMENT_TYPE_INVALID }),
  numeroGuia: guide,
  transporte: transport,
  fecha: day,
  notas: notes,
});
export type TCreateShipmentRequest = z.input<typeof ZCreateShipmentRequestSchema>;

/** Edit while open: the type stays (its packages were chosen for it). */
export const ZUpdateShipmentRequestSchema = z.object({
  numeroGuia: guide.optional(),
  transporte: transport,
  fecha: day.optional(),
  notas: notes,
});
export type TUpdateShipmentRequest = z.input<typeof ZUpdateShipmentRequestSchema>;

export const ZShipmentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(SHIPMENT_PAGE_SIZE_DEFAULT),
});

export const ZShipmentIdParamsSchema = z.object({ id: z.coerce.number({ error: SHIPMENT_NOT_FOUND }).int().positive(SHIPMENT_NOT_FOUND).max(2_147_483_647) });
export const ZShipmentPackageParamsSchema = ZShipmentIdParamsSchema.extend({
  trackingId: z.coerce.number({ error: SHIPMENT_PACKAGE_NOT_IN }).int().positive(SHIPMENT_PACKAGE_NOT_IN).max(2_147_483_647),
});

export const ZAddToShipmentRequestSchema = z.union([
  z.object({ code: zText({ error: SHIPMENT_CODE_REQUIRED }).pipe(z.string().min(1, SHIPMENT_CODE_REQUIRED).max(200, SHIPMENT_CODE_REQUIRED)) }),
  z.object({
    trackingIds: z
      .array(z.number().int().positive().max(2_147_483_647), { error: SHIPMENT_IDS_INVALID })
      .min(1, SHIPMENT_IDS_INVALID)
      .max(SHIPMENT_ADD_MAX, SHIPMENT_IDS_INVALID),
  }),
], { error: SHIPMENT_CODE_REQUIRED });

export const ZShipmentMoveRequestSchema = z.object({ estado: z.enum(SHIPMENT_MOVE_STATUSES, { error: SHIPMENT_MOVE_INVALID }) });

// --- Answers ---
export const ZShipmentTotalsSchema = z.object({
  piezas: z.number(),
  gramos: z.number(),
  pieCubicos: z.number(),
  valorDeclaradoUsd: z.number(),
  montoColones: z.number(),
});
export type TShipmentTotals = z.infer<typeof ZShipmentTotalsSchema>;

export const ZShipmentSchema = z.object({
  id: z.number(),
  formaEnvio: z.enum(SHIPPING_TYPES),
  numeroGuia: z.string(),
  transporte: z.string().nullable(),
  fecha: z.string(),
  estado: z.enum(SHIPMENT_STATES),
  notas: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  totals: ZShipmentTotalsSchema,
  /** The move the shipment may make next (closed shipments), null when none is left or it is open. */
  nextMove: z.enum(SHIPMENT_MOVE_STATUSES).nullable(),
});
export type TShipment = z.infer<typeof ZShipmentSchema>;

export const ZShipmentPackageSchema = z.object({
  id: z.number(),
  trackingCode: z.string(),
  carrier: z.string().nullable(),
  clientCode: z.string(),
  clientName: z.string(),
  descripcion: z.string().nullable(),
  /** The store the client declared (issue 36 item 2). */
  tiendaOrigen: z.string().nullable(),
  estado: z.enum(TRACKING_STATUSES),
  /** The status reads in its origin's words ("En bodega China", docs/decisions/157). */
  origen: z.enum(ORIGINS),
  formaEnvio: z.enum(SHIPPING_TYPES),
  pesoGramos: z.number().nullable(),
  pieCubicos: z.number().nullable(),
  valorDeclarado: z.number().nullable(),
  receivedAt: z.string().nullable(),
  /** The client's purchase invoice (issue 36 item 2), opened through STAFF_INVOICE_FILE_ROUTE; null: none. */
  factura: ZPackageInvoiceSchema.nullable(),
});
export type TShipmentPackage = z.infer<typeof ZShipmentPackageSchema>;

export const ZShipmentListResponseSchema = z.object({
  shipments: z.array(ZShipmentSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TShipmentListResponse = z.infer<typeof ZShipmentListResponseSchema>;

export const ZShipmentDetailSchema = z.object({ shipment: ZShipmentSchema, packages: z.array(ZShipmentPackageSchema) });
export type TShipmentDetail = z.infer<typeof ZShipmentDetailSchema>;

export const ZReadyPackagesResponseSchema = z.object({ packages: z.array(ZShipmentPackageSchema), total: z.number() });
export type TReadyPackagesResponse = z.infer<typeof ZReadyPackagesResponseSchema>;

export const ZAddToShipmentResponseSchema = ZShipmentDetailSchema.extend({ added: z.number() });

/** The 409 of a scan that several clients' packages match: choose one and add it by id. */
export const ZShipmentScanChoicesSchema = z.object({ matches: z.array(ZShipmentPackageSchema) });

export const ZShipmentMoveResponseSchema = ZShipmentDetailSchema.extend({ moved: z.number(), unchanged: z.number(), message: z.string() });
export type TShipmentMoveResponse = z.infer<typeof ZShipmentMoveResponseSchema>;

// --- Routes (issue 33 item 3): every call ANY_STAFF ---
const tag = "shipments";

export const SHIPMENTS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/shipments",
  tag,
  summary: "Los embarques (los abiertos primero), paginados",
  query: ZShipmentListQuerySchema,
  responses: { 200: ZShipmentListResponseSchema },
});

export const SHIPMENT_CREATE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/shipments",
  tag,
  summary: "Crea un embarque (guía aérea o contenedor)",
  body: ZCreateShipmentRequestSchema,
  responses: { 201: ZShipmentDetailSchema },
});

export const SHIPMENT_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/shipments/:id",
  tag,
  summary: "Un embarque con sus paquetes y totales",
  params: ZShipmentIdParamsSchema,
  responses: { 200: ZShipmentDetailSchema },
});

export const SHIPMENT_UPDATE_ROUTE = defineRoute({
  method: "PATCH",
  path: "/api/admin/shipments/:id",
  tag,
  summary: "Cambia los datos de un embarque abierto",
  params: ZShipmentIdParamsSchema,
  body: ZUpdateShipmentRequestSchema,
  responses: { 200: ZShipmentDetailSchema },
});

export const SHIPMENT_READY_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/shipments/:id/ready",
  tag,
  summary: "Los paquetes recibidos que pueden ir en este embarque",
  params: ZShipmentIdParamsSchema,
  responses: { 200: ZReadyPackagesResponseSchema },
});

export const SHIPMENT_ADD_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/shipments/:id/packages",
  tag,
  summary: "Agrega paquetes a un embarque abierto: uno escaneado { code } o varios { trackingIds }",
  params: ZShipmentIdParamsSchema,
  body: ZAddToShipmentRequestSchema,
  responses: { 200: ZAddToShipmentResponseSchema },
});

export const SHIPMENT_REMOVE_ROUTE = defineRoute({
  method: "DELETE",
  path: "/api/admin/shipments/:id/packages/:trackingId",
  tag,
  summary: "Quita un paquete de un embarque abierto",
  params: ZShipmentPackageParamsSchema,
  responses: { 200: ZShipmentDetailSchema },
});

export const SHIPMENT_CLOSE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/shipments/:id/close",
  tag,
  summary: "Cierra un embarque: su manifiesto queda como definitivo",
  params: ZShipmentIdParamsSchema,
  responses: { 200: ZShipmentDetailSchema },
});

export const SHIPMENT_REOPEN_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/shipments/:id/reopen",
  tag,
  summary: "Reabre un embarque cerrado cuyos paquetes siguen en la bodega de origen",
  params: ZShipmentIdParamsSchema,
  responses: { 200: ZShipmentDetailSchema },
});

export const SHIPMENT_MOVE_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/shipments/:id/status",
  tag,
  summary: "Mueve todos los paquetes de un embarque cerrado al siguiente estado (y avisa a cada cliente)",
  params: ZShipmentIdParamsSchema,
  body: ZShipmentMoveRequestSchema,
  responses: { 200: ZShipmentMoveResponseSchema },
});

export const SHIPMENT_MANIFEST_XLSX_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/shipments/:id/manifest.xlsx",
  tag,
  summary: "El manifiesto del embarque en Excel (borrador mientras está abierto; queda registrado)",
  params: ZShipmentIdParamsSchema,
  responses: { 200: binary(XLSX_CONTENT_TYPE) },
});

export const SHIPMENT_MANIFEST_PDF_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/shipments/:id/manifest.pdf",
  tag,
  summary: "El manifiesto del embarque en PDF (borrador mientras está abierto; queda registrado)",
  params: ZShipmentIdParamsSchema,
  responses: { 200: binary("application/pdf") },
});

/** The address parameter of the shipment open in Embarques: /admin/embarques?embarque=12. */
export const SHIPMENT_PARAM = "embarque";
/** Where a link to one shipment goes (Bandeja de salida names the Embarque a message was about). */
export const shipmentHref = (id: number) => `/admin/embarques?${SHIPMENT_PARAM}=${id}`;
