// Invoicing's entry points for the rest of the server (issue 34). The wiring (payments, the
// outbox, staff and client screens) calls these; this file holds no route.
// - loadInvoicing: at start, from config.invoicing: "off" (nothing configured: no comprobante
//   is made, receipts keep saying they are not fiscal documents — never a pretend success), or
//   "on" with the business's key opened (a wrong PIN stops the start with a clear message) and
//   the reception API client.
// - prepareDocument: inside the caller's transaction (the payment's), takes the next number,
//   writes the clave, the XML and signs it. Nothing leaves the machine here; sending is the
//   outbox's job, after the commit.
import { readFile } from "node:fs/promises";
import type { InvoicingConfig } from "../../config";
import type { Tx } from "../../db/client";
import { createHaciendaReception, type HaciendaReception, type Submission } from "../../providers/hacienda/reception";
import { TAX_ID_TYPE_CODES } from "../../../shared/domain/tax-identification";
import type { PaymentMethod } from "../../../shared/domain/charges";
import { documentLines, type PackageCharges } from "./catalog";
import { clave as makeClave, consecutivo, costaRicaDateTime } from "./clave";
import { cleanText, InvoiceDataError, type ComputedInvoice, type DocumentKind, type Receiver, type Reference } from "./document";
import { nextDocumentNumber } from "./numbering";
import type { SigningKey } from "./signature";

/**
 * The XML writer and the signer, with the libraries they pull in (xmlbuilder2, xadesjs and its
 * @peculiar packages, node-forge, xmldom, xpath): loaded when invoicing is on — at start by
 * loadInvoicing — never in a server that does not invoice (decision 194).
 */
async function documentEngine() {
  const [xml, signature] = await Promise.all([import("./xml"), import("./signature")]);
  return { buildInvoiceXml: xml.buildInvoiceXml, readPkcs12: signature.readPkcs12, signInvoiceXml: signature.signInvoiceXml, SigningKeyError: signature.SigningKeyError };
}

type OnConfig = Extract<InvoicingConfig, { state: "on" }>;

export type Invoicing =
  | { state: "off" }
  | { state: "on"; config: OnConfig; key: SigningKey; reception: HaciendaReception };

export async function loadInvoicing(
  config: InvoicingConfig,
  options: { reception?: HaciendaReception; now?: () => Date } = {},
): Promise<Invoicing> {
  if (config.state === "off") return { state: "off" };
  const { buildInvoiceXml, readPkcs12, SigningKeyError } = await documentEngine();
  let p12: Uint8Array;
  try {
    p12 = await readFile(config.p12Path);
  } catch {
    throw new SigningKeyError(`No se pudo leer la llave criptográfica en HACIENDA_P12_PATH (${config.p12Path}).`);
  }
  const key = await readPkcs12(p12, config.p12Pin);
  const now = options.now?.() ?? new Date();
  if (key.notAfter.getTime() <= now.getTime()) {
    throw new SigningKeyError(`La llave criptográfica venció el ${key.notAfter.toISOString().slice(0, 10)}: descargue una nueva en ATV.`);
  }
  checkEmitter(config, now, buildInvoiceXml);
  return { state: "on", config, key, reception: options.reception ?? createHaciendaReception(config.connection) };
}

/** The emitter's data go through the document's own checks once at start: a bad value stops it then, not at the first payment. */
function checkEmitter(config: OnConfig, now: Date, buildInvoiceXml: Awaited<ReturnType<typeof documentEngine>>["buildInvoiceXml"]): void {
  const point = config.point;
  const sample = consecutivo(point, "TIQUETE", 1);
  try {
    buildInvoiceXml({
      kind: "TIQUETE",
      clave: makeClave({ issuedAt: now, emitterIdNumber: config.emitter.idNumber, consecutivo: sample }),
      consecutivo: sample,
      issuedAt: now,
      emitter: config.emitter,
      saleCondition: "01",
      paymentMethod: "EFECTIVO",
      currency: { code: "CRC" },
      ...documentLines([{ trackingCode: "PRUEBA", lines: [{ kind: "FLETE", description: "Flete", amountColones: 1000 }] }], config),
    });
  } catch (error) {
    if (error instanceof InvoiceDataError) throw new InvoiceDataError(`Configuración de facturación electrónica: ${error.message}`);
    throw error;
  }
}

export interface DocumentRequest {
  /** FACTURA when the receiver has an identification, TIQUETE without; NOTA_CREDITO with a reference. */
  kind: DocumentKind;
  receiver?: Receiver;
  paymentMethod: PaymentMethod;
  packages: readonly PackageCharges[];
  issuedAt: Date;
  reference?: Reference;
}

export interface PreparedDocument {
  kind: DocumentKind;
  number: number;
  consecutivo: string;
  clave: string;
  signedXml: string;
  computed: ComputedInvoice;
  /** What the reception API is sent (the outbox stores it with the document). */
  submission: Submission;
}

/** Which document a payment gets: a Factura when the client has an identification, else a Tiquete. */
export function documentKindFor(receiver: Receiver | undefined): "FACTURA" | "TIQUETE" {
  return receiver?.idType && receiver.idNumber ? "FACTURA" : "TIQUETE";
}

/**
 * The receiver as the document can carry it: an e-mail that is not one is left out (it only
 * delivers the copy; Hacienda does not need it), and a Tiquete leaves out a buyer whose name is
 * too short for the schema rather than fail. A Factura's receiver is kept whole and checked.
 */
function usableReceiver(kind: DocumentKind, receiver: Receiver | undefined): Receiver | undefined {
  if (!receiver) return undefined;
  const email = receiver.email && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(receiver.email) && receiver.email.length <= 160 ? receiver.email : undefined;
  const kept: Receiver = { ...receiver, email };
  if (kind === "TIQUETE" && Array.from(cleanText(receiver.name)).length < 3) return undefined;
  return kept;
}

export async function prepareDocument(tx: Tx, invoicing: Extract<Invoicing, { state: "on" }>, request: DocumentRequest): Promise<PreparedDocument> {
  const { config } = invoicing;
  const { buildInvoiceXml, signInvoiceXml } = await documentEngine();
  if (request.kind === "FACTURA" && documentKindFor(request.receiver) !== "FACTURA") {
    throw new InvoiceDataError("Una factura electrónica necesita la identificación del receptor; sin ella se emite un tiquete.");
  }
  const { lines, otherCharges } = documentLines(request.packages, config);
  const receiver = usableReceiver(request.kind, request.receiver);
  const write = (number: string) =>
    buildInvoiceXml({
      kind: request.kind,
      clave: makeClave({ issuedAt: request.issuedAt, emitterIdNumber: config.emitter.idNumber, consecutivo: number }),
      consecutivo: number,
      issuedAt: request.issuedAt,
      emitter: config.emitter,
      receiver,
      saleCondition: "01",
      paymentMethod: request.paymentMethod,
      currency: { code: "CRC" },
      lines,
      otherCharges,
      reference: request.reference,
    });
  // Every data check runs before a number is taken: data Hacienda would refuse throw here, and the
  // caller may catch it and go on (the payment is kept) without a number having moved.
  write(consecutivo(config.point, request.kind, 1));
  const taken = await nextDocumentNumber(tx, config.point, request.kind);
  const { xml, computed } = write(taken.consecutivo);
  const clave = /<Clave>(\d{50})<\/Clave>/.exec(xml)![1];
  const signedXml = await signInvoiceXml(xml, invoicing.key, { signingTime: request.issuedAt });
  return {
    kind: request.kind,
    number: taken.number,
    consecutivo: taken.consecutivo,
    clave,
    signedXml,
    computed,
    submission: {
      clave,
      fecha: costaRicaDateTime(request.issuedAt),
      emisor: { tipoIdentificacion: TAX_ID_TYPE_CODES[config.emitter.idType], numeroIdentificacion: config.emitter.idNumber },
      ...(receiver?.idType && receiver.idNumber
        ? { receptor: { tipoIdentificacion: TAX_ID_TYPE_CODES[receiver.idType], numeroIdentificacion: receiver.idNumber } }
        : {}),
      signedXml,
    },
  };
}
