// Staff's package operations: inline edits, create / edit / delete, several packages to one
// status at once, and a package's history. Every change goes through trackings/service.ts (the
// one path that writes history, queues the client's WhatsApp message and applies the delivery
// rewards), here with the staff member as the actor, each in one transaction.
import { desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { clientTrackings, trackingStatusHistory } from "../../db/schema";
import { AppError, badRequest, conflict, notFound } from "../../errors";
import {
  createTracking,
  deleteTracking,
  updateTracking,
  updateTrackings,
  type TrackingFields,
} from "./service";
import { inOutboxTransaction } from "../../core/outbox";
import { findClientId } from "../../core/client-search";
import { getAdminTracking } from "./staff-presenter";
import { TRACKING_DUPLICATE, TRACKING_NOT_FOUND } from "../../../shared/api/trackings";
import {
  ADMIN_TRACKING_DUPLICATE,
  COLONES_MAX,
  MONTO_TOO_LARGE,
  measureRequiredOnTypeChange,
  type TAdminTrackingResponse,
  type TBulkStatusRequest,
  type TBulkStatusResponse,
  type TCreateAdminTrackingRequest,
  type TPatchTrackingRequest,
  type TTrackingHistoryRecord,
  type TUpdateAdminTrackingRequest,
} from "../../../shared/api/admin/trackings";
import type { ShippingType, TrackingStatus } from "../../../shared/domain/statuses";
import { priceTracking, type VolumetricRule } from "../../../shared/domain/pricing";
import type { Actor } from "../../lib/actor";

export interface AdminChangeOptions {
  /** Signs the client's WhatsApp message (ctx.config.brand.name). */
  brandName: string;
  /** Whether a messaging provider will send what is queued (ctx.providers.messaging.configured). */
  messagingConfigured: boolean;
  /**
   * Today's colones per dollar and the pricing options, asked only when an amount is (re)computed
   * and always before the transaction opens (the provider reads its own storage: on PGlite's one
   * connection it would wait).
   */
  tariff: () => Promise<Tariff>;
  /** The staff member making the change (lib/actor.ts staffActor). */
  actor: Actor;
  now?: Date;
}

/** What an amount is computed with: today's colones per dollar and the volumetric rule when it is on (docs/decisions/159). */
export interface Tariff {
  rate: number;
  volumetric: VolumetricRule | null;
}

/** The tariff for `priced`, null when the change touches neither the shipping type nor the measure. */
async function rateFor(fields: TrackingFields, options: AdminChangeOptions): Promise<Tariff | null> {
  return fields.formaEnvio === undefined && fields.pesoPieCubicos === undefined ? null : options.tariff();
}

/**
 * The one rule for the stored amount (docs/decisions/114, 159): computed here, at today's rate,
 * whenever the shipping type or the measure changes, and stored with that rate; an amount the client
 * sent alongside is ignored. With the volumetric rule on, air is charged on the greater of the
 * measure and the volumetric weight of the sizes measured on arrival (shared/domain/pricing
 * priceTracking), and the volumetric grams used are stored beside the amount. A type change on a
 * package that has a measure must bring the measure in the new unit (or null): grams are never
 * kept as cubic feet, nor the other way round.
 */
export async function priced(tx: DbOrTx, id: number | null, fields: TrackingFields, today: Tariff | null): Promise<TrackingFields> {
  // An amount typed alone (the spec's PATCH allows it) has no rate behind it, nor a volumetric weight.
  if (today === null) return fields.montoColones === undefined ? fields : { ...fields, montoRate: null, pesoVolumetricoGramos: null };
  let current: { formaEnvio: string; pesoPieCubicos: string | null; largoCm: number | null; anchoCm: number | null; altoCm: number | null } | undefined;
  if (id !== null) {
    [current] = await tx
      .select({
        formaEnvio: clientTrackings.formaEnvio,
        pesoPieCubicos: clientTrackings.pesoPieCubicos,
        largoCm: clientTrackings.largoCm,
        anchoCm: clientTrackings.anchoCm,
        altoCm: clientTrackings.altoCm,
      })
      .from(clientTrackings)
      .where(eq(clientTrackings.id, id));
    if (!current) throw notFound(TRACKING_NOT_FOUND);
  }
  const formaEnvio = fields.formaEnvio ?? (current?.formaEnvio as ShippingType | undefined) ?? "AVION";
  const typeChanged = current !== undefined && formaEnvio !== current.formaEnvio;
  if (typeChanged && fields.pesoPieCubicos === undefined && current?.pesoPieCubicos) {
    throw badRequest(measureRequiredOnTypeChange(formaEnvio));
  }
  const pesoPieCubicos = fields.pesoPieCubicos === undefined ? current?.pesoPieCubicos : fields.pesoPieCubicos;
  const sizes = { lengthCm: current?.largoCm, widthCm: current?.anchoCm, heightCm: current?.altoCm };
  const { montoColones, pesoVolumetricoGramos } = priceTracking({ formaEnvio, pesoPieCubicos, rate: today.rate, sizes, volumetric: today.volumetric });
  if (montoColones !== null && montoColones > COLONES_MAX) throw badRequest(MONTO_TOO_LARGE);
  return { ...fields, montoColones, montoRate: montoColones === null ? null : today.rate, pesoVolumetricoGramos };
}

/** The portal's duplicate message speaks to the client ("Ya tienes…"); staff read their own. */
async function withStaffMessages<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError && err.code === "CONFLICT" && err.message === TRACKING_DUPLICATE) {
      throw conflict(ADMIN_TRACKING_DUPLICATE);
    }
    throw err;
  }
}

async function answer(db: Db, id: number, notificationQueued: boolean, options: AdminChangeOptions): Promise<TAdminTrackingResponse> {
  const tracking = await getAdminTracking(db, id);
  if (!tracking) throw notFound(TRACKING_NOT_FOUND);
  return { tracking, notificationQueued, messaging: { configured: options.messagingConfigured } };
}

/** Optional fields present in the body: undefined stays "leave as is", null clears. */
function fieldsOf(body: Partial<TCreateAdminTrackingRequest>): TrackingFields {
  const { trackingCode, origen, formaEnvio, carrier, tiendaOrigen, descripcionPaquete, pesoEstimado, valorDeclarado, costo, pesoPieCubicos, montoColones, notas } = body;
  return { trackingCode, origen, formaEnvio, carrier, tiendaOrigen, descripcionPaquete, pesoEstimado, valorDeclarado, costo, pesoPieCubicos, montoColones, notas };
}

/** PATCH /api/trackings/{id}: the inline controls (status, shipping type, cost, weight, amount). */
export async function patchTracking(
  db: Db,
  id: number,
  body: TPatchTrackingRequest,
  options: AdminChangeOptions,
): Promise<TAdminTrackingResponse> {
  const { estado, entregarConSaldo, ...fields } = body;
  const today = await rateFor(fields, options);
  const result = await inOutboxTransaction(db, async (tx) =>
    updateTracking(tx, {
      trackingId: id,
      changes: { ...(await priced(tx, id, fields, today)), ...(estado ? { estado } : {}) },
      entregarConSaldo,
      actor: options.actor,
      brandName: options.brandName,
      now: options.now,
    }),
  );
  return answer(db, id, Boolean(result.statusChange?.notificationId), options);
}

/** POST /api/admin/trackings: a new package for a client, with its first history row and message. */
export async function createAdminTracking(
  db: Db,
  body: TCreateAdminTrackingRequest,
  options: AdminChangeOptions,
): Promise<TAdminTrackingResponse> {
  const clientId = await findClientId(db, body.clientCode);
  const today = await rateFor(fieldsOf(body), options);
  const created = await withStaffMessages(() =>
    inOutboxTransaction(db, async (tx) =>
      createTracking(tx, {
        ...(await priced(tx, null, fieldsOf(body), today)),
        // An empty carrier field means "detect it from the code".
        carrier: body.carrier ?? undefined,
        clientId,
        trackingCode: body.trackingCode,
        estado: body.estado,
        actor: options.actor,
        brandName: options.brandName,
        now: options.now,
      }),
    ),
  );
  return answer(db, created.tracking.id, created.notificationId !== null, options);
}

/** PATCH /api/admin/trackings/{id}: the edit dialog (the status change goes through the one path). */
export async function updateAdminTracking(
  db: Db,
  id: number,
  body: TUpdateAdminTrackingRequest,
  options: AdminChangeOptions,
): Promise<TAdminTrackingResponse> {
  const today = await rateFor(fieldsOf(body), options);
  const result = await withStaffMessages(() =>
    inOutboxTransaction(db, async (tx) =>
      updateTracking(tx, {
        trackingId: id,
        changes: { ...(await priced(tx, id, fieldsOf(body), today)), ...(body.estado ? { estado: body.estado } : {}) },
        entregarConSaldo: body.entregarConSaldo,
        actor: options.actor,
        brandName: options.brandName,
        now: options.now,
      }),
    ),
  );
  return answer(db, id, Boolean(result.statusChange?.notificationId), options);
}

/**
 * POST /api/admin/trackings/{id}/reprice: the explicit re-pricing at today's rate (docs/decisions/114).
 * The amount is recomputed from the stored type and measure and stored with the rate used.
 */
export async function repriceAdminTracking(db: Db, id: number, options: AdminChangeOptions): Promise<TAdminTrackingResponse> {
  const today = await options.tariff();
  await inOutboxTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ formaEnvio: clientTrackings.formaEnvio })
      .from(clientTrackings)
      .where(eq(clientTrackings.id, id));
    if (!row) throw notFound(TRACKING_NOT_FOUND);
    const changes = await priced(tx, id, { formaEnvio: row.formaEnvio as ShippingType }, today);
    return updateTracking(tx, { trackingId: id, changes, actor: options.actor, brandName: options.brandName, now: options.now });
  });
  return answer(db, id, false, options);
}

export async function deleteAdminTracking(db: Db, id: number, actor: Actor): Promise<void> {
  // A paid package is refused there (409 PACKAGE_HAS_PAYMENTS), for the portal too.
  await db.transaction((tx) => deleteTracking(tx, id, actor));
}

/**
 * POST /api/admin/trackings/bulk-status: all or nothing, in ONE updateTrackings call (the packages
 * locked in ascending id order). Each package that moves gets its history row, its WhatsApp
 * message and the coupon/delivery rules, exactly as one by one; unpaid deliveries without
 * `entregarConSaldo` refuse the whole change with one 409 UNPAID_DELIVERY naming them all.
 */
export async function changeStatusInBulk(
  db: Db,
  body: TBulkStatusRequest,
  options: AdminChangeOptions,
): Promise<TBulkStatusResponse> {
  return inOutboxTransaction(db, async (tx) => {
    const results = await updateTrackings(
      tx,
      [...body.ids]
        .sort((a, b) => a - b)
        .map((trackingId) => ({
          trackingId,
          changes: { estado: body.estado as TrackingStatus },
          entregarConSaldo: body.entregarConSaldo,
          actor: options.actor,
          brandName: options.brandName,
          now: options.now,
        })),
    );
    const changed = results.filter((r) => r.statusChange !== null).length;
    return { changed, unchanged: body.ids.length - changed };
  });
}

/** GET /api/trackings/{id}/history: newest first; 404 for an unknown package. */
export async function getTrackingHistory(db: Db, id: number): Promise<TTrackingHistoryRecord[]> {
  const [exists] = await db.select({ id: clientTrackings.id }).from(clientTrackings).where(eq(clientTrackings.id, id));
  if (!exists) throw notFound(TRACKING_NOT_FOUND);
  const h = trackingStatusHistory;
  const rows = await db
    .select()
    .from(h)
    .where(eq(h.trackingId, id))
    .orderBy(desc(h.changedAt), desc(h.id));
  return rows.map((r) => ({
    id: r.id,
    previousStatus: r.previousStatus as TTrackingHistoryRecord["previousStatus"],
    newStatus: r.newStatus as TTrackingHistoryRecord["newStatus"],
    changedAt: r.changedAt.toISOString(),
    notes: r.notes,
    changedBy: r.changedBy,
  }));
}
