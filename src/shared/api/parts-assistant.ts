// The parts search (public-site §3, §5, §7, §8, §9): one schema for the /repuestos form and
// POST /api/parts-assistant, the answer {results, clientInfo}, and the Spanish texts around it.
import { z } from "../validation";
import { zText } from "../text-rules";
import { defineRoute } from "./contract";
import { PARTS_MIN_YEAR, partsMaxYear } from "../domain/limits";
import { costaRicaDayKey } from "../domain/dates";
import { ZVerifiedClientSchema, ZVerifyClientCodeSchema } from "./clients-verification";

export const MARCA_REQUIRED = "Marca es requerida";
export const MODELO_REQUIRED = "Modelo es requerido";
export const PARTE_OR_DESCRIPCION_REQUIRED = "Debe proporcionar una parte o descripción";
export const ANIO_INTEGER = "El año debe ser un número entero";
export const anioRangeMessage = (max: number) => `El año debe estar entre ${PARTS_MIN_YEAR} y ${max}`;
export const IMAGEN_URL_INVALID = "La URL de la imagen no es válida";
export const fieldTooLong = (label: string, max: number) => `${label} no puede tener más de ${max} caracteres`;

export const PARTS_TEXT_MAX = { marca: 60, modelo: 80, numeroPieza: 60, parte: 120, descripcion: 1000, imagenUrl: 500 } as const;

export const LIMIT_REACHED_TITLE = "Límite de búsquedas alcanzado";
export const limitReachedMessage = (brandName: string) =>
  `Has alcanzado tu límite mensual de búsquedas. Por favor contacta a ${brandName}.`;
export const SEARCH_FAILED_TITLE = "Error en la búsqueda";
export const SEARCH_FAILED_FALLBACK = "No pudimos procesar tu búsqueda. Intenta nuevamente.";
export const SEARCH_RATE_LIMITED = "Demasiadas búsquedas desde esta conexión. Espera unos minutos e intenta de nuevo.";
/** The error code of the quota refusal, so the page tells it from other failures. */
export const LIMIT_REACHED_CODE = "LIMIT_REACHED";

/** Above results found without the AI (fallbackUsado): what they are, and that the quota was not spent. */
export const OFFLINE_RESULTS_NOTICE =
  "Sin asistente de IA: no son piezas encontradas por inteligencia artificial, sino búsquedas directas en tiendas que venden repuestos para tu vehículo, con el nombre de la pieza en el idioma de cada tienda. Abre cada una para ver precio y disponibilidad; con el número de pieza el resultado es exacto.";
export const OFFLINE_SEARCH_NOT_COUNTED = "Esta búsqueda no se descontó de tus búsquedas del mes.";
export const AI_RESULTS_NOTICE =
  "Opciones sugeridas por nuestro asistente de IA. Los precios son aproximados: confírmalos en la tienda antes de comprar.";

/** What a store-link result says instead of a price: never an invented number. */
export const PRICE_CHECK_IN_STORE = "Consultar en la tienda";
export const AVAILABILITY_CHECK_IN_STORE = "Ver disponibilidad en la tienda";

/** The vehicle year the form starts with: this year in Costa Rica. */
export function currentPartsYear(now: Date = new Date()): number {
  return Number(costaRicaDayKey(now).slice(0, 4));
}

// Control characters never reach the database or the AI prompt (docs/decisions/098); line breaks stay in descriptions.
function requiredText(message: string, max: number, label: string) {
  return zText({ error: message }).pipe(z.string().min(1, message).max(max, fieldTooLong(label, max)));
}

/** Optional text: absent, null and blank all mean "not given". */
function optionalText(max: number, label: string, { multiline = false } = {}) {
  return zText({ error: fieldTooLong(label, max), multiline })
    .nullish()
    .transform((v) => v || undefined)
    .pipe(z.string().max(max, fieldTooLong(label, max)).optional());
}

/** Whole year from 1900 to next calendar year; absent means this year. Strings from a form field are read as numbers. */
const anioSchema = z
  .union([z.number(), z.string()], { error: ANIO_INTEGER })
  .nullish()
  .transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      return currentPartsYear();
    }
    const n = typeof value === "number" ? value : Number(value.trim());
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: "custom", message: ANIO_INTEGER });
      return z.NEVER;
    }
    const max = partsMaxYear();
    if (n < PARTS_MIN_YEAR || n > max) {
      ctx.addIssue({ code: "custom", message: anioRangeMessage(max) });
      return z.NEVER;
    }
    return n;
  });

/** Empty means no image; otherwise an http(s) address. */
const imagenUrlSchema = z
  .string({ error: IMAGEN_URL_INVALID })
  .nullish()
  .transform((v) => v?.trim() || undefined)
  .pipe(
    z
      .url({ protocol: /^https?$/, error: IMAGEN_URL_INVALID })
      .max(PARTS_TEXT_MAX.imagenUrl, IMAGEN_URL_INVALID)
      .optional(),
  );

export const ZPartsSearchRequestSchema = z
  .object({
    clientCode: ZVerifyClientCodeSchema,
    marca: requiredText(MARCA_REQUIRED, PARTS_TEXT_MAX.marca, "La marca"),
    modelo: requiredText(MODELO_REQUIRED, PARTS_TEXT_MAX.modelo, "El modelo"),
    anio: anioSchema,
    numeroPieza: optionalText(PARTS_TEXT_MAX.numeroPieza, "El número de pieza"),
    parte: optionalText(PARTS_TEXT_MAX.parte, "La parte"),
    descripcion: optionalText(PARTS_TEXT_MAX.descripcion, "La descripción", { multiline: true }),
    imagenUrl: imagenUrlSchema,
  })
  .superRefine((value, ctx) => {
    if (!value.parte && !value.descripcion) {
      ctx.addIssue({ code: "custom", message: PARTE_OR_DESCRIPCION_REQUIRED, path: ["parte"] });
    }
  });
export type TPartsSearchRequest = z.infer<typeof ZPartsSearchRequestSchema>;
/** What the form holds before the schema cleans it. */
export type TPartsSearchForm = z.input<typeof ZPartsSearchRequestSchema>;

/** One offer. `precio` is text: "$45.99" from the AI, or "Consultar en la tienda". */
export const ZPartResultSchema = z.object({
  nombre: z.string(),
  tienda: z.string(),
  precio: z.string(),
  disponibilidad: z.string(),
  url: z.string(),
});
export type TPartResult = z.infer<typeof ZPartResultSchema>;

export const ZPartsSearchResponseSchema = z.object({
  results: z.array(ZPartResultSchema),
  clientInfo: ZVerifiedClientSchema,
  /** True when the results are direct store-search links rather than AI proposals. */
  fallbackUsado: z.boolean(),
});
export type TPartsSearchResponse = z.infer<typeof ZPartsSearchResponseSchema>;

/** POST /api/parts-assistant (public, by client code; counted against the client's monthly searches). */
export const PARTS_SEARCH_ROUTE = defineRoute({
  method: "POST",
  path: "/api/parts-assistant",
  tag: "parts-assistant",
  summary: "Busca repuestos para un vehículo (marca, modelo, año, parte) para un cliente verificado",
  body: ZPartsSearchRequestSchema,
  responses: { 200: ZPartsSearchResponseSchema },
});
