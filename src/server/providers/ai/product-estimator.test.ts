import { describe, expect, it } from "vitest";
import { ZProductAnalysisSchema } from "../../../shared/api/product-analysis";
import { CATALOG } from "./product-catalog";
import {
  estimateProduct,
  findNamedWeightGrams,
  findScreenInches,
  findSetQuantity,
  findTyre,
  matchCategory,
  normalizeWords,
  readProductUrl,
  recommendMode,
} from "./product-estimator";

const estimate = (description: string, productUrl = "") => estimateProduct({ description, productUrl });

describe("reading the words", () => {
  it("lowercases and drops accents and punctuation", () => {
    expect(normalizeWords("Teléfono Galaxy-S24, ¡Audífonos!")).toEqual(["telefono", "galaxy", "s24", "audifonos"]);
  });

  it("reads the slug of store addresses and the search words, not the host", () => {
    expect(readProductUrl("https://www.amazon.com/Apple-iPhone-15-Pro-Max/dp/B0CMZ4S1G5/ref=sr_1_1")).toMatchObject({
      host: "www.amazon.com",
    });
    expect(normalizeWords(readProductUrl("https://www.amazon.com/Apple-iPhone-15-Pro-Max/dp/B0CMZ4S1G5").text)).toEqual(
      expect.arrayContaining(["apple", "iphone", "15", "pro", "max"]),
    );
    expect(normalizeWords(readProductUrl("https://www.ebay.com/sch/i.html?_nkw=pastillas+de+freno").text)).toEqual(
      expect.arrayContaining(["pastillas", "de", "freno"]),
    );
    expect(readProductUrl("no es una url")).toEqual({ host: null, text: "" });
  });

  it("finds screen sizes and named weights", () => {
    expect(findScreenInches("Televisor 65 pulgadas")).toBe(65);
    expect(findScreenInches("samsung 55 class crystal")).toBe(55);
    expect(findScreenInches('Monitor 27" IPS')).toBe(27);
    expect(findScreenInches("LG-43-Inch-4K")).toBe(43);
    expect(findScreenInches("iPhone 15 Pro Max")).toBeNull();
    expect(findNamedWeightGrams("mancuernas 20 kg")).toBe(20_000);
    expect(findNamedWeightGrams("Whey protein 5 lb")).toBe(2268);
    expect(findNamedWeightGrams("café 340 gramos")).toBe(340);
    // "5G" is a network, and a load rating is not the product's weight.
    expect(findNamedWeightGrams("Galaxy A54 5G")).toBeNull();
    expect(findNamedWeightGrams("soporta 200 kg")).toBeNull();
  });
});

describe("matching a category", () => {
  it.each([
    ["iPhone 15 Pro Max", "celular"],
    ["Samsung Galaxy S24 Ultra desbloqueado", "celular"],
    ["Funda de silicona para iPhone 15", "accesorio-electronico"],
    ["MacBook Air M3 13 pulgadas", "laptop"],
    ["cargador para MacBook", "accesorio-electronico"],
    ["Apple Watch Series 9", "reloj"],
    ["AirPods Pro 2", "audifonos"],
    ["zapatos Nike talla 10", "zapatos"],
    ["Women's running shoes", "zapatos"],
    ["camiseta y jeans", "ropa"],
    ["licuadora Oster", "electrodomestico-pequeno"],
    ["freidora de aire Ninja", "electrodomestico-pequeno"],
    ["pastillas de freno Toyota Hilux 2015", "repuesto-auto"],
    ["alternador Honda Civic", "repuesto-auto"],
    ["LEGO Star Wars", "juguete"],
    ["muñeca Barbie", "juguete"],
    ["sérum facial y protector solar", "cosmeticos"],
    ["taladro inalámbrico DeWalt", "herramientas"],
    ["Smart TV 55 pulgadas", "televisor"],
    ["PlayStation 5 Slim", "consola"],
    ["Nintendo Switch OLED", "consola-portatil"],
    ["mochila para laptop", "bolso"],
    ["llantas 265/70 R17", "llanta"],
    ["proteína whey 5 lb", "suplementos"],
  ])("%s → %s", (description, id) => {
    expect(matchCategory(normalizeWords(description)).category.id).toBe(id);
  });

  it("counts a singular and its plural as one piece of evidence", () => {
    const match = matchCategory(normalizeWords("zapatos"));
    expect(match.matched).toEqual(["zapatos"]);
  });

  it("needs real evidence: a lone hint or nothing known gives the generic category", () => {
    expect(matchCategory(normalizeWords("for men")).category.id).toBe("general");
    expect(matchCategory(normalizeWords("cosa rara xyz")).category.id).toBe("general");
  });

  it("every catalog entry is a coherent package", () => {
    const ids = new Set<string>();
    for (const c of CATALOG) {
      expect(ids.has(c.id)).toBe(false);
      ids.add(c.id);
      expect(c.packedGrams).toBeGreaterThanOrEqual(c.grams);
      for (const [keyword, weight] of Object.entries(c.keywords)) {
        expect(keyword).toBe(normalizeWords(keyword).join(" "));
        expect(weight).toBeGreaterThan(0);
      }
    }
  });
});

describe("the offline estimate", () => {
  it("describes 'iPhone 15 Pro Max' as a phone sent by air, flagged as a fallback", () => {
    const analysis = ZProductAnalysisSchema.parse(estimate("iPhone 15 Pro Max"));
    expect(analysis.fallback_usado).toBe(true);
    expect(analysis.categoria_producto).toBe("Celular / smartphone");
    expect(analysis.peso_estimado).toBeLessThan(analysis.peso_estimado_con_embalaje);
    expect(analysis.peso_estimado_con_embalaje).toBeGreaterThanOrEqual(300);
    expect(analysis.peso_estimado_con_embalaje).toBeLessThanOrEqual(1000);
    expect(analysis.mejor_opcion_envio).toBe("aereo");
    expect(analysis.tiempo_entrega_estimado).toBe("3 a 6 días hábiles");
    expect(analysis.descripcion_verificacion).toMatch(/iphone/);
    expect(analysis.consideraciones_importacion.some((c) => /litio/.test(c))).toBe(true);
  });

  it("reads an Amazon product address alone and names the store", () => {
    const analysis = estimate("", "https://www.amazon.com/Apple-iPhone-15-Pro-Max/dp/B0CMZ4S1G5/ref=sr_1_1");
    expect(analysis.categoria_producto).toBe("Celular / smartphone");
    expect(analysis.descripcion_verificacion).toMatch(/enlace/);
    expect(analysis.descripcion_verificacion).toMatch(/Amazon/);
  });

  it("scales a television with its size and computes the volume of the box", () => {
    const small = estimate("Televisor 32 pulgadas");
    const large = estimate("", "https://www.bestbuy.com/site/samsung-65-class-du7200-crystal-uhd-4k-smart-tizen-tv/6576417.p");
    expect(large.peso_estimado_con_embalaje).toBeGreaterThan(small.peso_estimado_con_embalaje);
    expect(large.dimensiones_estimadas_con_embalaje.largo).toBeGreaterThan(150);
    const { largo, ancho, alto } = large.dimensiones_estimadas_con_embalaje;
    expect(large.volumen_pies_cubicos).toBeCloseTo((largo * ancho * alto) / 28316.85, 2);
    expect(large.descripcion_verificacion).toMatch(/65 pulgadas/);
  });

  it("recommends sea from Miami for something heavy for its size", () => {
    const analysis = estimate("mancuernas ajustables 20 kg");
    expect(analysis.peso_estimado).toBe(20_000);
    expect(analysis.mejor_opcion_envio).toBe("maritimo");
    expect(analysis.tiempo_entrega_estimado).toBe("15 a 22 días");
    expect(analysis.razon_recomendacion).toMatch(/barco/);
  });

  it("recommends sea from China for heavy goods bought in a Chinese store, and explains air otherwise", () => {
    const heavy = estimate("pesas de 15 kg", "https://www.temu.com/pesas-g-601099.html");
    expect(heavy.mejor_opcion_envio).toBe("maritimo-china");
    expect(heavy.tiempo_entrega_estimado).toBe("aproximadamente 70 días");
    const light = estimate("", "https://www.temu.com/wireless-earbuds-g-601099520926.html");
    expect(light.categoria_producto).toBe("Audífonos");
    expect(light.mejor_opcion_envio).toBe("aereo");
    expect(light.consideraciones_importacion.some((c) => /Miami/.test(c))).toBe(true);
  });

  it("falls back to a typical parcel when nothing is recognised, and says so", () => {
    const analysis = estimate("", "https://www.aliexpress.com/item/1005006255.html");
    expect(analysis.categoria_producto).toBe("Artículo general");
    expect(analysis.descripcion_verificacion).toMatch(/No reconocimos/);
    expect(analysis.descripcion_verificacion).toMatch(/AliExpress \(China\)/);
    expect(ZProductAnalysisSchema.safeParse(analysis).success).toBe(true);
  });

  it("weighs a set of 4 tyres 265/70R16 as four big tyres, not one small one, and sends them by sea", () => {
    const analysis = estimate("Juego de 4 llantas 265/70R16 all terrain");
    expect(analysis.categoria_producto).toBe("Llanta o aro");
    // One 265/70R16 weighs about 22 kg (a 205/55R16, the category's typical tyre, 9 kg).
    expect(findTyre("265/70R16")).toMatchObject({ label: "265/70R16", size: { largo: 78, ancho: 78, alto: 27 } });
    expect(findTyre("265/70R16")!.grams).toBeGreaterThan(19_000);
    expect(findTyre("265/70R16")!.grams).toBeLessThan(24_000);
    expect(analysis.peso_estimado).toBe(findTyre("265/70R16")!.grams * 4);
    expect(analysis.peso_estimado_con_embalaje).toBeGreaterThan(80_000);
    expect(analysis.dimensiones_estimadas.alto).toBe(27 * 4);
    expect(analysis.descripcion_verificacion).toMatch(/llantas 265\/70R16/);
    expect(analysis.descripcion_verificacion).toMatch(/juego de 4/);
    expect(analysis.mejor_opcion_envio).toBe("maritimo");
    expect(ZProductAnalysisSchema.safeParse(analysis).success).toBe(true);
    for (const text of ["set of 4 tires", "4 llantas", "rines x4", "pack de 2 aros"]) expect(findSetQuantity(text), text).toBeGreaterThan(1);
    expect(findSetQuantity("llanta 205/55R16")).toBe(1);
  });

  it("never takes a washer's capacity in kilos for its weight", () => {
    const washer = estimate("Lavadora de carga frontal 20 kg Samsung");
    expect(washer.categoria_producto).toBe("Lavadora, secadora o cocina");
    expect(washer.peso_estimado).toBeGreaterThan(50_000);
    expect(washer.descripcion_verificacion).toMatch(/capacidad de carga, no su peso/);
    // Anywhere, "capacidad de 20 kg" / "20 kg capacity" / "soporta 150 kg" is a capacity.
    expect(findNamedWeightGrams("Maleta con capacidad de 20 kg")).toBeNull();
    expect(findNamedWeightGrams("Backpack 20 kg capacity")).toBeNull();
    expect(findNamedWeightGrams("Silla gamer soporta 150 kg")).toBeNull();
    expect(findNamedWeightGrams("Mancuerna de 20 kg")).toBe(20_000);
  });

  it("every category's default estimate satisfies the shared analysis schema", () => {
    for (const category of CATALOG) {
      const word = Object.keys(category.keywords).find((k) => (category.keywords[k] ?? 0) >= 5) ?? "";
      expect(ZProductAnalysisSchema.safeParse(estimate(word)).success, category.id).toBe(true);
    }
  });
});

describe("recommending a mode", () => {
  it("prefers air unless sea saves enough for the wait", () => {
    // 1 ft³ box: sea 35 USD. 2000 g by air = 30 USD → air.
    expect(recommendMode(2000, { largo: 30, ancho: 30, alto: 30 }, "usa").mode).toBe("aereo");
    // 4000 g = 60 USD by air; 35 is 58 % of it → sea from Miami.
    expect(recommendMode(4000, { largo: 30, ancho: 30, alto: 30 }, "usa").mode).toBe("maritimo");
    // From China sea must cost at most 60 %: 35 of 52.50 (3500 g × 0.015) is 67 % → air.
    expect(recommendMode(3500, { largo: 30, ancho: 30, alto: 30 }, "china").mode).toBe("aereo");
    expect(recommendMode(4000, { largo: 30, ancho: 30, alto: 30 }, "china").mode).toBe("maritimo-china");
  });
});
