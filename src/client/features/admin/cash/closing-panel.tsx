// Cierre de caja (issue 21, docs/decisions/138): one Costa Rica day (default today) with
// Anterior / Siguiente día, a staff filter, the day's totals by method as cards, per staff member a
// collapsible list of the payments behind their totals, the reversed payments apart (they count
// nowhere), and "Descargar Excel". Every number is the server's (summed in SQL). Issue 31
// (decision 147): whether the day is closed (by whom, when, the totals as closed) or "Cerrar caja
// del día"; a closed day's payment reversed later is marked on its day, and its reversal listed
// (minus its amount) on the day it was made. Issue 34 item 6 (decision 195): the day's
// comprobantes electrónicos with their totals per kind; with invoicing off, one line says so.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ChevronLeft, ChevronRight, Download, Loader2, Lock, LockOpen } from "lucide-react";
import { AlertDialog, AlertDialogContent } from "../../../components/ui/alert-dialog";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { Select } from "../../../components/ui/select";
import { toast } from "../../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../../../lib/api";
import { queryClient } from "../../../lib/query-client";
import { ADMIN_QUERY_ROOT, getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { fileNameFromDisposition, saveBlob } from "../../../lib/admin/download-file";
import { formatColones, formatDate, formatDateTime } from "../../../../shared/domain/format";
import { addDays, costaRicaDayKey, costaRicaDayStart } from "../../../../shared/domain/dates";
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from "../../../../shared/domain/charges";
import { COMPROBANTE_NO_NUMBER, COMPROBANTES_TITLE, INVOICING_OFF_NOTE, type ComprobanteState } from "../../../../shared/api/admin/invoices";
import { EXPORT_FAILED_FALLBACK, EXPORT_FAILED_TITLE, EXPORT_SUCCESS_TITLE } from "../../../../shared/api/excel";
import {
  CASH_CLOSE_BUTTON,
  CASH_COMPROBANTES_EMPTY,
  CASH_COMPROBANTES_TOTALS,
  comprobanteCountLabel,
  comprobanteRejectedCountLabel,
  CASH_CLOSE_CONFIRM,
  CASH_CLOSE_DAY_ROUTE,
  CASH_CLOSE_FAILED,
  CASH_CLOSE_WARNING,
  CASH_CLOSED_DAY_REVERSALS_TITLE,
  CASH_DAY_CLOSED_TITLE,
  CASH_DAY_OPEN,
  cashClosedToast,
  cashCloseTitle,
  closedByLine,
  closedDayReversalLine,
  closedTotalsLine,
  laterReversalLine,
  CASH_CLOSING_ROUTE,
  CASH_CLOSING_XLSX_ROUTE,
  CASH_DATE_LABEL,
  CASH_DAY_TOTAL,
  CASH_DOWNLOAD,
  CASH_EMPTY,
  CASH_LOAD_FAILED,
  CASH_NEXT_DAY,
  CASH_PREVIOUS_DAY,
  CASH_RECEIPT,
  CASH_REVERSED_TITLE,
  CASH_STAFF_ALL,
  CASH_STAFF_LABEL,
  ZCashClosingQuerySchema,
  closingFileName,
  reversedByLine,
  type TCashClosingResponse,
  type TClosingComprobantes,
  type TClosingPayment,
  type TMethodTotals,
} from "../../../../shared/api/admin/cash";
import { routePath } from "../../../../shared/api/contract";

const CLOSING_KEY = [ADMIN_QUERY_ROOT, "cash", "closing"] as const;

const shiftDay = (day: string, days: number) => costaRicaDayKey(addDays(costaRicaDayStart(day), days));

async function downloadClosing(filter: { date: string; staff?: number }): Promise<void> {
  try {
    const res = await apiRequest(CASH_CLOSING_XLSX_ROUTE.method, routePath(CASH_CLOSING_XLSX_ROUTE, filter));
    const fileName = fileNameFromDisposition(res.headers.get("content-disposition")) ?? closingFileName(filter.date);
    saveBlob(await res.blob(), fileName);
    toast({ title: EXPORT_SUCCESS_TITLE, description: fileName });
  } catch (error) {
    toast({ title: EXPORT_FAILED_TITLE, description: errorMessageFrom(error, EXPORT_FAILED_FALLBACK), variant: "destructive" });
  }
}

function MethodTotals({ totals }: { totals: TMethodTotals }) {
  return (
    <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
      {PAYMENT_METHODS.map((m) => (
        <li key={m} className="min-w-0">
          <span className="text-muted">{PAYMENT_METHOD_LABELS[m]}</span> <span className="font-semibold text-ink">{formatColones(totals[m])}</span>
        </li>
      ))}
    </ul>
  );
}

function PaymentItem({ payment, negative = false, children }: { payment: TClosingPayment; negative?: boolean; children?: ReactNode }) {
  return (
    <li className="grid gap-1 border-t border-slate-200 py-2 text-sm first:border-t-0">
      <p className="flex flex-wrap justify-between gap-x-3">
        <span className="font-semibold text-ink">
          {CASH_RECEIPT} {payment.id} · {PAYMENT_METHOD_LABELS[payment.method]}
        </span>
        <span className="font-semibold text-ink">{formatColones(negative ? -payment.amountColones : payment.amountColones)}</span>
      </p>
      <p className="break-words text-ink">
        {payment.clientName} <span className="text-muted">· {payment.clientCode}</span>
      </p>
      <p className="text-muted">
        <time dateTime={payment.paidAt}>{formatDateTime(payment.paidAt)}</time>
        {payment.reference ? <span className="break-all"> · Ref. {payment.reference}</span> : null}
      </p>
      {payment.packages.length > 0 ? <p className="font-mono text-xs break-all text-muted">{payment.packages.join(", ")}</p> : null}
      {payment.laterReversal && !negative ? (
        <p className="break-words text-amber-900">
          {laterReversalLine(payment.laterReversal.countedOn, payment.laterReversal.reversedByName, payment.laterReversal.reversalReason)}
        </p>
      ) : null}
      {children}
    </li>
  );
}

const STATE_TONES: Record<ComprobanteState, BadgeTone> = { pendiente: "warning", enviado: "info", aceptado: "success", rechazado: "danger" };

/** The day's comprobantes electrónicos: totals per kind, then each one; invoicing off: one line, nothing else. */
function DayComprobantes({ comprobantes }: { comprobantes: TClosingComprobantes }) {
  if (comprobantes.invoicing === "off" && comprobantes.items.length === 0) return <p className="text-sm break-words text-muted">{INVOICING_OFF_NOTE}</p>;
  return (
    <section aria-labelledby="cash-comprobantes" className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <h3 id="cash-comprobantes" className="font-semibold text-ink">
        {COMPROBANTES_TITLE}
      </h3>
      {comprobantes.invoicing === "off" ? <p className="text-sm break-words text-muted">{INVOICING_OFF_NOTE}</p> : null}
      <ul aria-label={CASH_COMPROBANTES_TOTALS} className="grid gap-2 text-sm sm:grid-cols-3">
        {comprobantes.totals.map((t) => (
          <li key={t.documentType} className="min-w-0 rounded-md bg-slate-50 p-2">
            <p className="text-xs text-muted">{t.typeLabel}</p>
            <p className="font-semibold break-words text-ink">
              {comprobanteCountLabel(t.count)} · {formatColones(t.amountColones)}
            </p>
            {t.rejected > 0 ? <p className="text-xs text-red-900">{comprobanteRejectedCountLabel(t.rejected)}</p> : null}
          </li>
        ))}
      </ul>
      {comprobantes.items.length === 0 ? (
        <p className="text-sm text-muted">{CASH_COMPROBANTES_EMPTY}</p>
      ) : (
        <ul>
          {comprobantes.items.map((c) => (
            <li key={c.id} className="grid gap-1 border-t border-slate-200 py-2 text-sm first:border-t-0">
              <p className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <span className="font-semibold text-ink">{c.typeLabel}</span>
                <span className="font-semibold text-ink">{formatColones(c.amountColones)}</span>
              </p>
              <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-mono text-xs break-all text-ink">{c.consecutivo ?? COMPROBANTE_NO_NUMBER}</span>
                <Badge tone={STATE_TONES[c.state]}>{c.stateLabel}</Badge>
              </p>
              <p className="break-words text-ink">
                {c.clientName} <span className="text-muted">· {c.clientCode} · {CASH_RECEIPT} {c.paymentId}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Whether the day is closed (who, when, the totals as closed), or the button that closes it. */
function DayStatus({ data, today }: { data: TCashClosingResponse; today: string }) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const fail = useChangeErrorToast();
  if (data.closing) {
    return (
      <section aria-labelledby="cash-day-closed" className="flex gap-3 rounded-lg border border-slate-300 bg-slate-50 p-3 text-sm">
        <Lock className="mt-0.5 h-4 w-4 shrink-0 text-ink" aria-hidden="true" />
        <div className="min-w-0">
          <h3 id="cash-day-closed" className="font-semibold text-ink">
            {CASH_DAY_CLOSED_TITLE}
          </h3>
          <p className="break-words text-ink">{closedByLine(data.closing)}</p>
          <p className="break-words text-muted">{closedTotalsLine(formatColones(data.closing.totals.total), data.closing.paymentCount)}</p>
        </div>
      </section>
    );
  }
  if (data.date > today) return null;
  const close = async () => {
    setPending(true);
    try {
      await sendAdminJson(CASH_CLOSE_DAY_ROUTE.method, routePath(CASH_CLOSE_DAY_ROUTE), CASH_CLOSE_DAY_ROUTE.responses[201], { date: data.date });
      toast({ title: cashClosedToast(data.date) });
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: CLOSING_KEY });
    } catch (error) {
      fail(error, CASH_CLOSE_FAILED);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <p className="flex min-w-0 gap-2 text-muted">
        <LockOpen className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="break-words">{CASH_DAY_OPEN}</span>
      </p>
      <AlertDialog open={confirming} onOpenChange={(open) => !pending && setConfirming(open)}>
        <Button type="button" onClick={() => setConfirming(true)}>
          <Lock className="h-4 w-4" aria-hidden="true" />
          {CASH_CLOSE_BUTTON}
        </Button>
        {confirming ? (
          <AlertDialogContent title={cashCloseTitle(data.date)} description={CASH_CLOSE_WARNING} confirmLabel={CASH_CLOSE_CONFIRM} onConfirm={() => void close()} pending={pending} />
        ) : null}
      </AlertDialog>
    </section>
  );
}

export function ClosingPanel({
  date,
  staff,
  onChange,
}: {
  /** "" = today. */
  date: string;
  /** "" = everyone. */
  staff: string;
  onChange: (patch: { fecha?: string; persona?: string }) => void;
}) {
  const today = costaRicaDayKey(new Date());
  const parsed = ZCashClosingQuerySchema.safeParse({ date: date || today, staff: staff || undefined });
  const query = parsed.success ? parsed.data : { date: today };
  const day = query.date ?? today;
  const filter = { date: day, staff: query.staff };
  const [downloading, setDownloading] = useState(false);
  const closing = useQuery<TCashClosingResponse>(
    {
      queryKey: [...CLOSING_KEY, filter],
      queryFn: () => getAdminJson(routePath(CASH_CLOSING_ROUTE, filter), CASH_CLOSING_ROUTE.responses[200]),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  useLoadErrorToast(closing.error, "Error", CASH_LOAD_FAILED);
  const data = closing.data;
  const setDay = (next: string) => onChange({ fecha: next === today ? "" : next });

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[auto_1fr] sm:items-end">
        <div>
          <Label htmlFor="cash-date">{CASH_DATE_LABEL}</Label>
          <div className="mt-1.5 flex flex-wrap items-center gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setDay(shiftDay(day, -1))}>
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
              {CASH_PREVIOUS_DAY}
            </Button>
            <Input id="cash-date" type="date" value={day} max={today} onChange={(e) => e.target.value && setDay(e.target.value)} className="w-auto min-w-0" />
            <Button type="button" variant="outline" size="sm" disabled={day >= today} onClick={() => setDay(shiftDay(day, 1))}>
              {CASH_NEXT_DAY}
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        </div>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_auto] sm:justify-end sm:items-end">
          <div>
            <Label htmlFor="cash-staff">{CASH_STAFF_LABEL}</Label>
            <Select id="cash-staff" value={staff} onChange={(e) => onChange({ persona: e.target.value })} className="mt-1.5">
              <option value="">{CASH_STAFF_ALL}</option>
              {(data?.staffOptions ?? []).map((s) => (
                <option key={s.accountId} value={String(s.accountId)}>
                  {s.staffName}
                </option>
              ))}
            </Select>
          </div>
          <Button
            type="button"
            variant="outline"
            disabled={downloading}
            onClick={() => {
              setDownloading(true);
              void downloadClosing(filter).finally(() => setDownloading(false));
            }}
          >
            {downloading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
            {CASH_DOWNLOAD}
          </Button>
        </div>
      </div>

      {closing.isPending ? <PanelLoading /> : null}
      {closing.isError && !data ? <PanelMessage tone="error">{CASH_LOAD_FAILED}</PanelMessage> : null}
      {data ? (
        <>
          <section aria-label={`${CASH_DAY_TOTAL} ${formatDate(costaRicaDayStart(data.date))}`} className="grid grid-cols-2 gap-2 sm:grid-cols-5">
            {PAYMENT_METHODS.map((m) => (
              <div key={m} className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
                <p className="text-xs text-muted">{PAYMENT_METHOD_LABELS[m]}</p>
                <p className="text-lg font-semibold break-words text-ink">{formatColones(data.totals[m])}</p>
              </div>
            ))}
            <div className="col-span-2 min-w-0 rounded-lg bg-primary-soft p-3 sm:col-span-1">
              <p className="text-xs text-primary">{CASH_DAY_TOTAL}</p>
              <p className="text-lg font-bold break-words text-ink">{formatColones(data.totals.total)}</p>
            </div>
          </section>

          <DayStatus data={data} today={today} />

          {data.byStaff.length === 0 && data.reversed.length === 0 ? <PanelMessage>{CASH_EMPTY}</PanelMessage> : null}
          <div className="grid gap-2">
            {data.byStaff
              .filter((s) => s.payments.length > 0 || s.totals.total !== 0)
              .map((s) => (
                <details key={`${s.accountId ?? "n"}-${s.staffName}`} className="rounded-lg border border-slate-200 bg-white">
                  <summary className="flex cursor-pointer flex-wrap justify-between gap-2 p-3 font-semibold text-ink">
                    <span className="break-words">{s.staffName}</span>
                    <span>{formatColones(s.totals.total)}</span>
                  </summary>
                  <div className="grid gap-2 border-t border-slate-200 p-3">
                    <MethodTotals totals={s.totals} />
                    <ul>
                      {s.payments.map((p) => (
                        <PaymentItem key={p.id} payment={p} />
                      ))}
                    </ul>
                  </div>
                </details>
              ))}
          </div>

          {data.reversed.length > 0 ? (
            <section aria-labelledby="cash-reversed" className="rounded-lg border border-red-200 bg-red-50 p-3">
              <h3 id="cash-reversed" className="font-semibold text-red-900">
                {CASH_REVERSED_TITLE}
              </h3>
              <ul>
                {data.reversed.map((p) => (
                  <PaymentItem key={p.id} payment={p}>
                    <p className="break-words text-red-900">{reversedByLine(p.reversedByName, p.reversalReason)}</p>
                  </PaymentItem>
                ))}
              </ul>
            </section>
          ) : null}

          {data.closedDayReversals.length > 0 ? (
            <section aria-labelledby="cash-closed-day-reversals" className="rounded-lg border border-amber-200 bg-amber-50 p-3">
              <h3 id="cash-closed-day-reversals" className="font-semibold text-amber-900">
                {CASH_CLOSED_DAY_REVERSALS_TITLE}
              </h3>
              <ul>
                {data.closedDayReversals.map((p) => (
                  <PaymentItem key={p.id} payment={p} negative>
                    <p className="break-words text-amber-900">{closedDayReversalLine(p.paidAt, p.reversedByName, p.reversalReason)}</p>
                  </PaymentItem>
                ))}
              </ul>
            </section>
          ) : null}

          <DayComprobantes comprobantes={data.comprobantes} />
        </>
      ) : null}
    </div>
  );
}
