// The traditional notice dialogs: details, and the admin's edit of status, assigned tracking
// id, estimated delivery date and admin notes (staff-side §2), checked with the server's schema.

import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2, Save } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { Textarea } from "../../../components/ui/textarea";
import { formatDate, formatDateTime, formatUsd } from "../../../../shared/domain/format";
import { formatPhoneForDisplay } from "../../../../shared/domain/phone";
import { NOTICE_STATUSES, NOTICE_STATUS_LABELS } from "../../../../shared/domain/statuses";
import {
  NOTICE_TRACKING_ID_EXAMPLE,
  ZUpdateTrackingNoticeRequestSchema,
  type TTrackingNotice,
  type TUpdateTrackingNotice,
  type TUpdateTrackingNoticeRequest,
} from "../../../../shared/api/tracking-notices";
import { useUpdateTrackingNotice } from "./api";
import { NoticeStatusBadge } from "./notice-status-badge";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

const orDash = (v: string | null | undefined) => (v ? v : "—");

export function NoticeDetailDialog({ notice, onOpenChange }: { notice: TTrackingNotice | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={notice !== null} onOpenChange={onOpenChange}>
      {notice ? (
        <DialogContent title="Detalles del aviso" className="max-w-xl">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Fact label="Cliente">{notice.clienteNombre}</Fact>
            <Fact label="Email">{orDash(notice.clienteEmail)}</Fact>
            <Fact label="Teléfono">{notice.clienteTelefono ? formatPhoneForDisplay(notice.clienteTelefono) : "—"}</Fact>
            <Fact label="Tienda de origen">{orDash(notice.tiendaOrigen)}</Fact>
            <Fact label="Descripción del paquete">{notice.descripcionPaquete}</Fact>
            <Fact label="Peso estimado">{notice.pesoEstimado === null ? "—" : `${notice.pesoEstimado} g`}</Fact>
            <Fact label="Valor declarado">{formatUsd(notice.valorDeclarado)}</Fact>
            <Fact label="Estado">
              <NoticeStatusBadge estado={notice.estado} />
            </Fact>
            <Fact label="ID de tracking asignado">
              <span className="font-mono">{orDash(notice.trackingIdAsignado)}</span>
            </Fact>
            <Fact label="Fecha estimada de entrega">{notice.fechaEstimada ? formatDate(`${notice.fechaEstimada}T12:00:00-06:00`) : "—"}</Fact>
            <Fact label="Notas del cliente">{orDash(notice.notasCliente)}</Fact>
            <Fact label="Notas del administrador">{orDash(notice.notas)}</Fact>
            <Fact label="Creado">{formatDateTime(notice.createdAt)}</Fact>
            <Fact label="Actualizado">{formatDateTime(notice.updatedAt)}</Fact>
          </dl>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

export function NoticeEditDialog({ notice, onOpenChange }: { notice: TTrackingNotice | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={notice !== null} onOpenChange={onOpenChange}>
      {notice ? (
        <DialogContent title="Editar aviso" description={`${notice.clienteNombre}: ${notice.descripcionPaquete}`}>
          <NoticeEditForm key={notice.id} notice={notice} onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function NoticeEditForm({ notice, onDone }: { notice: TTrackingNotice; onDone: () => void }) {
  const mutation = useUpdateTrackingNotice(onDone);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TUpdateTrackingNoticeRequest, unknown, TUpdateTrackingNotice>({
    resolver: zodResolver(ZUpdateTrackingNoticeRequestSchema),
    defaultValues: {
      estado: notice.estado,
      trackingIdAsignado: notice.trackingIdAsignado ?? "",
      fechaEstimada: notice.fechaEstimada ?? "",
      notas: notice.notas ?? "",
    },
  });
  return (
    <form method="post" noValidate className="grid gap-4" onSubmit={handleSubmit((change) => mutation.mutate({ id: notice.id, change }))}>
      <FormField id="aviso-estado" label="Estado" error={errors.estado?.message}>
        {(control) => (
          <Select {...control} {...register("estado")}>
            {NOTICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {NOTICE_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField id="aviso-tracking-id" label="ID de tracking asignado" optional error={errors.trackingIdAsignado?.message}>
        {(control) => (
          <Input {...control} {...register("trackingIdAsignado")} placeholder={`Ej: ${NOTICE_TRACKING_ID_EXAMPLE}`} autoComplete="off" />
        )}
      </FormField>
      <FormField id="aviso-fecha" label="Fecha estimada de entrega" optional error={errors.fechaEstimada?.message}>
        {(control) => <Input {...control} {...register("fechaEstimada")} type="date" />}
      </FormField>
      <FormField id="aviso-notas" label="Notas del administrador" optional error={errors.notas?.message}>
        {(control) => <Textarea {...control} {...register("notas")} rows={3} maxLength={2000} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="outline">Cancelar</Button>
        </DialogClose>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Save className="h-4 w-4" aria-hidden="true" />}
          Guardar cambios
        </Button>
      </div>
    </form>
  );
}
