// "Comprobantes por revisar": each SINPE receipt a client sent from /rastreo, oldest first — the
// photo (opens large), the reference they typed, the client and what it is for, and the client's
// packages with a balance (amounts prefilled). Confirmar records the SINPE payment with that
// receipt; Rechazar asks for the reason the client will read.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { AlertDialog, AlertDialogContent } from "../../../components/ui/alert-dialog";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { toast } from "../../../components/ui/use-toast";
import { PAYMENTS_KEY } from "../../../components/charges-dialog";
import { queryClient } from "../../../lib/query-client";
import { getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { formatColones, formatDateTime } from "../../../../shared/domain/format";
import {
  CONFIRM_BUTTON,
  PAYMENT_REFERENCE_MAX,
  PROOF_CONFIRM_TITLE,
  PROOF_IMAGE_ALT,
  PROOFS_EMPTY,
  PROOFS_LOAD_FAILED,
  PROOFS_TITLE,
  RECORD_NOTHING,
  REFERENCE_LABEL,
  REFERENCE_REQUIRED,
  REJECT_BUTTON,
  REJECT_REASON_LABEL,
  REJECT_REASON_REQUIRED,
  REVIEW_FAILED,
  paymentRecordedMessage,
  proofConfirmQuestion,
  type TProof,
  PROOF_REJECT_ROUTE,
  PROOF_CONFIRM_ROUTE,
  PROOFS_ROUTE,
} from "../../../../shared/api/admin/payments";
import { routePath } from "../../../../shared/api/contract";
import { AllocationPicker, allocationsOf, useAllocations } from "./allocation-picker";
import { ReceiptButton } from "./receipt-button";
import { ReasonDialog } from "./reason-dialog";

const PROOFS_KEY = [...PAYMENTS_KEY, "proofs"] as const;

function RejectDialog({ proof, onClose }: { proof: TProof; onClose: () => void }) {
  return (
    <ReasonDialog
      id={`reject-${proof.id}`}
      title={REJECT_BUTTON}
      description={`${proof.clientName} · ${proof.clientCode}`}
      label={REJECT_REASON_LABEL}
      required={REJECT_REASON_REQUIRED}
      submitLabel={REJECT_BUTTON}
      failed={REVIEW_FAILED}
      send={async (reason) => {
        await sendAdminJson(PROOF_REJECT_ROUTE.method, routePath(PROOF_REJECT_ROUTE, { id: proof.id }), PROOF_REJECT_ROUTE.responses[200], { reason });
        await queryClient.invalidateQueries({ queryKey: PROOFS_KEY });
      }}
      onClose={onClose}
    />
  );
}

function ProofItem({ proof }: { proof: TProof }) {
  const [allocations, setAllocations] = useAllocations(proof.due, (p) => proof.trackingId === null || p.id === proof.trackingId);
  const [reference, setReference] = useState(proof.reference ?? "");
  const [error, setError] = useState<{ reference?: string; allocations?: string }>({});
  const [pending, setPending] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [confirmed, setConfirmed] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);
  const fail = useChangeErrorToast();
  const chosen = allocationsOf(allocations);

  /** Checks the form, then asks before recording the payment (issue 32). */
  const ask = () => {
    const next = { reference: reference.trim() ? undefined : REFERENCE_REQUIRED, allocations: chosen.length ? undefined : RECORD_NOTHING };
    setError(next);
    if (next.reference || next.allocations) return;
    setAsking(true);
  };

  const confirm = async () => {
    setPending(true);
    try {
      const { payment } = await sendAdminJson(PROOF_CONFIRM_ROUTE.method, routePath(PROOF_CONFIRM_ROUTE, { id: proof.id }), PROOF_CONFIRM_ROUTE.responses[201], {
        reference,
        allocations: chosen,
      });
      toast({ title: paymentRecordedMessage(payment.id) });
      setAsking(false);
      setConfirmed(payment.id);
      void queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    } catch (err) {
      fail(err, REVIEW_FAILED);
    } finally {
      setPending(false);
    }
  };

  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex gap-3">
        <a href={proof.imageUrl} target="_blank" rel="noopener noreferrer" className="shrink-0">
          <img
            src={proof.imageUrl}
            alt={`${PROOF_IMAGE_ALT} ${proof.clientCode}`}
            className="h-20 w-20 rounded-md border border-slate-200 object-cover"
            loading="lazy"
            onError={(event) => refreshExpiredImage(event.currentTarget.src)}
          />
        </a>
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink">
            {proof.clientName} <span className="font-normal text-muted">· {proof.clientCode}</span>
          </p>
          <p className="text-sm break-all text-ink">{proof.forLabel}</p>
          <p className="text-sm text-muted">{formatDateTime(proof.createdAt)}</p>
        </div>
      </div>
      {confirmed !== null ? (
        <div className="flex flex-wrap items-center gap-2" role="status">
          <span>{paymentRecordedMessage(confirmed)}</span>
          <ReceiptButton paymentId={confirmed} />
        </div>
      ) : (
        <>
          <FormField id={`proof-ref-${proof.id}`} label={REFERENCE_LABEL} error={error.reference}>
            {(control) => <Input {...control} value={reference} maxLength={PAYMENT_REFERENCE_MAX} autoComplete="off" onChange={(e) => setReference(e.target.value)} />}
          </FormField>
          <AllocationPicker idPrefix={`proof-${proof.id}`} packages={proof.due} state={allocations} onChange={setAllocations} />
          {error.allocations ? <p className="text-sm font-medium text-destructive-hover">{error.allocations}</p> : null}
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="button" disabled={pending} onClick={ask} aria-label={`${CONFIRM_BUTTON} comprobante de ${proof.clientCode}`}>
              {CONFIRM_BUTTON}
            </Button>
            <Button type="button" variant="outline" disabled={pending} onClick={() => setRejecting(true)} aria-label={`${REJECT_BUTTON} comprobante de ${proof.clientCode}`}>
              {REJECT_BUTTON}
            </Button>
          </div>
        </>
      )}
      <AlertDialog open={asking} onOpenChange={(value) => !pending && setAsking(value)}>
        {asking ? (
          <AlertDialogContent
            title={PROOF_CONFIRM_TITLE}
            description={proofConfirmQuestion(
              formatColones(chosen.reduce((sum, a) => sum + a.amountColones, 0)),
              reference.trim(),
              `${proof.clientName} · ${proof.clientCode}`,
            )}
            confirmLabel={CONFIRM_BUTTON}
            pending={pending}
            onConfirm={() => void confirm()}
          />
        ) : null}
      </AlertDialog>
      {rejecting ? <RejectDialog proof={proof} onClose={() => setRejecting(false)} /> : null}
    </li>
  );
}

/**
 * Receipt links last 30–60 minutes (docs/decisions/146): one that fails to load on a panel left
 * open reads the list again, bringing fresh links. Once per address, so a missing image does not
 * ask again and again.
 */
const retriedImages = new Set<string>();
function refreshExpiredImage(src: string) {
  if (retriedImages.has(src)) return;
  retriedImages.add(src);
  void queryClient.invalidateQueries({ queryKey: PROOFS_KEY });
}

export function ProofsPanel() {
  const proofs = useQuery({ queryKey: PROOFS_KEY, queryFn: () => getAdminJson(routePath(PROOFS_ROUTE, { estado: "PENDIENTE" }), PROOFS_ROUTE.responses[200]) }, queryClient);
  useLoadErrorToast(proofs.error, "Error", PROOFS_LOAD_FAILED);
  return (
    <section className="grid gap-3" aria-labelledby="proofs-title">
      <h3 id="proofs-title" className="text-lg font-semibold text-ink">
        {PROOFS_TITLE}
        {proofs.data ? <span className="ml-2 text-base font-normal text-muted">({proofs.data.items.length})</span> : null}
      </h3>
      {proofs.isPending ? <PanelLoading /> : null}
      {proofs.error ? <PanelMessage tone="error">{PROOFS_LOAD_FAILED}</PanelMessage> : null}
      {proofs.data && proofs.data.items.length === 0 ? <PanelMessage>{PROOFS_EMPTY}</PanelMessage> : null}
      <ul className="grid gap-3">
        {proofs.data?.items.map((proof) => (
          <ProofItem key={proof.id} proof={proof} />
        ))}
      </ul>
    </section>
  );
}
