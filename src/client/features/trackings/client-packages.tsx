// A client's packages in 'Mis Paquetes' (public-site §2 "Tracking", §4, §8), once the search
// found them: the client's name, code and package count, the statement (issue 21: total due, how
// to pay, receipts), pre-alert / edit / delete / receipt dialogs, one card per package, the
// coupons and referrals, the comprobantes electrónicos and 'Datos para factura electrónica' (issue 34), and the floating share button. A new package is
// highlighted for 5 s and scrolled into view.

import { useEffect, useState } from "react";
import { PackagePlus, PackageSearch } from "lucide-react";
import { AlertDialog, AlertDialogContent } from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { errorMessageFrom } from "../../lib/api";
import { NEW_PACKAGE_HIGHLIGHT_MS } from "../../../shared/domain/ui-constants";
import { CLIENT_CODE_UNAVAILABLE, ERROR_TITLE } from "../../../shared/api/clients";
import {
  PRE_ALERT_FAILED_FALLBACK,
  PRE_ALERT_SUCCESS_TITLE,
  TRACKING_DELETED_TITLE,
  TRACKING_DELETE_CONFIRMATION,
  TRACKING_DELETE_FAILED_FALLBACK,
  TRACKING_UPDATED_TITLE,
  TRACKING_UPDATE_FAILED_FALLBACK,
  type TClientStatement,
  type TClientTracking,
  type TClientTrackingsResponse,
  type TPreAlertCreateRequest,
  type TPreAlertRequest,
} from "../../../shared/api/trackings";
import { CouponsPanel } from "../../components/coupons-panel";
import { ReferralsPanel } from "./referrals-panel";
import { ShareReferralButton } from "./share-referral-button";
import { PackageCard } from "./package-card";
import { PackageList } from "./package-list";
import { TrackingFormDialog } from "./tracking-form-dialog";
import { PaymentProofDialog, type ProofTarget } from "./payment-proof-dialog";
import { StatementCard } from "./statement-card";
import { TaxIdCard } from "./tax-id-card";
import { InvoicesPanel } from "./invoices-panel";
import { useRefreshOnImageError, useTrackingMutations } from "./use-client-trackings";

const failure = (err: unknown, fallback: string) =>
  toast({ title: ERROR_TITLE, description: errorMessageFrom(err, fallback), variant: "destructive" });

export function ClientPackages({
  data,
}: {
  data: { client: TClientTrackingsResponse["client"]; trackings: TClientTracking[]; estadoCuenta: TClientStatement };
}) {
  const { client, trackings, estadoCuenta } = data;
  const { create, update, remove } = useTrackingMutations(client.clientCode);
  const onImageError = useRefreshOnImageError(client.clientCode);
  const [preAlertOpen, setPreAlertOpen] = useState(false);
  const [editing, setEditing] = useState<TClientTracking | null>(null);
  const [deleting, setDeleting] = useState<TClientTracking | null>(null);
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const [proofTarget, setProofTarget] = useState<ProofTarget | null>(null);

  useEffect(() => {
    if (highlightId === null) return;
    const timer = setTimeout(() => setHighlightId(null), NEW_PACKAGE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  function submitPreAlert(values: TPreAlertCreateRequest) {
    if (!values.clientCode) {
      toast({ title: ERROR_TITLE, description: CLIENT_CODE_UNAVAILABLE, variant: "destructive" });
      return;
    }
    create.mutate(values, {
      onSuccess: (tracking) => {
        toast({ title: PRE_ALERT_SUCCESS_TITLE, description: `Registramos tu paquete ${tracking.trackingCode}.` });
        setPreAlertOpen(false);
        setHighlightId(tracking.id);
      },
      onError: (err) => failure(err, PRE_ALERT_FAILED_FALLBACK),
    });
  }

  function submitEdit(values: TPreAlertRequest) {
    if (!editing) return;
    update.mutate(
      { id: editing.id, body: values },
      {
        onSuccess: (tracking) => {
          toast({ title: TRACKING_UPDATED_TITLE, description: `Guardamos los cambios de ${tracking.trackingCode}.` });
          setEditing(null);
        },
        onError: (err) => failure(err, TRACKING_UPDATE_FAILED_FALLBACK),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast({ title: TRACKING_DELETED_TITLE, description: `Eliminamos ${deleting.trackingCode}.` }),
      onError: (err) => failure(err, TRACKING_DELETE_FAILED_FALLBACK),
      onSettled: () => setDeleting(null),
    });
  }

  const count = trackings.length;
  return (
    <>
      <div className="grid gap-6">
        <section aria-labelledby="mis-paquetes-titulo" className="grid content-start gap-4">
          <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 id="mis-paquetes-titulo" className="text-xl font-bold text-ink">
                {client.nombre}
              </h2>
              <p className="text-sm text-muted">
                Código <strong className="font-mono text-ink">{client.clientCode}</strong> ·{" "}
                <span data-testid="package-count">{count === 1 ? "1 paquete" : `${count} paquetes`}</span>
              </p>
            </div>
            <Button variant="accent" size="lg" onClick={() => setPreAlertOpen(true)}>
              <PackagePlus className="h-5 w-5" aria-hidden="true" />
              Pre-alertar Nuevo Paquete
            </Button>
          </Card>

          <StatementCard
            clientCode={client.clientCode}
            statement={estadoCuenta}
            owing={trackings.flatMap((t) => (t.cargo && t.cargo.saldoColones > 0 ? [{ trackingCode: t.trackingCode, saldoColones: t.cargo.saldoColones }] : []))}
            onSendTotal={() => setProofTarget({ trackingId: null, what: "saldo total", amountColones: estadoCuenta.totalPendienteColones })}
          />
          <InvoicesPanel clientCode={client.clientCode} />

          {count === 0 ? (
            <Card className="p-8 text-center">
              <PackageSearch className="mx-auto h-10 w-10 text-muted" aria-hidden="true" />
              <p className="mt-3 font-semibold text-ink">Aún no tienes paquetes registrados.</p>
              <p className="mt-1 text-sm text-muted">
                Cuando compres, pre-alerta tu paquete con el número de tracking que te da la tienda.
              </p>
            </Card>
          ) : (
            <PackageList
              trackings={trackings}
              highlightId={highlightId}
              renderCard={(tracking) => (
                <PackageCard
                  tracking={tracking}
                  client={client}
                  highlighted={tracking.id === highlightId}
                  onEdit={setEditing}
                  onDelete={setDeleting}
                  onSendProof={(t) => setProofTarget({ trackingId: t.id, what: t.trackingCode, amountColones: t.cargo?.saldoColones ?? 0 })}
                  onImageError={onImageError}
                />
              )}
            />
          )}
        </section>
        <div className="grid content-start gap-6 lg:grid-cols-[2fr_1fr]">
          <CouponsPanel clientCode={client.clientCode} />
          <ReferralsPanel clientCode={client.clientCode} />
        </div>
        <TaxIdCard key={client.identificacion ? `${client.identificacion.tipo}-${client.identificacion.terminaEn}` : "none"} clientCode={client.clientCode} current={client.identificacion} />
      </div>

      <TrackingFormDialog
        open={preAlertOpen}
        onOpenChange={setPreAlertOpen}
        title="Pre-alertar Nuevo Paquete"
        description="Avísanos qué paquete viene en camino para identificarlo apenas llegue a Miami."
        submitLabel="Crear Pre-alerta"
        pendingLabel="Creando..."
        clientCode={client.clientCode}
        pending={create.isPending}
        withInvoice
        onSubmit={submitPreAlert}
      />
      <TrackingFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title="Editar Tracking"
        description="Puedes corregir tu paquete mientras está en seguimiento internacional."
        submitLabel="Guardar Cambios"
        pendingLabel="Guardando..."
        clientCode={client.clientCode}
        initial={editing ?? undefined}
        pending={update.isPending}
        onSubmit={submitEdit}
      />
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
      >
        <AlertDialogContent
          title="Eliminar tracking"
          description={TRACKING_DELETE_CONFIRMATION}
          confirmLabel={remove.isPending ? "Eliminando..." : "Eliminar"}
          onConfirm={confirmDelete}
          pending={remove.isPending}
        />
      </AlertDialog>
      <PaymentProofDialog clientCode={client.clientCode} target={proofTarget} onClose={() => setProofTarget(null)} />
      {client.referralCode ? <ShareReferralButton referralCode={client.referralCode} /> : null}
    </>
  );
}
