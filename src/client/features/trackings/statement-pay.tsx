// "Cómo pagar" in the client's statement (issue 36 item 4, docs/decisions/218): which packages
// owe and how much, then what to type in the banking app, each with its own copy button: the
// SINPE Móvil number, the amount, and the reference (the client code). The IBAN shows when the
// brand has one (BRAND_IBAN); without it the card says so rather than leaving the client to guess.

import { Copy } from "lucide-react";
import { Button } from "../../components/ui/button";
import { copyText } from "../../lib/copy-text";
import { formatColones } from "../../../shared/domain/format";
import type { BrandPayment } from "../../../shared/brand";
import { descriptionHint, sinpeText, transferText } from "../../../shared/api/payments";

export interface OwingPackage {
  trackingCode: string;
  saldoColones: number;
}

export const OWING_TITLE = "Paquetes por pagar";
export const NO_IBAN_TEXT = "Transferencia bancaria: aún no publicamos una cuenta aquí. Paga por SINPE Móvil o pídenos la cuenta por WhatsApp.";
export const NO_SINPE_TEXT = "SINPE Móvil: aún no publicamos un número aquí. Escríbenos por WhatsApp y te decimos cómo pagar.";

/** What a copy button puts on the clipboard: digits only for a phone number or an amount, as banking apps take them. */
export const digitsOf = (text: string) => text.replace(/\D/g, "");

function CopyRow({ text, copy, what }: { text: string; copy: string; what: string }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
      <span className="min-w-0 break-words">{text}</span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void copyText(copy, { description: `${what} copiado: ${copy}` })}
        aria-label={`Copiar ${what.toLowerCase()}`}
      >
        <Copy className="h-4 w-4" aria-hidden="true" />
        Copiar
      </Button>
    </li>
  );
}

export function StatementPay({
  clientCode,
  due,
  owing,
  payment,
}: {
  clientCode: string;
  due: number;
  owing: readonly OwingPackage[];
  payment: BrandPayment;
}) {
  const { sinpeMovil, sinpeHolder, iban, bank } = payment;
  return (
    <div className="grid gap-3 rounded-lg bg-slate-50 p-3 text-sm text-ink">
      {owing.length > 0 ? (
        <div>
          <p className="font-semibold">{OWING_TITLE}</p>
          <ul className="mt-1 grid gap-1" aria-label={OWING_TITLE}>
            {owing.map((p) => (
              <li key={p.trackingCode} className="flex flex-wrap justify-between gap-x-3">
                <span className="min-w-0 font-mono break-all">{p.trackingCode}</span>
                <span className="font-semibold">{formatColones(p.saldoColones)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <p className="font-semibold">Cómo pagar</p>
        <ul className="mt-1 grid gap-2" aria-label="Datos para pagar">
          {sinpeMovil ? (
            <CopyRow text={sinpeText(sinpeMovil, sinpeHolder)} copy={digitsOf(sinpeMovil)} what="Número SINPE Móvil" />
          ) : (
            <li>{NO_SINPE_TEXT}</li>
          )}
          <CopyRow text={`Monto: ${formatColones(due)}`} copy={String(due)} what="Monto" />
          <CopyRow text={descriptionHint(clientCode)} copy={clientCode} what="Referencia" />
          {iban ? <CopyRow text={transferText(iban, bank)} copy={iban} what="IBAN" /> : <li className="text-muted">{NO_IBAN_TEXT}</li>}
        </ul>
      </div>
    </div>
  );
}
