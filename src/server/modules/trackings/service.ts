// Packages (client trackings): the ONE place where a package is created, changed or has its
// status moved, for every caller — the client portal (/rastreo), the admin panel and the
// Excel import. Callers open the transaction; these functions run inside it.
//
// Contract of a status change (changeTrackingStatus, and createTracking for the first status):
//   - estado, lastStatusChangeDate and updatedAt are updated on the package (locked FOR UPDATE);
//   - one tracking_status_history row is written (previousStatus null on creation; changedBy
//     "cliente" for the portal, "admin" for staff, "importacion" for the Excel import);
//   - unless `notify: false`, the client's WhatsApp status message (trackingStatusMessage,
//     kind TRACKING_STATUS) is queued in the notification outbox, in the same transaction;
//   - on ENTREGADO the coupon and referral rules run (referrals/service.ts applyDeliveryRewards).
//   Moving a package to the status it already has changes nothing and returns changed: false.
//   After the caller's transaction commits it should call wakeOutboxWorker()
//   (notifications/outbox.ts) so the message goes out at once.
//
// Errors: AppError 404 TRACKING_NOT_FOUND for an unknown id; 409 TRACKING_DUPLICATE when the
// client already has a package with that tracking code (unique per client in the database too).
import { and, eq, inArray, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { clientTrackings, clients, trackingStatusHistory } from "../../db/schema";
import { conflict, isUniqueViolation, notFound } from "../../errors";
import { enqueueNotification } from "../notifications/outbox";
import { applyDeliveryRewards, applyDeliveryRewardsMany, type DeliveryRewards } from "../referrals/service";
import { detectCarrier } from "../../../shared/domain/carriers";
import { trackingStatusMessage } from "../../../shared/domain/messages";
import { DEFAULT_BRAND } from "../../../shared/brand";
import type { Origin, ShippingType, TrackingStatus } from "../../../shared/domain/statuses";
import { TRACKING_DUPLICATE, TRACKING_NOT_FOUND } from "../../../shared/api/trackings";

export type TrackingRow = typeof clientTrackings.$inferSelect;

/** Who made a change, as tracking_status_history.changedBy stores it. */
export const CHANGED_BY = { client: "cliente", admin: "admin", import: "importacion" } as const;

interface CommonOptions {
  /** CHANGED_BY.client, CHANGED_BY.admin, CHANGED_BY.import (or another short label). */
  changedBy: string;
  /** Internal note kept in the history row (never shown to the client). */
  notes?: string | null;
  /** Queue the client's WhatsApp status message (default true). */
  notify?: boolean;
  /** The brand that signs the WhatsApp message: pass ctx.config.brand.name (default: the built-in brand). */
  brandName?: string;
  /** The instant of the change (tests); defaults to now. */
  now?: Date;
}

export interface ChangeTrackingStatusInput extends CommonOptions {
  trackingId: number;
  newStatus: TrackingStatus;
}

export interface StatusChangeResult {
  tracking: TrackingRow;
  /** False when the package already had newStatus (nothing was written). */
  changed: boolean;
  previousStatus: TrackingStatus | null;
  /** The outbox row of the WhatsApp message, when one was queued. */
  notificationId: number | null;
  /** Set when the package reached ENTREGADO. */
  rewards: DeliveryRewards | null;
}

async function lockTracking(tx: DbOrTx, trackingId: number): Promise<TrackingRow> {
  const [row] = await tx.select().from(clientTrackings).where(eq(clientTrackings.id, trackingId)).for("update");
  if (!row) throw notFound(TRACKING_NOT_FOUND);
  return row;
}

/** Queues the client's WhatsApp status message for the package; returns the outbox row's id. */
async function queueStatusMessage(
  tx: DbOrTx,
  tracking: TrackingRow,
  estado: TrackingStatus,
  brandName: string | undefined,
): Promise<number> {
  const [client] = await tx
    .select({ nombre: clients.nombre, telefono: clients.telefono })
    .from(clients)
    .where(eq(clients.id, tracking.clientId));
  const queued = await enqueueNotification(tx, {
    kind: "TRACKING_STATUS",
    recipient: client.telefono,
    body: trackingStatusMessage({
      nombre: client.nombre,
      trackingCode: tracking.trackingCode,
      estado,
      brandName: brandName ?? DEFAULT_BRAND.name,
    }),
    payload: { nombre: client.nombre, trackingCode: tracking.trackingCode, estado },
    clientId: tracking.clientId,
    trackingId: tracking.id,
  });
  return queued.id;
}

/** History, WhatsApp message and delivery rules for a package that just entered `newStatus`. */
async function recordStatus(
  tx: DbOrTx,
  tracking: TrackingRow,
  previousStatus: TrackingStatus | null,
  options: CommonOptions & { newStatus: TrackingStatus; now: Date },
): Promise<Omit<StatusChangeResult, "tracking" | "changed" | "previousStatus">> {
  await tx.insert(trackingStatusHistory).values({
    trackingId: tracking.id,
    previousStatus,
    newStatus: options.newStatus,
    changedAt: options.now,
    notes: options.notes?.trim() || null,
    changedBy: options.changedBy,
  });

  const notificationId =
    options.notify !== false ? await queueStatusMessage(tx, tracking, options.newStatus, options.brandName) : null;

  const rewards =
    options.newStatus === "ENTREGADO"
      ? await applyDeliveryRewards(tx, { clientId: tracking.clientId, trackingId: tracking.id, now: options.now })
      : null;
  return { notificationId, rewards };
}

/** Moves a package to `newStatus` with everything that goes with it (see the header). */
export async function changeTrackingStatus(tx: DbOrTx, input: ChangeTrackingStatusInput): Promise<StatusChangeResult> {
  const now = input.now ?? new Date();
  const current = await lockTracking(tx, input.trackingId);
  const previousStatus = current.estado as TrackingStatus;
  if (previousStatus === input.newStatus) {
    return { tracking: current, changed: false, previousStatus, notificationId: null, rewards: null };
  }
  await tx
    .update(clientTrackings)
    .set({ estado: input.newStatus, lastStatusChangeDate: now, updatedAt: now })
    .where(eq(clientTrackings.id, current.id));
  const recorded = await recordStatus(tx, current, previousStatus, { ...input, now });
  // Re-read: the delivery rules may have set the coupon.
  const [tracking] = await tx.select().from(clientTrackings).where(eq(clientTrackings.id, current.id));
  return { tracking, changed: true, previousStatus, ...recorded };
}

/** The package fields staff and the import may set; the portal sets only the first three. */
export interface TrackingFields {
  trackingCode?: string;
  origen?: Origin;
  formaEnvio?: ShippingType;
  /** Omitted: detected from the tracking code's shape (null when unknown). */
  carrier?: string | null;
  tiendaOrigen?: string | null;
  descripcionPaquete?: string | null;
  pesoEstimado?: number | null;
  valorDeclarado?: number | null;
  costo?: number | null;
  pesoPieCubicos?: string | null;
  montoColones?: number | null;
  /** Internal staff notes on the package. */
  notas?: string | null;
}

export interface CreateTrackingInput extends CommonOptions, TrackingFields {
  clientId: number;
  trackingCode: string;
  /** Default SEGUIMIENTO_INTERNACIONAL. */
  estado?: TrackingStatus;
}

export interface CreateTrackingResult extends Omit<StatusChangeResult, "changed" | "previousStatus"> {
  tracking: TrackingRow;
}

/**
 * Creates a package with its first history row (previousStatus null). The WhatsApp message is
 * queued unless `notify: false` (the portal passes false: the client has just done it and seen
 * the confirmation); a package created as ENTREGADO runs the delivery rules.
 */
export async function createTracking(tx: DbOrTx, input: CreateTrackingInput): Promise<CreateTrackingResult> {
  const [created] = await createTrackings(tx, [input]);
  return created;
}

/** Packages per multi-row INSERT: ~17 parameters a row stays far below PostgreSQL's 65 535. */
const INSERT_CHUNK = 500;

/**
 * createTracking for many packages at once, with exactly its rules (first history row, the
 * WhatsApp message unless `notify: false`, the delivery rules for ENTREGADO), written with a few
 * multi-row statements per 500 packages instead of several statements per package: the Excel
 * import creates thousands in one request. Results come back in the order of `inputs`.
 * A (client, tracking code) pair that exists already, or appears twice in `inputs`, is 409
 * TRACKING_DUPLICATE and nothing is written (the caller's transaction rolls back).
 */
export async function createTrackings(tx: DbOrTx, inputs: CreateTrackingInput[]): Promise<CreateTrackingResult[]> {
  if (inputs.length === 0) return [];
  const defaultNow = new Date();
  const pairKey = (clientId: number, trackingCode: string) => `${clientId}\u0000${trackingCode}`;
  const seen = new Set<string>();
  for (const input of inputs) {
    const k = pairKey(input.clientId, input.trackingCode);
    if (seen.has(k)) throw conflict(TRACKING_DUPLICATE);
    seen.add(k);
  }
  for (let i = 0; i < inputs.length; i += INSERT_CHUNK) {
    const chunk = inputs.slice(i, i + INSERT_CHUNK);
    const existing = await tx
      .select({ clientId: clientTrackings.clientId, trackingCode: clientTrackings.trackingCode })
      .from(clientTrackings)
      .where(
        and(
          inArray(clientTrackings.clientId, [...new Set(chunk.map((c) => c.clientId))]),
          inArray(clientTrackings.trackingCode, [...new Set(chunk.map((c) => c.trackingCode))]),
        ),
      );
    if (existing.some((row) => seen.has(pairKey(row.clientId, row.trackingCode)))) throw conflict(TRACKING_DUPLICATE);
  }

  const planned = inputs.map((input) => ({
    input,
    now: input.now ?? defaultNow,
    estado: input.estado ?? ("SEGUIMIENTO_INTERNACIONAL" as TrackingStatus),
  }));
  const rows: TrackingRow[] = [];
  for (let i = 0; i < planned.length; i += INSERT_CHUNK) {
    const chunk = planned.slice(i, i + INSERT_CHUNK);
    let inserted: TrackingRow[];
    try {
      inserted = await tx
        .insert(clientTrackings)
        .values(
          chunk.map(({ input, now, estado }) => ({
            ...pickFields(input),
            clientId: input.clientId,
            trackingCode: input.trackingCode,
            carrier: input.carrier === undefined ? detectCarrier(input.trackingCode) : input.carrier,
            estado,
            lastStatusChangeDate: now,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .returning();
    } catch (err) {
      // Two pre-alerts of the same code at once: the database's unique index decides.
      if (isUniqueViolation(err, "client_trackings_client_code_key")) throw conflict(TRACKING_DUPLICATE);
      throw err;
    }
    const byPair = new Map(inserted.map((row) => [pairKey(row.clientId, row.trackingCode), row]));
    for (const { input } of chunk) rows.push(byPair.get(pairKey(input.clientId, input.trackingCode))!);
    await tx.insert(trackingStatusHistory).values(
      chunk.map(({ input, now, estado }, j) => ({
        trackingId: rows[i + j].id,
        previousStatus: null,
        newStatus: estado,
        changedAt: now,
        notes: input.notes?.trim() || null,
        changedBy: input.changedBy,
      })),
    );
  }

  const notificationIds = new Map<number, number>();
  const toNotify = planned.map((p, index) => ({ ...p, tracking: rows[index] })).filter((p) => p.input.notify !== false);
  for (const { input, estado, tracking } of toNotify) {
    notificationIds.set(tracking.id, await queueStatusMessage(tx, tracking, estado, input.brandName));
  }

  const delivered = planned.map((p, index) => ({ ...p, index })).filter((p) => p.estado === "ENTREGADO");
  const rewards = await applyDeliveryRewardsMany(
    tx,
    delivered.map(({ index, now }) => ({ clientId: rows[index].clientId, trackingId: rows[index].id, now })),
  );
  const rewardsByIndex = new Map(delivered.map((d, j) => [d.index, rewards[j]]));
  // Re-read the packages the delivery rules gave a coupon.
  const discounted = delivered.filter((_, j) => rewards[j].couponApplied !== null).map((d) => rows[d.index].id);
  const reread = new Map<number, TrackingRow>();
  for (let i = 0; i < discounted.length; i += INSERT_CHUNK) {
    const found = await tx
      .select()
      .from(clientTrackings)
      .where(inArray(clientTrackings.id, discounted.slice(i, i + INSERT_CHUNK)));
    for (const row of found) reread.set(row.id, row);
  }
  return rows.map((row, index) => ({
    tracking: reread.get(row.id) ?? row,
    notificationId: notificationIds.get(row.id) ?? null,
    rewards: rewardsByIndex.get(index) ?? null,
  }));
}

export interface UpdateTrackingInput extends CommonOptions {
  trackingId: number;
  changes: TrackingFields & { estado?: TrackingStatus };
}

export interface UpdateTrackingResult {
  tracking: TrackingRow;
  /** Present when `changes.estado` differed from the package's status. */
  statusChange: StatusChangeResult | null;
}

/**
 * Updates a package's fields; a status in `changes` goes through changeTrackingStatus. A new
 * tracking code re-detects the carrier unless `changes.carrier` is given or the old carrier was
 * typed by hand (it differs from what the old code's shape says).
 */
export async function updateTracking(tx: DbOrTx, input: UpdateTrackingInput): Promise<UpdateTrackingResult> {
  const now = input.now ?? new Date();
  const current = await lockTracking(tx, input.trackingId);
  const { estado, ...fields } = input.changes;
  const values: Partial<typeof clientTrackings.$inferInsert> = pickFields(fields);

  if (fields.trackingCode !== undefined && fields.trackingCode !== current.trackingCode) {
    await assertNoDuplicate(tx, current.clientId, fields.trackingCode, current.id);
    if (fields.carrier === undefined) {
      const typedByHand = current.carrier !== null && current.carrier !== detectCarrier(current.trackingCode);
      values.carrier = typedByHand ? current.carrier : detectCarrier(fields.trackingCode);
    }
  }
  if (Object.keys(values).length > 0) {
    try {
      await tx
        .update(clientTrackings)
        .set({ ...values, updatedAt: now })
        .where(eq(clientTrackings.id, current.id));
    } catch (err) {
      if (isUniqueViolation(err, "client_trackings_client_code_key")) throw conflict(TRACKING_DUPLICATE);
      throw err;
    }
  }
  const statusChange =
    estado !== undefined && estado !== current.estado
      ? await changeTrackingStatus(tx, { ...input, trackingId: current.id, newStatus: estado, now })
      : null;
  const [tracking] = await tx.select().from(clientTrackings).where(eq(clientTrackings.id, current.id));
  return { tracking, statusChange };
}

/** Deletes a package (its history goes with it); 404 when it does not exist. */
export async function deleteTracking(tx: DbOrTx, trackingId: number): Promise<void> {
  const deleted = await tx
    .delete(clientTrackings)
    .where(eq(clientTrackings.id, trackingId))
    .returning({ id: clientTrackings.id });
  if (deleted.length === 0) throw notFound(TRACKING_NOT_FOUND);
}

async function assertNoDuplicate(tx: DbOrTx, clientId: number, trackingCode: string, exceptId?: number): Promise<void> {
  const conditions = [eq(clientTrackings.clientId, clientId), eq(clientTrackings.trackingCode, trackingCode)];
  if (exceptId !== undefined) conditions.push(ne(clientTrackings.id, exceptId));
  const [existing] = await tx
    .select({ id: clientTrackings.id })
    .from(clientTrackings)
    .where(and(...conditions))
    .limit(1);
  if (existing) throw conflict(TRACKING_DUPLICATE);
}

const FIELD_KEYS = [
  "trackingCode",
  "origen",
  "formaEnvio",
  "carrier",
  "tiendaOrigen",
  "descripcionPaquete",
  "pesoEstimado",
  "valorDeclarado",
  "costo",
  "pesoPieCubicos",
  "montoColones",
  "notas",
] as const satisfies readonly (keyof TrackingFields)[];

/** Only the fields actually given (undefined means "leave as is"). */
function pickFields(input: TrackingFields): Partial<typeof clientTrackings.$inferInsert> {
  const out: Record<string, unknown> = {};
  for (const key of FIELD_KEYS) if (input[key] !== undefined) out[key] = input[key];
  return out as Partial<typeof clientTrackings.$inferInsert>;
}
