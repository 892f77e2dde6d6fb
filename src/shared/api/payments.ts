// The client's statement on /rastreo (issue 21, docs/decisions/135): the SINPE receipt photo a
// client sends for one package or for the whole balance (POST /api/clients/payment-proofs), the
// comprobantes the lookup lists, and the Spanish texts both sides show.
import { z } from "../validation";
import { PAYMENT_PROOF_STATUSES, PAYMENT_PROOF_STATUS_LABELS, type PaymentProofStatus } from "../domain/charges";
import { UPLOADS_PATH_PREFIX, UPLOAD_NAME_PATTERN } from "./uploads";
import { zText } from "../text-rules";
import { ZClientCodeSchema } from "./clients";
import { defineRoute } from "./contract";

export const PAYMENT_PROOFS_PATH = "/api/clients/payment-proofs";

/** At most this many comprobantes waiting for review per client. */
export const PENDING_PROOFS_MAX = 5;
/** The lookup lists this many comprobantes, newest first. */
export const PROOFS_LISTED_MAX = 20;
export const PROOF_REFERENCE_MAX = 64;

export const PROOF_REFERENCE_INVALID = `La referencia SINPE solo puede tener letras, números y guiones (máximo ${PROOF_REFERENCE_MAX} caracteres)`;
export const PROOF_IMAGE_REQUIRED = "Adjunta la foto del comprobante SINPE.";
export const PROOF_IMAGE_INVALID = "La foto del comprobante no es válida. Vuelve a seleccionarla.";
export const PROOF_IMAGE_NOT_FOUND = "No encontramos la foto del comprobante. Vuelve a seleccionarla.";
export const PROOF_IMAGE_USED = "Esta foto ya se usó. Toma o selecciona la foto del comprobante de nuevo.";
export const PROOF_TRACKING_INVALID = "Paquete inválido";
export const PROOF_NOTHING_DUE = "No tienes saldo pendiente. Si ya pagaste, no hace falta enviar un comprobante.";
export const PROOF_PACKAGE_NOTHING_DUE = "Este paquete no tiene saldo pendiente.";
export const PROOF_TOO_MANY_PENDING = `Ya tienes ${PENDING_PROOFS_MAX} comprobantes en revisión. Espera a que los revisemos antes de enviar otro.`;
export const PROOF_SENT_TITLE = "¡Comprobante enviado!";
export const PROOF_SENT_DESCRIPTION = "Lo revisaremos y actualizaremos tu saldo. Puedes ver su estado en tu estado de cuenta.";
export const PROOF_FAILED_FALLBACK = "No se pudo enviar el comprobante. Intenta nuevamente.";

/** A reference as the code rule stores it: trimmed, uppercased, inner spaces removed; letters, digits, dashes. */
const zProofReference = zText({ error: PROOF_REFERENCE_INVALID })
  .transform((value) => value.toUpperCase().replace(/\s+/g, ""))
  .pipe(z.string().max(PROOF_REFERENCE_MAX, PROOF_REFERENCE_INVALID).regex(/^[A-Z0-9-]*$/, PROOF_REFERENCE_INVALID))
  .nullish()
  .transform((value) => value || null);

/** The object's path on this site, /objects/uploads/<32 hex> (an upload made through POST /api/upload/image-url). */
const zProofImage = z
  .string({ error: PROOF_IMAGE_REQUIRED })
  .trim()
  .min(1, PROOF_IMAGE_REQUIRED)
  .refine((value) => value.startsWith(UPLOADS_PATH_PREFIX) && UPLOAD_NAME_PATTERN.test(value.slice(UPLOADS_PATH_PREFIX.length)), PROOF_IMAGE_INVALID)
  .transform((value) => value.slice(UPLOADS_PATH_PREFIX.length));

export const ZPaymentProofRequestSchema = z.object({
  clientCode: ZClientCodeSchema,
  /** Null or absent: for the whole balance. */
  trackingId: z
    .number({ error: PROOF_TRACKING_INVALID })
    .int(PROOF_TRACKING_INVALID)
    .min(1, PROOF_TRACKING_INVALID)
    .max(2_147_483_647, PROOF_TRACKING_INVALID)
    .nullish()
    .transform((value) => value ?? null),
  /** The upload's name (the schema reads it from the path /objects/uploads/<name>). */
  imageUrl: zProofImage,
  reference: zProofReference,
});
export type TPaymentProofRequest = z.infer<typeof ZPaymentProofRequestSchema>;
export type TPaymentProofForm = z.input<typeof ZPaymentProofRequestSchema>;

/** A comprobante as its client sees it on /rastreo. */
export const ZClientPaymentProofSchema = z.object({
  id: z.number().int(),
  /** Null: for the whole balance (or its package was deleted). */
  trackingId: z.number().int().nullable(),
  trackingCode: z.string().nullable(),
  estado: z.enum(PAYMENT_PROOF_STATUSES),
  createdAt: z.string(),
  rejectReason: z.string().nullable(),
});
export type TClientPaymentProof = z.infer<typeof ZClientPaymentProofSchema>;

export const ZPaymentProofResponseSchema = z.object({ comprobante: ZClientPaymentProofSchema });
export type TPaymentProofResponse = z.infer<typeof ZPaymentProofResponseSchema>;

/** POST /api/clients/payment-proofs (public, by code): a client's SINPE receipt photo → 201 { comprobante }. */
export const PAYMENT_PROOF_ROUTE = defineRoute({
  method: "POST",
  path: PAYMENT_PROOFS_PATH,
  tag: "payments",
  summary: "Un cliente envía la foto de su comprobante SINPE (de un paquete o del saldo total)",
  body: ZPaymentProofRequestSchema,
  responses: { 201: ZPaymentProofResponseSchema },
});

/** "En revisión", "Confirmado", "Rechazado: <motivo>". */
export function proofStatusText(estado: PaymentProofStatus, rejectReason: string | null): string {
  const label = PAYMENT_PROOF_STATUS_LABELS[estado];
  return estado === "RECHAZADO" && rejectReason ? `${label}: ${rejectReason}` : label;
}

// --- The statement on /rastreo (texts) ---

export const STATEMENT_TITLE = "Estado de cuenta";
export const PROOF_SEND_TOTAL_LABEL = "Enviar comprobante SINPE";
export const PROOF_SEND_PACKAGE_LABEL = "Enviar comprobante";
export const PROOFS_TITLE = "Comprobantes enviados";
export const PROOF_DIALOG_TITLE = "Enviar comprobante SINPE";
export const PROOF_IMAGE_LABEL = "Foto del comprobante";
export const PROOF_REFERENCE_LABEL = "Referencia SINPE";
export const PROOF_REFERENCE_HINT = "El número de referencia o comprobante que muestra tu banco.";
export const PAID_TEXT = "Pagado";

export const totalDueText = (amount: string) => `Total pendiente ${amount}`;
export const pendingText = (amount: string) => `Pendiente ${amount}`;
export const partialText = (amount: string) => `Pago parcial: ${amount} pendiente`;
export const creditText = (amount: string) => `Saldo a favor ${amount}`;
export const sinpeText = (number: string, holder: string) => `SINPE Móvil al ${number} a nombre de ${holder}`;
export const transferText = (iban: string, bank: string) => `Transferencia a la cuenta ${iban}${bank ? ` (${bank})` : ""}`;
export const descriptionHint = (clientCode: string) => `En la descripción de la transferencia escribe tu código de cliente: ${clientCode}`;
export const proofDialogDescription = (what: string, amount: string) => `Adjunta la foto del comprobante de tu pago de ${amount} (${what}). Lo revisaremos y actualizaremos tu saldo.`;
