// The referral programme (public-site §4, §9; staff-side §4, §9), in one place for every path:
// - on registration with a valid referrer code: a REGISTRADO referral and a 5 % welcome coupon
//   for the new client (an unknown code is ignored, it never blocks the registration). The code
//   is the referrer's referral code (decision 108), or its client code from a link shared before;
// - when a package first becomes collectable (applyMoveRewardsMany, called by trackings/service.ts
//   for the client portal, the admin panel and the Excel import alike): Listo para entregar, or
//   Entregado when it skips Listo, the package takes the client's best coupon (docs/decisions/139);
// - on delivery (the same function): a referred client's first delivered package
//   completes the referral and gives the referrer a 10 % coupon. Coupons last 60 days.
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { clients, coupons, referrals } from "../../db/schema";
import { REFERRAL_WELCOME_DISCOUNT, REFERRER_REWARD_DISCOUNT } from "../../../shared/domain/coupons";
import { type ReferralStatus } from "../../../shared/domain/statuses";
import { isReferralCode } from "../../../shared/domain/client-code";
import type { TReferral } from "../../../shared/api/referrals";
import { givenNamesAndInitial } from "../../../shared/domain/person-name";
import { applyBestCouponToTracking, issueCoupon, type AppliedCoupon, type CouponRow } from "../coupons/service";
import { findClientByTypedCode } from "../../core/client-codes";
import { ACTOR_LABELS } from "../../../shared/domain/staff-roles";
import { SYSTEM_ACTOR, type Actor } from "../../lib/actor";
import { recordAudit, type AuditEntry } from "../../core/audit/service";

/** A registration's client when the caller has no request at hand (no address known). */
const REGISTERING_CLIENT: Actor = { kind: "client", accountId: null, label: ACTOR_LABELS.client, ip: null };

/** The audit record of a coupon just issued. */
function couponIssued(coupon: CouponRow, summary: string): AuditEntry {
  return {
    action: "cupon.crear",
    entity: "cupon",
    entityId: coupon.id,
    at: coupon.createdAt,
    summary,
    after: {
      clientId: coupon.clientId,
      discountPercent: coupon.discountPercent,
      reason: coupon.reason,
      referralId: coupon.referralId,
      expiresAt: coupon.expiresAt,
    },
  };
}

export interface RecordedReferral {
  referralId: number;
  referrerClientId: number;
  welcomeCoupon: CouponRow;
}

/**
 * Called inside the registration transaction, after the new client exists. Returns null (and
 * records nothing) when the code is malformed, unknown, or the client's own.
 */
export async function recordReferralOnRegistration(
  tx: DbOrTx,
  input: { referredClientId: number; referrerCode: string | null | undefined; now: Date; actor?: Actor },
): Promise<RecordedReferral | null> {
  const code = input.referrerCode?.trim();
  if (!code || !isReferralCode(code)) return null;
  // A referral code and a client code are never equal (codes.ts), so at most one client matches each way.
  const [referrer] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(or(eq(clients.referralCode, code), eq(clients.clientCode, code)))
    .orderBy(sql`(${clients.referralCode} = ${code}) is true desc`)
    .limit(1);
  if (!referrer || referrer.id === input.referredClientId) return null;

  const [referral] = await tx
    .insert(referrals)
    .values({
      referrerClientId: referrer.id,
      referredClientId: input.referredClientId,
      status: "REGISTRADO",
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: referrals.referredClientId })
    .returning({ id: referrals.id });
  if (!referral) return null;

  const welcomeCoupon = await issueCoupon(tx, {
    clientId: input.referredClientId,
    discountPercent: REFERRAL_WELCOME_DISCOUNT,
    reason: "BIENVENIDA",
    referralId: referral.id,
    now: input.now,
  });
  // The client registering earns it (the audit log's 'Cliente').
  await recordAudit(tx, input.actor ?? REGISTERING_CLIENT, couponIssued(welcomeCoupon, `Bienvenida por referido · ${welcomeCoupon.discountPercent} %`));
  return { referralId: referral.id, referrerClientId: referrer.id, welcomeCoupon };
}

export interface CompletedReferral {
  referralId: number;
  referrerClientId: number;
  rewardCouponId: number;
}

export interface DeliveryRewards {
  /** The coupon this package used, if any (applied when it first became collectable). */
  couponApplied: AppliedCoupon | null;
  /** Set when this delivery was the referred client's first one. */
  referralCompleted: CompletedReferral | null;
}

/** A package that just became collectable (coupon) or was delivered (referral). */
interface RewardedPackage {
  clientId: number;
  trackingId: number;
  now: Date;
  /** Who moved the package (the coupons and referrals it touches are recorded with them). */
  actor: Actor;
}

function auditListOf(audit: Map<Actor, AuditEntry[]>, actor: Actor): AuditEntry[] {
  let list = audit.get(actor);
  if (!list) audit.set(actor, (list = []));
  return list;
}

/** What the rules do for one package: take a coupon (first time collectable), complete a referral (delivered). */
export interface RewardedMove extends RewardedPackage {
  coupon: boolean;
  referral: boolean;
}

/**
 * The rules of a package's status move, in input order (so a batch behaves exactly as one by one:
 * a referrer's later package in the same import takes the reward just issued):
 * - the coupon rule (docs/decisions/139), when `coupon`: the package takes the client's best
 *   available coupon the first time it becomes collectable — Listo para entregar, or Entregado
 *   when it skips Listo — so the amount the client is told (and pays by SINPE before the
 *   delivery) is the final one. Idempotent: a package already discounted takes no second coupon;
 * - the referral rule, when `referral` (ENTREGADO): a referred client's first delivered package
 *   completes the referral (only a REGISTRADO one) and gives the referrer a 10 % coupon.
 * For many packages (the Excel import delivers thousands at once), two queries find the clients
 * the rules can touch — those holding an available coupon or a pending referral, and the
 * referrers such a referral would reward — and only their packages go through the rules.
 * The audit records are returned, not written: the caller writes them after the status records.
 */
export async function applyMoveRewardsMany(
  tx: DbOrTx,
  items: RewardedMove[],
): Promise<{ rewards: DeliveryRewards[]; audit: Map<Actor, AuditEntry[]> }> {
  const involved = new Set<number>();
  const clientIds = [...new Set(items.map((item) => item.clientId))];
  if (items.length === 1) involved.add(items[0].clientId);
  else {
    for (let i = 0; i < clientIds.length; i += 1000) {
      const ids = clientIds.slice(i, i + 1000);
      const holders = await tx
        .selectDistinct({ clientId: coupons.clientId })
        .from(coupons)
        .where(and(inArray(coupons.clientId, ids), eq(coupons.status, "DISPONIBLE")));
      for (const h of holders) involved.add(h.clientId);
      const pending = await tx
        .select({ referred: referrals.referredClientId, referrer: referrals.referrerClientId })
        .from(referrals)
        .where(and(inArray(referrals.referredClientId, ids), eq(referrals.status, "REGISTRADO")));
      for (const p of pending) {
        if (p.referred !== null) involved.add(p.referred);
        involved.add(p.referrer);
      }
    }
  }
  const rewards: DeliveryRewards[] = [];
  const audit = new Map<Actor, AuditEntry[]>();
  for (const item of items) {
    if (!involved.has(item.clientId)) {
      rewards.push({ couponApplied: null, referralCompleted: null });
      continue;
    }
    const list = auditListOf(audit, item.actor);
    const couponApplied = item.coupon ? await applyBestCouponToTracking(tx, item) : null;
    if (couponApplied) {
      // The coupon is taken by the rule, not chosen by whoever moved the package (issue 32): its
      // record is by 'Sistema'; the summary names the move's author for the trail.
      auditListOf(audit, SYSTEM_ACTOR).push({
        action: "cupon.usar",
        entity: "cupon",
        entityId: couponApplied.couponId,
        at: item.now,
        summary: `${couponApplied.discountPercent} % en el paquete ${item.trackingId} (al moverlo ${item.actor.label})`.slice(0, 200),
        before: { status: "DISPONIBLE" },
        after: { status: "USADO", usedOnTrackingId: item.trackingId, discountPercent: couponApplied.discountPercent },
      });
    }
    const referralCompleted = item.referral ? await completeReferral(tx, item, list) : null;
    rewards.push({ couponApplied, referralCompleted });
  }
  return { rewards, audit };
}

/** Writes the audit records applyMoveRewardsMany returned, grouped by actor (multi-row). */
export async function writeRewardsAudit(tx: DbOrTx, audit: Map<Actor, AuditEntry[]>): Promise<void> {
  for (const [actor, entries] of audit) if (entries.length > 0) await recordAudit(tx, actor, entries);
}

async function completeReferral(tx: DbOrTx, input: RewardedPackage, audit: AuditEntry[]): Promise<CompletedReferral | null> {
  const [pending] = await tx
    .select({ id: referrals.id, referrerClientId: referrals.referrerClientId })
    .from(referrals)
    .where(and(eq(referrals.referredClientId, input.clientId), eq(referrals.status, "REGISTRADO")))
    .for("update");
  if (!pending) return null;
  await tx
    .update(referrals)
    .set({ status: "COMPLETADO", completedAt: input.now })
    .where(eq(referrals.id, pending.id));
  const reward = await issueCoupon(tx, {
    clientId: pending.referrerClientId,
    discountPercent: REFERRER_REWARD_DISCOUNT,
    reason: "REFERIDO",
    referralId: pending.id,
    now: input.now,
  });
  audit.push(
    {
      action: "referido.recompensa",
      entity: "referido",
      entityId: pending.id,
      at: input.now,
      summary: `Primer paquete entregado (${input.trackingId}) · cupón ${reward.id} para quien refirió`,
      before: { status: "REGISTRADO" },
      after: { status: "COMPLETADO", referrerClientId: pending.referrerClientId, rewardCouponId: reward.id },
    },
    couponIssued(reward, `Premio por referido · ${reward.discountPercent} %`),
  );
  return { referralId: pending.id, referrerClientId: pending.referrerClientId, rewardCouponId: reward.id };
}

/** "María José Pérez Rojas" → "María José P.": enough for a referrer to recognise a friend, no more. */
export function maskReferredName(nombre: string | null | undefined): string | null {
  return givenNamesAndInitial(nombre) || null;
}

/** GET /api/referrals/{clientCode}: the referrals this client made, newest first; null for an unknown client. */
export async function getClientReferrals(db: Db, clientCode: string): Promise<TReferral[] | null> {
  const client = await findClientByTypedCode(db, clientCode, { id: clients.id });
  if (!client) return null;
  const rows = await db
    .select({
      id: referrals.id,
      status: referrals.status,
      createdAt: referrals.createdAt,
      completedAt: referrals.completedAt,
      referredName: clients.nombre,
    })
    .from(referrals)
    .leftJoin(clients, eq(clients.id, referrals.referredClientId))
    .where(eq(referrals.referrerClientId, client.id))
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
  return rows.map((row) => ({
    id: row.id,
    status: row.status as ReferralStatus,
    referredClientName: maskReferredName(row.referredName),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  }));
}
