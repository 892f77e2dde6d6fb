// Issue 17, item 12: the offline parts answer (no AI) must be useful: the part searched in the
// store's language, only stores that sell parts for that make and market, and cards that say
// what each link searches for. No network: URLs are only built and read.
import { describe, expect, it } from "vitest";
import { PRICE_CHECK_IN_STORE } from "../../../shared/api/parts-assistant";
import { translatePart } from "./part-vocabulary";
import { storeLinkResults } from "./store-links";
import { vehicleMarket } from "./vehicle-markets";
import type { PartsQuery } from "./types";

const HILUX: PartsQuery = { marca: "Toyota", modelo: "Hilux", anio: 2015, parte: "Pastillas de freno delanteras" };
const COROLLA: PartsQuery = { marca: "toyota", modelo: "Corolla", anio: 2015, parte: "Pastillas de freno delanteras" };
const US_PARTS_CATALOGS = ["RockAuto", "AutoZone", "Advance Auto Parts"];

/** The search text a store link carries, whatever the store names its parameter. */
function searchedText(url: string): string {
  const params = new URL(url).searchParams;
  return ["k", "_nkw", "searchText", "searchTerm", "SearchText", "q"].map((k) => params.get(k)).find(Boolean) ?? "";
}

describe("offline parts links: the Hilux brake-pad search", () => {
  const results = storeLinkResults(HILUX);

  it("leaves out the US-market parts catalogs, since the Hilux is not sold in the US", () => {
    expect(results.length).toBeGreaterThanOrEqual(3);
    for (const store of US_PARTS_CATALOGS) expect(results.map((r) => r.tienda)).not.toContain(store);
    expect(results.map((r) => r.tienda)).toEqual(expect.arrayContaining(["eBay Motors", "AliExpress"]));
  });

  it("searches every store in English: 'front brake pads Toyota Hilux 2015', never the Spanish words", () => {
    for (const r of results) {
      expect(searchedText(r.url), r.tienda).toBe("front brake pads Toyota Hilux 2015");
      expect(decodeURIComponent(r.url).toLowerCase()).not.toContain("pastillas");
    }
  });

  it("gives distinct cards that say what each link searches for, with no invented price", () => {
    expect(new Set(results.map((r) => r.tienda)).size).toBe(results.length);
    expect(new Set(results.map((r) => r.disponibilidad)).size).toBe(results.length);
    for (const r of results) {
      expect(r.nombre).toContain("front brake pads Toyota Hilux 2015");
      expect(r.precio).toBe(PRICE_CHECK_IN_STORE);
    }
  });

  it("adds the genuine-parts catalogs that sell Toyota parts for every market when a part number is given", () => {
    const withNumber = storeLinkResults({ ...HILUX, numeroPieza: "04465-0K240" });
    expect(withNumber.map((r) => r.tienda)).toEqual(expect.arrayContaining(["PartSouq", "Amayama"]));
    for (const r of withNumber) {
      expect(r.url).toContain("04465-0K240");
      expect(r.nombre).toContain("04465-0K240");
    }
    for (const store of US_PARTS_CATALOGS) expect(withNumber.map((r) => r.tienda)).not.toContain(store);
  });
});

describe("offline parts links: a US-market model", () => {
  it("puts English terms in the US stores' search addresses, and opens RockAuto at the vehicle", () => {
    const results = storeLinkResults(COROLLA);
    expect(results.map((r) => r.tienda)).toEqual(expect.arrayContaining([...US_PARTS_CATALOGS, "Amazon", "eBay Motors"]));
    for (const r of results.filter((r) => r.tienda !== "RockAuto")) {
      expect(searchedText(r.url), r.tienda).toBe("front brake pads toyota Corolla 2015");
    }
    const rockAuto = results.find((r) => r.tienda === "RockAuto")!;
    expect(rockAuto.url).toBe("https://www.rockauto.com/en/catalog/toyota,2015,corolla");
    expect(rockAuto.disponibilidad).toContain("front brake pads");
  });

  it("searches the Spanish words as typed, and says so, when the vocabulary does not know the part", () => {
    const first = storeLinkResults({ ...COROLLA, parte: "Chunche raro" }).find((r) => r.tienda === "AutoZone")!;
    expect(searchedText(first.url)).toBe("Chunche raro toyota Corolla 2015");
    expect(first.nombre).toMatch(/en español/);
  });
});

describe("the Spanish → English parts vocabulary", () => {
  it.each([
    ["Pastillas de freno delanteras", "front brake pads"],
    ["pastillas de freno traseras cerámicas", "rear ceramic brake pads"],
    ["Amortiguadores traseros", "rear shock absorber"],
    ["Filtro de aceite", "oil filter"],
    ["Bujías", "spark plugs"],
    ["Faja de distribución", "timing belt"],
    ["Retrovisor lado del chofer", "driver side side mirror"],
    ["Bomba de agua", "water pump"],
    ["Disco de freno delantero izquierdo", "front left brake rotor"],
    ["Kit de clutch", "clutch kit"],
    ["Sensor de oxígeno 2", "oxygen sensor 2"],
  ])("%s → %s", (spanish, english) => {
    expect(translatePart(spanish)).toEqual({ english, translated: true });
  });

  it("keeps an unknown text as it was, marked untranslated", () => {
    expect(translatePart("Chunche raro")).toEqual({ english: "Chunche raro", translated: false });
  });
});

describe("the make and model market table", () => {
  it.each([
    ["Toyota", "Hilux", 2015, false],
    ["Toyota", "Corolla", 2015, true],
    ["Nissan", "Navara", 2018, false],
    ["Nissan", "Frontier", 2018, true],
    ["Mitsubishi", "L200", 2010, false],
    ["Hyundai", "Grand i10", 2019, false],
    ["Hyundai", "Tucson", 2019, true],
    ["Suzuki", "Swift", 2008, true],
    ["Suzuki", "Swift", 2019, false],
    ["Great Wall", "Wingle", 2016, false],
    ["Chevrolet", "Silverado", 2016, true],
  ] as const)("%s %s %i sold in the US: %s", (marca, modelo, anio, soldInUs) => {
    expect(vehicleMarket(marca, modelo, anio).soldInUs).toBe(soldInUs);
  });
});
