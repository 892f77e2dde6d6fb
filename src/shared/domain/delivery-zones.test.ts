import { describe, expect, it } from "vitest";
import { CANTONS_BY_PROVINCE, PROVINCES, ZONE_NONE_KEY, ZONE_PICKUP_KEY, deliveryZoneOf, zoneFromAddress } from "./delivery-zones";

const canton = (address: string) => zoneFromAddress(address).canton;

describe("delivery zones", () => {
  it("knows Costa Rica's 84 cantons, each once", () => {
    const all = PROVINCES.flatMap((p) => CANTONS_BY_PROVINCE[p]);
    expect(all).toHaveLength(84);
    expect(new Set(all).size).toBe(84);
  });

  it("reads the canton from real addresses, accents and case ignored", () => {
    expect(zoneFromAddress("Grecia, Alajuela, 200 m norte de la iglesia católica")).toMatchObject({
      key: "grecia",
      label: "Grecia, Alajuela",
      province: "Alajuela",
    });
    expect(canton("ESCAZU, San Rafael, del Multiplaza 300 m sur, casa 12")).toBe("Escazú");
    expect(canton("San José, Pérez Zeledón, Daniel Flores, frente a la plaza")).toBe("Pérez Zeledón");
    expect(canton("Heredia, Santo Domingo, Santa Rosa, condominio Los Almendros")).toBe("Santo Domingo");
    expect(canton("Cartago, La Unión, Concepción, residencial El Tejar")).toBe("La Unión");
    expect(canton("Liberia, Guanacaste, Barrio Los Ángeles casa 4")).toBe("Liberia");
    expect(canton("Pococí, Limón, Guápiles centro")).toBe("Pococí");
    expect(canton("puntarenas, osa, ciudad cortés, frente al banco nacional")).toBe("Osa");
  });

  it("a canton named like its province counts only when no other canton is named", () => {
    expect(canton("Alajuela centro, 100 este del parque")).toBe("Alajuela");
    expect(canton("Barrio Escalante, San José, de la Iglesia Santa Teresita 200 m este")).toBe("San José");
    expect(canton("San José, Escazú")).toBe("Escazú");
    expect(canton("Limón, Talamanca, Puerto Viejo")).toBe("Talamanca");
    // A district named like another province's canton: the named province decides.
    expect(canton("San Rafael de Alajuela, Urbanización La Paz")).toBe("Alajuela");
    expect(canton("Desamparados de Alajuela, calle El Coco")).toBe("Alajuela");
    expect(canton("San Rafael de Heredia, Los Ángeles")).toBe("San Rafael");
    expect(canton("Desamparados, San Rafael Arriba")).toBe("Desamparados");
  });

  it("a longer name wins over the shorter one inside it, and old or district names lead to their canton", () => {
    expect(canton("Puntarenas, Puerto Jiménez, frente a la marina")).toBe("Puerto Jiménez");
    expect(canton("Jiménez, Cartago, Juan Viñas")).toBe("Jiménez");
    expect(canton("San Isidro de El General, barrio Boston")).toBe("Pérez Zeledón");
    expect(canton("San Isidro, Heredia, 300 m oeste de la escuela")).toBe("San Isidro");
    expect(canton("Ciudad Quesada, 100 m sur del hospital")).toBe("San Carlos");
    expect(canton("Tres Ríos centro, casa esquinera")).toBe("La Unión");
    expect(canton("Coronado, San Antonio, 50 m norte del Más x Menos")).toBe("Vázquez de Coronado");
    expect(canton("San Pedro de Montes de Oca, Los Yoses")).toBe("Montes de Oca");
    expect(canton("Jacó centro, Puntarenas")).toBe("Garabito");
  });

  it("a canton that is also a surname or a common word counts only as a place of its own", () => {
    expect(canton("San José, Hatillo 2, frente a la Farmacia Mora")).toBe("San José");
    expect(canton("Ciudad Colón, Mora, 100 m oeste de la iglesia")).toBe("Mora");
    expect(canton("Cantón de Mora, Tabarcia")).toBe("Mora");
    expect(canton("Heredia, San Francisco, calle Flores casa 8")).toBe("Heredia");
    expect(canton("Heredia, Flores, San Joaquín")).toBe("Flores");
    expect(canton("Liberia, Guanacaste, 200 m norte de la Cruz Roja")).toBe("Liberia");
    expect(canton("Guanacaste, La Cruz, frente al parque")).toBe("La Cruz");
    expect(canton("Grecia, barrio Buenos Aires, casa 3")).toBe("Grecia");
  });

  it("no canton → Sin zona; office pickup → Retiro en oficina", () => {
    expect(zoneFromAddress("Del árbol de mango 2 cuadras al norte")).toMatchObject({ key: ZONE_NONE_KEY, label: "Sin zona", canton: null });
    expect(zoneFromAddress("")).toMatchObject({ key: ZONE_NONE_KEY });
    // Whole words only: "Atenas" inside "Atenastown" is not Atenas.
    expect(zoneFromAddress("Atenastown")).toMatchObject({ key: ZONE_NONE_KEY });
    expect(deliveryZoneOf("Grecia, Alajuela", true)).toMatchObject({ key: ZONE_PICKUP_KEY, label: "Retiro en oficina" });
    expect(deliveryZoneOf("Grecia, Alajuela", false).key).toBe("grecia");
  });
});
