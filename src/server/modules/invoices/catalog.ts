// What each charge kind is to Hacienda (issue 34, decision 186): its CABYS code, its IVA rate and
// unit. Freight, storage, delivery and other charges are SERVICES we sell; customs taxes paid for
// the client are not a sale of ours but a reimbursement, written as OtrosCargos 04 ("cobro de un
// tercero", the customs payee) without IVA. The defaults below are overridden per kind by
// HACIENDA_CHARGE_CODES; the owner's accountant confirms them before invoicing is switched on.
import type { ChargeLine } from "../../../shared/domain/charges";
import type { InvoiceChargeCode, InvoiceChargeKind, InvoicingConfig } from "../../config";
import { InvoiceDataError, type LineInput, type OtherChargeInput } from "./document";

type OnConfig = Extract<InvoicingConfig, { state: "on" }>;

/**
 * Defaults (docs/operations.md lists them): CABYS codes of the CPC 2.1 classes the services
 * fall in, IVA general 13 % (tarifa 08), unit "Os" (otros servicios).
 * - FLETE: 6812000000000, courier services (CPC 68120)
 * - ALMACENAJE: 6729000000000, other storage and warehousing (CPC 67290)
 * - ENTREGA: 6813000000000, local delivery (CPC 68130)
 * - OTRO: 6812000000000, as freight
 */
export const DEFAULT_CHARGE_CODES: Record<InvoiceChargeKind, Required<InvoiceChargeCode>> = {
  FLETE: { cabys: "6812000000000", taxRateCode: "08", taxPercent: 13, unit: "Os" },
  ALMACENAJE: { cabys: "6729000000000", taxRateCode: "08", taxPercent: 13, unit: "Os" },
  ENTREGA: { cabys: "6813000000000", taxRateCode: "08", taxPercent: 13, unit: "Os" },
  OTRO: { cabys: "6812000000000", taxRateCode: "08", taxPercent: 13, unit: "Os" },
};

/** CodigoDescuento of a coupon: 06 descuento promocional. */
const COUPON_DISCOUNT_CODE = "06";
/** TipoDocumentoOC of a reimbursed customs tax: 04 cobro de un tercero. */
const THIRD_PARTY_CHARGE = "04";
/** OtrosCargos the schema allows. */
const MAX_OTHER_CHARGES = 15;
const SCALE = 100_000n;

export function chargeCodes(overrides: OnConfig["chargeCodes"]): Record<InvoiceChargeKind, Required<InvoiceChargeCode>> {
  const merged = { ...DEFAULT_CHARGE_CODES };
  for (const [kind, code] of Object.entries(overrides) as [InvoiceChargeKind, InvoiceChargeCode][]) {
    merged[kind] = { ...code, unit: code.unit ?? DEFAULT_CHARGE_CODES[kind].unit };
  }
  return merged;
}

/**
 * The price without IVA of an amount that includes it, in colones with 5 decimals: the one for
 * which price + IVA(price), each rounded to 5 decimals as the schema wants, gives the amount back
 * exactly; when no 5-decimal price does (the IVA's rounding skips that total), the highest one
 * that stays below it, so a comprobante never says more than the client paid (at most ₡0.00001
 * less per line; decision 186).
 */
export function priceWithoutTax(amountColones: number, taxPercent: number): number {
  const amount = BigInt(Math.round(amountColones)) * SCALE;
  const rate = BigInt(Math.round(taxPercent * 100));
  const taxOf = (base: bigint) => (2n * base * rate + 10_000n) / 20_000n;
  const estimate = (2n * amount * 10_000n + (10_000n + rate)) / (2n * (10_000n + rate));
  let best = 0n;
  for (const delta of [-2n, -1n, 0n, 1n, 2n]) {
    const base = estimate + delta;
    if (base < 0n) continue;
    const total = base + taxOf(base);
    if (total === amount) return Number(base) / Number(SCALE);
    if (total < amount && base > best) best = base;
  }
  return Number(best) / Number(SCALE);
}

/** A package's charge lines as chargeLines() gives them (shared/domain/charges.ts). */
export interface PackageCharges {
  trackingCode: string;
  lines: readonly ChargeLine[];
}

/**
 * The comprobante's lines for the packages a payment covers: one line per freight (with its
 * coupon as the line's discount), storage, delivery and other charge; customs taxes as other
 * charges (one per package, or one for all when there are more than the schema allows).
 */
export function documentLines(packages: readonly PackageCharges[], config: Pick<OnConfig, "chargeCodes" | "customsPayee" | "pricesIncludeTax">): {
  lines: LineInput[];
  otherCharges: OtherChargeInput[];
} {
  const codes = chargeCodes(config.chargeCodes);
  const lines: LineInput[] = [];
  const customs: { trackingCode: string; amount: number }[] = [];
  for (const pkg of packages) {
    const discount = -pkg.lines.filter((l) => l.kind === "DESCUENTO").reduce((sum, l) => sum + l.amountColones, 0);
    for (const line of pkg.lines) {
      if (line.kind === "DESCUENTO") continue;
      if (line.kind === "IMPUESTOS") {
        customs.push({ trackingCode: pkg.trackingCode, amount: line.amountColones });
        continue;
      }
      const code = codes[line.kind];
      const lineDiscount = line.kind === "FLETE" ? Math.min(discount, line.amountColones) : 0;
      let price = line.amountColones;
      let discountAmount = lineDiscount;
      if (config.pricesIncludeTax && code.taxPercent > 0) {
        // Split the IVA out of what the client pays (net of the coupon), exactly.
        price = priceWithoutTax(line.amountColones, code.taxPercent);
        discountAmount = lineDiscount > 0 ? Number((price - priceWithoutTax(line.amountColones - lineDiscount, code.taxPercent)).toFixed(5)) : 0;
      }
      lines.push({
        cabys: code.cabys,
        quantity: 1,
        unit: code.unit,
        nature: "SERVICE",
        description: `${line.description} · paquete ${pkg.trackingCode}`,
        unitPriceColones: price,
        ...(discountAmount > 0 ? { discount: { amountColones: discountAmount, code: COUPON_DISCOUNT_CODE, nature: "Cupón de descuento" } } : {}),
        tax: { code: "01", rateCode: code.taxRateCode, ratePercent: code.taxPercent },
      });
    }
  }
  if (lines.length === 0) throw new InvoiceDataError("El pago no cubre ningún servicio facturable.");
  const payee = config.customsPayee;
  const charge = (detail: string, amount: number): OtherChargeInput => ({ type: THIRD_PARTY_CHARGE, thirdParty: payee, detail, amountColones: amount });
  const otherCharges =
    customs.length <= MAX_OTHER_CHARGES
      ? customs.map((c) => charge(`Impuestos de aduana pagados por cuenta del cliente · paquete ${c.trackingCode}`, c.amount))
      : [charge(`Impuestos de aduana pagados por cuenta del cliente · ${customs.length} paquetes`, customs.reduce((s, c) => s + c.amount, 0))];
  return { lines, otherCharges };
}
