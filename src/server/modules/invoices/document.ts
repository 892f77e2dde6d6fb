// The comprobante electrónico 4.4 as plain data (issue 34): who issues it, who receives it, its
// lines and other charges, and the ONE rule that computes every amount of it (lines, summary,
// payment). xml.ts writes exactly these numbers; nothing else computes an invoice amount.
//
// Money is held as bigint in hundred-thousandths (the schema's 5 decimals, DecimalDineroType),
// quantities in thousandths (Cantidad's 3 decimals): no floating point anywhere, any number of lines.
import type { PaymentMethod } from "../../../shared/domain/charges";
import { TAX_ID_TYPES, validateTaxId, type TaxIdType } from "../../../shared/domain/tax-identification";

export const DOCUMENT_KINDS = ["FACTURA", "NOTA_CREDITO", "TIQUETE"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Hacienda's document type codes (the consecutivo's 2 digits, InformacionReferencia's TipoDocIR). */
export const DOCUMENT_TYPE_CODES: Record<DocumentKind, "01" | "03" | "04"> = {
  FACTURA: "01",
  NOTA_CREDITO: "03",
  TIQUETE: "04",
};

/** How our payment methods are named to Hacienda (MedioPago/TipoMedioPago). */
export const PAYMENT_METHOD_CODES: Record<PaymentMethod, "01" | "02" | "04" | "06"> = {
  EFECTIVO: "01",
  TARJETA: "02",
  TRANSFERENCIA: "04",
  SINPE_MOVIL: "06",
};

/** Condición de venta: what we sell is paid when invoiced (01 contado); credit (02) for the future. */
export type SaleCondition = "01" | "02";

/** An invoice data problem, in Spanish, for staff to correct before issuing again. */
export class InvoiceDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvoiceDataError";
  }
}

export interface Location {
  /** 1 digit (1 San José … 7 Limón). */
  province: string;
  /** 2 digits. */
  canton: string;
  /** 2 digits. */
  district: string;
  barrio?: string;
  otherSigns: string;
}

export interface Emitter {
  name: string;
  commercialName?: string;
  idType: TaxIdType;
  idNumber: string;
  /** Actividad económica, 6 digits. */
  activityCode: string;
  location: Location;
  /** 8 digits, country 506. */
  phone?: string;
  email: string;
  /** ProveedorSistemas: the identification of whoever provides the invoicing system. */
  systemProviderId: string;
}

export interface Receiver {
  name: string;
  /** Required for a Factura; a Tiquete may name the buyer without it. */
  idType?: TaxIdType;
  idNumber?: string;
  email?: string;
}

export interface Discount {
  amountColones: number;
  /** CodigoDescuento (06 promocional for our coupons). */
  code: string;
  nature?: string;
}

export interface Tax {
  /** 01 IVA. */
  code: string;
  /** CodigoTarifaIVA: 08 general 13 %, 10 exenta, … */
  rateCode: string;
  /** Percent, up to 2 decimals. */
  ratePercent: number;
}

export interface LineInput {
  cabys: string;
  /** Up to 3 decimals. */
  quantity: number;
  /** UnidadMedida (Os otros servicios, Sp servicios profesionales, Unid, …). */
  unit: string;
  /** Services or goods: decides which summary totals the line joins. */
  nature: "SERVICE" | "GOODS";
  description: string;
  /** Per unit, in colones, up to 5 decimals (whole colones as stored, or a price with its IVA split out). */
  unitPriceColones: number;
  discount?: Discount;
  tax: Tax;
}

/** A charge that is not a sale of ours (OtrosCargos): customs taxes paid for the client (04 cobro de un tercero). */
export interface OtherChargeInput {
  /** TipoDocumentoOC. */
  type: string;
  thirdParty?: { idType: TaxIdType; idNumber: string; name: string };
  detail: string;
  amountColones: number;
}

export type Currency = { code: "CRC" } | { code: "USD"; colonesPerDollar: number };

export interface Reference {
  kind: "FACTURA" | "TIQUETE";
  clave: string;
  issuedAt: Date;
  /** CodigoReferencia: 01 anula el documento. */
  code: string;
  reason: string;
}

export interface InvoiceInput {
  kind: DocumentKind;
  clave: string;
  consecutivo: string;
  issuedAt: Date;
  emitter: Emitter;
  receiver?: Receiver;
  saleCondition: SaleCondition;
  paymentMethod: PaymentMethod;
  currency: Currency;
  lines: LineInput[];
  otherCharges?: OtherChargeInput[];
  /** Required for a Nota de Crédito: the document it corrects. */
  reference?: Reference;
}

/** Amounts in hundred-thousandths of the document's currency. */
export type Money = bigint;
export const MONEY_SCALE = 100_000n;
const QUANTITY_SCALE = 1000n;

export interface ComputedLine {
  number: number;
  input: LineInput;
  quantity: bigint;
  unitPrice: Money;
  total: Money;
  discount: Money;
  subtotal: Money;
  taxableBase: Money;
  tax: Money;
  netTax: Money;
  lineTotal: Money;
}

export interface ComputedOtherCharge {
  input: OtherChargeInput;
  amount: Money;
}

export interface Summary {
  servicesTaxed: Money;
  servicesExempt: Money;
  goodsTaxed: Money;
  goodsExempt: Money;
  taxed: Money;
  exempt: Money;
  sale: Money;
  discounts: Money;
  netSale: Money;
  taxBreakdown: { code: string; rateCode: string; amount: Money }[];
  tax: Money;
  otherCharges: Money;
  total: Money;
}

export interface ComputedInvoice {
  input: InvoiceInput;
  /** Hundred-thousandths of colones per unit of the currency (1 for CRC). */
  exchangeRate: Money;
  lines: ComputedLine[];
  otherCharges: ComputedOtherCharge[];
  summary: Summary;
}

/** Rounds a / b half away from zero (every amount here is ≥ 0). */
function divRound(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

function toScaled(value: number, scale: bigint, what: string): bigint {
  const digits = Math.round(value * Number(scale));
  if (!Number.isFinite(value) || value < 0 || Math.abs(value * Number(scale) - digits) > 1e-6) {
    throw new InvoiceDataError(`${what} no es válido: ${value}.`);
  }
  return BigInt(digits);
}

/** Colones (up to 5 decimals) in the document's currency, 5 decimals: converted once, here. */
function inCurrency(colones: number, rate: Money, what: string): Money {
  if (!Number.isFinite(colones) || colones < 0 || colones > 1e12) throw new InvoiceDataError(`${what} debe ser un monto de colones ≥ 0.`);
  const scaled = toScaled(colones, MONEY_SCALE, what);
  return rate === MONEY_SCALE ? scaled : divRound(scaled * MONEY_SCALE, rate);
}

/** Whether a line's tax makes it exempt (tarifa exenta) rather than taxed. */
function isExempt(tax: Tax): boolean {
  return tax.rateCode === "10";
}

/** Checks what the schema cannot say (or says too late) and computes every amount, once. */
export function computeInvoice(input: InvoiceInput): ComputedInvoice {
  validateInput(input);
  const rate = input.currency.code === "CRC" ? MONEY_SCALE : toScaled(input.currency.colonesPerDollar, MONEY_SCALE, "El tipo de cambio");
  if (rate <= 0n) throw new InvoiceDataError("El tipo de cambio debe ser mayor que cero.");
  const lines = input.lines.map((line, index): ComputedLine => {
    const quantity = toScaled(line.quantity, QUANTITY_SCALE, `La cantidad de la línea ${index + 1}`);
    if (quantity <= 0n) throw new InvoiceDataError(`La cantidad de la línea ${index + 1} debe ser mayor que cero.`);
    const unitPrice = inCurrency(line.unitPriceColones, rate, `El precio de la línea ${index + 1}`);
    const total = divRound(quantity * unitPrice, QUANTITY_SCALE);
    const discount = line.discount ? inCurrency(line.discount.amountColones, rate, `El descuento de la línea ${index + 1}`) : 0n;
    if (discount > total) throw new InvoiceDataError(`El descuento de la línea ${index + 1} es mayor que su monto.`);
    const subtotal = total - discount;
    const ratePercent = toScaled(line.tax.ratePercent, 100n, `La tarifa de la línea ${index + 1}`);
    const tax = divRound(subtotal * ratePercent, 100n * 100n);
    return { number: index + 1, input: line, quantity, unitPrice, total, discount, subtotal, taxableBase: subtotal, tax, netTax: tax, lineTotal: subtotal + tax };
  });
  const otherCharges = (input.otherCharges ?? []).map((charge, index) => ({
    input: charge,
    amount: inCurrency(charge.amountColones, rate, `El otro cargo ${index + 1}`),
  }));
  const sum = (items: readonly bigint[]) => items.reduce((a, b) => a + b, 0n);
  const pick = (nature: LineInput["nature"], exempt: boolean) =>
    sum(lines.filter((l) => l.input.nature === nature && isExempt(l.input.tax) === exempt).map((l) => l.total));
  const servicesTaxed = pick("SERVICE", false);
  const servicesExempt = pick("SERVICE", true);
  const goodsTaxed = pick("GOODS", false);
  const goodsExempt = pick("GOODS", true);
  const taxed = servicesTaxed + goodsTaxed;
  const exempt = servicesExempt + goodsExempt;
  const sale = taxed + exempt;
  const discounts = sum(lines.map((l) => l.discount));
  const netSale = sale - discounts;
  const breakdown = new Map<string, { code: string; rateCode: string; amount: Money }>();
  for (const line of lines) {
    const key = `${line.input.tax.code}/${line.input.tax.rateCode}`;
    const entry = breakdown.get(key) ?? { code: line.input.tax.code, rateCode: line.input.tax.rateCode, amount: 0n };
    entry.amount += line.netTax;
    breakdown.set(key, entry);
  }
  const tax = sum(lines.map((l) => l.netTax));
  const otherTotal = sum(otherCharges.map((c) => c.amount));
  return {
    input,
    exchangeRate: rate,
    lines,
    otherCharges,
    summary: {
      servicesTaxed,
      servicesExempt,
      goodsTaxed,
      goodsExempt,
      taxed,
      exempt,
      sale,
      discounts,
      netSale,
      taxBreakdown: [...breakdown.values()],
      tax,
      otherCharges: otherTotal,
      total: netSale + tax + otherTotal,
    },
  };
}

/** Characters XML 1.0 cannot carry (controls, lone surrogates, U+FFFE/U+FFFF) removed; spaces collapsed. */
export function cleanText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** At most `max` characters (code points, as the schema counts), cut cleanly with an ellipsis. */
export function fitText(text: string, max: number): string {
  const chars = Array.from(cleanText(text));
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("").trimEnd()}…`;
}

function requireLength(text: string | undefined, min: number, max: number, what: string): void {
  const length = Array.from(cleanText(text ?? "")).length;
  if (length < min) throw new InvoiceDataError(`${what} debe tener al menos ${min} caracteres.`);
  if (length > max) throw new InvoiceDataError(`${what} admite como máximo ${max} caracteres.`);
}

function requireTaxId(type: TaxIdType | undefined, number: string | undefined, who: string): void {
  if (!type || !TAX_ID_TYPES.includes(type) || !number) throw new InvoiceDataError(`Falta la identificación ${who}.`);
  const checked = validateTaxId(type, number);
  if (!checked.ok || checked.number !== number) throw new InvoiceDataError(`La identificación ${who} no es válida: ${checked.ok ? "use solo dígitos" : checked.message}`);
}

function validateInput(input: InvoiceInput): void {
  if (!/^\d{50}$/.test(input.clave)) throw new InvoiceDataError("La clave debe tener 50 dígitos.");
  if (!/^\d{20}$/.test(input.consecutivo)) throw new InvoiceDataError("El consecutivo debe tener 20 dígitos.");
  if (input.consecutivo.slice(8, 10) !== DOCUMENT_TYPE_CODES[input.kind]) throw new InvoiceDataError("El consecutivo no corresponde al tipo de comprobante.");
  if (input.clave.slice(21, 41) !== input.consecutivo) throw new InvoiceDataError("La clave no contiene el consecutivo del comprobante.");
  const e = input.emitter;
  requireLength(e.name, 5, 100, "El nombre del emisor");
  if (e.commercialName) requireLength(e.commercialName, 3, 80, "El nombre comercial del emisor");
  requireTaxId(e.idType, e.idNumber, "del emisor");
  if (!/^\d{6}$/.test(e.activityCode)) throw new InvoiceDataError("El código de actividad económica del emisor tiene 6 dígitos.");
  if (!/^[1-7]$/.test(e.location.province) || !/^\d\d$/.test(e.location.canton) || !/^\d\d$/.test(e.location.district)) {
    throw new InvoiceDataError("La ubicación del emisor necesita provincia (1 dígito), cantón y distrito (2 dígitos).");
  }
  if (e.location.canton === "00" || e.location.district === "00") throw new InvoiceDataError("El cantón y el distrito del emisor empiezan en 01.");
  if (e.location.barrio) requireLength(e.location.barrio, 5, 50, "El barrio del emisor");
  requireLength(e.location.otherSigns, 5, 250, "Las otras señas del emisor");
  if (e.phone !== undefined && !/^\d{8}$/.test(e.phone)) throw new InvoiceDataError("El teléfono del emisor tiene 8 dígitos.");
  requireEmail(e.email, "del emisor");
  requireLength(e.systemProviderId, 1, 20, "La identificación del proveedor del sistema");
  const r = input.receiver;
  if (input.kind === "FACTURA" && !r?.idType) throw new InvoiceDataError("Una factura electrónica necesita la identificación del receptor; sin ella se emite un tiquete.");
  if (r) {
    requireLength(r.name, 3, 100, "El nombre del receptor");
    if (r.idType || r.idNumber || input.kind !== "TIQUETE") requireTaxId(r.idType, r.idNumber, "del receptor");
    if (r.email) requireEmail(r.email, "del receptor");
  }
  if (input.lines.length === 0) throw new InvoiceDataError("El comprobante no tiene líneas.");
  if (input.lines.length > 1000) throw new InvoiceDataError("Un comprobante admite como máximo 1000 líneas.");
  input.lines.forEach((line, i) => {
    if (!/^\d{13}$/.test(line.cabys)) throw new InvoiceDataError(`El código CABYS de la línea ${i + 1} tiene 13 dígitos.`);
    requireLength(line.description, 3, 200, `El detalle de la línea ${i + 1}`);
    if (!/^\d\d$/.test(line.tax.code) || !/^\d\d$/.test(line.tax.rateCode)) throw new InvoiceDataError(`El impuesto de la línea ${i + 1} no es válido.`);
    if (!(line.tax.ratePercent >= 0 && line.tax.ratePercent < 100)) throw new InvoiceDataError(`La tarifa de la línea ${i + 1} no es válida.`);
    if (line.discount && !/^\d\d$/.test(line.discount.code)) throw new InvoiceDataError(`El código de descuento de la línea ${i + 1} no es válido.`);
  });
  const charges = input.otherCharges ?? [];
  if (charges.length > 15) throw new InvoiceDataError("Un comprobante admite como máximo 15 otros cargos.");
  charges.forEach((charge, i) => {
    requireLength(charge.detail, 1, 160, `El detalle del otro cargo ${i + 1}`);
    if (charge.thirdParty) {
      requireTaxId(charge.thirdParty.idType, charge.thirdParty.idNumber, `del tercero del cargo ${i + 1}`);
      requireLength(charge.thirdParty.name, 5, 100, `El nombre del tercero del cargo ${i + 1}`);
    }
  });
  if (input.kind === "NOTA_CREDITO") {
    if (!input.reference) throw new InvoiceDataError("Una nota de crédito necesita el comprobante que corrige.");
    if (!/^\d{50}$/.test(input.reference.clave)) throw new InvoiceDataError("La clave del comprobante de referencia debe tener 50 dígitos.");
    requireLength(input.reference.reason, 1, 180, "La razón de la nota de crédito");
  }
}

function requireEmail(email: string, who: string): void {
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(email) || email.length > 160) throw new InvoiceDataError(`El correo ${who} no es válido.`);
}

/** "12500.00000": a Money as the schema's decimal (5 places). */
export function formatMoney(value: Money): string {
  const whole = value / MONEY_SCALE;
  const fraction = (value % MONEY_SCALE).toString().padStart(5, "0");
  return `${whole}.${fraction}`;
}

export function formatQuantity(thousandths: bigint): string {
  return `${thousandths / QUANTITY_SCALE}.${(thousandths % QUANTITY_SCALE).toString().padStart(3, "0")}`;
}
