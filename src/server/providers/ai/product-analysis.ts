// The product assistant's provider (public-site §2, §3): an OpenAI-compatible model asked for the
// analysis as strict JSON-schema output, checked with zod, and the offline estimator whenever no
// AI is configured or the AI fails in any way (HTTP error, time-out, bad JSON, wrong shape).
// The model never opens the product address: it reads only the text, so no request of ours
// goes to a place a visitor chose.
import { z } from "zod";
import {
  MAX_ESTIMATED_CM,
  MAX_ESTIMATED_GRAMS,
  type TProductAnalysis,
  type TProductAnalysisRequest,
} from "../../../shared/api/product-analysis";
import {
  AIR_RATE_TIERS,
  CUBIC_CM_PER_CUBIC_FOOT,
  SEA_USD_PER_CUBIC_FOOT,
  SHIPPING_MODE_INFO,
  SHIPPING_MODES,
} from "../../../shared/domain/pricing";
import { PROHIBITED_GOODS } from "../../../shared/domain/policies";
import type { ChatClient } from "./chat-client";
import { cubicFeetOf, estimateProduct, findStore, readProductUrl } from "./product-estimator";

export interface WarnLogger {
  warn(obj: object, msg?: string): void;
}

export interface ProductAnalysisProvider {
  /** Always answers: the AI's analysis, or the offline estimate (fallback_usado: true). */
  analyze(input: TProductAnalysisRequest, log?: WarnLogger): Promise<TProductAnalysis>;
}

const dimensionsJson = {
  type: "object",
  additionalProperties: false,
  required: ["largo", "ancho", "alto"],
  properties: {
    largo: { type: "number", description: "Centímetros" },
    ancho: { type: "number", description: "Centímetros" },
    alto: { type: "number", description: "Centímetros" },
  },
} as const;

/** What the model must answer: the analysis of public-site §3 without fallback_usado (ours to set). */
export const PRODUCT_ANALYSIS_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: [
    "descripcion_verificacion",
    "categoria_producto",
    "peso_estimado_con_embalaje",
    "peso_estimado",
    "dimensiones_estimadas_con_embalaje",
    "dimensiones_estimadas",
    "volumen_pies_cubicos",
    "mejor_opcion_envio",
    "razon_recomendacion",
    "tiempo_entrega_estimado",
    "consideraciones_importacion",
  ],
  properties: {
    descripcion_verificacion: { type: "string", description: "Qué producto entendiste, en una o dos oraciones" },
    categoria_producto: { type: "string", description: "Categoría corta en español" },
    peso_estimado_con_embalaje: { type: "number", description: "Gramos, empacado como lo envía la tienda" },
    peso_estimado: { type: "number", description: "Gramos, solo el producto" },
    dimensiones_estimadas_con_embalaje: dimensionsJson,
    dimensiones_estimadas: dimensionsJson,
    volumen_pies_cubicos: { type: "number", description: "Pies cúbicos de las dimensiones con embalaje" },
    mejor_opcion_envio: { type: "string", enum: [...SHIPPING_MODES] },
    razon_recomendacion: { type: "string" },
    tiempo_entrega_estimado: { type: "string" },
    consideraciones_importacion: { type: "array", items: { type: "string" } },
  },
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .transform((s) => s.slice(0, max));
const grams = z.number().positive().max(MAX_ESTIMATED_GRAMS);
const cm = z.number().positive().max(MAX_ESTIMATED_CM);
const dimensions = z.object({ largo: cm, ancho: cm, alto: cm });

/** The model's answer as checked: sizes within reason, texts trimmed to what the page shows. */
export const ZAiProductAnalysisSchema = z.object({
  descripcion_verificacion: text(1000),
  categoria_producto: text(200),
  peso_estimado_con_embalaje: grams,
  peso_estimado: grams,
  dimensiones_estimadas_con_embalaje: dimensions,
  dimensiones_estimadas: dimensions,
  volumen_pies_cubicos: z.number().nonnegative(),
  mejor_opcion_envio: z.enum(SHIPPING_MODES),
  razon_recomendacion: text(1000),
  tiempo_entrega_estimado: z.string(),
  consideraciones_importacion: z
    .array(z.string())
    .transform((items) => items.map((s) => s.trim().slice(0, 500)).filter(Boolean).slice(0, 8)),
});

const airTiers = AIR_RATE_TIERS.map((tier, i) => {
  const from = i === 0 ? 0 : AIR_RATE_TIERS[i - 1].belowGrams;
  return Number.isFinite(tier.belowGrams)
    ? `de ${from} a ${tier.belowGrams - 1} g, ${tier.usdPerGram} USD por gramo`
    : `desde ${from} g, ${tier.usdPerGram} USD por gramo`;
}).join("; ");

export const PRODUCT_ANALYSIS_SYSTEM_PROMPT = [
  "Eres el asistente de un courier que trae compras de Estados Unidos (casillero en Miami) y de China a Costa Rica.",
  "A partir de la descripción o del texto del enlace de un producto, estima su peso y medidas solo y empacado como lo envía la tienda, y recomienda la forma de envío.",
  "No abras enlaces: usa solo el texto que recibes. Si no reconoces el producto, estima un paquete típico razonable y dilo en descripcion_verificacion.",
  "Unidades: pesos en gramos, medidas en centímetros (largo, ancho, alto), volumen en pies cúbicos (cm³ / " + CUBIC_CM_PER_CUBIC_FOOT + ").",
  `Tarifas: aéreo por peso (${airTiers}), ${SHIPPING_MODE_INFO.aereo.deliveryTime}.`,
  `Marítimo desde Miami o desde China: ${SEA_USD_PER_CUBIC_FOOT} USD por pie cúbico redondeado hacia arriba, sin importar el peso; Miami ${SHIPPING_MODE_INFO.maritimo.deliveryTime}, China ${SHIPPING_MODE_INFO["maritimo-china"].deliveryTime}.`,
  "mejor_opcion_envio: aereo, maritimo (desde Miami) o maritimo-china (solo si se compra en una tienda china). Recomienda marítimo solo si ahorra bastante frente al aéreo; explica la razón con los montos.",
  `No se pueden enviar: ${PROHIBITED_GOODS.join(", ").toLowerCase()}. Menciónalo en consideraciones_importacion si aplica.`,
  "consideraciones_importacion: de 2 a 5 consejos cortos y concretos para importar ese producto a Costa Rica. Responde todo en español.",
].join("\n");

export function productAnalysisUserMessage(input: TProductAnalysisRequest): string {
  const lines: string[] = [];
  if (input.description) lines.push(`Descripción del cliente: ${input.description}`);
  if (input.productUrl) {
    const url = readProductUrl(input.productUrl);
    const store = findStore(url.host);
    lines.push(`Enlace del producto: ${input.productUrl}`);
    if (url.text.trim()) lines.push(`Texto legible del enlace: ${url.text.replace(/\s+/g, " ").trim()}`);
    if (store) lines.push(`Tienda: ${store.name} (${store.origin === "china" ? "China" : "Estados Unidos"})`);
  }
  return lines.join("\n");
}

export function createProductAnalysisProvider(chat: ChatClient | null): ProductAnalysisProvider {
  return {
    async analyze(input, log) {
      if (!chat) return estimateProduct(input);
      try {
        const answer = await chat.chatJson({
          system: PRODUCT_ANALYSIS_SYSTEM_PROMPT,
          user: productAnalysisUserMessage(input),
          schemaName: "analisis_producto",
          jsonSchema: PRODUCT_ANALYSIS_JSON_SCHEMA,
          zodSchema: ZAiProductAnalysisSchema,
        });
        return {
          ...answer,
          // Ours to say: the volume follows from the packed size, the time from the chosen mode.
          volumen_pies_cubicos: cubicFeetOf(answer.dimensiones_estimadas_con_embalaje),
          tiempo_entrega_estimado: SHIPPING_MODE_INFO[answer.mejor_opcion_envio].deliveryTime,
          fallback_usado: false,
        };
      } catch (error) {
        const err = error as { name?: string; kind?: string; message?: string };
        log?.warn({ kind: err.kind ?? err.name, reason: err.message }, "product analysis AI failed; offline estimate used");
        return estimateProduct(input);
      }
    },
  };
}
