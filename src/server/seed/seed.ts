// Writes the demo plan into a database: multi-row INSERTs in chunks (see bulk-insert.ts), all in
// one transaction, so 10 000 clients and 100 000 packages take seconds on PGlite and PostgreSQL.
import { count, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client";
import * as schema from "../db/schema";
import { bulkInsert } from "./bulk-insert";
import { rowsOf } from "../lib/rate-limiter";
import { resetAuditLog } from "../core/audit/chain";
import { SEED_EXCHANGE_RATE, SEED_PAYMENT_RECORDER, collectableSince, planSeed, type SeedPlan, type TrackingPlan } from "./plan";
import { generateClientCode } from "../../shared/domain/client-code";

export interface SeedOptions {
  clients: number;
  trackings: number;
  /**
   * PRNG seed; the same seed, counts and `now` give the same data, client codes included. Unset:
   * the data of seed 1, but client codes from crypto, so no two installs share guessable codes.
   */
  seed?: number;
  /** The moment the data is anchored to; default the current time (to the hour). */
  now?: Date;
  /** Empty every table first (TRUNCATE … RESTART IDENTITY CASCADE). */
  reset?: boolean;
}

export interface SeedCounts {
  clients: number;
  trackings: number;
  statusHistory: number;
  referrals: number;
  coupons: number;
  partsSearches: number;
  contactMessages: number;
  whatsappCustomers: number;
  whatsappEntries: number;
  trackingNotices: number;
  payments: number;
  packageCharges: number;
}

/** The data's seed when none is given (the codes are then random). */
export const DEFAULT_SEED = 1;

/** Every table of the schema, for --reset (derived, so a table added later is emptied too). */
const ALL_TABLES = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** The current time, cut to the hour: two runs within the hour give identical data. */
export function defaultSeedNow(): Date {
  const now = new Date();
  now.setUTCMinutes(0, 0, 0);
  return now;
}

export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedCounts> {
  for (const [name, value] of [["clientes", options.clients], ["paquetes", options.trackings]] as const) {
    if (!Number.isInteger(value) || value < 0) throw new Error(`El número de ${name} debe ser un entero mayor o igual a 0`);
  }
  if (options.trackings > 0 && options.clients === 0) throw new Error("No se pueden crear paquetes sin clientes");
  const plan = planSeed({
    clients: options.clients,
    trackings: options.trackings,
    seed: options.seed ?? DEFAULT_SEED,
    now: options.now ?? defaultSeedNow(),
    clientCodes: options.seed === undefined ? () => generateClientCode() : undefined,
  });
  const counts = await db.transaction(async (tx) => {
    if (options.reset) await truncateAll(tx);
    else await assertEmpty(tx);
    return writePlan(tx, plan);
  });
  // Planner statistics for the new rows: PGlite has no autovacuum, and PostgreSQL's may lag.
  await db.execute(sql`analyze`);
  return counts;
}

/** The audit log and its chain are emptied apart: the log refuses TRUNCATE (decision 148). */
const AUDIT_TABLES = new Set(["audit_log", "audit_log_head", "audit_throttle"]);

async function truncateAll(tx: Tx): Promise<void> {
  const names = ALL_TABLES.filter((t) => !AUDIT_TABLES.has(getTableName(t)))
    .map((t) => `"${getTableName(t)}"`)
    .join(", ");
  await tx.execute(sql.raw(`TRUNCATE TABLE ${names} RESTART IDENTITY CASCADE`));
  // Only the database's owner can: a role without it gets "must be owner" and nothing is emptied.
  await resetAuditLog(tx);
}

/** Seeding on top of real data would mix demo rows with it; refuse unless asked to reset. */
async function assertEmpty(tx: Tx): Promise<void> {
  // One after the other: a transaction runs on a single connection anyway.
  const [c] = await tx.select({ n: count() }).from(schema.clients);
  const [w] = await tx.select({ n: count() }).from(schema.whatsappCustomers);
  const [n] = await tx.select({ n: count() }).from(schema.trackingNotices);
  const found = [
    c.n > 0 ? `${c.n} clientes` : null,
    w.n > 0 ? `${w.n} clientes de WhatsApp` : null,
    n.n > 0 ? `${n.n} avisos` : null,
  ].filter(Boolean);
  if (found.length > 0) {
    throw new Error(`La base de datos ya tiene datos (${found.join(", ")}). Use --reset para vaciarla antes de sembrar.`);
  }
}

async function writePlan(tx: Tx, plan: SeedPlan): Promise<SeedCounts> {
  // Ids come back keyed by a unique value (client code, tracking code), so row order never matters.
  const clientRows = await bulkInsert(tx, schema.clients, plan.clients, { returning: ["id", "clientCode"] });
  const clientIds = new Map(clientRows.map((row) => [row.clientCode, row.id]));
  const clientId = (index: number) => clientIds.get(plan.clients[index].clientCode)!;

  await bulkInsert(
    tx,
    schema.partsSearches,
    plan.partsSearches.map(({ clientIndex, ...search }) => ({ ...search, clientId: clientId(clientIndex) })),
  );

  // What the extra lines add up to and what was paid, per package (the stored sums the payments
  // and charges services keep; the generated total and saldo follow from them).
  const extrasOf = new Map<number, number>();
  for (const c of plan.charges) extrasOf.set(c.trackingIndex, (extrasOf.get(c.trackingIndex) ?? 0) + c.amountColones);
  const paidOf = new Map<number, number>();
  for (const p of plan.payments) {
    if (p.reversed) continue;
    for (const a of p.allocations) paidOf.set(a.trackingIndex, (paidOf.get(a.trackingIndex) ?? 0) + a.amountColones);
  }
  const trackingRows = await bulkInsert(
    tx,
    schema.clientTrackings,
    plan.trackings.map((t, index) => ({
      ...trackingRow(t, clientId(t.clientIndex)),
      cargosExtraColones: extrasOf.get(index) ?? 0,
      pagadoColones: paidOf.get(index) ?? 0,
    })),
    { returning: ["id", "trackingCode"] },
  );
  const trackingIds = new Map(trackingRows.map((row) => [row.trackingCode, row.id]));
  const trackingId = (index: number) => trackingIds.get(plan.trackings[index].trackingCode)!;

  // Status history in slices, so the rows of 100 000 packages never sit in memory at once.
  let statusHistory = 0;
  const SLICE = 5000;
  for (let start = 0; start < plan.trackings.length; start += SLICE) {
    const rows: (typeof schema.trackingStatusHistory.$inferInsert)[] = [];
    for (let index = start; index < Math.min(start + SLICE, plan.trackings.length); index++) {
      const t = plan.trackings[index];
      const id = trackingId(index);
      for (let i = 0; i < t.steps.length; i++) {
        rows.push({
          trackingId: id,
          previousStatus: i === 0 ? null : t.steps[i - 1],
          newStatus: t.steps[i],
          changedAt: new Date(t.times[i]),
          notes: t.stepNotes[i],
          changedBy: i === 0 ? t.createdBy : "admin",
        });
      }
    }
    await bulkInsert(tx, schema.trackingStatusHistory, rows);
    statusHistory += rows.length;
  }

  const referralRows = await bulkInsert(
    tx,
    schema.referrals,
    plan.referrals.map((r) => ({
      referrerClientId: clientId(r.referrerIndex),
      referredClientId: clientId(r.referredIndex),
      status: r.status,
      createdAt: r.createdAt,
      completedAt: r.completedAt,
    })),
    { returning: ["id", "referredClientId"] },
  );
  const referralIds = new Map(referralRows.map((row) => [row.referredClientId, row.id]));

  await bulkInsert(
    tx,
    schema.coupons,
    plan.coupons.map(({ clientIndex, referralIndex, usedOnTrackingIndex, ...coupon }) => ({
      ...coupon,
      clientId: clientId(clientIndex),
      referralId: referralIds.get(clientId(plan.referrals[referralIndex].referredIndex))!,
      usedOnTrackingId: usedOnTrackingIndex === null ? null : trackingId(usedOnTrackingIndex),
    })),
  );
  // A used coupon marks the package it discounted (the circular reference is set last).
  if (plan.coupons.length > 0) {
    await tx.execute(sql`
      update ${schema.clientTrackings} t
         set coupon_id = c.id, discount_percent = c.discount_percent
        from ${schema.coupons} c
       where c.used_on_tracking_id = t.id`);
  }

  await bulkInsert(
    tx,
    schema.packageCharges,
    plan.charges.map(({ trackingIndex, ...line }) => ({ ...line, trackingId: trackingId(trackingIndex) })),
  );
  await writePayments(tx, plan, clientId, trackingId);

  await bulkInsert(tx, schema.contactMessages, plan.contactMessages);

  const customerRows = await bulkInsert(
    tx,
    schema.whatsappCustomers,
    plan.whatsappCustomers.map(({ entries: _entries, ...customer }) => customer),
    { returning: ["id", "whatsapp"] },
  );
  const customerIds = new Map(customerRows.map((row) => [row.whatsapp, row.id]));
  const entries = plan.whatsappCustomers.flatMap((c) => c.entries.map((e) => ({ ...e, customerId: customerIds.get(c.whatsapp)! })));
  await bulkInsert(tx, schema.whatsappTrackingEntries, entries);

  await bulkInsert(tx, schema.trackingNotices, plan.notices);

  return {
    clients: plan.clients.length,
    trackings: plan.trackings.length,
    statusHistory,
    referrals: plan.referrals.length,
    coupons: plan.coupons.length,
    partsSearches: plan.partsSearches.length,
    contactMessages: plan.contactMessages.length,
    whatsappCustomers: plan.whatsappCustomers.length,
    whatsappEntries: entries.length,
    trackingNotices: plan.notices.length,
    payments: plan.payments.length,
    packageCharges: plan.charges.length,
  };
}

/**
 * The payments with their ids given here (the table is empty: its clients are new), so the
 * allocations need no read-back; the id sequence then continues after them.
 */
async function writePayments(tx: Tx, plan: SeedPlan, clientId: (index: number) => number, trackingId: (index: number) => number): Promise<void> {
  if (plan.payments.length === 0) return;
  const [{ last }] = rowsOf<{ last: number }>(await tx.execute(sql`select coalesce(max(id), 0)::int as last from ${schema.payments}`));
  await bulkInsert(
    tx,
    schema.payments,
    plan.payments.map((p, i) => ({
      id: last + i + 1,
      clientId: clientId(p.clientIndex),
      method: p.method,
      reference: p.reference,
      amountColones: p.amountColones,
      paidAt: p.paidAt,
      recordedByName: SEED_PAYMENT_RECORDER,
      reversedAt: p.reversed?.at ?? null,
      reversedByName: p.reversed ? SEED_PAYMENT_RECORDER : null,
      reversalReason: p.reversed?.reason ?? null,
      createdAt: p.paidAt,
    })),
  );
  await bulkInsert(
    tx,
    schema.paymentAllocations,
    plan.payments.flatMap((p, i) => p.allocations.map((a) => ({ paymentId: last + i + 1, trackingId: trackingId(a.trackingIndex), amountColones: a.amountColones }))),
  );
  await tx.execute(sql`select setval(pg_get_serial_sequence('payments', 'id'), ${last + plan.payments.length})`);
}

function trackingRow(t: TrackingPlan, clientId: number): typeof schema.clientTrackings.$inferInsert {
  const last = new Date(t.times[t.times.length - 1]);
  return {
    clientId,
    trackingCode: t.trackingCode,
    estado: t.steps[t.steps.length - 1],
    origen: t.origen,
    formaEnvio: t.formaEnvio,
    carrier: t.carrier,
    tiendaOrigen: t.tiendaOrigen,
    descripcionPaquete: t.descripcionPaquete,
    pesoEstimado: t.pesoEstimado,
    valorDeclarado: t.valorDeclarado,
    costo: t.costo,
    pesoPieCubicos: t.pesoPieCubicos,
    montoColones: t.montoColones,
    // The rate the plan priced it at, so the panel offers no re-pricing until the rate moves.
    montoRate: t.montoColones === null ? null : SEED_EXCHANGE_RATE,
    notas: t.notas,
    lastStatusChangeDate: last,
    lastEventAt: t.lastEventAt,
    cobrableAt: collectableSince(t) === null ? null : new Date(collectableSince(t)!),
    createdAt: new Date(t.times[0]),
    updatedAt: last,
  };
}
