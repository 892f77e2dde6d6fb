// Delivering with a balance (issue 21, docs/decisions/139), shared by Entregas and every status
// change of Paquetes and the client cards (status select, bulk status, edit dialog): the stored
// balance as a badge, and the explicit choice — the server refuses a move to 'Entregado' of a
// package with a saldo (409 UNPAID_DELIVERY, its message names the packages and amounts) and the
// staff member may confirm 'Entregar con saldo pendiente', which re-sends with the flag.

import { useState, type ReactNode } from "react";
import { AlertDialog, AlertDialogContent } from "../../components/ui/alert-dialog";
import { Badge } from "../../components/ui/badge";
import { errorCodeFrom, errorMessageFrom } from "../api";
import { formatColones } from "../../../shared/domain/format";
import { DELIVER_WITH_BALANCE_LABEL, UNPAID_DELIVERY_CODE } from "../../../shared/api/admin/trackings";

/**
 * "Pagado" / "Saldo ₡X" from the STORED columns; nothing while the package has no amount. Bodega's
 * rows carry no total (null): a zero saldo then says nothing either.
 */
export function BalanceBadge({ saldoColones, totalColones }: { saldoColones: number | null; totalColones: number | null }) {
  if (saldoColones !== null && saldoColones > 0) return <Badge tone="warning">Saldo {formatColones(saldoColones)}</Badge>;
  if (totalColones !== null && totalColones > 0) return <Badge tone="success">Pagado</Badge>;
  return null;
}

/**
 * The confirm of 'Entregar con saldo pendiente'. `offer(error, retry)` answers true when the error
 * is the server's UNPAID_DELIVERY: the dialog opens with the server's sentence and, on confirm,
 * runs `retry` (the same call with `entregarConSaldo: true`); any other error answers false and
 * the caller shows it as before. Render `dialog` once in the component.
 */
export interface UnpaidDeliveryChoice {
  offer: (error: unknown, retry: () => void) => boolean;
  dialog: ReactNode;
}

export function useUnpaidDeliveryChoice(): UnpaidDeliveryChoice {
  const [pending, setPending] = useState<{ message: string; retry: () => void } | null>(null);
  const offer = (error: unknown, retry: () => void) => {
    if (errorCodeFrom(error) !== UNPAID_DELIVERY_CODE) return false;
    setPending({ message: errorMessageFrom(error, DELIVER_WITH_BALANCE_LABEL), retry });
    return true;
  };
  const dialog = (
    <AlertDialog open={pending !== null} onOpenChange={(open) => (open ? undefined : setPending(null))}>
      {pending ? (
        <AlertDialogContent
          title="Saldo pendiente"
          description={pending.message}
          confirmLabel={DELIVER_WITH_BALANCE_LABEL}
          onConfirm={() => {
            const { retry } = pending;
            setPending(null);
            retry();
          }}
        />
      ) : null}
    </AlertDialog>
  );
  return { offer, dialog };
}
