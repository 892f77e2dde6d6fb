// The calculator's state (public-site §2, §9): the chosen mode and the weight and sizes as
// typed. Every change recomputes the quote from the shared pricing rules; nothing is stored.
// Each field is read with the shared shipment schemas, which also bound what a courier ships.

import { useCallback, useState } from "react";
import type { TProductAnalysis } from "../../../shared/api/product-analysis";
import { SHIPMENT_NUMBER_INVALID, ZShipmentGramsSchema, ZTypedShipmentSchemas } from "../../../shared/api/shipment";
import {
  parseDecimalInput,
  quoteShipment,
  SHIPPING_MODE_INFO,
  type ShipmentQuote,
  type ShippingMode,
  type VolumetricRule,
} from "../../../shared/domain/pricing";

export type SizeField = "largo" | "ancho" | "alto";

/** The weight's unit as the visitor chooses it; the price is always per gram (decision 205). */
export const WEIGHT_UNITS = ["g", "kg", "lb"] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];
export const WEIGHT_UNIT_LABELS: Record<WeightUnit, string> = { g: "gramos (g)", kg: "kilos (kg)", lb: "libras (lb)" };
const GRAMS_PER_UNIT: Record<WeightUnit, number> = { g: 1, kg: 1000, lb: 453.59237 };
/** "1,5" in grams is nearly always kilos typed in the wrong unit: said, never priced as 1.5 g. */
export const GRAMS_WHOLE = "Los gramos van sin decimales. ¿Es el peso en kilos o libras? Cambia la unidad.";

export interface ShipmentValues {
  mode: ShippingMode;
  /** The weight as typed, in `unit`. */
  weight: string;
  unit: WeightUnit;
  /** Centimetres, as typed. */
  largo: string;
  ancho: string;
  alto: string;
}

export const EMPTY_SHIPMENT: ShipmentValues = { mode: "aereo", weight: "", unit: "g", largo: "", ancho: "", alto: "" };

export const NUMBER_INVALID = SHIPMENT_NUMBER_INVALID;

export interface ShipmentReading {
  grams: number | null;
  sizes: Record<SizeField, number | null>;
  /** A message per field that holds text but not a usable number, or one beyond the limits. */
  errors: Partial<Record<"weight" | SizeField, string>>;
  quote: ShipmentQuote;
  /** The WhatsApp quote needs a cost above zero, and by air a weight (by sea the sizes are the price). */
  canQuote: boolean;
}

/** `volumetric`: the business's volumetric rule for air when it is on (docs/decisions/159), else null. */
export function readShipment(values: ShipmentValues, rate: number, volumetric: VolumetricRule | null = null): ShipmentReading {
  const errors: ShipmentReading["errors"] = {};
  const read = (field: SizeField): number | null => {
    const text = values[field].trim();
    if (text === "") return null;
    const parsed = ZTypedShipmentSchemas[field].safeParse(text);
    if (parsed.success) return parsed.data;
    errors[field] = parsed.error.issues[0]?.message ?? NUMBER_INVALID;
    return null;
  };
  const readGrams = (): number | null => {
    const text = values.weight.trim();
    if (text === "") return null;
    const typed = parseDecimalInput(text);
    if (typed === null) {
      errors.weight = NUMBER_INVALID;
      return null;
    }
    if (values.unit === "g" && !Number.isInteger(typed)) {
      errors.weight = GRAMS_WHOLE;
      return null;
    }
    // Whole grams, as the price is counted: 1,5 kg is 1 500 g, 3 lb is 1 361 g.
    const parsed = ZShipmentGramsSchema.safeParse(Math.round(typed * GRAMS_PER_UNIT[values.unit]));
    if (parsed.success) return parsed.data;
    errors.weight = parsed.error.issues[0]?.message ?? NUMBER_INVALID;
    return null;
  };
  const grams = readGrams();
  const sizes = { largo: read("largo"), ancho: read("ancho"), alto: read("alto") };
  const quote = quoteShipment(
    values.mode,
    { grams: grams ?? 0, lengthCm: sizes.largo ?? 0, widthCm: sizes.ancho ?? 0, heightCm: sizes.alto ?? 0 },
    rate,
    volumetric,
  );
  const bySea = SHIPPING_MODE_INFO[values.mode].pricedBy === "volume";
  return { grams, sizes, errors, quote, canQuote: (bySea || grams !== null) && quote.usd > 0 };
}

/** Whole grams and centimetres to one decimal, as a person would type them. */
function typed(n: number, decimals: number): string {
  return String(Number(n.toFixed(decimals)));
}

/** The assistant's packed estimate in the calculator's fields, on its recommended mode. */
export function valuesFromAnalysis(analysis: TProductAnalysis): ShipmentValues {
  const packed = analysis.dimensiones_estimadas_con_embalaje;
  return {
    mode: analysis.mejor_opcion_envio,
    weight: typed(Math.ceil(analysis.peso_estimado_con_embalaje), 0),
    unit: "g",
    largo: typed(packed.largo, 1),
    ancho: typed(packed.ancho, 1),
    alto: typed(packed.alto, 1),
  };
}

export function useShipmentForm() {
  const [values, setValues] = useState<ShipmentValues>(EMPTY_SHIPMENT);
  const setField = useCallback(
    (field: keyof Omit<ShipmentValues, "mode">, text: string) => setValues((current) => ({ ...current, [field]: text })),
    [],
  );
  const setMode = useCallback((mode: ShippingMode) => setValues((current) => ({ ...current, mode })), []);
  const setUnit = useCallback((unit: WeightUnit) => setValues((current) => ({ ...current, unit })), []);
  const fillFromAnalysis = useCallback((analysis: TProductAnalysis) => setValues(valuesFromAnalysis(analysis)), []);
  return { values, setField, setMode, setUnit, fillFromAnalysis };
}

export type ShipmentForm = ReturnType<typeof useShipmentForm>;
