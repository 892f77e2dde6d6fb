// Reading message states for staff: what each customer was sent, is waiting or failed.
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notificationOutbox } from "../../db/schema";
import type { TListNotificationsRequest, TNotificationState } from "../../../shared/api/notifications";
import type { NotificationKind, OutboxStatus } from "../../../shared/domain/statuses";
import type { WhatsappDeliveryStatus } from "../../../shared/domain/whatsapp";

const iso = (v: Date | string | null | undefined): string | null => (v === null || v === undefined ? null : new Date(v).toISOString());

/** Maps an outbox row, or the same fields aggregated as JSON by SQL, to the shape staff see. */
export function toNotificationState(row: {
  id: number | string;
  kind: string;
  status: string;
  attempts: number | string;
  lastError: string | null;
  sentAt: Date | string | null;
  deliveryStatus?: string | null;
  deliveredAt?: Date | string | null;
  readAt?: Date | string | null;
  errorCode?: number | string | null;
  nextAttemptAt: Date | string;
  createdAt: Date | string;
}): TNotificationState {
  return {
    id: Number(row.id),
    kind: row.kind as NotificationKind,
    status: row.status as OutboxStatus,
    attempts: Number(row.attempts),
    lastError: row.lastError,
    sentAt: iso(row.sentAt),
    deliveryStatus: (row.deliveryStatus ?? null) as WhatsappDeliveryStatus | null,
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
    errorCode: row.errorCode === null || row.errorCode === undefined ? null : Number(row.errorCode),
    nextAttemptAt: iso(row.nextAttemptAt) as string,
    createdAt: iso(row.createdAt) as string,
  };
}

/** One outbox row (aliased `n`) as a JSON object, for listings that aggregate messages in the same query. */
export const NOTIFICATIONS_JSON_FIELDS = `json_build_object(
  'id', n.id, 'kind', n.kind, 'status', n.status, 'attempts', n.attempts, 'lastError', n.last_error,
  'sentAt', n.sent_at, 'deliveryStatus', n.delivery_status, 'deliveredAt', n.delivered_at, 'readAt', n.read_at,
  'errorCode', n.error_code, 'nextAttemptAt', n.next_attempt_at, 'createdAt', n.created_at)`;

const NOTIFICATIONS_SHOWN = 50;

export async function listNotificationStates(db: Db, filter: TListNotificationsRequest): Promise<TNotificationState[]> {
  const o = notificationOutbox;
  const conditions: SQL[] = [];
  if (filter.whatsappEntryId) conditions.push(eq(o.whatsappEntryId, filter.whatsappEntryId));
  if (filter.clientId) conditions.push(eq(o.clientId, filter.clientId));
  if (filter.trackingId) conditions.push(eq(o.trackingId, filter.trackingId));
  const rows = await db
    .select()
    .from(o)
    .where(and(...conditions))
    .orderBy(desc(o.id))
    .limit(NOTIFICATIONS_SHOWN);
  return rows.map(toNotificationState);
}
