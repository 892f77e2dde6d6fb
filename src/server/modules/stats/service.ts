// Overview numbers for the staff panel: packages by status and new packages per Costa Rica week
// (GET /api/admin/stats), and the referrals and coupons card (GET /api/admin/referrals,
// GET /api/admin/coupons): six counters and the latest rows, each card in one statement.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../lib/rate-limiter";
import { costaRicaDayStart } from "../../../shared/domain/dates";
import { addDays, costaRicaDayKey } from "../../../shared/domain/dates";
import { couponDisplayStatus } from "../../../shared/domain/coupons";
import { LATEST_COUPONS_SHOWN, LATEST_REFERRALS_SHOWN } from "../../../shared/domain/limits";
import { TRACKING_STATUSES, type CouponStatus, type ReferralStatus, type TrackingStatus } from "../../../shared/domain/statuses";
import {
  STATS_WEEKS,
  type TAdminCouponsResponse,
  type TAdminReferralsResponse,
  type TAdminStatsResponse,
} from "../../../shared/api/admin/stats";

const WEEK_MS = 7 * 24 * 3600_000;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** Monday 00:00 (Costa Rica) of the week STATS_WEEKS − 1 weeks before the current one. */
export function firstChartWeek(now: Date): Date {
  const today = costaRicaDayStart(now);
  // Costa Rica midnight is 06:00 UTC, so six hours earlier is the same calendar date at UTC midnight.
  const weekday = new Date(today.getTime() - 6 * 3600_000).getUTCDay();
  const monday = addDays(today, -((weekday + 6) % 7));
  return addDays(monday, -7 * (STATS_WEEKS - 1));
}

export async function getAdminStats(db: Db, now = new Date()): Promise<TAdminStatsResponse> {
  const from = firstChartWeek(now);
  const fromSql = sql`${from.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select
      (select coalesce(json_object_agg(estado, n), '{}'::json) from
        (select estado, count(*) as n from client_trackings group by estado) s) as by_status,
      (select coalesce(json_object_agg(w, n), '{}'::json) from
        (select floor(extract(epoch from (created_at - ${fromSql})) / ${WEEK_MS / 1000})::int as w, count(*) as n
         from client_trackings where created_at >= ${fromSql} group by 1) k) as per_week`);
  const row = rowsOf<{ by_status: unknown; per_week: unknown }>(result)[0];
  const parse = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v) as Record<string, number>;
  const byStatus = parse(row.by_status);
  const perWeek = parse(row.per_week);
  return {
    byStatus: TRACKING_STATUSES.map((estado: TrackingStatus) => ({ estado, count: Number(byStatus[estado] ?? 0) })),
    perWeek: Array.from({ length: STATS_WEEKS }, (_, i) => ({
      weekStart: costaRicaDayKey(addDays(from, 7 * i)),
      count: Number(perWeek[String(i)] ?? 0),
    })),
  };
}

/** Pending: a referral whose friend has not yet had a first delivery (PENDIENTE or REGISTRADO). */
export async function getAdminReferrals(db: Db): Promise<TAdminReferralsResponse> {
  const result = await db.execute(sql`
    select
      (select count(*) from referrals) as total,
      (select count(*) from referrals where status <> 'COMPLETADO') as pending,
      (select count(*) from referrals where status = 'COMPLETADO') as completed,
      coalesce((select json_agg(json_build_object(
          'id', x.id, 'referrerName', rc.nombre, 'referrerCode', rc.client_code,
          'referredClientCode', dc.client_code, 'referredClientName', dc.nombre,
          'status', x.status, 'createdAt', x.created_at, 'completedAt', x.completed_at
        ) order by x.created_at desc, x.id desc)
        from (select * from referrals order by created_at desc, id desc limit ${LATEST_REFERRALS_SHOWN}) x
        join clients rc on rc.id = x.referrer_client_id
        left join clients dc on dc.id = x.referred_client_id), '[]'::json) as latest`);
  const row = rowsOf<{ total: string | number; pending: string | number; completed: string | number; latest: unknown }>(result)[0];
  const latest = (typeof row.latest === "string" ? JSON.parse(row.latest) : row.latest) as Record<string, unknown>[];
  return {
    referrals: latest.map((r) => ({
      id: Number(r.id),
      referrerName: String(r.referrerName),
      referrerCode: String(r.referrerCode),
      referredClientCode: (r.referredClientCode as string | null) ?? null,
      referredClientName: (r.referredClientName as string | null) ?? null,
      status: r.status as ReferralStatus,
      createdAt: iso(r.createdAt)!,
      completedAt: iso(r.completedAt),
    })),
    stats: { total: Number(row.total), pending: Number(row.pending), completed: Number(row.completed) },
  };
}

/** Available: DISPONIBLE and not past its expiry (an expired one shows as Expirado). */
export async function getAdminCoupons(db: Db, now = new Date()): Promise<TAdminCouponsResponse> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    select
      (select count(*) from coupons) as total,
      (select count(*) from coupons where status = 'DISPONIBLE' and expires_at >= ${at}) as available,
      (select count(*) from coupons where status = 'USADO') as used,
      coalesce((select json_agg(json_build_object(
          'id', x.id, 'clientName', c.nombre, 'clientCode', c.client_code, 'discountPercent', x.discount_percent,
          'status', x.status, 'expiresAt', x.expires_at, 'usedAt', x.used_at
        ) order by x.created_at desc, x.id desc)
        from (select * from coupons order by created_at desc, id desc limit ${LATEST_COUPONS_SHOWN}) x
        join clients c on c.id = x.client_id), '[]'::json) as latest`);
  const row = rowsOf<{ total: string | number; available: string | number; used: string | number; latest: unknown }>(result)[0];
  const latest = (typeof row.latest === "string" ? JSON.parse(row.latest) : row.latest) as Record<string, unknown>[];
  return {
    coupons: latest.map((c) => ({
      id: Number(c.id),
      clientName: String(c.clientName),
      clientCode: String(c.clientCode),
      discountPercent: Number(c.discountPercent),
      status: couponDisplayStatus({ status: c.status as CouponStatus, expiresAt: c.expiresAt as string }, now),
      expiresAt: iso(c.expiresAt)!,
      usedAt: iso(c.usedAt),
    })),
    stats: { total: Number(row.total), available: Number(row.available), used: Number(row.used) },
  };
}
