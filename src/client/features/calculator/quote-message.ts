// The WhatsApp quote the calculator opens (public-site §2, §7): mode, weight or sizes, the cost
// in dollars and colones and the delivery time, prefilled for the visitor to send.

import { formatColones, formatQuantity, formatUsd, formatUsdRate } from "../../../shared/domain/format";
import { AIR_RATE_TIERS, airCostUsd, airRatePerGram, SHIPPING_MODE_INFO, type ShipmentQuote } from "../../../shared/domain/pricing";
import type { ShipmentReading } from "./shipment-form";
import { volumetricChargeText } from "../../../shared/api/declared";

const grouped = { format: (n: number) => formatQuantity(n, 1) };

export function formatGrams(grams: number): string {
  return `${grouped.format(grams)} g`;
}

export function formatCubicFeet(feet: number): string {
  return `${formatQuantity(feet)} pies³`;
}

/**
 * The rate per gram that applies, and, when the next tier's first gram would cost less in total
 * than this weight, why: the rate per gram falls with the weight (decision 205).
 */
export function airTierText(grams: number): string {
  const rate = airRatePerGram(grams);
  const here = `Tarifa: ${usdPerGram(rate)} por gramo`;
  const next = AIR_RATE_TIERS.find((tier) => grams < tier.belowGrams);
  if (!next || !Number.isFinite(next.belowGrams)) return `${here}.`;
  const threshold = next.belowGrams;
  if (airCostUsd(threshold) >= airCostUsd(grams)) return `${here}.`;
  return `${here}. Desde ${formatGrams(threshold)} la tarifa baja a ${usdPerGram(airRatePerGram(threshold))} por gramo: ${formatGrams(threshold)} cuestan ${formatUsd(airCostUsd(threshold))}, menos que este peso.`;
}

function usdPerGram(rate: number): string {
  return formatUsdRate(rate);
}

export interface QuoteMessageInput {
  brandName: string;
  reading: ShipmentReading;
  rate: number;
}

export function quoteMessage({ brandName, reading, rate }: QuoteMessageInput): string {
  const quote: ShipmentQuote = reading.quote;
  const info = SHIPPING_MODE_INFO[quote.mode];
  const lines = [`Hola ${brandName}, quiero cotizar un envío:`, `• Modalidad: ${info.label}`];
  if (reading.grams !== null) lines.push(`• Peso: ${formatGrams(reading.grams)}`);
  if (info.pricedBy === "volume") {
    const { largo, ancho, alto } = reading.sizes;
    lines.push(`• Medidas: ${grouped.format(largo ?? 0)} × ${grouped.format(ancho ?? 0)} × ${grouped.format(alto ?? 0)} cm (${formatCubicFeet(quote.cubicFeet ?? 0)})`);
  } else if (quote.charged?.volumetric) {
    const { largo, ancho, alto } = reading.sizes;
    lines.push(`• Medidas: ${grouped.format(largo ?? 0)} × ${grouped.format(ancho ?? 0)} × ${grouped.format(alto ?? 0)} cm (${volumetricChargeText(quote.charged.grams)})`);
  }
  lines.push(
    `• Costo estimado: ${formatUsd(quote.usd)} (${formatColones(quote.crc)})`,
    `• Tipo de cambio: ${formatColones(rate)} por dólar`,
    `• Tiempo de entrega: ${quote.deliveryTime}`,
  );
  return lines.join("\n");
}
