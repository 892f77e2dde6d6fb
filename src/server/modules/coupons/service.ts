// Coupons on the database side: issuing one, applying the best one to a delivered package,
// and a client's list grouped as shown. Which coupon wins, when one lapses and how it is
// displayed are the pure rules of shared/domain/coupons.ts; the programme (who gets what and
// when) is driven from referrals/service.ts.
import { and, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "../../db/client";
import { clientTrackings, clients, coupons } from "../../db/schema";
import { couponDisplayStatus, couponExpiry, groupCoupons, pickCouponToApply } from "../../../shared/domain/coupons";
import type { CouponStatus } from "../../../shared/domain/statuses";
import type { TClientCouponsResponse, TCoupon } from "../../../shared/api/coupons";
import { findClientByTypedCode } from "../../core/client-codes";

export type CouponRow = typeof coupons.$inferSelect;
export type CouponReason = "BIENVENIDA" | "REFERIDO";

export async function issueCoupon(
  tx: DbOrTx,
  input: { clientId: number; discountPercent: number; reason: CouponReason; referralId?: number | null; now: Date },
): Promise<CouponRow> {
  const [row] = await tx
    .insert(coupons)
    .values({
      clientId: input.clientId,
      discountPercent: input.discountPercent,
      reason: input.reason,
      referralId: input.referralId ?? null,
      status: "DISPONIBLE",
      expiresAt: couponExpiry(input.now),
      createdAt: input.now,
    })
    .returning();
  return row;
}

export interface AppliedCoupon {
  couponId: number;
  discountPercent: number;
}

/**
 * One coupon per shipment: a package that already carries a discount gets nothing more (so a
 * package delivered twice never uses two coupons). Otherwise the client's best unexpired coupon
 * (capped at 10 %) is marked USADO with its date and the package keeps its discount.
 */
export async function applyBestCouponToTracking(
  tx: DbOrTx,
  input: { clientId: number; trackingId: number; now: Date },
): Promise<AppliedCoupon | null> {
  const [tracking] = await tx
    .select({ couponId: clientTrackings.couponId, discountPercent: clientTrackings.discountPercent })
    .from(clientTrackings)
    .where(eq(clientTrackings.id, input.trackingId));
  if (!tracking || tracking.couponId !== null || tracking.discountPercent !== null) return null;

  // Locked so two packages delivered at once cannot both take the same coupon.
  const candidates = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.clientId, input.clientId), eq(coupons.status, "DISPONIBLE")))
    .for("update");
  const pick = pickCouponToApply(
    candidates.map((c) => ({ ...c, status: c.status as CouponStatus })),
    input.now,
  );
  if (!pick) return null;

  await tx
    .update(coupons)
    .set({ status: "USADO", usedAt: input.now, usedOnTrackingId: input.trackingId })
    .where(eq(coupons.id, pick.coupon.id));
  await tx
    .update(clientTrackings)
    .set({ couponId: pick.coupon.id, discountPercent: pick.discountPercent })
    .where(eq(clientTrackings.id, input.trackingId));
  return { couponId: pick.coupon.id, discountPercent: pick.discountPercent };
}

export function toCouponDto(row: CouponRow, now: Date): TCoupon {
  return {
    id: row.id,
    discountPercent: row.discountPercent,
    status: couponDisplayStatus({ status: row.status as CouponStatus, expiresAt: row.expiresAt }, now),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt ? row.usedAt.toISOString() : null,
  };
}

/** GET /api/coupons/{clientCode}: newest first within each group; null for an unknown client. */
export async function getClientCoupons(db: Db, clientCode: string, now = new Date()): Promise<TClientCouponsResponse | null> {
  const client = await findClientByTypedCode(db, clientCode, { id: clients.id });
  if (!client) return null;
  const rows = await db
    .select()
    .from(coupons)
    .where(eq(coupons.clientId, client.id))
    .orderBy(desc(coupons.createdAt), desc(coupons.id));
  return groupCoupons(
    rows.map((row) => toCouponDto(row, now)),
    now,
  );
}
