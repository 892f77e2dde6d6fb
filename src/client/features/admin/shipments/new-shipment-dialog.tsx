// 'Nuevo embarque': the type first (air or sea), then the fields with the words that type uses
// (guía aérea + vuelo, contenedor o BL + buque), the date (today by default) and notes.
import { useState, type FormEvent } from "react";
import { DialogContent, DialogFormActions } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { useChangeErrorToast } from "../../../lib/admin/admin-api";
import { costaRicaDayKey } from "../../../../shared/domain/dates";
import { SHIPPING_TYPES, type ShippingType } from "../../../../shared/domain/statuses";
import {
  SHIPMENT_GUIDE_LABELS,
  SHIPMENT_TRANSPORT_LABELS,
  SHIPMENT_TYPE_LABELS,
  ZCreateShipmentRequestSchema,
  type TShipmentDetail,
} from "../../../../shared/api/admin/shipments";
import { createShipment } from "./api";

export function NewShipmentDialog({ onCreated }: { onCreated: (detail: TShipmentDetail) => void }) {
  const [formaEnvio, setFormaEnvio] = useState<ShippingType>("AVION");
  const [values, setValues] = useState({ numeroGuia: "", transporte: "", fecha: costaRicaDayKey(new Date()), notas: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const changeError = useChangeErrorToast();
  const field = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { formaEnvio, ...values };
    const parsed = ZCreateShipmentRequestSchema.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      onCreated(await createShipment(body));
    } catch (error) {
      changeError(error, "No se pudo crear el embarque");
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogContent title="Nuevo embarque">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <fieldset className="grid grid-cols-2 gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">Forma de envío</legend>
          {SHIPPING_TYPES.map((type) => (
            <label
              key={type}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-200 p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
            >
              <input type="radio" name="formaEnvio" value={type} checked={formaEnvio === type} onChange={() => setFormaEnvio(type)} className="h-4 w-4" />
              <span className="font-medium text-ink">{SHIPMENT_TYPE_LABELS[type]}</span>
            </label>
          ))}
        </fieldset>
        <FormField id="embarque-guia" label={SHIPMENT_GUIDE_LABELS[formaEnvio]} error={errors.numeroGuia}>
          {(control) => <Input {...control} {...field("numeroGuia")} autoComplete="off" autoCapitalize="characters" />}
        </FormField>
        <FormField id="embarque-transporte" label={SHIPMENT_TRANSPORT_LABELS[formaEnvio]} optional error={errors.transporte}>
          {(control) => <Input {...control} {...field("transporte")} autoComplete="off" />}
        </FormField>
        <FormField id="embarque-fecha" label="Fecha de salida" error={errors.fecha}>
          {(control) => <Input {...control} type="date" {...field("fecha")} />}
        </FormField>
        <FormField id="embarque-notas" label="Notas" optional error={errors.notas}>
          {(control) => <Textarea {...control} rows={2} {...field("notas")} />}
        </FormField>
        <DialogFormActions submitLabel="Crear embarque" pending={pending} />
      </form>
    </DialogContent>
  );
}
