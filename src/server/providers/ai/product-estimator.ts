// The offline product estimator: what the assistant answers when no AI is configured or the AI
// fails. It reads the words of the description and of the product address (the slug of an
// Amazon, Walmart, Best Buy, Temu or Shein page), picks the best-matching catalog category, scales
// screens by their diagonal, and recommends sea for bulky boxes and for goods that may not fly,
// else the cheaper mode when the saving is worth the wait. Weights and sizes come from the one
// reference table (product-catalog.ts), packed never smaller than unpacked (docs/decisions/112).
// Every answer carries fallback_usado: true and says it is an estimate by category.
import {
  airCostUsd,
  CUBIC_CM_PER_CUBIC_FOOT,
  cubicFeetFromCm,
  seaCostUsd,
  SHIPPING_MODE_INFO,
  type ShippingMode,
} from "../../../shared/domain/pricing";
import type { TProductAnalysis } from "../../../shared/api/product-analysis";
import { formatQuantity, formatUsd } from "../../../shared/domain/format";
import { CATALOG, GENERIC_CATEGORY, KNOWN_STORES, type CatalogCategory, type KnownStore, type Size } from "./product-catalog";

export interface EstimatorInput {
  description: string;
  productUrl: string;
}

/** Lowercase words without accents: "Teléfono Galaxy-S24" → ["telefono", "galaxy", "s24"]. */
export function normalizeWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

// Query parameters that carry a search or product name on store pages (Amazon k, eBay _nkw, …).
const NAME_PARAMS = ["k", "q", "query", "keyword", "keywords", "search", "searchterm", "_nkw", "st", "term", "text"];

export interface UrlParts {
  host: string | null;
  /** The readable text of the address: path segments and name-bearing query values. */
  text: string;
}

export function readProductUrl(url: string): UrlParts {
  if (!url) return { host: null, text: "" };
  try {
    const parsed = new URL(url);
    const pieces = parsed.pathname.split("/").map(safeDecode);
    for (const [key, value] of parsed.searchParams) {
      if (NAME_PARAMS.includes(key.toLowerCase())) pieces.push(value);
    }
    return { host: parsed.hostname.toLowerCase(), text: pieces.join(" ").replace(/[-_+.]/g, " ") };
  } catch {
    return { host: null, text: "" };
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function findStore(host: string | null): KnownStore | null {
  if (!host) return null;
  return KNOWN_STORES.find((store) => host === store.domain || host.endsWith(`.${store.domain}`)) ?? null;
}

function containsPhrase(text: string, phrase: string): boolean {
  return [phrase, `${phrase}s`, `${phrase}es`].some((form) => text.includes(` ${form} `));
}

export interface CategoryMatch {
  category: CatalogCategory;
  /** The words that pointed to it (empty for the generic category). */
  matched: string[];
  score: number;
}

/** A category needs at least this much evidence; a lone hint such as "men" is not enough. */
const MIN_SCORE = 2;
const STORE_HINT_SCORE = 2;

/** The category the words point to most strongly; ties go to the one listed first. */
export function matchCategory(words: string[], store: KnownStore | null = null): CategoryMatch {
  const text = ` ${words.join(" ")} `;
  let best: CategoryMatch = { category: GENERIC_CATEGORY, matched: [], score: 0 };
  for (const category of CATALOG) {
    // "zapato" and "zapatos" are one piece of evidence: keep the stronger weight per stem.
    const byStem = new Map<string, { keyword: string; weight: number }>();
    for (const [keyword, weight] of Object.entries(category.keywords)) {
      if (!containsPhrase(text, keyword)) continue;
      const stem = [keyword.slice(0, -1), keyword.slice(0, -2)].find(
        (singular) => singular !== keyword && singular in category.keywords && (keyword === `${singular}s` || keyword === `${singular}es`),
      ) ?? keyword;
      const previous = byStem.get(stem);
      if (!previous || weight > previous.weight) byStem.set(stem, { keyword, weight });
    }
    const hits = [...byStem.values()];
    const score = hits.reduce((sum, hit) => sum + hit.weight, store?.hint === category.id ? STORE_HINT_SCORE : 0);
    if (score >= MIN_SCORE && score > best.score) best = { category, matched: hits.map((hit) => hit.keyword), score };
  }
  return best;
}

// US stores name sets '55" Class' and their slugs keep only "55-class".
const SIZE_PATTERN = /(\d{2,3})(?:[.,]\d)?\s*(?:"|”|″|''|-?\s*(?:pulgadas|pulgada|pulg|inches|inch|in|class)\b)/i;

/** A screen diagonal in inches named in the text ("55 pulgadas", "65-Inch", "27\"", "55 class"), else null. */
export function findScreenInches(text: string): number | null {
  const match = SIZE_PATTERN.exec(text);
  return match ? Number(match[1]) : null;
}

const WEIGHT_PATTERN = /(\d+(?:[.,]\d+)?)\s*(kg|kgs|kilos?|kilogramos?|lbs?|libras?|pounds?|gramos?|grams?|gr|g)\b/i;
const GRAMS_PER_UNIT: Record<string, number> = { k: 1000, l: 453.592, p: 453.592, g: 1 };
/** Named weights outside this range are not the product's (a "5G" phone, a 200 kg load rating). */
const NAMED_WEIGHT_MIN_G = 20;
const NAMED_WEIGHT_MAX_G = 100_000;

/** Words around a named weight that make it a capacity or a load, not the product's weight. */
const CAPACITY_BEFORE = /(?:capacidad|capacity|carga|load|soporta|supports|hasta|up to|max(?:imo|imum)?)\W*(?:de\W*)?$/i;
const CAPACITY_AFTER = /^\W*(?:de\W+)?(?:capacidad|capacity|de carga|load|carga)\b/i;

/** The product's own weight when the text names one ("20 kg", "5 lb", "500 gramos"), in grams. */
export function findNamedWeightGrams(text: string): number | null {
  const match = WEIGHT_PATTERN.exec(text);
  if (!match) return null;
  // "capacidad de 20 kg", "20 kg capacity", "soporta 150 kg": what it holds, not what it weighs.
  const before = text.slice(Math.max(0, match.index - 24), match.index);
  const after = text.slice(match.index + match[0].length, match.index + match[0].length + 24);
  if (CAPACITY_BEFORE.test(before) || CAPACITY_AFTER.test(after)) return null;
  const amount = Number(match[1].replace(",", "."));
  const grams = Math.round(amount * GRAMS_PER_UNIT[match[2][0].toLowerCase()]);
  return grams >= NAMED_WEIGHT_MIN_G && grams <= NAMED_WEIGHT_MAX_G ? grams : null;
}

interface Physical {
  grams: number;
  packedGrams: number;
  size: Size;
  packedSize: Size;
  inches: number | null;
  /** Grams the text named, when used. */
  namedGrams: number | null;
  /** Units in the set the text names (1 when none). */
  quantity: number;
  /** A tyre size read from the text ("265/70R16"). */
  tyre: string | null;
  /** A named weight set aside because it is a capacity. */
  capacityIgnored: boolean;
}

const SET_PATTERNS = [
  /\b(?:set|pack|juego|kit|lote|paquete)\s+(?:of|de)\s+(\d{1,2})\b/i,
  /\b(\d{1,2})\s*(?:x\s*)?(?:llantas?|neumaticos?|neumáticos?|tires?|tyres?|aros?|rines?|rims?|wheels?|unidades|units|piezas|pcs)\b/i,
  /\b(?:x|×)\s*(\d{1,2})\b/i,
];
/** How many units a set holds when the text says ("juego de 4", "set of 4", "4 llantas", "x4"); 1 otherwise. */
export function findSetQuantity(text: string): number {
  for (const pattern of SET_PATTERNS) {
    const match = pattern.exec(text);
    const n = match ? Number(match[1]) : 0;
    if (n >= 2 && n <= 12) return n;
  }
  return 1;
}

const TYRE_PATTERN = /\b(\d{3})\s*\/\s*(\d{2})\s*Z?R\s*(\d{2})\b/i;
/** A 205/55 R16 car tyre weighs about 9 kg; others in proportion to the rubber's volume. */
const REFERENCE_TYRE = { width: 205, aspect: 55, rim: 16, grams: 9000 };

function tyreVolume(width: number, aspect: number, rim: number): number {
  const rimMm = rim * 25.4;
  const outer = rimMm + (2 * width * aspect) / 100;
  return width * (outer * outer - rimMm * rimMm);
}

/** "265/70R16" → the tyre's grams and its size (outer diameter × diameter × width, cm), else null. */
export function findTyre(text: string): { label: string; grams: number; size: Size } | null {
  const match = TYRE_PATTERN.exec(text);
  if (!match) return null;
  const [width, aspect, rim] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (width < 125 || width > 395 || aspect < 25 || aspect > 85 || rim < 12 || rim > 24) return null;
  const ref = REFERENCE_TYRE;
  const grams = Math.round((ref.grams * tyreVolume(width, aspect, rim)) / tyreVolume(ref.width, ref.aspect, ref.rim) / 100) * 100;
  const outerCm = Math.round((rim * 25.4 + (2 * width * aspect) / 100) / 10);
  return { label: `${width}/${aspect}R${rim}`, grams, size: { largo: outerCm, ancho: outerCm, alto: Math.round(width / 10) } };
}

const INCH_CM = 2.54;
// A 16:9 panel's width and height as fractions of its diagonal.
const WIDTH_PER_DIAGONAL = 0.8716;
const HEIGHT_PER_DIAGONAL = 0.4903;
/** Box margin around a panel, cm. */
const SCREEN_BOX_MARGIN_CM = 15;

function physicalFor(category: CatalogCategory, rawText: string): Physical {
  const screen = category.screen;
  if (!screen) {
    const found = findNamedWeightGrams(rawText);
    const capacityIgnored = found !== null && category.namedWeightIsCapacity === true;
    const tyre = category.tyreSizes ? findTyre(rawText) : null;
    const named = capacityIgnored || tyre ? null : found;
    const quantity = category.countable ? findSetQuantity(rawText) : 1;
    // One unit: the tyre its size gives, the weight the text names, or the category's typical one.
    // The box and filling weigh what they weigh for the category's typical product.
    const boxGrams = category.packedGrams - category.grams;
    const margin = (side: keyof Size) => category.packedSize[side] - category.size[side];
    const unitGrams = tyre?.grams ?? named ?? category.grams;
    const unitSize = tyre?.size ?? category.size;
    const unitPacked = tyre
      ? { largo: unitSize.largo + margin("largo"), ancho: unitSize.ancho + margin("ancho"), alto: unitSize.alto + margin("alto") }
      : category.packedSize;
    // A set travels stacked: the units' weights add up, and so do their heights.
    const stack = (size: Size): Size => ({ ...size, alto: size.alto * quantity });
    return {
      grams: unitGrams * quantity,
      packedGrams: (unitGrams + boxGrams) * quantity,
      size: stack(unitSize),
      packedSize: stack(unitPacked),
      inches: null,
      namedGrams: named,
      quantity,
      tyre: tyre?.label ?? null,
      capacityIgnored,
    };
  }
  const named = findScreenInches(rawText);
  const inches = named !== null && named >= screen.minInches && named <= screen.maxInches ? named : screen.defaultInches;
  const width = inches * WIDTH_PER_DIAGONAL * INCH_CM;
  const height = inches * HEIGHT_PER_DIAGONAL * INCH_CM;
  const packedGrams = Math.round((screen.packedKgPerSquareInch * inches * inches * 1000) / 100) * 100;
  return {
    grams: Math.round((packedGrams * 0.75) / 100) * 100,
    packedGrams,
    size: { largo: Math.round(width), ancho: Math.round(height), alto: screen.depthCm },
    packedSize: {
      largo: Math.round(width + SCREEN_BOX_MARGIN_CM),
      ancho: Math.round(height + SCREEN_BOX_MARGIN_CM),
      alto: screen.packedDepthCm,
    },
    inches,
    namedGrams: null,
    quantity: 1,
    tyre: null,
    capacityIgnored: false,
  };
}

/** Cubic feet of a box to two decimals (the calculator charges whole feet, rounded up). */
export function cubicFeetOf(size: Size): number {
  return Math.round(((size.largo * size.ancho * size.alto) / CUBIC_CM_PER_CUBIC_FOOT) * 100) / 100;
}

const usd = formatUsd;

/**
 * Sea pays off only when it saves enough to be worth the wait: from Miami (15–22 days against
 * 3–6) it must cost at most 75 % of air; from China (about 70 days) at most 60 %.
 */
export const SEA_SHARE_OF_AIR_TO_RECOMMEND = { usa: 0.75, china: 0.6 } as const;

export interface Recommendation {
  mode: ShippingMode;
  reason: string;
}

/** Airlines weigh a box at length × width × height (cm) / 6000 kg when that exceeds its real weight (IATA). */
export const VOLUMETRIC_CM3_PER_KG = 6000;
/** A packed box this long on any side, or this many cubic feet, is bulky whatever its category. */
export const BULKY_LONGEST_SIDE_CM = 120;
export const BULKY_CUBIC_FEET = 10;

export function isBulkyBox(packedSize: Size): boolean {
  const { largo, ancho, alto } = packedSize;
  return Math.max(largo, ancho, alto) >= BULKY_LONGEST_SIDE_CM || cubicFeetOf(packedSize) >= BULKY_CUBIC_FEET;
}

export interface SeaReasons {
  /** Furniture, large appliances, long boxes: sea whatever the per-gram air price. */
  bulky?: boolean;
  /** Why it may not fly at all. */
  airForbidden?: string;
}

export function recommendMode(
  packedGrams: number,
  packedSize: Size,
  origin: "usa" | "china",
  why: SeaReasons = {},
): Recommendation {
  const air = airCostUsd(packedGrams);
  const feet = cubicFeetFromCm(packedSize.largo, packedSize.ancho, packedSize.alto);
  const sea = seaCostUsd(packedSize.largo, packedSize.ancho, packedSize.alto);
  const seaMode: ShippingMode = origin === "china" ? "maritimo-china" : "maritimo";
  const seaTime = SHIPPING_MODE_INFO[seaMode].deliveryTime;
  const airTime = SHIPPING_MODE_INFO.aereo.deliveryTime;
  const feetText = `${formatQuantity(feet)} ${feet === 1 ? "pie cúbico" : "pies cúbicos"}`;
  if (why.airForbidden) {
    return { mode: seaMode, reason: `${why.airForbidden}: va por barco, unos ${usd(sea)} (${feetText}), ${seaTime}.` };
  }
  if (why.bulky || isBulkyBox(packedSize)) {
    const { largo, ancho, alto } = packedSize;
    const volumetricKg = Math.round((largo * ancho * alto) / VOLUMETRIC_CM3_PER_KG);
    return {
      mode: seaMode,
      reason:
        `Es un bulto voluminoso (${largo} × ${ancho} × ${alto} cm empacado): en avión ocupa lo que unos ${volumetricKg} kg ` +
        `de peso volumétrico, así que recomendamos barco: unos ${usd(sea)} (${feetText}), ${seaTime}. ` +
        `Si lo prefieres por avión, consúltanos antes de comprarlo.`,
    };
  }
  if (sea > 0 && sea <= air * SEA_SHARE_OF_AIR_TO_RECOMMEND[origin]) {
    const saving = Math.round((1 - sea / air) * 100);
    return {
      mode: seaMode,
      reason: `Es pesado para su tamaño: por barco cuesta unos ${usd(sea)} (${feetText}) contra ${usd(air)} por avión. Ahorras cerca de un ${saving} % si puedes esperar ${seaTime}.`,
    };
  }
  if (air === sea) {
    return {
      mode: "aereo",
      reason: `Por avión cuesta lo mismo que por barco (${usd(air)}, ${feetText}) y llega en ${airTime} en vez de ${seaTime}.`,
    };
  }
  if (air < sea) {
    return {
      mode: "aereo",
      reason: `Por avión cuesta unos ${usd(air)} contra ${usd(sea)} por barco (${feetText}), y llega en ${airTime}.`,
    };
  }
  return {
    mode: "aereo",
    reason: `Por barco ahorrarías poco (${usd(sea)} contra ${usd(air)} por avión) y tardaría ${seaTime}; por avión llega en ${airTime}.`,
  };
}

const GENERAL_NOTES = [
  "Guarda la factura de compra: la necesitamos para la declaración ante Aduanas.",
  "El peso y las medidas reales se confirman cuando el paquete llega a nuestra bodega; el cobro final se basa en ellos.",
];
const CHINA_AIR_NOTE =
  "Para enviarlo por avión, la tienda debe entregarlo en tu casillero de Miami; su tiempo de envío hasta Miami no está incluido.";

function sourceOfWords(fromDescription: boolean, fromUrl: boolean): string {
  if (fromDescription && fromUrl) return "la descripción y el enlace";
  return fromUrl ? "el enlace" : "la descripción";
}

export function estimateProduct(input: EstimatorInput): TProductAnalysis {
  const description = input.description.trim();
  const url = readProductUrl(input.productUrl.trim());
  const store = findStore(url.host);
  const origin = store?.origin ?? "usa";
  const descriptionWords = normalizeWords(description);
  const urlWords = normalizeWords(url.text);
  const match = matchCategory([...descriptionWords, ...urlWords], store);
  const physical = physicalFor(match.category, `${description} ${url.text}`);
  const category = match.category;
  const recommendation = recommendMode(physical.packedGrams, physical.packedSize, origin, category);

  const sentences: string[] = [];
  if (match.matched.length > 0) {
    const inDescription = match.matched.some((k) => containsPhrase(` ${descriptionWords.join(" ")} `, k));
    const inUrl = match.matched.some((k) => containsPhrase(` ${urlWords.join(" ")} `, k));
    sentences.push(
      `Por ${sourceOfWords(inDescription, inUrl)} lo identificamos como ${match.category.label.toLowerCase()} ` +
        `(palabras reconocidas: ${match.matched.slice(0, 5).join(", ")}).`,
    );
  } else if (match.category !== GENERIC_CATEGORY) {
    sentences.push(`Por la tienda lo identificamos como ${match.category.label.toLowerCase()}.`);
  } else {
    sentences.push("No reconocimos el tipo de producto; usamos los datos de un paquete mediano típico.");
  }
  if (physical.inches !== null) sentences.push(`Consideramos una pantalla de ${physical.inches} pulgadas.`);
  if (physical.namedGrams !== null) sentences.push(`Usamos el peso indicado: ${physical.namedGrams} g sin empaque.`);
  if (physical.capacityIgnored) sentences.push("Los kilos que menciona son su capacidad de carga, no su peso: usamos el peso típico del aparato.");
  if (physical.tyre !== null) sentences.push(`Consideramos llantas ${physical.tyre}.`);
  if (physical.quantity > 1) sentences.push(`Es un juego de ${physical.quantity}: sumamos el peso y el volumen de todas las unidades.`);
  if (store) sentences.push(`Tienda: ${store.name} (${store.origin === "china" ? "China" : "Estados Unidos"}).`);
  sentences.push(
    category === GENERIC_CATEGORY
      ? "Es una estimación por categoría, sin inteligencia artificial."
      : `Es una estimación por categoría, sin inteligencia artificial: peso y medidas típicos de ${category.label.toLowerCase()}.`,
  );
  if (category.knockedDown) sentences.push("Las medidas sin embalaje son las del producto desarmado, como viaja en su caja.");

  const notes = [...match.category.notes];
  if (origin === "china" && recommendation.mode === "aereo") notes.push(CHINA_AIR_NOTE);
  notes.push(...GENERAL_NOTES);

  return {
    descripcion_verificacion: sentences.join(" "),
    categoria_producto: match.category.label,
    peso_estimado_con_embalaje: physical.packedGrams,
    peso_estimado: physical.grams,
    dimensiones_estimadas_con_embalaje: { ...physical.packedSize },
    dimensiones_estimadas: { ...physical.size },
    volumen_pies_cubicos: cubicFeetOf(physical.packedSize),
    mejor_opcion_envio: recommendation.mode,
    razon_recomendacion: recommendation.reason,
    tiempo_entrega_estimado: SHIPPING_MODE_INFO[recommendation.mode].deliveryTime,
    consideraciones_importacion: notes.slice(0, 6),
    fallback_usado: true,
  };
}
