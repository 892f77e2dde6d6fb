import { describe, expect, it } from "vitest";
import { CARRIERS, detectCarrier, normalizeTrackingNumber } from "./carriers";

describe("detectCarrier", () => {
  const examples: Array<[string, string]> = [
    ["1Z999AA10123456784", "UPS"],
    ["9400111899223197428490", "USPS"], // IMpb, 22 digits
    ["920559017554770000000015", "USPS"], // 24 digits
    ["LZ123456789US", "USPS"],
    ["123456789012", "FedEx"],
    ["123456789012345", "FedEx"],
    ["12345678901234567890", "FedEx"],
    ["9612019012345678901234", "FedEx"], // 22 digits outside USPS's 92–95
    ["1234567890", "DHL"],
    ["JD014600006281234567", "DHL"],
    ["TBA123456789012", "Amazon"],
    ["RB123456789CN", "China Post"],
    ["LA987654321CN", "China Post"],
    ["EA123456789CN", "China EMS"],
    ["YT2112345678901234", "YunExpress"],
    ["LP00123456789012", "Cainiao"],
    ["CNUSUP00012345678", "Cainiao"],
    ["4PX3001234567890CN", "4PX"],
  ];

  it.each(examples)("%s → %s", (number, carrier) => {
    expect(detectCarrier(number)).toBe(carrier);
  });

  it("resolves overlapping shapes to the more specific carrier", () => {
    expect(detectCarrier("CN123456789CN")).toBe("China Post"); // not Cainiao's CN…
    expect(detectCarrier("9205590164917312751089")).toBe("USPS"); // 22 digits: USPS before FedEx
    expect(detectCarrier("EA123456789US")).toBe("USPS"); // EMS prefix but a US item
  });

  it("ignores case, spaces and dashes", () => {
    expect(detectCarrier(" 1z 999 aa1 0123456784 ")).toBe("UPS");
    expect(detectCarrier("tba-123456789012")).toBe("Amazon");
    expect(normalizeTrackingNumber("rb 123-456-789 cn")).toBe("RB123456789CN");
  });

  it("returns null for anything else", () => {
    for (const garbage of ["", "hola", "12345", "1Z123", "ABC123456789CN", "TBA12345", "123456789", "YT123", null, undefined]) {
      expect(detectCarrier(garbage), String(garbage)).toBeNull();
    }
  });

  it("only names carriers it lists", () => {
    for (const [number] of examples) expect(CARRIERS).toContain(detectCarrier(number));
  });
});
