// Por confirmar (issue 32, docs/decisions/155): clients' pre-alerts of numbers waiting in Sin
// dueño. Each shows the client code read from the label next to the claimer's, flags a mismatch,
// and offers Confirmar (it joins the package, prices it and tells the client) or Rechazar (the box
// keeps waiting, the client's pre-alert stays as it was). A mismatch is confirmed only through
// "Confirmar de todos modos".
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { AlertDialog, AlertDialogContent } from "../../../components/ui/alert-dialog";
import { toast } from "../../../components/ui/use-toast";
import { errorMessageFrom } from "../../../lib/api";
import { useLoadErrorToast } from "../../../lib/admin/admin-api";
import { useAdminSession } from "../../../lib/admin/admin-session";
import { formatDateTime } from "../../../../shared/domain/format";
import type { TUnclaimedMatch } from "../../../../shared/api/admin/warehouse";
import { confirmMatch, rejectMatch, useMatches } from "./warehouse-api";

export function MatchesPanel() {
  const query = useMatches();
  useLoadErrorToast(query.error, "Error", "No se pudo cargar Por confirmar");
  const data = query.data;
  if (!data || data.total === 0) return null;
  return (
    <section aria-labelledby="por-confirmar" className="space-y-2">
      <h2 id="por-confirmar" className="text-lg font-semibold text-ink">
        Por confirmar ({data.total})
      </h2>
      <p className="text-sm text-muted">Clientes que pre-alertaron un número que espera en Sin dueño. Revisa la etiqueta antes de confirmar.</p>
      <ul className="space-y-2">
        {data.items.map((match) => (
          <li key={match.id}>
            <MatchCard match={match} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function MatchCard({ match }: { match: TUnclaimedMatch }) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { handleUnauthorized } = useAdminSession();
  const { unclaimed, package: pkg, codigo } = match;
  const mismatch = codigo.coincide === false;
  // The badge's tones, as a block that wraps (a long sentence on a 320 px screen).
  const tone = codigo.coincide === true ? "bg-green-100 text-green-900" : mismatch ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-900";

  const run = async (work: () => Promise<unknown>, done: string, fallback: string) => {
    setPending(true);
    setError(null);
    try {
      await work();
      toast({ title: done, description: `${unclaimed.trackingCode} · ${pkg.clientCode}` });
      setConfirming(false);
    } catch (err) {
      if (!handleUnauthorized(err)) setError(errorMessageFrom(err, fallback));
      setConfirming(false);
    } finally {
      setPending(false);
    }
  };

  return (
    <Card className="space-y-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-all font-mono font-semibold text-ink">{unclaimed.trackingCode}</span>
        <Badge tone="info">Por confirmar</Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">Código en la etiqueta</dt>
        <dd className="font-mono font-semibold text-ink">{unclaimed.clientCodeHint ?? "Sin código"}</dd>
        <dt className="text-muted">Pre-alertó</dt>
        <dd className="min-w-0 break-words text-ink">
          <span className="font-mono font-semibold">{pkg.clientCode}</span> · {pkg.clientName}
        </dd>
      </dl>
      <p className={`rounded-md px-3 py-2 text-sm font-semibold break-words ${tone}`}>
        {codigo.texto}
      </p>
      <p className="text-sm text-muted">
        Recibido el {formatDateTime(unclaimed.receivedAt)}
        {unclaimed.pesoGramos !== null ? ` · ${unclaimed.pesoGramos} g` : ""} · pre-alerta del {formatDateTime(match.proposedAt)}
      </p>
      {unclaimed.photos.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {unclaimed.photos.map((photo, index) => (
            <a key={photo.url} href={photo.url} target="_blank" rel="noreferrer" className="text-sm text-primary underline">
              {photo.kind === "ETIQUETA" ? "Foto de la etiqueta" : `Foto ${index + 1}`}
            </a>
          ))}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <AlertDialog open={confirming} onOpenChange={(open) => !pending && setConfirming(open)}>
          <Button size="lg" className="w-full sm:w-auto" disabled={pending} onClick={() => setConfirming(true)}>
            Confirmar
          </Button>
          {confirming ? (
            <AlertDialogContent
              title={mismatch ? "El código de la etiqueta no coincide" : "Confirmar el dueño"}
              description={
                mismatch
                  ? `${codigo.texto}. Confirma solo si verificaste que el paquete es de ${pkg.clientName} (${pkg.clientCode}): se le asignará, se calculará el monto y se le avisará por WhatsApp.`
                  : `¿El paquete ${unclaimed.trackingCode} es de ${pkg.clientName} (${pkg.clientCode})? Se le asignará, se calculará el monto y se le avisará por WhatsApp.`
              }
              confirmLabel={mismatch ? "Confirmar de todos modos" : "Sí, confirmar"}
              pending={pending}
              onConfirm={() => void run(() => confirmMatch(match.id, mismatch), "Confirmado", "No se pudo confirmar")}
            />
          ) : null}
        </AlertDialog>
        <Button
          variant="outline"
          size="lg"
          className="w-full sm:w-auto"
          disabled={pending}
          onClick={() => void run(() => rejectMatch(match.id), "Rechazado", "No se pudo rechazar")}
        >
          Rechazar
        </Button>
      </div>
    </Card>
  );
}
