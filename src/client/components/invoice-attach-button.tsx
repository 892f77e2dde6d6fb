// "Adjuntar factura" / "Reemplazar factura": a file button that checks the chosen file here (a PDF
// or a JPG, PNG, GIF or WebP image, at most 10 MB), uploads it (kind FACTURA) and hands its path to
// `attach`, the caller's call (the client's on /rastreo, staff's in Recepción and Embarques:
// docs/decisions/215 and 241); a toast says how it went. The server checks the content again.
import { useId, useRef, useState } from "react";
import { FileUp, Loader2 } from "lucide-react";
import { toast } from "./ui/use-toast";
import { errorMessageFrom } from "../lib/api";
import { cn } from "../lib/cn";
import { isAcceptedInvoiceFile, isWithinImageLimit, uploadImage } from "../lib/upload-image";
import { ERROR_TITLE } from "../../shared/api/clients";
import { FILE_TOO_LARGE_TITLE, INVOICE_ACCEPT, INVOICE_INVALID_TITLE, INVOICE_TOO_LARGE_MESSAGE, NOT_AN_INVOICE_MESSAGE } from "../../shared/api/uploads";
import { INVOICE_ADD_LABEL, INVOICE_ATTACHED_TITLE, INVOICE_ATTACH_FAILED, INVOICE_REPLACED_TITLE, INVOICE_REPLACE_LABEL } from "../../shared/api/purchase-invoices";

/** Why this file cannot be an invoice (title, text), or null. */
export function invoiceRefusal(file: File): [string, string] | null {
  if (!isAcceptedInvoiceFile(file)) return [INVOICE_INVALID_TITLE, NOT_AN_INVOICE_MESSAGE];
  if (!isWithinImageLimit(file)) return [FILE_TOO_LARGE_TITLE, INVOICE_TOO_LARGE_MESSAGE];
  return null;
}

export interface InvoiceAttachButtonProps {
  /** Whose invoice: the accessible name ("Adjuntar factura de 1Z999…") and the toast. */
  trackingCode: string;
  /** Replacing one already attached, or attaching the first. */
  hasInvoice: boolean;
  /** Attaches the uploaded file's path (/objects/uploads/{name}) to the package. */
  attach(factura: string): Promise<unknown>;
  /** Handles an error itself (staff's expired session), returning true; otherwise the toast says it. */
  onError?(err: unknown): boolean;
}

export function InvoiceAttachButton({ trackingCode, hasInvoice, attach, onError }: InvoiceAttachButtonProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const actionLabel = hasInvoice ? INVOICE_REPLACE_LABEL : INVOICE_ADD_LABEL;

  async function handleFile(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    const refused = invoiceRefusal(file);
    if (refused) {
      toast({ variant: "destructive", title: refused[0], description: refused[1] });
      return;
    }
    setBusy(true);
    try {
      await attach(await uploadImage(file, "FACTURA"));
      toast({ title: hasInvoice ? INVOICE_REPLACED_TITLE : INVOICE_ATTACHED_TITLE, description: `Guardamos la factura de ${trackingCode}.` });
    } catch (err) {
      if (!onError?.(err)) toast({ variant: "destructive", title: ERROR_TITLE, description: errorMessageFrom(err, INVOICE_ATTACH_FAILED) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <label
      htmlFor={id}
      className={cn(
        "inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-ink",
        "hover:bg-slate-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary",
        busy && "pointer-events-none opacity-70",
      )}
    >
      {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <FileUp className="h-4 w-4" aria-hidden="true" />}
      <span aria-hidden="true">{busy ? "Subiendo…" : actionLabel}</span>
      <input
        ref={input}
        id={id}
        type="file"
        accept={INVOICE_ACCEPT}
        disabled={busy}
        aria-label={`${actionLabel} de ${trackingCode}`}
        className="sr-only"
        onChange={(event) => void handleFile(event.target.files?.[0])}
      />
    </label>
  );
}
