// Cell text rules shared by the import and the exports: formula neutralization (a text cell that a
// spreadsheet would run as a formula gets a leading apostrophe in every export, and the import
// takes exactly that apostrophe off again, so an export imports back unchanged) and the lenient
// comparison of headers, sheet names and coded values (case, accents, spaces).

/** Characters that make Excel, LibreOffice or Sheets treat typed text as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Digits with spaces, hyphens and one leading plus (phone numbers): no function or reference can hide there. */
const HARMLESS_NUMBER_TEXT = /^\+?[\d\s-]+$/;

/** The text as an export writes it: neutralized when a spreadsheet could evaluate it. */
export function neutralizeFormula(text: string): string {
  if (text.startsWith("'")) return `'${text}`;
  if (FORMULA_START.test(text) && !HARMLESS_NUMBER_TEXT.test(text)) return `'${text}`;
  return text;
}

/** The reverse of neutralizeFormula for text read by the import. */
export function restoreNeutralized(text: string): string {
  return text.length > 1 && text[0] === "'" && (FORMULA_START.test(text.slice(1)) || text[1] === "'") ? text.slice(1) : text;
}

/** "Forma de Envío " → "forma_de_envio": lower case, no accents, runs of other characters → "_". */
export function normalizeLabel(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}
