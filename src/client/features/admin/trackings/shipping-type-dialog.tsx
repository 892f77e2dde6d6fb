// Asked when staff change a package's shipping type while it has a measure (issue 18 item 5,
// docs/decisions/114): grams are not cubic feet, so the measure is typed again in the new unit
// and sent with the type; the server prices it and refuses a type change without it.

import { useId, useState, type FormEvent } from "react";
import { DialogContent, DialogFormActions } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { parseDecimalInput } from "../../../../shared/domain/pricing";
import { SHIPPING_TYPE_LABELS, type ShippingType } from "../../../../shared/domain/statuses";
import { PESO_INVALID, measureLabel, measureRequiredOnTypeChange } from "../../../../shared/api/admin/trackings";

export interface ShippingTypeDialogProps {
  trackingCode: string;
  formaEnvio: ShippingType;
  pending: boolean;
  onConfirm: (pesoPieCubicos: string) => void;
}

/** Render inside <Dialog open onOpenChange>. */
export function ShippingTypeDialog({ trackingCode, formaEnvio, pending, onConfirm }: ShippingTypeDialogProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (parseDecimalInput(text) === null) return setError(text.trim() ? PESO_INVALID : measureRequiredOnTypeChange(formaEnvio));
    onConfirm(text.trim());
  };
  return (
    <DialogContent title={`Cambiar ${trackingCode} a ${SHIPPING_TYPE_LABELS[formaEnvio]}`} description={measureRequiredOnTypeChange(formaEnvio)}>
      <form method="post" noValidate onSubmit={submit} className="grid gap-4">
        <FormField id={id} label={measureLabel(formaEnvio)} error={error}>
          {(control) => (
            <Input {...control} value={text} onChange={(e) => setText(e.target.value)} inputMode="decimal" autoComplete="off" />
          )}
        </FormField>
        <DialogFormActions pending={pending} submitLabel="Cambiar tipo de envío" />
      </form>
    </DialogContent>
  );
}
