// The calculator's info box (public-site §2, §9): how each mode is charged, how long it takes,
// and what every price includes, read from the shared rules so the box never disagrees with
// the numbers above it.

import { Info } from "lucide-react";
import { AIR_RATE_TIERS, CUBIC_CM_PER_CUBIC_FOOT, SEA_USD_PER_CUBIC_FOOT, SHIPPING_MODE_INFO } from "../../../shared/domain/pricing";
import { FREE_STORAGE_DAYS, INSURANCE_COVERAGE_USD, PROHIBITED_GOODS } from "../../../shared/domain/policies";
import { Card } from "../../components/ui/card";
import { brand } from "../../lib/brand";
import { formatQuantity, formatUsd, formatUsdRate } from "../../../shared/domain/format";

const grams = { format: (n: number) => formatQuantity(n, 3) };

function airTierLabel(index: number): string {
  const tier = AIR_RATE_TIERS[index];
  const from = index === 0 ? 0 : AIR_RATE_TIERS[index - 1].belowGrams;
  if (!Number.isFinite(tier.belowGrams)) return `${grams.format(from)} g o más`;
  if (from === 0) return `Hasta ${grams.format(tier.belowGrams - 1)} g`;
  return `De ${grams.format(from)} a ${grams.format(tier.belowGrams - 1)} g`;
}

export function RateInfo() {
  return (
    <Card className="p-5 sm:p-8">
      <section aria-labelledby="tarifas-info-titulo">
        <h2 id="tarifas-info-titulo" className="flex items-center gap-2 text-lg font-semibold text-ink">
          <Info className="h-5 w-5 text-primary" aria-hidden="true" />
          Cómo calculamos tu envío
        </h2>

        <h3 className="mt-5 text-sm font-semibold text-ink">Aéreo desde Miami · {SHIPPING_MODE_INFO.aereo.deliveryTime}</h3>
        <table className="mt-2 w-full text-sm">
          <caption className="sr-only">Tarifa aérea por gramo según el peso</caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col" className="py-1 font-medium">
                Peso
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Por gramo
              </th>
            </tr>
          </thead>
          <tbody>
            {AIR_RATE_TIERS.map((tier, index) => (
              <tr key={tier.usdPerGram} className="border-t border-slate-100">
                <td className="py-1.5 text-ink">{airTierLabel(index)}</td>
                <td className="py-1.5 text-right font-semibold text-ink">{formatUsdRate(tier.usdPerGram)}</td>
              </tr>
            ))}
          </tbody>
        </table>

        <h3 className="mt-5 text-sm font-semibold text-ink">Marítimo desde Miami o China</h3>
        <p className="mt-1 text-sm text-muted">
          {formatUsd(SEA_USD_PER_CUBIC_FOOT)} por pie cúbico. El volumen es largo × ancho × alto en centímetros dividido entre{" "}
          {grams.format(CUBIC_CM_PER_CUBIC_FOOT)}, redondeado hacia arriba al pie cúbico entero; el peso no cambia el precio.
          Miami: {SHIPPING_MODE_INFO.maritimo.deliveryTime}. China: {SHIPPING_MODE_INFO["maritimo-china"].deliveryTime}.
        </p>

        <ul className="mt-5 list-disc space-y-1.5 pl-5 text-sm text-muted">
          <li>Los precios incluyen manejo, consolidación y asesoría personalizada.</li>
          <li>Seguro básico incluido hasta ${INSURANCE_COVERAGE_USD} en todos los envíos.</li>
          <li>Almacenamiento y consolidación gratis hasta {FREE_STORAGE_DAYS} días.</li>
          <li>
            Entrega gratis en {brand.city} y en nuestra oficina; al resto del país se suma un costo según la distancia.
          </li>
          <li>Los colones se calculan con el tipo de cambio del día. El monto final se confirma al recibir y pesar tu paquete.</li>
          <li>No transportamos: {PROHIBITED_GOODS.join(", ").toLowerCase()}.</li>
        </ul>
      </section>
    </Card>
  );
}
