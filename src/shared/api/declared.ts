// What a client declares about a package at pre-alert (issue 32 item 5): its content, its value in
// USD and the store. One rule per kind of input, used by the portal's pre-alert and edit, staff's
// create and edit dialog and the Excel import alike (docs/decisions/159). And what the warehouse
// flags at receipt when the package does not match what was declared.
import { z } from "../validation";
import { zText } from "../text-rules";
import { formatQuantity, formatUsd } from "../domain/format";

export const DECLARED_STORE_MAX = 120;
export const DECLARED_CONTENT_MAX = 500;
/** A sane ceiling: a courier's single package declared above this is a typing error. */
export const DECLARED_VALUE_USD_MAX = 100_000;

export const DECLARED_STORE_TOO_LONG = `La tienda puede tener hasta ${DECLARED_STORE_MAX} caracteres`;
export const DECLARED_CONTENT_TOO_LONG = `El contenido puede tener hasta ${DECLARED_CONTENT_MAX} caracteres`;
export const DECLARED_VALUE_INVALID = "El valor declarado debe ser un monto en dólares, por ejemplo 49,99";
export const DECLARED_VALUE_NEGATIVE = "El valor declarado no puede ser negativo";
export const DECLARED_VALUE_DECIMALS = "El valor declarado puede tener hasta 2 decimales";
export const DECLARED_VALUE_TOO_HIGH = `El valor declarado máximo es ${formatUsd(DECLARED_VALUE_USD_MAX)}`;

/** Why a declared value (USD) is refused, or null: a finite amount, ≥ 0, at most 2 decimals and the ceiling. */
export function declaredValueProblem(value: number): string | null {
  if (!Number.isFinite(value)) return DECLARED_VALUE_INVALID;
  if (value < 0) return DECLARED_VALUE_NEGATIVE;
  // 15 significant digits drop binary noise (0.29 * 100 = 28.999999999999996).
  if (!Number.isInteger(Number((value * 100).toPrecision(15)))) return DECLARED_VALUE_DECIMALS;
  if (value > DECLARED_VALUE_USD_MAX) return DECLARED_VALUE_TOO_HIGH;
  return null;
}

/** Absent stays absent ("leave as is"); blank or null becomes null ("none"). */
const blankToNull = <T extends string>(v: T | null | undefined): T | null | undefined => (v === undefined ? undefined : v || null);

/** A declared text: no control characters (docs/decisions/098), one line, trimmed, bounded; blank is none. */
const declaredText = (max: number, tooLong: string) => zText().pipe(z.string().max(max, tooLong)).nullish().transform(blankToNull);

/** The store the package was bought at ("Amazon", "Shein"); optional. */
export const ZDeclaredStoreSchema = declaredText(DECLARED_STORE_MAX, DECLARED_STORE_TOO_LONG);
/** What the package holds, as the client describes it; optional. */
export const ZDeclaredContentSchema = declaredText(DECLARED_CONTENT_MAX, DECLARED_CONTENT_TOO_LONG);
/** The declared value in USD as a JSON number; optional (null clears it). */
export const ZDeclaredValueUsdSchema = z
  .number({ error: DECLARED_VALUE_INVALID })
  .superRefine((v, ctx) => {
    const problem = declaredValueProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .nullish();

/** "49,99", "49.99", "$ 1200": the value as a person types it in a form; null when it is not one amount. */
export function parseDeclaredValueText(text: string): number | null {
  const raw = text.trim().replace(/^US\$|^\$|\s*USD$/i, "").trim().replace(",", ".");
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(raw)) return null;
  return Number(raw);
}

/** The same rule for the text of a form field: blank is none, otherwise a valid amount. */
export const ZDeclaredValueUsdTextSchema = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (v === "") return;
    const value = parseDeclaredValueText(v);
    const problem = value === null ? DECLARED_VALUE_INVALID : declaredValueProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

// --- The discrepancy flagged at receipt ---

/** What did not match what was declared. */
export const DISCREPANCY_KINDS = ["PESO", "CONTENIDO", "PESO_Y_CONTENIDO"] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];
export const DISCREPANCY_KIND_LABELS: Record<DiscrepancyKind, string> = {
  PESO: "Peso",
  CONTENIDO: "Contenido",
  PESO_Y_CONTENIDO: "Peso y contenido",
};
export const DISCREPANCY_NOTE_MAX = 300;
export const DISCREPANCY_KIND_INVALID = "Indica si la diferencia es de peso, de contenido o de ambos";
export const DISCREPANCY_NOTE_REQUIRED = "Escribe una nota corta con la diferencia";
export const DISCREPANCY_NOTE_TOO_LONG = `La nota puede tener hasta ${DISCREPANCY_NOTE_MAX} caracteres`;

export const ZDiscrepancySchema = z.object({
  tipo: z.enum(DISCREPANCY_KINDS, { error: DISCREPANCY_KIND_INVALID }),
  nota: zText({ error: DISCREPANCY_NOTE_REQUIRED }).pipe(
    z.string().min(1, DISCREPANCY_NOTE_REQUIRED).max(DISCREPANCY_NOTE_MAX, DISCREPANCY_NOTE_TOO_LONG),
  ),
});
export type TDiscrepancy = z.infer<typeof ZDiscrepancySchema>;

/** What the client reads on /rastreo: "Diferencia con lo declarado (peso): …". */
export function discrepancyText(d: TDiscrepancy): string {
  return `Diferencia con lo declarado (${DISCREPANCY_KIND_LABELS[d.tipo].toLowerCase()}): ${d.nota}`;
}

/** "Peso cobrado: volumétrico 3,2 kg" — shown when the amount was charged on the volumetric weight. */
export function volumetricChargeText(grams: number): string {
  const kg = Math.round(grams / 100) / 10;
  return `Peso cobrado: volumétrico ${Number.isInteger(kg) ? `${formatQuantity(kg, 0)},0` : formatQuantity(kg, 1)} kg`;
}

