// What a scanned barcode says (issue 20): a USB or Bluetooth scanner types the barcode's text and
// Enter; the phone's camera reads the same text. Carrier barcodes often carry more than the
// tracking number people see: this turns the text into the tracking numbers to look up, or our
// own label's package id.
import { normalizeTrackingNumber } from "./carriers";
import { parsePackageLabelCode } from "./warehouse";

export type ScannedCode =
  /** Our own label: the package id. */
  | { kind: "label"; trackingId: number }
  /**
   * A carrier's code: `trackingCode` is the number as people see it (what a client pre-alerts),
   * `candidates` every form worth looking up (the printed number first, then the raw text).
   */
  | { kind: "tracking"; trackingCode: string; candidates: string[] }
  | { kind: "empty" };

/** GS1 group separators (FNC1), AIM symbology prefixes (]C1, ]Q3…) and anything but letters and digits. */
function cleaned(raw: string): string {
  const text = raw.replace(/^\][A-Za-z]\d/, "");
  return normalizeTrackingNumber(text).replace(/[^A-Z0-9]/g, "");
}

/**
 * The tracking number inside a carrier barcode:
 * - USPS IMpb labels add "420" and the ZIP (5 or 9 digits) before the 20–22 digits of the number;
 * - FedEx Express's 34-digit barcode ends with the 12-digit tracking number;
 * - FedEx Ground's "96" barcode (22 digits) ends with the 15-digit tracking number.
 */
export function carrierTrackingNumber(code: string): string {
  const usps = /^420(?:\d{5}|\d{9})(9[2-5]\d{20,22})$/.exec(code);
  if (usps) return usps[1];
  if (/^\d{34}$/.test(code)) return code.slice(-12);
  if (/^96\d{20}$/.test(code)) return code.slice(-15);
  return code;
}

export function parseScannedCode(raw: string): ScannedCode {
  const code = cleaned(raw);
  if (!code) return { kind: "empty" };
  const trackingId = parsePackageLabelCode(code);
  if (trackingId !== null) return { kind: "label", trackingId };
  const trackingCode = carrierTrackingNumber(code);
  return { kind: "tracking", trackingCode, candidates: [...new Set([trackingCode, code])] };
}
