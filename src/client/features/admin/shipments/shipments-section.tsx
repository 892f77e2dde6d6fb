// Embarques (issue 20, docs/decisions/130), mobile first: the list (open shipments first) with
// each one's type, guide, date, state and totals; 'Nuevo embarque'; a shipment opens its detail
// (shipment-detail.tsx) in place, with 'Volver a embarques'. The open shipment is in the address
// (?embarque=<id>), so a link elsewhere (Bandeja de salida) opens it and the back button closes it.
import { useState } from "react";
import { useSearchParams } from "wouter";
import { Plane, Plus, Ship } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Pagination } from "../../../components/ui/pagination";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { useLoadErrorToast } from "../../../lib/admin/admin-api";
import { formatDate, formatQuantity, formatWholeNumber } from "../../../../shared/domain/format";
import { SHIPMENT_STATE_LABELS } from "../../../../shared/domain/warehouse";
import { SHIPMENT_GUIDE_LABELS, SHIPMENT_PAGE_SIZE_DEFAULT, SHIPMENT_PARAM, SHIPMENT_TYPE_LABELS, type TShipment } from "../../../../shared/api/admin/shipments";
import { useShipmentList } from "./api";
import { ShipmentDialog } from "./shipment-dialog";
import { ShipmentDetail } from "./shipment-detail";

/** A shipment id from the address; anything but a positive whole number shows the list. */
const shipmentIdFrom = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null);

export function ShipmentsSection() {
  const [page, setPage] = useState(1);
  const [params, setParams] = useSearchParams();
  const openId = shipmentIdFrom(params.get(SHIPMENT_PARAM));
  const setOpenId = (id: number | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete(SHIPMENT_PARAM);
      else next.set(SHIPMENT_PARAM, String(id));
      return next;
    });
  const [creating, setCreating] = useState(false);
  const list = useShipmentList(page);
  useLoadErrorToast(list.error, "Error", "No se pudieron cargar los embarques");

  if (openId !== null) return <ShipmentDetail id={openId} onBack={() => setOpenId(null)} />;

  return (
    <section aria-labelledby="embarques-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="embarques-title" className="text-xl font-semibold text-ink">
          Embarques
        </h2>
        <Dialog open={creating} onOpenChange={setCreating}>
          <Button type="button" size="lg" onClick={() => setCreating(true)}>
            <Plus className="h-5 w-5" aria-hidden="true" />
            Nuevo embarque
          </Button>
          {creating ? (
            <ShipmentDialog
              onDone={(detail) => {
                setCreating(false);
                if (detail) setOpenId(detail.shipment.id);
              }}
            />
          ) : null}
        </Dialog>
      </div>
      {list.isLoading ? <PanelLoading /> : null}
      {list.data && list.data.shipments.length === 0 ? <PanelMessage>Aún no hay embarques. Crea el primero con 'Nuevo embarque'.</PanelMessage> : null}
      {list.data && list.data.shipments.length > 0 ? (
        <ul className="grid gap-3" aria-label="Lista de embarques">
          {list.data.shipments.map((s) => (
            <li key={s.id}>
              <ShipmentCard shipment={s} onOpen={() => setOpenId(s.id)} />
            </li>
          ))}
        </ul>
      ) : null}
      {list.data ? (
        <Pagination page={page} pageSize={list.data.pageSize ?? SHIPMENT_PAGE_SIZE_DEFAULT} total={list.data.total} onPage={setPage} label="Páginas de embarques" />
      ) : null}
    </section>
  );
}

function ShipmentCard({ shipment: s, onOpen }: { shipment: TShipment; onOpen: () => void }) {
  const Icon = s.formaEnvio === "AVION" ? Plane : Ship;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="grid w-full gap-1 rounded-lg border border-slate-200 bg-white p-4 text-left shadow-sm hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
    >
      <span className="flex flex-wrap items-center gap-2">
        <Icon className="h-5 w-5 text-primary" aria-hidden="true" />
        <span className="font-semibold text-ink">
          {SHIPMENT_GUIDE_LABELS[s.formaEnvio]} {s.numeroGuia}
        </span>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${s.estado === "ABIERTO" ? "bg-amber-100 text-amber-900" : "bg-slate-200 text-slate-800"}`}
        >
          {SHIPMENT_STATE_LABELS[s.estado]}
        </span>
      </span>
      <span className="text-sm text-muted">
        {SHIPMENT_TYPE_LABELS[s.formaEnvio]} · {s.transporte ?? "sin transporte"} · {formatDate(`${s.fecha}T12:00:00-06:00`)}
      </span>
      <span className="text-sm text-ink">
        {s.totals.piezas} {s.totals.piezas === 1 ? "pieza" : "piezas"} · {formatWholeNumber(s.totals.gramos)} g
        {s.formaEnvio === "BARCO" ? ` · ${formatQuantity(s.totals.pieCubicos, 3)} pies³` : ""}
      </span>
    </button>
  );
}
