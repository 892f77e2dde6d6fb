// A client's coupons and referrals (public-site §1, §3, §4): available, used and expired
// coupons, and the friends this client brought. Shown on /rastreo after a lookup; the parts
// page can show the same panel for a verified code.

import { useQuery } from "@tanstack/react-query";
import { Gift, Users } from "lucide-react";
import { Card } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { formatDate } from "../../../shared/domain/format";
import { COUPON_STATUS_LABELS, REFERRAL_STATUS_LABELS, REFERRER_REWARD_DISCOUNT } from "../../../shared/domain/statuses";
import { COUPONS_LOAD_FAILED_TITLE, type TClientCouponsResponse, type TCoupon } from "../../../shared/api/coupons";
import type { TClientReferralsResponse } from "../../../shared/api/referrals";

const COUPON_BADGE: Record<TCoupon["status"], string> = {
  DISPONIBLE: "bg-green-100 text-green-900",
  USADO: "bg-slate-100 text-slate-800",
  EXPIRADO: "bg-red-50 text-red-800",
};

function couponDetail(coupon: TCoupon): string {
  if (coupon.status === "USADO") return coupon.usedAt ? `Usado el ${formatDate(coupon.usedAt)}` : "Usado";
  if (coupon.status === "EXPIRADO") return `Venció el ${formatDate(coupon.expiresAt)}`;
  return `Vence el ${formatDate(coupon.expiresAt)}`;
}

export function CouponsPanel({ clientCode }: { clientCode: string }) {
  const { data, isError, isPending } = useQuery<TClientCouponsResponse>({ queryKey: ["/api/coupons", clientCode] });
  const all = data ? [...data.available, ...data.used, ...data.expired] : [];
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-bold text-ink">
        <Gift className="h-5 w-5 text-accent-strong" aria-hidden="true" />
        Tus cupones
      </h2>
      {isError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-destructive-hover">
          {COUPONS_LOAD_FAILED_TITLE}
        </p>
      ) : isPending ? (
        <p className="mt-3 text-sm text-muted">Cargando cupones…</p>
      ) : all.length === 0 ? (
        <p className="mt-3 text-sm text-muted">
          Aún no tienes cupones. Invita a tus amigos: cuando reciban su primer envío, tú recibes un cupón de{" "}
          {REFERRER_REWARD_DISCOUNT}%.
        </p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {all.map((coupon) => (
            <li key={coupon.id} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <span>
                <strong className="text-ink">{coupon.discountPercent}% de descuento</strong>
                <span className="block text-muted">{couponDetail(coupon)}</span>
              </span>
              <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", COUPON_BADGE[coupon.status])}>
                {COUPON_STATUS_LABELS[coupon.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-xs text-muted">Se aplica un cupón por envío, el de mayor descuento, al entregar tu paquete.</p>
    </Card>
  );
}

export function ReferralsPanel({ clientCode }: { clientCode: string }) {
  const { data, isError, isPending } = useQuery<TClientReferralsResponse>({ queryKey: ["/api/referrals", clientCode] });
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-bold text-ink">
        <Users className="h-5 w-5 text-primary" aria-hidden="true" />
        Tus referidos
      </h2>
      {isError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-destructive-hover">
          No pudimos cargar tus referidos.
        </p>
      ) : isPending ? (
        <p className="mt-3 text-sm text-muted">Cargando referidos…</p>
      ) : data.referrals.length === 0 ? (
        <p className="mt-3 text-sm text-muted">Aún no has invitado a nadie. Comparte tu link con el botón Invitar amigos.</p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {data.referrals.map((referral) => (
            <li key={referral.id} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <span>
                <strong className="text-ink">{referral.referredClientName ?? "Cliente"}</strong>
                <span className="block text-muted">
                  {referral.completedAt
                    ? `Primer envío el ${formatDate(referral.completedAt)}`
                    : `Se registró el ${formatDate(referral.createdAt)}`}
                </span>
              </span>
              <span className="rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary">
                {REFERRAL_STATUS_LABELS[referral.status]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
