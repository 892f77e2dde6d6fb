// 'Comprobantes electrónicos' on /rastreo (issue 34 item 6; docs/decisions/197): the client's
// Facturas, Tiquetes and Notas de crédito electrónicas (GET /api/comprobantes/{code}), each with
// its consecutivo, clave, date, receipt and Hacienda's state, and its PDF and signed XML to
// download. Nothing shows while there are none (invoicing off, or nothing paid yet). The files are
// fetched through apiRequest (it carries the code pass and any challenge), then saved.
// ("Comprobante" alone on this page is the SINPE receipt photo: these are named by their kind.)

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Download, FileCheck2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { cn } from "../../lib/cn";
import { apiRequest, errorMessageFrom } from "../../lib/api";
import { fileNameFromDisposition, saveBlob } from "../../lib/admin/download-file";
import { formatDateTime } from "../../../shared/domain/format";
import { routePath } from "../../../shared/api/contract";
import { invoicesKey } from "./invoices-key";
import { ERROR_TITLE } from "../../../shared/api/clients";
import {
  CLIENT_COMPROBANTE_PDF_ROUTE,
  CLIENT_COMPROBANTE_XML_ROUTE,
  CLIENT_INVOICES_HINT,
  CLIENT_INVOICES_TITLE,
  CLIENT_INVOICE_DOWNLOAD_FAILED,
  CLIENT_INVOICE_PDF_LABEL,
  CLIENT_INVOICE_XML_LABEL,
  type TClientComprobante,
  type TClientComprobantesResponse,
} from "../../../shared/api/comprobantes";

const STATE_BADGE = {
  pendiente: "bg-amber-100 text-amber-900",
  enviado: "bg-amber-100 text-amber-900",
  aceptado: "bg-emerald-100 text-emerald-900",
} as const;

export function InvoicesPanel({ clientCode }: { clientCode: string }) {
  const { data } = useQuery<TClientComprobantesResponse>({ queryKey: invoicesKey(clientCode) });
  if (!data || data.comprobantes.length === 0) return null;
  return (
    <Card className="min-w-0 p-0">
      <section aria-labelledby="comprobantes-electronicos-titulo" className="grid gap-3 p-5">
        <h2 id="comprobantes-electronicos-titulo" className="flex items-center gap-2 text-lg font-bold text-ink">
          <FileCheck2 className="h-5 w-5 text-primary" aria-hidden="true" />
          {CLIENT_INVOICES_TITLE}
        </h2>
        <p className="text-sm text-muted">{CLIENT_INVOICES_HINT}</p>
        <ul className="grid gap-2" aria-label={CLIENT_INVOICES_TITLE}>
          {data.comprobantes.map((doc) => (
            <InvoiceItem key={doc.id} clientCode={clientCode} doc={doc} />
          ))}
        </ul>
      </section>
    </Card>
  );
}

function InvoiceItem({ clientCode, doc }: { clientCode: string; doc: TClientComprobante }) {
  const [busy, setBusy] = useState<"pdf" | "xml" | null>(null);
  const download = async (which: "pdf" | "xml") => {
    setBusy(which);
    try {
      const route = which === "pdf" ? CLIENT_COMPROBANTE_PDF_ROUTE : CLIENT_COMPROBANTE_XML_ROUTE;
      const res = await apiRequest(route.method, routePath(route, { clientCode, id: doc.id }));
      const blob = await res.blob();
      saveBlob(blob, fileNameFromDisposition(res.headers.get("content-disposition")) ?? `${doc.clave}.${which}`);
    } catch (err) {
      toast({ title: ERROR_TITLE, description: errorMessageFrom(err, CLIENT_INVOICE_DOWNLOAD_FAILED), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  };
  const name = `${doc.typeLabel} ${doc.consecutivo}`;
  return (
    <li className="grid min-w-0 gap-2 rounded-lg border border-slate-200 p-3 text-sm" data-testid="comprobante-electronico">
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <p className="min-w-0">
          <span className="block font-semibold text-ink">{doc.typeLabel}</span>
          <span className="block font-mono text-xs break-all text-ink">N.º {doc.consecutivo}</span>
        </p>
        <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", STATE_BADGE[doc.state])}>{doc.stateLabel}</span>
      </div>
      <p className="text-muted">
        {formatDateTime(doc.issuedAt)} · Recibo N.º {doc.receiptNumber}
      </p>
      <p className="min-w-0 text-xs text-muted">
        Clave <span className="font-mono break-all text-ink">{doc.clave}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" disabled={busy !== null} onClick={() => void download("pdf")} aria-label={`Descargar PDF de ${name}`}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {CLIENT_INVOICE_PDF_LABEL}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={busy !== null} onClick={() => void download("xml")} aria-label={`Descargar XML de ${name}`}>
          <Download className="h-4 w-4" aria-hidden="true" />
          {CLIENT_INVOICE_XML_LABEL}
        </Button>
      </div>
    </li>
  );
}
