// "Cobro" of one package (issue 21, docs/decisions/136): its charge lines as the server lists them
// from stored values (freight, coupon discount, extra lines), the STORED total, paid and balance,
// the payments applied to it, and staff adding or removing an extra line (customs taxes, delivery
// outside the zone, storage, other). Shared: the Pagos section and the Paquetes list open it.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
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
  CHARGE_ADD,
  CHARGE_DESCRIPTION_LABEL,
  CHARGE_DESCRIPTION_MAX,
  CHARGE_DESCRIPTION_REQUIRED,
  CHARGE_KIND_LABEL,
  CHARGE_LINES_LABEL,
  CHARGE_PAYMENTS_LABEL,
  CHARGE_REMOVE,
  CHARGE_SAVE_FAILED,
  CHARGES_LOAD_FAILED,
  CHARGES_TITLE,
  PAID_LABEL,
  REVERSED_LABEL,
  TOTAL_LABEL,
  ZChargesResponseSchema,
} from "../../shared/api/admin/payments";

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
  const url = `/api/admin/trackings/${trackingId}/charges`;
  const charges = useQuery({ queryKey: [...CHARGES_KEY, trackingId], queryFn: () => getAdminJson(url, ZChargesResponseSchema) }, queryClient);
  useLoadErrorToast(charges.error, "Error", CHARGES_LOAD_FAILED);
  const fail = useChangeErrorToast();
  const [kind, setKind] = useState<ExtraChargeKind>("IMPUESTOS");
  const [description, setDescription] = useState(EXTRA_CHARGE_LABELS.IMPUESTOS);
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<{ description?: string; amount?: string }>({});
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
    const colones = Number(amount);
    const next = {
      description: description.trim() ? undefined : CHARGE_DESCRIPTION_REQUIRED,
      amount: Number.isInteger(colones) && colones > 0 ? undefined : AMOUNT_INVALID,
    };
    setErrors(next);
    if (next.description || next.amount) return;
    const ok = await changed(() => sendAdminJson("POST", url, ZChargesResponseSchema, { kind, description, amountColones: colones }));
    if (ok) setAmount("");
  };

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
                        onClick={() => void changed(() => sendAdminJson("DELETE", `${url}/${line.chargeId}`, ZChargesResponseSchema))}
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
          <FormField id="charge-kind" label={CHARGE_KIND_LABEL}>
            {(control) => (
              <Select
                {...control}
                value={kind}
                onChange={(e) => {
                  const next = e.target.value as ExtraChargeKind;
                  // The kind's name is the usual description; a typed one stays.
                  if (description === EXTRA_CHARGE_LABELS[kind] || !description.trim()) setDescription(EXTRA_CHARGE_LABELS[next]);
                  setKind(next);
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
          <FormField id="charge-description" label={CHARGE_DESCRIPTION_LABEL} error={errors.description}>
            {(control) => <Input {...control} value={description} maxLength={CHARGE_DESCRIPTION_MAX} onChange={(e) => setDescription(e.target.value)} />}
          </FormField>
          <FormField id="charge-amount" label={`${AMOUNT_LABEL} (₡)`} error={errors.amount}>
            {(control) => <Input {...control} inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value.replace(/\D/g, ""))} />}
          </FormField>
          <Button type="submit" disabled={pending}>
            {CHARGE_ADD}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
