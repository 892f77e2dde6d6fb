// Conversaciones (issue 35 item 3, decision 211): one conversation per number that has written
// (Meta's international digits), its thread — what the client wrote and what was sent to the
// number, oldest first — the client found by the one phone rule with their packages, and staff
// replies. A reply is an outbox row of kind STAFF_REPLY queued with its audit entry in one
// transaction, so it is sent, retried and reported on (delivery webhooks) like every message:
// free text only within 24 hours of the client's last message, the approved template outside.
import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { clientTrackings, notificationOutbox, whatsappInboundMessages } from "../../db/schema";
import { rowsOf } from "../../lib/rate-limiter";
import { AppError, conflict, notFound } from "../../errors";
import { enqueueNotification, inOutboxTransaction, isFreeTextReply } from "../../core/outbox";
import { recordAudit } from "../../core/audit/service";
import type { Actor } from "../../lib/actor";
import type { ObjectStorage } from "../../providers/storage";
import { IMAGE_MAX_BYTES } from "../../../shared/api/uploads";
import { isOptedOut, type MediaState } from "../../../shared/domain/whatsapp";
import type { NotificationKind, Origin, OutboxStatus, TrackingStatus } from "../../../shared/domain/statuses";
import type { WhatsappDeliveryStatus } from "../../../shared/domain/whatsapp";
import {
  CONVERSATION_NOT_FOUND,
  MEDIA_NOT_FOUND,
  REPLY_OPTED_OUT,
  REPLY_WINDOW_CLOSED,
  mediaNote,
  replyTemplatePreview,
  serviceWindowClosesAt,
  serviceWindowOpen,
  type TConversationListResponse,
  type TConversationReplyRequest,
  type TConversationThread,
  type TThreadMessage,
} from "../../../shared/api/admin/conversations";

export const CONVERSATIONS_PAGE_SIZE = 25;
/** The thread shows the latest messages of each direction. */
const THREAD_MESSAGES = 200;
const THREAD_PACKAGES = 20;

const iso = (v: Date | string | null | undefined): string | null => (v === null || v === undefined ? null : new Date(v).toISOString());
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The client of a number (SQL on a number expression): the one phone rule (core/whatsapp-number.ts)
 * over the phone's digits, answered by the trigram index of those digits.
 */
function clientOfNumber(number: SQL): SQL {
  return sql`(select c.id from clients c
    where translate(c.telefono, ' +-().', '') in (${number}, case when length(${number}) = 11 and left(${number}, 3) = '506' then substr(${number}, 4) end)
    order by c.id limit 1)`;
}

export async function listConversations(db: Db, query: { filtro: "todas" | "sin-leer"; page: number }, now = new Date()): Promise<TConversationListResponse> {
  const pageSize = CONVERSATIONS_PAGE_SIZE;
  const unreadOnly = query.filtro === "sin-leer" ? sql`having count(*) filter (where i.read_by_staff_at is null) > 0` : sql``;
  const result = await db.execute(sql`
    with conv as (
      select i.from_number as number, max(i.sent_at) as last_in,
        count(*) filter (where i.read_by_staff_at is null) as unread
      from whatsapp_inbound_messages i group by i.from_number ${unreadOnly}
    )
    select conv.number, conv.last_in, conv.unread,
      li.type as in_type, li.text as in_text, li.sent_at as in_at, li.profile_name,
      lo.body as out_body, lo.at as out_at,
      c.id as client_id, c.client_code, c.nombre, c.telefono
    from conv
    left join lateral (
      select type, text, least(i.received_at, i.sent_at + interval '999 milliseconds') as sent_at, profile_name, client_id from whatsapp_inbound_messages i
      where i.from_number = conv.number order by i.sent_at desc, i.id desc limit 1) li on true
    left join lateral (
      select o.body, coalesce(o.sent_at, o.created_at) as at from notification_outbox o
      where o.recipient = conv.number order by o.created_at desc, o.id desc limit 1) lo on true
    left join clients c on c.id = coalesce(
      (select i.client_id from whatsapp_inbound_messages i where i.from_number = conv.number and i.client_id is not null order by i.sent_at desc limit 1),
      ${clientOfNumber(sql`conv.number`)})
    order by greatest(conv.last_in, lo.at) desc nulls last, conv.number
    limit ${pageSize + 1} offset ${(query.page - 1) * pageSize}`);
  const rows = rowsOf<{
    number: string;
    last_in: string | Date;
    unread: number | string;
    in_type: string;
    in_text: string | null;
    in_at: string | Date;
    profile_name: string | null;
    out_body: string | null;
    out_at: string | Date | null;
    client_id: number | null;
    client_code: string | null;
    nombre: string | null;
    telefono: string | null;
  }>(result);
  const [{ n }] = rowsOf<{ n: number | string }>(
    await db.execute(sql`select count(distinct from_number) as n from whatsapp_inbound_messages where read_by_staff_at is null`),
  );
  return {
    conversations: rows.slice(0, pageSize).map((r) => {
      const outLater = r.out_at !== null && new Date(r.out_at).getTime() > new Date(r.in_at).getTime();
      return {
        number: r.number,
        client: r.client_id === null ? null : { id: r.client_id, clientCode: r.client_code ?? "", nombre: r.nombre ?? "", telefono: r.telefono ?? "" },
        profileName: r.profile_name,
        unread: Number(r.unread),
        lastMessage: outLater
          ? { direction: "out" as const, text: r.out_body ?? "", at: iso(r.out_at) as string }
          : { direction: "in" as const, text: inboundSummary(r.in_type, r.in_text), at: iso(r.in_at) as string },
        lastInboundAt: iso(r.last_in),
        windowOpen: serviceWindowOpen(r.last_in, now),
      };
    }),
    unreadConversations: Number(n),
    page: query.page,
    pageSize,
    hasMore: rows.length > pageSize,
  };
}

/** A one-line reading of a client's message for the list. */
export function inboundSummary(type: string, text: string | null): string {
  const label: Record<string, string> = {
    image: "Imagen",
    document: "Documento",
    location: "Ubicación",
    audio: "Audio",
    video: "Video",
    sticker: "Sticker",
    button: "Botón",
    interactive: "Respuesta",
    reaction: "Reacción",
  };
  if (type === "text") return text ?? "";
  const name = label[type] ?? "Mensaje";
  return text ? `${name}: ${text}` : name;
}

interface ClientRow {
  id: number;
  clientCode: string;
  nombre: string;
  telefono: string;
  whatsappOptOutAt: Date | null;
  whatsappOptInAt: Date | null;
}

/** The number's client: the one its latest message was linked to, else by the phone rule. */
async function clientOf(db: DbOrTx, number: string): Promise<ClientRow | null> {
  const result = await db.execute(sql`
    select c.id, c.client_code as "clientCode", c.nombre, c.telefono, c.whatsapp_opt_out_at as "whatsappOptOutAt", c.whatsapp_opt_in_at as "whatsappOptInAt"
    from clients c where c.id = coalesce(
      (select i.client_id from whatsapp_inbound_messages i where i.from_number = ${number} and i.client_id is not null order by i.sent_at desc limit 1),
      ${clientOfNumber(sql`${number}::text`)})`);
  const [row] = rowsOf<ClientRow>(result);
  return row ?? null;
}

async function lastInboundAt(db: DbOrTx, number: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${whatsappInboundMessages.sentAt})` })
    .from(whatsappInboundMessages)
    .where(eq(whatsappInboundMessages.fromNumber, number));
  return row?.at ? new Date(row.at) : null;
}

type OutboxRow = typeof notificationOutbox.$inferSelect;

export function toOutboundMessage(row: OutboxRow): Extract<TThreadMessage, { direction: "out" }> {
  const p = isObject(row.payload) ? row.payload : {};
  return {
    direction: "out",
    id: row.id,
    kind: row.kind as NotificationKind,
    body: row.body,
    at: (iso(row.sentAt) ?? iso(row.createdAt)) as string,
    status: row.status as OutboxStatus,
    deliveryStatus: (row.deliveryStatus ?? null) as WhatsappDeliveryStatus | null,
    lastError: row.lastError,
    sentBy: row.kind === "STAFF_REPLY" && typeof p.staffName === "string" ? p.staffName : null,
    template: !isFreeTextReply(row),
  };
}

type InboundRow = typeof whatsappInboundMessages.$inferSelect;

/**
 * When a client's message was sent, to order it among ours: Meta's time has whole seconds, so
 * within its second the message counts as sent when it reached us (a notice we sent in that
 * same second stays before a reply that arrived after it).
 */
function inboundTime(row: { sentAt: Date; receivedAt: Date }): Date {
  return new Date(Math.min(row.receivedAt.getTime(), row.sentAt.getTime() + 999));
}

function toInboundMessage(row: InboundRow): Extract<TThreadMessage, { direction: "in" }> {
  const details = isObject(row.details) ? row.details : {};
  const loc = isObject(details.location) ? details.location : null;
  const button = isObject(details.button) ? details.button : null;
  const num = (v: unknown) => (typeof v === "number" ? v : Number(v));
  const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : null);
  return {
    direction: "in",
    id: row.id,
    type: row.type,
    text: row.text,
    at: inboundTime(row).toISOString(),
    readByStaffAt: iso(row.readByStaffAt),
    consent: (row.consent ?? null) as "BAJA" | "ALTA" | null,
    location:
      loc && Number.isFinite(num(loc.latitude)) && Number.isFinite(num(loc.longitude))
        ? { latitude: num(loc.latitude), longitude: num(loc.longitude), name: text(loc.name), address: text(loc.address) }
        : null,
    button: button ? text(button.payload) : null,
    media: row.mediaState
      ? {
          state: row.mediaState as MediaState,
          mimeType: row.mediaMimeType,
          filename: row.mediaFilename,
          size: row.mediaSize,
          note: mediaNote(row.mediaState as MediaState, row.mediaError),
        }
      : null,
  };
}

export async function conversationThread(
  db: Db,
  number: string,
  options: { brandName: string; templateName: string; configured: boolean; now?: Date },
): Promise<TConversationThread> {
  const inbound = await db
    .select()
    .from(whatsappInboundMessages)
    .where(eq(whatsappInboundMessages.fromNumber, number))
    .orderBy(desc(whatsappInboundMessages.sentAt), desc(whatsappInboundMessages.id))
    .limit(THREAD_MESSAGES);
  if (inbound.length === 0) throw notFound(CONVERSATION_NOT_FOUND);
  const outbound = await db
    .select()
    .from(notificationOutbox)
    .where(eq(notificationOutbox.recipient, number))
    .orderBy(desc(notificationOutbox.createdAt), desc(notificationOutbox.id))
    .limit(THREAD_MESSAGES);
  const client = await clientOf(db, number);
  const packages = client
    ? await db
        .select({
          id: clientTrackings.id,
          trackingCode: clientTrackings.trackingCode,
          estado: sql<TrackingStatus>`${clientTrackings.estado}`,
          origen: sql<Origin>`${clientTrackings.origen}`,
          descripcion: clientTrackings.descripcionPaquete,
          updatedAt: clientTrackings.updatedAt,
        })
        .from(clientTrackings)
        .where(eq(clientTrackings.clientId, client.id))
        .orderBy(desc(clientTrackings.updatedAt), desc(clientTrackings.id))
        .limit(THREAD_PACKAGES)
    : [];
  const last = inbound[0].sentAt;
  const now = options.now ?? new Date();
  const messages: TThreadMessage[] = [...inbound.map(toInboundMessage), ...outbound.map(toOutboundMessage)].sort(
    (a, b) => new Date(a.at).getTime() - new Date(b.at).getTime() || (a.direction === b.direction ? a.id - b.id : a.direction === "in" ? -1 : 1),
  );
  return {
    number,
    client: client ? { id: client.id, clientCode: client.clientCode, nombre: client.nombre, telefono: client.telefono } : null,
    profileName: inbound.find((m) => m.profileName)?.profileName ?? null,
    optedOut: client ? isOptedOut(client.whatsappOptOutAt, client.whatsappOptInAt) : inbound.some((m) => m.consent === "BAJA") && lastConsent(inbound) === "BAJA",
    window: { open: serviceWindowOpen(last, now), lastInboundAt: iso(last), closesAt: serviceWindowClosesAt(last, now) },
    template: { name: options.templateName, preview: replyTemplatePreview(client?.nombre ?? null, options.brandName) },
    messages,
    packages: packages.map((p) => ({ ...p, updatedAt: iso(p.updatedAt) as string })),
    messaging: { configured: options.configured },
  };
}

/** The latest consent word of a stranger's messages (newest first). */
function lastConsent(inbound: InboundRow[]): "BAJA" | "ALTA" | null {
  return (inbound.find((m) => m.consent)?.consent as "BAJA" | "ALTA" | undefined) ?? null;
}

/** Marks the number's unread messages read; returns how many. */
export async function markConversationRead(db: Db, number: string): Promise<number> {
  const marked = await db
    .update(whatsappInboundMessages)
    .set({ readByStaffAt: sql`now()` })
    .where(and(eq(whatsappInboundMessages.fromNumber, number), isNull(whatsappInboundMessages.readByStaffAt)))
    .returning({ id: whatsappInboundMessages.id });
  if (marked.length === 0) {
    const [any] = await db.select({ id: whatsappInboundMessages.id }).from(whatsappInboundMessages).where(eq(whatsappInboundMessages.fromNumber, number)).limit(1);
    if (!any) throw notFound(CONVERSATION_NOT_FOUND);
  }
  return marked.length;
}

/**
 * A staff reply (decision 211): refused in Spanish, with nothing queued, when the number never
 * wrote, when the client wrote BAJA, or when free text is asked for outside the 24-hour window.
 * Otherwise queued with its audit entry; `afterCommit` tries it at once.
 */
export async function replyToConversation(
  db: Db,
  number: string,
  request: TConversationReplyRequest,
  options: { actor: Actor; brandName: string; now?: Date; afterCommit?: (id: number) => Promise<void> },
): Promise<OutboxRow> {
  const now = options.now ?? new Date();
  const id = await inOutboxTransaction(
    db,
    async (tx) => {
      const last = await lastInboundAt(tx, number);
      if (!last) throw notFound(CONVERSATION_NOT_FOUND);
      const client = await clientOf(tx, number);
      const [stranger] = client ? [] : await tx.select({ consent: whatsappInboundMessages.consent }).from(whatsappInboundMessages).where(and(eq(whatsappInboundMessages.fromNumber, number), sql`${whatsappInboundMessages.consent} is not null`)).orderBy(desc(whatsappInboundMessages.sentAt)).limit(1);
      if (client ? isOptedOut(client.whatsappOptOutAt, client.whatsappOptInAt) : stranger?.consent === "BAJA") throw conflict(REPLY_OPTED_OUT);
      const freeText = request.mode === "text";
      if (freeText && !serviceWindowOpen(last, now)) throw new AppError("CONFLICT", 409, REPLY_WINDOW_CLOSED);
      const body = freeText ? request.text : replyTemplatePreview(client?.nombre ?? null, options.brandName);
      const nombre = client?.nombre.trim().split(/\s+/)[0] ?? "cliente";
      const { id: messageId } = await enqueueNotification(tx, {
        kind: "STAFF_REPLY",
        recipient: number,
        clientId: client?.id ?? null,
        body,
        payload: { freeText, nombre, staffAccountId: options.actor.accountId, staffName: options.actor.label },
      });
      await recordAudit(tx, options.actor, {
        action: "conversacion.responder",
        entity: "mensaje",
        entityId: messageId,
        summary: `${freeText ? "Texto" : "Plantilla"} a +${number}${client ? ` (${client.clientCode})` : ""}`.slice(0, 200),
        after: { recipient: number, clientId: client?.id ?? null, freeText, body: body.slice(0, 500) },
      });
      return messageId;
    },
    async (messageId) => options.afterCommit?.(messageId),
  );
  const [row] = await db.select().from(notificationOutbox).where(eq(notificationOutbox.id, id));
  return row;
}

/** A client's stored file, or 404. */
export async function readConversationMedia(db: Db, storage: ObjectStorage, id: number): Promise<{ bytes: Uint8Array; filename: string }> {
  const [row] = await db
    .select({ key: whatsappInboundMessages.mediaKey, state: whatsappInboundMessages.mediaState, filename: whatsappInboundMessages.mediaFilename, type: whatsappInboundMessages.mediaMimeType })
    .from(whatsappInboundMessages)
    .where(eq(whatsappInboundMessages.id, id));
  if (!row || row.state !== "STORED" || !row.key) throw notFound(MEDIA_NOT_FOUND);
  const bytes = await storage.get(row.key, IMAGE_MAX_BYTES);
  if (!bytes) throw notFound(MEDIA_NOT_FOUND);
  const extension = row.type === "application/pdf" ? "pdf" : (row.type?.split("/")[1] ?? "bin");
  return { bytes, filename: row.filename ?? `whatsapp-${id}.${extension}` };
}
