// Reporte de bodega (issue 32 item 8, docs/decisions/154): one Costa Rica day (default today,
// kept in the address as ?fecha=) with Anterior / Siguiente día, the four sections of the
// server's report as lists that fit a 320 px phone, and "Descargar Excel" (one sheet a section).
// The day picks the receipts; the other three sections are the warehouse as it is now.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ChevronLeft, ChevronRight, Download, Loader2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { toast } from "../../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../../../lib/api";
import { queryClient } from "../../../lib/query-client";
import { ADMIN_QUERY_ROOT, getAdminJson, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { fileNameFromDisposition, saveBlob } from "../../../lib/admin/download-file";
import { useUrlFilters } from "../../../lib/admin/use-url-filters";
import { addDays, costaRicaDayKey, costaRicaDayStart, isCalendarDay } from "../../../../shared/domain/dates";
import { formatColones, formatDate, formatDateTime } from "../../../../shared/domain/format";
import { trackingStatusLabel } from "../../../../shared/domain/statuses";
import { routePath } from "../../../../shared/api/contract";
import { EXPORT_FAILED_FALLBACK, EXPORT_FAILED_TITLE, EXPORT_SUCCESS_TITLE } from "../../../../shared/api/excel";
import {
  REPORT_SECTION_TITLES,
  WAREHOUSE_REPORT_ROUTE,
  WAREHOUSE_REPORT_XLSX_ROUTE,
  warehouseReportFileName,
  type TMissingPackage,
  type TReportPackage,
} from "../../../../shared/api/admin/warehouse-report";

const REPORT_KEY = [ADMIN_QUERY_ROOT, "warehouse", "report"] as const;
const shiftDay = (day: string, days: number) => costaRicaDayKey(addDays(costaRicaDayStart(day), days));
export const REPORT_LOAD_FAILED = "No se pudo cargar el reporte de bodega";

async function download(day: string): Promise<void> {
  try {
    const res = await apiRequest("GET", routePath(WAREHOUSE_REPORT_XLSX_ROUTE, { date: day }));
    const fileName = fileNameFromDisposition(res.headers.get("content-disposition")) ?? warehouseReportFileName(day);
    saveBlob(await res.blob(), fileName);
    toast({ title: EXPORT_SUCCESS_TITLE, description: fileName });
  } catch (error) {
    toast({ title: EXPORT_FAILED_TITLE, description: errorMessageFrom(error, EXPORT_FAILED_FALLBACK), variant: "destructive" });
  }
}

const weightOf = (p: TReportPackage) => (p.pesoGramos !== null ? `${p.pesoGramos} g` : p.pieCubicos !== null ? `${p.pieCubicos} pie³` : "sin peso");

function PackageLine({ p, extra }: { p: TReportPackage | TMissingPackage; extra?: ReactNode }) {
  return (
    <li className="grid gap-0.5 px-3 py-2 text-sm">
      <span className="font-mono break-all text-ink">{p.trackingCode}</span>
      <span className="text-muted">
        {p.clientCode} · {p.clientName}
      </span>
      <span className="text-muted">
        {trackingStatusLabel(p.estado, p.origen)} · {weightOf(p)} · {p.montoColones !== null ? formatColones(p.montoColones) : "sin monto"}
        {p.receivedAt ? ` · ${formatDateTime(p.receivedAt)}` : ""}
        {p.days !== null && p.days > 0 ? ` · ${p.days} ${p.days === 1 ? "día" : "días"}` : ""}
      </span>
      {extra}
    </li>
  );
}

function ReportBlock({ id, title, total, shown, children }: { id: string; title: string; total: number; shown: number; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h3 id={id} className="text-base font-semibold text-ink">
        {title}: {total}
      </h3>
      {total === 0 ? <p className="text-sm text-muted">Ninguno.</p> : children}
      {shown < total ? <p className="text-xs text-muted">Se muestran {shown} de {total}; el Excel los lista igual.</p> : null}
    </section>
  );
}

const LIST = "divide-y divide-slate-200 rounded-md border border-slate-200 bg-white";

export function WarehouseReportSection() {
  const filters = useUrlFilters({ fecha: "" });
  const today = costaRicaDayKey(new Date());
  const asked = filters.values.fecha;
  const day = asked && isCalendarDay(asked) && asked <= today ? asked : today;
  const setDay = (next: string) => filters.set({ fecha: next === today ? "" : next });
  const [downloading, setDownloading] = useState(false);
  const report = useQuery(
    {
      queryKey: [...REPORT_KEY, day],
      queryFn: () => getAdminJson(routePath(WAREHOUSE_REPORT_ROUTE, { date: day }), WAREHOUSE_REPORT_ROUTE.responses[200]),
      placeholderData: keepPreviousData,
    },
    queryClient,
  );
  useLoadErrorToast(report.error, "Error", REPORT_LOAD_FAILED);
  const data = report.data;

  return (
    <Card className="grid gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <Label htmlFor="reporte-fecha">Día</Label>
          <div className="mt-1.5 flex flex-wrap items-center gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setDay(shiftDay(day, -1))}>
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
              Anterior
            </Button>
            <Input id="reporte-fecha" type="date" value={day} max={today} onChange={(e) => e.target.value && setDay(e.target.value)} className="w-auto min-w-0" />
            <Button type="button" variant="outline" size="sm" disabled={day >= today} onClick={() => setDay(shiftDay(day, 1))}>
              Siguiente día
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={downloading}
          onClick={() => {
            setDownloading(true);
            void download(day).finally(() => setDownloading(false));
          }}
        >
          {downloading ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Download className="h-4 w-4" aria-hidden="true" />}
          Descargar Excel
        </Button>
      </div>

      {report.isPending ? <PanelLoading /> : null}
      {report.isError && !data ? <PanelMessage tone="error">{REPORT_LOAD_FAILED}</PanelMessage> : null}
      {data ? (
        <>
          <ReportBlock id="reporte-recibidos" title={`${REPORT_SECTION_TITLES.received} ${formatDate(costaRicaDayStart(data.date))}`} total={data.received.total} shown={data.received.rows.length}>
            <ul className={LIST}>
              {data.received.rows.map((p) => (
                <PackageLine key={p.id} p={p} />
              ))}
            </ul>
          </ReportBlock>
          <p className="text-xs text-muted">Las secciones siguientes muestran la bodega ahora ({formatDateTime(data.generatedAt)}).</p>
          <ReportBlock id="reporte-sin-embarque" title={REPORT_SECTION_TITLES.notShipped} total={data.notShipped.total} shown={data.notShipped.rows.length}>
            <ul className={LIST}>
              {data.notShipped.rows.map((p) => (
                <PackageLine key={p.id} p={p} />
              ))}
            </ul>
          </ReportBlock>
          <ReportBlock
            id="reporte-sin-dueno"
            title={REPORT_SECTION_TITLES.unclaimed}
            total={data.unclaimed.total}
            shown={data.unclaimed.bands.reduce((n, b) => n + b.rows.length, 0)}
          >
            <div className="grid gap-2">
              {data.unclaimed.bands.map((band) => (
                <details key={band.key} className="rounded-md border border-slate-200 bg-white">
                  <summary className="flex cursor-pointer items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="text-ink">{band.label}</span>
                    <Badge tone={band.key === "31+" && band.count > 0 ? "danger" : "neutral"}>{band.count}</Badge>
                  </summary>
                  {band.rows.length > 0 ? (
                    <ul className="divide-y divide-slate-200 border-t border-slate-200">
                      {band.rows.map((r) => (
                        <li key={r.id} className="grid gap-0.5 px-3 py-2 text-sm">
                          <span className="font-mono break-all text-ink">{r.trackingCode}</span>
                          <span className="text-muted">
                            {[r.carrier, r.clientCodeHint ? `etiqueta ${r.clientCodeHint}` : null, r.pesoGramos !== null ? `${r.pesoGramos} g` : null, formatDateTime(r.receivedAt), `${r.days} ${r.days === 1 ? "día" : "días"}`]
                              .filter(Boolean)
                              .join(" · ")}
                          </span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </details>
              ))}
            </div>
          </ReportBlock>
          <ReportBlock id="reporte-sin-peso" title={REPORT_SECTION_TITLES.missing} total={data.missing.total} shown={data.missing.rows.length}>
            <ul className={LIST}>
              {data.missing.rows.map((p) => (
                <PackageLine
                  key={p.id}
                  p={p}
                  extra={
                    <span className="flex flex-wrap gap-1">
                      <Badge tone="warning">{p.motivo}</Badge>
                    </span>
                  }
                />
              ))}
            </ul>
          </ReportBlock>
        </>
      ) : null}
    </Card>
  );
}
