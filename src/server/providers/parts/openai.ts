// The parts provider backed by any OpenAI-compatible model (through ../ai/chat-client): it asks
// for store offers as strict JSON-schema output, checks them with zod, keeps only web addresses
// and prices in one format, and answers the offline store links whenever the AI is not there or
// fails in any way (HTTP error, time-out, bad JSON, wrong shape, nothing usable).
import { z } from "zod";
import type { ChatClient } from "../ai/chat-client";
import { AVAILABILITY_CHECK_IN_STORE, PRICE_CHECK_IN_STORE, type TPartResult } from "../../../shared/api/parts-assistant";
import { PART_STORES, storeLinkResults } from "./store-links";
import type { PartsProvider, PartsQuery, WarnLogger } from "./types";

/** At most this many offers are shown. */
export const MAX_AI_OFFERS = 8;

export const PART_OFFERS_JSON_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["resultados"],
  properties: {
    resultados: {
      type: "array",
      items: {
        type: "object",
        additionalProperties: false,
        required: ["nombre", "tienda", "precio", "disponibilidad", "url"],
        properties: {
          nombre: { type: "string", description: "Nombre del repuesto en español, con la marca del fabricante si la conoces" },
          tienda: { type: "string", description: "Nombre de la tienda en línea" },
          precio: { type: "string", description: `Precio aproximado en USD como $123.45, o '${PRICE_CHECK_IN_STORE}'` },
          disponibilidad: { type: "string", description: "Texto corto en español" },
          url: { type: "string", description: "Dirección https de búsqueda de esa pieza en la tienda" },
        },
      },
    },
  },
} as const;

const text = (max: number) => z.string().transform((s) => s.replace(/\s+/g, " ").trim().slice(0, max));

/** "$45.99", "45.99", "USD 45.99", "US$ 1,234.50" → "$45.99" / "$1234.50"; anything else → ask the store. */
export function normalizePrice(raw: string): string {
  const match = /^\s*(?:US\s?\$|USD|\$)?\s*(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?\s*(?:USD)?\s*$/i.exec(raw);
  if (!match) return PRICE_CHECK_IN_STORE;
  const whole = Number(match[1].replace(/,/g, ""));
  if (!(whole > 0 || Number(match[2] ?? 0) > 0) || whole > 100_000) return PRICE_CHECK_IN_STORE;
  return `$${whole}.${(match[2] ?? "00").padEnd(2, "0")}`;
}

/** Only plain web addresses on a named host: no scripts, data, credentials or bare IPs. */
export function isSafeOfferUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (
      (url.protocol === "https:" || url.protocol === "http:") &&
      !url.username &&
      !url.password &&
      /^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/i.test(url.hostname) &&
      raw.length <= 2000
    );
  } catch {
    return false;
  }
}

export const ZAiPartOffersSchema = z.object({
  resultados: z.array(
    z.object({
      nombre: text(200),
      tienda: text(80),
      precio: z.string().transform(normalizePrice),
      disponibilidad: text(120),
      url: z.string().trim(),
    }),
  ),
});

export const PARTS_SYSTEM_PROMPT = [
  "Eres el asistente de repuestos de un courier que trae compras de Estados Unidos (casillero en Miami) y de China a Costa Rica.",
  "Con el vehículo y la pieza que pide el cliente, propone de 3 a 6 opciones para comprarla en tiendas en línea de Estados Unidos",
  `(${PART_STORES.filter((s) => s.country === "EE. UU.").map((s) => s.tienda).join(", ")}, O'Reilly Auto Parts…) o de China (AliExpress).`,
  "Si el vehículo no se vendió en Estados Unidos (por ejemplo Hilux, Navara, L200, Grand i10), no propongas catálogos por vehículo de EE. UU. como RockAuto o AutoZone:",
  `usa eBay Motors, AliExpress o catálogos de piezas originales para todos los mercados (${PART_STORES.filter((s) => s.partNumberOnly).map((s) => s.tienda).join(", ")}).`,
  "Usa el número de pieza si lo hay; si no, el nombre de la pieza en inglés tal como lo buscan esas tiendas.",
  `precio: precio aproximado en USD con el formato $123.45 solo si lo conoces con confianza; si no, escribe exactamente '${PRICE_CHECK_IN_STORE}'. No inventes precios.`,
  "url: la dirección https de BÚSQUEDA de esa pieza en la tienda (con el número o el nombre en la consulta), nunca una página de producto que no puedas asegurar.",
  "disponibilidad: texto corto en español (por ejemplo 'Disponible en varias marcas', 'Ver disponibilidad en la tienda').",
  "Si la pieza no aplica a ese vehículo o la descripción es ambigua, dilo en nombre de la opción más probable. Responde todo en español.",
].join("\n");

export function partsUserMessage(query: PartsQuery): string {
  const lines = [`Vehículo: ${query.marca} ${query.modelo} ${query.anio}`];
  if (query.numeroPieza) lines.push(`Número de pieza: ${query.numeroPieza}`);
  if (query.parte) lines.push(`Parte: ${query.parte}`);
  if (query.descripcion) lines.push(`Descripción del cliente: ${query.descripcion}`);
  return lines.join("\n");
}

/** The AI's offers as shown: web addresses only, at most MAX_AI_OFFERS. */
function usableOffers(answer: z.infer<typeof ZAiPartOffersSchema>): TPartResult[] {
  return answer.resultados
    .filter((offer) => offer.nombre && offer.tienda && isSafeOfferUrl(offer.url))
    .slice(0, MAX_AI_OFFERS)
    .map((offer) => ({ ...offer, disponibilidad: offer.disponibilidad || AVAILABILITY_CHECK_IN_STORE }));
}

export function createOpenAiPartsProvider(chat: ChatClient): PartsProvider {
  return {
    name: "openai",
    async search(query, log?: WarnLogger) {
      try {
        const answer = await chat.chatJson({
          system: PARTS_SYSTEM_PROMPT,
          user: partsUserMessage(query),
          schemaName: "ofertas_repuestos",
          jsonSchema: PART_OFFERS_JSON_SCHEMA,
          zodSchema: ZAiPartOffersSchema,
        });
        const results = usableOffers(answer);
        if (results.length > 0) return { results, fallbackUsado: false };
        log?.warn({ kind: "empty" }, "parts AI answered no usable offer; store links used");
      } catch (error) {
        const err = error as { name?: string; kind?: string; message?: string };
        log?.warn({ kind: err.kind ?? err.name, reason: err.message }, "parts AI failed; store links used");
      }
      return { results: storeLinkResults(query), fallbackUsado: true };
    },
  };
}
