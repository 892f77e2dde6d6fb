// The honest offline parts provider: no prices are invented. For each main parts store it gives
// a direct search link for the make, model, year and part (or the part number, which finds the
// exact piece), with the price left to the store ('Consultar en la tienda').
import {
  AVAILABILITY_CHECK_IN_STORE,
  PRICE_CHECK_IN_STORE,
  type TPartResult,
} from "../../../shared/api/parts-assistant";
import type { PartsProvider, PartsQuery } from "./types";

const q = encodeURIComponent;

interface Store {
  tienda: string;
  /** Search address for free text. */
  search: (text: string) => string;
  /** RockAuto has no free-text search; its catalog opens at the vehicle instead. */
  vehicle?: (query: PartsQuery) => string;
}

/** RockAuto's catalog path segments: lower case, spaces as "+", nothing that breaks the path. */
function rockAutoSegment(text: string): string {
  return q(text.toLowerCase().replace(/[,/]+/g, " ").trim()).replace(/%20/g, "+");
}

export const PART_STORES: readonly Store[] = [
  {
    tienda: "RockAuto",
    search: (text) => `https://www.rockauto.com/en/partsearch/?partnum=${q(text)}`,
    vehicle: (query) =>
      `https://www.rockauto.com/en/catalog/${rockAutoSegment(query.marca)},${query.anio},${rockAutoSegment(query.modelo)}`,
  },
  { tienda: "AutoZone", search: (text) => `https://www.autozone.com/searchresult?searchText=${q(text)}` },
  { tienda: "eBay Motors", search: (text) => `https://www.ebay.com/sch/6000/i.html?_nkw=${q(text)}` },
  { tienda: "Amazon", search: (text) => `https://www.amazon.com/s?k=${q(text)}&i=automotive` },
  {
    tienda: "Advance Auto Parts",
    search: (text) => `https://shop.advanceautoparts.com/web/SearchResults?searchTerm=${q(text)}`,
  },
  { tienda: "AliExpress", search: (text) => `https://www.aliexpress.com/wholesale?SearchText=${q(text)}` },
];

/** What the person is looking for, in their words: the part, else the description (first line). */
export function partLabel(query: PartsQuery): string {
  const what = query.parte ?? query.descripcion?.split("\n")[0] ?? "";
  return what.length > 80 ? `${what.slice(0, 77).trimEnd()}…` : what;
}

/** One search link per store. A part number searches that number; otherwise part, make, model and year. */
export function storeLinkResults(query: PartsQuery): TPartResult[] {
  const vehicle = `${query.marca} ${query.modelo} ${query.anio}`;
  const label = partLabel(query);
  const text = query.numeroPieza ? query.numeroPieza : `${label} ${vehicle}`;
  const nombre = query.numeroPieza ? `${label} ${vehicle} (pieza ${query.numeroPieza})` : `${label} ${vehicle}`;
  return PART_STORES.map((store) => ({
    nombre,
    tienda: store.tienda,
    precio: PRICE_CHECK_IN_STORE,
    disponibilidad: AVAILABILITY_CHECK_IN_STORE,
    url: !query.numeroPieza && store.vehicle ? store.vehicle(query) : store.search(text),
  }));
}

export function createStoreLinksPartsProvider(): PartsProvider {
  return {
    name: "store-links",
    search: async (query) => ({ results: storeLinkResults(query), fallbackUsado: true }),
  };
}
