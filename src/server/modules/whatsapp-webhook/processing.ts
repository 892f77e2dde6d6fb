// Applying one stored webhook event (decisions 200 and 201), inside the worker's transaction:
// - a status report moves the outgoing message it names (by wamid) forward only, with Meta's
//   time; a failure records its code, title and Spanish reason, and is retried only for the
//   codes where another try can succeed; 131026 marks the client's number as unreachable;
// - an incoming message is stored with its client (the one phone rule), and BAJA / STOP / ALTA
//   change the client's consent.
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { clients, notificationOutbox, whatsappInboundMessages } from "../../db/schema";
import { sameWhatsappNumber } from "../../core/whatsapp-number";
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from "../notifications/sending";
import { queueConsentReply } from "../outbox/consent-reply";
import {
  consentWordOf,
  deliveryMovesForward,
  isRetryableWhatsappFailure,
  UNREACHABLE_NUMBER_CODE,
  whatsappFailureReason,
  type WhatsappDeliveryStatus,
} from "../../../shared/domain/whatsapp";
import { mediaNotKeptReason, STORED_MEDIA_TYPES } from "../../../shared/api/admin/conversations";

export type EventOutcome =
  /**
   * `queued`: a message went into the outbox (the answer to BAJA / ALTA): wake its worker after the commit.
   * `media`: a client's file waits to be fetched (the media worker is woken after the commit).
   */
  | { state: "DONE"; notificationId?: number; note?: string; queued?: boolean; media?: boolean }
  /** The message it names is not (yet) stored: try again later. */
  | { state: "WAIT"; note: string };

const o = notificationOutbox;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

/** Meta's Unix time in seconds (a string); now when unreadable. */
function metaTime(value: unknown, now: Date): Date {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : now;
}

interface StatusReport {
  id: string;
  status: WhatsappDeliveryStatus;
  timestamp: string;
  recipient_id?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

export async function applyStatusReport(
  tx: Tx,
  payload: unknown,
  options: { now: Date; policy?: RetryPolicy },
): Promise<EventOutcome> {
  const report = (isObject(payload) ? payload.status : undefined) as StatusReport;
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const at = metaTime(report.timestamp, options.now);
  const [row] = await tx.select().from(o).where(eq(o.providerMessageId, report.id)).orderBy(o.id).limit(1).for("update");
  if (!row) return { state: "WAIT", note: "Ningún mensaje enviado tiene ese wamid" };

  const set: Partial<typeof o.$inferInsert> = {};
  if (report.status === "delivered" && !row.deliveredAt) set.deliveredAt = at;
  if (report.status === "read" && !row.readAt) set.readAt = at;
  const forward = deliveryMovesForward(row.deliveryStatus, report.status);
  if (forward) {
    set.deliveryStatus = report.status;
    set.deliveryStatusAt = at;
  }
  // The outbox status changes only for a message at rest after its send: one queued again or
  // being sent again (another wamid on its way) is left to its sender.
  const atRest = row.status === "SENT" || row.status === "FAILED";
  if (report.status === "failed" && forward) {
    const error = report.errors?.[0];
    const code = typeof error?.code === "number" ? error.code : null;
    set.failedAt = at;
    set.errorCode = code;
    set.errorTitle = (error?.title ?? error?.message ?? null)?.slice(0, 500) ?? null;
    if (atRest) {
      const reason = whatsappFailureReason(code, error?.title);
      // Another try only where Meta's code says it can succeed, within the outbox's attempts.
      if (isRetryableWhatsappFailure(code) && row.attempts < policy.maxAttempts) {
        const backoff = policy.backoffMs[Math.min(row.attempts - 1, policy.backoffMs.length - 1)] ?? 0;
        Object.assign(set, { status: "PENDING", lastError: reason, nextAttemptAt: sql`now() + make_interval(secs => ${backoff / 1000})`, lockedUntil: null });
      } else {
        Object.assign(set, { status: "FAILED", lastError: reason, lockedUntil: null });
      }
    }
    if (code === UNREACHABLE_NUMBER_CODE) await markUnreachable(tx, row, code, at);
  } else if (forward && (report.status === "delivered" || report.status === "read")) {
    // It reached the client: any earlier failure of this message is over, and the number works.
    if (row.status === "FAILED" && row.deliveryStatus === "failed") Object.assign(set, { status: "SENT", lastError: null });
    await clearUnreachable(tx, row);
  }
  if (Object.keys(set).length > 0) await tx.update(o).set(set).where(eq(o.id, row.id));
  return { state: "DONE", notificationId: row.id, note: forward ? undefined : "Estado anterior al ya registrado: sin cambio" };
}

/** The clients a message was about: its client, and every client holding its number. */
function clientsOfMessage(row: { clientId: number | null; recipient: string }) {
  const byNumber = sameWhatsappNumber(clients.telefono, row.recipient);
  return row.clientId === null ? byNumber : sql`(${clients.id} = ${row.clientId} or ${byNumber})`;
}

async function markUnreachable(tx: Tx, row: { clientId: number | null; recipient: string }, code: number, at: Date) {
  await tx.update(clients).set({ whatsappUnreachableAt: at, whatsappUnreachableCode: code }).where(clientsOfMessage(row));
}

async function clearUnreachable(tx: Tx, row: { clientId: number | null; recipient: string }) {
  await tx
    .update(clients)
    .set({ whatsappUnreachableAt: null, whatsappUnreachableCode: null })
    .where(and(sql`${clients.whatsappUnreachableAt} is not null`, clientsOfMessage(row)));
}

/** An incoming message: stored once with its client; BAJA / ALTA change the consent of the number's clients. */
export async function applyIncomingMessage(tx: Tx, payload: unknown, options: { now: Date }): Promise<EventOutcome> {
  const p = isObject(payload) ? payload : {};
  const message = (isObject(p.message) ? p.message : {}) as Record<string, unknown>;
  const contact = isObject(p.contact) ? p.contact : undefined;
  const from = String(message.from).replace(/\D/g, "").slice(0, 20);
  const sentAt = metaTime(message.timestamp, options.now);
  const type = (str(message.type) ?? "unknown").slice(0, 20);
  const [client] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(sameWhatsappNumber(clients.telefono, from))
    .orderBy(clients.id)
    .limit(1);

  const content = contentOf(type, message);
  const media = mediaStateOf(content.mediaId, content.mediaMimeType, sentAt);
  const consent = type === "text" ? consentWordOf(content.text) : null;
  const inserted = await tx
    .insert(whatsappInboundMessages)
    .values({
      waMessageId: String(message.id),
      fromNumber: from,
      clientId: client?.id ?? null,
      profileName: str(isObject(contact?.profile) ? contact.profile.name : undefined),
      type,
      ...content,
      consent,
      sentAt,
      ...media,
    })
    .onConflictDoNothing({ target: whatsappInboundMessages.waMessageId })
    .returning({ id: whatsappInboundMessages.id });
  if (inserted.length === 0) return { state: "DONE", note: "Mensaje ya guardado" };

  const holders = sameWhatsappNumber(clients.telefono, from);
  // Whoever writes from the number has WhatsApp: an "unreachable" mark is over.
  await tx.update(clients).set({ whatsappUnreachableAt: null, whatsappUnreachableCode: null }).where(and(sql`${clients.whatsappUnreachableAt} is not null`, holders));
  // Each keeps the latest time it saw, so a BAJA and an ALTA applied in either order agree.
  if (consent === "BAJA") {
    await tx.update(clients).set({ whatsappOptOutAt: sql`greatest(${clients.whatsappOptOutAt}, ${sentAt.toISOString()}::timestamptz)` }).where(holders);
  } else if (consent === "ALTA") {
    await tx.update(clients).set({ whatsappOptInAt: sql`greatest(${clients.whatsappOptInAt}, ${sentAt.toISOString()}::timestamptz)` }).where(holders);
  }
  const queued = consent && client ? await queueConsentReply(tx, { consent, from, clientId: client.id, sentAt, now: options.now }) : false;
  return { state: "DONE", queued, media: media.mediaState === "PENDING" };
}

/** Whether a message's file will be fetched (decision 212): only the kinds kept, else SKIPPED with why. */
function mediaStateOf(mediaId: string | null, mimeType: string | null, sentAt: Date) {
  if (!mediaId) return {};
  const type = (mimeType ?? "").split(";")[0].trim().toLowerCase();
  if ((STORED_MEDIA_TYPES as readonly string[]).includes(type)) return { mediaState: "PENDING" as const, mediaNextAttemptAt: sentAt };
  return { mediaState: "SKIPPED" as const, mediaError: mediaNotKeptReason(type || null) };
}

/** The readable parts of a message by its type; the rest of what Meta sent goes in `details`. */
function contentOf(
  type: string,
  m: Record<string, unknown>,
): { text: string | null; mediaId: string | null; mediaMimeType: string | null; mediaFilename: string | null; details: Record<string, unknown> } {
  const details: Record<string, unknown> = {};
  if (isObject(m.context)) details.context = m.context;
  const none = { text: null, mediaId: null, mediaMimeType: null, mediaFilename: null };
  const part = isObject(m[type]) ? (m[type] as Record<string, unknown>) : {};
  switch (type) {
    case "text":
      return { ...none, text: str(part.body), details };
    case "image":
    case "video":
    case "audio":
    case "sticker":
    case "document":
      return { text: str(part.caption), mediaId: str(part.id), mediaMimeType: str(part.mime_type), mediaFilename: str(part.filename), details: { ...details, sha256: part.sha256 } };
    case "location":
      return { ...none, text: str(part.name) ?? str(part.address), details: { ...details, location: part } };
    case "button":
      return { ...none, text: str(part.text), details: { ...details, button: part } };
    case "interactive": {
      const reply = isObject(part.button_reply) ? part.button_reply : isObject(part.list_reply) ? part.list_reply : {};
      return { ...none, text: str(reply.title), details: { ...details, interactive: part } };
    }
    case "reaction":
      return { ...none, text: str(part.emoji), details: { ...details, reaction: part } };
    default:
      return { ...none, details: { ...details, [type]: m[type] ?? null } };
  }
}
