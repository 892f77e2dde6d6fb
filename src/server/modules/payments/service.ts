// The client's SINPE receipts (issue 21, docs/decisions/135): a client, known only by the code,
// sends the photo of a SINPE transfer for one of its packages or for the whole balance; staff
// then confirm it as a payment or reject it (modules/payments). The photo is an upload made
// through the public flow (POST /api/upload/image-url + PUT); attaching it marks it kept, so the
// hourly clean-up leaves it. Nothing here changes money: a comprobante is a request to review.
import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clientTrackings, clients, paymentProofs, uploads } from "../../db/schema";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../errors";
import type { Actor } from "../../lib/actor";
import type { ObjectStorage } from "../../providers/storage";
import { CLIENT_NOT_FOUND_MESSAGE } from "../../../shared/api/clients";
import {
  PENDING_PROOFS_MAX,
  PROOF_IMAGE_NOT_FOUND,
  PROOF_IMAGE_USED,
  PROOF_NOTHING_DUE,
  PROOF_PACKAGE_NOTHING_DUE,
  PROOF_TOO_MANY_PENDING,
  type TClientPaymentProof,
  type TPaymentProofRequest,
} from "../../../shared/api/payments";
import type { PaymentProofStatus } from "../../../shared/domain/charges";
import { recordAudit } from "../../core/audit/service";
import { findClientByTypedCode } from "../../core/client-codes";
import { authorize, clientSubject } from "../../core/policies";
import { readUploadedObject } from "../uploads/service";

interface ProofRow {
  id: number;
  trackingId: number | null;
  trackingCode: string | null;
  estado: string;
  createdAt: Date;
  rejectReason: string | null;
}

function proofDto(row: ProofRow): TClientPaymentProof {
  return {
    id: row.id,
    trackingId: row.trackingId,
    trackingCode: row.trackingCode,
    estado: row.estado as PaymentProofStatus,
    createdAt: row.createdAt.toISOString(),
    rejectReason: row.rejectReason,
  };
}

/**
 * Checks that the upload exists and is an image. On local disk an arrived upload was checked by
 * its content when it arrived; an object store's upload is checked on its first read.
 */
async function checkProofImage(db: Db, storage: ObjectStorage, name: string): Promise<void> {
  const [row] = await db.select({ status: uploads.status, keptAt: uploads.keptAt, kind: uploads.kind }).from(uploads).where(eq(uploads.name, name)).limit(1);
  // A purchase invoice's upload (a PDF, maybe) is no receipt photo (decision 215).
  if (!row || row.kind !== "IMAGEN") throw badRequest(PROOF_IMAGE_NOT_FOUND);
  if (row.keptAt !== null) throw conflict(PROOF_IMAGE_USED);
  if (row.status !== "UPLOADED" && !(await readUploadedObject(db, storage, name))) throw badRequest(PROOF_IMAGE_NOT_FOUND);
}

/**
 * POST /api/clients/payment-proofs: the receipt, PENDIENTE, for the client's own package with a
 * balance or for the whole balance. Refused (nothing changes): an unknown code (the lookup's 404),
 * another client's package (404), nothing due (409), more than PENDING_PROOFS_MAX waiting (409),
 * an image missing, not an image or already used (400 / 409).
 */
export async function submitPaymentProof(
  db: Db,
  storage: ObjectStorage,
  input: TPaymentProofRequest,
  actor: Actor,
  now = new Date(),
): Promise<TClientPaymentProof> {
  const client = await findClientByTypedCode(db, input.clientCode, { id: clients.id, clientCode: clients.clientCode });
  if (!client) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
  await checkProofImage(db, storage, input.imageUrl);

  return db.transaction(async (tx) => {
    // One client's receipts are sent one at a time, so the pending cap holds under concurrency.
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, client.id)).for("update");

    let trackingCode: string | null = null;
    if (input.trackingId !== null) {
      const [own] = await tx
        .select({ clientId: clientTrackings.clientId, trackingCode: clientTrackings.trackingCode, saldo: clientTrackings.saldoColones })
        .from(clientTrackings)
        .where(eq(clientTrackings.id, input.trackingId));
      // The portal's ownership check (core/policies): another client's package is the 404 of a missing one.
      authorize(clientSubject(client), "payment.sendProof", own);
      if ((own.saldo ?? 0) <= 0) throw conflict(PROOF_PACKAGE_NOTHING_DUE);
      trackingCode = own.trackingCode;
    } else {
      const [due] = await tx
        .select({ id: clientTrackings.id })
        .from(clientTrackings)
        .where(and(eq(clientTrackings.clientId, client.id), gt(clientTrackings.saldoColones, 0)))
        .limit(1);
      if (!due) throw conflict(PROOF_NOTHING_DUE);
    }

    const [pending] = await tx
      .select({ n: count() })
      .from(paymentProofs)
      .where(and(eq(paymentProofs.clientId, client.id), eq(paymentProofs.estado, "PENDIENTE")));
    if (pending.n >= PENDING_PROOFS_MAX) throw conflict(PROOF_TOO_MANY_PENDING);

    let proof: typeof paymentProofs.$inferSelect;
    try {
      [proof] = await tx
        .insert(paymentProofs)
        .values({ clientId: client.id, trackingId: input.trackingId, uploadName: input.imageUrl, reference: input.reference, createdAt: now })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error, "payment_proofs_upload_key")) throw conflict(PROOF_IMAGE_USED);
      throw error;
    }
    // Kept: the clean-up leaves it. An upload a search or a package photo took meanwhile is refused.
    const kept = await tx
      .update(uploads)
      .set({ keptAt: now, ownerKey: null })
      .where(and(eq(uploads.name, input.imageUrl), isNull(uploads.keptAt)))
      .returning({ id: uploads.id });
    if (kept.length === 0) throw conflict(PROOF_IMAGE_USED);

    await recordAudit(tx, actor, {
      action: "comprobante.enviar",
      entity: "comprobante",
      entityId: proof.id,
      summary: `${client.clientCode} · ${trackingCode ?? "Saldo total"}${input.reference ? ` · ref. ${input.reference}` : ""}`,
      after: { trackingId: input.trackingId, reference: input.reference, uploadName: input.imageUrl },
      at: now,
    });
    return proofDto({ ...proof, trackingCode });
  });
}
