// The XML of a comprobante 4.4 (Factura 01, Nota de Crédito 03, Tiquete 04), unsigned, written
// with xmlbuilder2 (every text escaped by the builder, never concatenated) from the numbers
// document.ts computed. The element order is the schema's sequence; signature.ts appends
// ds:Signature as the last child, where the schema wants it.
import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces";
import { TAX_ID_TYPE_CODES } from "../../../shared/domain/tax-identification";
import { costaRicaDateTime } from "./clave";
import {
  DOCUMENT_TYPE_CODES,
  PAYMENT_METHOD_CODES,
  cleanText,
  computeInvoice,
  fitText,
  formatMoney,
  formatQuantity,
  type ComputedInvoice,
  type DocumentKind,
  type InvoiceInput,
  type Location,
} from "./document";

const SCHEMA_BASE = "https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4";

export const DOCUMENT_ROOTS: Record<DocumentKind, { root: string; namespace: string }> = {
  FACTURA: { root: "FacturaElectronica", namespace: `${SCHEMA_BASE}/facturaElectronica` },
  NOTA_CREDITO: { root: "NotaCreditoElectronica", namespace: `${SCHEMA_BASE}/notaCreditoElectronica` },
  TIQUETE: { root: "TiqueteElectronico", namespace: `${SCHEMA_BASE}/tiqueteElectronico` },
};

/** The unsigned XML of a document, with the amounts it carries. */
export function buildInvoiceXml(input: InvoiceInput): { xml: string; computed: ComputedInvoice } {
  const computed = computeInvoice(input);
  return { xml: writeXml(computed), computed };
}

function writeXml(doc: ComputedInvoice): string {
  const { input, summary } = doc;
  const { root, namespace } = DOCUMENT_ROOTS[input.kind];
  const xml = create({ version: "1.0", encoding: "UTF-8" }).ele(namespace, root);
  // Every child takes the root's (default) namespace.
  const el = (parent: XMLBuilder, name: string, text?: string) => {
    const child = parent.ele(namespace, name);
    if (text !== undefined) child.txt(text);
    return child;
  };
  const e = input.emitter;
  el(xml, "Clave", input.clave);
  el(xml, "ProveedorSistemas", e.systemProviderId);
  el(xml, "CodigoActividadEmisor", e.activityCode);
  el(xml, "NumeroConsecutivo", input.consecutivo);
  el(xml, "FechaEmision", costaRicaDateTime(input.issuedAt));

  const emitter = el(xml, "Emisor");
  el(emitter, "Nombre", cleanText(e.name));
  const emitterId = el(emitter, "Identificacion");
  el(emitterId, "Tipo", TAX_ID_TYPE_CODES[e.idType]);
  el(emitterId, "Numero", e.idNumber);
  if (e.commercialName) el(emitter, "NombreComercial", cleanText(e.commercialName));
  writeLocation(el(emitter, "Ubicacion"), e.location, el);
  if (e.phone) {
    const phone = el(emitter, "Telefono");
    el(phone, "CodigoPais", "506");
    el(phone, "NumTelefono", e.phone);
  }
  el(emitter, "CorreoElectronico", e.email);

  const r = input.receiver;
  if (r) {
    const receiver = el(xml, "Receptor");
    el(receiver, "Nombre", fitText(r.name, 100));
    if (r.idType && r.idNumber) {
      const receiverId = el(receiver, "Identificacion");
      el(receiverId, "Tipo", TAX_ID_TYPE_CODES[r.idType]);
      el(receiverId, "Numero", r.idNumber);
    }
    if (r.email) el(receiver, "CorreoElectronico", r.email);
  }
  el(xml, "CondicionVenta", input.saleCondition);

  const detail = el(xml, "DetalleServicio");
  for (const line of doc.lines) {
    const item = el(detail, "LineaDetalle");
    el(item, "NumeroLinea", String(line.number));
    el(item, "CodigoCABYS", line.input.cabys);
    el(item, "Cantidad", formatQuantity(line.quantity));
    el(item, "UnidadMedida", line.input.unit);
    el(item, "Detalle", fitText(line.input.description, 200));
    el(item, "PrecioUnitario", formatMoney(line.unitPrice));
    el(item, "MontoTotal", formatMoney(line.total));
    if (line.input.discount && line.discount > 0n) {
      const discount = el(item, "Descuento");
      el(discount, "MontoDescuento", formatMoney(line.discount));
      el(discount, "CodigoDescuento", line.input.discount.code);
      if (line.input.discount.nature) el(discount, "NaturalezaDescuento", fitText(line.input.discount.nature, 80));
    }
    el(item, "SubTotal", formatMoney(line.subtotal));
    el(item, "BaseImponible", formatMoney(line.taxableBase));
    const tax = el(item, "Impuesto");
    el(tax, "Codigo", line.input.tax.code);
    el(tax, "CodigoTarifaIVA", line.input.tax.rateCode);
    el(tax, "Tarifa", line.input.tax.ratePercent.toFixed(2));
    el(tax, "Monto", formatMoney(line.tax));
    el(item, "ImpuestoAsumidoEmisorFabrica", formatMoney(0n));
    el(item, "ImpuestoNeto", formatMoney(line.netTax));
    el(item, "MontoTotalLinea", formatMoney(line.lineTotal));
  }

  for (const charge of doc.otherCharges) {
    const other = el(xml, "OtrosCargos");
    el(other, "TipoDocumentoOC", charge.input.type);
    if (charge.input.thirdParty) {
      const thirdId = el(other, "IdentificacionTercero");
      el(thirdId, "Tipo", TAX_ID_TYPE_CODES[charge.input.thirdParty.idType]);
      el(thirdId, "Numero", charge.input.thirdParty.idNumber);
      el(other, "NombreTercero", fitText(charge.input.thirdParty.name, 100));
    }
    el(other, "Detalle", fitText(charge.input.detail, 160));
    el(other, "MontoCargo", formatMoney(charge.amount));
  }

  const resume = el(xml, "ResumenFactura");
  const currency = el(resume, "CodigoTipoMoneda");
  el(currency, "CodigoMoneda", input.currency.code);
  el(currency, "TipoCambio", formatMoney(doc.exchangeRate));
  el(resume, "TotalServGravados", formatMoney(summary.servicesTaxed));
  el(resume, "TotalServExentos", formatMoney(summary.servicesExempt));
  el(resume, "TotalMercanciasGravadas", formatMoney(summary.goodsTaxed));
  el(resume, "TotalMercanciasExentas", formatMoney(summary.goodsExempt));
  el(resume, "TotalGravado", formatMoney(summary.taxed));
  el(resume, "TotalExento", formatMoney(summary.exempt));
  el(resume, "TotalVenta", formatMoney(summary.sale));
  el(resume, "TotalDescuentos", formatMoney(summary.discounts));
  el(resume, "TotalVentaNeta", formatMoney(summary.netSale));
  for (const entry of summary.taxBreakdown) {
    const breakdown = el(resume, "TotalDesgloseImpuesto");
    el(breakdown, "Codigo", entry.code);
    el(breakdown, "CodigoTarifaIVA", entry.rateCode);
    el(breakdown, "TotalMontoImpuesto", formatMoney(entry.amount));
  }
  el(resume, "TotalImpuesto", formatMoney(summary.tax));
  if (summary.otherCharges > 0n) el(resume, "TotalOtrosCargos", formatMoney(summary.otherCharges));
  const payment = el(resume, "MedioPago");
  el(payment, "TipoMedioPago", PAYMENT_METHOD_CODES[input.paymentMethod]);
  el(payment, "TotalMedioPago", formatMoney(summary.total));
  el(resume, "TotalComprobante", formatMoney(summary.total));

  if (input.reference) {
    const ref = el(xml, "InformacionReferencia");
    el(ref, "TipoDocIR", DOCUMENT_TYPE_CODES[input.reference.kind]);
    el(ref, "Numero", input.reference.clave);
    el(ref, "FechaEmisionIR", costaRicaDateTime(input.reference.issuedAt));
    el(ref, "Codigo", input.reference.code);
    el(ref, "Razon", fitText(input.reference.reason, 180));
  }
  return xml.end({ prettyPrint: false });
}

function writeLocation(
  parent: XMLBuilder,
  location: Location,
  el: (parent: XMLBuilder, name: string, text?: string) => XMLBuilder,
): void {
  el(parent, "Provincia", location.province);
  el(parent, "Canton", location.canton);
  el(parent, "Distrito", location.district);
  if (location.barrio) el(parent, "Barrio", cleanText(location.barrio));
  el(parent, "OtrasSenas", cleanText(location.otherSigns));
}
