// One package on /rastreo: code, carrier, state with its message, details, its charge (the stored
// total, whether it is paid, "Ver detalle" with the lines, "Enviar comprobante" while something is
// due: issue 21), the coupon it used, its timeline of status changes, and edit/delete while in
// international tracking.

import { useEffect, useRef, useState } from "react";
import { AlertTriangle, CalendarClock, Camera, ChevronDown, PackageCheck, Pencil, Receipt, Tag, Trash2, Truck } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { cn } from "../../lib/cn";
import { formatColones, formatDate, formatDateTime, formatQuantityText, formatUsd } from "../../../shared/domain/format";
import { deliveryCoordinationMessage } from "../../../shared/domain/messages";
import { CLIENT_EDITABLE_STATUS, SHIPPING_TYPE_LABELS } from "../../../shared/domain/statuses";
import {
  ARRIVAL_PHOTOS_TITLE,
  DELIVERY_PHOTO_ALT,
  DELIVERY_SIGNATURE_ALT,
  ORIGIN_LABELS,
  PHOTO_OPEN_LABEL,
  arrivalPhotoAlt,
  deliveredToText,
  type TClientCharge,
  type TClientTracking,
} from "../../../shared/api/trackings";
import { PAID_TEXT, PROOF_SEND_PACKAGE_LABEL, creditText, partialText, pendingText } from "../../../shared/api/payments";
import { WhatsappLinkButton, brandWhatsappLink } from "../../components/whatsapp-link";
import { VERIFYING_DISPLAY, statusDisplay } from "./status-display";
import { discrepancyText, volumetricChargeText } from "../../../shared/api/declared";
import { PackageInvoice } from "./package-invoice";

export interface PackageCardProps {
  tracking: TClientTracking;
  client: { nombre: string; clientCode: string };
  highlighted: boolean;
  onEdit: (tracking: TClientTracking) => void;
  onDelete: (tracking: TClientTracking) => void;
  /** "Enviar comprobante" for this package (shown while it has a balance). */
  onSendProof?: (tracking: TClientTracking) => void;
  /** A photo that did not load (its signed link may have ended: decision 146), by its address. */
  onImageError?: (src: string) => void;
}

export function PackageCard({ tracking, client, highlighted, onEdit, onDelete, onSendProof, onImageError }: PackageCardProps) {
  const ref = useRef<HTMLElement>(null);
  const display = tracking.enVerificacion ? VERIFYING_DISPLAY : statusDisplay(tracking.estado, tracking.origen);
  const editable = tracking.estado === CLIENT_EDITABLE_STATUS;
  const headingId = `paquete-${tracking.id}`;

  useEffect(() => {
    if (highlighted) ref.current?.scrollIntoView?.({ behavior: "smooth", block: "center" });
  }, [highlighted]);

  const measure =
    tracking.pesoPieCubicos && tracking.pesoPieCubicos.trim() !== ""
      ? tracking.formaEnvio === "BARCO"
        ? `${formatQuantityText(tracking.pesoPieCubicos, 3)} pies³`
        : `${formatQuantityText(tracking.pesoPieCubicos, 0)} g`
      : null;

  return (
    <Card
      // Card renders a div; an article names the package for screen readers.
      className={cn("p-0 transition-shadow duration-500", highlighted && "ring-4 ring-accent shadow-lg")}
    >
      <article ref={ref} aria-labelledby={headingId} data-highlighted={highlighted ? "true" : undefined} className="grid gap-4 p-5">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={headingId} className="font-mono text-lg font-bold break-all text-ink">
              {tracking.trackingCode}
            </h3>
            <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
              {tracking.carrier ? (
                <span className="inline-flex items-center gap-1">
                  <Truck className="h-4 w-4" aria-hidden="true" />
                  {tracking.carrier}
                </span>
              ) : null}
              <span>{ORIGIN_LABELS[tracking.origen]}</span>
              <span>{SHIPPING_TYPE_LABELS[tracking.formaEnvio]}</span>
              <span>Registrado el {formatDate(tracking.createdAt)}</span>
            </p>
          </div>
          <span className={cn("rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap", display.badge)}>
            {display.label}
          </span>
        </header>

        <div className="rounded-lg bg-slate-50 p-3 text-sm text-ink">
          <p>{display.message}</p>
          {tracking.estado === "LISTO_PARA_ENTREGAR" ? (
            <WhatsappLinkButton
              size="sm"
              className="mt-3"
              href={brandWhatsappLink(
                deliveryCoordinationMessage({ nombre: client.nombre, clientCode: client.clientCode, trackingCode: tracking.trackingCode }),
              )}
              label={`Coordinar entrega de ${tracking.trackingCode} por WhatsApp (se abre en una pestaña nueva)`}
            >
              Coordinar entrega
            </WhatsappLinkButton>
          ) : null}
        </div>

        {tracking.descripcionPaquete || tracking.tiendaOrigen || tracking.valorDeclarado !== null || measure ? (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {tracking.descripcionPaquete ? <Detail term="Descripción" value={tracking.descripcionPaquete} /> : null}
            {tracking.tiendaOrigen ? <Detail term="Tienda" value={tracking.tiendaOrigen} /> : null}
            {tracking.valorDeclarado !== null ? <Detail term="Valor declarado" value={formatUsd(tracking.valorDeclarado)} /> : null}
            {measure ? <Detail term={tracking.formaEnvio === "BARCO" ? "Volumen" : "Peso"} value={measure} /> : null}
          </dl>
        ) : null}
        <PackageInvoice tracking={tracking} clientCode={client.clientCode} />
        {tracking.pesoVolumetricoGramos !== null ? <p className="text-sm text-ink">{volumetricChargeText(tracking.pesoVolumetricoGramos)}</p> : null}
        {tracking.diferencia ? (
          <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-words">{discrepancyText(tracking.diferencia)}</span>
          </p>
        ) : null}

        {tracking.cargo ? (
          <ChargeSummary
            cargo={tracking.cargo}
            trackingId={tracking.id}
            onSendProof={onSendProof ? () => onSendProof(tracking) : undefined}
            trackingCode={tracking.trackingCode}
          />
        ) : null}

        {tracking.coupon ? (
          <p className="flex items-center gap-2 rounded-lg bg-accent/10 px-3 py-2 text-sm text-ink">
            <Tag className="h-4 w-4 shrink-0 text-accent-strong" aria-hidden="true" />
            <span>
              Cupón aplicado: <strong>{tracking.coupon.discountPercent}% de descuento</strong>
              {tracking.cargo ? ` (total con descuento: ${formatColones(tracking.cargo.totalColones)})` : null}
            </span>
          </p>
        ) : null}

        {tracking.delivery ? (
          <div className="grid gap-3 rounded-lg bg-emerald-50 p-3 text-sm text-ink">
            <p className="flex items-start gap-2 font-semibold">
              <PackageCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <span className="break-words">{deliveredToText(tracking.delivery.recibidoPor, formatDateTime(tracking.delivery.deliveredAt))}</span>
            </p>
            {tracking.delivery.photoUrl || tracking.delivery.signatureUrl ? (
              <div className="flex flex-wrap items-end gap-3">
                {tracking.delivery.photoUrl ? <PhotoThumb url={tracking.delivery.photoUrl} alt={DELIVERY_PHOTO_ALT} onError={onImageError} /> : null}
                {tracking.delivery.signatureUrl ? (
                  <img
                    src={tracking.delivery.signatureUrl}
                    alt={DELIVERY_SIGNATURE_ALT}
                    loading="lazy"
                    onError={(event) => onImageError?.(event.currentTarget.src)}
                    className="h-20 w-auto max-w-full rounded-md border border-slate-200 bg-white"
                  />
                ) : null}
              </div>
            ) : null}
          </div>
        ) : null}

        {tracking.photos.length > 0 ? (
          <div>
            <h4 className="flex items-center gap-1.5 text-sm font-semibold text-ink">
              <Camera className="h-4 w-4" aria-hidden="true" />
              {ARRIVAL_PHOTOS_TITLE}
            </h4>
            <ul className="mt-2 flex flex-wrap gap-2">
              {tracking.photos.map((photo, index) => (
                <li key={photo.url}>
                  <PhotoThumb url={photo.url} alt={arrivalPhotoAlt(photo.kind, index, tracking.photos.length)} onError={onImageError} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {tracking.history.length > 0 ? (
          <div>
            <h4 className="flex items-center gap-1.5 text-sm font-semibold text-ink">
              <CalendarClock className="h-4 w-4" aria-hidden="true" />
              Historial
            </h4>
            <ol className="mt-2 grid gap-2 border-l-2 border-primary-soft pl-4">
              {tracking.history.map((entry, index) => (
                <li key={`${entry.changedAt}-${index}`} className="relative text-sm">
                  <span className="absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full bg-primary" aria-hidden="true" />
                  <span className="font-medium text-ink">
                    {entry.previousStatus === null ? "Registrado" : statusDisplay(entry.newStatus, tracking.origen).label}
                  </span>
                  <span className="text-muted"> · {formatDateTime(entry.changedAt)}</span>
                </li>
              ))}
            </ol>
          </div>
        ) : null}

        {editable ? (
          <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-4">
            <Button variant="outline" size="sm" onClick={() => onEdit(tracking)} aria-label={`Editar ${tracking.trackingCode}`}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Editar
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-destructive-hover"
              onClick={() => onDelete(tracking)}
              aria-label={`Eliminar ${tracking.trackingCode}`}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Eliminar
            </Button>
          </div>
        ) : null}
      </article>
    </Card>
  );
}

/** A small lazy-loaded photo that opens larger in a dialog. */
function PhotoThumb({ url, alt, onError }: { url: string; alt: string; onError?: (src: string) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`${PHOTO_OPEN_LABEL}: ${alt}`}
        className="block h-20 w-20 overflow-hidden rounded-md border border-slate-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <img src={url} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" onError={(event) => onError?.(event.currentTarget.src)} />
      </button>
      {open ? (
        <DialogContent title={alt}>
          <img src={url} alt={alt} className="max-h-[70vh] w-full rounded-md object-contain" onError={(event) => onError?.(event.currentTarget.src)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** "Pagado", "Pendiente ₡X", "Pago parcial: ₡X pendiente" (and "Saldo a favor" when paid more), from the stored columns. */
function chargeStatusText(cargo: TClientCharge): string {
  if (cargo.saldoColones <= 0) return cargo.saldoColones < 0 ? `${PAID_TEXT} · ${creditText(formatColones(-cargo.saldoColones))}` : PAID_TEXT;
  const due = formatColones(cargo.saldoColones);
  return cargo.pagadoColones > 0 ? partialText(due) : pendingText(due);
}

/** The package's amount and whether it is paid; its lines behind "Ver detalle". */
function ChargeSummary({
  cargo,
  trackingId,
  trackingCode,
  onSendProof,
}: {
  cargo: TClientCharge;
  trackingId: number;
  trackingCode: string;
  onSendProof?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const linesId = `cargo-${trackingId}`;
  const due = cargo.saldoColones > 0;
  return (
    <div className="rounded-lg border border-slate-200 p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-ink">
          <span className="text-muted">Monto: </span>
          <strong className="font-semibold">{formatColones(cargo.totalColones)}</strong>
        </p>
        <span
          data-testid="charge-status"
          className={cn(
            "rounded-full px-3 py-1 text-xs font-semibold",
            due ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900",
          )}
        >
          {chargeStatusText(cargo)}
        </span>
      </div>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="ghost" size="sm" aria-expanded={open} aria-controls={linesId} onClick={() => setOpen(!open)}>
          <ChevronDown className={cn("h-4 w-4 transition-transform", open && "rotate-180")} aria-hidden="true" />
          Ver detalle
        </Button>
        {due && onSendProof ? (
          <Button variant="outline" size="sm" onClick={onSendProof} aria-label={`${PROOF_SEND_PACKAGE_LABEL} de ${trackingCode}`}>
            <Receipt className="h-4 w-4" aria-hidden="true" />
            {PROOF_SEND_PACKAGE_LABEL}
          </Button>
        ) : null}
      </div>
      <dl id={linesId} hidden={!open} className={cn("mt-2 gap-1 border-t border-slate-100 pt-2", open ? "grid" : "hidden")}>
          {cargo.lineas.map((line, index) => (
            <div key={`${line.kind}-${index}`} className="flex justify-between gap-3">
              <dt className="min-w-0 break-words text-muted">{line.description}</dt>
              <dd className="shrink-0 font-medium text-ink">{formatColones(line.amountColones)}</dd>
            </div>
          ))}
          <div className="flex justify-between gap-3 border-t border-slate-100 pt-1 font-semibold">
            <dt>Total</dt>
            <dd>{formatColones(cargo.totalColones)}</dd>
          </div>
          {cargo.pagadoColones > 0 ? (
            <div className="flex justify-between gap-3">
              <dt className="text-muted">Pagado</dt>
              <dd className="font-medium text-ink">{formatColones(cargo.pagadoColones)}</dd>
            </div>
          ) : null}
        </dl>
    </div>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex gap-2">
      <dt className="text-muted">{term}:</dt>
      <dd className="font-medium break-words text-ink">{value}</dd>
    </div>
  );
}
