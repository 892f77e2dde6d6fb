// The friends a client brought (public-site §1, §3, §4: GET /api/referrals/{code}), each with
// its state; shown on /rastreo beside the coupons panel after a lookup.

import { useQuery } from "@tanstack/react-query";
import { Users } from "lucide-react";
import { Card } from "../../components/ui/card";
import { formatDate } from "../../../shared/domain/format";
import { REFERRAL_STATUS_LABELS } from "../../../shared/domain/statuses";
import { CLIENT_REFERRALS_ROUTE, type TClientReferralsResponse } from "../../../shared/api/referrals";
import { routePath } from "../../../shared/api/contract";

/** The query of a client's referrals: its address, built from the shared contract. */
export function referralsKey(clientCode: string): [string] {
  return [routePath(CLIENT_REFERRALS_ROUTE, { clientCode })];
}

export function ReferralsPanel({ clientCode }: { clientCode: string }) {
  const { data, isError, isPending } = useQuery<TClientReferralsResponse>({ queryKey: referralsKey(clientCode) });
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
