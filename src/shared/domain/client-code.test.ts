import { describe, expect, it } from "vitest";
import {
  CLIENT_CODE_EXAMPLE,
  CLIENT_CODE_PATTERN,
  generateClientCode,
  isClientCode,
  isNewClientCode,
  STORED_CLIENT_CODE_PATTERN,
  isReferralCode,
  isVerifiableClientCode,
  normalizeClientCode,
  VERIFY_CODE_PATTERN,
} from "./client-code";

describe("parts-assistant verification: EX + at least 3 alphanumerics", () => {
  it("accepts EX and three or more letters or digits, any case", () => {
    for (const ok of ["EX123", "EXABC", "ex4k7", " Ex4K7P2M ", "EX4K7P2M99"]) {
      expect(isVerifiableClientCode(ok), ok).toBe(true);
    }
  });

  it("rejects shorter codes, other prefixes and symbols", () => {
    for (const bad of ["", "EX", "EX12", "XE123", "E123", "EX-123", "EX12 3", "AEX123"]) {
      expect(isVerifiableClientCode(bad), bad).toBe(false);
    }
    expect(VERIFY_CODE_PATTERN.test("ex123")).toBe(false); // the pattern itself wants upper case
  });
});

describe("tracking search: EX + exactly 6", () => {
  it("accepts exactly six alphanumerics after EX, uppercasing first", () => {
    expect(isClientCode("EX4K7P2M")).toBe(true);
    expect(isClientCode("ex4k7p2m")).toBe(true);
    expect(isClientCode("  EX000000 ")).toBe(true);
  });

  it("rejects five, seven and symbols", () => {
    for (const bad of ["EX4K7P2", "EX4K7P2MM", "EX4K7P-M", "EX 4K7P2M", "EXÑ4K7P2", ""]) {
      expect(isClientCode(bad), bad).toBe(false);
    }
  });

  it("uppercases and trims what people type", () => {
    expect(normalizeClientCode("  ex4k7p2m\n")).toBe("EX4K7P2M");
  });

  it("has a valid example", () => {
    expect(CLIENT_CODE_PATTERN.test(CLIENT_CODE_EXAMPLE)).toBe(true);
  });
});

describe("referral codes", () => {
  it("must already be upper case: EX + six A–Z or 0–9", () => {
    expect(isReferralCode("EX4K7P2M")).toBe(true);
    expect(isReferralCode("ex4k7p2m")).toBe(false);
    expect(isReferralCode("EX4K7P2")).toBe(false);
    expect(isReferralCode(" EX4K7P2M")).toBe(false);
  });
});

describe("generateClientCode", () => {
  it("issues 10 000 well-formed codes with (practically) no repeats", () => {
    const codes = Array.from({ length: 10_000 }, () => generateClientCode());
    for (const code of codes) expect(code).toMatch(/^EX[A-Z0-9]{6}$/);
    // 36^6 ≈ 2.2 billion codes: 10 000 draws repeat about 0.02 times on average, so five or
    // more repeats would only happen with a broken source (odds below 1 in 10^10).
    expect(new Set(codes).size).toBeGreaterThanOrEqual(9_995);
  });

  it("maps bytes below 252 onto A–Z0–9 by value modulo 36", () => {
    const code = generateClientCode((bytes) => bytes.fill(0).map((_, i) => [0, 25, 26, 35, 36, 251, 7, 7][i]));
    expect(code).toBe("EXAZ09A9");
  });

  it("skips bytes at or above 252 so no character is favoured", () => {
    const batches = [
      [252, 253, 254, 255, 252, 253, 254, 255],
      [255, 1, 252, 2, 3, 254, 4, 5],
      [6, 0, 0, 0, 0, 0, 0, 0],
    ];
    let calls = 0;
    const code = generateClientCode((bytes) => {
      bytes.set(batches[calls++]);
      return bytes;
    });
    expect(code).toBe("EXBCDEFG");
    expect(calls).toBe(3);
  });

  it("uses the system's cryptographic source by default", () => {
    expect(generateClientCode()).toMatch(/^EX[A-Z0-9]{6}$/);
  });
});

describe("codes for new clients", () => {
  it("are only the issued shape, EX + 6; stored clients of the old system may hold EX + 3 to 14", () => {
    expect(isNewClientCode("EX4K7P2M")).toBe(true);
    for (const code of ["EXABC", "EXABCDE", "EXABCDEFG", "ex4k7p2m", "EX4K7P2M ", "XX4K7P2M"]) expect(isNewClientCode(code), code).toBe(false);
    expect(STORED_CLIENT_CODE_PATTERN.test("EXABC")).toBe(true);
    expect(STORED_CLIENT_CODE_PATTERN.test(`EX${"A".repeat(14)}`)).toBe(true);
    expect(STORED_CLIENT_CODE_PATTERN.test(`EX${"A".repeat(15)}`)).toBe(false);
  });
});
