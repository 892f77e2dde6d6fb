// XAdES-EPES signature of a comprobante (issue 34), as Hacienda's Anexo 2 of "Anexos y
// Estructuras" 4.4 asks: enveloped, RSA-SHA256, inclusive C14N, a SigningCertificate and the
// signature policy of the Resolución General (identifier and SHA-256 digest below, decision 187).
// The business's key comes from its PKCS#12 (.p12 + PIN, read with node-forge); the signing and
// canonicalisation are xadesjs's (PeculiarVentures), never ours.
import { webcrypto } from "node:crypto";
import * as xmldom from "@xmldom/xmldom";
import forge from "node-forge";
import * as xadesjs from "xadesjs";
import xpath from "xpath";

/**
 * Hacienda's signature policy for format 4.4 (Anexo 2 of "ANEXOS Y ESTRUCTURAS_V4.4.pdf"): the
 * Resolución General sobre disposiciones técnicas de los comprobantes electrónicos, and the
 * Base64 SHA-256 of that PDF.
 */
export const SIGNATURE_POLICY = {
  identifier:
    "https://cdn.comprobanteselectronicos.go.cr/xml-schemas/Resoluci%C3%B3n_General_sobre_disposiciones_t%C3%A9cnicas_comprobantes_electr%C3%B3nicos_para_efectos_tributarios.pdf",
  digestSha256Base64: "DWxin1xWOeI8OuWQXazh4VjLWAaCLAA954em7DMh0h8=",
} as const;

const C14N = "http://www.w3.org/TR/2001/REC-xml-c14n-20010315";
const ALGORITHM = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;

let engineReady = false;
function ensureEngine(): void {
  if (engineReady) return;
  xadesjs.Application.setEngine("NodeJS", webcrypto as unknown as Crypto);
  xadesjs.setNodeDependencies({
    XMLSerializer: xmldom.XMLSerializer,
    DOMParser: xmldom.DOMParser,
    DOMImplementation: xmldom.DOMImplementation,
    xpath,
  });
  engineReady = true;
}

/** A signing key read from a PKCS#12. */
export interface SigningKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The signer's certificate, DER as Base64. */
  certificateBase64: string;
  /** Its subject, for the operations page ("CN=…"). */
  subject: string;
  notAfter: Date;
}

export class SigningKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SigningKeyError";
  }
}

/** Opens a PKCS#12 with its PIN; a wrong PIN or a file without an RSA key and certificate is a SigningKeyError. */
export async function readPkcs12(p12: Uint8Array, pin: string): Promise<SigningKey> {
  let bundle: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString("binary")));
    bundle = forge.pkcs12.pkcs12FromAsn1(asn1, false, pin);
  } catch {
    throw new SigningKeyError("No se pudo abrir la llave criptográfica: el archivo .p12 o su PIN no son correctos.");
  }
  const keyBags = [
    ...(bundle.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(bundle.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const certBags = bundle.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const key = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new SigningKeyError("La llave criptográfica no contiene una llave privada RSA.");
  // The certificate whose public key matches the private key (a .p12 may carry the chain too).
  const certificate = certBags
    .map((b) => b.cert)
    .find((c): c is forge.pki.Certificate => Boolean(c && (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n)));
  if (!certificate) throw new SigningKeyError("La llave criptográfica no contiene el certificado de su llave privada.");
  const pkcs8 = forge.asn1.toDer(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key))).getBytes();
  const spki = forge.asn1.toDer(forge.pki.publicKeyToAsn1(certificate.publicKey)).getBytes();
  const subtle = webcrypto.subtle;
  const privateKey = await subtle.importKey("pkcs8", Buffer.from(pkcs8, "binary"), ALGORITHM, false, ["sign"]);
  const publicKey = await subtle.importKey("spki", Buffer.from(spki, "binary"), ALGORITHM, true, ["verify"]);
  return {
    privateKey: privateKey as unknown as CryptoKey,
    publicKey: publicKey as unknown as CryptoKey,
    certificateBase64: Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), "binary").toString("base64"),
    subject: certificate.subject.attributes.map((a) => `${a.shortName ?? a.name}=${String(a.value)}`).join(", "),
    notAfter: certificate.validity.notAfter,
  };
}

/** The document with its XAdES-EPES ds:Signature as the root's last child. */
export async function signInvoiceXml(xml: string, key: SigningKey, options: { signingTime?: Date } = {}): Promise<string> {
  ensureEngine();
  const document = xadesjs.Parse(xml);
  const signed = new xadesjs.SignedXml();
  signed.XmlSignature.SignedInfo.CanonicalizationMethod.Algorithm = C14N;
  const signature = await signed.Sign(ALGORITHM, key.privateKey, document, {
    x509: [key.certificateBase64],
    references: [{ uri: "", hash: "SHA-256", transforms: ["enveloped", "c14n"] }],
    signingCertificate: { certificate: key.certificateBase64, digestAlgorithm: "SHA-256" },
    signingTime: { value: options.signingTime ?? new Date() },
    policy: {
      hash: "SHA-256",
      identifier: { value: SIGNATURE_POLICY.identifier },
      digestValue: SIGNATURE_POLICY.digestSha256Base64,
    },
  });
  document.documentElement.appendChild(signature.GetXml()!);
  return new xmldom.XMLSerializer().serializeToString(document as unknown as xmldom.Node);
}
