// 'Calcular Tarifa' (public-site §2, §9): the mode, the weight and the sizes; the cost in dollars
// and colones and the delivery time follow every keystroke, and the WhatsApp button sends the
// quote once there is a weight and a cost.

import { forwardRef } from "react";
import { MessageCircle, Plane, Ship } from "lucide-react";
import { formatColones, formatDateTime, formatUsd } from "../../../shared/domain/format";
import { SHIPPING_MODE_INFO, SHIPPING_MODES, volumetricRuleFrom, type ShippingMode } from "../../../shared/domain/pricing";
import { volumetricChargeText } from "../../../shared/api/declared";
import { whatsappChatLink } from "../../../shared/domain/phone";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Select } from "../../components/ui/select";
import { brand } from "../../lib/brand";
import { cn } from "../../lib/cn";
import type { ExchangeRateState } from "../../lib/use-exchange-rate";
import { airTierText, formatCubicFeet, formatGrams, quoteMessage } from "./quote-message";
import { ImportTaxEstimate } from "./import-tax-estimate";
import { readShipment, WEIGHT_UNIT_LABELS, WEIGHT_UNITS, type ShipmentForm, type SizeField, type WeightUnit } from "./shipment-form";

const MODE_LABELS: Record<ShippingMode, string> = {
  aereo: "Aéreo",
  maritimo: "Marítimo Miami",
  "maritimo-china": "Marítimo China",
};

const SIZE_FIELDS: { field: SizeField; label: string; placeholder: string }[] = [
  { field: "largo", label: "Largo (cm)", placeholder: "50" },
  { field: "ancho", label: "Ancho (cm)", placeholder: "40" },
  { field: "alto", label: "Alto (cm)", placeholder: "30" },
];

export interface CalculatorProps {
  form: ShipmentForm;
  exchangeRate: ExchangeRateState;
}

/** The business's volumetric rule for air (docs/decisions/159), carried by the page's brand; null: off. */
const VOLUMETRIC = volumetricRuleFrom(brand.pricing.volumetricDivisorCm3PerKg);

export const Calculator = forwardRef<HTMLElement, CalculatorProps>(function Calculator({ form, exchangeRate }, ref) {
  const { values, setField, setMode, setUnit } = form;
  const reading = readShipment(values, exchangeRate.rate, VOLUMETRIC);
  const { quote } = reading;
  const info = SHIPPING_MODE_INFO[values.mode];
  const bySea = info.pricedBy === "volume";
  // By air the sizes count only with the volumetric rule on: the greater weight is charged.
  const showSizes = bySea || VOLUMETRIC !== null;

  const openQuote = () => {
    const text = quoteMessage({ brandName: brand.name, reading, rate: exchangeRate.rate });
    window.open(whatsappChatLink(brand.whatsapp, text), "_blank", "noopener,noreferrer");
  };

  return (
    <Card className="p-5 sm:p-8">
      <section ref={ref} aria-labelledby="calculadora-titulo" tabIndex={-1} className="outline-none">
        <h2 id="calculadora-titulo" className="text-xl font-semibold text-ink">
          Calcular Tarifa
        </h2>
        <p className="mt-1 text-sm text-muted">El resultado se actualiza mientras escribes.</p>

        <fieldset className="mt-6">
          <legend className="text-sm font-medium text-ink">Tipo de envío</legend>
          <div className="mt-2 grid grid-cols-3 gap-1 rounded-lg bg-primary-soft p-1">
            {SHIPPING_MODES.map((mode) => {
              const Icon = mode === "aereo" ? Plane : Ship;
              return (
                <label
                  key={mode}
                  className={cn(
                    "flex cursor-pointer flex-col items-center justify-center gap-1 rounded-md px-2 py-2 text-center text-sm font-semibold text-primary sm:flex-row",
                    "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary",
                    values.mode === mode ? "bg-white text-ink shadow-sm" : "hover:bg-white/60",
                  )}
                >
                  <input
                    type="radio"
                    name="modalidad"
                    value={mode}
                    checked={values.mode === mode}
                    onChange={() => setMode(mode)}
                    className="sr-only"
                  />
                  <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                  {MODE_LABELS[mode]}
                </label>
              );
            })}
          </div>
        </fieldset>

        <div className="mt-6 grid gap-5">
          <div className="grid grid-cols-[1fr_auto] items-start gap-3">
            <FormField
              id="calculadora-peso"
              label="Peso"
              error={reading.errors.weight}
              hint={
                bySea
                  ? "Opcional: el marítimo no cobra por peso; si lo pones, va en tu cotización por WhatsApp."
                  : "Se cobra por gramo: 1 kg = 1 000 g; 1 lb ≈ 454 g."
              }
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={values.unit === "g" ? "1500" : "1,5"}
                  value={values.weight}
                  onChange={(event) => setField("weight", event.target.value)}
                />
              )}
            </FormField>
            <FormField id="calculadora-unidad" label="Unidad">
              {(control) => (
                <Select {...control} value={values.unit} onChange={(event) => setUnit(event.target.value as WeightUnit)}>
                  {WEIGHT_UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {WEIGHT_UNIT_LABELS[unit]}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          </div>

          {showSizes ? (
            <fieldset>
              <legend className="text-sm font-medium text-ink">
                {bySea ? "Medidas del paquete" : `Medidas del paquete (se cobra el mayor entre el peso real y el volumétrico: largo × ancho × alto / ${VOLUMETRIC?.divisorCm3PerKg ?? ""})`}
              </legend>
              <div className="mt-1.5 grid grid-cols-3 gap-3">
                {SIZE_FIELDS.map(({ field, label, placeholder }) => (
                  <FormField key={field} id={`calculadora-${field}`} label={label} error={reading.errors[field]}>
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder={placeholder}
                        value={values[field]}
                        onChange={(event) => setField(field, event.target.value)}
                      />
                    )}
                  </FormField>
                ))}
              </div>
            </fieldset>
          ) : null}
        </div>

        <div className="mt-6 rounded-lg bg-primary-soft p-4 sm:p-5" aria-live="polite">
          <h3 className="text-sm font-semibold text-primary">Costo estimado · {info.label}</h3>
          <dl className="mt-3 grid gap-3 sm:grid-cols-2">
            {bySea ? (
              <div>
                <dt className="text-sm text-muted">Volumen</dt>
                <dd className="text-lg font-semibold text-ink" data-testid="calculadora-volumen">
                  {formatCubicFeet(quote.cubicFeet ?? 0)}
                </dd>
              </div>
            ) : (
              <div>
                <dt className="text-sm text-muted">Peso</dt>
                <dd className="text-lg font-semibold text-ink">{reading.grams !== null ? formatGrams(reading.grams) : "—"}</dd>
                {quote.charged && quote.charged.grams > 0 ? (
                  <dd className="text-sm text-muted" data-testid="calculadora-tarifa">
                    {airTierText(quote.charged.grams)}
                  </dd>
                ) : null}
                {quote.charged?.volumetric ? (
                  <dd className="text-sm font-medium text-ink" data-testid="calculadora-peso-cobrado">
                    {volumetricChargeText(quote.charged.grams)}
                  </dd>
                ) : null}
              </div>
            )}
            <div>
              <dt className="text-sm text-muted">Tiempo de entrega</dt>
              <dd className="text-lg font-semibold text-ink">{quote.deliveryTime}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted">En dólares</dt>
              <dd className="text-2xl font-bold text-ink" data-testid="calculadora-usd">
                {formatUsd(quote.usd)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted">En colones</dt>
              <dd className="text-2xl font-bold text-primary" data-testid="calculadora-crc">
                {formatColones(quote.crc)}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-xs text-muted" data-testid="calculadora-tipo-cambio">
            Tipo de cambio: {formatColones(exchangeRate.rate)} por dólar
            {exchangeRate.lastUpdated ? ` · actualizado ${formatDateTime(exchangeRate.lastUpdated)}` : ""}
          </p>
        </div>

        <ImportTaxEstimate freightUsd={quote.usd} rate={exchangeRate.rate} />

        <Button type="button" variant="whatsapp" size="lg" className="mt-6 w-full" disabled={!reading.canQuote} onClick={openQuote}>
          <MessageCircle className="h-5 w-5" aria-hidden="true" />
          Cotizar por WhatsApp
        </Button>
        {!reading.canQuote ? (
          <p className="mt-2 text-center text-sm text-muted">
            {bySea ? "Ingresa las medidas para cotizar por WhatsApp." : "Ingresa el peso para cotizar por WhatsApp."}
          </p>
        ) : null}
      </section>
    </Card>
  );
});
