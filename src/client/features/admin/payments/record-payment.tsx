// "Registrar pago": the client's code finds their packages with a balance; staff tick the ones
// paid (amounts prefilled with each balance, editable for a partial payment), the method, the
// SINPE reference when it is SINPE Móvil, the day and notes. The answer shows the receipt.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Receipt } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { Textarea } from "../../../components/ui/textarea";
import { PanelLoading } from "../../../components/ui/panel-states";
import { toast } from "../../../components/ui/use-toast";
import { ChargesDialog, PAYMENTS_KEY } from "../../../components/charges-dialog";
import { queryClient } from "../../../lib/query-client";
import { getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { useAdminSession } from "../../../lib/admin/admin-session";
import { addDays, costaRicaDayKey, costaRicaDayStart } from "../../../../shared/domain/dates";
import { METHODS_WITH_UNIQUE_REFERENCE, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "../../../../shared/domain/charges";
import {
  CHARGES_BUTTON,
  CHARGES_TITLE,
  CLIENT_CODE_LABEL,
  METHOD_LABEL,
  NOTES_LABEL,
  PAID_AT_HINT,
  PAID_AT_LABEL,
  PAID_AT_REASON_LABEL,
  PAID_AT_REASON_REQUIRED,
  PAID_AT_WINDOW_DAYS,
  REASON_MAX,
  REVERSAL_REASON_MIN,
  PAYMENT_NOTES_MAX,
  PAYMENT_REFERENCE_MAX,
  RECORD_FAILED,
  RECORD_NOTHING,
  RECORD_SUBMIT,
  RECORD_TITLE,
  REFERENCE_LABEL,
  REFERENCE_REQUIRED,
  SEARCH_DUE,
  paymentRecordedMessage,
  type TDueResponse,
  type TPayment,
  PAYMENT_CREATE_ROUTE,
  PAYMENTS_DUE_ROUTE,
} from "../../../../shared/api/admin/payments";
import { routePath } from "../../../../shared/api/contract";
import { AllocationPicker, allocationsOf, useAllocations } from "./allocation-picker";
import { ReceiptButton } from "./receipt-button";

function RecordForm({ due, onRecorded }: { due: TDueResponse; onRecorded: (payment: TPayment) => void }) {
  const [allocations, setAllocations] = useAllocations(due.packages);
  const [method, setMethod] = useState<PaymentMethod>("SINPE_MOVIL");
  const [reference, setReference] = useState("");
  const [paidAt, setPaidAt] = useState(() => costaRicaDayKey(new Date()));
  const [paidAtReason, setPaidAtReason] = useState("");
  const [notas, setNotas] = useState("");
  const [error, setError] = useState<{ reference?: string; allocations?: string; paidAtReason?: string }>({});
  // The window for past dates (decision 147): the server decides; the form only guides.
  const owner = useAdminSession().staff.account.role === "dueno";
  const today = costaRicaDayKey(new Date());
  const windowStart = costaRicaDayKey(addDays(costaRicaDayStart(today), -PAID_AT_WINDOW_DAYS));
  const beforeWindow = /^\d{4}-\d{2}-\d{2}$/.test(paidAt) && paidAt < windowStart;
  const [pending, setPending] = useState(false);
  const [charges, setCharges] = useState<{ id: number; code: string } | null>(null);
  const fail = useChangeErrorToast();
  const needsReference = METHODS_WITH_UNIQUE_REFERENCE.includes(method);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = allocationsOf(allocations);
    const next = {
      allocations: chosen.length ? undefined : RECORD_NOTHING,
      reference: needsReference && !reference.trim() ? REFERENCE_REQUIRED : undefined,
      paidAtReason: beforeWindow && owner && paidAtReason.trim().length < REVERSAL_REASON_MIN ? PAID_AT_REASON_REQUIRED : undefined,
    };
    setError(next);
    if (next.allocations || next.reference || next.paidAtReason) return;
    setPending(true);
    try {
      const { payment } = await sendAdminJson(PAYMENT_CREATE_ROUTE.method, routePath(PAYMENT_CREATE_ROUTE), PAYMENT_CREATE_ROUTE.responses[201], {
        clientCode: due.client.clientCode,
        method,
        ...(reference.trim() ? { reference } : {}),
        paidAt,
        ...(beforeWindow && paidAtReason.trim() ? { paidAtReason } : {}),
        ...(notas.trim() ? { notas } : {}),
        allocations: chosen,
      });
      toast({ title: paymentRecordedMessage(payment.id) });
      await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
      onRecorded(payment);
    } catch (err) {
      fail(err, RECORD_FAILED);
    } finally {
      setPending(false);
    }
  };

  return (
    <form method="post" onSubmit={submit} className="grid gap-3" noValidate aria-label={`${RECORD_TITLE} ${due.client.clientCode}`}>
      <p className="font-semibold break-words text-ink">
        {due.client.nombre} <span className="font-normal text-muted">· {due.client.clientCode}</span>
      </p>
      <AllocationPicker
        idPrefix="record"
        packages={due.packages}
        state={allocations}
        onChange={setAllocations}
        actions={(p) => (
          // Drawn as a button (issue 32): a ghost "Cobro" read as plain text under the package.
          <Button type="button" size="sm" variant="outline" onClick={() => setCharges({ id: p.id, code: p.trackingCode })} aria-label={`${CHARGES_TITLE} ${p.trackingCode}`}>
            <Receipt className="h-4 w-4" aria-hidden="true" />
            {CHARGES_BUTTON}
          </Button>
        )}
      />
      {error.allocations ? <p className="text-sm font-medium text-destructive-hover">{error.allocations}</p> : null}
      <FormField id="record-method" label={METHOD_LABEL}>
        {(control) => (
          <Select {...control} value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
            {PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {needsReference ? (
        <FormField id="record-reference" label={REFERENCE_LABEL} error={error.reference}>
          {(control) => <Input {...control} value={reference} maxLength={PAYMENT_REFERENCE_MAX} autoComplete="off" onChange={(e) => setReference(e.target.value)} />}
        </FormField>
      ) : null}
      <FormField id="record-paid-at" label={PAID_AT_LABEL} hint={PAID_AT_HINT}>
        {(control) => <Input {...control} type="date" value={paidAt} min={owner ? undefined : windowStart} max={today} onChange={(e) => setPaidAt(e.target.value)} />}
      </FormField>
      {beforeWindow && owner ? (
        <FormField id="record-paid-at-reason" label={PAID_AT_REASON_LABEL} error={error.paidAtReason}>
          {(control) => <Textarea {...control} rows={2} maxLength={REASON_MAX} value={paidAtReason} onChange={(e) => setPaidAtReason(e.target.value)} />}
        </FormField>
      ) : null}
      <FormField id="record-notes" label={NOTES_LABEL} optional>
        {(control) => <Textarea {...control} rows={2} maxLength={PAYMENT_NOTES_MAX} value={notas} onChange={(e) => setNotas(e.target.value)} />}
      </FormField>
      <Button type="submit" disabled={pending}>
        {RECORD_SUBMIT}
      </Button>
      {charges ? (
        <ChargesDialog
          trackingId={charges.id}
          trackingCode={charges.code}
          onClose={() => {
            setCharges(null);
          }}
        />
      ) : null}
    </form>
  );
}

export function RecordPayment() {
  const [code, setCode] = useState("");
  const [searched, setSearched] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<TPayment | null>(null);
  const due = useQuery(
    {
      queryKey: [...PAYMENTS_KEY, "due", searched],
      queryFn: () => getAdminJson(routePath(PAYMENTS_DUE_ROUTE, { clientCode: searched }), PAYMENTS_DUE_ROUTE.responses[200]),
      enabled: searched !== null,
    },
    queryClient,
  );
  useLoadErrorToast(due.error, "Error", SEARCH_DUE);

  return (
    <section className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3" aria-labelledby="record-title">
      <h3 id="record-title" className="text-lg font-semibold text-ink">
        {RECORD_TITLE}
      </h3>
      <form
        method="post"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setRecorded(null);
          setSearched(code.trim().toUpperCase() || null);
        }}
      >
        <FormField id="record-client" label={CLIENT_CODE_LABEL} className="min-w-0 flex-1">
          {(control) => <Input {...control} value={code} autoComplete="off" onChange={(e) => setCode(e.target.value)} />}
        </FormField>
        <Button type="submit" variant="outline">
          {SEARCH_DUE}
        </Button>
      </form>
      {recorded ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 p-2" role="status">
          <span className="text-ink">{paymentRecordedMessage(recorded.id)}</span>
          <ReceiptButton paymentId={recorded.id} />
        </div>
      ) : null}
      {due.isFetching && !due.data ? <PanelLoading /> : null}
      {due.data && !recorded ? <RecordForm key={`${due.data.client.id}-${due.dataUpdatedAt}`} due={due.data} onRecorded={setRecorded} /> : null}
    </section>
  );
}
