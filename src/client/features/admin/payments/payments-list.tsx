// "Pagos registrados": newest first, filtered by client, days and method; each with its receipt
// ("Recibo") and "Revertir" (a reason is required); a reversed payment is shown struck through
// with who reversed it and why. With invoicing on (issue 34), each payment's comprobantes
// electrónicos in brief and, opened, in full; with it off, one line says so and nothing else shows.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { Pagination } from "../../../components/ui/pagination";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { PAYMENTS_KEY } from "../../../components/charges-dialog";
import { queryClient } from "../../../lib/query-client";
import { getAdminJson, sendAdminJson, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { formatColones, formatDateTime } from "../../../../shared/domain/format";
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from "../../../../shared/domain/charges";
import {
  CLIENT_CODE_LABEL,
  FILTER_ALL_METHODS,
  FILTER_APPLY,
  FILTER_FROM,
  FILTER_TO,
  LIST_EMPTY,
  LIST_LOAD_FAILED,
  LIST_TITLE,
  METHOD_LABEL,
  REVERSAL_REASON_REQUIRED,
  REVERSE_BUTTON,
  REVERSE_FAILED,
  REVERSE_REASON_LABEL,
  REVERSE_TITLE,
  REVERSED_LABEL,
  reversalCountedOnLine,
  type TPaymentListItem,
  type TPaymentSummary,
  PAYMENT_REVERSE_ROUTE,
  PAYMENTS_ROUTE,
} from "../../../../shared/api/admin/payments";
import { routePath } from "../../../../shared/api/contract";
import { ReceiptButton } from "./receipt-button";
import { ComprobanteBriefs, ComprobantesPanel } from "./comprobantes-panel";
import { COMPROBANTES_HIDE, COMPROBANTES_SHOW, INVOICING_OFF_NOTE } from "../../../../shared/api/admin/invoices";
import { ReasonDialog } from "./reason-dialog";

interface Filters {
  clientCode: string;
  from: string;
  to: string;
  method: string;
}
const NO_FILTERS: Filters = { clientCode: "", from: "", to: "", method: "" };

function ReverseDialog({ payment, onClose }: { payment: TPaymentSummary; onClose: () => void }) {
  return (
    <ReasonDialog
      id="reverse-reason"
      title={`${REVERSE_TITLE} N.º ${payment.receiptNumber}`}
      description={`${payment.clientName} · ${formatColones(payment.amountColones)}`}
      label={REVERSE_REASON_LABEL}
      required={REVERSAL_REASON_REQUIRED}
      submitLabel={REVERSE_BUTTON}
      failed={REVERSE_FAILED}
      send={async (reason) => {
        await sendAdminJson(PAYMENT_REVERSE_ROUTE.method, routePath(PAYMENT_REVERSE_ROUTE, { id: payment.id }), PAYMENT_REVERSE_ROUTE.responses[200], { reason });
        await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
      }}
      onClose={onClose}
    />
  );
}

function PaymentItem({ payment, onReverse }: { payment: TPaymentListItem; onReverse: (p: TPaymentSummary) => void }) {
  const reversed = payment.reversedAt !== null;
  const [showComprobantes, setShowComprobantes] = useState(false);
  const hasComprobantes = payment.comprobantes.length > 0;
  const panelId = `payment-${payment.id}-comprobantes`;
  return (
    <li className="grid gap-2 border-t border-slate-200 py-3 first:border-t-0">
      <div className={reversed ? "min-w-0 text-muted line-through" : "min-w-0"}>
        <p className="font-semibold break-words text-ink">
          N.º {payment.receiptNumber} · {formatColones(payment.amountColones)}
        </p>
        <p className="text-sm break-words">
          {payment.clientName} · {payment.clientCode}
        </p>
        <p className="text-sm break-words">
          {formatDateTime(payment.paidAt)} · {PAYMENT_METHOD_LABELS[payment.method]}
          {payment.reference ? ` ${payment.reference}` : ""} · {payment.recordedByName}
        </p>
        <p className="font-mono text-xs break-all">{payment.trackingCodes.join(", ")}</p>
      </div>
      {reversed ? (
        <p className="text-sm break-words text-destructive-hover">
          {REVERSED_LABEL} {formatDateTime(payment.reversedAt)} · {payment.reversedByName}: {payment.reversalReason}
          {payment.reversalCountedOn ? <span className="block">{reversalCountedOnLine(payment.reversalCountedOn)}</span> : null}
        </p>
      ) : null}
      {hasComprobantes && !showComprobantes ? <ComprobanteBriefs items={payment.comprobantes} /> : null}
      {hasComprobantes && showComprobantes ? <ComprobantesPanel id={panelId} paymentId={payment.id} clientCode={payment.clientCode} reversed={reversed} /> : null}
      <div className="flex flex-wrap gap-2">
        <ReceiptButton paymentId={payment.id} />
        {hasComprobantes ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-expanded={showComprobantes}
            aria-controls={showComprobantes ? panelId : undefined}
            aria-label={`${showComprobantes ? COMPROBANTES_HIDE : COMPROBANTES_SHOW} del pago N.º ${payment.receiptNumber}`}
            onClick={() => setShowComprobantes(!showComprobantes)}
          >
            {showComprobantes ? COMPROBANTES_HIDE : COMPROBANTES_SHOW}
          </Button>
        ) : null}
        {!reversed ? (
          <Button type="button" size="sm" variant="outline" onClick={() => onReverse(payment)} aria-label={`${REVERSE_BUTTON} N.º ${payment.receiptNumber}`}>
            {REVERSE_BUTTON}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

export function PaymentsList() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [reversing, setReversing] = useState<TPaymentSummary | null>(null);
  const list = useQuery(
    {
      queryKey: [...PAYMENTS_KEY, "list", filters, page],
      queryFn: () => getAdminJson(routePath(PAYMENTS_ROUTE, { ...filters, page }), PAYMENTS_ROUTE.responses[200]),
    },
    queryClient,
  );
  useLoadErrorToast(list.error, "Error", LIST_LOAD_FAILED);
  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value });

  return (
    <section className="grid gap-3" aria-labelledby="payments-list-title">
      <h3 id="payments-list-title" className="text-lg font-semibold text-ink">
        {LIST_TITLE}
      </h3>
      <form
        method="post"
        className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setFilters({ ...draft, clientCode: draft.clientCode.trim().toUpperCase() });
        }}
      >
        <FormField id="payments-client" label={CLIENT_CODE_LABEL}>
          {(control) => <Input {...control} value={draft.clientCode} autoComplete="off" onChange={set("clientCode")} />}
        </FormField>
        <FormField id="payments-from" label={FILTER_FROM}>
          {(control) => <Input {...control} type="date" value={draft.from} onChange={set("from")} />}
        </FormField>
        <FormField id="payments-to" label={FILTER_TO}>
          {(control) => <Input {...control} type="date" value={draft.to} onChange={set("to")} />}
        </FormField>
        <FormField id="payments-method" label={METHOD_LABEL}>
          {(control) => (
            <Select {...control} value={draft.method} onChange={set("method")}>
              <option value="">{FILTER_ALL_METHODS}</option>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <Button type="submit" variant="outline">
          {FILTER_APPLY}
        </Button>
      </form>
      {list.data?.invoicing === "off" ? <p className="text-sm break-words text-muted">{INVOICING_OFF_NOTE}</p> : null}
      {list.isPending ? <PanelLoading /> : null}
      {list.error ? <PanelMessage tone="error">{LIST_LOAD_FAILED}</PanelMessage> : null}
      {list.data && list.data.total === 0 ? <PanelMessage>{LIST_EMPTY}</PanelMessage> : null}
      {list.data && list.data.items.length > 0 ? (
        <ul className="rounded-lg border border-slate-200 bg-white px-3">
          {list.data.items.map((p) => (
            <PaymentItem key={p.id} payment={p} onReverse={setReversing} />
          ))}
        </ul>
      ) : null}
      {list.data ? <Pagination page={page} pageSize={list.data.pageSize} total={list.data.total} onPage={setPage} label={LIST_TITLE} /> : null}
      {reversing ? <ReverseDialog payment={reversing} onClose={() => setReversing(null)} /> : null}
    </section>
  );
}
