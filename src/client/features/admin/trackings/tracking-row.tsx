// One expanded package (staff-side §2, §4, §5): shipping type and status selects, cost (digits
// only, es-CR thousands), weight or cubic feet (comma accepted), the stored amount the server
// computed (the one the portal and exports show; re-priced at today's rate only on request, docs/
// decisions/114), description, last change, the state of its last
// WhatsApp message, the internal notes (saved on leaving the field, docs/decisions/121), a
// contextual WhatsApp chat, edit, delete and the change history.

import { memo, useId, useState, type KeyboardEvent } from "react";
import { ChevronDown, History, Pencil, Trash2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { AlertDialog, AlertDialogContent, AlertDialogTrigger } from "../../../components/ui/alert-dialog";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { Select } from "../../../components/ui/select";
import { WhatsappIcon } from "../../../components/layout/brand-icons";
import { RetryNotificationButton } from "../../../components/retry-notification-button";
import { brand } from "../../../lib/brand";
import { cn } from "../../../lib/cn";
import { STATUS_TONES } from "../../../lib/admin/status-tones";
import { TrackingStatusOptions } from "../../../lib/admin/tracking-status-options";
import { useServerField } from "../../../lib/use-server-field";
import { parseDecimalInput } from "../../../../shared/domain/pricing";
import { digitsOnly, formatColones, formatDateTime, formatThousands } from "../../../../shared/domain/format";
import { trackingNeedsUpdate } from "../../../../shared/domain/tracking-updates";
import { trackingStatusMessage } from "../../../../shared/domain/messages";
import { whatsappChatLink } from "../../../../shared/domain/phone";
import {
  SHIPPING_TYPES,
  ORIGIN_WAREHOUSE_PLACES,
  SHIPPING_TYPE_LABELS,
  trackingStatusLabel,
  type Origin,
  type ShippingType,
  type TrackingStatus,
} from "../../../../shared/domain/statuses";
import type { TAdminTracking } from "../../../../shared/api/admin/clients";
import { describeNotification, type TMessagingStatus } from "../../../../shared/api/notifications";
import {
  ZPatchTrackingRequestSchema,
  ZUpdateAdminTrackingRequestSchema,
  measureLabel,
  trackingDeleteConfirmation,
  type TPatchTrackingBody,
} from "../../../../shared/api/admin/trackings";
import { useDeleteTracking, usePatchTracking, useRepriceTracking, useSaveTrackingNotes, useTrackingHistory } from "./api";
import { BalanceBadge, useUnpaidDeliveryChoice } from "../../../lib/admin/unpaid-delivery";
import { ShippingTypeDialog } from "./shipping-type-dialog";
import { useBulkSelection } from "./bulk-selection";
import { TrackingFormDialog } from "./tracking-form-dialog";

/** What the contextual chat button says for each status (the arrival names the origin's warehouse: whatsappActionLabel). */
export const WHATSAPP_ACTION_LABELS: Record<TrackingStatus, string> = {
  SEGUIMIENTO_INTERNACIONAL: "Avisar registro por WhatsApp",
  EN_BODEGA_MIAMI: "Avisar llegada a bodega de origen",
  EN_ADUANAS: "Avisar que está en aduanas",
  EN_BODEGA_CR: "Avisar llegada a bodega CR",
  LISTO_PARA_ENTREGAR: "Coordinar entrega por WhatsApp",
  ENTREGADO: "Agradecer por WhatsApp",
};

const whatsappActionLabel = (estado: TrackingStatus, origen: Origin) =>
  estado === "EN_BODEGA_MIAMI" ? `Avisar llegada a ${ORIGIN_WAREHOUSE_PLACES[origen]}` : WHATSAPP_ACTION_LABELS[estado];

// A leading minus is kept, so '-5' is refused as negative instead of saved as 5 (issue 18 item 3).
const sign = (text: string) => (text.trimStart().startsWith("-") ? "-" : "");
const weightChars = (text: string) => sign(text) + text.replace(/[^\d.,]/g, "");
const costoChars = (text: string) => sign(text) + formatThousands(text);
const orEmpty = (text: string | null) => text ?? "";

export interface TrackingRowProps {
  tracking: TAdminTracking;
  clientCode: string;
  clientNombre: string;
  clientTelefono: string;
  rate: number;
  messaging: TMessagingStatus;
  /** Shown highlighted: it is the package the filters or search matched. */
  highlighted: boolean;
}

/** Memoized: an open card redraws (a new address, a filter) with the same packages far more often than they change. */
export const TrackingRow = memo(function TrackingRow({ tracking, clientCode, clientNombre, clientTelefono, rate, messaging, highlighted }: TrackingRowProps) {
  const id = useId();
  const unpaid = useUnpaidDeliveryChoice();
  const patch = usePatchTracking(unpaid);
  const remove = useDeleteTracking();
  const reprice = useRepriceTracking();
  const saveNotes = useSaveTrackingNotes();
  /** The new shipping type waiting for its measure in the new unit. */
  const [retyping, setRetyping] = useState<ShippingType | null>(null);
  const { selected, toggle } = useBulkSelection();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [errors, setErrors] = useState<{ costo?: string; peso?: string; notas?: string }>({});

  // Each input follows its own server value, never over what staff are typing in it.
  const [costoText, setCostoText] = useServerField(tracking.costo, formatThousands);
  const [pesoText, setPesoText] = useServerField(tracking.pesoPieCubicos, orEmpty);
  const [notasText, setNotasText] = useServerField(tracking.notas, orEmpty);

  const monto = tracking.montoColones;
  const stale = monto !== null && tracking.montoRate !== rate;
  const needsUpdate = tracking.estado !== "ENTREGADO" && trackingNeedsUpdate(tracking.updatedAt, new Date());
  const notification = tracking.notification ? describeNotification(tracking.notification, messaging) : null;
  const chatText = trackingStatusMessage({
    nombre: clientNombre,
    trackingCode: tracking.trackingCode,
    estado: tracking.estado,
    origen: tracking.origen,
    brandName: brand.name,
  });

  const changeType = (formaEnvio: ShippingType) => {
    // A measure on file is in the old unit: ask for it in the new one (the server prices it).
    if (parseDecimalInput(tracking.pesoPieCubicos) !== null) setRetyping(formaEnvio);
    else patch.mutate({ id: tracking.id, field: "formaEnvio", body: { formaEnvio } });
  };

  /** Checked with the server's own schema first: a value it would refuse is not sent. */
  const save = (field: "costo" | "peso", body: TPatchTrackingBody) => {
    const checked = ZPatchTrackingRequestSchema.safeParse(body);
    setErrors((e) => ({ ...e, [field]: checked.success ? undefined : checked.error.issues[0]?.message }));
    if (checked.success) patch.mutate({ id: tracking.id, field, body });
  };

  const saveCosto = () => {
    const digits = digitsOnly(costoText);
    const costo = digits === "" ? null : Number(sign(costoText) + digits);
    if (costo === tracking.costo) return setErrors((e) => ({ ...e, costo: undefined }));
    save("costo", { costo });
  };

  const savePeso = () => {
    const text = pesoText.trim();
    if (text === (tracking.pesoPieCubicos ?? "")) return setErrors((e) => ({ ...e, peso: undefined }));
    // The measure alone: the server computes and stores the amount (docs/decisions/114).
    save("peso", {
      pesoPieCubicos: text || null,
    });
  };

  const saveNotas = () => {
    const notas = notasText.trim();
    if (notas === (tracking.notas ?? "")) return setErrors((e) => ({ ...e, notas: undefined }));
    const checked = ZUpdateAdminTrackingRequestSchema.safeParse({ notas });
    setErrors((e) => ({ ...e, notas: checked.success ? undefined : checked.error.issues[0]?.message }));
    if (checked.success) saveNotes.mutate({ id: tracking.id, notas: notas || null });
  };

  const saveOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") event.currentTarget.blur();
  };

  return (
    <li
      className={cn("rounded-lg border p-4", highlighted ? "border-accent bg-amber-50/60" : "border-slate-200 bg-white")}
      aria-label={`Tracking ${tracking.trackingCode}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="checkbox"
          id={`${id}-select`}
          checked={selected.has(tracking.id)}
          onChange={(e) => toggle(tracking.id, e.target.checked)}
          className="h-4 w-4 accent-primary"
          aria-label={`Seleccionar ${tracking.trackingCode}`}
        />
        <span className="font-mono font-semibold break-all text-ink">{tracking.trackingCode}</span>
        {tracking.carrier ? <Badge tone="muted">{tracking.carrier}</Badge> : null}
        <Badge tone={STATUS_TONES[tracking.estado]}>{trackingStatusLabel(tracking.estado, tracking.origen)}</Badge>
        {needsUpdate ? <Badge tone="warning">Necesita actualización</Badge> : null}
        {tracking.discountPercent ? <Badge tone="success">Cupón {tracking.discountPercent}%</Badge> : null}
        <BalanceBadge saldoColones={tracking.saldoColones} totalColones={tracking.totalColones} />
        <span className="text-xs text-muted">{tracking.origen === "CHINA" ? "China" : "USA"}</span>
      </div>

      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <label htmlFor={`${id}-forma`} className="text-xs font-medium text-muted">
            Tipo de envío
          </label>
          <Select
            id={`${id}-forma`}
            value={tracking.formaEnvio}
            disabled={patch.isPending}
            onChange={(e) => changeType(e.target.value as ShippingType)}
            className="h-10"
          >
            {SHIPPING_TYPES.map((f) => (
              <option key={f} value={f}>
                {SHIPPING_TYPE_LABELS[f]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor={`${id}-estado`} className="text-xs font-medium text-muted">
            Estado
          </label>
          <Select
            id={`${id}-estado`}
            value={tracking.estado}
            disabled={patch.isPending}
            onChange={(e) => patch.mutate({ id: tracking.id, field: "estado", body: { estado: e.target.value as TrackingStatus } })}
            className="h-10"
          >
            <TrackingStatusOptions current={tracking.estado} origin={tracking.origen} />
          </Select>
        </div>
        <div>
          <label htmlFor={`${id}-costo`} className="text-xs font-medium text-muted">
            Costo (₡)
          </label>
          <Input
            id={`${id}-costo`}
            inputMode="numeric"
            autoComplete="off"
            value={costoText}
            onChange={(e) => setCostoText(costoChars(e.target.value))}
            onBlur={saveCosto}
            onKeyDown={saveOnEnter}
            aria-invalid={Boolean(errors.costo)}
            aria-describedby={errors.costo ? `${id}-costo-error` : undefined}
            className="h-10"
          />
          <FieldError id={`${id}-costo-error`} message={errors.costo} />
        </div>
        <div>
          <label htmlFor={`${id}-peso`} className="text-xs font-medium text-muted">
            {measureLabel(tracking.formaEnvio)}
          </label>
          <Input
            id={`${id}-peso`}
            inputMode="decimal"
            autoComplete="off"
            value={pesoText}
            onChange={(e) => setPesoText(weightChars(e.target.value))}
            onBlur={savePeso}
            onKeyDown={saveOnEnter}
            aria-invalid={Boolean(errors.peso)}
            aria-describedby={errors.peso ? `${id}-peso-error` : undefined}
            className="h-10"
          />
          <FieldError id={`${id}-peso-error`} message={errors.peso} />
        </div>
        <div>
          <span id={`${id}-monto-label`} className="text-xs font-medium text-muted">
            Monto
          </span>
          <output
            aria-labelledby={`${id}-monto-label`}
            className="flex h-10 items-center rounded-md border border-slate-200 bg-slate-50 px-3 text-sm font-semibold text-ink"
          >
            {monto !== null ? formatColones(monto) : "—"}
          </output>
          {stale ? (
            <Button
              variant="ghost"
              size="sm"
              className="mt-1 h-auto px-0 py-0.5 text-xs"
              disabled={reprice.isPending}
              onClick={() => reprice.mutate(tracking.id)}
            >
              Recalcular al tipo de cambio de hoy
            </Button>
          ) : null}
        </div>
      </div>

      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-1">
          <dt className="text-muted">Descripción:</dt>
          <dd className="text-ink">{tracking.descripcionPaquete || "Sin descripción"}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted">Último cambio:</dt>
          <dd className="text-ink">{formatDateTime(tracking.lastStatusChangeDate)}</dd>
        </div>
        {notification ? (
          <div className="flex gap-1 sm:col-span-2">
            <dt className="text-muted">Aviso por WhatsApp:</dt>
            <dd className={cn("flex flex-wrap items-center gap-2", notification.tone === "danger" ? "text-destructive-hover" : "text-ink")}>
              {notification.label}
              {tracking.notification ? <RetryNotificationButton notification={tracking.notification} /> : null}
            </dd>
          </div>
        ) : null}
      </dl>

      <div className="mt-3">
        <label htmlFor={`${id}-notas`} className="text-xs font-medium text-muted">
          Notas internas <span className="font-normal">(solo las ve el equipo; se guardan al salir del campo)</span>
        </label>
        <Textarea
          id={`${id}-notas`}
          rows={2}
          maxLength={2000}
          value={notasText}
          onChange={(e) => setNotasText(e.target.value)}
          onBlur={saveNotas}
          aria-invalid={Boolean(errors.notas)}
          aria-describedby={errors.notas ? `${id}-notas-error` : undefined}
          className="mt-1 min-h-16 text-sm"
        />
        <FieldError id={`${id}-notas-error`} message={errors.notas} />
      </div>

      <div className="mt-3 flex flex-wrap gap-2">
        <a href={whatsappChatLink(clientTelefono, chatText)} target="_blank" rel="noopener noreferrer" className={buttonClasses("whatsapp", "sm", "max-w-full")}>
          <WhatsappIcon className="h-4 w-4 shrink-0" />
          {/* Wraps to two tight lines on a 320 px phone instead of sticking out of the card. */}
          <span className="text-left leading-tight whitespace-normal">{whatsappActionLabel(tracking.estado, tracking.origen)}</span>
        </a>
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Editar
        </Button>
        <AlertDialog open={confirming} onOpenChange={setConfirming}>
          <AlertDialogTrigger className={buttonClasses("ghost", "sm", "text-destructive-hover")}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Eliminar
          </AlertDialogTrigger>
          <AlertDialogContent
            title="Eliminar tracking"
            description={trackingDeleteConfirmation(tracking.trackingCode)}
            confirmLabel="Eliminar"
            pending={remove.isPending}
            onConfirm={() => remove.mutate(tracking.id, { onSettled: () => setConfirming(false) })}
          />
        </AlertDialog>
        <Button variant="ghost" size="sm" aria-expanded={historyOpen} onClick={() => setHistoryOpen((v) => !v)}>
          <History className="h-4 w-4" aria-hidden="true" />
          {historyOpen ? "Ocultar historial" : "Ver historial"}
          <ChevronDown className={cn("h-4 w-4 transition-transform", historyOpen && "rotate-180")} aria-hidden="true" />
        </Button>
      </div>

      {historyOpen ? <TrackingHistory trackingId={tracking.id} version={tracking.updatedAt} origin={tracking.origen} /> : null}

      <Dialog open={retyping !== null} onOpenChange={(open) => !open && setRetyping(null)}>
        {retyping ? (
          <ShippingTypeDialog
            trackingCode={tracking.trackingCode}
            formaEnvio={retyping}
            pending={patch.isPending}
            onConfirm={(pesoPieCubicos) =>
              patch.mutate(
                { id: tracking.id, field: "formaEnvio", body: { formaEnvio: retyping, pesoPieCubicos } },
                { onSuccess: () => setRetyping(null) },
              )
            }
          />
        ) : null}
      </Dialog>

      <Dialog open={editing} onOpenChange={setEditing}>
        {editing ? (
          <TrackingFormDialog clientCode={clientCode} clientNombre={clientNombre} tracking={tracking} onDone={() => setEditing(false)} />
        ) : null}
      </Dialog>
      {unpaid.dialog}
    </li>
  );
});

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs font-medium text-destructive-hover">
      {message}
    </p>
  );
}

const WHO: Record<string, string> = { admin: "Administración", cliente: "Cliente", importacion: "Importación Excel" };

function TrackingHistory({ trackingId, version, origin }: { trackingId: number; version: string; origin: Origin }) {
  const { data, isPending, isError } = useTrackingHistory(trackingId, true, version);
  if (isPending) return <p className="mt-3 text-sm text-muted">Cargando historial…</p>;
  if (isError || !data) return <p className="mt-3 text-sm text-destructive-hover">Error al cargar historial</p>;
  return (
    <ol className="mt-3 space-y-2 border-l-2 border-primary-soft pl-4" aria-label="Historial de cambios">
      {data.history.map((h) => (
        <li key={h.id} className="text-sm">
          <span className="font-medium text-ink">
            {h.previousStatus === null
              ? `Creado: ${trackingStatusLabel(h.newStatus, origin)}`
              : `${trackingStatusLabel(h.previousStatus, origin)} → ${trackingStatusLabel(h.newStatus, origin)}`}
          </span>
          <span className="block text-xs text-muted">
            {formatDateTime(h.changedAt)} · {WHO[h.changedBy] ?? h.changedBy}
            {h.notes ? ` · ${h.notes}` : ""}
          </span>
        </li>
      ))}
    </ol>
  );
}
