// WhatsApp notices: visitors register tracking codes under their number; staff change an
// entry's status and the customer is told through the outbox, in the same transaction.
import { count, desc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { whatsappCustomers, whatsappTrackingEntries } from "../../db/schema";
import { notFound } from "../../errors";
import {
  ENTRY_NOT_FOUND,
  WHATSAPP_ENTRIES_SHOWN,
  type TAddWhatsappCodes,
  type TWhatsappEntry,
} from "../../../shared/api/whatsapp-entries";
import type { TNotificationState } from "../../../shared/api/notifications";
import type { WhatsappEntryStatus } from "../../../shared/domain/statuses";
import { whatsappEntryStatusNotification } from "../notifications/messages";
import { enqueueNotification, inOutboxTransaction } from "../notifications/outbox";
import { NOTIFICATIONS_JSON_FIELDS, toNotificationState } from "../notifications/queries";

const e = whatsappTrackingEntries;
const c = whatsappCustomers;

/**
 * Creates the customer of a new number and adds the codes not yet registered for them, all or
 * nothing. A code the customer already had is counted as existing, never duplicated. A number
 * already known keeps its stored name and e-mail: whoever types a number into this public form
 * must not change what the messages to that number say (docs/decisions/098).
 */
export async function addWhatsappCodes(db: Db, input: TAddWhatsappCodes): Promise<{ created: number; existing: number }> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .insert(c)
      .values({ whatsapp: input.whatsapp, nombre: input.nombre, email: input.email ?? null })
      // A no-op update (the number is the conflict target), so RETURNING gives the existing row's id.
      .onConflictDoUpdate({ target: c.whatsapp, set: { whatsapp: sql`excluded.whatsapp` } })
      .returning({ id: c.id });
    const inserted = await tx
      .insert(e)
      .values(input.trackingCodes.map((trackingCode) => ({ customerId: customer.id, trackingCode })))
      .onConflictDoNothing({ target: [e.customerId, e.trackingCode] })
      .returning({ id: e.id });
    return { created: inserted.length, existing: input.trackingCodes.length - inserted.length };
  });
}

/** "3 códigos agregados; 1 ya estaba registrado." */
export function addCodesSummary(created: number, existing: number): string {
  const made = created === 1 ? "1 código agregado" : `${created} códigos agregados`;
  if (existing === 0) return `${made}.`;
  const had = existing === 1 ? "1 ya estaba registrado" : `${existing} ya estaban registrados`;
  return `${made}; ${had}.`;
}

function entryQuery(db: DbOrTx) {
  return db
    .select({
      id: e.id,
      trackingCode: e.trackingCode,
      estado: e.estado,
      notas: e.notas,
      createdAt: e.createdAt,
      updatedAt: e.updatedAt,
      nombre: c.nombre,
      whatsapp: c.whatsapp,
      email: c.email,
      // The entry's messages in the same query (no query per row).
      notifications: sql<unknown>`coalesce((select json_agg(${sql.raw(NOTIFICATIONS_JSON_FIELDS)} order by n.id desc)
        from notification_outbox n where n.whatsapp_entry_id = ${e.id}), '[]'::json)`,
    })
    .from(e)
    .innerJoin(c, eq(c.id, e.customerId));
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entryQuery>["execute"]>>[number];

function toEntry(row: EntryRow): TWhatsappEntry {
  const raw = typeof row.notifications === "string" ? JSON.parse(row.notifications) : row.notifications;
  return {
    id: row.id,
    trackingCode: row.trackingCode,
    estado: row.estado as WhatsappEntryStatus,
    notas: row.notas,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    customer: { nombre: row.nombre, whatsapp: row.whatsapp, email: row.email },
    notifications: (raw as Parameters<typeof toNotificationState>[0][]).map(toNotificationState) as TNotificationState[],
  };
}

/** The most recently updated entries with their customers and messages, and how many there are in all. */
export async function listWhatsappEntries(db: Db): Promise<{ entries: TWhatsappEntry[]; total: number }> {
  const rows = await entryQuery(db).orderBy(desc(e.updatedAt), desc(e.id)).limit(WHATSAPP_ENTRIES_SHOWN);
  const [{ n }] = await db.select({ n: count() }).from(e);
  return { entries: rows.map(toEntry), total: Number(n) };
}

export async function getWhatsappEntry(db: DbOrTx, id: number): Promise<TWhatsappEntry> {
  const [row] = await entryQuery(db).where(eq(e.id, id));
  if (!row) throw notFound(ENTRY_NOT_FOUND);
  return toEntry(row);
}

/**
 * Sets an entry's status (any status from any other) and, when it changed, queues the
 * customer's WhatsApp message in the same transaction. Notes replace the old ones only when
 * given. Returns the queued message's id, or null when the status stayed the same. `sendNow`
 * runs after the commit and before the worker is woken (inOutboxTransaction).
 */
export async function changeWhatsappEntryStatus(
  db: Db,
  id: number,
  change: { estado: WhatsappEntryStatus; notas?: string },
  brandName: string,
  sendNow?: (notificationId: number) => Promise<void>,
): Promise<{ notificationId: number | null }> {
  return inOutboxTransaction(db, async (tx) => {
    const [current] = await tx
      .select({ estado: e.estado, trackingCode: e.trackingCode, nombre: c.nombre, whatsapp: c.whatsapp })
      .from(e)
      .innerJoin(c, eq(c.id, e.customerId))
      .where(eq(e.id, id))
      .for("update", { of: e });
    if (!current) throw notFound(ENTRY_NOT_FOUND);
    await tx
      .update(e)
      .set({ estado: change.estado, ...(change.notas !== undefined ? { notas: change.notas } : {}), updatedAt: sql`now()` })
      .where(eq(e.id, id));
    if (current.estado === change.estado) return { notificationId: null };
    const { id: notificationId } = await enqueueNotification(
      tx,
      whatsappEntryStatusNotification({
        entryId: id,
        whatsapp: current.whatsapp,
        nombre: current.nombre,
        trackingCode: current.trackingCode,
        estado: change.estado,
        brandName,
      }),
    );
    return { notificationId };
  }, async ({ notificationId }) => {
    if (notificationId !== null) await sendNow?.(notificationId);
  });
}
