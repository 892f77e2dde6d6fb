// Sin dueño (issue 20, docs/decisions/128): packages the warehouse received that nobody
// pre-alerted, waiting ones first, then those claimed with the client they went to. Search by
// number or label code, edit what the label says, assign to a client by code (the dialog shows
// the client's name before confirming). Clients' pre-alerts of waiting numbers are listed first,
// "Por confirmar" (matches-panel.tsx, docs/decisions/155).
import { useState, type FormEvent } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Dialog, DialogContent, DialogFormActions } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { toast } from "../../../components/ui/use-toast";
import { errorMessageFrom } from "../../../lib/api";
import { useLoadErrorToast } from "../../../lib/admin/admin-api";
import { useAdminSession } from "../../../lib/admin/admin-session";
import { useDebouncedValue } from "../../../lib/admin/use-debounced-value";
import { formatDateTime } from "../../../../shared/domain/format";
import type { TUnclaimedPackage } from "../../../../shared/api/admin/warehouse";
import { MatchesPanel } from "./matches-panel";
import { assignUnclaimed, centimetres, clientByCode, updateUnclaimed, useUnclaimedList, wholeGrams } from "./warehouse-api";

export function UnclaimedSection() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim());
  const query = useUnclaimedList(q, page);
  useLoadErrorToast(query.error, "Error", "No se pudo cargar Sin dueño");
  const [editing, setEditing] = useState<TUnclaimedPackage | null>(null);
  const [assigning, setAssigning] = useState<TUnclaimedPackage | null>(null);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <MatchesPanel />
      <div className="space-y-1.5">
        <Label htmlFor="sin-dueno-buscar">Buscar por número de guía o código de la etiqueta</Label>
        <Input
          id="sin-dueno-buscar"
          type="search"
          autoComplete="off"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {data ? <p className="text-sm text-muted">Esperando dueño: {data.openTotal}</p> : null}
      {!data ? (
        query.isLoading ? (
          <PanelLoading />
        ) : null
      ) : data.items.length === 0 ? (
        <PanelMessage>{q ? "No hay paquetes sin dueño con esa búsqueda" : "No hay paquetes sin dueño"}</PanelMessage>
      ) : (
        <ul className="space-y-2">
          {data.items.map((item) => (
            <li key={item.id}>
              <UnclaimedCard item={item} onEdit={() => setEditing(item)} onAssign={() => setAssigning(item)} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <div className="flex items-center justify-between gap-2">
          <Button variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Anterior
          </Button>
          <span className="text-sm text-muted">
            Página {page} de {pages}
          </span>
          <Button variant="outline" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Siguiente
          </Button>
        </div>
      ) : null}
      {editing ? <EditDialog item={editing} onClose={() => setEditing(null)} /> : null}
      {assigning ? <AssignDialog item={assigning} onClose={() => setAssigning(null)} /> : null}
    </div>
  );
}

function measuresText(item: TUnclaimedPackage): string {
  const parts: string[] = [];
  if (item.pesoGramos !== null) parts.push(`${item.pesoGramos} g`);
  if (item.largoCm !== null && item.anchoCm !== null && item.altoCm !== null) parts.push(`${item.largoCm} × ${item.anchoCm} × ${item.altoCm} cm`);
  return parts.join(" · ") || "Sin peso";
}

function UnclaimedCard({ item, onEdit, onAssign }: { item: TUnclaimedPackage; onEdit: () => void; onAssign: () => void }) {
  const open = item.claimedAt === null;
  return (
    <Card className="space-y-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 break-all font-mono font-semibold text-ink">{item.trackingCode}</span>
        {open ? <Badge tone="warning">Esperando dueño</Badge> : <Badge tone="success">Asignado</Badge>}
      </div>
      <p className="text-sm text-muted">
        {[item.carrier, measuresText(item), item.clientCodeHint ? `Etiqueta: ${item.clientCodeHint}` : null].filter(Boolean).join(" · ")}
      </p>
      <p className="text-sm text-muted">
        Recibido el {formatDateTime(item.receivedAt)}
        {item.receivedBy ? ` por ${item.receivedBy}` : ""}
      </p>
      {item.notas ? <p className="text-sm text-ink">{item.notas}</p> : null}
      {item.photos.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {item.photos.map((photo, index) => (
            <a key={photo.url} href={photo.url} target="_blank" rel="noreferrer" className="text-sm text-primary underline">
              {photo.kind === "ETIQUETA" ? "Foto de la etiqueta" : `Foto ${index + 1}`}
            </a>
          ))}
        </div>
      ) : null}
      {item.claimedBy ? (
        <p className="text-sm font-medium text-ink">
          Asignado a {item.claimedBy.clientCode} · {item.claimedBy.clientName}
          {item.claimedAt ? ` el ${formatDateTime(item.claimedAt)}` : ""}
        </p>
      ) : null}
      {open ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="outline" size="lg" className="w-full sm:w-auto" onClick={onEdit}>
            Editar
          </Button>
          <Button size="lg" className="w-full sm:w-auto" onClick={onAssign}>
            Asignar a un cliente
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function EditDialog({ item, onClose }: { item: TUnclaimedPackage; onClose: () => void }) {
  const text = (v: number | string | null) => (v === null ? "" : String(v));
  const [fields, setFields] = useState({
    carrier: text(item.carrier),
    clientCodeHint: text(item.clientCodeHint),
    grams: text(item.pesoGramos),
    largo: text(item.largoCm),
    ancho: text(item.anchoCm),
    alto: text(item.altoCm),
    notas: text(item.notas),
  });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { handleUnauthorized } = useAdminSession();
  const set = (key: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));
  const cm = (v: string) => (v.trim() ? (centimetres(v) ?? -1) : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await updateUnclaimed(item.id, {
        carrier: fields.carrier,
        clientCodeHint: fields.clientCodeHint,
        pesoGramos: fields.grams.trim() ? (wholeGrams(fields.grams) ?? -1) : null,
        largoCm: cm(fields.largo),
        anchoCm: cm(fields.ancho),
        altoCm: cm(fields.alto),
        notas: fields.notas,
      });
      toast({ title: "Guardado", description: item.trackingCode });
      onClose();
    } catch (err) {
      if (!handleUnauthorized(err)) setError(errorMessageFrom(err, "No se pudo guardar"));
      setPending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="Editar paquete sin dueño" description={item.trackingCode}>
        <form method="post" onSubmit={submit} className="space-y-3">
          <div className="space-y-1.5">
            <Label htmlFor="sde-peso">Peso en gramos</Label>
            <Input id="sde-peso" inputMode="numeric" autoComplete="off" value={fields.grams} onChange={set("grams")} />
          </div>
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium text-ink">Medidas en centímetros (largo, ancho, alto)</legend>
            <div className="grid grid-cols-3 gap-2">
              <Input aria-label="Largo" inputMode="decimal" autoComplete="off" value={fields.largo} onChange={set("largo")} />
              <Input aria-label="Ancho" inputMode="decimal" autoComplete="off" value={fields.ancho} onChange={set("ancho")} />
              <Input aria-label="Alto" inputMode="decimal" autoComplete="off" value={fields.alto} onChange={set("alto")} />
            </div>
          </fieldset>
          <div className="space-y-1.5">
            <Label htmlFor="sde-codigo" optional>
              Código de cliente en la etiqueta
            </Label>
            <Input id="sde-codigo" autoComplete="off" value={fields.clientCodeHint} onChange={set("clientCodeHint")} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="sde-carrier" optional>
              Empresa de envío
            </Label>
            <Input id="sde-carrier" autoComplete="off" value={fields.carrier} onChange={set("carrier")} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="sde-notas" optional>
              Notas
            </Label>
            <Input id="sde-notas" autoComplete="off" value={fields.notas} onChange={set("notas")} />
          </div>
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFormActions submitLabel="Guardar" pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function AssignDialog({ item, onClose }: { item: TUnclaimedPackage; onClose: () => void }) {
  const [code, setCode] = useState(item.clientCodeHint ?? "");
  const [client, setClient] = useState<{ clientCode: string; clientName: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { handleUnauthorized } = useAdminSession();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      if (!client) {
        // First step: whose code it is; the second press assigns.
        setClient(await clientByCode(code));
        setPending(false);
        return;
      }
      await assignUnclaimed(item.id, client.clientCode);
      toast({ title: "Asignado", description: `${item.trackingCode} → ${client.clientCode} · ${client.clientName}` });
      onClose();
    } catch (err) {
      if (!handleUnauthorized(err)) setError(errorMessageFrom(err, "No se pudo asignar"));
      setPending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="Asignar a un cliente" description={item.trackingCode}>
        <form method="post" onSubmit={submit} className="space-y-3">
          <div className="space-y-1.5">
            <Label htmlFor="sda-codigo">Código del cliente</Label>
            <Input
              id="sda-codigo"
              autoComplete="off"
              autoCapitalize="characters"
              placeholder="EX…"
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setClient(null);
              }}
            />
          </div>
          {client ? (
            <p role="status" className="rounded-md bg-slate-100 p-3 text-sm text-ink">
              ¿Asignar a <strong>{client.clientName}</strong> ({client.clientCode})? El cliente recibirá el aviso de que su paquete está en bodega.
            </p>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFormActions submitLabel={client ? "Confirmar" : "Buscar cliente"} pending={pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
