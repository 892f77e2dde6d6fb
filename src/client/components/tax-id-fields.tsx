// The identification for the electronic invoice (issue 34 item 1; decision 189): the type and the
// number, as staff's client dialog and the portal's 'Datos para factura electrónica' show them.
// Checked by the shared pair rule (shared/api/tax-id.ts) through the form's own schema.

import { FormField } from "./ui/form-field";
import { Input } from "./ui/input";
import { Select } from "./ui/select";
import { TAX_ID_TYPES } from "../../shared/domain/tax-identification";
import { TAX_ID_TYPE_LABELS } from "../../shared/api/tax-id";

export const TAX_ID_HINT = "Con identificación se emite factura electrónica; sin ella, tiquete electrónico.";

export interface TaxIdFieldsProps {
  /** Id prefix of the two controls. */
  prefix: string;
  type: string;
  number: string;
  onType: (value: string) => void;
  onNumber: (value: string) => void;
  errors: { tipoIdentificacion?: string; identificacion?: string };
}

export function TaxIdFields({ prefix, type, number, onType, onNumber, errors }: TaxIdFieldsProps) {
  return (
    <div className="grid min-w-0 gap-4 sm:grid-cols-2">
      <FormField id={`${prefix}-tipo-identificacion`} label="Tipo de identificación" optional error={errors.tipoIdentificacion}>
        {(control) => (
          <Select {...control} value={type} onChange={(e) => onType(e.target.value)}>
            <option value="">Sin identificación</option>
            {TAX_ID_TYPES.map((t) => (
              <option key={t} value={t}>
                {TAX_ID_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField id={`${prefix}-identificacion`} label="Número de identificación" optional error={errors.identificacion}>
        {(control) => <Input {...control} value={number} onChange={(e) => onNumber(e.target.value)} inputMode="numeric" autoComplete="off" />}
      </FormField>
    </div>
  );
}
