// The three stat cards (staff-side §2): clients shown (with '/ total' when filtered), pending
// welcome messages and packages not yet delivered. The counts over the whole business come from
// their own call (decision 232); the clients shown, from the list's page.

import type { ReactNode } from "react";
import { Clock, Package, Users } from "lucide-react";
import { Card } from "../../../components/ui/card";
import type { TAdminClientStats } from "../../../../shared/api/admin/clients";
import { formatQuantity } from "../../../../shared/domain/format";

const number = { format: (n: number) => formatQuantity(n, 0) };

function StatCard({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">{icon}</span>
      <div>
        <p className="text-sm text-muted">{label}</p>
        <p className="text-2xl font-bold text-ink">{children}</p>
      </div>
    </Card>
  );
}

export function StatCards({ stats, filteredTotal, filtering }: { stats: TAdminClientStats | undefined; filteredTotal: number | undefined; filtering: boolean }) {
  const dash = "—";
  return (
    <div className="grid gap-4 sm:grid-cols-3" aria-label="Resumen">
      <StatCard icon={<Users className="h-6 w-6" aria-hidden="true" />} label={filtering ? "Clientes mostrados" : "Clientes registrados"}>
        {filteredTotal !== undefined ? (
          <>
            {number.format(filteredTotal)}
            {filtering && stats ? <span className="text-base font-normal text-muted"> / {number.format(stats.totalClients)}</span> : null}
          </>
        ) : (
          dash
        )}
      </StatCard>
      <StatCard icon={<Clock className="h-6 w-6" aria-hidden="true" />} label="WhatsApp pendientes">
        {stats ? number.format(stats.pendingWhatsapp) : dash}
      </StatCard>
      <StatCard icon={<Package className="h-6 w-6" aria-hidden="true" />} label="Trackings activos">
        {stats ? number.format(stats.activeTrackings) : dash}
      </StatCard>
    </div>
  );
}
