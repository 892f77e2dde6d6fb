// What a package costs the client and what they have paid (issue 21, docs/decisions/134).
//
// A package's charge is its lines: the freight (the stored amount, computed by the one pricing
// rule, pricing.ts computeMontoColones), the coupon discount on that freight (the percent the
// delivery rules stored), and the extra lines staff add (customs taxes paid for the client,
// delivery outside the free zone, storage, other). The total is their sum, never below zero.
//
// The database stores the discount and the total as generated columns of client_trackings with
// exactly this rule (db/schema.ts CHARGE_SQL), so whatever path changes the amount, the coupon or
// the extra lines, the stored total follows; every screen, export, message and receipt shows the
// stored numbers. charges.test.ts proves this function and the database agree.
import { roundColones } from "./pricing";
import type { TrackingStatus } from "./statuses";

/** The statuses from which a package's balance is collectable (cobrable_at; Cuentas por cobrar ages debts from there). */
export const COLLECTABLE_STATUSES: readonly TrackingStatus[] = ["LISTO_PARA_ENTREGAR", "ENTREGADO"];

/** The extra lines staff may add to a package, with their Spanish names. */
export const EXTRA_CHARGE_KINDS = ["IMPUESTOS", "ENTREGA", "ALMACENAJE", "OTRO"] as const;
export type ExtraChargeKind = (typeof EXTRA_CHARGE_KINDS)[number];
export const EXTRA_CHARGE_LABELS: Record<ExtraChargeKind, string> = {
  IMPUESTOS: "Impuestos de aduana",
  ENTREGA: "Entrega fuera de zona",
  ALMACENAJE: "Almacenaje",
  OTRO: "Otro cargo",
};

/** Every line kind a charge shows (the freight and the discount come from the package itself). */
export const CHARGE_LINE_KINDS = ["FLETE", "DESCUENTO", ...EXTRA_CHARGE_KINDS] as const;
export type ChargeLineKind = (typeof CHARGE_LINE_KINDS)[number];

/** How a client pays (the methods a payment records). */
export const PAYMENT_METHODS = ["SINPE_MOVIL", "EFECTIVO", "TARJETA", "TRANSFERENCIA"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  SINPE_MOVIL: "SINPE Móvil",
  EFECTIVO: "Efectivo",
  TARJETA: "Tarjeta",
  TRANSFERENCIA: "Transferencia",
};
/** The methods whose reference is required and unique among payments not reversed. */
export const METHODS_WITH_UNIQUE_REFERENCE: readonly PaymentMethod[] = ["SINPE_MOVIL"];

/** A client's receipt photo (comprobante) as staff review it. */
export const PAYMENT_PROOF_STATUSES = ["PENDIENTE", "CONFIRMADO", "RECHAZADO"] as const;
export type PaymentProofStatus = (typeof PAYMENT_PROOF_STATUSES)[number];
export const PAYMENT_PROOF_STATUS_LABELS: Record<PaymentProofStatus, string> = {
  PENDIENTE: "En revisión",
  CONFIRMADO: "Confirmado",
  RECHAZADO: "Rechazado",
};

/** The largest extra line or payment, in colones (₡100 000 000: far above any package). */
export const CHARGE_COLONES_MAX = 100_000_000;

export interface ChargeInput {
  /** The freight: the stored amount (null: not priced yet). */
  montoColones: number | null;
  /** The coupon's percent the delivery rules stored (null or 0: none). */
  discountPercent: number | null;
  /** The extra lines' amounts, each a positive whole number of colones. */
  extras: readonly number[];
}

/** The coupon's discount on the freight, in whole colones. */
export function couponDiscountColones(montoColones: number | null, discountPercent: number | null): number {
  if (!montoColones || !discountPercent || discountPercent <= 0) return 0;
  return roundColones((montoColones * discountPercent) / 100);
}

/** The total of a package's lines; null while it has neither freight nor extra lines. */
export function chargeTotal(input: ChargeInput): number | null {
  const extras = input.extras.reduce((sum, amount) => sum + amount, 0);
  if (input.montoColones === null && extras === 0) return null;
  const freight = input.montoColones ?? 0;
  return Math.max(0, freight - couponDiscountColones(input.montoColones, input.discountPercent) + extras);
}

/** What the client still owes on a package (negative: paid more than the total). */
export function balanceOf(totalColones: number | null, pagadoColones: number): number {
  return (totalColones ?? 0) - pagadoColones;
}

export interface ChargeLine {
  kind: ChargeLineKind;
  description: string;
  /** Colones; the discount is negative. */
  amountColones: number;
}

/** The lines a charge shows, from stored values: freight, discount (when any), extras in order. */
export function chargeLines(stored: {
  montoColones: number | null;
  discountPercent: number | null;
  descuentoColones: number;
  extras: readonly { kind: ExtraChargeKind; description: string; amountColones: number }[];
}): ChargeLine[] {
  const lines: ChargeLine[] = [];
  if (stored.montoColones !== null) lines.push({ kind: "FLETE", description: "Flete", amountColones: stored.montoColones });
  if (stored.descuentoColones > 0) {
    lines.push({ kind: "DESCUENTO", description: `Cupón ${stored.discountPercent ?? 0} %`, amountColones: -stored.descuentoColones });
  }
  for (const extra of stored.extras) lines.push({ kind: extra.kind, description: extra.description, amountColones: extra.amountColones });
  return lines;
}
