// One registered client (staff-side §2): name, code, registration date, phone and address with
// copy buttons, the AI search counter with its monthly reset, the welcome message's state (by
// hand: preview, 'Copiar mensaje' and 'Enviar WhatsApp'; with a provider: what the outbox did),
// staff's internal notes, 'Editar', 'Fusionar con…' and 'Eliminar' (docs/decisions/120, 121), and
// the client's packages.

import { memo, useState, type ReactNode } from "react";
import { Copy, FileText, GitMerge, Mail, MapPin, NotebookPen, Pencil, Phone, RotateCcw, Sparkles, Trash2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { AlertDialog, AlertDialogTrigger } from "../../../components/ui/alert-dialog";
import { Card } from "../../../components/ui/card";
import { WhatsappIcon } from "../../../components/layout/brand-icons";
import { brand } from "../../../lib/brand";
import { copyText } from "../../../lib/copy-text";
import { useResetSearches } from "../../../lib/admin/admin-queries";
import { COPIED_TITLE, type TAdminClient } from "../../../../shared/api/admin/clients";
import { RESET_COUNTER_BUTTON, UNLIMITED_BADGE } from "../../../../shared/api/admin/search-quota";
import { describeNotification, type TMessagingStatus } from "../../../../shared/api/notifications";
import { effectiveSearchLimit, SEARCH_ACCESS } from "../../../../shared/domain/search-quota";
import { formatDate } from "../../../../shared/domain/format";
import { welcomeMessage } from "../../../../shared/domain/messages";
import { formatPhoneForDisplay, whatsappChatLink } from "../../../../shared/domain/phone";
import { WELCOME_STATE_LABELS } from "../../../../shared/domain/statuses";
import { clientWhatsappNotices } from "../../../../shared/domain/whatsapp";
import { taxIdLabel } from "../../../../shared/api/tax-id";
import { useMarkWelcomeSent } from "./api";
import { ClientFormDialog, DeleteClientDialog, MergeClientDialog } from "./client-dialogs";
import { ProtectionNotice } from "./protection-notice";

export interface ClientCardProps {
  client: TAdminClient;
  rate: number;
  messaging: TMessagingStatus;
  filtering: boolean;
  /** The client's packages (features/admin/trackings), placed by the panel that composes both. */
  renderTrackings: (props: ClientTrackingsSlotProps) => ReactNode;
}

export type ClientTrackingsSlotProps = Omit<ClientCardProps, "renderTrackings">;

function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <button
      type="button"
      onClick={() => void copyText(text, { title: COPIED_TITLE })}
      aria-label={label}
      title={label}
      className="rounded-md p-1.5 text-muted hover:bg-slate-100 hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
    >
      <Copy className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}

/**
 * Memoized: a search or filter redraws the section while the previous page stays on screen, and
 * the cards of that page (same objects) need not redraw with it.
 */
export const ClientCard = memo(function ClientCard({ client, rate, messaging, filtering, renderTrackings }: ClientCardProps) {
  const unlimited = client.unlimitedAccess === SEARCH_ACCESS.UNLIMITED;
  const reset = useResetSearches();
  const markSent = useMarkWelcomeSent();
  const welcome = welcomeMessage({ nombre: client.nombre, clientCode: client.clientCode, brandName: brand.name });
  const outbox = client.welcomeNotification;
  // With a provider the welcome goes out by itself; staff step in only when it failed or never queued.
  const manual = !messaging.configured || !outbox || outbox.status === "FAILED";
  const pending = client.whatsappEnviado === "PENDIENTE";
  const phone = formatPhoneForDisplay(client.telefono);
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const sendWhatsapp = () => {
    window.open(whatsappChatLink(client.telefono, welcome), "_blank", "noopener,noreferrer");
    markSent.mutate(client.clientCode);
  };

  return (
    <Card className="p-5" aria-labelledby={`client-${client.id}-name`} role="article">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`client-${client.id}-name`} className="text-lg font-bold text-ink">
            {client.nombre}
          </h3>
          <p className="mt-1 flex items-center gap-1 text-sm">
            <span className="font-mono font-semibold text-primary">{client.clientCode}</span>
            <CopyButton text={client.clientCode} label={`Copiar código ${client.clientCode}`} />
            <span className="text-muted">· Registrado el {formatDate(client.createdAt)}</span>
          </p>
        </div>
        <Badge tone={pending ? "warning" : "success"}>WhatsApp: {WELCOME_STATE_LABELS[client.whatsappEnviado]}</Badge>
      </div>
      {/* Meta's "cannot receive" mark and the client's BAJA / ALTA (issue 35). */}
      {clientWhatsappNotices(client).map((notice) => (
        <p
          key={notice.text}
          role="note"
          className={`mt-2 rounded-md px-3 py-2 text-sm break-words ${notice.tone === "danger" ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-900"}`}
        >
          {notice.text}
        </p>
      ))}
      <ProtectionNotice client={client} />

      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Editar a ${client.nombre}`}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Editar
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setMerging(true)}>
          <GitMerge className="h-4 w-4" aria-hidden="true" />
          Fusionar con…
        </Button>
        <AlertDialog open={deleting} onOpenChange={setDeleting}>
          <AlertDialogTrigger className={buttonClasses("ghost", "sm", "text-destructive-hover")} aria-label={`Eliminar a ${client.nombre}`}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Eliminar
          </AlertDialogTrigger>
          {deleting ? <DeleteClientDialog client={client} onDone={() => setDeleting(false)} /> : null}
        </AlertDialog>
      </div>

      <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
        <div className="flex items-center gap-2">
          <dt>
            <Phone className="h-4 w-4 text-muted" aria-hidden="true" />
            <span className="sr-only">Teléfono</span>
          </dt>
          <dd className="flex items-center gap-1">
            {phone}
            <CopyButton text={client.telefono} label={`Copiar teléfono ${phone}`} />
          </dd>
        </div>
        {client.email ? (
          <div className="flex items-center gap-2">
            <dt>
              <Mail className="h-4 w-4 text-muted" aria-hidden="true" />
              <span className="sr-only">Email</span>
            </dt>
            <dd className="break-all">{client.email}</dd>
          </div>
        ) : null}
        {client.tipoIdentificacion ? (
          <div className="flex items-center gap-2">
            <dt>
              <FileText className="h-4 w-4 text-muted" aria-hidden="true" />
              <span className="sr-only">Identificación para factura electrónica</span>
            </dt>
            <dd className="break-all">{taxIdLabel(client)}</dd>
          </div>
        ) : null}
        <div className="flex items-start gap-2 sm:col-span-2">
          <dt>
            <MapPin className="mt-0.5 h-4 w-4 text-muted" aria-hidden="true" />
            <span className="sr-only">Dirección</span>
          </dt>
          <dd className="flex items-start gap-1">
            <span>{client.direccion}</span>
            <CopyButton text={client.direccion} label="Copiar dirección" />
          </dd>
        </div>
      </dl>

      {client.notas ? (
        <div className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
          <p className="flex items-center gap-2 font-semibold text-ink">
            <NotebookPen className="h-4 w-4 text-amber-700" aria-hidden="true" />
            Notas internas
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-ink">{client.notas}</p>
        </div>
      ) : null}

      <div className="mt-4 grid gap-3 lg:grid-cols-2">
        <div className="rounded-lg bg-primary-soft/60 p-3">
          <p className="flex items-center gap-2 text-sm font-semibold text-ink">
            <Sparkles className="h-4 w-4 text-primary" aria-hidden="true" />
            Búsquedas IA este mes
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            {unlimited ? (
              <Badge tone="primary">{UNLIMITED_BADGE}</Badge>
            ) : (
              <>
                <span className="text-lg font-bold text-ink">
                  {client.searchCount}/{effectiveSearchLimit(client.searchLimit)}
                </span>
                <Button size="sm" variant="outline" disabled={client.searchCount === 0 || reset.isPending} onClick={() => reset.mutate(client.id)}>
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                  {RESET_COUNTER_BUTTON}
                </Button>
              </>
            )}
          </div>
        </div>

        <div className="rounded-lg bg-slate-50 p-3">
          <p className="flex items-center gap-2 text-sm font-semibold text-ink">
            <WhatsappIcon className="h-4 w-4 text-whatsapp" />
            Mensaje de bienvenida: {WELCOME_STATE_LABELS[client.whatsappEnviado]}
          </p>
          {outbox && messaging.configured ? (
            <p className="mt-1 text-sm text-muted">{describeNotification(outbox, messaging).label}</p>
          ) : null}
          {pending && manual ? (
            <>
              {/* Focusable so keyboard users can scroll a long message. */}
              <div
                tabIndex={0}
                role="region"
                aria-label={`Vista previa del mensaje de bienvenida para ${client.nombre}`}
                className="mt-2 max-h-32 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 text-xs whitespace-pre-line text-ink focus-visible:outline-2 focus-visible:outline-primary"
              >
                {welcome}
              </div>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => void copyText(welcome, { title: COPIED_TITLE })}>
                  <Copy className="h-4 w-4" aria-hidden="true" />
                  Copiar mensaje
                </Button>
                <Button size="sm" variant="whatsapp" onClick={sendWhatsapp} disabled={markSent.isPending}>
                  <WhatsappIcon className="h-4 w-4" />
                  Enviar WhatsApp
                </Button>
              </div>
            </>
          ) : null}
        </div>
      </div>

      {renderTrackings({ client, rate, messaging, filtering })}

      <Dialog open={editing} onOpenChange={setEditing}>
        {editing ? <ClientFormDialog client={client} onDone={() => setEditing(false)} /> : null}
      </Dialog>
      <Dialog open={merging} onOpenChange={setMerging}>
        {merging ? <MergeClientDialog client={client} onDone={() => setMerging(false)} /> : null}
      </Dialog>
    </Card>
  );
});
