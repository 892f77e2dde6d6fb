// Issue 34: invoicing off by default (never a pretend success), a half configuration refused at
// start, and the whole core path on a real database: the number taken in the payment's
// transaction, the document built from a payment's packages, signed, valid against the XSD,
// verified by xmlsec1, sent to the stand-in of Hacienda and accepted; a Nota de Crédito for it.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createTestDatabase, type TestDatabase } from "../../test/database";
import { startFakeHacienda, fakeHaciendaEnv, type FakeHacienda } from "../../test/fakes/hacienda";
import { createTestPkcs12, testEmitterEnv, validateAgainstXsd, verifyWithXmlsec, type TestPkcs12 } from "../../test/hacienda";
import { chargeLines } from "../../../shared/domain/charges";
import { documentLines, priceWithoutTax, type PackageCharges } from "./catalog";
import { formatMoney, InvoiceDataError } from "./document";
import { nextDocumentNumber } from "./numbering";
import { documentKindFor, loadInvoicing, prepareDocument, type Invoicing } from "./service";
import { SigningKeyError } from "./signature";

let database: TestDatabase;
let fake: FakeHacienda;
let p12: TestPkcs12;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeHacienda();
  p12 = createTestPkcs12("pin 2026 ñ");
  dir = await mkdtemp(path.join(tmpdir(), "ei-invoices-"));
  await writeFile(path.join(dir, "llave.p12"), p12.p12);
  env = { NODE_ENV: "test", ...fakeHaciendaEnv(fake), ...testEmitterEnv(path.join(dir, "llave.p12"), p12.pin) };
});
afterAll(async () => {
  await fake?.close();
  await database?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const packages = (): PackageCharges[] => [
  {
    trackingCode: "EIC000123",
    lines: chargeLines({
      montoColones: 12_500,
      discountPercent: 10,
      descuentoColones: 1_250,
      extras: [
        { kind: "IMPUESTOS", description: "Impuestos de aduana", amountColones: 18_765 },
        { kind: "ALMACENAJE", description: "Almacenaje 5 días", amountColones: 3_000 },
      ],
    }),
  },
  {
    trackingCode: "EIC000124",
    lines: chargeLines({ montoColones: 45_333, discountPercent: null, descuentoColones: 0, extras: [{ kind: "ENTREGA", description: "Entrega en Cañas", amountColones: 2_500 }] }),
  },
];
// What the client pays for them: 12 500 − 1 250 + 18 765 + 3 000 + 45 333 + 2 500.
const PAID = 80_848;

describe("invoicing core (issue 34)", () => {
  it("with nothing configured invoicing is off: no key, no client, nothing issued", async () => {
    const config = loadConfig({ NODE_ENV: "test" });
    expect(config.invoicing).toEqual({ state: "off" });
    expect(await loadInvoicing(config.invoicing)).toEqual({ state: "off" });
  });

  it("a half configuration stops the start, naming what is missing; bad values are refused in Spanish", () => {
    expect(() => loadConfig({ NODE_ENV: "test", HACIENDA_API_URL: fake.apiUrl })).toThrow(/a medio configurar; faltan HACIENDA_IDP_URL.*HACIENDA_PROVIDER_ID/);
    expect(() => loadConfig({ ...env, HACIENDA_EMITTER_ID_NUMBER: "12345" })).toThrow(/cédula jurídica tiene 10 dígitos/);
    expect(() => loadConfig({ ...env, HACIENDA_ACTIVITY_CODE: "49" })).toThrow(/HACIENDA_ACTIVITY_CODE tiene 6 dígitos/);
    expect(() => loadConfig({ ...env, HACIENDA_CHARGE_CODES: '{"FLETE":{"cabys":"123","taxRateCode":"08","taxPercent":13}}' })).toThrow(/CABYS tiene 13 dígitos/);
  });

  it("a wrong PIN, a missing key file or emitter data Hacienda would refuse stop the start with a clear message", async () => {
    await expect(loadInvoicing(loadConfig({ ...env, HACIENDA_P12_PIN: "otro" }).invoicing)).rejects.toThrow(SigningKeyError);
    await expect(loadInvoicing(loadConfig({ ...env, HACIENDA_P12_PATH: path.join(dir, "no-existe.p12") }).invoicing)).rejects.toThrow(/No se pudo leer la llave/);
    // The emitter's data pass the document's checks at start, not at the first payment.
    await expect(loadInvoicing(loadConfig({ ...env, HACIENDA_EMITTER_NAME: "Ex" }).invoicing)).rejects.toThrow(/Configuración de facturación electrónica: El nombre del emisor debe tener al menos 5 caracteres/);
    await expect(loadInvoicing(loadConfig({ ...env, HACIENDA_EMITTER_OTHER_SIGNS: "x" }).invoicing)).rejects.toThrow(/otras señas del emisor/);
  });

  it("a payment's packages become a signed Factura that validates, verifies, totals what was paid and is accepted by the stand-in; its Nota de Crédito too", async () => {
    const config = loadConfig(env);
    expect(config.invoicing.state).toBe("on");
    const invoicing = (await loadInvoicing(config.invoicing)) as Extract<Invoicing, { state: "on" }>;
    const receiver = { name: "María José Ñandú Peña", idType: "FISICA" as const, idNumber: "109870654", email: "maria@example.com" };
    expect(documentKindFor(receiver)).toBe("FACTURA");
    expect(documentKindFor({ name: "Sin cédula" })).toBe("TIQUETE");
    const issuedAt = new Date("2026-11-27T20:15:00Z");
    const doc = await database.db.transaction((tx) =>
      prepareDocument(tx, invoicing, { kind: "FACTURA", receiver, paymentMethod: "SINPE_MOVIL", packages: packages(), issuedAt }),
    );
    expect(doc.consecutivo).toBe("00100001010000000001");
    expect(doc.clave).toMatch(new RegExp(`^506271126003101123456${doc.consecutivo}1\\d{8}$`));
    // IVA is inside the prices (HACIENDA_PRICES_INCLUDE_TAX=on by default): the total is what was
    // paid, never more, and short of it by at most ₡0.00001 per line where no 5-decimal price adds up.
    const total = doc.computed.summary.total;
    expect(total).toBeLessThanOrEqual(BigInt(PAID) * 100_000n);
    expect(total).toBeGreaterThanOrEqual(BigInt(PAID) * 100_000n - BigInt(doc.computed.lines.length));
    expect(formatMoney(total)).toMatch(new RegExp(`^(${PAID}\\.00000|${PAID - 1}\\.9999\\d)$`));
    expect(doc.computed.otherCharges).toHaveLength(1);
    expect((await validateAgainstXsd("FACTURA", doc.signedXml)).ok).toBe(true);
    expect((await verifyWithXmlsec(doc.signedXml, p12.certificatePem)).ok).toBe(true);

    await invoicing.reception.submit(doc.submission);
    const status = await invoicing.reception.status(doc.clave);
    expect(status.state).toBe("aceptado");
    expect(fake.documents.get(doc.clave)?.receptor).toEqual({ tipoIdentificacion: "01", numeroIdentificacion: "109870654" });

    const note = await database.db.transaction((tx) =>
      prepareDocument(tx, invoicing, {
        kind: "NOTA_CREDITO",
        receiver,
        paymentMethod: "SINPE_MOVIL",
        packages: packages(),
        issuedAt: new Date("2026-11-28T16:00:00Z"),
        reference: { kind: "FACTURA", clave: doc.clave, issuedAt, code: "01", reason: "Pago revertido" },
      }),
    );
    expect(note.consecutivo).toBe("00100001030000000001");
    expect(note.signedXml).toContain(`<Numero>${doc.clave}</Numero>`);
    expect((await validateAgainstXsd("NOTA_CREDITO", note.signedXml)).ok).toBe(true);
    expect((await verifyWithXmlsec(note.signedXml, p12.certificatePem)).ok).toBe(true);
    await invoicing.reception.submit(note.submission);
    expect((await invoicing.reception.status(note.clave)).state).toBe("aceptado");

    // A payment without identification gets a Tiquete, numbered on its own.
    const ticket = await database.db.transaction((tx) =>
      prepareDocument(tx, invoicing, { kind: "TIQUETE", paymentMethod: "EFECTIVO", packages: packages(), issuedAt }),
    );
    expect(ticket.consecutivo).toBe("00100001040000000001");
    expect((await validateAgainstXsd("TIQUETE", ticket.signedXml)).ok).toBe(true);
    expect(ticket.submission.receptor).toBeUndefined();
    // A Tiquete's buyer with a too-short name, or anyone's odd e-mail, is left out rather than fail.
    const odd = await database.db.transaction((tx) =>
      prepareDocument(tx, invoicing, { kind: "TIQUETE", receiver: { name: "Lu", email: "no es correo" }, paymentMethod: "TARJETA", packages: packages(), issuedAt }),
    );
    expect(odd.signedXml).not.toContain("<Receptor>");
    const noMail = await database.db.transaction((tx) =>
      prepareDocument(tx, invoicing, { kind: "FACTURA", receiver: { ...receiver, email: "maria@" }, paymentMethod: "TARJETA", packages: packages(), issuedAt }),
    );
    expect(noMail.signedXml).toContain("<Nombre>María José Ñandú Peña</Nombre>");
    expect(noMail.signedXml).not.toContain("maria@");
    expect((await validateAgainstXsd("FACTURA", noMail.signedXml)).ok).toBe(true);
  });

  it("data Hacienda would refuse are refused before a number is taken (the caller can keep the payment)", async () => {
    const invoicing = (await loadInvoicing(loadConfig(env).invoicing)) as Extract<Invoicing, { state: "on" }>;
    const before = await database.db.transaction((tx) => nextDocumentNumber(tx, invoicing.config.point, "FACTURA"));
    await expect(
      database.db.transaction((tx) =>
        prepareDocument(tx, invoicing, {
          kind: "FACTURA",
          receiver: { name: "Ana", idType: "FISICA", idNumber: "12345" },
          paymentMethod: "EFECTIVO",
          packages: packages(),
          issuedAt: new Date(),
        }),
      ),
    ).rejects.toThrow(InvoiceDataError);
    // Caught inside the caller's transaction, which then commits: the number did not move.
    await database.db.transaction(async (tx) => {
      await prepareDocument(tx, invoicing, {
        kind: "FACTURA",
        receiver: { name: "Ana", idType: "FISICA", idNumber: "12345" },
        paymentMethod: "EFECTIVO",
        packages: packages(),
        issuedAt: new Date(),
      }).catch((error: unknown) => expect(error).toBeInstanceOf(InvoiceDataError));
    });
    const after = await database.db.transaction((tx) => nextDocumentNumber(tx, invoicing.config.point, "FACTURA"));
    expect(after.number).toBe(before.number + 1);
  });

  it("splits IVA out of what the client pays: price + IVA gives it back, or ₡0.00001 less where no price can", () => {
    let exact = 0;
    for (let amount = 1; amount <= 5_000; amount += 7) {
      const base5 = BigInt(Math.round(priceWithoutTax(amount, 13) * 100_000));
      const total = base5 + (2n * base5 * 1300n + 10_000n) / 20_000n;
      const paid = BigInt(amount) * 100_000n;
      expect(paid - total, String(amount)).toBeGreaterThanOrEqual(0n);
      expect(paid - total, String(amount)).toBeLessThanOrEqual(1n);
      if (total === paid) exact++;
    }
    expect(exact).toBeGreaterThan(600); // most amounts come back exactly
    expect(priceWithoutTax(1_130, 13)).toBe(1_000);
    const { lines, otherCharges } = documentLines(packages(), { chargeCodes: {}, customsPayee: { idType: "JURIDICA", idNumber: "2100042005", name: "Ministerio de Hacienda" }, pricesIncludeTax: false });
    expect(lines.map((l) => [l.cabys, l.unitPriceColones, l.discount?.amountColones ?? 0])).toEqual([
      ["6812000000000", 12_500, 1_250],
      ["6729000000000", 3_000, 0],
      ["6812000000000", 45_333, 0],
      ["6813000000000", 2_500, 0],
    ]);
    expect(otherCharges).toEqual([expect.objectContaining({ type: "04", amountColones: 18_765 })]);
  });
});
