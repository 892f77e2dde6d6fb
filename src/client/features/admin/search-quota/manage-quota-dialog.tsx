// 'Gestionar': access type (limited by the monthly quota or unlimited), the monthly limit (only
// when limited) and the searches used, with 'Resetear' putting 0 in the form. Numbers are at least
// 0 and anything that is not a number becomes 0 (staff-side §5); an emptied field is asked for, never saved as 0.

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Button } from "../../../components/ui/button";
import { DialogContent, DialogFormActions } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import {
  ACCESS_LIMITED_LABEL,
  ACCESS_UNLIMITED_LABEL,
  ZSearchLimitsFormSchema,
  type TSearchLimitsForm,
  type TSearchLimitsFormValues,
  type TSearchQuotaRow,
} from "../../../../shared/api/admin/search-quota";
import { effectiveSearchLimit } from "../../../../shared/domain/search-quota";
import { useUpdateSearchLimits } from "./api";

export function ManageQuotaDialog({ client, onDone }: { client: TSearchQuotaRow; onDone: () => void }) {
  const save = useUpdateSearchLimits();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<TSearchLimitsForm, unknown, TSearchLimitsFormValues>({
    resolver: zodResolver(ZSearchLimitsFormSchema),
    defaultValues: {
      unlimitedAccess: client.unlimitedAccess === 1 ? "1" : "0",
      searchLimit: String(effectiveSearchLimit(client.searchLimit)),
      searchCount: String(client.searchCount),
    },
  });
  const limited = watch("unlimitedAccess") === "0";

  const submit = handleSubmit((v) =>
    save.mutate(
      {
        id: client.id,
        body: {
          unlimitedAccess: v.unlimitedAccess === "1" ? 1 : 0,
          // Blank only while unlimited (the schema asks for it otherwise): the limit stays as it was.
          searchLimit: v.searchLimit ?? effectiveSearchLimit(client.searchLimit),
          searchCount: v.searchCount,
        },
      },
      { onSuccess: onDone },
    ),
  );

  return (
    <DialogContent title="Gestionar búsquedas IA" description={`${client.nombre} (${client.clientCode})`}>
      <form method="post" noValidate onSubmit={submit} className="grid gap-4">
        <FormField id="quota-access" label="Tipo de acceso">
          {(control) => (
            <Select {...control} {...register("unlimitedAccess")}>
              <option value="0">{ACCESS_LIMITED_LABEL}</option>
              <option value="1">{ACCESS_UNLIMITED_LABEL}</option>
            </Select>
          )}
        </FormField>
        {limited ? (
          <FormField id="quota-limit" label="Límite de búsquedas mensuales" error={errors.searchLimit?.message}>
            {(control) => <Input {...control} {...register("searchLimit")} type="number" min={0} step={1} inputMode="numeric" />}
          </FormField>
        ) : null}
        <FormField id="quota-count" label="Búsquedas usadas este mes" error={errors.searchCount?.message}>
          {(control) => (
            <div className="flex gap-2">
              <Input {...control} {...register("searchCount")} type="number" min={0} step={1} inputMode="numeric" />
              <Button type="button" variant="outline" onClick={() => setValue("searchCount", "0", { shouldDirty: true })}>
                Resetear
              </Button>
            </div>
          )}
        </FormField>
        <DialogFormActions pending={save.isPending} submitLabel="Guardar" />
      </form>
    </DialogContent>
  );
}
