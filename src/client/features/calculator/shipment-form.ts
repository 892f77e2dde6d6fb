// The calculator's state (public-site §2, §9): the chosen mode and the weight and sizes as
// typed. Every change recomputes the quote from the shared pricing rules; nothing is stored.
// Each field is read with the shared shipment schemas, which also bound what a courier ships.

import { useCallback, useState } from "react";
import type { TProductAnalysis } from "../../../shared/api/product-analysis";
import { SHIPMENT_NUMBER_INVALID, ZTypedShipmentSchemas } from "../../../shared/api/shipment";
import { quoteShipment, type ShipmentQuote, type ShippingMode, type VolumetricRule } from "../../../shared/domain/pricing";

export type SizeField = "largo" | "ancho" | "alto";

export interface ShipmentValues {
  mode: ShippingMode;
  /** Grams, as typed. */
  weight: string;
  /** Centimetres, as typed. */
  largo: string;
  ancho: string;
  alto: string;
}

export const EMPTY_SHIPMENT: ShipmentValues = { mode: "aereo", weight: "", largo: "", ancho: "", alto: "" };

export const NUMBER_INVALID = SHIPMENT_NUMBER_INVALID;

export interface ShipmentReading {
  grams: number | null;
  sizes: Record<SizeField, number | null>;
  /** A message per field that holds text but not a usable number, or one beyond the limits. */
  errors: Partial<Record<"weight" | SizeField, string>>;
  quote: ShipmentQuote;
  /** The WhatsApp quote needs a weight and a cost above zero. */
  canQuote: boolean;
}

/** `volumetric`: the business's volumetric rule for air when it is on (docs/decisions/159), else null. */
export function readShipment(values: ShipmentValues, rate: number, volumetric: VolumetricRule | null = null): ShipmentReading {
  const errors: ShipmentReading["errors"] = {};
  const read = (field: "weight" | SizeField): number | null => {
    const text = values[field].trim();
    if (text === "") return null;
    const parsed = ZTypedShipmentSchemas[field].safeParse(text);
    if (parsed.success) return parsed.data;
    errors[field] = parsed.error.issues[0]?.message ?? NUMBER_INVALID;
    return null;
  };
  const grams = read("weight");
  const sizes = { largo: read("largo"), ancho: read("ancho"), alto: read("alto") };
  const quote = quoteShipment(
    values.mode,
    { grams: grams ?? 0, lengthCm: sizes.largo ?? 0, widthCm: sizes.ancho ?? 0, heightCm: sizes.alto ?? 0 },
    rate,
    volumetric,
  );
  return { grams, sizes, errors, quote, canQuote: grams !== null && quote.usd > 0 };
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
  const fillFromAnalysis = useCallback((analysis: TProductAnalysis) => setValues(valuesFromAnalysis(analysis)), []);
  return { values, setField, setMode, fillFromAnalysis };
}

export type ShipmentForm = ReturnType<typeof useShipmentForm>;
