// The client's packages with a balance as checkboxes with an editable amount, prefilled with each
// stored balance (partial payments allowed; the server refuses more than the balance). Used by
// "Registrar pago" and by each receipt under "Comprobantes por revisar".
import { useState, type ReactNode } from "react";
import { Input } from "../../../components/ui/input";
import { formatColones } from "../../../../shared/domain/format";
import { trackingStatusLabel } from "../../../../shared/domain/statuses";
import { AMOUNT_LABEL, BALANCE_LABEL, DUE_EMPTY, type TDuePackage } from "../../../../shared/api/admin/payments";

export interface AllocationRow {
  checked: boolean;
  amount: string;
}
export type AllocationState = Record<number, AllocationRow>;

/** The starting state: packages preselected (those with something to pay), amounts = balance. */
export function initialAllocations(packages: TDuePackage[], preselect: (p: TDuePackage) => boolean = () => false): AllocationState {
  return Object.fromEntries(
    packages.filter((p) => p.saldoColones > 0).map((p) => [p.id, { checked: preselect(p), amount: String(p.saldoColones) }]),
  );
}

/** The request's allocations: the checked rows with a whole positive amount. */
export function allocationsOf(state: AllocationState): { trackingId: number; amountColones: number }[] {
  return Object.entries(state)
    .filter(([, row]) => row.checked && Number(row.amount) > 0)
    .map(([id, row]) => ({ trackingId: Number(id), amountColones: Number(row.amount) }));
}

export function useAllocations(packages: TDuePackage[], preselect?: (p: TDuePackage) => boolean) {
  return useState<AllocationState>(() => initialAllocations(packages, preselect));
}

export function AllocationPicker({
  idPrefix,
  packages,
  state,
  onChange,
  actions,
}: {
  idPrefix: string;
  packages: TDuePackage[];
  state: AllocationState;
  onChange: (state: AllocationState) => void;
  /** Extra controls under a package (the "Cobro" button). */
  actions?: (p: TDuePackage) => ReactNode;
}) {
  const payable = packages.filter((p) => p.saldoColones > 0);
  if (payable.length === 0) return <p className="text-sm text-muted">{DUE_EMPTY}</p>;
  const total = allocationsOf(state).reduce((sum, a) => sum + a.amountColones, 0);
  return (
    <div className="grid gap-2">
      <ul className="grid gap-2">
        {payable.map((p) => {
          const row = state[p.id] ?? { checked: false, amount: String(p.saldoColones) };
          const set = (next: Partial<AllocationRow>) => onChange({ ...state, [p.id]: { ...row, ...next } });
          const checkId = `${idPrefix}-pkg-${p.id}`;
          return (
            <li key={p.id} className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[1fr_9rem] sm:items-center">
              <label htmlFor={checkId} className="flex min-h-11 min-w-0 items-start gap-2">
                <input id={checkId} type="checkbox" className="mt-1 h-5 w-5 shrink-0" checked={row.checked} onChange={(e) => set({ checked: e.target.checked })} />
                <span className="min-w-0">
                  <span className="block font-mono text-sm break-all text-ink">{p.trackingCode}</span>
                  <span className="block text-sm break-words text-muted">
                    {[p.descripcion, trackingStatusLabel(p.estado, p.origen)].filter(Boolean).join(" · ")}
                  </span>
                  <span className="block text-sm text-ink">
                    {BALANCE_LABEL}: {formatColones(p.saldoColones)}
                  </span>
                </span>
              </label>
              <Input
                aria-label={`${AMOUNT_LABEL} ${p.trackingCode}`}
                inputMode="numeric"
                value={row.amount}
                disabled={!row.checked}
                onChange={(e) => set({ amount: e.target.value.replace(/\D/g, "") })}
              />
              {actions ? <div className="sm:col-span-2">{actions(p)}</div> : null}
            </li>
          );
        })}
      </ul>
      <p className="text-right font-semibold text-ink">
        {AMOUNT_LABEL}: {formatColones(total)}
      </p>
    </div>
  );
}
