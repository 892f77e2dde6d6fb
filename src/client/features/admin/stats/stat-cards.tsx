// The three stat cards (staff-side §2): clients shown (with '/ total' when filtered), pending
// welcome messages and packages not yet delivered.

import type { ReactNode } from "react";
import { Clock, Package, Users } from "lucide-react";
import { Card } from "../../../components/ui/card";
import type { TAdminClientsResponse } from "../../../../shared/api/admin/clients";
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

export function StatCards({ data, filtering }: { data: TAdminClientsResponse | undefined; filtering: boolean }) {
  const dash = "—";
  return (
    <div className="grid gap-4 sm:grid-cols-3" aria-label="Resumen">
      <StatCard icon={<Users className="h-6 w-6" aria-hidden="true" />} label={filtering ? "Clientes mostrados" : "Clientes registrados"}>
        {data ? (
          <>
            {number.format(data.filteredTotal)}
            {filtering ? <span className="text-base font-normal text-muted"> / {number.format(data.total)}</span> : null}
          </>
        ) : (
          dash
        )}
      </StatCard>
      <StatCard icon={<Clock className="h-6 w-6" aria-hidden="true" />} label="WhatsApp pendientes">
        {data ? number.format(data.stats.pendingWhatsapp) : dash}
      </StatCard>
      <StatCard icon={<Package className="h-6 w-6" aria-hidden="true" />} label="Trackings activos">
        {data ? number.format(data.stats.activeTrackings) : dash}
      </StatCard>
    </div>
  );
}
