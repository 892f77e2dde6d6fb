// POST /api/product-analysis (public-site §2, §3, §5, §7, §8): the AI product assistant beside
// the calculator. One request schema for the browser form and the server, the analysis every
// adapter (AI or offline estimator) must produce, and the assistant's Spanish texts.
import { SHIPPING_MODES } from "../domain/pricing";
import { z } from "../validation";
import { zText } from "../text-rules";
import { defineRoute } from "./contract";
import { SHIPMENT_MAX_GRAMS, SHIPMENT_MAX_SIDE_CM, ZShipmentCentimetresSchema, ZShipmentGramsSchema } from "./shipment";

export const PRODUCT_DESCRIPTION_MAX = 2000;
export const PRODUCT_URL_MAX = 2000;

export const PRODUCT_INFO_REQUIRED_TITLE = "Información requerida";
export const PRODUCT_INFO_REQUIRED = "Por favor ingresa al menos una descripción o URL del producto";
export const PRODUCT_DESCRIPTION_LONG = `La descripción no puede tener más de ${PRODUCT_DESCRIPTION_MAX} caracteres`;
export const PRODUCT_URL_LONG = `La URL no puede tener más de ${PRODUCT_URL_MAX} caracteres`;
export const PRODUCT_URL_INVALID = "Ingresa una URL válida que empiece con http:// o https://";

export const ANALYSIS_FAILED_TITLE = "Error en el análisis";
export const ANALYSIS_FAILED = "No pudimos analizar el producto. Intenta nuevamente.";
export const ANALYSIS_RATE_LIMITED = "Demasiadas solicitudes de análisis. Intenta de nuevo en unos minutos.";
/** The notice on an analysis made by the offline estimator (fallback_usado). */
export const BASIC_ESTIMATE_TITLE = "Estimación básica";
export const BASIC_ESTIMATE_NOTICE =
  "Calculamos estos datos con nuestra tabla de productos típicos, sin inteligencia artificial. Confirma el peso y las medidas reales antes de enviar.";

/** True for an absolute http(s) address; blanks are handled by the caller. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

export const ZProductAnalysisRequestSchema = z
  .object({
    description: zText({ multiline: true })
      .pipe(z.string().max(PRODUCT_DESCRIPTION_MAX, PRODUCT_DESCRIPTION_LONG))
      .default(""),
    productUrl: zText()
      .pipe(z.string().max(PRODUCT_URL_MAX, PRODUCT_URL_LONG))
      .refine((value) => value === "" || isHttpUrl(value), PRODUCT_URL_INVALID)
      .default(""),
  })
  // Shown on the description, where the visitor starts typing.
  .refine((body) => body.description !== "" || body.productUrl !== "", {
    message: PRODUCT_INFO_REQUIRED,
    path: ["description"],
  });
export type TProductAnalysisRequest = z.infer<typeof ZProductAnalysisRequestSchema>;
export type TProductAnalysisForm = z.input<typeof ZProductAnalysisRequestSchema>;

/**
 * Upper bounds that no parcel a courier carries exceeds; an AI answer beyond them is refused.
 * The calculator's own (./shipment), so every estimate fits the calculator it fills.
 */
export const MAX_ESTIMATED_GRAMS = SHIPMENT_MAX_GRAMS;
export const MAX_ESTIMATED_CM = SHIPMENT_MAX_SIDE_CM;

const grams = ZShipmentGramsSchema;
const centimetres = ZShipmentCentimetresSchema;

export const ZDimensionsSchema = z.object({ largo: centimetres, ancho: centimetres, alto: centimetres });
export type TDimensions = z.infer<typeof ZDimensionsSchema>;

/** What the assistant knows about a product (public-site §3), with packaging and without. */
export const ZProductAnalysisSchema = z.object({
  descripcion_verificacion: z.string().min(1).max(1000),
  categoria_producto: z.string().min(1).max(200),
  /** Grams, packed as it travels. */
  peso_estimado_con_embalaje: grams,
  /** Grams, the product alone. */
  peso_estimado: grams,
  dimensiones_estimadas_con_embalaje: ZDimensionsSchema,
  dimensiones_estimadas: ZDimensionsSchema,
  /** Of the packed dimensions, to two decimals (the calculator charges whole feet, rounded up). */
  volumen_pies_cubicos: z.number().nonnegative(),
  mejor_opcion_envio: z.enum(SHIPPING_MODES),
  razon_recomendacion: z.string().min(1).max(1000),
  tiempo_entrega_estimado: z.string().min(1).max(200),
  consideraciones_importacion: z.array(z.string().min(1).max(500)).max(10),
  /** True when the offline estimator answered instead of the AI. */
  fallback_usado: z.boolean(),
});
export type TProductAnalysis = z.infer<typeof ZProductAnalysisSchema>;

export const ZProductAnalysisResponseSchema = z.object({
  success: z.boolean(),
  analysis: ZProductAnalysisSchema.nullable(),
  error: z.string().nullable(),
});
export type TProductAnalysisResponse = z.infer<typeof ZProductAnalysisResponseSchema>;

/** POST /api/product-analysis (public, limited per address): the assistant's estimate of a product. */
export const PRODUCT_ANALYSIS_ROUTE = defineRoute({
  method: "POST",
  path: "/api/product-analysis",
  tag: "product-analysis",
  summary: "Estima peso, medidas y la mejor opción de envío de un producto (descripción o URL)",
  body: ZProductAnalysisRequestSchema,
  responses: { 200: ZProductAnalysisResponseSchema },
});
