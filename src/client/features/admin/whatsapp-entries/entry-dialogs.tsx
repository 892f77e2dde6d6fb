// The WhatsApp entry dialogs: details (customer, code, notes, every message's state) and
// 'Cambiar Estado de Tracking' (staff-side §2, §5): a status select, optional internal notes
// sent only when non-empty, save disabled until a status is chosen.

import { useState, type ReactNode } from "react";
import { Loader2, Send } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Select } from "../../../components/ui/select";
import { Textarea } from "../../../components/ui/textarea";
import { formatDateTime } from "../../../../shared/domain/format";
import { formatPhoneForDisplay } from "../../../../shared/domain/phone";
import {
  WHATSAPP_ENTRY_STATUSES,
  WHATSAPP_ENTRY_STATUS_LABELS,
  type WhatsappEntryStatus,
} from "../../../../shared/domain/statuses";
import type { TMessagingStatus } from "../../../../shared/api/notifications";
import type { TWhatsappEntry } from "../../../../shared/api/whatsapp-entries";
import { useUpdateWhatsappEntry } from "./api";
import { EntryStatusBadge, NotificationStateLine } from "./status-badges";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

export function EntryDetailDialog({
  entry,
  messaging,
  onOpenChange,
}: {
  entry: TWhatsappEntry | null;
  messaging: TMessagingStatus;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={entry !== null} onOpenChange={onOpenChange}>
      {entry ? (
        <DialogContent title="Detalles del código de tracking" className="max-w-xl">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label="Cliente">{entry.customer.nombre}</Fact>
            <Fact label="WhatsApp">{formatPhoneForDisplay(entry.customer.whatsapp)}</Fact>
            <Fact label="Email">{entry.customer.email ?? "—"}</Fact>
            <Fact label="Código de tracking">
              <span className="font-mono">{entry.trackingCode}</span>
            </Fact>
            <Fact label="Estado">
              <EntryStatusBadge estado={entry.estado} />
            </Fact>
            <Fact label="Última actualización">{formatDateTime(entry.updatedAt)}</Fact>
            <Fact label="Registrado">{formatDateTime(entry.createdAt)}</Fact>
            <Fact label="Notas internas">{entry.notas ?? "—"}</Fact>
          </dl>
          <section aria-labelledby="mensajes-whatsapp">
            <h3 id="mensajes-whatsapp" className="text-sm font-semibold text-ink">
              Mensajes de WhatsApp
            </h3>
            {entry.notifications.length === 0 ? (
              <p className="mt-1 text-sm text-muted">Todavía no se ha enviado ningún mensaje sobre este código.</p>
            ) : (
              <ul className="mt-2 grid gap-2">
                {entry.notifications.map((n) => (
                  <li key={n.id} className="rounded-md border border-slate-200 p-2">
                    <p className="text-xs text-muted">{`Creado el ${formatDateTime(n.createdAt)}`}</p>
                    <NotificationStateLine notification={n} messaging={messaging} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

export function EntryStatusDialog({ entry, onOpenChange }: { entry: TWhatsappEntry | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={entry !== null} onOpenChange={onOpenChange}>
      {entry ? (
        <DialogContent title="Cambiar Estado de Tracking" description="El cliente recibe un WhatsApp automático con el nuevo estado.">
          {/* Keyed by entry so each opening starts empty. */}
          <EntryStatusForm key={entry.id} entry={entry} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function EntryStatusForm({ entry, onDone }: { entry: TWhatsappEntry; onDone: () => void }) {
  const [estado, setEstado] = useState<WhatsappEntryStatus | "">("");
  const [notas, setNotas] = useState("");
  const mutation = useUpdateWhatsappEntry(onDone);
  return (
    <form
      method="post"
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!estado) return;
        const trimmed = notas.trim();
        mutation.mutate({ id: entry.id, change: { estado, ...(trimmed ? { notas: trimmed } : {}) } });
      }}
    >
      <dl className="grid gap-3 rounded-lg bg-slate-50 p-4 sm:grid-cols-3">
        <Fact label="Cliente">{entry.customer.nombre}</Fact>
        <Fact label="Código">
          <span className="font-mono">{entry.trackingCode}</span>
        </Fact>
        <Fact label="WhatsApp">{formatPhoneForDisplay(entry.customer.whatsapp)}</Fact>
      </dl>
      <p className="text-sm text-muted">
        Estado actual: <EntryStatusBadge estado={entry.estado} />
      </p>
      <FormField id="entrada-estado" label="Nuevo estado">
        {(control) => (
          <Select {...control} value={estado} onChange={(e) => setEstado(e.target.value as WhatsappEntryStatus | "")}>
            <option value="">Selecciona un estado</option>
            {WHATSAPP_ENTRY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {WHATSAPP_ENTRY_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField id="entrada-notas" label="Notas internas" optional hint="Solo las ve el equipo; no van en el mensaje.">
        {(control) => <Textarea {...control} rows={3} value={notas} maxLength={2000} onChange={(e) => setNotas(e.target.value)} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancelar</Button>
        </DialogClose>
        <Button type="submit" disabled={!estado || mutation.isPending}>
          {mutation.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
          Actualizar y Notificar
        </Button>
      </div>
    </form>
  );
}
