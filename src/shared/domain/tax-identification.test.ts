import { describe, expect, it } from "vitest";
import { validateTaxId } from "./tax-identification";

describe("tax identification (issue 34)", () => {
  it("accepts each type's number, typed with dashes or spaces", () => {
    expect(validateTaxId("FISICA", "1-0987-0654")).toEqual({ ok: true, number: "109870654" });
    expect(validateTaxId("JURIDICA", "3-101-123456")).toEqual({ ok: true, number: "3101123456" });
    expect(validateTaxId("DIMEX", "155812345678")).toEqual({ ok: true, number: "155812345678" });
    expect(validateTaxId("DIMEX", "15581234567")).toEqual({ ok: true, number: "15581234567" });
    expect(validateTaxId("NITE", "4000123456")).toEqual({ ok: true, number: "4000123456" });
  });

  it("refuses a number of the wrong shape for its type, in Spanish", () => {
    for (const [type, number] of [
      ["FISICA", "012345678"],
      ["FISICA", "12345678"],
      ["JURIDICA", "310112345"],
      ["DIMEX", "0155812345678"],
      ["DIMEX", "1558123456"],
      ["NITE", "40001234567"],
      ["FISICA", "1O9870654"],
    ] as const) {
      const result = validateTaxId(type, number);
      expect(result.ok, `${type} ${number}`).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/dígitos/);
    }
  });
});
