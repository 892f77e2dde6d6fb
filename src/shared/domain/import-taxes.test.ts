import { describe, expect, it } from "vitest";
import { DEFAULT_IMPORT_TAX_CATEGORIES, estimateImportTaxes, readImportTaxCategories, taxShareRange, type ImportTaxCategory } from "./import-taxes";

const category = (id: string): ImportTaxCategory => DEFAULT_IMPORT_TAX_CATEGORIES.find((c) => c.id === id)!;

describe("import taxes (decision 208)", () => {
  it("computes them one after the other on the customs value, as Aduanas does", () => {
    // A $100 console with $20 of freight and insurance: CIF 120; DAI 14 % = 16.80; selectivo 20 % of
    // 136.80 = 27.36; Ley 6946 1 % = 1.20; IVA 13 % of 165.36 = 21.50.
    const estimate = estimateImportTaxes(100, 20, category("consolas"))!;
    expect(estimate.low).toEqual({ cifUsd: 120, daiUsd: 16.8, selectivoUsd: 27.36, ley6946Usd: 1.2, ivaUsd: 21.5, totalUsd: 66.86 });
    expect(estimate.high).toEqual(estimate.low);
  });

  it("matches the published shares: consoles 55.71 %, televisions about 50 %, books 1 %, phones and computers 14.13 %", () => {
    expect(taxShareRange(category("consolas"))).toEqual([55.71, 55.71]);
    const [tv] = taxShareRange(category("televisores"));
    expect(tv).toBeGreaterThan(48);
    expect(tv).toBeLessThan(51);
    expect(taxShareRange(category("libros"))).toEqual([1, 1]);
    expect(taxShareRange(category("tecnologia"))).toEqual([14.13, 14.13]);
    const [low, high] = taxShareRange(category("otros"));
    expect(low).toBe(14.13);
    expect(high).toBeGreaterThan(55);
  });

  it("gives nothing for a value that is not a positive number, and ignores a bad freight", () => {
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) expect(estimateImportTaxes(bad, 10, category("ropa")), String(bad)).toBeNull();
    expect(estimateImportTaxes(100, Number.NaN, category("ropa"))!.low.cifUsd).toBe(100);
  });

  it("reads a configured table only when every category is whole and in range", () => {
    const good = [{ id: "ropa", label: "Ropa", dai: [0.1, 0.14], selectivo: [0, 0], iva: 0.13 }];
    expect(readImportTaxCategories(good)).toEqual(good);
    for (const bad of [
      [],
      {},
      [{ ...good[0], dai: [0.2, 0.1] }],
      [{ ...good[0], iva: 13 }],
      [{ ...good[0], label: "<b>Ropa</b>" }],
      [good[0], good[0]],
      [{ ...good[0], id: "Ropa Nueva" }],
    ]) {
      expect(readImportTaxCategories(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
