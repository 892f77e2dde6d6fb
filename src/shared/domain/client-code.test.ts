import { describe, expect, it } from "vitest";
import {
  CLIENT_CODE_EXAMPLE,
  CLIENT_CODE_PATTERN,
  CODE_ALPHABET,
  generateClientCode,
  isLookalikeFreeCode,
  mapLookalikes,
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
    // 30^6 ≈ 729 million codes: 10 000 draws repeat about 0.07 times on average, so five or
    // more repeats would only happen with a broken source (odds below 1 in 10^7).
    expect(new Set(codes).size).toBeGreaterThanOrEqual(9_995);
  });

  it("only emits the look-alike-free alphabet: no B, I, L, O, S or Z, ever (issue 17 item 8)", () => {
    expect(CODE_ALPHABET).toHaveLength(30);
    expect(new Set(CODE_ALPHABET).size).toBe(30);
    for (const letter of "BILOSZ") expect(CODE_ALPHABET, letter).not.toContain(letter);
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const code = generateClientCode();
      expect(code).toMatch(/^EX[0-9ACDEFGHJKMNPQRTUVWXY]{6}$/);
      expect(isLookalikeFreeCode(code)).toBe(true);
      for (const c of code.slice(2)) seen.add(c);
    }
    // 30 000 draws of 30 characters: every one shows up (a missing one has odds below 10^-400).
    expect([...seen].sort().join("")).toBe([...CODE_ALPHABET].sort().join(""));
  });

  it("maps bytes below 240 onto the alphabet by value modulo 30", () => {
    const code = generateClientCode((bytes) => bytes.fill(0).map((_, i) => [0, 9, 10, 29, 30, 239, 7, 7][i]));
    expect(code).toBe("EX09AY0Y");
  });

  it("skips bytes at or above 240 so no character is favoured", () => {
    const batches = [
      [240, 245, 250, 255, 240, 241, 254, 255],
      [255, 11, 252, 12, 13, 244, 14, 15],
      [16, 0, 0, 0, 0, 0, 0, 0],
    ];
    let calls = 0;
    const code = generateClientCode((bytes) => {
      bytes.set(batches[calls++]);
      return bytes;
    });
    expect(code).toBe("EXCDEFGH");
    expect(calls).toBe(3);
  });

  it("uses the system's cryptographic source by default", () => {
    expect(generateClientCode()).toMatch(/^EX[A-Z0-9]{6}$/);
  });
});

describe("look-alikes typed for an issued code", () => {
  it("reads each left-out letter as the digit it resembles, after EX", () => {
    expect(mapLookalikes("EX3TO8ZK")).toBe("EX3T082K");
    expect(mapLookalikes("EXOILZSB")).toBe("EX011258");
    expect(mapLookalikes("EX4K7P2M")).toBe("EX4K7P2M");
  });

  it("leaves codes of other shapes alone", () => {
    expect(mapLookalikes("XEOOOOOO")).toBe("XEOOOOOO");
  });

  it("an old-alphabet code with a look-alike is not look-alike free", () => {
    expect(isLookalikeFreeCode("EX3TO8ZK")).toBe(false);
    expect(isLookalikeFreeCode("EX3T082K")).toBe(true);
    expect(isLookalikeFreeCode("EX3T08")).toBe(false);
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
