// The answer to a client's BAJA / ALTA (decision 214): free text, allowed because the client's own
// message opened Meta's 24-hour customer-service window; queued through the outbox like every
// other message (stored, shown on the outbox screen, retried), sent even to an opted-out client
// (it confirms the BAJA), and skipped if it could only go after the window closed.
import type { Tx } from "../../db/client";
import { enqueueNotification } from "../../core/outbox";
import { CONSENT_REPLY_TEXTS, CUSTOMER_SERVICE_WINDOW_MS } from "../../../shared/domain/whatsapp-outbox";

/** Queues the answer when the client's message is still inside its window; true when queued. */
export async function queueConsentReply(
  tx: Tx,
  input: { consent: "BAJA" | "ALTA"; from: string; clientId: number; sentAt: Date; now: Date },
): Promise<boolean> {
  const windowEndsAt = new Date(input.sentAt.getTime() + CUSTOMER_SERVICE_WINDOW_MS);
  if (windowEndsAt.getTime() <= input.now.getTime()) return false;
  await enqueueNotification(tx, {
    kind: "CONSENT_REPLY",
    recipient: input.from,
    body: CONSENT_REPLY_TEXTS[input.consent],
    payload: { consent: input.consent, windowEndsAt: windowEndsAt.toISOString() },
    clientId: input.clientId,
  });
  return true;
}
