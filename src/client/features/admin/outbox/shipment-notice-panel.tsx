// "Aviso a un embarque" (decision 213): staff pick an Embarque and a notice template, read how
// many clients get it and how many are skipped and why (opted out, cannot receive, no phone),
// then confirm. The server queues one message per client, once per 24 hours for the same notice.

import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Loader2, Megaphone, Send } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Label } from "../../../components/ui/label";
import { Select } from "../../../components/ui/select";
import { toast } from "../../../components/ui/use-toast";
import { queryClient } from "../../../lib/query-client";
import { ADMIN_QUERY_ROOT, getAdminJson, sendAdminJson, useChangeErrorToast, useLoadErrorToast } from "../../../lib/admin/admin-api";
import { routePath } from "../../../../shared/api/contract";
import { formatDateTime } from "../../../../shared/domain/format";
import { SHIPMENT_NOTICE_TEMPLATES, SHIPMENT_NOTICE_TEMPLATE_KEYS, type ShipmentNoticeTemplate } from "../../../../shared/domain/whatsapp-outbox";
import { SHIPMENTS_ROUTE, SHIPMENT_TYPE_LABELS } from "../../../../shared/api/admin/shipments";
import { SHIPMENT_NOTICE_PREVIEW_ROUTE, SHIPMENT_NOTICE_SEND_ROUTE, type TShipmentNoticePreview } from "../../../../shared/api/admin/outbox";

const NOTICE_FAILED = "No se pudo enviar el aviso";
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Counts({ preview }: { preview: TShipmentNoticePreview }) {
  const { skipped } = preview;
  return (
    <div role="status" aria-live="polite" className="grid gap-1 text-sm" data-testid="conteo-aviso">
      <p className="text-ink">
        <strong>{plural(preview.clients, "cliente", "clientes")}</strong> con paquetes en este embarque; recibirán el aviso{" "}
        <strong>{preview.willSend}</strong>.
      </p>
      {skipped.optedOut + skipped.unreachable + skipped.noPhone > 0 ? (
        <ul className="list-disc pl-5 text-muted">
          {skipped.optedOut ? <li>{plural(skipped.optedOut, "pidió", "pidieron")} no recibir mensajes (BAJA)</li> : null}
          {skipped.unreachable ? <li>{plural(skipped.unreachable, "número no puede", "números no pueden")} recibir WhatsApp</li> : null}
          {skipped.noPhone ? <li>{plural(skipped.noPhone, "cliente no tiene", "clientes no tienen")} teléfono</li> : null}
        </ul>
      ) : null}
      {preview.sample ? <p className="break-words rounded-md bg-slate-50 p-2 text-ink">Ejemplo: «{preview.sample}»</p> : null}
      {preview.alreadySentAt ? (
        <p className="rounded-md bg-amber-50 p-2 text-amber-900">Este aviso ya se envió a este embarque el {formatDateTime(preview.alreadySentAt)}; no se puede repetir en 24 horas.</p>
      ) : null}
    </div>
  );
}

export function ShipmentNoticePanel({ onSent }: { onSent: (embarqueId: number) => void }) {
  const [open, setOpen] = useState(false);
  const [embarqueId, setEmbarqueId] = useState("");
  const [plantilla, setPlantilla] = useState<ShipmentNoticeTemplate | "">("");
  const fail = useChangeErrorToast();
  const shipmentsUrl = routePath(SHIPMENTS_ROUTE, { page: 1, pageSize: 100 });
  const shipments = useQuery(
    { queryKey: [ADMIN_QUERY_ROOT, "outbox-shipments"], queryFn: () => getAdminJson(shipmentsUrl, SHIPMENTS_ROUTE.responses[200]), enabled: open },
    queryClient,
  );
  const ready = embarqueId !== "" && plantilla !== "";
  const previewUrl = ready ? routePath(SHIPMENT_NOTICE_PREVIEW_ROUTE, { embarqueId, plantilla }) : "";
  const preview = useQuery(
    { queryKey: [ADMIN_QUERY_ROOT, "outbox-notice", previewUrl], queryFn: () => getAdminJson(previewUrl, SHIPMENT_NOTICE_PREVIEW_ROUTE.responses[200]), enabled: ready },
    queryClient,
  );
  useLoadErrorToast(preview.error, "Error", "No se pudo contar los clientes del embarque");
  const send = useMutation(
    {
      mutationFn: () =>
        sendAdminJson("POST", routePath(SHIPMENT_NOTICE_SEND_ROUTE), SHIPMENT_NOTICE_SEND_ROUTE.responses[200], { embarqueId: Number(embarqueId), plantilla }),
      onSuccess: (result) => {
        toast({ title: "Aviso en cola", description: result.message });
        void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT] });
        setOpen(false);
        setPlantilla("");
        onSent(result.shipment.id);
      },
      onError: (error) => {
        fail(error, NOTICE_FAILED, NOTICE_FAILED);
        void preview.refetch();
      },
    },
    queryClient,
  );

  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-ink">Aviso a un embarque</h2>
          <p className="text-sm text-muted">Un mensaje de WhatsApp a todos los clientes con paquetes en un embarque, desde una plantilla aprobada.</p>
        </div>
        {!open ? (
          <Button variant="outline" onClick={() => setOpen(true)}>
            <Megaphone className="h-4 w-4" aria-hidden="true" />
            Preparar aviso
          </Button>
        ) : null}
      </div>
      {open ? (
        <div className="mt-4 grid gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <Label htmlFor="notice-shipment">Embarque</Label>
              <Select id="notice-shipment" value={embarqueId} onChange={(e) => setEmbarqueId(e.target.value)} className="mt-1.5">
                <option value="">{shipments.isPending ? "Cargando embarques…" : "Elija un embarque"}</option>
                {(shipments.data?.shipments ?? []).map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {SHIPMENT_TYPE_LABELS[s.formaEnvio]} {s.numeroGuia} · {s.fecha}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <Label htmlFor="notice-template">Plantilla</Label>
              <Select
                id="notice-template"
                value={plantilla}
                onChange={(e) => setPlantilla(SHIPMENT_NOTICE_TEMPLATE_KEYS.find((k) => k === e.target.value) ?? "")}
                className="mt-1.5"
              >
                <option value="">Elija una plantilla</option>
                {SHIPMENT_NOTICE_TEMPLATES.map((t) => (
                  <option key={t.key} value={t.key}>
                    {t.label}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          {ready && preview.isPending ? <p className="text-sm text-muted">Contando clientes…</p> : null}
          {preview.data && ready ? <Counts preview={preview.data} /> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              className="h-auto min-h-10 max-w-full whitespace-normal py-2 text-left"
              disabled={!preview.data || !ready || preview.data.willSend === 0 || preview.data.alreadySentAt !== null || send.isPending}
              onClick={() => send.mutate()}
            >
              {send.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
              {preview.data && ready ? `Confirmar y enviar a ${plural(preview.data.willSend, "cliente", "clientes")}` : "Confirmar y enviar"}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
          </div>
        </div>
      ) : null}
    </Card>
  );
}
