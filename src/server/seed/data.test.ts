import { describe, expect, it } from "vitest";
import { normalizeCostaRicanWhatsapp } from "../../shared/domain/phone";
import { personNameProblem } from "../../shared/text-rules";
import {
  CARRIER_FORMATS,
  PROVINCE_NAMES,
  STORES,
  formatTypedPhone,
  generateAddress,
  generateEmail,
  generateMobileNumber,
  generatePersonName,
  generateTrackingNumber,
  type CarrierId,
} from "./data";
import { createRandom } from "./random";

const r = createRandom(11, "data-test");
const many = <T>(n: number, make: () => T) => Array.from({ length: n }, make);

describe("people", () => {
  it("names have one or two given names and two surnames", () => {
    for (const name of many(500, () => generatePersonName(r))) {
      const words = name.split(" ");
      expect(words.length).toBeGreaterThanOrEqual(3);
      expect(name).toMatch(/^[\p{Lu}][\p{L} ]+$/u);
    }
  });

  it("names pass the name rule of every form and of the import (docs/decisions/098)", () => {
    const problems = many(2000, () => generatePersonName(r)).filter((name) => personNameProblem(name) !== null);
    expect(problems).toEqual([]);
  });

  it("mobile numbers are normalized +506 numbers starting with 6, 7 or 8", () => {
    const numbers = many(2000, () => generateMobileNumber(r));
    for (const n of numbers) {
      expect(n).toMatch(/^\+506[678]\d{7}$/);
      expect(normalizeCostaRicanWhatsapp(n)).toBe(n);
    }
    expect(new Set(numbers.map((n) => n[4]))).toEqual(new Set(["6", "7", "8"]));
  });

  it("typed phones normalize back to the same number", () => {
    for (const n of many(200, () => generateMobileNumber(r))) {
      expect(normalizeCostaRicanWhatsapp(formatTypedPhone(r, n))).toBe(n);
    }
  });

  it("e-mails are plain ASCII addresses built from the name", () => {
    for (let i = 0; i < 500; i++) {
      const email = generateEmail(r, "María José Núñez Zúñiga");
      expect(email).toMatch(/^[a-z0-9._]+@[a-z.]+\.[a-z]{2,}$/);
      expect(email.split("@")[0]).toMatch(/maria|nunez/);
    }
  });
});

describe("addresses", () => {
  it("give a landmark with directions, the home, and end with one of the seven provinces", () => {
    expect(PROVINCE_NAMES).toHaveLength(7);
    for (const address of many(1000, () => generateAddress(r))) {
      expect(address).toMatch(/^(De|Del) .+ \d+ (m|km) (norte|sur|este|oeste)/);
      expect(PROVINCE_NAMES).toContain(address.split(", ").at(-1));
      expect(address).not.toMatch(/(norte|sur) y \d+ m (norte|sur)\b/);
      expect(address.length).toBeGreaterThanOrEqual(10);
    }
  });
});

describe("tracking numbers", () => {
  const expected: Record<CarrierId, RegExp> = {
    UPS: /^1Z[A-Z0-9]{6}\d{2}\d{8}$/,
    USPS: /^(9400|9205)\d{18}$/,
    FEDEX: /^\d{12}$/,
    AMAZON: /^TBA\d{12}$/,
    DHL: /^\d{10}$/,
    CHINA_POST: /^(LX|RB)\d{9}CN$/,
    YUNEXPRESS: /^YT\d{16}$/,
  };

  it.each(Object.keys(expected) as CarrierId[])("%s numbers follow the carrier's format", (id) => {
    for (const code of many(300, () => generateTrackingNumber(r, id))) {
      expect(code).toMatch(expected[id]);
      expect(code).toMatch(CARRIER_FORMATS[id].pattern);
    }
  });

  it("no number fits two carriers' formats", () => {
    for (const id of Object.keys(CARRIER_FORMATS) as CarrierId[]) {
      const code = generateTrackingNumber(r, id);
      const matching = (Object.keys(CARRIER_FORMATS) as CarrierId[]).filter((other) => CARRIER_FORMATS[other].pattern.test(code));
      expect(matching).toEqual([id]);
    }
  });

  it("US carriers start in the USA and Chinese ones in China", () => {
    expect([CARRIER_FORMATS.UPS, CARRIER_FORMATS.USPS, CARRIER_FORMATS.FEDEX, CARRIER_FORMATS.AMAZON].map((c) => c.origin)).toEqual(["USA", "USA", "USA", "USA"]);
    expect([CARRIER_FORMATS.CHINA_POST.origin, CARRIER_FORMATS.YUNEXPRESS.origin]).toEqual(["CHINA", "CHINA"]);
  });
});

describe("stores", () => {
  it("each has carriers and products with sane ranges", () => {
    const names = STORES.map((s) => s.name);
    for (const wanted of ["Amazon", "eBay", "Walmart", "Shein", "AliExpress", "Temu", "Best Buy", "Nike"]) expect(names).toContain(wanted);
    for (const store of STORES) {
      expect(store.carriers.length).toBeGreaterThan(0);
      for (const product of store.products) {
        expect(product.grams[0]).toBeGreaterThan(0);
        expect(product.grams[0]).toBeLessThanOrEqual(product.grams[1]);
        expect(product.usd[0]).toBeGreaterThan(0);
        expect(product.usd[0]).toBeLessThanOrEqual(product.usd[1]);
      }
    }
  });
});
