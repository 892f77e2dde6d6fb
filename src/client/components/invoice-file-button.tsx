// "Ver factura": a package's purchase invoice (issue 36 item 2), fetched through its route (staff
// with their session, a client with its code: a plain link could not carry either) and shown in a
// new tab, or downloaded when the browser blocks the tab. Used by /rastreo, Recepción and Embarques.
import { useState } from "react";
import { FileText, Loader2 } from "lucide-react";
import { Button } from "./ui/button";
import { toast } from "./ui/use-toast";
import { apiRequest, errorMessageFrom } from "../lib/api";
import { saveBlob } from "../lib/admin/download-file";
import { INVOICE_OPEN_FAILED, INVOICE_OPEN_LABEL } from "../../shared/api/purchase-invoices";

export interface InvoiceFileButtonProps {
  /** The invoice route's address (routePath of CLIENT_INVOICE_FILE_ROUTE or STAFF_INVOICE_FILE_ROUTE). */
  url: string;
  /** Whose invoice, for the accessible name: "Ver factura de 1Z999…". */
  trackingCode: string;
}

export function InvoiceFileButton({ url, trackingCode }: InvoiceFileButtonProps) {
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    const tab = window.open("", "_blank");
    try {
      const res = await apiRequest("GET", url);
      const type = res.headers.get("content-type") ?? "application/octet-stream";
      const blob = new Blob([await res.blob()], { type });
      if (tab && !tab.closed) {
        const objectUrl = URL.createObjectURL(blob);
        tab.location.href = objectUrl;
        setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
      } else saveBlob(blob, `factura-${trackingCode}.${type === "application/pdf" ? "pdf" : type.replace(/^image\//, "")}`);
    } catch (err) {
      tab?.close();
      toast({ variant: "destructive", title: "Error", description: errorMessageFrom(err, INVOICE_OPEN_FAILED) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void open()} aria-label={`${INVOICE_OPEN_LABEL} de ${trackingCode}`}>
      {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <FileText className="h-4 w-4" aria-hidden="true" />}
      {INVOICE_OPEN_LABEL}
    </Button>
  );
}
