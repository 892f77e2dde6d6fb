// One shipment (issue 20): its facts and totals, the scan field that adds a package (our label or
// the carrier's barcode; several clients with that number → choose one), 'Agregar recibidos'
// (received packages of its type waiting at Miami), its packages with 'Quitar' while open,
// 'Cerrar' / 'Reabrir', the manifest (Excel, PDF), the labels, and the three moves, each
// confirmed with how many packages move and that every client gets a WhatsApp message.
import { useState } from "react";
import { ArrowLeft, FileSpreadsheet, FileText, Lock, LockOpen, PackagePlus, Pencil, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { AlertDialog, AlertDialogContent } from "../../../components/ui/alert-dialog";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { ScanField } from "../../../components/scan-field";
import { scanFeedback } from "../../../lib/scan-feedback";
import { toast } from "../../../components/ui/use-toast";
import { useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { PrintLabelsButton } from "../../../lib/admin/print-labels";
import { formatDate, formatQuantity, formatUsd, formatWholeNumber } from "../../../../shared/domain/format";
import { TRACKING_STATUS_LABELS, trackingStatusLabel } from "../../../../shared/domain/statuses";
import { SHIPMENT_STATE_LABELS } from "../../../../shared/domain/warehouse";
import {
  SHIPMENT_GUIDE_LABELS,
  SHIPMENT_MOVE_STATUSES,
  SHIPMENT_TRANSPORT_LABELS,
  SHIPMENT_TYPE_LABELS,
  shipmentMoveConfirm,
  type ShipmentMoveStatus,
  type TShipment,
  type TShipmentPackage,
  shipmentCloseConfirm,
} from "../../../../shared/api/admin/shipments";
import { ShipmentDialog } from "./shipment-dialog";
import { InvoiceFileButton } from "../../../components/invoice-file-button";
import { INVOICE_NONE, invoiceSummary } from "../../../../shared/api/purchase-invoices";
import { STAFF_INVOICE_FILE_ROUTE } from "../../../../shared/api/purchase-invoice-routes";
import { routePath } from "../../../../shared/api/contract";
import { addToShipment, closeOrReopen, downloadManifest, moveShipment, refreshShipment, removeFromShipment, useReadyPackages, useShipment } from "./api";
import { StaffInvoiceAttach } from "../../../lib/admin/staff-invoice";

export function ShipmentDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const query = useShipment(id);
  useLoadErrorToast(query.error, "Error", "No se pudo cargar el embarque");
  const changeError = useChangeErrorToast();
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<TShipmentPackage[] | null>(null);
  const [picking, setPicking] = useState(false);
  const [moving, setMoving] = useState<ShipmentMoveStatus | null>(null);
  const [closing, setClosing] = useState(false);
  const [editing, setEditing] = useState(false);

  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      changeError(error, fallback);
    } finally {
      setBusy(false);
    }
  };

  const add = (body: { code: string } | { trackingIds: number[] }) =>
    run(async () => {
      const scanned = "code" in body;
      let outcome: Awaited<ReturnType<typeof addToShipment>>;
      try {
        outcome = await addToShipment(id, body);
      } catch (error) {
        if (scanned) scanFeedback("error");
        throw error;
      }
      if (scanned) scanFeedback("ok");
      if (outcome.kind === "choose") setChoices(outcome.matches);
      else toast({ title: outcome.added === 1 ? "Paquete agregado" : `${outcome.added} paquetes agregados` });
    }, "No se pudo agregar el paquete");

  if (query.isLoading) return <PanelLoading />;
  if (!query.data) return <PanelMessage tone="error">No se pudo cargar el embarque.</PanelMessage>;
  const { shipment: s, packages } = query.data;
  const open = s.estado === "ABIERTO";
  const behind = (target: ShipmentMoveStatus) =>
    packages.filter((p) => SHIPMENT_MOVE_STATUSES.indexOf(target) > SHIPMENT_MOVE_STATUSES.indexOf(p.estado as ShipmentMoveStatus) && p.estado !== "ENTREGADO").length;

  return (
    <section aria-labelledby="embarque-title" className="grid gap-4">
      <Button type="button" variant="ghost" className="justify-self-start" onClick={onBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Volver a embarques
      </Button>
      <header className="grid gap-1">
        <h2 id="embarque-title" className="text-xl font-semibold text-ink">
          {SHIPMENT_GUIDE_LABELS[s.formaEnvio]} {s.numeroGuia}
        </h2>
        <p className="text-sm text-muted">
          {SHIPMENT_TYPE_LABELS[s.formaEnvio]} · {SHIPMENT_TRANSPORT_LABELS[s.formaEnvio]}: {s.transporte ?? "—"} · {formatDate(`${s.fecha}T12:00:00-06:00`)} ·{" "}
          <strong className="text-ink">{SHIPMENT_STATE_LABELS[s.estado]}</strong>
        </p>
        {s.notas ? <p className="text-sm whitespace-pre-line text-ink">{s.notas}</p> : null}
        {open ? (
          <Dialog open={editing} onOpenChange={setEditing}>
            <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Editar datos
            </Button>
            {editing ? <ShipmentDialog shipment={s} onDone={() => setEditing(false)} /> : null}
          </Dialog>
        ) : null}
      </header>
      <Totals shipment={s} />

      {open ? (
        <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <ScanField id="embarque-scan" label="Agregar por escaneo" onScan={(code) => void add({ code })} busy={busy} />
          <Button type="button" variant="outline" size="lg" onClick={() => setPicking(true)} disabled={busy}>
            <PackagePlus className="h-5 w-5" aria-hidden="true" />
            Agregar recibidos
          </Button>
        </div>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {open ? (
          <Button type="button" size="lg" disabled={busy || packages.length === 0} onClick={() => setClosing(true)}>
            <Lock className="h-5 w-5" aria-hidden="true" />
            Cerrar embarque
          </Button>
        ) : (
          <Button type="button" variant="outline" disabled={busy} onClick={() => void run(() => closeOrReopen(id, "reopen"), "No se pudo reabrir el embarque")}>
            <LockOpen className="h-4 w-4" aria-hidden="true" />
            Reabrir
          </Button>
        )}
        <Button type="button" variant="outline" disabled={packages.length === 0} onClick={() => void downloadManifest(id, "xlsx")}>
          <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
          Manifiesto Excel
        </Button>
        <Button type="button" variant="outline" disabled={packages.length === 0} onClick={() => void downloadManifest(id, "pdf")}>
          <FileText className="h-4 w-4" aria-hidden="true" />
          Manifiesto PDF
        </Button>
        <PrintLabelsButton ids={packages.map((p) => p.id)} format="termica" label="Etiquetas térmicas" />
        <PrintLabelsButton ids={packages.map((p) => p.id)} format="a4" label="Etiquetas A4" />
      </div>

      {!open ? (
        <div className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4">
          <h3 className="font-semibold text-ink">Mover los paquetes</h3>
          <div className="grid gap-2 sm:grid-cols-3">
            {SHIPMENT_MOVE_STATUSES.map((estado) => (
              <Button key={estado} type="button" size="lg" variant={s.nextMove === estado ? "primary" : "outline"} disabled={busy || s.nextMove !== estado} onClick={() => setMoving(estado)}>
                {TRACKING_STATUS_LABELS[estado]}
              </Button>
            ))}
          </div>
        </div>
      ) : null}

      <PackageList
        packages={packages}
        open={open}
        busy={busy}
        onRemove={(p) => void run(() => removeFromShipment(id, p.id), "No se pudo quitar el paquete")}
        onInvoice={() => refreshShipment(id)}
      />

      <AlertDialog open={closing} onOpenChange={(value) => !busy && setClosing(value)}>
        {closing ? (
          <AlertDialogContent
            title="Cerrar embarque"
            description={shipmentCloseConfirm(packages.length)}
            confirmLabel="Cerrar embarque"
            pending={busy}
            onConfirm={() =>
              void run(async () => {
                await closeOrReopen(id, "close");
                setClosing(false);
              }, "No se pudo cerrar el embarque")
            }
          />
        ) : null}
      </AlertDialog>

      <AlertDialog open={moving !== null} onOpenChange={(value) => !value && setMoving(null)}>
        {moving ? (
          <AlertDialogContent
            title={`Mover a '${TRACKING_STATUS_LABELS[moving]}'`}
            description={shipmentMoveConfirm(behind(moving), moving)}
            confirmLabel="Mover"
            pending={busy}
            onConfirm={() =>
              void run(async () => {
                const message = await moveShipment(id, moving);
                setMoving(null);
                toast({ title: message });
              }, "No se pudieron mover los paquetes")
            }
          />
        ) : null}
      </AlertDialog>

      <Dialog open={choices !== null} onOpenChange={(value) => !value && setChoices(null)}>
        {choices ? (
          <DialogContent title="Elige el paquete" description="Varios clientes tienen un paquete con ese número.">
            <ul className="grid gap-2">
              {choices.map((p) => (
                <li key={p.id}>
                  <Button
                    type="button"
                    variant="outline"
                    size="lg"
                    className="h-auto w-full justify-start py-3 text-left"
                    onClick={() => {
                      setChoices(null);
                      void add({ trackingIds: [p.id] });
                    }}
                  >
                    <span className="grid">
                      <span className="font-semibold">{p.clientCode}</span>
                      <span className="text-sm">{p.clientName}</span>
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
          </DialogContent>
        ) : null}
      </Dialog>

      <Dialog open={picking} onOpenChange={setPicking}>
        {picking ? (
          <ReadyPicker
            id={id}
            onAdd={(ids) => {
              setPicking(false);
              void add({ trackingIds: ids });
            }}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

function Totals({ shipment: s }: { shipment: TShipment }) {
  const t = s.totals;
  const items: [string, string][] = [
    ["Piezas", formatWholeNumber(t.piezas)],
    ["Peso", `${formatWholeNumber(t.gramos)} g`],
    ["Pies cúbicos", formatQuantity(t.pieCubicos, 3)],
    ["Valor declarado", formatUsd(t.valorDeclaradoUsd)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Totales del embarque">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="text-lg font-semibold text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PackageList({
  packages,
  open,
  busy,
  onRemove,
  onInvoice,
}: {
  packages: TShipmentPackage[];
  open: boolean;
  busy: boolean;
  onRemove: (p: TShipmentPackage) => void;
  onInvoice: () => void;
}) {
  if (packages.length === 0) return <PanelMessage>Este embarque aún no tiene paquetes. Escanéalos o usa 'Agregar recibidos'.</PanelMessage>;
  return (
    <ul className="grid gap-2" aria-label="Paquetes del embarque">
      {packages.map((p) => (
        <li key={p.id} className="flex items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3">
          <div className="grid min-w-0 gap-0.5">
            <span className="font-semibold text-ink">
              {p.clientCode} · {p.clientName}
            </span>
            <span className="text-sm break-all text-ink">{p.trackingCode}</span>
            <span className="text-xs text-muted">
              {p.carrier ?? "Carrier desconocido"} · {p.pesoGramos === null ? "—" : `${formatWholeNumber(p.pesoGramos)} g`} · {trackingStatusLabel(p.estado, p.origen)}
            </span>
            {/* What the client declared and its purchase invoice (issue 36 item 2). */}
            <span className="text-xs break-words text-muted">
              {[p.descripcion, p.tiendaOrigen, p.valorDeclarado === null ? null : `${formatUsd(p.valorDeclarado)} USD`].filter(Boolean).join(" · ") || "Sin declaración"} · Factura:{" "}
              {p.factura ? invoiceSummary(p.factura) : INVOICE_NONE}
            </span>
            {/* The manifest's invoices: open one, or attach the one missing (docs/decisions/241). */}
            <span className="flex flex-wrap gap-2 pt-1">
              {p.factura ? <InvoiceFileButton url={routePath(STAFF_INVOICE_FILE_ROUTE, { id: p.id })} trackingCode={p.trackingCode} /> : null}
              <StaffInvoiceAttach trackingId={p.id} trackingCode={p.trackingCode} hasInvoice={p.factura !== null} onAttached={onInvoice} />
            </span>
          </div>
          {open ? (
            <Button type="button" variant="ghost" size="icon" className="h-11 w-11 shrink-0" aria-label={`Quitar ${p.trackingCode}`} disabled={busy} onClick={() => onRemove(p)}>
              <Trash2 className="h-5 w-5" aria-hidden="true" />
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function ReadyPicker({ id, onAdd }: { id: number; onAdd: (ids: number[]) => void }) {
  const ready = useReadyPackages(id, true);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const toggle = (trackingId: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(trackingId)) next.delete(trackingId);
      else next.add(trackingId);
      return next;
    });
  const all = ready.data?.packages ?? [];
  return (
    <DialogContent title="Agregar recibidos" description="Paquetes recibidos en bodega de origen, de este tipo de envío y sin embarque.">
      {ready.isLoading ? <PanelLoading /> : null}
      {ready.data && all.length === 0 ? <PanelMessage>No hay paquetes recibidos listos para consolidar.</PanelMessage> : null}
      {all.length > 0 ? (
        <>
          <Button type="button" variant="outline" onClick={() => setChosen(chosen.size === all.length ? new Set() : new Set(all.map((p) => p.id)))}>
            {chosen.size === all.length ? "Quitar selección" : `Elegir todos (${all.length})`}
          </Button>
          <ul className="grid max-h-[50vh] gap-2 overflow-y-auto">
            {all.map((p) => (
              <li key={p.id}>
                <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-primary">
                  <input type="checkbox" className="mt-1 h-5 w-5" checked={chosen.has(p.id)} onChange={() => toggle(p.id)} />
                  <span className="grid min-w-0">
                    <span className="font-medium text-ink">
                      {p.clientCode} · {p.clientName}
                    </span>
                    <span className="text-sm break-all text-muted">{p.trackingCode}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Button type="button" size="lg" disabled={chosen.size === 0} onClick={() => onAdd([...chosen])}>
        Agregar {chosen.size > 0 ? chosen.size : ""} {chosen.size === 1 ? "paquete" : "paquetes"}
      </Button>
    </DialogContent>
  );
}
