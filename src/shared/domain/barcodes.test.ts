import { describe, expect, it } from "vitest";
import { carrierTrackingNumber, parseScannedCode } from "./barcodes";
import { packageLabelCode } from "./warehouse";

describe("parseScannedCode", () => {
  it("reads our own label as the package id", () => {
    expect(parseScannedCode(packageLabelCode(123))).toEqual({ kind: "label", trackingId: 123 });
    expect(parseScannedCode(" eip0000042 ")).toEqual({ kind: "label", trackingId: 42 });
  });

  it("strips USPS's 420 + ZIP routing prefix, with a 5- or 9-digit ZIP and a GS1 separator", () => {
    const number = "9400111899223344556677";
    expect(parseScannedCode(`42033101${number}`)).toEqual({ kind: "tracking", trackingCode: number, candidates: [number, `42033101${number}`] });
    expect(carrierTrackingNumber(`420331011234${number}`)).toBe(number);
    expect(parseScannedCode(`]C1420${"33101"}\u001d${number}`)).toMatchObject({ trackingCode: number });
  });

  it("takes the 12-digit number out of FedEx's 34-digit barcode and the 15-digit one out of the 96 barcode", () => {
    expect(carrierTrackingNumber("1001901781990001000300617767839437")).toBe("617767839437");
    expect(carrierTrackingNumber("9612019123456789012345")).toBe("123456789012345");
  });

  it("keeps other codes as typed, uppercased, without spaces or dashes", () => {
    expect(parseScannedCode("1z999aa1 0123456784")).toEqual({ kind: "tracking", trackingCode: "1Z999AA10123456784", candidates: ["1Z999AA10123456784"] });
    expect(parseScannedCode("TBA-123456789012")).toMatchObject({ trackingCode: "TBA123456789012" });
  });

  it("an empty scan or one of separators only is empty", () => {
    expect(parseScannedCode("")).toEqual({ kind: "empty" });
    expect(parseScannedCode(" \u001d- ")).toEqual({ kind: "empty" });
  });
});
