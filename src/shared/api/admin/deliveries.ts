// Entregas (issue 20, docs/decisions/132): the packages ready to deliver grouped by zone, the
// delivery with its proof (who received it, a photo, the signature) and the office-pickup switch,
// with the section's Spanish texts.
import { z } from "../../validation";
import { zPersonName, zText } from "../../text-rules";
import { formatColones, formatDateTime } from "../../domain/format";
import { ZPhotoNamesSchema } from "../uploads";
import { ZAdminSearchSchema } from "./clients";
import { ZTrackingIdParamsSchema } from "../trackings";
import { defineRoute } from "../contract";

export const RECEIVER_NAME_MAX = 80;
export const DELIVERY_NOTES_MAX = 500;

export const RECEIVER_REQUIRED = "Indica quién recibió el paquete";
export const RECEIVER_TOO_LONG = `El nombre de quien recibe puede tener hasta ${RECEIVER_NAME_MAX} caracteres`;
export const DELIVERY_NOTES_TOO_LONG = `Las notas pueden tener hasta ${DELIVERY_NOTES_MAX} caracteres`;
export const DELIVERY_ZONE_INVALID = "Zona inválida";
export const DELIVERY_NOT_FOUND = "Paquete no encontrado";
export const DELIVERY_NOT_READY = "El paquete no está listo para entregar: solo se entrega un paquete en «Listo para entregar»";
export const PICKUP_INVALID = "Indica si el cliente retira el paquete en la oficina";
export const PICKUP_DELIVERED = "El paquete ya fue entregado: el retiro en oficina ya no se cambia";
export const SCAN_CODE_REQUIRED = "Escanea o escribe un código";

/** 409 for a package delivered before: when and to whom (nothing changes). */
export function alreadyDeliveredMessage(deliveredAt: Date | string, recibidoPor: string): string {
  return `Este paquete ya fue entregado el ${formatDateTime(deliveredAt)} a ${recibidoPor}`;
}

export const ZDeliveriesQuerySchema = z.object({
  /** A zone key (delivery-zones.ts: canton key, sin-zona, retiro-oficina). */
  zona: z
    .string()
    .trim()
    .max(40, DELIVERY_ZONE_INVALID)
    .regex(/^[a-z0-9ñ-]*$/, DELIVERY_ZONE_INVALID)
    .optional()
    .transform((v) => v || undefined),
  /** Tracking code, client code or client name (accents and case ignored). */
  q: ZAdminSearchSchema,
});
export type TDeliveriesQuery = z.infer<typeof ZDeliveriesQuerySchema>;

export const ZDeliveryPackageSchema = z.object({
  id: z.number().int(),
  trackingCode: z.string(),
  descripcionPaquete: z.string().nullable(),
  /** The amount as stored on the package (decision 114); never recomputed here. */
  montoColones: z.number().int().nullable(),
  /** The stored balance (client_trackings.saldo_colones; ≤ 0 = paid): everyone, Bodega too (a driver collects it). */
  saldoColones: z.number().int(),
  /** Stored total and paid amounts: office staff only; null for Bodega (docs/decisions/139). */
  totalColones: z.number().int().nullable(),
  pagadoColones: z.number().int().nullable(),
  /** When it became Listo para entregar. */
  readySince: z.string(),
  retiroOficina: z.boolean(),
  clientCode: z.string(),
  clientName: z.string(),
  /** Office staff only (dueño, oficina); null for Bodega (issue 19: name and code only). */
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  /** The Mensajero whose delivery list holds the package (decision 161), or null. */
  mensajero: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TDeliveryPackage = z.infer<typeof ZDeliveryPackageSchema>;

/**
 * Packages per zone in the unfiltered list: a business-sized day has thousands ready, so the
 * overview carries each zone's count and its oldest few; asking with ?zona= (or a search) answers
 * every package of the zone.
 */
export const ZONE_PREVIEW_MAX = 25;

export const ZDeliveryZoneGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** Every ready package of the zone (matching the search), even when `packages` holds fewer. */
  count: z.number().int(),
  packages: z.array(ZDeliveryPackageSchema),
});
export type TDeliveryZoneGroup = z.infer<typeof ZDeliveryZoneGroupSchema>;

export const ZDeliveriesResponseSchema = z.object({
  total: z.number().int(),
  zones: z.array(ZDeliveryZoneGroupSchema),
});
export type TDeliveriesResponse = z.infer<typeof ZDeliveriesResponseSchema>;

export const ZDeliveryScanQuerySchema = z.object({
  code: z.string({ error: SCAN_CODE_REQUIRED }).trim().min(1, SCAN_CODE_REQUIRED).max(200, SCAN_CODE_REQUIRED),
});

/** GET /api/admin/deliveries/scan: the scanned package(s) ready to deliver, and any others it matched. */
export const ZDeliveryScanResponseSchema = z.object({
  ready: z.array(ZDeliveryPackageSchema),
  /** Packages the code matched that are not ready (their status shown so staff know why). */
  notReady: z.array(z.object({ id: z.number().int(), trackingCode: z.string(), clientCode: z.string(), clientName: z.string(), estado: z.string(), origen: z.string() })),
});
export type TDeliveryScanResponse = z.infer<typeof ZDeliveryScanResponseSchema>;

export const ZDeliverRequestSchema = z.object({
  /** 'Entregar con saldo pendiente' (docs/decisions/139): without it a package with a balance is 409 UNPAID_DELIVERY. */
  entregarConSaldo: z.boolean({ error: "entregarConSaldo debe ser verdadero o falso" }).optional(),
  recibidoPor: zPersonName({ min: 1, max: RECEIVER_NAME_MAX, required: RECEIVER_REQUIRED, tooLong: RECEIVER_TOO_LONG }),
  photos: ZPhotoNamesSchema.optional().default([]),
  signature: ZPhotoNamesSchema.element.optional(),
  notas: zText({ multiline: true })
    .pipe(z.string().max(DELIVERY_NOTES_MAX, DELIVERY_NOTES_TOO_LONG))
    .optional()
    .transform((v) => v || undefined),
});

export const ZDeliveryResponseSchema = z.object({
  trackingId: z.number().int(),
  recibidoPor: z.string(),
  deliveredAt: z.string(),
  photoUrl: z.string().nullable(),
  signatureUrl: z.string().nullable(),
});
export type TDeliveryResponse = z.infer<typeof ZDeliveryResponseSchema>;

export const ZPickupRequestSchema = z.object({ retiroOficina: z.boolean({ error: PICKUP_INVALID }) });

// --- The Mensajero's delivery list (issue 32 item 7, docs/decisions/161) ---

export const ASSIGN_MESSENGER_INVALID = "Elige un mensajero de la lista";
export const ASSIGN_NOT_MESSENGER = "Esa cuenta no es de un mensajero activo";
export const ASSIGN_NOT_READY = "Solo se asigna a un mensajero un paquete en «Listo para entregar»";
export const ASSIGN_PICKUP = "El cliente retira este paquete en la oficina: no va en la lista de un mensajero";

/** PUT /api/admin/deliveries/{id}/messenger (office staff): put the package on a messenger's list, or take it off (null). */
export const ZAssignMessengerRequestSchema = z.object({
  messengerId: z.number({ error: ASSIGN_MESSENGER_INVALID }).int(ASSIGN_MESSENGER_INVALID).positive(ASSIGN_MESSENGER_INVALID).max(2_147_483_647, ASSIGN_MESSENGER_INVALID).nullable(),
});
export const ZAssignMessengerResponseSchema = z.object({ mensajero: z.object({ id: z.number().int(), name: z.string() }).nullable() });

/** GET /api/admin/messengers (office staff): the enabled Mensajero accounts, for the list's select. */
export const ZMessengersResponseSchema = z.object({ messengers: z.array(z.object({ id: z.number().int(), name: z.string() })) });
export type TMessengers = z.infer<typeof ZMessengersResponseSchema>;

/**
 * GET /api/admin/delivery-list (the Mensajero): the packages on the caller's own list, with only
 * what a delivery needs: who, where, the phone and the balance to collect. No client code (it opens
 * the client's portal), no total or payments, no other package.
 */
export const ZMessengerPackageSchema = z.object({
  id: z.number().int(),
  trackingCode: z.string(),
  descripcionPaquete: z.string().nullable(),
  clientName: z.string(),
  direccion: z.string(),
  telefono: z.string(),
  /** The stored balance (≤ 0 = paid): what to collect at the door. */
  saldoColones: z.number().int(),
  assignedAt: z.string(),
});
export type TMessengerPackage = z.infer<typeof ZMessengerPackageSchema>;
export const ZMessengerListResponseSchema = z.object({ packages: z.array(ZMessengerPackageSchema) });

export const MESSENGER_LIST_TITLE = "Mi lista de entregas";
export const MESSENGER_LIST_EMPTY = "No tienes paquetes asignados. La oficina te asigna los paquetes de tu ruta.";
export const MESSENGER_LIST_LOAD_FAILED = "No se pudo cargar tu lista de entregas";
export const MESSENGER_LABEL = "Mensajero";
export const MESSENGER_NONE = "Sin asignar";
export const ASSIGN_FAILED = "No se pudo cambiar el mensajero";
export const MESSENGERS_LOAD_FAILED = "No se pudieron cargar los mensajeros";

/** What the messenger reads on a package: the balance to collect, or that it is paid. */
export function collectLabel(saldoColones: number): string {
  return saldoColones > 0 ? `Cobrar ${formatColones(saldoColones)}` : "Pagado";
}

// --- The section's texts ---
export const DELIVERIES_TITLE = "Entregas";
export const DELIVERIES_LOAD_FAILED = "No se pudieron cargar las entregas";
export const DELIVERIES_EMPTY = "No hay paquetes listos para entregar";
export const DELIVERIES_SCAN_LABEL = "Buscar paquete para entregar";
export const DELIVERIES_SCAN_NONE = "Ningún paquete listo para entregar coincide con ese código";
export const DELIVER_BUTTON = "Entregar";
export const DELIVER_CONFIRM = "Confirmar entrega";
export const DELIVER_FAILED = "No se pudo registrar la entrega";
export const RECEIVER_LABEL = "¿Quién lo recibió?";
export const DELIVERY_PHOTO_LABEL = "Foto de la entrega";
export const DELIVERY_NOTES_LABEL = "Notas";
export const SIGNATURE_TITLE = "Firma de quien recibe";
export const SIGNATURE_LABEL = "Área de firma: quien recibe firma con el dedo. Es opcional; el nombre escrito queda como registro.";
export const SIGNATURE_CLEAR = "Borrar firma";
export const PICKUP_LABEL = "Retira en oficina";
export const PICKUP_FAILED = "No se pudo cambiar el retiro en oficina";
export const ZONE_LOAD_FAILED = "No se pudieron cargar los paquetes de la zona";

export function deliveredToast(recibidoPor: string): string {
  return `Entregado a ${recibidoPor}`;
}

export function notReadyScanMessage(trackingCode: string, estadoLabel: string): string {
  return `${trackingCode}: está en «${estadoLabel}», todavía no se puede entregar`;
}

// --- The contract (issue 33 item 3) ---

/** GET /api/admin/deliveries (every staff role): the ready packages by zone. */
export const DELIVERIES_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/deliveries",
  tag: "deliveries",
  summary: "Los paquetes listos para entregar, por zona (una zona entera con ?zona=, o una búsqueda con ?q=)",
  query: ZDeliveriesQuerySchema,
  responses: { 200: ZDeliveriesResponseSchema },
});

/** GET /api/admin/deliveries/scan?code= (every staff role): the scanned package. */
export const DELIVERY_SCAN_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/deliveries/scan",
  tag: "deliveries",
  summary: "El paquete escaneado: listo para entregar o, si no, en qué estado está",
  query: ZDeliveryScanQuerySchema,
  responses: { 200: ZDeliveryScanResponseSchema },
});

/** POST /api/admin/deliveries/{id} (dueño, oficina, mensajero): deliver with proof. */
export const DELIVER_ROUTE = defineRoute({
  method: "POST",
  path: "/api/admin/deliveries/:id",
  tag: "deliveries",
  summary: "Entrega un paquete con su prueba: quién recibió, foto, firma y notas",
  params: ZTrackingIdParamsSchema,
  body: ZDeliverRequestSchema,
  responses: { 200: ZDeliveryResponseSchema },
});

/** GET /api/admin/delivery-list (the Mensajero): the packages on the caller's own list. */
export const MESSENGER_LIST_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/delivery-list",
  tag: "deliveries",
  summary: "La lista de entregas del mensajero que llama",
  responses: { 200: ZMessengerListResponseSchema },
});

/** GET /api/admin/messengers (office staff): the enabled Mensajero accounts. */
export const MESSENGERS_ROUTE = defineRoute({
  method: "GET",
  path: "/api/admin/messengers",
  tag: "deliveries",
  summary: "Las cuentas de mensajero activas, por nombre",
  responses: { 200: ZMessengersResponseSchema },
});

/** PUT /api/admin/deliveries/{id}/messenger (office staff): put the package on a messenger's list, or take it off. */
export const ASSIGN_MESSENGER_ROUTE = defineRoute({
  method: "PUT",
  path: "/api/admin/deliveries/:id/messenger",
  tag: "deliveries",
  summary: "Asigna el paquete a la lista de un mensajero (o lo quita con null)",
  params: ZTrackingIdParamsSchema,
  body: ZAssignMessengerRequestSchema,
  responses: { 200: ZAssignMessengerResponseSchema },
});

/** PATCH /api/admin/deliveries/{id}/pickup (office staff): the client picks it up at the office, or not. */
export const OFFICE_PICKUP_ROUTE = defineRoute({
  method: "PATCH",
  path: "/api/admin/deliveries/:id/pickup",
  tag: "deliveries",
  summary: "Marca o desmarca «Retira en oficina»",
  params: ZTrackingIdParamsSchema,
  body: ZPickupRequestSchema,
  responses: { 200: ZPickupRequestSchema },
});
