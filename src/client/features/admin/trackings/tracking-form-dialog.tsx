// The create / edit dialog of a package (staff-side §2, §3, §5): tracking code and status required,
// origin, shipping type, carrier, store, description, the package's one measure (grams or cubic
// feet, labelled as in its row, emptied when the type changes) and declared value. New packages
// default to USA, AVION and SEGUIMIENTO_INTERNACIONAL; empty optional fields are left out.

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { DialogContent, DialogFormActions } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { ORIGINS, SHIPPING_TYPES, SHIPPING_TYPE_LABELS } from "../../../../shared/domain/statuses";
import { TrackingStatusOptions } from "../../../lib/admin/tracking-status-options";
import { ORIGIN_LABELS } from "../../../../shared/api/trackings";
import type { TAdminTracking } from "../../../../shared/api/admin/clients";
import {
  ZTrackingFormSchema,
  MEASURE_RETYPE_HINT,
  createBodyFromForm,
  measureLabel,
  trackingFormDefaults,
  updateBodyFromForm,
  type TTrackingForm,
  type TTrackingFormValues,
} from "../../../../shared/api/admin/trackings";
import { useCreateTracking, useUpdateTracking } from "./api";
import { useUnpaidDeliveryChoice } from "../../../lib/admin/unpaid-delivery";

export interface TrackingFormDialogProps {
  clientCode: string;
  clientNombre: string;
  /** Given when editing. */
  tracking?: TAdminTracking;
  onDone: () => void;
}

/** Render inside <Dialog open onOpenChange>: the content is mounted fresh each time it opens. */
export function TrackingFormDialog({ clientCode, clientNombre, tracking, onDone }: TrackingFormDialogProps) {
  const create = useCreateTracking();
  const unpaid = useUnpaidDeliveryChoice();
  const update = useUpdateTracking(unpaid, onDone);
  const pending = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useForm<TTrackingFormValues, unknown, TTrackingForm>({
    resolver: zodResolver(ZTrackingFormSchema),
    defaultValues: trackingFormDefaults(tracking),
  });
  const formaEnvio = watch("formaEnvio");
  const measureChanged = tracking !== undefined && formaEnvio !== tracking.formaEnvio && Boolean(tracking.pesoPieCubicos);
  const prefix = tracking ? `edit-${tracking.id}` : `new-${clientCode}`;

  const submit = handleSubmit((values) => {
    if (tracking) {
      const body = updateBodyFromForm(values, tracking);
      if (Object.keys(body).length === 0) return onDone();
      update.mutate({ id: tracking.id, body });
    } else {
      create.mutate(createBodyFromForm(clientCode, values), { onSuccess: onDone });
    }
  });

  return (
    <DialogContent
      title={tracking ? "Editar tracking" : "Agregar tracking"}
      description={`${clientNombre} (${clientCode})`}
      className="max-w-2xl"
    >
      <form method="post" noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${prefix}-code`} label="Código de tracking" error={errors.trackingCode?.message} className="sm:col-span-2">
          {(control) => <Input {...control} {...register("trackingCode")} autoComplete="off" className="font-mono uppercase" />}
        </FormField>
        <FormField id={`${prefix}-estado`} label="Estado" error={errors.estado?.message}>
          {(control) => (
            <Select {...control} {...register("estado")}>
              <TrackingStatusOptions current={tracking?.estado} origin={watch("origen") ?? null} />
            </Select>
          )}
        </FormField>
        <FormField id={`${prefix}-origen`} label="Origen" error={errors.origen?.message}>
          {(control) => (
            <Select {...control} {...register("origen")}>
              {ORIGINS.map((o) => (
                <option key={o} value={o}>
                  {ORIGIN_LABELS[o]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id={`${prefix}-forma`} label="Tipo de envío" error={errors.formaEnvio?.message}>
          {(control) => (
            <Select
              {...control}
              {...register("formaEnvio", {
                // Grams are not cubic feet: a new type empties the measure so it is typed in its unit.
                onChange: () => setValue("pesoPieCubicos", ""),
              })}
            >
              {SHIPPING_TYPES.map((f) => (
                <option key={f} value={f}>
                  {SHIPPING_TYPE_LABELS[f]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id={`${prefix}-carrier`} label="Carrier" optional error={errors.carrier?.message} hint="Vacío: se detecta por el código.">
          {(control) => <Input {...control} {...register("carrier")} autoComplete="off" />}
        </FormField>
        <FormField id={`${prefix}-tienda`} label="Tienda de origen" optional error={errors.tiendaOrigen?.message}>
          {(control) => <Input {...control} {...register("tiendaOrigen")} autoComplete="off" />}
        </FormField>
        <FormField
          id={`${prefix}-peso`}
          label={measureLabel(formaEnvio)}
          optional
          error={errors.pesoPieCubicos?.message}
          hint={measureChanged ? MEASURE_RETYPE_HINT : undefined}
        >
          {(control) => <Input {...control} {...register("pesoPieCubicos")} inputMode="decimal" autoComplete="off" />}
        </FormField>
        <FormField id={`${prefix}-valor`} label="Valor declarado (USD)" optional error={errors.valorDeclarado?.message}>
          {(control) => <Input {...control} {...register("valorDeclarado")} inputMode="decimal" autoComplete="off" />}
        </FormField>
        <FormField
          id={`${prefix}-descripcion`}
          label="Descripción del paquete"
          optional
          error={errors.descripcionPaquete?.message}
          className="sm:col-span-2"
        >
          {(control) => <Input {...control} {...register("descripcionPaquete")} autoComplete="off" />}
        </FormField>
        <DialogFormActions className="sm:col-span-2" pending={pending} submitLabel={tracking ? "Guardar cambios" : "Crear tracking"} />
      </form>
      {unpaid.dialog}
    </DialogContent>
  );
}
