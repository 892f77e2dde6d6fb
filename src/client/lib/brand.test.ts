// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { DEFAULT_BRAND, SERVER_BRAND_GLOBAL } from "../../shared/brand";
import { mergeBrand, readBrand } from "./brand";

function pageWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument("x");
  if (json !== null) {
    const script = doc.createElement("script");
    script.id = "brand-data";
    script.type = "application/json";
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

describe("brand", () => {
  it("uses the defaults when the page carries no overrides", () => {
    expect(readBrand(pageWith(null))).toEqual(DEFAULT_BRAND);
  });

  it("falls back to the defaults on bad JSON", () => {
    expect(readBrand(pageWith("{not json"))).toEqual(DEFAULT_BRAND);
    expect(readBrand(pageWith("null"))).toEqual(DEFAULT_BRAND);
    expect(readBrand(pageWith("[1,2]"))).toEqual(DEFAULT_BRAND);
  });

  it("merges nested overrides and keeps every field it was not given", () => {
    const brand = readBrand(
      pageWith(JSON.stringify({ name: "Otra Courier", social: { linkedin: "https://linkedin.com/x" }, miami: { sea: { zip: "33166" } } })),
    );
    expect(brand.name).toBe("Otra Courier");
    expect(brand.social).toEqual({ ...DEFAULT_BRAND.social, linkedin: "https://linkedin.com/x" });
    expect(brand.miami.sea).toEqual({ ...DEFAULT_BRAND.miami.sea, zip: "33166" });
    expect(brand.miami.air).toEqual(DEFAULT_BRAND.miami.air);
    expect(brand.hours).toEqual(DEFAULT_BRAND.hours);
  });

  it("ignores unknown keys and values of the wrong type", () => {
    const merged = mergeBrand(
      { name: "A", year: 2020, hours: { weekdays: "L" } },
      { name: 5, year: "2021", hours: "x", extra: "y" },
    );
    expect(merged).toEqual({ name: "A", year: 2020, hours: { weekdays: "L" } });
  });

  it("takes the business's own team, whole members with photos served here only", () => {
    const karla = { name: "Karla Jiménez Mora", role: "Servicio al cliente", bio: "Responde el WhatsApp.", photo: "/brand/equipo/karla.jpg", photoAlt: "Karla en la oficina" };
    const brand = readBrand(
      pageWith(
        JSON.stringify({
          team: [karla, { ...karla, photo: "https://otro.sitio/x.jpg" }, { ...karla, bio: 5 }, "x", { ...karla, extra: "y" }],
        }),
      ),
    );
    expect(brand.team).toEqual([karla, karla]);
    expect(readBrand(pageWith(JSON.stringify({ team: "x" }))).team).toEqual([]);
    expect(DEFAULT_BRAND.team).toEqual([]);
  });
});

describe("brand in a server-side render", () => {
  it("reads the overrides the render worker puts in a global when there is no document, sanitised the same way", () => {
    const holder = globalThis as Record<string, unknown>;
    holder[SERVER_BRAND_GLOBAL] = JSON.stringify({ name: "Otra Courier", foundedYear: "x", team: [{ name: "Sin foto" }] });
    try {
      const brand = readBrand(null);
      expect(brand.name).toBe("Otra Courier");
      expect(brand.foundedYear).toBe(DEFAULT_BRAND.foundedYear);
      expect(brand.team).toEqual([]);
      // A page's own tag wins: the global is the server's only.
      expect(readBrand(pageWith(null))).toEqual(DEFAULT_BRAND);
      holder[SERVER_BRAND_GLOBAL] = "{not json";
      expect(readBrand(null)).toEqual(DEFAULT_BRAND);
    } finally {
      delete holder[SERVER_BRAND_GLOBAL];
    }
  });
});
