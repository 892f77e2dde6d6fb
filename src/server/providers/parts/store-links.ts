// The honest offline parts provider (docs/decisions/111): no prices are invented and nothing is
// presented as found by an AI. For each store that sells parts for the vehicle's make and market
// (vehicle-markets.ts) it gives a direct search link in the store's language (English, through
// part-vocabulary.ts), or the part number, which finds the exact piece; each card says what its
// link searches for, and the store has the price ('Consultar en la tienda').
import {
  PRICE_CHECK_IN_STORE,
  type TPartResult,
} from "../../../shared/api/parts-assistant";
import { translatePart } from "./part-vocabulary";
import type { PartsProvider, PartsQuery } from "./types";
import { vehicleMarket, type VehicleMarket } from "./vehicle-markets";

const q = encodeURIComponent;

/** Makes whose genuine parts the Japanese and Gulf catalogs sell for every market. */
const ASIAN_GENUINE = ["toyota", "lexus", "nissan", "infiniti", "honda", "acura", "mitsubishi", "mazda", "subaru", "suzuki", "isuzu", "daihatsu", "hyundai", "kia"];

interface Store {
  tienda: string;
  /** Where it ships from, for the AI's prompt. */
  country: "EE. UU." | "China" | "Emiratos Árabes Unidos" | "Japón";
  /** What the card says about the store: why it is on the list and what to check there. */
  about: string;
  /** Whether it sells parts for this vehicle. */
  sells: (vehicle: VehicleMarket) => boolean;
  /** Search address for English text or a part number. */
  search: (text: string) => string;
  /** Catalogs without free-text search open at the vehicle instead (RockAuto). */
  vehicle?: (query: PartsQuery) => string;
  /** Genuine-parts catalogs search part numbers only. */
  partNumberOnly?: boolean;
}

/** RockAuto's catalog path segments: lower case, spaces as "+", nothing that breaks the path. */
function rockAutoSegment(text: string): string {
  return q(text.toLowerCase().replace(/[,/]+/g, " ").trim()).replace(/%20/g, "+");
}

const usMarket = (vehicle: VehicleMarket) => vehicle.soldInUs;
const everyMarket = () => true;
const asianGenuine = (vehicle: VehicleMarket) => vehicle.make !== null && ASIAN_GENUINE.includes(vehicle.make);

export const PART_STORES: readonly Store[] = [
  {
    tienda: "RockAuto",
    country: "EE. UU.",
    about: "Catálogo por vehículo del mercado de EE. UU., con varias marcas por pieza.",
    sells: usMarket,
    search: (text) => `https://www.rockauto.com/en/partsearch/?partnum=${q(text)}`,
    vehicle: (query) =>
      `https://www.rockauto.com/en/catalog/${rockAutoSegment(query.marca)},${query.anio},${rockAutoSegment(query.modelo)}`,
  },
  {
    tienda: "AutoZone",
    country: "EE. UU.",
    about: "Tienda de repuestos de EE. UU.: confirma en la página que la pieza calce con tu vehículo.",
    sells: usMarket,
    search: (text) => `https://www.autozone.com/searchresult?searchText=${q(text)}`,
  },
  {
    tienda: "Advance Auto Parts",
    country: "EE. UU.",
    about: "Tienda de repuestos de EE. UU.: filtra por tu vehículo en la página.",
    sells: usMarket,
    search: (text) => `https://shop.advanceautoparts.com/web/SearchResults?searchTerm=${q(text)}`,
  },
  {
    tienda: "Amazon",
    country: "EE. UU.",
    about: "Muchos vendedores: revisa en cada anuncio que diga compatible con tu modelo y año.",
    sells: everyMarket,
    search: (text) => `https://www.amazon.com/s?k=${q(text)}&i=automotive`,
  },
  {
    tienda: "eBay Motors",
    country: "EE. UU.",
    about: "Vendedores de EE. UU. y de otros países, también para modelos que no se venden allá.",
    sells: everyMarket,
    search: (text) => `https://www.ebay.com/sch/6000/i.html?_nkw=${q(text)}`,
  },
  {
    tienda: "AliExpress",
    country: "China",
    about: "Vendedores en China: precios bajos y envío más largo hasta Miami; confirma el modelo con el vendedor.",
    sells: everyMarket,
    search: (text) => `https://www.aliexpress.com/wholesale?SearchText=${q(text)}`,
  },
  {
    tienda: "PartSouq",
    country: "Emiratos Árabes Unidos",
    about: "Piezas originales para vehículos de todos los mercados (Asia, Medio Oriente, Latinoamérica).",
    sells: asianGenuine,
    search: (text) => `https://partsouq.com/en/search/all?q=${q(text)}`,
    partNumberOnly: true,
  },
  {
    tienda: "Amayama",
    country: "Japón",
    about: "Piezas originales japonesas y coreanas para todos los mercados, enviadas desde Japón.",
    sells: asianGenuine,
    search: (text) => `https://www.amayama.com/en/search?q=${q(text)}`,
    partNumberOnly: true,
  },
];

/** What the person is looking for, in their words: the part, else the description (first line). */
export function partLabel(query: PartsQuery): string {
  const what = query.parte ?? query.descripcion?.split("\n")[0] ?? "";
  return what.length > 80 ? `${what.slice(0, 77).trimEnd()}…` : what;
}

/** One link per store that sells parts for this vehicle, each saying what it searches for. */
export function storeLinkResults(query: PartsQuery): TPartResult[] {
  const market = vehicleMarket(query.marca, query.modelo, query.anio);
  const vehicle = `${query.marca} ${query.modelo} ${query.anio}`;
  const label = partLabel(query);
  const part = translatePart(label);
  const text = query.numeroPieza ?? `${part.english} ${vehicle}`;
  const searched = query.numeroPieza
    ? `Número de pieza ${query.numeroPieza} (${label}, ${vehicle})`
    : part.translated
      ? `Busca "${text}"`
      : `Busca "${text}" (en español: no tenemos esa pieza en nuestro vocabulario; con el número de pieza es exacto)`;
  return PART_STORES.filter((store) => store.sells(market) && (!store.partNumberOnly || query.numeroPieza)).map((store) => {
    const byVehicle = !query.numeroPieza && store.vehicle;
    return {
      nombre: byVehicle ? `Catálogo de ${vehicle}` : searched,
      tienda: store.tienda,
      precio: PRICE_CHECK_IN_STORE,
      disponibilidad: byVehicle ? `${store.about} Abre tu vehículo y busca "${part.english}".` : store.about,
      url: byVehicle ? store.vehicle!(query) : store.search(text),
    };
  });
}

export function createStoreLinksPartsProvider(): PartsProvider {
  return {
    name: "store-links",
    search: async (query) => ({ results: storeLinkResults(query), fallbackUsado: true }),
  };
}
