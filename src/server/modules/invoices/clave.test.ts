// Issue 34: the clave (50 digits) and the consecutivo (20) follow Hacienda's format 4.4.
import { describe, expect, it } from "vitest";
import { clave, consecutivo, costaRicaDateTime } from "./clave";

describe("clave and consecutivo (issue 34)", () => {
  it("the consecutivo is branch 3 · terminal 5 · type 2 · number 10", () => {
    expect(consecutivo({ branch: "001", terminal: "00001" }, "FACTURA", 1)).toBe("00100001010000000001");
    expect(consecutivo({ branch: "002", terminal: "00010" }, "TIQUETE", 9_999_999_999)).toBe("00200010049999999999");
    expect(consecutivo({ branch: "001", terminal: "00001" }, "NOTA_CREDITO", 42)).toBe("00100001030000000042");
    expect(() => consecutivo({ branch: "001", terminal: "00001" }, "FACTURA", 10_000_000_000)).toThrow();
    expect(() => consecutivo({ branch: "1", terminal: "00001" }, "FACTURA", 1)).toThrow();
  });

  it("the clave is 506 · day · month · year · emitter id (12) · consecutivo · situation · security code, on Costa Rica's date", () => {
    const c = consecutivo({ branch: "001", terminal: "00001" }, "FACTURA", 7);
    // 03:30 UTC on 1 December is still 30 November in Costa Rica.
    const k = clave({ issuedAt: new Date("2026-12-01T03:30:00Z"), emitterIdNumber: "3101123456", consecutivo: c, securityCode: "87654321" });
    expect(k).toHaveLength(50);
    expect(k).toBe(`506${"301126"}${"003101123456"}${c}1${"87654321"}`);
    expect(clave({ issuedAt: new Date("2026-01-05T12:00:00Z"), emitterIdNumber: "109870654", consecutivo: c, situation: "CONTINGENCIA" })).toMatch(
      new RegExp(`^506050126000109870654${c}2\\d{8}$`),
    );
  });

  it("dates are written in Costa Rica's time (UTC−6)", () => {
    expect(costaRicaDateTime(new Date("2026-12-01T03:30:05Z"))).toBe("2026-11-30T21:30:05-06:00");
  });
});
