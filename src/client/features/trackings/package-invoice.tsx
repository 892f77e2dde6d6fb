// The purchase invoice on /rastreo (issue 36 item 2, docs/decisions/215): the pre-alert dialog's
// optional file (InvoiceFileField) and, on each package card until delivery, "Adjuntar factura" /
// "Reemplazar factura" (InvoiceAttachButton) and "Ver factura" (PackageInvoice). The file is checked
// here for kind and size (a PDF or a JPG, PNG, GIF or WebP image, at most 10 MB), then by its
// content on the server.
import { useContext, useId, useRef, useState } from "react";
import { QueryClientContext } from "@tanstack/react-query";
import { FileUp, X } from "lucide-react";
import { Button } from "../../components/ui/button";
import { InvoiceFileButton } from "../../components/invoice-file-button";
import { InvoiceAttachButton, invoiceRefusal } from "../../components/invoice-attach-button";
import { apiRequest, errorMessageFrom } from "../../lib/api";
import { cn } from "../../lib/cn";
import { uploadImage } from "../../lib/upload-image";
import { routePath } from "../../../shared/api/contract";
import { INVOICE_ACCEPT } from "../../../shared/api/uploads";
import { INVOICE_ATTACH_FAILED, INVOICE_FIELD_HINT, INVOICE_FIELD_LABEL, INVOICE_NONE, invoiceSummary } from "../../../shared/api/purchase-invoices";
import { CLIENT_INVOICE_ATTACH_ROUTE, CLIENT_INVOICE_FILE_ROUTE } from "../../../shared/api/purchase-invoice-routes";
import type { TClientTracking } from "../../../shared/api/trackings";
import { clientTrackingsKey } from "./use-client-trackings";

export interface InvoiceFileFieldProps {
  /** The uploaded invoice's path (/objects/uploads/{name}), or null. */
  value: string | null;
  onChange(objectPath: string | null): void;
  /** Tells the form an upload is under way (its submit waits). */
  onUploadingChange?(uploading: boolean): void;
}

/** The pre-alert's optional invoice: chosen, checked, uploaded at once; the pre-alert then names it. */
export function InvoiceFileField({ value, onChange, onUploadingChange }: InvoiceFileFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const setBusy = (busy: boolean) => {
    setUploading(busy);
    onUploadingChange?.(busy);
  };

  async function handleFile(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    const refused = invoiceRefusal(file);
    if (refused) {
      setError(refused[1]);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      onChange(await uploadImage(file, "FACTURA"));
      setFileName(file.name);
    } catch (err) {
      setError(errorMessageFrom(err, INVOICE_ATTACH_FAILED));
    } finally {
      setBusy(false);
    }
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {INVOICE_FIELD_LABEL}
      </label>
      {value ? (
        <div className="mt-1.5 flex min-w-0 flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-3 text-sm">
          <FileUp className="h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
          <span className="min-w-0 flex-1 break-all font-medium text-green-800">Factura cargada{fileName ? `: ${fileName}` : ""}</span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              onChange(null);
              setFileName(null);
            }}
          >
            <X className="h-4 w-4" aria-hidden="true" />
            Quitar factura
          </Button>
        </div>
      ) : (
        <input
          ref={input}
          id={id}
          type="file"
          accept={INVOICE_ACCEPT}
          disabled={uploading}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          className={cn(
            "mt-1.5 block w-full min-w-0 max-w-full rounded-lg border border-slate-300 p-2 text-sm text-ink",
            "file:mr-3 file:rounded-md file:border-0 file:bg-primary-soft file:px-3 file:py-2 file:font-semibold file:text-primary",
          )}
          onChange={(event) => void handleFile(event.target.files?.[0])}
        />
      )}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="mt-1 text-sm text-muted" aria-live="polite">
        {uploading ? "Subiendo factura…" : INVOICE_FIELD_HINT}
      </p>
    </div>
  );
}

/** The card's invoice line: what is attached, "Ver factura", and attach or replace until delivery. */
export function PackageInvoice({ tracking, clientCode }: { tracking: TClientTracking; clientCode: string }) {
  const queryClient = useContext(QueryClientContext);
  const { factura } = tracking;
  const canChange = tracking.estado !== "ENTREGADO";

  /** PUT /api/clients/trackings/{id}/factura, then the lookup again (when the card sits in the portal's query client). */
  const attach = async (path: string) => {
    try {
      const res = await apiRequest(CLIENT_INVOICE_ATTACH_ROUTE.method, routePath(CLIENT_INVOICE_ATTACH_ROUTE, { id: tracking.id }), { clientCode, factura: path });
      return CLIENT_INVOICE_ATTACH_ROUTE.responses[200].parse(await res.json());
    } finally {
      void queryClient?.invalidateQueries({ queryKey: clientTrackingsKey(clientCode) });
    }
  };

  if (!factura && !canChange) return null;
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm">
      <p className="min-w-0 text-ink">
        <span className="text-muted">Factura de compra: </span>
        <span className="font-medium">{factura ? invoiceSummary(factura) : INVOICE_NONE}</span>
      </p>
      {factura ? <InvoiceFileButton url={routePath(CLIENT_INVOICE_FILE_ROUTE, { id: tracking.id }, { code: clientCode })} trackingCode={tracking.trackingCode} /> : null}
      {canChange ? <InvoiceAttachButton trackingCode={tracking.trackingCode} hasInvoice={factura !== null} attach={attach} /> : null}
    </div>
  );
}
