// Which courier a tracking number belongs to, from the number's shape alone. Used to fill the
// carrier of a pre-alerted package; an unknown shape gives null and the field stays empty.
// Checks run from the most specific shape to the loosest, because several carriers use plain
// digit runs (DHL 10, FedEx 12/15/20/22, USPS 22+) and several Chinese ones end in CN.

export const CARRIERS = [
  "UPS",
  "USPS",
  "FedEx",
  "DHL",
  "Amazon",
  "China Post",
  "China EMS",
  "YunExpress",
  "Cainiao",
  "4PX",
] as const;
export type Carrier = (typeof CARRIERS)[number];

const RULES: ReadonlyArray<readonly [Carrier, RegExp]> = [
  // Prefixed shapes first: their letters make them unambiguous.
  ["4PX", /^4PX[A-Z0-9]{8,}$/],
  ["UPS", /^1Z[A-Z0-9]{16}$/],
  ["Amazon", /^TBA\d{12}$/],
  ["YunExpress", /^YT\d{16}$/],
  ["DHL", /^JD\d{18}$/],
  // UPU S10 items: two letters, eight digits and a check digit, then the country. An E
  // prefix marks EMS. These must precede Cainiao's CN… shape, which they can also match.
  ["China EMS", /^E[A-Z]\d{9}CN$/],
  ["China Post", /^[A-Z]{2}\d{9}CN$/],
  ["USPS", /^[A-Z]{2}\d{9}US$/],
  ["Cainiao", /^LP\d{14,}$/],
  ["Cainiao", /^CN[A-Z0-9]{10,}$/],
  // Digit runs: USPS IMpb (92–95 and 20–22 more digits) before FedEx's 20/22-digit numbers.
  ["USPS", /^9[2-5]\d{20,22}$/],
  ["DHL", /^\d{10}$/],
  ["FedEx", /^(\d{12}|\d{15}|\d{20}|\d{22})$/],
];

/** Uppercased, with the spaces and dashes people paste removed. */
export function normalizeTrackingNumber(input: string): string {
  return input.replace(/[\s-]/g, "").toUpperCase();
}

export function detectCarrier(trackingNumber: string | null | undefined): Carrier | null {
  if (!trackingNumber) return null;
  const value = normalizeTrackingNumber(trackingNumber);
  for (const [carrier, pattern] of RULES) {
    if (pattern.test(value)) return carrier;
  }
  return null;
}
