// The given-names / surnames split (decision 106), on names as Costa Ricans write them.
import { describe, expect, it } from "vitest";
import { splitFullName } from "./person-name";

describe("splitFullName", () => {
  it.each([
    // Two given names, two surnames: the compound first name stays whole.
    ["María José Pérez Rojas", "María José", "Pérez Rojas"],
    ["José Pablo Jiménez Solano", "José Pablo", "Jiménez Solano"],
    ["Juan Carlos Mora Vargas", "Juan Carlos", "Mora Vargas"],
    ["Ana Lucía Villalobos Céspedes", "Ana Lucía", "Villalobos Céspedes"],
    // One given name, two surnames.
    ["Laura Chaves Ulate", "Laura", "Chaves Ulate"],
    ["Diego Alfaro Rojas", "Diego", "Alfaro Rojas"],
    ["Esteban Alonso Méndez", "Esteban", "Alonso Méndez"],
    // Three parts whose middle one is a given name: one surname only.
    ["Ana María Solís", "Ana María", "Solís"],
    ["José María Figueres", "José María", "Figueres"],
    // Particles go with the part after them.
    ["María de los Ángeles Vargas Mora", "María de los Ángeles", "Vargas Mora"],
    ["Juan Carlos de la Cruz Rojas", "Juan Carlos", "de la Cruz Rojas"],
    ["Luis del Valle Solano", "Luis", "del Valle Solano"],
    ["Sofía Castro y Castro", "Sofía", "Castro y Castro"],
    // Three given names.
    ["María Fernanda Isabel Soto Araya", "María Fernanda Isabel", "Soto Araya"],
    // Short names, spacing, case.
    ["Madonna", "Madonna", ""],
    ["Karla Mora", "Karla", "Mora"],
    ["  maría   josé  pérez  rojas ", "maría josé", "pérez rojas"],
    ["", "", ""],
  ])("%j → %j / %j", (full, nombres, apellidos) => {
    expect(splitFullName(full)).toEqual({ nombres, apellidos });
  });

  it("keeps every word of the name", () => {
    for (const full of ["María de los Ángeles Vargas Mora", "Juan de", "de la Rosa"]) {
      const { nombres, apellidos } = splitFullName(full);
      expect(`${nombres} ${apellidos}`.trim()).toBe(full);
    }
  });
});
