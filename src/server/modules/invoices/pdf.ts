// The printable PDF of a comprobante electrónico (issue 34 item 6; docs/decisions/197): an A4
// representation of the SIGNED XML we stored, read back element by element. One number, one
// rule: every amount, code and text printed is the document's own string (never recomputed,
// never re-rounded; only digit groups and the decimal comma are added), so the PDF cannot say
// anything the XML Hacienda received does not. Hacienda's state is the row's.
//
// Text goes through the PDF kit (lib/pdf/document.ts): embedded Noto fonts, every text made safe
// (control characters, characters no font has), fitted or wrapped in its box. The clave (50
// digits) and the consecutivo (20) are printed whole on lines of their own.
import type { PDFPage } from "pdf-lib";
import { createPdf, drawFittedText, drawWrappedText, GREY, mm, PAGE_SIZES, BLACK, type PdfFonts } from "../../lib/pdf/document";
import { formatWholeNumber } from "../../../shared/domain/format";

const PAGE = PAGE_SIZES.A4;
const MARGIN = mm(15);
const WIDTH = PAGE[0] - 2 * MARGIN;
const BOTTOM = MARGIN + 14;

export const PDF_TITLES: Record<string, string> = {
  FacturaElectronica: "Factura electrónica",
  TiqueteElectronico: "Tiquete electrónico",
  NotaCreditoElectronica: "Nota de crédito electrónica",
};
const REFERENCE_TYPES: Record<string, string> = { "01": "Factura electrónica", "03": "Nota de crédito electrónica", "04": "Tiquete electrónico" };
const ID_TYPES: Record<string, string> = { "01": "Cédula física", "02": "Cédula jurídica", "03": "DIMEX", "04": "NITE" };
const PAYMENT_METHODS: Record<string, string> = { "01": "Efectivo", "02": "Tarjeta", "03": "Cheque", "04": "Transferencia", "05": "Recaudado por terceros", "06": "SINPE Móvil", "99": "Otro" };
const SALE_CONDITIONS: Record<string, string> = { "01": "Contado", "02": "Crédito" };
const REFERENCE_CODES: Record<string, string> = { "01": "Anula el documento de referencia", "02": "Corrige texto", "04": "Referencia a otro documento" };
const CURRENCY_SIGNS: Record<string, string> = { CRC: "₡", USD: "US$" };

export const PDF_LABELS = {
  clave: "Clave",
  consecutivo: "Consecutivo",
  date: "Fecha de emisión",
  emitter: "Emisor",
  receiver: "Receptor",
  noReceiver: "Sin receptor identificado (tiquete electrónico)",
  state: "Estado ante Hacienda",
  reference: "Documento de referencia",
  lines: "Detalle",
  otherCharges: "Otros cargos (cobros de terceros)",
  headers: ["Cant.", "Unidad", "Precio unitario", "Descuento", "Subtotal", "IVA", "Total línea"],
  payment: "Medio de pago",
  sale: "Condición de venta",
  totals: [
    ["TotalServGravados", "Servicios gravados"],
    ["TotalServExentos", "Servicios exentos"],
    ["TotalMercanciasGravadas", "Mercancías gravadas"],
    ["TotalMercanciasExentas", "Mercancías exentas"],
    ["TotalVenta", "Total venta"],
    ["TotalDescuentos", "Descuentos"],
    ["TotalVentaNeta", "Venta neta"],
    ["TotalImpuesto", "Total IVA"],
    ["TotalOtrosCargos", "Otros cargos"],
    ["TotalComprobante", "Total del comprobante"],
  ] as const,
  footer: "Representación impresa de un comprobante electrónico (formato 4.4 de Hacienda, Costa Rica).",
};

/** What the row says that the XML cannot: Hacienda's state (and why it refused, for staff). */
export interface ComprobantePdfState {
  stateLabel: string;
  rejectionReason?: string | null;
}

// ——— reading the stored XML (namespaced elements by local name; the signature is never read) ———

interface Node {
  localName?: string | null;
  nodeType: number;
  textContent: string | null;
  childNodes: ArrayLike<Node>;
}

const children = (node: Node | undefined, name: string): Node[] =>
  node ? Array.from(node.childNodes).filter((c) => c.nodeType === 1 && c.localName === name) : [];
const child = (node: Node | undefined, name: string): Node | undefined => children(node, name)[0];
/** The element's text as stored ("" when absent). */
const text = (node: Node | undefined, ...path: string[]): string => {
  let at = node;
  for (const name of path) at = child(at, name);
  return at?.textContent?.trim() ?? "";
};

/** "12500.00000" → "12 500,00"; "11061.94690" → "11 061,9469": the stored digits, grouped, trailing zeros past 2 decimals dropped. */
export function printedAmount(stored: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(stored.trim());
  if (!match) return stored;
  const [, sign, whole, decimals = ""] = match;
  const grouped = whole.length > 15 ? whole : formatWholeNumber(Number(whole));
  const kept = decimals.replace(/0+$/, "").padEnd(2, "0");
  return `${sign}${grouped},${kept}`;
}

/** "1.000" → "1", "2.500" → "2,5": the stored quantity, with the decimal comma (a "1.000" read as a thousand would mislead). */
export function printedQuantity(stored: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(stored.trim());
  if (!match) return stored;
  const decimals = (match[2] ?? "").replace(/0+$/, "");
  return decimals ? `${match[1]},${decimals}` : match[1];
}

/** "2026-11-27T14:15:09-06:00" → "27/11/2026 14:15:09 (UTC-06:00)": the stored date, only reordered. */
export function printedDate(stored: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})(.*)$/.exec(stored.trim());
  if (!m) return stored;
  const zone = m[5] && m[5] !== "Z" ? ` (UTC${m[5]})` : m[5] === "Z" ? " (UTC)" : "";
  return `${m[3]}/${m[2]}/${m[1]} ${m[4]}${zone}`;
}

/**
 * The PDF of a signed comprobante 4.4 (Factura 01, Nota de Crédito 03, Tiquete 04) as stored.
 * Throws when the text is not one of those documents (a stored XML always is).
 */
export async function comprobantePdf(signedXml: string, state: ComprobantePdfState): Promise<Uint8Array> {
  const { DOMParser } = await import("@xmldom/xmldom");
  const root = new DOMParser().parseFromString(signedXml, "text/xml").documentElement as unknown as Node | null;
  const title = root?.localName ? PDF_TITLES[root.localName] : undefined;
  if (!root || !title) throw new Error("comprobantePdf: the XML is not a Factura, Tiquete or Nota de Crédito 4.4");

  const resume = child(root, "ResumenFactura");
  const currency = text(resume, "CodigoTipoMoneda", "CodigoMoneda") || "CRC";
  const sign = CURRENCY_SIGNS[currency] ?? `${currency} `;
  const money = (stored: string) => (stored ? `${sign}${printedAmount(stored)}` : "");
  const consecutivo = text(root, "NumeroConsecutivo");
  const clave = text(root, "Clave");

  const { doc, fonts } = await createPdf({ title: `${title} ${consecutivo}`, author: text(root, "Emisor", "Nombre") });
  const pages: PDFPage[] = [];
  let page!: PDFPage;
  let y = 0;

  const draw = (value: string, x: number, w: number, opts: { bold?: boolean; size?: number; right?: boolean; grey?: boolean } = {}) =>
    drawFittedText(page, value, {
      x,
      y,
      maxWidth: w,
      size: opts.size ?? 9,
      minSize: 6,
      font: opts.bold ? fonts.bold : fonts.regular,
      align: opts.right ? "right" : "left",
      color: opts.grey ? GREY : BLACK,
    });
  const wrap = (value: string, opts: { size?: number; bold?: boolean; grey?: boolean; maxLines?: number; x?: number; w?: number } = {}) => {
    const size = opts.size ?? 9;
    y = drawWrappedText(page, value, {
      x: opts.x ?? MARGIN,
      y,
      maxWidth: opts.w ?? WIDTH,
      size,
      font: opts.bold ? fonts.bold : fonts.regular,
      color: opts.grey ? GREY : BLACK,
      maxLines: opts.maxLines ?? 3,
    });
  };
  const rule = () => page.drawLine({ start: { x: MARGIN, y: y + 9 }, end: { x: MARGIN + WIDTH, y: y + 9 }, thickness: 0.5, color: BLACK });
  const newPage = (continued: boolean) => {
    page = doc.addPage(PAGE);
    pages.push(page);
    y = PAGE[1] - MARGIN - 12;
    if (continued) {
      draw(`${title} ${consecutivo}`, MARGIN, WIDTH * 0.7, { bold: true, size: 10 });
      y -= 20;
    }
  };
  /** Room for `height` points, or a new page. */
  const room = (height: number) => {
    if (y - height < BOTTOM) newPage(true);
  };

  newPage(false);
  // Emitter.
  const emitter = child(root, "Emisor");
  draw(text(emitter, "NombreComercial") || text(emitter, "Nombre"), MARGIN, WIDTH * 0.62, { bold: true, size: 16 });
  y -= 15;
  const emitterFacts = [
    text(emitter, "NombreComercial") ? text(emitter, "Nombre") : "",
    identification(emitter),
    [text(emitter, "Ubicacion", "Barrio"), text(emitter, "Ubicacion", "OtrasSenas")].filter(Boolean).join(", "),
    [text(emitter, "Telefono", "NumTelefono") ? `Tel. ${text(emitter, "Telefono", "NumTelefono")}` : "", text(emitter, "CorreoElectronico")].filter(Boolean).join(" · "),
    text(root, "CodigoActividadEmisor") ? `Actividad económica ${text(root, "CodigoActividadEmisor")}` : "",
  ].filter(Boolean);
  for (const fact of emitterFacts) {
    draw(fact, MARGIN, WIDTH, { size: 8.5, grey: true });
    y -= 11;
  }
  y -= 10;

  // Kind, numbers, date, state.
  draw(title, MARGIN, WIDTH, { bold: true, size: 15 });
  y -= 18;
  const fact = (label: string, value: string, opts: { bold?: boolean } = {}) => {
    draw(`${label}:`, MARGIN, 110, { bold: true });
    draw(value, MARGIN + 112, WIDTH - 112, { bold: opts.bold });
    y -= 13;
  };
  fact(PDF_LABELS.consecutivo, consecutivo, { bold: true });
  fact(PDF_LABELS.clave, clave);
  fact(PDF_LABELS.date, printedDate(text(root, "FechaEmision")));
  fact(PDF_LABELS.state, state.stateLabel, { bold: true });
  if (state.rejectionReason) wrap(state.rejectionReason, { x: MARGIN + 112, w: WIDTH - 112, grey: true, maxLines: 4 });
  y -= 8;

  // Receiver.
  const receiver = child(root, "Receptor");
  draw(PDF_LABELS.receiver, MARGIN, WIDTH, { bold: true, size: 10 });
  y -= 13;
  if (receiver) {
    for (const line of [text(receiver, "Nombre"), identification(receiver), text(receiver, "CorreoElectronico")].filter(Boolean)) {
      draw(line, MARGIN, WIDTH);
      y -= 12;
    }
  } else {
    draw(PDF_LABELS.noReceiver, MARGIN, WIDTH, { grey: true });
    y -= 12;
  }
  y -= 4;
  fact(PDF_LABELS.sale, SALE_CONDITIONS[text(root, "CondicionVenta")] ?? text(root, "CondicionVenta"));
  const methods = children(resume, "MedioPago").map((m) => {
    const code = text(m, "TipoMedioPago");
    return `${PAYMENT_METHODS[code] ?? code} ${money(text(m, "TotalMedioPago"))}`.trim();
  });
  fact(PDF_LABELS.payment, methods.join(" · "));
  if (currency !== "CRC") fact("Moneda", `${currency} · tipo de cambio ${printedAmount(text(resume, "CodigoTipoMoneda", "TipoCambio"))}`);

  // Reference (a Nota de Crédito).
  const reference = child(root, "InformacionReferencia");
  if (reference) {
    y -= 4;
    draw(PDF_LABELS.reference, MARGIN, WIDTH, { bold: true, size: 10 });
    y -= 13;
    const refType = text(reference, "TipoDocIR");
    fact("Tipo", REFERENCE_TYPES[refType] ?? refType);
    fact(PDF_LABELS.clave, text(reference, "Numero"));
    fact("Fecha", printedDate(text(reference, "FechaEmisionIR")));
    const code = text(reference, "Codigo");
    fact("Código", `${code} ${REFERENCE_CODES[code] ?? ""}`.trim());
    if (text(reference, "Razon")) wrap(`Razón: ${text(reference, "Razon")}`, { maxLines: 3 });
  }
  y -= 10;

  // Lines: a first row with the number, CABYS and description, a second with the amounts.
  const columns = [0.08, 0.08, 0.17, 0.14, 0.17, 0.19, 0.17];
  const xs = columns.reduce<number[]>((acc, _w, i) => [...acc, i === 0 ? MARGIN : acc[i - 1] + columns[i - 1] * WIDTH], []);
  const header = () => {
    draw(PDF_LABELS.lines, MARGIN, WIDTH, { bold: true, size: 10 });
    y -= 14;
    rule();
    PDF_LABELS.headers.forEach((h, i) => draw(h, xs[i] + 2, columns[i] * WIDTH - 4, { bold: true, size: 8, right: i !== 1 }));
    y -= 5;
    rule();
    y -= 9;
  };
  room(60);
  header();
  for (const line of children(child(root, "DetalleServicio"), "LineaDetalle")) {
    const before = pages.length;
    room(56);
    if (pages.length !== before) header();
    wrap(`${text(line, "NumeroLinea")}. CABYS ${text(line, "CodigoCABYS")} · ${text(line, "Detalle")}`, { x: MARGIN + 2, w: WIDTH - 4, size: 8.5, maxLines: 3 });
    y -= 1;
    const taxes = children(line, "Impuesto").map((tax) => `${printedAmount(text(tax, "Tarifa"))} %: ${money(text(tax, "Monto"))}`);
    const values = [
      printedQuantity(text(line, "Cantidad")),
      text(line, "UnidadMedida"),
      money(text(line, "PrecioUnitario")),
      children(line, "Descuento").map((d) => money(text(d, "MontoDescuento"))).join(" + ") || "—",
      money(text(line, "SubTotal")),
      taxes.join(" + ") || "—",
      money(text(line, "MontoTotalLinea")),
    ];
    values.forEach((v, i) => draw(v, xs[i] + 2, columns[i] * WIDTH - 4, { size: 8.5, right: i !== 1, bold: i === values.length - 1 }));
    y -= 15;
  }

  // Other charges (customs taxes paid for the client, decision 186).
  const others = children(root, "OtrosCargos");
  if (others.length) {
    room(40);
    y -= 4;
    draw(PDF_LABELS.otherCharges, MARGIN, WIDTH, { bold: true, size: 10 });
    y -= 14;
    for (const other of others) {
      room(14);
      const third = text(other, "NombreTercero");
      draw(`${text(other, "Detalle")}${third ? ` · a nombre de ${third}` : ""}`, MARGIN + 2, WIDTH * 0.74, { size: 8.5 });
      draw(money(text(other, "MontoCargo")), MARGIN + WIDTH * 0.76, WIDTH * 0.24 - 2, { size: 8.5, right: true });
      y -= 13;
    }
  }

  // Totals, as the summary states them.
  const totals = PDF_LABELS.totals.filter(([element]) => text(resume, element) !== "");
  const breakdown = children(resume, "TotalDesgloseImpuesto");
  room(14 * (totals.length + breakdown.length) + 20);
  y -= 6;
  rule();
  y -= 4;
  const totalRow = (label: string, value: string, bold = false) => {
    draw(label, MARGIN + WIDTH * 0.45, WIDTH * 0.3, { bold, size: bold ? 10.5 : 9, right: true });
    draw(value, MARGIN + WIDTH * 0.76, WIDTH * 0.24 - 2, { bold, size: bold ? 10.5 : 9, right: true });
    y -= bold ? 15 : 12;
  };
  for (const [element, label] of totals) {
    if (element === "TotalImpuesto") {
      for (const entry of breakdown) totalRow(`IVA tarifa ${text(entry, "CodigoTarifaIVA")}`, money(text(entry, "TotalMontoImpuesto")));
    }
    totalRow(label, money(text(resume, element)), element === "TotalComprobante");
  }

  room(30);
  y -= 10;
  wrap(PDF_LABELS.footer, { size: 8, grey: true, maxLines: 2 });
  pageNumbers(pages, fonts);
  return doc.save();
}

/** "Cédula jurídica 3101123456" from an element holding Identificacion (Tipo, Numero). */
function identification(holder: Node | undefined): string {
  const type = text(holder, "Identificacion", "Tipo");
  const number = text(holder, "Identificacion", "Numero");
  if (!number) return "";
  return `${ID_TYPES[type] ?? `Identificación ${type}`} ${number}`;
}

function pageNumbers(pages: PDFPage[], fonts: PdfFonts): void {
  if (pages.length < 2) return;
  pages.forEach((p, i) =>
    drawFittedText(p, `${i + 1} / ${pages.length}`, { x: MARGIN, y: MARGIN - 4, maxWidth: WIDTH, size: 8, font: fonts.regular, align: "right", color: GREY }),
  );
}
