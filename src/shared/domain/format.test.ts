import { describe, expect, it } from "vitest";
import {
  COLON_SIGN,
  digitsOnly,
  EMPTY_VALUE,
  formatColones,
  formatDate,
  formatDateTime,
  formatThousands,
  formatUsd,
  formatQuantity,
  formatQuantityText,
  formatUsdRate,
  formatWholeNumber,
} from "./format";

// Node's ICU writes es-CR digit groups with U+00A0 (no-break space); the expected strings
// spell it out so a plain space in the output would fail.
const NBSP = "\u00a0";

describe("formatColones", () => {
  it("writes whole colones with the colón sign and es-CR grouping", () => {
    expect(COLON_SIGN).toBe("₡");
    expect(formatColones(12336)).toBe(`₡12${NBSP}336`);
    expect(formatColones(1234567.6)).toBe(`₡1${NBSP}234${NBSP}568`);
    expect(formatColones(1234)).toBe(`₡1${NBSP}234`);
    expect(formatColones(999)).toBe("₡999");
    expect(formatColones(0)).toBe("₡0");
    expect(formatColones(-0.2)).toBe("₡0");
    expect(formatColones(-1234)).toBe(`-₡1${NBSP}234`);
  });

  it("shows a dash for missing values", () => {
    expect(formatColones(null)).toBe(EMPTY_VALUE);
    expect(formatColones(undefined)).toBe("—");
    expect(formatColones(Number.NaN)).toBe("—");
  });
});

describe("formatUsd", () => {
  it("writes dollars with two decimals in es-CR style", () => {
    expect(formatUsd(24)).toBe("$24,00");
    expect(formatUsd(105)).toBe("$105,00");
    expect(formatUsd(1234.5)).toBe(`$1${NBSP}234,50`);
    expect(formatUsd(31.984)).toBe("$31,98");
    expect(formatUsd(1.005)).toBe("$1,01"); // Intl alone would print 1,00 from the binary value
    expect(formatUsd(-0.004)).toBe("$0,00");
    expect(formatUsd(Number.POSITIVE_INFINITY)).toBe("—");
  });
});

describe("one es-CR number style for money and quantities (decision 219)", () => {
  it("writes dollars like the colones beside them: space-grouped thousands, a decimal comma", () => {
    expect(formatUsd(33390)).toBe(`$33${NBSP}390,00`);
    expect(formatUsd(1399999999.99)).toBe(`$1${NBSP}399${NBSP}999${NBSP}999,99`);
    expect(formatUsd(-1234.5)).toBe(`-$1${NBSP}234,50`);
    expect(formatColones(17162460)).toBe(`₡17${NBSP}162${NBSP}460`);
    expect(formatUsdRate(0.016)).toBe("$0,016");
  });

  it("writes quantities with the same grouping and decimal comma", () => {
    expect(formatQuantity(1.4)).toBe("1,4");
    expect(formatQuantity(2000, 0)).toBe(`2${NBSP}000`);
    expect(formatQuantity(1234.5678, 3)).toBe(`1${NBSP}234,568`);
    expect(formatQuantity(0.75, 1)).toBe("0,8");
  });

  it("formats a quantity stored as text, and leaves other text alone", () => {
    expect(formatQuantityText("1.4")).toBe("1,4");
    expect(formatQuantityText("1,4")).toBe("1,4");
    expect(formatQuantityText("12500", 0)).toBe(`12${NBSP}500`);
    expect(formatQuantityText(" 3 ")).toBe("3");
    expect(formatQuantityText("2 cajas")).toBe("2 cajas");
  });
});

describe("formatWholeNumber", () => {
  it("groups thousands as es-CR does", () => {
    expect(formatWholeNumber(500000)).toBe(`500${NBSP}000`);
    expect(formatWholeNumber(500)).toBe("500");
  });
});

describe("dates in Costa Rica time", () => {
  it("formats a date on the Costa Rica calendar day (UTC−6)", () => {
    // 03:00 UTC on 5 March is still 4 March in Costa Rica.
    expect(formatDate("2024-03-05T03:00:00Z")).toBe("04/03/2024");
    expect(formatDate(new Date("2024-03-05T06:00:00Z"))).toBe("05/03/2024");
    expect(formatDate(Date.UTC(2024, 11, 31, 12))).toBe("31/12/2024");
  });

  it("formats date and time with the es-CR a. m./p. m. marks", () => {
    expect(formatDateTime("2024-03-05T15:04:00Z")).toBe("05/03/2024, 09:04 a. m.");
    expect(formatDateTime("2024-03-05T23:30:00Z")).toBe("05/03/2024, 05:30 p. m.");
  });

  it("shows a dash for missing or invalid dates", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDate("no es fecha")).toBe("—");
    expect(formatDateTime(undefined)).toBe("—");
    expect(formatDateTime("")).toBe("—");
  });
});

describe("cost input", () => {
  it("keeps only digits", () => {
    expect(digitsOnly("₡12.500 abc")).toBe("12500");
    expect(digitsOnly("")).toBe("");
    expect(digitsOnly(null)).toBe("");
  });

  it("groups thousands as es-CR does", () => {
    expect(formatThousands("1234567")).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatThousands("₡1.234.567abc")).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatThousands("12500")).toBe(`12${NBSP}500`);
    expect(formatThousands("999")).toBe("999");
    expect(formatThousands("007")).toBe("7");
    expect(formatThousands("0")).toBe("0");
    expect(formatThousands("")).toBe("");
    expect(formatThousands(25000)).toBe(`25${NBSP}000`);
    expect(formatThousands("12345678901234567890")).toBe(
      ["12", "345", "678", "901", "234", "567", "890"].join(NBSP),
    );
  });

  it("agrees with Intl for every size of number", () => {
    const intl = new Intl.NumberFormat("es-CR");
    for (const n of [1, 12, 123, 1234, 12345, 123456, 1234567, 987654321]) {
      expect(formatThousands(String(n))).toBe(intl.format(n));
    }
  });
});
