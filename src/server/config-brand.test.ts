// The trust facts and the import-tax table read from the environment (decisions 207 and 208).
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("brand configuration", () => {
  it("reads the legal name, the customs code and the office's pin, which places the map", () => {
    const { brand } = loadConfig({
      NODE_ENV: "test",
      BRAND_LEGAL_NAME: "Express Import Sociedad Anónima",
      BRAND_LEGAL_ID: "3-101-123456",
      BRAND_CUSTOMS_CODE: "TICA-0457",
      BRAND_MAP_PIN: "10.0732, -84.3122",
    });
    expect(brand).toMatchObject({ legalName: "Express Import Sociedad Anónima", legalId: "3-101-123456", customsCode: "TICA-0457" });
    expect(brand.mapPin).toEqual({ lat: 10.0732, lng: -84.3122 });
    expect(brand.mapEmbedUrl).toBe("https://www.google.com/maps?q=10.0732,-84.3122&z=17&output=embed");
    const unset = loadConfig({ NODE_ENV: "test" }).brand;
    expect(unset).toMatchObject({ legalName: "", customsCode: "", mapPin: null });
    expect(unset.mapEmbedUrl).toMatch(/Grecia/);
  });

  it("refuses a pin or a customs code that cannot be right, naming the variable", () => {
    for (const pin of ["10.07", "norte de la iglesia", "100,-84", "10.07,-200"]) {
      expect(() => loadConfig({ NODE_ENV: "test", BRAND_MAP_PIN: pin }), pin).toThrow(/BRAND_MAP_PIN/);
    }
    expect(() => loadConfig({ NODE_ENV: "test", BRAND_CUSTOMS_CODE: "<script>" })).toThrow(/BRAND_CUSTOMS_CODE/);
  });

  it("takes the import-tax table from IMPORT_TAX_CATEGORIES, and refuses one that cannot be right", () => {
    const table = [{ id: "ropa", label: "Ropa", dai: [0.1, 0.14], selectivo: [0, 0], iva: 0.13 }];
    expect(loadConfig({ NODE_ENV: "test", IMPORT_TAX_CATEGORIES: JSON.stringify(table) }).brand.importTaxes).toEqual(table);
    expect(loadConfig({ NODE_ENV: "test" }).brand.importTaxes.map((c) => c.id)).toContain("consolas");
    for (const bad of ["no es json", "[]", JSON.stringify([{ ...table[0], iva: 13 }])]) {
      expect(() => loadConfig({ NODE_ENV: "test", IMPORT_TAX_CATEGORIES: bad }), bad).toThrow(/IMPORT_TAX_CATEGORIES/);
    }
  });
});
