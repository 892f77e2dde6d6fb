// What replaces the form after a notice is accepted (staff-side §2): how many codes were new
// and how many were already registered, and a way back to add more.

import { useEffect, useRef } from "react";
import { CheckCircle2, Plus } from "lucide-react";
import { Button } from "../../components/ui/button";
import type { TAddWhatsappCodesResponse } from "../../../shared/api/whatsapp-entries";

export function EntryConfirmation({ result, onAddMore }: { result: TAddWhatsappCodesResponse; onAddMore: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus follows the content that replaced the form, so keyboard and screen-reader users land here.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-5 text-center">
      <CheckCircle2 className="mx-auto h-14 w-14 text-whatsapp" aria-hidden="true" />
      <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold text-ink focus-visible:outline-none">
        ¡Códigos registrados!
      </h2>
      <dl className="mx-auto grid w-full max-w-sm grid-cols-2 gap-3">
        <div className="rounded-lg bg-green-50 p-4">
          <dt className="text-sm text-muted">Códigos nuevos</dt>
          <dd className="text-3xl font-bold text-green-900" data-testid="codigos-creados">
            {result.created}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-4">
          <dt className="text-sm text-muted">Ya registrados</dt>
          <dd className="text-3xl font-bold text-ink" data-testid="codigos-existentes">
            {result.existing}
          </dd>
        </div>
      </dl>
      <p className="leading-relaxed text-muted">
        Recibirás una notificación por WhatsApp cada vez que cambie el estado de tus paquetes.
      </p>
      <div>
        <Button variant="outline" onClick={onAddMore}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Agregar más códigos
        </Button>
      </div>
    </div>
  );
}
