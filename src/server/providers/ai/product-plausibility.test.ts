// Issue 17, item 13: the offline estimate of 40-odd everyday products, typed as a visitor types
// them, must be physically plausible: a weight in a realistic range (bounds written from
// manufacturers' typical figures, independently of the catalog), a box at least as large as the
// product in every dimension and at least as heavy, and sea recommended for bulky goods (and
// for what may not fly). Small things go by air.
import { describe, expect, it } from "vitest";
import { ZProductAnalysisSchema } from "../../../shared/api/product-analysis";
import { CATALOG } from "./product-catalog";
import { estimateProduct } from "./product-estimator";

type Mode = "air" | "sea" | "either";
/** [description, packed kilograms min–max, longest packed side cm min–max, expected mode]. */
type Row = [string, [number, number], [number, number], Mode];

const PRODUCTS: Row[] = [
  ["iPhone 15 Pro Max", [0.3, 1.2], [12, 30], "air"],
  ["Celular Samsung Galaxy A55", [0.3, 1.2], [12, 30], "air"],
  ["Laptop Lenovo IdeaPad 15", [1.8, 5], [35, 65], "air"],
  ["Sofá de 3 plazas grande", [35, 90], [180, 240], "sea"],
  ["Refrigeradora Samsung de 2 puertas", [55, 130], [150, 200], "sea"],
  ["Llanta Michelin 205/55 R16", [7, 16], [55, 80], "either"],
  ["Bicicleta de montaña aro 29", [12, 25], [120, 190], "sea"],
  ["Camisetas y jeans", [0.2, 3], [20, 50], "air"],
  ["Perfume Carolina Herrera 100 ml", [0.2, 1], [10, 30], "air"],
  ['Televisor Samsung 65"', [18, 40], [150, 180], "sea"],
  ["Pastillas de freno delanteras Toyota Hilux", [0.5, 5], [15, 50], "air"],
  ["Microondas Panasonic", [10, 22], [45, 70], "sea"],
  ["Lavadora LG carga frontal", [55, 95], [80, 110], "sea"],
  ["Colchón queen", [20, 60], [190, 215], "sea"],
  ["Zapatos Nike Air Max", [0.7, 2], [28, 45], "air"],
  ["Reloj Casio", [0.1, 0.6], [8, 25], "air"],
  ["Tablet iPad Air", [0.5, 1.5], [25, 40], "air"],
  ["Consola PlayStation 5", [4, 8], [40, 60], "either"],
  ["Impresora HP multifuncional", [5, 13], [40, 65], "either"],
  ["Dron DJI Mini 4 Pro", [0.5, 2.5], [15, 40], "air"],
  ["Guitarra acústica Yamaha", [3, 8], [95, 125], "either"],
  ["Coche de bebé", [7, 18], [60, 100], "either"],
  ["Aire acondicionado inverter 12000 BTU", [30, 65], [80, 110], "sea"],
  ["Silla de oficina ergonómica", [10, 25], [55, 85], "sea"],
  ["Escritorio de madera", [18, 45], [100, 160], "sea"],
  ["Libros de tapa dura", [0.4, 4], [20, 40], "air"],
  ["Vitaminas Centrum 200 tabletas", [0.2, 1.5], [10, 30], "air"],
  ["Audífonos Sony WH-1000XM5", [0.3, 1.2], [15, 30], "air"],
  ["Cámara Canon EOS R50", [0.8, 3], [15, 40], "air"],
  ["Licuadora Oster", [2.5, 7], [25, 50], "either"],
  ["Aspiradora Dyson V15", [3, 10], [50, 85], "either"],
  ["Juego de herramientas 150 piezas", [3, 12], [30, 60], "either"],
  ["Batería de carro 12V", [12, 26], [25, 40], "sea"],
  ["Aros de 17 para carro", [7, 16], [40, 60], "either"],
  ["Casco para moto", [1.2, 3.5], [28, 45], "air"],
  ["Caminadora eléctrica", [40, 110], [150, 210], "sea"],
  ["Mancuernas de 10 kg", [9, 25], [25, 50], "sea"],
  ["Cuna para bebé", [15, 40], [100, 140], "sea"],
  ["Monitor LG 27 pulgadas", [5, 10], [60, 85], "either"],
  ["Parlante JBL Charge 5", [0.8, 2.5], [20, 40], "air"],
  ["Cafetera Nespresso", [3, 7], [25, 45], "either"],
  ["Lentes de sol Ray-Ban", [0.1, 0.6], [12, 25], "air"],
];

const SEA = ["maritimo", "maritimo-china"];
const dims = ({ largo, ancho, alto }: { largo: number; ancho: number; alto: number }) => [largo, ancho, alto];

describe("offline estimates are physically plausible", () => {
  it("covers at least 40 everyday products", () => {
    expect(PRODUCTS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PRODUCTS)("%s", (description, [minKg, maxKg], [minSide, maxSide], mode) => {
    const a = ZProductAnalysisSchema.parse(estimateProduct({ description, productUrl: "" }));
    expect(a.categoria_producto, "a known category").not.toBe("Artículo general");
    expect(a.peso_estimado_con_embalaje / 1000).toBeGreaterThanOrEqual(minKg);
    expect(a.peso_estimado_con_embalaje / 1000).toBeLessThanOrEqual(maxKg);
    expect(a.peso_estimado).toBeGreaterThan(0);
    expect(a.peso_estimado).toBeLessThanOrEqual(a.peso_estimado_con_embalaje);
    const packed = dims(a.dimensiones_estimadas_con_embalaje);
    const bare = dims(a.dimensiones_estimadas);
    packed.forEach((side, i) => expect(side, `packed ${packed.join("×")} ≥ unpacked ${bare.join("×")}`).toBeGreaterThanOrEqual(bare[i]));
    expect(Math.max(...packed)).toBeGreaterThanOrEqual(minSide);
    expect(Math.max(...packed)).toBeLessThanOrEqual(maxSide);
    if (mode === "sea") expect(SEA, a.razon_recomendacion).toContain(a.mejor_opcion_envio);
    if (mode === "air") expect(a.mejor_opcion_envio, a.razon_recomendacion).toBe("aereo");
    expect(a.descripcion_verificacion).toMatch(/estimación por categoría/i);
  });

  it("'Sofá de 3 plazas grande' is a sofa, packed larger than it is, sent by sea with the reason", () => {
    const a = estimateProduct({ description: "Sofá de 3 plazas grande", productUrl: "" });
    expect(a.categoria_producto).toBe("Sofá");
    expect(a.peso_estimado_con_embalaje).toBeGreaterThan(18_000);
    expect(a.dimensiones_estimadas_con_embalaje.alto).toBeGreaterThanOrEqual(a.dimensiones_estimadas.alto);
    expect(a.mejor_opcion_envio).toBe("maritimo");
    expect(a.razon_recomendacion).toMatch(/volum/);
  });

  it("every catalog category is a coherent package: heavier and larger packed, in every dimension", () => {
    for (const c of CATALOG) {
      expect(c.packedGrams, c.id).toBeGreaterThanOrEqual(c.grams);
      for (const [i, side] of dims(c.packedSize).entries()) expect(side, c.id).toBeGreaterThanOrEqual(dims(c.size)[i]);
    }
  });

  it("bulky categories recommend sea from Miami and from China", () => {
    for (const c of CATALOG.filter((c) => c.bulky)) {
      const word = Object.keys(c.keywords).find((k) => (c.keywords[k] ?? 0) >= 5) ?? c.id;
      expect(estimateProduct({ description: word, productUrl: "" }).mejor_opcion_envio, c.id).toBe("maritimo");
      expect(estimateProduct({ description: word, productUrl: "https://www.temu.com/x.html" }).mejor_opcion_envio, c.id).toBe("maritimo-china");
    }
  });
});
