// The warehouse's states and codes (issue 20): receiving, Sin dueño, shipments (embarques),
// photos and deliveries. Shared by the database checks, the server rules and the back office.

/** Shipment (embarque) states: packages are added while ABIERTO; closing produces the manifest. */
export const SHIPMENT_STATES = ["ABIERTO", "CERRADO"] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];
export const SHIPMENT_STATE_LABELS: Record<ShipmentState, string> = { ABIERTO: "Abierto", CERRADO: "Cerrado" };

/**
 * A proposed match between a Sin dueño row and a client's pre-alert of its number (issue 32,
 * docs/decisions/155): PENDIENTE until staff decide; CONFIRMADA joins the package to the row;
 * RECHAZADA leaves both as they were; DESCARTADA when the row went to another package (another
 * proposal confirmed, or staff's assign) or the client changed the number.
 */
export const MATCH_STATES = ["PENDIENTE", "CONFIRMADA", "RECHAZADA", "DESCARTADA"] as const;
export type MatchState = (typeof MATCH_STATES)[number];

/**
 * What a package photo shows: LLEGADA (the package on arrival), ETIQUETA (the carrier's label, for
 * Sin dueño), ENTREGA (the delivery), FIRMA (the receiver's signature drawn on the phone, PNG).
 */
export const PHOTO_KINDS = ["LLEGADA", "ETIQUETA", "ENTREGA", "FIRMA"] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

/** Our own label's barcode: EIP and the package id, 7 digits or more (never a carrier's shape). */
const LABEL_CODE_PREFIX = "EIP";
const LABEL_CODE_PATTERN = /^EIP(\d{7,})$/;

export function packageLabelCode(trackingId: number): string {
  return `${LABEL_CODE_PREFIX}${String(trackingId).padStart(7, "0")}`;
}

/** The package id our label's barcode carries, or null when the text is not one of our labels. */
export function parsePackageLabelCode(text: string): number | null {
  const match = LABEL_CODE_PATTERN.exec(text.trim().toUpperCase());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
