// What Costa Rica charges on an import (issue 36 item 1; decision 208): the taxes are computed by
// Aduanas on the customs value (CIF: the purchase, the international freight and the insurance),
// one after the other:
//   DAI (derechos arancelarios a la importación) = CIF × dai
//   Selectivo de consumo                          = (CIF + DAI) × selectivo
//   Ley 6946 (emergencia nacional)                = CIF × 1 %
//   IVA                                           = (CIF + DAI + selectivo + Ley 6946) × iva
// The rates by kind of product are configuration (IMPORT_TAX_CATEGORIES, overridable from the
// environment through the brand), never computed elsewhere: the page, the FAQ and the calculator
// read this module. It gives a range, always shown as an estimate: Aduanas classifies each item.

/** A kind of product and its rates, each as [low, high] fractions (0.14 = 14 %). */
export interface ImportTaxCategory {
  id: string;
  /** Spanish name shown in the calculator and on the page. */
  label: string;
  dai: readonly [number, number];
  selectivo: readonly [number, number];
  /** IVA: 13 % for most goods; books and some others are exempt. */
  iva: number;
}

/** Ley 6946, 1 % of the customs value on every import. */
export const LEY_6946_RATE = 0.01;
export const IVA_RATE = 0.13;

/**
 * The default table (decision 208 cites where each figure comes from). A courier may replace it
 * with IMPORT_TAX_CATEGORIES (JSON) when a rate changes.
 */
export const DEFAULT_IMPORT_TAX_CATEGORIES: readonly ImportTaxCategory[] = [
  { id: "tecnologia", label: "Celulares, computadoras y tablets", dai: [0, 0], selectivo: [0, 0], iva: IVA_RATE },
  { id: "ropa", label: "Ropa, calzado y accesorios", dai: [0.14, 0.14], selectivo: [0, 0], iva: IVA_RATE },
  { id: "televisores", label: "Televisores y equipo de audio", dai: [0.14, 0.14], selectivo: [0.15, 0.15], iva: IVA_RATE },
  { id: "consolas", label: "Consolas y videojuegos", dai: [0.14, 0.14], selectivo: [0.2, 0.2], iva: IVA_RATE },
  { id: "libros", label: "Libros", dai: [0, 0], selectivo: [0, 0], iva: 0 },
  { id: "otros", label: "Otros productos", dai: [0, 0.15], selectivo: [0, 0.2], iva: IVA_RATE },
];

export interface ImportTaxBreakdown {
  cifUsd: number;
  daiUsd: number;
  selectivoUsd: number;
  ley6946Usd: number;
  ivaUsd: number;
  totalUsd: number;
}

export interface ImportTaxEstimate {
  low: ImportTaxBreakdown;
  high: ImportTaxBreakdown;
}

const cents = (n: number) => Math.round(n * 100) / 100;

function breakdown(cifUsd: number, dai: number, selectivo: number, iva: number): ImportTaxBreakdown {
  const daiUsd = cifUsd * dai;
  const selectivoUsd = (cifUsd + daiUsd) * selectivo;
  const ley6946Usd = cifUsd * LEY_6946_RATE;
  const ivaUsd = (cifUsd + daiUsd + selectivoUsd + ley6946Usd) * iva;
  return {
    cifUsd: cents(cifUsd),
    daiUsd: cents(daiUsd),
    selectivoUsd: cents(selectivoUsd),
    ley6946Usd: cents(ley6946Usd),
    ivaUsd: cents(ivaUsd),
    totalUsd: cents(daiUsd + selectivoUsd + ley6946Usd + ivaUsd),
  };
}

/**
 * The taxes on a purchase of `declaredUsd` whose international freight and insurance cost
 * `freightUsd`, for one kind of product: the lowest and the highest of its rates. Null for a value
 * that is not a positive number.
 */
export function estimateImportTaxes(declaredUsd: number, freightUsd: number, category: ImportTaxCategory): ImportTaxEstimate | null {
  if (!Number.isFinite(declaredUsd) || declaredUsd <= 0) return null;
  const cif = declaredUsd + (Number.isFinite(freightUsd) && freightUsd > 0 ? freightUsd : 0);
  return {
    low: breakdown(cif, category.dai[0], category.selectivo[0], category.iva),
    high: breakdown(cif, category.dai[1], category.selectivo[1], category.iva),
  };
}

/** The share of the customs value the taxes take, low and high, as whole-and-tenths percents ("14,1 %"). */
export function taxShareRange(category: ImportTaxCategory): [number, number] {
  const estimate = estimateImportTaxes(100, 0, category)!;
  return [estimate.low.totalUsd, estimate.high.totalUsd];
}

/** A table read from configuration: every category whole and in range, else null (the default stays). */
export function readImportTaxCategories(value: unknown): ImportTaxCategory[] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > 40) return null;
  const rate = (r: unknown) => typeof r === "number" && Number.isFinite(r) && r >= 0 && r <= 1;
  const pair = (p: unknown): p is [number, number] => Array.isArray(p) && p.length === 2 && rate(p[0]) && rate(p[1]) && p[0] <= p[1];
  const out: ImportTaxCategory[] = [];
  const ids = new Set<string>();
  for (const item of value) {
    if (typeof item !== "object" || item === null) return null;
    const { id, label, dai, selectivo, iva } = item as Record<string, unknown>;
    if (typeof id !== "string" || !/^[a-z0-9-]{1,40}$/.test(id) || ids.has(id)) return null;
    if (typeof label !== "string" || label.trim() === "" || label.length > 80 || /[<>]/.test(label)) return null;
    if (!pair(dai) || !pair(selectivo) || !rate(iva)) return null;
    ids.add(id);
    out.push({ id, label: label.trim(), dai: [dai[0], dai[1]], selectivo: [selectivo[0], selectivo[1]], iva: iva as number });
  }
  return out;
}
