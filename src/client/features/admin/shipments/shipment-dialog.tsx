// 'Nuevo embarque': the type first (air or sea), then the fields with the words that type uses
// (guía aérea + vuelo, contenedor o BL + buque), the date (today by default) and notes. Given a
// shipment, the same form edits it ('Editar datos', while open): the type stays.
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
  type TShipment,
  type TShipmentDetail,
} from "../../../../shared/api/admin/shipments";
import { createShipment, updateShipment } from "./api";

export function ShipmentDialog({ shipment, onDone }: { shipment?: TShipment; onDone: (detail: TShipmentDetail | null) => void }) {
  const [formaEnvio, setFormaEnvio] = useState<ShippingType>(shipment?.formaEnvio ?? "AVION");
  const [values, setValues] = useState({
    numeroGuia: shipment?.numeroGuia ?? "",
    transporte: shipment?.transporte ?? "",
    fecha: shipment?.fecha ?? costaRicaDayKey(new Date()),
    notas: shipment?.notas ?? "",
  });
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
      if (shipment) {
        const { formaEnvio: _type, ...changes } = body;
        await updateShipment(shipment.id, changes);
        onDone(null);
      } else onDone(await createShipment(body));
    } catch (error) {
      changeError(error, shipment ? "No se pudo guardar el embarque" : "No se pudo crear el embarque");
    } finally {
      setPending(false);
    }
  };

  return (
    <DialogContent title={shipment ? "Editar embarque" : "Nuevo embarque"}>
      <form method="post" onSubmit={submit} className="grid gap-4" noValidate>
        <fieldset className="grid grid-cols-2 gap-2" disabled={Boolean(shipment)}>
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
        <DialogFormActions submitLabel={shipment ? "Guardar" : "Crear embarque"} pending={pending} />
      </form>
    </DialogContent>
  );
}
