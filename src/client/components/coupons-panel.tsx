// A verified client's coupons on /repuestos (public-site §2, §3, §4, §8): available, used and
// expired, from GET /api/coupons/{code}; a failed load shows 'Error al cargar cupones'.

import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { Ticket } from "lucide-react";
import { Badge, type BadgeTone } from "./ui/badge";
import { Card } from "./ui/card";
import { toast } from "./ui/use-toast";
import { errorMessageFrom } from "../lib/api";
import {
  CLIENT_COUPONS_ROUTE,
  COUPONS_LOAD_FAILED_TITLE,
  ZClientCouponsResponseSchema,
  type TClientCouponsResponse,
  type TCoupon,
} from "../../shared/api/coupons";
import { routePath } from "../../shared/api/contract";
import { formatDate } from "../../shared/domain/format";
import { COUPON_STATUS_LABELS } from "../../shared/domain/statuses";
import { REFERRER_REWARD_DISCOUNT } from "../../shared/domain/coupons";

const COUPONS_LOAD_FAILED_FALLBACK = "Intenta nuevamente en unos minutos.";

const GROUPS = [
  { key: "available", title: "Disponibles", tone: "success" },
  { key: "used", title: "Usados", tone: "muted" },
  { key: "expired", title: "Vencidos", tone: "warning" },
] as const satisfies readonly { key: keyof TClientCouponsResponse; title: string; tone: BadgeTone }[];

function couponDetail(coupon: TCoupon): string {
  if (coupon.status === "USADO") return coupon.usedAt ? `Usado el ${formatDate(coupon.usedAt)}` : "Usado";
  if (coupon.status === "EXPIRADO") return `Venció el ${formatDate(coupon.expiresAt)}`;
  return `Vence el ${formatDate(coupon.expiresAt)}`;
}

/** The query of a client's coupons: its address, built from the shared contract. */
export function couponsKey(clientCode: string): [string] {
  return [routePath(CLIENT_COUPONS_ROUTE, { clientCode })];
}

export function CouponsPanel({ clientCode }: { clientCode: string }) {
  const { data, isPending, isError, error } = useQuery({
    queryKey: couponsKey(clientCode),
    select: (raw: unknown) => ZClientCouponsResponseSchema.parse(raw),
  });

  useEffect(() => {
    if (isError) {
      toast({
        variant: "destructive",
        title: COUPONS_LOAD_FAILED_TITLE,
        description: errorMessageFrom(error, COUPONS_LOAD_FAILED_FALLBACK),
      });
    }
  }, [isError, error]);

  const total = data ? data.available.length + data.used.length + data.expired.length : 0;

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="cupones-titulo" aria-busy={isPending}>
        <h2 id="cupones-titulo" className="flex items-center gap-2 text-lg font-bold text-ink">
          <Ticket className="h-5 w-5 text-accent-strong" aria-hidden="true" />
          Mis cupones
        </h2>
        {isPending ? <p className="mt-3 text-sm text-muted">Cargando cupones…</p> : null}
        {isError ? <p className="mt-3 text-sm text-destructive-hover">{COUPONS_LOAD_FAILED_TITLE}</p> : null}
        {data && total === 0 ? (
          <p className="mt-3 text-sm text-muted">
            Aún no tienes cupones. Invita a tus amigos con tu enlace de referido y gana {REFERRER_REWARD_DISCOUNT}% de
            descuento cuando hagan su primer envío.
          </p>
        ) : null}
        {data && total > 0 ? (
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            {GROUPS.map((group) => (
              <div key={group.key}>
                <h3 className="text-sm font-semibold text-ink">
                  {group.title} ({data[group.key].length})
                </h3>
                <ul className="mt-2 space-y-2">
                  {data[group.key].map((coupon) => (
                    <li key={coupon.id} className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2">
                      <div>
                        <p className="font-semibold text-ink">{coupon.discountPercent}% de descuento</p>
                        <p className="text-xs text-muted">{couponDetail(coupon)}</p>
                      </div>
                      <Badge tone={group.tone}>{COUPON_STATUS_LABELS[coupon.status]}</Badge>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        ) : null}
      </section>
    </Card>
  );
}
