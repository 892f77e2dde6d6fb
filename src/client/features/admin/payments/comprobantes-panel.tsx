// A payment's comprobantes electrónicos for staff (issue 34 item 6, decision 195): in the list,
// each one's kind, consecutivo and state in brief; opened, each with its clave, Hacienda's
// rejection reason, the downloads (signed XML, Hacienda's answer) and "Reenviar" for a rejected
// one, next to the way to the client's record where the identification is corrected. The panel
// asks again every few seconds while one is still on its way to Hacienda. "Comprobante" alone is
// the client's SINPE receipt in these screens: the documents are named in full.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Download, Loader2, RefreshCw } from "lucide-react";
import { Link } from "wouter";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { toast } from "../../../components/ui/use-toast";
import { PAYMENTS_KEY } from "../../../components/charges-dialog";
import { apiRequest } from "../../../lib/api";
import { queryClient } from "../../../lib/query-client";
import { getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { fileNameFromDisposition, saveBlob } from "../../../lib/admin/download-file";
import {
  COMPROBANTE_ANSWER_ROUTE,
  COMPROBANTE_CLAVE_LABEL,
  COMPROBANTE_CONSECUTIVO_LABEL,
  COMPROBANTE_DOWNLOAD_ANSWER,
  COMPROBANTE_DOWNLOAD_PDF,
  COMPROBANTE_PDF_ROUTE,
  comprobantePdfFileName,
  COMPROBANTE_DOWNLOAD_FAILED,
  COMPROBANTE_DOWNLOAD_XML,
  COMPROBANTE_FIX_CLIENT,
  COMPROBANTE_NO_NUMBER,
  COMPROBANTE_PAYMENT_REVERSED,
  COMPROBANTE_REISSUE_BUTTON,
  COMPROBANTE_REISSUE_FAILED,
  COMPROBANTE_REISSUE_ROUTE,
  COMPROBANTE_REISSUED_NOTE,
  COMPROBANTE_XML_ROUTE,
  COMPROBANTES_LOAD_FAILED,
  COMPROBANTES_NONE,
  PAYMENT_COMPROBANTES_ROUTE,
  comprobanteCancelsLine,
  comprobanteRejectedLine,
  comprobanteReissuedToast,
  comprobanteReplacesLine,
  comprobanteRetryLine,
  type ComprobanteState,
  type TComprobante,
  type TComprobanteBrief,
} from "../../../../shared/api/admin/invoices";
import { routePath } from "../../../../shared/api/contract";

const STATE_TONES: Record<ComprobanteState, BadgeTone> = { pendiente: "warning", enviado: "info", aceptado: "success", rechazado: "danger" };
/** How often an open panel asks again while a document is pendiente or enviado. */
const REFRESH_MS = 5000;

export const comprobantesKey = (paymentId: number) => [...PAYMENTS_KEY, "comprobantes", paymentId] as const;

export function ComprobanteStateBadge({ state, label }: { state: ComprobanteState; label: string }) {
  return <Badge tone={STATE_TONES[state]}>{label}</Badge>;
}

/** The list row's brief: "Tiquete electrónico 00100001040000000001 Aceptado", one line each. */
export function ComprobanteBriefs({ items }: { items: readonly TComprobanteBrief[] }) {
  return (
    <ul className="grid gap-1 text-sm" aria-label="Comprobantes electrónicos del pago">
      {items.map((c) => (
        <li key={c.id} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <span className="text-ink">{c.typeLabel}</span>
          <span className="font-mono text-xs break-all text-muted">{c.consecutivo ?? COMPROBANTE_NO_NUMBER}</span>
          <ComprobanteStateBadge state={c.state} label={c.stateLabel} />
        </li>
      ))}
    </ul>
  );
}

async function download(route: typeof COMPROBANTE_XML_ROUTE | typeof COMPROBANTE_ANSWER_ROUTE | typeof COMPROBANTE_PDF_ROUTE, doc: TComprobante, fallbackName: string): Promise<void> {
  const res = await apiRequest(route.method, routePath(route, { id: doc.id }));
  saveBlob(await res.blob(), fileNameFromDisposition(res.headers.get("content-disposition")) ?? fallbackName);
}

function DownloadButton({ label, run }: { label: string; run: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const fail = useChangeErrorToast();
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        run()
          .catch((error: unknown) => fail(error, COMPROBANTE_DOWNLOAD_FAILED))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
      {label}
    </Button>
  );
}

function ReissueButton({ doc }: { doc: TComprobante }) {
  const [busy, setBusy] = useState(false);
  const fail = useChangeErrorToast();
  const reissue = async () => {
    setBusy(true);
    try {
      const { comprobante } = await sendAdminJson(COMPROBANTE_REISSUE_ROUTE.method, routePath(COMPROBANTE_REISSUE_ROUTE, { id: doc.id }), COMPROBANTE_REISSUE_ROUTE.responses[201]);
      toast({ title: comprobanteReissuedToast(comprobante.typeLabel, comprobante.consecutivo) });
      await queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
    } catch (error) {
      fail(error, COMPROBANTE_REISSUE_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" size="sm" disabled={busy} onClick={() => void reissue()} aria-label={`${COMPROBANTE_REISSUE_BUTTON} ${doc.typeLabel} ${doc.consecutivo ?? COMPROBANTE_NO_NUMBER}`}>
      {busy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />}
      {COMPROBANTE_REISSUE_BUTTON}
    </Button>
  );
}

function ComprobanteCard({ doc, all, clientCode, reversed }: { doc: TComprobante; all: readonly TComprobante[]; clientCode: string; reversed: boolean }) {
  const other = (id: number | null) => all.find((d) => d.id === id);
  const cancels = other(doc.referencesId);
  const replaces = other(doc.replacesId);
  const rejected = doc.state === "rechazado";
  // A reversed payment gets no new Factura or Tiquete (the server refuses it): no button for it.
  const mayReissue = doc.canReissue && !(reversed && doc.documentType !== "03");
  return (
    <li className="grid min-w-0 gap-2 rounded-md border border-slate-200 p-3" aria-label={`${doc.typeLabel} ${doc.consecutivo ?? COMPROBANTE_NO_NUMBER}`}>
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold text-ink">{doc.typeLabel}</span>
        <ComprobanteStateBadge state={doc.state} label={doc.stateLabel} />
      </p>
      <dl className="grid min-w-0 gap-1 text-sm">
        <div className="min-w-0">
          <dt className="text-muted">{COMPROBANTE_CONSECUTIVO_LABEL}</dt>
          <dd className="font-mono break-all text-ink">{doc.consecutivo ?? COMPROBANTE_NO_NUMBER}</dd>
        </div>
        {doc.clave ? (
          <div className="min-w-0">
            <dt className="text-muted">{COMPROBANTE_CLAVE_LABEL}</dt>
            <dd className="font-mono text-xs break-all text-ink">{doc.clave}</dd>
          </div>
        ) : null}
      </dl>
      {cancels ? <p className="text-sm break-words text-muted">{comprobanteCancelsLine(cancels.typeLabel, cancels.consecutivo)}</p> : null}
      {replaces ? <p className="text-sm break-words text-muted">{comprobanteReplacesLine(replaces.consecutivo)}</p> : null}
      {rejected ? <p className="text-sm break-words text-red-900">{comprobanteRejectedLine(doc.rejectionReason)}</p> : null}
      {!rejected && doc.lastError ? <p className="text-sm break-words text-amber-900">{comprobanteRetryLine(doc.lastError)}</p> : null}
      {rejected && !doc.canReissue ? <p className="text-sm text-muted">{COMPROBANTE_REISSUED_NOTE}</p> : null}
      {rejected && doc.canReissue && !mayReissue ? <p className="text-sm text-muted">{COMPROBANTE_PAYMENT_REVERSED}</p> : null}
      <div className="flex flex-wrap gap-2">
        {doc.hasXml ? <DownloadButton label={COMPROBANTE_DOWNLOAD_XML} run={() => download(COMPROBANTE_XML_ROUTE, doc, `${doc.clave}.xml`)} /> : null}
        {doc.hasAnswer ? <DownloadButton label={COMPROBANTE_DOWNLOAD_ANSWER} run={() => download(COMPROBANTE_ANSWER_ROUTE, doc, `${doc.clave}-respuesta.xml`)} /> : null}
        {doc.hasXml ? <DownloadButton label={COMPROBANTE_DOWNLOAD_PDF} run={() => download(COMPROBANTE_PDF_ROUTE, doc, comprobantePdfFileName(doc.clave ?? String(doc.id)))} /> : null}
        {mayReissue ? (
          <>
            {doc.documentType !== "03" ? (
              <Link href={`/admin?q=${encodeURIComponent(clientCode)}`} className="inline-flex items-center text-sm font-semibold text-primary underline underline-offset-2">
                {COMPROBANTE_FIX_CLIENT}
              </Link>
            ) : null}
            <ReissueButton doc={doc} />
          </>
        ) : null}
      </div>
    </li>
  );
}

/** A payment's comprobantes electrónicos in full (opened from the payments list). */
export function ComprobantesPanel({ paymentId, clientCode, reversed, id }: { paymentId: number; clientCode: string; reversed: boolean; id?: string }) {
  const list = useQuery(
    {
      queryKey: comprobantesKey(paymentId),
      queryFn: () => getAdminJson(routePath(PAYMENT_COMPROBANTES_ROUTE, { id: paymentId }), PAYMENT_COMPROBANTES_ROUTE.responses[200]),
      refetchInterval: (query) => (query.state.data?.items.some((d) => d.state === "pendiente" || d.state === "enviado") ? REFRESH_MS : false),
    },
    queryClient,
  );
  useLoadErrorToast(list.error, "Error", COMPROBANTES_LOAD_FAILED);
  return (
    <div id={id} className="min-w-0">
      {list.isPending ? <PanelLoading /> : null}
      {list.error && !list.data ? <PanelMessage tone="error">{COMPROBANTES_LOAD_FAILED}</PanelMessage> : null}
      {list.data && list.data.items.length === 0 ? <PanelMessage>{COMPROBANTES_NONE}</PanelMessage> : null}
      {list.data && list.data.items.length > 0 ? (
        <ul className="grid gap-2">
          {list.data.items.map((doc) => (
            <ComprobanteCard key={doc.id} doc={doc} all={list.data.items} clientCode={clientCode} reversed={reversed} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
