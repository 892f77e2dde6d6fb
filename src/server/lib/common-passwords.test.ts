// The password rules beyond length (issue 19): the common list, personal words, repeats.
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_COUNT, isTooCommonPassword } from "./common-passwords";

describe("isTooCommonPassword", () => {
  it("holds a few hundred common passwords", () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(300);
  });

  it("refuses common ones, with any case, accents, spaces or digits after them", () => {
    for (const weak of ["contraseña", "Contraseña123", "CONTRASENA", "123456789a", "1234567890", "Pura Vida 2025", "saprissa1935", "qwertyuiop", "Password123!"]) {
      expect(isTooCommonPassword(weak), weak).toBe(true);
    }
  });

  it("refuses one repeated character and the person's login or name inside", () => {
    expect(isTooCommonPassword("aaaaaaaaaaaa")).toBe(true);
    expect(isTooCommonPassword("ñññññññññññ")).toBe(true);
    const person = { login: "rsolano@ejemplo.com", name: "Rosa Solano" };
    for (const weak of ["rsolano2026!", "RosaSolano99", "solano-en-grecia", "clave-de-rosa-y-luz"]) {
      expect(isTooCommonPassword(weak, person), weak).toBe(true);
    }
  });

  it("accepts a long password of unrelated words", () => {
    expect(isTooCommonPassword("girasol-azul-en-grecia", { login: "rsolano", name: "Rosa Solano" })).toBe(false);
    expect(isTooCommonPassword("tres tigres tristes 42")).toBe(false);
  });
});
