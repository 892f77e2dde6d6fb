// What the warehouse measured becomes the package's billing measure (docs/decisions/114, 128):
// grams for AVION, whole cubic feet from the three measures for BARCO. Receiving and the Sin
// dueño claim both use this one rule.
import { cubicFeetFromCm } from "../../../shared/domain/pricing";
import type { ShippingType } from "../../../shared/domain/statuses";

export interface MeasuredPackage {
  pesoGramos: number | null;
  largoCm: number | null;
  anchoCm: number | null;
  altoCm: number | null;
}

/** Cubic feet from the three measures (rounded up, as charged); null without all three. */
export function pieCubicosOf(m: MeasuredPackage): number | null {
  if (m.largoCm === null || m.anchoCm === null || m.altoCm === null) return null;
  return cubicFeetFromCm(m.largoCm, m.anchoCm, m.altoCm) || null;
}

/** The billing measure as stored in pesoPieCubicos, or null when the needed measure is missing. */
export function billingMeasure(formaEnvio: ShippingType, m: MeasuredPackage): string | null {
  if (formaEnvio === "AVION") return m.pesoGramos === null ? null : String(m.pesoGramos);
  const feet = pieCubicosOf(m);
  return feet === null ? null : String(feet);
}
