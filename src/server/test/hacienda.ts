// Test tools for the comprobantes electrónicos (issue 34): a PKCS#12 with a PIN made on the spot
// (node-forge), the official XSDs checked with xmllint, and signatures checked with xmlsec1. The
// two programs are Debian's libxml2-utils and xmlsec1; a test that needs them and cannot find
// them FAILS with a message saying what to install (never skips).
import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import forge from "node-forge";
import type { DocumentKind } from "../modules/invoices/document";
import { loadInvoicing, type Invoicing } from "../modules/invoices/service";
import { loadConfig } from "../config";

const run = promisify(execFile);
const SCHEMAS = path.join(import.meta.dirname, "fixtures", "hacienda");
export const SCHEMA_FILES: Record<DocumentKind, string> = {
  FACTURA: path.join(SCHEMAS, "FacturaElectronica_V4.4.xsd"),
  TIQUETE: path.join(SCHEMAS, "TiqueteElectronico_V4.4.xsd"),
  NOTA_CREDITO: path.join(SCHEMAS, "NotaCreditoElectronica_V4.4.xsd"),
};

export interface TestPkcs12 {
  p12: Uint8Array;
  pin: string;
  certificatePem: string;
}

/** A self-signed RSA 2048 certificate and its key in a PKCS#12 protected by `pin` (3DES, as the BCCR's tools make them). */
export function createTestPkcs12(pin = "1234", commonName = "PRUEBA EXPRESS IMPORT SOCIEDAD ANONIMA"): TestPkcs12 {
  const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: "spki", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = "0a1b2c3d";
  cert.validity.notBefore = new Date(Date.UTC(2025, 0, 1));
  cert.validity.notAfter = new Date(Date.UTC(2035, 0, 1));
  const attrs = [
    { shortName: "C", value: "CR" },
    { shortName: "O", value: "PERSONA JURIDICA" },
    { shortName: "CN", value: commonName },
    { name: "serialNumber", value: "CPJ-3-101-123456" },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: "basicConstraints", cA: true }, { name: "keyUsage", digitalSignature: true, nonRepudiation: true, keyCertSign: true }]);
  cert.sign(privateKey, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], pin, { algorithm: "3des" });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary"), pin, certificatePem: forge.pki.certificateToPem(cert) };
}

async function requireTool(name: "xmllint" | "xmlsec1"): Promise<void> {
  try {
    await run(name, ["--version"]);
  } catch {
    throw new Error(
      `${name} no está instalado: los comprobantes se validan con él. En Debian/Ubuntu: apt-get install -y libxml2-utils xmlsec1`,
    );
  }
}

async function withFile<T>(name: string, text: string, use: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), "ei-hacienda-"));
  try {
    const file = path.join(dir, name);
    await writeFile(file, text, "utf8");
    return await use(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** xmllint's verdict against the official schema: `{ ok: true }` or its messages. */
export async function validateAgainstXsd(kind: DocumentKind, xml: string): Promise<{ ok: boolean; output: string }> {
  await requireTool("xmllint");
  return withFile("doc.xml", xml, async (file) => {
    try {
      const { stderr } = await run("xmllint", ["--noout", "--nonet", "--schema", SCHEMA_FILES[kind], file]);
      return { ok: true, output: stderr };
    } catch (error) {
      const e = error as { stderr?: string; message: string };
      return { ok: false, output: e.stderr || e.message };
    }
  });
}

/** xmlsec1's verdict on the document's signature: the certificate it carries must be `certificatePem` (the only one trusted). */
export async function verifyWithXmlsec(xml: string, certificatePem: string): Promise<{ ok: boolean; output: string }> {
  await requireTool("xmlsec1");
  return withFile("signed.xml", xml, async (file, dir) => {
    const cert = path.join(dir, "cert.pem");
    await writeFile(cert, certificatePem, "utf8");
    try {
      const { stdout, stderr } = await run("xmlsec1", [
        "--verify",
        // Only the signer's certificate in the document counts, and it must be the trusted one.
        "--enabled-key-data",
        "x509",
        "--trusted-pem",
        cert,
        "--id-attr:Id",
        "http://uri.etsi.org/01903/v1.3.2#:SignedProperties",
        file,
      ]);
      return { ok: true, output: `${stdout}${stderr}` };
    } catch (error) {
      const e = error as { stdout?: string; stderr?: string; message: string };
      return { ok: false, output: `${e.stdout ?? ""}${e.stderr ?? e.message}` };
    }
  });
}

/** The emitter's variables of a complete test configuration (the connection ones come from fakeHaciendaEnv). */
export function testEmitterEnv(p12Path: string, pin: string): Record<string, string> {
  return {
    HACIENDA_P12_PATH: p12Path,
    HACIENDA_P12_PIN: pin,
    HACIENDA_EMITTER_NAME: "Express Import & Cía. Sociedad Anónima",
    HACIENDA_EMITTER_COMMERCIAL_NAME: "Express Import",
    HACIENDA_EMITTER_ID_TYPE: "JURIDICA",
    HACIENDA_EMITTER_ID_NUMBER: "3-101-123456",
    HACIENDA_ACTIVITY_CODE: "492301",
    HACIENDA_EMITTER_PROVINCE: "2",
    HACIENDA_EMITTER_CANTON: "03",
    HACIENDA_EMITTER_DISTRICT: "01",
    HACIENDA_EMITTER_BARRIO: "Barrio San Roque",
    HACIENDA_EMITTER_OTHER_SIGNS: "100 m norte de la iglesia, Grecia",
    HACIENDA_EMITTER_PHONE: "+506 2444-0000",
    HACIENDA_EMITTER_EMAIL: "facturas@expressimport.cr",
    HACIENDA_PROVIDER_ID: "3101123456",
  };
}

/**
 * Invoicing switched on for a test app (issue 34): a fresh PKCS#12 written to a temporary file,
 * the emitter's test data and the given connection variables (by default an address nothing
 * listens on: nothing is sent unless a test points it at the stand-in). Pass the result to
 * createTestApp's deps.invoicing.
 */
export async function testInvoicing(connection?: Record<string, string>): Promise<{ invoicing: Invoicing; p12: TestPkcs12; env: Record<string, string>; cleanup(): Promise<void> }> {
  const p12 = createTestPkcs12("pin ñ 2026");
  const dir = await mkdtemp(path.join(tmpdir(), "ei-invoicing-"));
  await writeFile(path.join(dir, "llave.p12"), p12.p12);
  const env = {
    NODE_ENV: "test",
    HACIENDA_API_URL: "http://127.0.0.1:9/recepcion/v1",
    HACIENDA_IDP_URL: "http://127.0.0.1:9/auth/realms/rut-stag/protocol/openid-connect/token",
    HACIENDA_CLIENT_ID: "api-stag",
    HACIENDA_USERNAME: "cpj-3-101-123456@stag.comprobanteselectronicos.go.cr",
    HACIENDA_PASSWORD: "clave-de-prueba",
    ...connection,
    ...testEmitterEnv(path.join(dir, "llave.p12"), p12.pin),
  };
  const invoicing = await loadInvoicing(loadConfig(env).invoicing);
  return { invoicing, p12, env, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
