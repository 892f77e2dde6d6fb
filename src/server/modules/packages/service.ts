// Packages (client trackings): the ONE place where a package is created, changed or has its
// status moved, for every caller — the client portal (/rastreo), the admin panel and the
// Excel import. Callers open the transaction; these functions run inside it.
//
// Every function has a batch form (createTrackings, updateTrackings) that the Excel import uses for
// thousands of packages with a few multi-row statements per 500; the one-package functions are
// their single case, so the rules below live in one place (recordStatuses).
//
// Contract of a status change (changeTrackingStatus, and createTracking for the first status):
//   - estado, lastStatusChangeDate and updatedAt are updated on the package (locked FOR UPDATE);
//   - one tracking_status_history row is written (previousStatus null on creation; changedBy
//     the person's name, 'Cliente' for the portal, 'Importación Excel · <name>' for the import,
//     with changed_by_account_id) and one audit record (paquete.crear / paquete.estado);
//   - unless `notify: false`, the client's WhatsApp status message (trackingStatusMessage,
//     kind TRACKING_STATUS) is queued in the notification outbox, in the same transaction;
//   - the first time a package becomes collectable (LISTO_PARA_ENTREGAR, or ENTREGADO when it
//     skips Listo) it takes the client's best coupon (referrals/service.ts applyMoveRewardsMany),
//     BEFORE its message is built: the 'Listo para entregar' message carries the stored amount
//     due after the coupon (docs/decisions/139); on ENTREGADO the referral rule runs
//     (same function); coupons and referrals are recorded with the same actor;
//   - a move to ENTREGADO with a stored saldo_colones > 0 (read after the coupon) is refused with
//     409 UNPAID_DELIVERY — nothing is written, the caller's transaction rolls back — unless the
//     caller passed `entregarConSaldo: true` or is the Excel import (the office's reconciliation
//     tool; rule package.deliverWithBalance, core/policies); then the history note says
//     'Entregado con saldo pendiente de ₡X' and an audit record paquete.entregar_con_saldo is written;
//   - a move to LISTO_PARA_ENTREGAR or ENTREGADO (or a creation so) of a package without a stored
//     montoColones is refused with 409 UNPRICED naming each package and its reason ('Sin peso',
//     'Sin monto'), for every caller, the import too (docs/decisions/152).
//   Moving a package to the status it already has changes nothing and returns changed: false.
//   Callers that may notify open their transaction with inOutboxTransaction
//   (core/outbox.ts), which wakes the worker after the commit so the message goes out at once.
//
// Errors: AppError 404 TRACKING_NOT_FOUND for an unknown id; 409 TRACKING_DUPLICATE when the
// client already has a package with that tracking code (unique per client in the database too).
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { clientTrackings, clients, packageInvoices, trackingStatusHistory, unclaimedMatches, unclaimedPackages, uploads } from "../../db/schema";
import { AppError, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from "../../errors";
import { PACKAGE_HAS_PAYMENTS } from "../../../shared/api/admin/payments";
import { enqueueNotifications } from "../../core/outbox";
import { trackingStatusNotification } from "../notifications/messages";
import { applyMoveRewardsMany, writeRewardsAudit, type DeliveryRewards } from "../referrals/service";
import { detectCarrier } from "../../../shared/domain/carriers";
import { DEFAULT_BRAND } from "../../../shared/brand";
import type { Origin, ShippingType, TrackingStatus } from "../../../shared/domain/statuses";
import { TRACKING_DUPLICATE, TRACKING_NOT_FOUND } from "../../../shared/api/trackings";
import { trackingStatusLabel } from "../../../shared/domain/statuses";
import { historyLabel, type Actor } from "../../lib/actor";
import { diffFields, recordAudit, type AuditEntry } from "../../core/audit/service";
import { can } from "../../core/policies";
import { carrierTrackingNumber } from "../../../shared/domain/barcodes";
import { COLLECTABLE_STATUSES } from "../../../shared/domain/charges";
import {
  deliveredWithBalanceNote,
  unpaidDeliveryMessage,
  unpricedMessage,
  unpricedReason,
  UNPAID_DELIVERY_CODE,
  UNPRICED_CODE,
  type PricedFields,
  type UnpricedReason,
} from "../../../shared/api/admin/trackings";

export type TrackingRow = typeof clientTrackings.$inferSelect;

interface CommonOptions {
  /**
   * Who makes the change (lib/actor.ts): the history's changedBy shows them, and every creation,
   * field change, status move and deletion writes its audit record in the same transaction.
   */
  actor: Actor;
  /** Internal note kept in the history row (never shown to the client). */
  notes?: string | null;
  /** Queue the client's WhatsApp status message (default true). */
  notify?: boolean;
  /** The brand that signs the WhatsApp message: pass ctx.config.brand.name (default: the built-in brand). */
  brandName?: string;
  /** The instant of the change (tests); defaults to now. */
  now?: Date;
  /**
   * Staff's explicit choice to deliver a package whose saldo is above 0 ('Entregar con saldo
   * pendiente'); without it such a move to ENTREGADO is 409 UNPAID_DELIVERY (the import needs none).
   */
  entregarConSaldo?: boolean;
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
  /** Set when the package moved to LISTO_PARA_ENTREGAR or ENTREGADO (its coupon; its referral on ENTREGADO). */
  rewards: DeliveryRewards | null;
}

/** Packages per multi-row statement: ~17 parameters a row stays far below PostgreSQL's 65 535. */
const CHUNK = 500;

function chunked<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface StatusEntry {
  tracking: TrackingRow;
  previousStatus: TrackingStatus | null;
  newStatus: TrackingStatus;
  now: Date;
  options: CommonOptions;
}

/**
 * Coupons, the unpaid-delivery rule, history, WhatsApp messages and the referral rule for packages
 * that just entered a status (their rows already carry it; `tracking` is the row BEFORE the move),
 * in order: the coupons of packages that first became collectable, one re-read of the collectable
 * ones (their stored saldo after the coupon), the refusal of unpaid deliveries, one multi-row
 * history insert and one outbox insert per 500, the referral rule for ENTREGADO.
 */
async function recordStatuses(
  tx: DbOrTx,
  entries: StatusEntry[],
): Promise<Omit<StatusChangeResult, "tracking" | "changed" | "previousStatus">[]> {
  // The coupon the first time a package is collectable (created so, or cobrable_at unset before
  // this move); the referral on ENTREGADO. Both before the amounts are read and the messages built.
  const collectable = entries.filter((e) => COLLECTABLE_STATUSES.includes(e.newStatus));
  const { rewards, audit: rewardsAudit } = await applyMoveRewardsMany(
    tx,
    collectable.map((e) => ({
      clientId: e.tracking.clientId,
      trackingId: e.tracking.id,
      now: e.now,
      actor: e.options.actor,
      coupon: e.previousStatus === null || e.tracking.cobrableAt === null,
      referral: e.newStatus === "ENTREGADO",
    })),
  );
  const rewardsOf = new Map(collectable.map((e, i) => [e, rewards[i]]));
  const amounts = await readTrackings(
    tx,
    collectable.map((e) => e.tracking.id),
  );

  const withBalance = new Map<StatusEntry, number>();
  const refused: { trackingCode: string; saldoColones: number }[] = [];
  for (const e of collectable) {
    const saldo = amounts.get(e.tracking.id)?.saldoColones ?? 0;
    if (e.newStatus !== "ENTREGADO" || saldo <= 0) continue;
    if (can(e.options.actor, "package.deliverWithBalance", { entregarConSaldo: e.options.entregarConSaldo })) withBalance.set(e, saldo);
    else refused.push({ trackingCode: e.tracking.trackingCode, saldoColones: saldo });
  }
  if (refused.length > 0) {
    throw new AppError(UNPAID_DELIVERY_CODE, 409, unpaidDeliveryMessage(refused), { unpaid: refused });
  }

  for (const chunk of chunked(entries)) {
    await tx.insert(trackingStatusHistory).values(
      chunk.map((e) => {
        const balance = withBalance.get(e);
        const notes = [e.options.notes?.trim(), balance === undefined ? null : deliveredWithBalanceNote(balance)].filter(Boolean).join(" · ");
        return {
          trackingId: e.tracking.id,
          previousStatus: e.previousStatus,
          newStatus: e.newStatus,
          changedAt: e.now,
          notes: notes || null,
          changedBy: historyLabel(e.options.actor),
          changedByAccountId: e.options.actor.accountId,
        };
      }),
    );
  }
  await auditStatuses(tx, entries, withBalance);
  await writeRewardsAudit(tx, rewardsAudit);

  const notificationIds = new Map<StatusEntry, number>();
  const toNotify = entries.filter((e) => e.options.notify !== false);
  if (toNotify.length > 0) {
    const people = new Map<number, { nombre: string; telefono: string }>();
    for (const ids of chunked([...new Set(toNotify.map((e) => e.tracking.clientId))], 1000)) {
      const found = await tx
        .select({ id: clients.id, nombre: clients.nombre, telefono: clients.telefono })
        .from(clients)
        .where(inArray(clients.id, ids));
      for (const c of found) people.set(c.id, c);
    }
    const queued = await enqueueNotifications(
      tx,
      toNotify.map((e) => {
        const client = people.get(e.tracking.clientId)!;
        const stored = amounts.get(e.tracking.id);
        return trackingStatusNotification({
          clientId: e.tracking.clientId,
          trackingId: e.tracking.id,
          telefono: client.telefono,
          nombre: client.nombre,
          trackingCode: e.tracking.trackingCode,
          estado: e.newStatus,
          origen: e.tracking.origen as Origin,
          brandName: e.options.brandName ?? DEFAULT_BRAND.name,
          amount: stored && stored.saldoColones !== null ? { totalColones: stored.totalColones, saldoColones: stored.saldoColones } : null,
        });
      }),
    );
    toNotify.forEach((e, i) => notificationIds.set(e, queued[i].id));
  }
  return entries.map((e) => ({ notificationId: notificationIds.get(e) ?? null, rewards: rewardsOf.get(e) ?? null }));
}

/**
 * One audit record per package created or moved, plus paquete.entregar_con_saldo for each one
 * delivered with a balance, grouped by actor (each group in multi-row inserts).
 */
async function auditStatuses(tx: DbOrTx, entries: StatusEntry[], withBalance: ReadonlyMap<StatusEntry, number>): Promise<void> {
  const byActor = new Map<Actor, AuditEntry[]>();
  for (const e of entries) {
    const t = e.tracking;
    const record: AuditEntry =
      e.previousStatus === null
        ? {
            action: "paquete.crear",
            entity: "paquete",
            entityId: t.id,
            at: e.now,
            summary: `${t.trackingCode} · ${trackingStatusLabel(e.newStatus, t.origen)}`,
            after: auditedPackage({ ...t, estado: e.newStatus }),
          }
        : {
            action: "paquete.estado",
            entity: "paquete",
            entityId: t.id,
            at: e.now,
            summary: `${t.trackingCode}: ${trackingStatusLabel(e.previousStatus, t.origen)} → ${trackingStatusLabel(e.newStatus, t.origen)}`,
            before: { estado: e.previousStatus },
            after: { estado: e.newStatus },
          };
    const balance = withBalance.get(e);
    const records: AuditEntry[] =
      balance === undefined
        ? [record]
        : [
            record,
            {
              action: "paquete.entregar_con_saldo",
              entity: "paquete",
              entityId: t.id,
              at: e.now,
              summary: `${t.trackingCode}: ${deliveredWithBalanceNote(balance)}`,
              after: { estado: e.newStatus, saldoColones: balance },
            },
          ];
    const list = byActor.get(e.options.actor);
    if (list) list.push(...records);
    else byActor.set(e.options.actor, records);
  }
  for (const [actor, records] of byActor) await recordAudit(tx, actor, records);
}

/** The package as the audit log keeps it for a creation or a deletion. */
function auditedPackage(t: TrackingRow): Record<string, unknown> {
  const { id, clientId, trackingCode, estado, origen, formaEnvio, carrier, pesoPieCubicos, montoColones, descripcionPaquete, notas } = t;
  return { id, clientId, trackingCode, estado, origen, formaEnvio, carrier, pesoPieCubicos, montoColones, descripcionPaquete, notas };
}

/**
 * No amount, not collectable (docs/decisions/152): packages about to become Listo para entregar or
 * Entregado without a stored montoColones are 409 UNPRICED, each named with its reason. Every path
 * comes through createTrackings / updateTrackings, which call this BEFORE writing the status; the
 * database's trigger (client_trackings_priced_when_collectable) refuses the same move underneath.
 */
export function assertPriced(moves: (PricedFields & { trackingCode: string; newStatus: TrackingStatus })[]): void {
  const unpriced: { trackingCode: string; motivo: UnpricedReason }[] = [];
  for (const m of moves) {
    if (!COLLECTABLE_STATUSES.includes(m.newStatus)) continue;
    const motivo = unpricedReason(m);
    if (motivo !== null) unpriced.push({ trackingCode: m.trackingCode, motivo });
  }
  if (unpriced.length > 0) throw new AppError(UNPRICED_CODE, 409, unpricedMessage(unpriced), { unpriced });
}

/** The packages with these ids, current (re-read after the delivery rules may have set a coupon). */
async function readTrackings(tx: DbOrTx, ids: number[], lock = false): Promise<Map<number, TrackingRow>> {
  const out = new Map<number, TrackingRow>();
  for (const chunk of chunked([...new Set(ids)].sort((a, b) => a - b), 1000)) {
    // Ascending ids: two changes over overlapping packages lock them in the same order.
    const query = tx.select().from(clientTrackings).where(inArray(clientTrackings.id, chunk)).orderBy(clientTrackings.id);
    for (const row of await (lock ? query.for("update") : query)) out.set(row.id, row);
  }
  return out;
}

/** Moves a package to `newStatus` with everything that goes with it (see the header). */
export async function changeTrackingStatus(tx: DbOrTx, input: ChangeTrackingStatusInput): Promise<StatusChangeResult> {
  const { trackingId, newStatus, ...options } = input;
  const [{ tracking, statusChange }] = await updateTrackings(tx, [{ ...options, trackingId, changes: { estado: newStatus } }]);
  return statusChange ?? { tracking, changed: false, previousStatus: tracking.estado as TrackingStatus, notificationId: null, rewards: null };
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
  /** The rate montoColones was computed at (docs/decisions/114). */
  montoRate?: number | null;
  /** The volumetric grams montoColones was charged on (docs/decisions/159); an amount written without it clears it. */
  pesoVolumetricoGramos?: number | null;
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

/**
 * createTracking for many packages at once, with exactly its rules (first history row, the
 * WhatsApp message unless `notify: false`, the delivery rules for ENTREGADO), written with a few
 * multi-row statements per 500 packages instead of several statements per package: the Excel
 * import creates thousands in one request. Results come back in the order of `inputs`.
 * A (client, tracking code) pair that exists already, or appears twice in `inputs`, is 409
 * TRACKING_DUPLICATE and nothing is written (the caller's transaction rolls back).
 */
export async function createTrackings(
  tx: DbOrTx,
  inputs: CreateTrackingInput[],
  options: { /** False: no Sin dueño proposal (staff's assign joins the row itself). */ proposeMatches?: boolean } = {},
): Promise<CreateTrackingResult[]> {
  if (inputs.length === 0) return [];
  const defaultNow = new Date();
  const pairKey = (clientId: number, trackingCode: string) => `${clientId}\u0000${trackingCode}`;
  const seen = new Set<string>();
  for (const input of inputs) {
    const k = pairKey(input.clientId, input.trackingCode);
    if (seen.has(k)) throw conflict(TRACKING_DUPLICATE);
    seen.add(k);
  }
  for (const chunk of chunked(inputs)) {
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
  assertPriced(
    planned.map(({ input, estado }) => ({
      trackingCode: input.trackingCode,
      newStatus: estado,
      pesoPieCubicos: input.pesoPieCubicos ?? null,
      // A new package has nothing weighed yet (grams and cubic feet come from Recepción).
      pesoGramos: null,
      pieCubicos: null,
      montoColones: input.montoColones ?? null,
    })),
  );
  const rows: TrackingRow[] = [];
  for (const chunk of chunked(planned)) {
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
            cobrableAt: COLLECTABLE_STATUSES.includes(estado) ? now : null,
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
  }

  const recorded = await recordStatuses(
    tx,
    planned.map(({ input, now, estado }, index) => ({ tracking: rows[index], previousStatus: null, newStatus: estado, now, options: input })),
  );
  if (options.proposeMatches !== false) {
    await proposeMatches(
      tx,
      planned.map(({ input, now }, index) => ({ row: rows[index], input, now })),
    );
  }
  // Re-read the packages the delivery rules gave a coupon.
  const discounted = rows.filter((_row, index) => recorded[index].rewards?.couponApplied);
  const reread = await readTrackings(
    tx,
    discounted.map((row) => row.id),
  );
  return rows.map((row, index) => ({ tracking: reread.get(row.id) ?? row, ...recorded[index] }));
}

/**
 * A new package whose tracking number (or the number inside it, barcodes.ts carrierTrackingNumber)
 * waits in Sin dueño is PROPOSED as its match (issue 32, docs/decisions/155), never joined: the
 * package keeps its status and gets nothing of the warehouse's receipt (weight, measures, photos)
 * until staff confirm in Sin dueño's "Por confirmar" (admin/warehouse/service.ts confirmMatch),
 * which joins and prices it like staff's assign. Every new package carrying the number proposes
 * (two clients claiming one box are both shown to staff). One lookup per 500 new packages;
 * audit sin_dueno.proponer by whoever created the package.
 */
async function proposeMatches(tx: DbOrTx, created: { row: TrackingRow; input: CreateTrackingInput; now: Date }[]): Promise<void> {
  const proposals: { row: TrackingRow; input: CreateTrackingInput; now: Date; unclaimed: typeof unclaimedPackages.$inferSelect }[] = [];
  for (const chunk of chunked(created)) {
    const keysOf = (code: string) => [...new Set([code.toUpperCase(), carrierTrackingNumber(code.toUpperCase())])];
    const keys = [...new Set(chunk.flatMap((c) => keysOf(c.row.trackingCode)))];
    const open = await tx
      .select()
      .from(unclaimedPackages)
      .where(and(isNull(unclaimedPackages.claimedAt), inArray(sql`upper(${unclaimedPackages.trackingCode})`, keys)));
    if (open.length === 0) continue;
    const byCode = new Map(open.map((u) => [u.trackingCode.toUpperCase(), u]));
    for (const c of chunk) {
      const unclaimed = keysOf(c.row.trackingCode)
        .map((k) => byCode.get(k))
        .find((u) => u !== undefined);
      if (unclaimed) proposals.push({ ...c, unclaimed });
    }
  }
  if (proposals.length === 0) return;
  const inserted = await tx
    .insert(unclaimedMatches)
    .values(proposals.map((p) => ({ unclaimedId: p.unclaimed.id, trackingId: p.row.id, proposedAt: p.now })))
    .returning({ id: unclaimedMatches.id });
  const byActor = new Map<Actor, AuditEntry[]>();
  proposals.forEach(({ row, input, now, unclaimed: u }, index) => {
    const record: AuditEntry = {
      action: "sin_dueno.proponer",
      entity: "sin_dueno",
      entityId: u.id,
      at: now,
      summary: `${u.trackingCode} ← paquete ${row.id} (por confirmar)`,
      after: { matchId: inserted[index].id, trackingId: row.id, clientId: row.clientId, clientCodeHint: u.clientCodeHint },
    };
    const list = byActor.get(input.actor);
    if (list) list.push(record);
    else byActor.set(input.actor, [record]);
  });
  for (const [actor, records] of byActor) await recordAudit(tx, actor, records);
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
 * Updates a package's fields and, when `changes.estado` differs, its status with everything that
 * goes with it. A new tracking code re-detects the carrier unless `changes.carrier` is given or
 * the old carrier was typed by hand (it differs from what the old code's shape says).
 */
export async function updateTracking(tx: DbOrTx, input: UpdateTrackingInput): Promise<UpdateTrackingResult> {
  const [result] = await updateTrackings(tx, [input]);
  return result;
}

/** The package fields a change may set (pickFields, updateTrackings), with the cast their JSON text needs. */
const UPDATE_COLUMNS = (
  [
    ["trackingCode", ""],
    ["origen", ""],
    ["formaEnvio", ""],
    ["carrier", ""],
    ["tiendaOrigen", ""],
    ["descripcionPaquete", ""],
    ["pesoEstimado", "::numeric"],
    ["valorDeclarado", "::numeric"],
    ["costo", "::integer"],
    ["pesoPieCubicos", ""],
    ["montoColones", "::integer"],
    ["montoRate", "::numeric"],
    ["pesoVolumetricoGramos", "::integer"],
    ["notas", ""],
  ] as const satisfies readonly (readonly [keyof TrackingFields, string])[]
).map(([key, cast]) => ({ key, column: clientTrackings[key], cast: sql.raw(cast) }));

/**
 * updateTracking for many packages at once (each named once), in input order: the packages are
 * locked with one statement per 1 000, their fields and status moves written by one UPDATE … FROM
 * jsonb per 500 (a field absent from a package's changes keeps its value; each package written
 * once), and history, messages and delivery rules through recordStatuses.
 */
export async function updateTrackings(tx: DbOrTx, inputs: UpdateTrackingInput[]): Promise<UpdateTrackingResult[]> {
  if (inputs.length === 0) return [];
  if (new Set(inputs.map((i) => i.trackingId)).size !== inputs.length) throw new Error("updateTrackings: a package is named twice");
  const defaultNow = new Date();
  const current = await readTrackings(
    tx,
    inputs.map((i) => i.trackingId),
    true,
  );
  if (current.size !== inputs.length) throw notFound(TRACKING_NOT_FOUND);

  const writes: { id: number; now: Date; values: Record<string, unknown>; estado?: TrackingStatus }[] = [];
  const moves: StatusEntry[] = [];
  const becoming: (PricedFields & { trackingCode: string; newStatus: TrackingStatus })[] = [];
  for (const input of inputs) {
    const row = current.get(input.trackingId)!;
    const now = input.now ?? defaultNow;
    const { estado, ...fields } = input.changes;
    const values: Record<string, unknown> = pickFields(fields);
    // The volumetric grams describe the stored amount: one written without them (typed, imported) clears them.
    if (fields.montoColones !== undefined && fields.pesoVolumetricoGramos === undefined) values.pesoVolumetricoGramos = null;
    // A cleared carrier is detected again from the code (the dialog's hint: 'Vacío: se detecta por el código').
    if (fields.carrier === null) values.carrier = detectCarrier(fields.trackingCode ?? row.trackingCode);
    if (fields.trackingCode !== undefined && fields.trackingCode !== row.trackingCode) {
      await assertNoDuplicate(tx, row.clientId, fields.trackingCode, row.id);
      // A proposed Sin dueño match was for the old number (docs/decisions/155).
      await tx
        .update(unclaimedMatches)
        .set({ estado: "DESCARTADA", decidedAt: now })
        .where(and(eq(unclaimedMatches.trackingId, row.id), eq(unclaimedMatches.estado, "PENDIENTE")));
      if (fields.carrier === undefined) {
        const typedByHand = row.carrier !== null && row.carrier !== detectCarrier(row.trackingCode);
        values.carrier = typedByHand ? row.carrier : detectCarrier(fields.trackingCode);
      }
    }
    if (fields.formaEnvio !== undefined && fields.formaEnvio !== row.formaEnvio && fields.pesoPieCubicos === undefined && row.pesoPieCubicos !== null) {
      // Grams are not cubic feet (docs/decisions/114): a type change that brings no measure in the
      // new unit (the import's or the portal's) drops the old measure and the amount priced from it.
      Object.assign(values, { pesoPieCubicos: null, montoColones: null, montoRate: null, pesoVolumetricoGramos: null });
    }
    const move = estado !== undefined && estado !== row.estado ? estado : undefined;
    if (Object.keys(values).length > 0 || move !== undefined) writes.push({ id: row.id, now, values, estado: move });
    if (move !== undefined) {
      // The row before the move, with the origin this change gives it (the message's words follow it).
      const tracking = fields.origen !== undefined ? { ...row, origen: fields.origen } : row;
      moves.push({ tracking, previousStatus: row.estado as TrackingStatus, newStatus: move, now, options: input });
      // The amounts as this change leaves them (a PATCH may price and move at once), checked before
      // anything is written: the same values the UPDATE below stores.
      becoming.push({ ...row, ...(values as Partial<TrackingRow>), newStatus: move });
    }
  }
  assertPriced(becoming);

  // Each package is written ONCE: its fields and, when it moves, its status, last change and
  // cobrable_at (set the first time it is collectable, docs/decisions/134) in one UPDATE … FROM
  // jsonb per 500 packages (docs/decisions/233). The status triggers (priced when collectable,
  // leaving a delivery list) compare OLD and NEW estado, so a package that does not move is as before.
  const collectable = sql.raw(COLLECTABLE_STATUSES.map((s) => `'${s}'`).join(", "));
  for (const chunk of chunked(writes)) {
    const elements = JSON.stringify(chunk.map((u) => ({ ...u.values, id: u.id, now: u.now.toISOString(), ...(u.estado ? { estado: u.estado } : {}) })));
    const assignments = UPDATE_COLUMNS.map(
      ({ key, column, cast }) =>
        sql`${sql.identifier(column.name)} = case when e.j ? ${key} then (e.j->>${key})${cast} else t.${sql.identifier(column.name)} end`,
    );
    try {
      await tx.execute(sql`
        update ${clientTrackings} as t set ${sql.join(assignments, sql`, `)},
          estado = coalesce(e.j->>'estado', t.estado),
          last_status_change_date = case when e.j ? 'estado' then (e.j->>'now')::timestamptz else t.last_status_change_date end,
          cobrable_at = case when e.j->>'estado' in (${collectable}) then coalesce(t.cobrable_at, (e.j->>'now')::timestamptz) else t.cobrable_at end,
          updated_at = (e.j->>'now')::timestamptz
        from jsonb_array_elements(${elements}::jsonb) as e(j)
        where t.id = (e.j->>'id')::integer`);
    } catch (err) {
      if (isUniqueViolation(err, "client_trackings_client_code_key")) throw conflict(TRACKING_DUPLICATE);
      throw err;
    }
  }
  const recorded = await recordStatuses(tx, moves);
  const recordedOf = new Map(moves.map((m, i) => [m.tracking.id, recorded[i]]));
  const movedFrom = new Map(moves.map((m) => [m.tracking.id, m.previousStatus]));

  const after = await readTrackings(
    tx,
    inputs.map((i) => i.trackingId),
  );
  const edits = new Map<Actor, AuditEntry[]>();
  for (const input of inputs) {
    const was = current.get(input.trackingId)!;
    const now = after.get(input.trackingId)!;
    const diff = diffFields(was, now, AUDITED_FIELDS);
    if (!diff) continue;
    const record: AuditEntry = { action: "paquete.editar", entity: "paquete", entityId: was.id, summary: now.trackingCode, at: input.now, ...diff };
    const list = edits.get(input.actor);
    if (list) list.push(record);
    else edits.set(input.actor, [record]);
  }
  for (const [actor, records] of edits) await recordAudit(tx, actor, records);
  return inputs.map((input) => {
    const tracking = after.get(input.trackingId)!;
    const outcome = recordedOf.get(input.trackingId);
    return {
      tracking,
      statusChange: outcome ? { tracking, changed: true, previousStatus: movedFrom.get(input.trackingId)!, ...outcome } : null,
    };
  });
}

/** The package fields whose changes the audit log records (the status has its own record). */
const AUDITED_FIELDS = UPDATE_COLUMNS.map((c) => c.key);

/** Deletes a package (its history goes with it) and records it; 404 when it does not exist. */
export async function deleteTracking(tx: DbOrTx, trackingId: number, actor: Actor): Promise<void> {
  let deleted: TrackingRow[];
  // Its purchase invoice's file is no longer kept: the hourly clean-up deletes it (decision 215).
  const invoice = tx.select({ name: packageInvoices.uploadName }).from(packageInvoices).where(eq(packageInvoices.trackingId, trackingId));
  await tx.update(uploads).set({ keptAt: null }).where(inArray(uploads.name, invoice));
  try {
    deleted = await tx.delete(clientTrackings).where(eq(clientTrackings.id, trackingId)).returning();
  } catch (error) {
    // payment_allocations.tracking_id is ON DELETE RESTRICT (issue 21): a paid package stays, for
    // the portal and staff alike.
    if (isForeignKeyViolation(error)) throw conflict(PACKAGE_HAS_PAYMENTS);
    throw error;
  }
  if (deleted.length === 0) throw notFound(TRACKING_NOT_FOUND);
  const t = deleted[0];
  await recordAudit(tx, actor, { action: "paquete.eliminar", entity: "paquete", entityId: t.id, summary: t.trackingCode, before: auditedPackage(t) });
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

/** Only the fields actually given (undefined means "leave as is"). */
function pickFields(input: TrackingFields): Partial<typeof clientTrackings.$inferInsert> {
  const out: Record<string, unknown> = {};
  for (const { key } of UPDATE_COLUMNS) if (input[key] !== undefined) out[key] = input[key];
  return out as Partial<typeof clientTrackings.$inferInsert>;
}
