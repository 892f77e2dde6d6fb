// "Cobro" of one package (issue 21, docs/decisions/136): its charge lines as the server lists them
// from stored values (freight, coupon discount, extra lines), the STORED total, paid and balance,
// the payments applied to it, and staff adding several extra lines at once (customs taxes,
// delivery outside the zone, storage, other; issue 32: one call, all or none) or removing one.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Plus } from "lucide-react";
import { Dialog, DialogContent } from "./ui/dialog";
import { Button } from "./ui/button";
import { FormField } from "./ui/form-field";
import { Input } from "./ui/input";
import { Select } from "./ui/select";
import { PanelLoading, PanelMessage } from "./ui/panel-states";
import { queryClient } from "../lib/query-client";
import { ADMIN_QUERY_ROOT, getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../lib/admin/admin-api";
import { formatColones, formatDate } from "../../shared/domain/format";
import { EXTRA_CHARGE_KINDS, EXTRA_CHARGE_LABELS, PAYMENT_METHOD_LABELS, type ExtraChargeKind } from "../../shared/domain/charges";
import {
  AMOUNT_INVALID,
  AMOUNT_LABEL,
  BALANCE_LABEL,
  CHARGE_ANOTHER_LINE,
  CHARGE_DESCRIPTION_LABEL,
  CHARGE_DESCRIPTION_MAX,
  CHARGE_DESCRIPTION_REQUIRED,
  CHARGE_KIND_LABEL,
  CHARGE_LINE_DROP,
  CHARGE_LINES_LABEL,
  CHARGE_LINES_MAX,
  CHARGE_PAYMENTS_LABEL,
  CHARGE_REMOVE,
  CHARGE_SAVE_FAILED,
  CHARGES_LOAD_FAILED,
  CHARGES_TITLE,
  PAID_LABEL,
  REVERSED_LABEL,
  TOTAL_LABEL,
  CHARGE_ADD_ROUTE,
  CHARGE_REMOVE_ROUTE,
  CHARGES_ROUTE,
  ZChargesResponseSchema,
  chargeAddMany,
  chargeLineLegend,
} from "../../shared/api/admin/payments";
import { routePath } from "../../shared/api/contract";

interface DraftLine {
  key: number;
  kind: ExtraChargeKind;
  description: string;
  amount: string;
}
let nextKey = 0;
const newLine = (): DraftLine => ({ key: nextKey++, kind: "IMPUESTOS", description: EXTRA_CHARGE_LABELS.IMPUESTOS, amount: "" });

/** Every query of a package's charge (and the Pagos lists that show balances) starts with this. */
const CHARGES_KEY = [ADMIN_QUERY_ROOT, "charges"] as const;
/** The Pagos section's queries (due packages, payments): refreshed when a charge changes. */
export const PAYMENTS_KEY = [ADMIN_QUERY_ROOT, "payments"] as const;

export interface ChargesDialogProps {
  trackingId: number;
  trackingCode: string;
  onClose: () => void;
}

export function ChargesDialog({ trackingId, trackingCode, onClose }: ChargesDialogProps) {
  const charges = useQuery(
    { queryKey: [...CHARGES_KEY, trackingId], queryFn: () => getAdminJson(routePath(CHARGES_ROUTE, { id: trackingId }), CHARGES_ROUTE.responses[200]) },
    queryClient,
  );
  useLoadErrorToast(charges.error, "Error", CHARGES_LOAD_FAILED);
  const fail = useChangeErrorToast();
  const [drafts, setDrafts] = useState<DraftLine[]>(() => [newLine()]);
  const [errors, setErrors] = useState<Record<number, { description?: string; amount?: string }>>({});
  const edit = (key: number, change: Partial<DraftLine>) => setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...change } : d)));
  const [pending, setPending] = useState(false);

  const changed = async (request: () => Promise<unknown>) => {
    setPending(true);
    try {
      const answer = ZChargesResponseSchema.parse(await request());
      queryClient.setQueryData([...CHARGES_KEY, trackingId], answer);
      void queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
      return true;
    } catch (err) {
      fail(err, CHARGE_SAVE_FAILED);
      return false;
    } finally {
      setPending(false);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    for (const d of drafts) {
      const colones = Number(d.amount);
      const line = {
        description: d.description.trim() ? undefined : CHARGE_DESCRIPTION_REQUIRED,
        amount: d.amount !== "" && Number.isInteger(colones) && colones > 0 ? undefined : AMOUNT_INVALID,
      };
      if (line.description || line.amount) next[d.key] = line;
    }
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const lines = drafts.map((d) => ({ kind: d.kind, description: d.description, amountColones: Number(d.amount) }));
    const ok = await changed(() => sendAdminJson(CHARGE_ADD_ROUTE.method, routePath(CHARGE_ADD_ROUTE, { id: trackingId }), CHARGE_ADD_ROUTE.responses[201], { lines }));
    if (ok) setDrafts([newLine()]);
  };

  const remove = (chargeId: number) =>
    changed(() => sendAdminJson(CHARGE_REMOVE_ROUTE.method, routePath(CHARGE_REMOVE_ROUTE, { id: trackingId, chargeId }), CHARGE_REMOVE_ROUTE.responses[200]));

  const data = charges.data;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={CHARGES_TITLE} description={trackingCode}>
        {charges.isPending ? <PanelLoading /> : null}
        {charges.error ? <PanelMessage tone="error">{CHARGES_LOAD_FAILED}</PanelMessage> : null}
        {data ? (
          <div className="grid gap-3">
            <ul className="grid gap-1" aria-label={CHARGE_LINES_LABEL}>
              {data.lines.map((line, i) => (
                <li key={line.chargeId ?? `${line.kind}-${i}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-slate-100 py-1">
                  <span className="min-w-0 break-words text-ink">{line.description}</span>
                  <span className="flex items-center gap-2">
                    <span className="tabular-nums">{formatColones(line.amountColones)}</span>
                    {line.chargeId !== null ? (
                      <Button
                        type="button"
                        size="sm"
                        variant="ghost"
                        disabled={pending}
                        aria-label={`${CHARGE_REMOVE} ${line.description}`}
                        onClick={() => {
                          if (line.chargeId !== null) void remove(line.chargeId);
                        }}
                      >
                        {CHARGE_REMOVE}
                      </Button>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-semibold">{TOTAL_LABEL}</dt>
              <dd className="text-right tabular-nums">{formatColones(data.totalColones ?? 0)}</dd>
              <dt>{PAID_LABEL}</dt>
              <dd className="text-right tabular-nums">{formatColones(data.pagadoColones)}</dd>
              <dt className="font-semibold">{BALANCE_LABEL}</dt>
              <dd className="text-right font-semibold tabular-nums">{formatColones(data.saldoColones)}</dd>
            </dl>
            {data.payments.length > 0 ? (
              <ul className="grid gap-1 text-sm text-muted" aria-label={CHARGE_PAYMENTS_LABEL}>
                {data.payments.map((p) => (
                  <li key={p.paymentId} className={p.reversed ? "line-through" : undefined}>
                    {formatDate(p.paidAt)} · {PAYMENT_METHOD_LABELS[p.method]}
                    {p.reference ? ` ${p.reference}` : ""} · {formatColones(p.amountColones)}
                    {p.reversed ? <span className="sr-only"> ({REVERSED_LABEL})</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        <form method="post" onSubmit={add} className="grid gap-3 border-t border-slate-200 pt-3" noValidate>
          {drafts.map((d, index) => (
            <fieldset key={d.key} className="grid gap-3">
              <legend className="mb-1 text-sm font-semibold text-ink">{chargeLineLegend(index + 1)}</legend>
              <FormField id={`charge-kind-${d.key}`} label={CHARGE_KIND_LABEL}>
                {(control) => (
                  <Select
                    {...control}
                    value={d.kind}
                    onChange={(e) => {
                      const next = e.target.value as ExtraChargeKind;
                      // The kind's name is the usual description; a typed one stays.
                      const description = d.description === EXTRA_CHARGE_LABELS[d.kind] || !d.description.trim() ? EXTRA_CHARGE_LABELS[next] : d.description;
                      edit(d.key, { kind: next, description });
                    }}
                  >
                    {EXTRA_CHARGE_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {EXTRA_CHARGE_LABELS[k]}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <FormField id={`charge-description-${d.key}`} label={CHARGE_DESCRIPTION_LABEL} error={errors[d.key]?.description}>
                {(control) => <Input {...control} value={d.description} maxLength={CHARGE_DESCRIPTION_MAX} onChange={(e) => edit(d.key, { description: e.target.value })} />}
              </FormField>
              <FormField id={`charge-amount-${d.key}`} label={`${AMOUNT_LABEL} (₡)`} error={errors[d.key]?.amount}>
                {(control) => <Input {...control} inputMode="numeric" value={d.amount} onChange={(e) => edit(d.key, { amount: e.target.value.replace(/\D/g, "") })} />}
              </FormField>
              {drafts.length > 1 ? (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  className="justify-self-start"
                  aria-label={`${CHARGE_LINE_DROP}: ${chargeLineLegend(index + 1)}`}
                  onClick={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}
                >
                  {CHARGE_LINE_DROP}
                </Button>
              ) : null}
            </fieldset>
          ))}
          {drafts.length < CHARGE_LINES_MAX ? (
            <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setDrafts((all) => [...all, newLine()])}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {CHARGE_ANOTHER_LINE}
            </Button>
          ) : null}
          <Button type="submit" disabled={pending}>
            {chargeAddMany(drafts.length)}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
