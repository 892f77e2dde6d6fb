import { describe, expect, it } from "vitest";
import {
  CR_PREFIX,
  formatPhoneForDisplay,
  isNoticeWhatsapp,
  normalizeCostaRicanWhatsapp,
  toWhatsappChatNumber,
  whatsappChatLink,
} from "./phone";

describe("normalizeCostaRicanWhatsapp: +506 and 8 digits", () => {
  it("accepts the ways people write a Costa Rican number", () => {
    for (const input of ["+506 8888-7777", "8888 7777", "88887777", "50688887777", "(506) 8888 7777", "1 506 8888 7777"]) {
      expect(normalizeCostaRicanWhatsapp(input), input).toBe("+50688887777");
    }
    expect(normalizeCostaRicanWhatsapp("2222-3333")).toBe("+50622223333");
  });

  it("rejects other lengths, other countries and impossible first digits", () => {
    for (const input of ["", "8888777", "888877771", "+1 305 592 2025", "506888877", "18887777", "98887777", "abc", "+50688887", "+88887777"]) {
      expect(normalizeCostaRicanWhatsapp(input), input).toBeNull();
    }
  });
});

describe("toWhatsappChatNumber (staff-side §5)", () => {
  it("gives 8 digits the 506 prefix", () => {
    expect(toWhatsappChatNumber("8888-7777")).toBe("50688887777");
  });

  it("keeps 11 digits starting with 506", () => {
    expect(toWhatsappChatNumber("+506 8888 7777")).toBe("50688887777");
  });

  it("drops the leading 1 of 12 digits starting with 1506", () => {
    expect(toWhatsappChatNumber("+1 506 8888 7777")).toBe("50688887777");
  });

  it("otherwise passes the digits through untouched", () => {
    expect(toWhatsappChatNumber("+1 305 592 2025")).toBe("13055922025");
    expect(toWhatsappChatNumber("123456789012")).toBe("123456789012");
    expect(toWhatsappChatNumber("abc")).toBe("");
  });
});

describe("isNoticeWhatsapp: 10 to 15 characters, digits with an optional leading +", () => {
  it("accepts numbers in range", () => {
    for (const ok of ["+50688888888", "50688888888", "1234567890", "+123456789", "123456789012345", "+12345678901234"]) {
      expect(isNoticeWhatsapp(ok), ok).toBe(true);
    }
  });

  it("rejects too short, too long, inner symbols and spaces", () => {
    for (const bad of ["", "123456789", "+12345678", "1234567890123456", "+123456789012345", "+506 88888888", "5068888-8888", "++50688888888"]) {
      expect(isNoticeWhatsapp(bad), bad).toBe(false);
    }
  });
});

describe("display and links", () => {
  it("puts a space after +506", () => {
    expect(formatPhoneForDisplay("+50688887777")).toBe("+506 88887777");
    expect(formatPhoneForDisplay("+506 88887777")).toBe("+506 88887777");
    expect(formatPhoneForDisplay("+13055922025")).toBe("+13055922025");
  });

  it("builds wa.me links with encoded text", () => {
    expect(whatsappChatLink("8888-7777")).toBe("https://wa.me/50688887777");
    expect(whatsappChatLink("+50688887777", "Hola, ¿qué tal?")).toBe(
      "https://wa.me/50688887777?text=Hola%2C%20%C2%BFqu%C3%A9%20tal%3F",
    );
  });

  it("uses the Costa Rican country prefix", () => {
    expect(CR_PREFIX).toBe("506");
  });
});
