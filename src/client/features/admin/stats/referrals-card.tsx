// 'Referidos y cupones' (staff-side §2, §4, §9): six counters, the latest 10 referrals and 15
// coupons (an available coupon past its expiry shows as Expirado), and the programme's rules.

import { useQuery } from "@tanstack/react-query";
import { Gift, Info } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Card } from "../../../components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../../components/ui/table";
import { queryClient } from "../../../lib/query-client";
import { ADMIN_COUPONS_ROUTE, ADMIN_REFERRALS_ROUTE, REFERRED_PENDING_LABEL } from "../../../../shared/api/admin/stats";
import { routePath } from "../../../../shared/api/contract";
import { formatDate } from "../../../../shared/domain/format";
import { COUPON_STATUS_LABELS, REFERRAL_STATUS_LABELS, type CouponStatus, type ReferralStatus } from "../../../../shared/domain/statuses";
import { COUPON_VALIDITY_DAYS, MAX_COUPON_DISCOUNT, REFERRAL_WELCOME_DISCOUNT, REFERRER_REWARD_DISCOUNT } from "../../../../shared/domain/coupons";
import { LATEST_COUPONS_SHOWN, LATEST_REFERRALS_SHOWN } from "../../../../shared/domain/limits";
import { ADMIN_QUERY_ROOT, getAdminJson, useLoadErrorToast } from "../../../lib/admin/admin-api";

const REFERRAL_TONES: Record<ReferralStatus, "warning" | "info" | "success"> = {
  PENDIENTE: "warning",
  REGISTRADO: "info",
  COMPLETADO: "success",
};
const COUPON_TONES: Record<CouponStatus, "success" | "muted" | "danger"> = {
  DISPONIBLE: "success",
  USADO: "muted",
  EXPIRADO: "danger",
};

function Counter({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3 text-center">
      <p className="text-2xl font-bold text-ink">{value ?? "—"}</p>
      <p className="text-xs text-muted">{label}</p>
    </div>
  );
}

export function ReferralsCard() {
  const referrals = useQuery(
    { queryKey: [ADMIN_QUERY_ROOT, "referrals"], queryFn: () => getAdminJson(routePath(ADMIN_REFERRALS_ROUTE), ADMIN_REFERRALS_ROUTE.responses[200]) },
    queryClient,
  );
  const coupons = useQuery(
    { queryKey: [ADMIN_QUERY_ROOT, "coupons"], queryFn: () => getAdminJson(routePath(ADMIN_COUPONS_ROUTE), ADMIN_COUPONS_ROUTE.responses[200]) },
    queryClient,
  );
  useLoadErrorToast(referrals.error, "Error", "No se pudieron cargar los referidos");
  useLoadErrorToast(coupons.error, "Error", "No se pudieron cargar los cupones");
  const r = referrals.data;
  const c = coupons.data;

  return (
    <Card className="p-5" role="region" aria-labelledby="referrals-heading">
      <h2 id="referrals-heading" className="flex items-center gap-2 text-lg font-bold text-ink">
        <Gift className="h-5 w-5 text-primary" aria-hidden="true" />
        Referidos y cupones
      </h2>
      <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Counter label="Referidos totales" value={r?.stats.total} />
        <Counter label="Referidos pendientes" value={r?.stats.pending} />
        <Counter label="Referidos completados" value={r?.stats.completed} />
        <Counter label="Cupones totales" value={c?.stats.total} />
        <Counter label="Cupones disponibles" value={c?.stats.available} />
        <Counter label="Cupones usados" value={c?.stats.used} />
      </div>

      <h3 className="mt-6 font-semibold text-ink">Últimos {LATEST_REFERRALS_SHOWN} referidos</h3>
      {r && r.referrals.length > 0 ? (
        <div className="mt-2">
          <Table>
            <TableHeader>
              <tr>
                <TableHead>Referidor</TableHead>
                <TableHead>Referido</TableHead>
                <TableHead>Estado</TableHead>
                <TableHead>Creado</TableHead>
                <TableHead>Completado</TableHead>
              </tr>
            </TableHeader>
            <TableBody>
              {r.referrals.map((x) => (
                <TableRow key={x.id}>
                  <TableCell>
                    {x.referrerName}
                    <span className="block font-mono text-xs text-muted">{x.referrerCode}</span>
                  </TableCell>
                  <TableCell>
                    {x.referredClientName ?? REFERRED_PENDING_LABEL}
                    {x.referredClientCode ? <span className="block font-mono text-xs text-muted">{x.referredClientCode}</span> : null}
                  </TableCell>
                  <TableCell>
                    <Badge tone={REFERRAL_TONES[x.status]}>{REFERRAL_STATUS_LABELS[x.status]}</Badge>
                  </TableCell>
                  <TableCell>{formatDate(x.createdAt)}</TableCell>
                  <TableCell>{x.completedAt ? formatDate(x.completedAt) : "—"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted">{r ? "Todavía no hay referidos." : "Cargando…"}</p>
      )}

      <h3 className="mt-6 font-semibold text-ink">Últimos {LATEST_COUPONS_SHOWN} cupones</h3>
      {c && c.coupons.length > 0 ? (
        <div className="mt-2">
          <Table>
            <TableHeader>
              <tr>
                <TableHead>Cliente</TableHead>
                <TableHead>Descuento</TableHead>
                <TableHead>Estado</TableHead>
                <TableHead>Vence</TableHead>
                <TableHead>Usado</TableHead>
              </tr>
            </TableHeader>
            <TableBody>
              {c.coupons.map((x) => (
                <TableRow key={x.id}>
                  <TableCell>
                    {x.clientName}
                    <span className="block font-mono text-xs text-muted">{x.clientCode}</span>
                  </TableCell>
                  <TableCell>{x.discountPercent}%</TableCell>
                  <TableCell>
                    <Badge tone={COUPON_TONES[x.status]}>{COUPON_STATUS_LABELS[x.status]}</Badge>
                  </TableCell>
                  <TableCell>{formatDate(x.expiresAt)}</TableCell>
                  <TableCell>{x.usedAt ? formatDate(x.usedAt) : "—"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : (
        <p className="mt-2 text-sm text-muted">{c ? "Todavía no hay cupones." : "Cargando…"}</p>
      )}

      <div className="mt-6 flex gap-3 rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950">
        <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">Reglas del programa de referidos</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            <li>El cliente referido recibe un {REFERRAL_WELCOME_DISCOUNT}% de descuento de bienvenida.</li>
            <li>Quien refiere recibe un cupón del {REFERRER_REWARD_DISCOUNT}% cuando su referido hace su primer envío.</li>
            <li>Los cupones son válidos por {COUPON_VALIDITY_DAYS} días.</li>
            <li>Máximo un cupón por envío (hasta {MAX_COUPON_DISCOUNT}%): se aplica automáticamente el de mayor descuento.</li>
          </ul>
        </div>
      </div>
    </Card>
  );
}
