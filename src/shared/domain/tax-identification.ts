// A buyer's (or the business's) identification before Hacienda (issue 34): its type and number,
// validated by type as the comprobantes electrónicos 4.4 require. A client with one gets a
// Factura Electrónica; without one, a Tiquete Electrónico.

/** The identification types a comprobante's emitter or receiver may hold (codes 01–04 of format 4.4). */
export const TAX_ID_TYPES = ["FISICA", "JURIDICA", "DIMEX", "NITE"] as const;
export type TaxIdType = (typeof TAX_ID_TYPES)[number];

/** Hacienda's code of each type (IdentificacionType/Tipo). */
export const TAX_ID_TYPE_CODES: Record<TaxIdType, "01" | "02" | "03" | "04"> = {
  FISICA: "01",
  JURIDICA: "02",
  DIMEX: "03",
  NITE: "04",
};

/** The number's shape by type: física 9 digits (no leading 0), jurídica 10, DIMEX 11 or 12 (no leading 0), NITE 10. */
const NUMBER_RULES: Record<TaxIdType, { pattern: RegExp; message: string }> = {
  FISICA: { pattern: /^[1-9]\d{8}$/, message: "La cédula física tiene 9 dígitos y no empieza con 0 (ej. 109870654)." },
  JURIDICA: { pattern: /^\d{10}$/, message: "La cédula jurídica tiene 10 dígitos (ej. 3101123456)." },
  DIMEX: { pattern: /^[1-9]\d{10,11}$/, message: "El DIMEX tiene 11 o 12 dígitos y no empieza con 0." },
  NITE: { pattern: /^\d{10}$/, message: "El NITE tiene 10 dígitos." },
};

/** Only the digits of what a person typed ("1-0987-0654" → "109870654"). */
export function taxIdDigits(input: string): string {
  return input.replace(/[\s.-]/g, "");
}

/** The normalised number when it fits its type, else the Spanish reason. */
export function validateTaxId(type: TaxIdType, input: string): { ok: true; number: string } | { ok: false; message: string } {
  const number = taxIdDigits(input);
  const rule = NUMBER_RULES[type];
  return rule.pattern.test(number) ? { ok: true, number } : { ok: false, message: rule.message };
}
