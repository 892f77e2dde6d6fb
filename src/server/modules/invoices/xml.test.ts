// Issue 34, done-when: every comprobante the tests produce (01, 04, 03) validates against
// Hacienda's v4.4 XSDs with xmllint, and its XAdES-EPES signature verifies with xmlsec1 against
// the test certificate (a PKCS#12 with a PIN made here).
import { beforeAll, describe, expect, it } from "vitest";
import { createTestPkcs12, validateAgainstXsd, verifyWithXmlsec, type TestPkcs12 } from "../../test/hacienda";
import { clave, consecutivo } from "./clave";
import { InvoiceDataError, type DocumentKind, type Emitter, type InvoiceInput, type LineInput } from "./document";
import { buildInvoiceXml } from "./xml";
import { readPkcs12, signInvoiceXml, SigningKeyError, type SigningKey } from "./signature";

const EMITTER: Emitter = {
  name: "Express Import & Cía. Sociedad Anónima",
  commercialName: "Express Import",
  idType: "JURIDICA",
  idNumber: "3101123456",
  activityCode: "492301",
  location: { province: "2", canton: "03", district: "01", barrio: "Barrio San Roque", otherSigns: "100 m norte de la iglesia <católica>, Grecia" },
  phone: "24440000",
  email: "facturas@expressimport.cr",
  systemProviderId: "3101123456",
};
const POINT = { branch: "001", terminal: "00001" };
const ISSUED = new Date("2026-11-27T20:15:09Z");
const TAX13 = { code: "01", rateCode: "08", ratePercent: 13 };

function numbers(kind: DocumentKind, n: number, at = ISSUED) {
  const c = consecutivo(POINT, kind, n);
  return { consecutivo: c, clave: clave({ issuedAt: at, emitterIdNumber: EMITTER.idNumber, consecutivo: c, securityCode: "12345678" }) };
}

const freight = (description: string, colones: number, discount?: number): LineInput => ({
  cabys: "6812000000000",
  quantity: 1,
  unit: "Os",
  nature: "SERVICE",
  description,
  unitPriceColones: colones,
  ...(discount ? { discount: { amountColones: discount, code: "06", nature: "Cupón BIENVENIDA 10 %" } } : {}),
  tax: TAX13,
});

function factura(): InvoiceInput {
  return {
    kind: "FACTURA",
    ...numbers("FACTURA", 1),
    issuedAt: ISSUED,
    emitter: EMITTER,
    receiver: { name: "José Ñúñez Muñoz <&> 🚚 \"Pepe\"", idType: "FISICA", idNumber: "109870654", email: "jose.nunez@example.com" },
    saleCondition: "01",
    paymentMethod: "SINPE_MOVIL",
    currency: { code: "CRC" },
    lines: [
      freight("Flete aéreo paquete EIC000123 · 1 TBA5678 (zapatos niño & niña)", 12_500, 1_250),
      { ...freight("Almacenaje paquete EIC000123", 3_000), cabys: "6729000000000" },
      { ...freight("Entrega fuera de zona · Cañas, Guanacaste", 2_500), cabys: "6813000000000" },
      freight("Flete marítimo paquete EIC000124", 45_333, 4_533),
    ],
    otherCharges: [
      {
        type: "04",
        thirdParty: { idType: "JURIDICA", idNumber: "2100042005", name: "Ministerio de Hacienda (Aduanas)" },
        detail: "Impuestos de aduana pagados por cuenta del cliente · EIC000123",
        amountColones: 18_765,
      },
    ],
  };
}

let p12: TestPkcs12;
let key: SigningKey;
beforeAll(async () => {
  p12 = createTestPkcs12("pin-de-prueba-1234");
  key = await readPkcs12(p12.p12, p12.pin);
});

async function expectValidAndSigned(kind: DocumentKind, xml: string) {
  const signed = await signInvoiceXml(xml, key);
  const schema = await validateAgainstXsd(kind, signed);
  expect(schema.output).toContain("validates");
  expect(schema.ok, schema.output).toBe(true);
  const verdict = await verifyWithXmlsec(signed, p12.certificatePem);
  expect(verdict.ok, verdict.output).toBe(true);
  expect(verdict.output).toMatch(/^OK/m);
  // The XAdES properties point at this signature.
  const id = /<ds:Signature Id="([^"]+)"/.exec(signed)?.[1];
  expect(signed).toContain(`Target="#${id}"`);
  return signed;
}

describe("comprobantes 4.4: XML, schema and signature (issue 34)", () => {
  it("a Factura Electrónica (01) with accents, ñ, markup characters, emoji, discounts, several packages and a reimbursed customs charge validates and verifies", async () => {
    const { xml, computed } = buildInvoiceXml(factura());
    expect(xml).toContain("José Ñúñez Muñoz &lt;&amp;&gt; 🚚");
    expect(xml).not.toContain("<&>");
    const signed = await expectValidAndSigned("FACTURA", xml);
    expect(signed).toContain("xades:SignaturePolicyIdentifier");
    expect(signed).toContain("DWxin1xWOeI8OuWQXazh4VjLWAaCLAA954em7DMh0h8=");
    // One rule: 12 500 − 1 250 + 3 000 + 2 500 + 45 333 − 4 533 = 57 550 taxed at 13 % = 7 481.5, plus 18 765 reimbursed.
    expect(computed.summary.netSale).toBe(5_755_000_000n);
    expect(computed.summary.tax).toBe(748_150_000n);
    expect(xml).toContain("<TotalComprobante>83796.50000</TotalComprobante>");
    expect(xml).toContain("<TipoMedioPago>06</TipoMedioPago>");
  });

  it("a Tiquete Electrónico (04) without receiver, with 120 lines, validates and verifies", async () => {
    const lines = Array.from({ length: 120 }, (_, i) => freight(`Flete paquete EIC${String(i).padStart(6, "0")} — ñandú`, 1_000 + i * 37, i % 3 === 0 ? 100 : undefined));
    const { xml } = buildInvoiceXml({ ...factura(), kind: "TIQUETE", ...numbers("TIQUETE", 7), receiver: undefined, paymentMethod: "EFECTIVO", otherCharges: [] });
    expect(xml).not.toContain("<Receptor>");
    const many = buildInvoiceXml({ ...factura(), kind: "TIQUETE", ...numbers("TIQUETE", 8), receiver: undefined, lines, paymentMethod: "TARJETA" });
    await expectValidAndSigned("TIQUETE", xml);
    await expectValidAndSigned("TIQUETE", many.xml);
    expect(many.xml.match(/<LineaDetalle>/g)).toHaveLength(120);
  });

  it("a Nota de Crédito (03) references the original by its clave and validates and verifies", async () => {
    const original = factura();
    const { xml } = buildInvoiceXml({
      ...original,
      kind: "NOTA_CREDITO",
      ...numbers("NOTA_CREDITO", 1, new Date("2026-11-28T15:00:00Z")),
      issuedAt: new Date("2026-11-28T15:00:00Z"),
      paymentMethod: "TRANSFERENCIA",
      reference: { kind: "FACTURA", clave: original.clave, issuedAt: original.issuedAt, code: "01", reason: "Anula la factura: pago revertido (devolución del dinero)" },
    });
    expect(xml).toContain(`<Numero>${original.clave}</Numero>`);
    expect(xml).toContain("<TipoDocIR>01</TipoDocIR>");
    await expectValidAndSigned("NOTA_CREDITO", xml);
  });

  it("a document in dollars carries the exchange rate and converts once", async () => {
    const { xml } = buildInvoiceXml({ ...factura(), ...numbers("FACTURA", 2), currency: { code: "USD", colonesPerDollar: 507.25 } });
    expect(xml).toContain("<CodigoMoneda>USD</CodigoMoneda><TipoCambio>507.25000</TipoCambio>");
    await expectValidAndSigned("FACTURA", xml);
  });

  it("refuses bad data in Spanish before writing anything", () => {
    expect(() => buildInvoiceXml({ ...factura(), receiver: { name: "Ana María" } })).toThrow(InvoiceDataError);
    expect(() => buildInvoiceXml({ ...factura(), receiver: { name: "Ana", idType: "FISICA", idNumber: "12345" } })).toThrow(/cédula física tiene 9 dígitos/);
    expect(() => buildInvoiceXml({ ...factura(), lines: [{ ...freight("Flete", 100), cabys: "68120" }] })).toThrow(/CABYS/);
    expect(() => buildInvoiceXml({ ...factura(), lines: [freight("Flete", 100, 200)] })).toThrow(/descuento/);
    expect(() => buildInvoiceXml({ ...factura(), kind: "NOTA_CREDITO", ...numbers("NOTA_CREDITO", 3) })).toThrow(/nota de crédito necesita/);
  });

  it("a signed document changed afterwards no longer verifies (the check is real)", async () => {
    const signed = await signInvoiceXml(buildInvoiceXml(factura()).xml, key);
    const tampered = signed.replace("<TotalComprobante>83796.50000<", "<TotalComprobante>83796.40000<");
    expect(tampered).not.toBe(signed);
    expect((await verifyWithXmlsec(tampered, p12.certificatePem)).ok).toBe(false);
    const other = createTestPkcs12("otro");
    expect((await verifyWithXmlsec(signed, other.certificatePem)).ok).toBe(false);
  });

  it("without xmllint or xmlsec1 the checks FAIL saying what to install (they never skip)", async () => {
    const saved = process.env.PATH;
    process.env.PATH = "/nonexistent";
    try {
      await expect(validateAgainstXsd("FACTURA", "<x/>")).rejects.toThrow(/xmllint no está instalado.*apt-get install -y libxml2-utils xmlsec1/);
      await expect(verifyWithXmlsec("<x/>", p12.certificatePem)).rejects.toThrow(/xmlsec1 no está instalado/);
    } finally {
      process.env.PATH = saved;
    }
  });

  it("a wrong PIN is a clear error, not a crash", async () => {
    await expect(readPkcs12(p12.p12, "otro-pin")).rejects.toThrow(SigningKeyError);
  });
});
