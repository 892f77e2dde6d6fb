// The client's statement above the packages on /rastreo (issue 21, decision 135): the total due
// (the sum of the stored balances, computed by the server), how to pay (the brand's SINPE Móvil,
// the bank account when set, the client code for the transfer's description), "Enviar comprobante
// SINPE" for the total, and the receipts sent with their state. Hidden while nothing is due and
// no receipt was sent.

import { Receipt, Wallet } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { brand } from "../../lib/brand";
import { cn } from "../../lib/cn";
import { formatColones, formatDateTime } from "../../../shared/domain/format";
import type { TClientStatement } from "../../../shared/api/trackings";
import { StatementPay, type OwingPackage } from "./statement-pay";
import {
  PROOFS_TITLE,
  PROOF_SEND_TOTAL_LABEL,
  STATEMENT_TITLE,
  proofStatusText,
  totalDueText,
} from "../../../shared/api/payments";

const PROOF_BADGE = {
  PENDIENTE: "bg-amber-100 text-amber-900",
  CONFIRMADO: "bg-emerald-100 text-emerald-900",
  RECHAZADO: "bg-red-100 text-red-900",
} as const;

export interface StatementCardProps {
  clientCode: string;
  statement: TClientStatement;
  onSendTotal: () => void;
  /** The packages with a balance, newest first (issue 36 item 4). */
  owing?: readonly OwingPackage[];
}

export function StatementCard({ clientCode, statement, onSendTotal, owing = [] }: StatementCardProps) {
  const { totalPendienteColones: due, comprobantes } = statement;
  if (due <= 0 && comprobantes.length === 0) return null;
  return (
    <Card className="p-0">
      <section aria-labelledby="estado-cuenta-titulo" className="grid gap-4 p-5">
        <h2 id="estado-cuenta-titulo" className="flex items-center gap-2 text-lg font-bold text-ink">
          <Wallet className="h-5 w-5 text-primary" aria-hidden="true" />
          {STATEMENT_TITLE}
        </h2>
        <p className="text-2xl font-bold break-words text-ink" data-testid="total-pendiente">
          {totalDueText(formatColones(Math.max(0, due)))}
        </p>
        {due > 0 ? (
          <>
            <StatementPay clientCode={clientCode} due={due} owing={owing} payment={brand.payment} />
            <Button variant="accent" onClick={onSendTotal} className="w-full sm:w-auto sm:justify-self-start">
              <Receipt className="h-4 w-4" aria-hidden="true" />
              {PROOF_SEND_TOTAL_LABEL}
            </Button>
          </>
        ) : null}
        {comprobantes.length > 0 ? (
          <div>
            <h3 className="text-sm font-semibold text-ink">{PROOFS_TITLE}</h3>
            <ul className="mt-2 grid gap-2" aria-label={PROOFS_TITLE}>
              {comprobantes.map((proof) => (
                <li key={proof.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-2 text-sm">
                  <span className="min-w-0 break-words">
                    <span className="font-medium text-ink">{proof.trackingCode ?? "Saldo total"}</span>
                    <span className="text-muted"> · {formatDateTime(proof.createdAt)}</span>
                  </span>
                  <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold break-words", PROOF_BADGE[proof.estado])}>
                    {proofStatusText(proof.estado, proof.rejectReason)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>
    </Card>
  );
}
