// Who is verified and how many searches are left (public-site §2): used versus limit, or the
// 'Acceso Ilimitado' badge, and the 'Cambiar' button that starts over.

import { BadgeCheck, RefreshCw } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { UNLIMITED_ACCESS_LABEL, type TVerifiedClient } from "../../../shared/api/clients-verification";

export function QuotaSummary({ client, clientCode, onChange }: { client: TVerifiedClient; clientCode: string; onChange(): void }) {
  const used = Math.min(client.searchCount, client.searchLimit);
  const percent = client.searchLimit > 0 ? Math.round((used / client.searchLimit) * 100) : 100;
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div>
        <p className="flex items-center gap-2 text-lg font-bold text-ink">
          <BadgeCheck className="h-5 w-5 text-green-700" aria-hidden="true" />
          {client.nombre}
        </p>
        <p className="text-sm text-muted">Código verificado: <span className="font-mono">{clientCode}</span></p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        {client.unlimitedAccess ? (
          <Badge tone="success" className="px-3 py-1 text-sm">
            {UNLIMITED_ACCESS_LABEL}
          </Badge>
        ) : (
          <div className="min-w-48">
            <p className="text-sm text-ink">
              Búsquedas este mes:{" "}
              <strong data-testid="quota-used">
                {client.searchCount} / {client.searchLimit}
              </strong>
            </p>
            <div
              role="progressbar"
              aria-label="Búsquedas usadas este mes"
              aria-valuemin={0}
              aria-valuemax={client.searchLimit}
              aria-valuenow={used}
              className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
            </div>
            <p className="mt-1 text-xs text-muted">
              {client.searchesRemaining === 0
                ? "Ya usaste todas tus búsquedas de este mes."
                : `Te quedan ${client.searchesRemaining} búsquedas.`}
            </p>
          </div>
        )}
        <Button variant="outline" onClick={onChange}>
          <RefreshCw className="h-4 w-4" aria-hidden="true" />
          Cambiar
        </Button>
      </div>
    </Card>
  );
}
