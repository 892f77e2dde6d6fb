// 'Editar' on a Paquetes row: the package's status, its measure (grams by air, cubic feet by
// sea) and the internal notes, through PATCH /api/trackings/{id}, the call Bodega may use (issue 19: status, weight and
// notes; nothing else is offered here, so a Bodega account never meets a refusal). Only what
// changed is sent; the list is refetched after. Render inside <Dialog open onOpenChange>.

import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { DialogContent, DialogFormActions } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/use-toast";
import { queryClient } from "../../../lib/query-client";
import { sendAdminJson, useChangeErrorToast } from "../../../lib/admin/admin-api";
import { PACKAGES_KEY } from "../../../lib/admin/admin-queries";
import { trackingStatusLabel } from "../../../../shared/domain/statuses";
import { routePath } from "../../../../shared/api/contract";
import { PACKAGE_STATUS_OPTIONS, type TAdminPackageRow } from "../../../../shared/api/admin/packages";
import { useUnpaidDeliveryChoice } from "../../../lib/admin/unpaid-delivery";
import {
  measureLabel,
  TRACKING_PATCH_ROUTE,
  ZPatchTrackingRequestSchema,
  type TPatchTrackingBody,
} from "../../../../shared/api/admin/trackings";

const PACKAGE_SAVED = "Paquete actualizado";
const PACKAGE_SAVE_FAILED = "No se pudo guardar el paquete";
const NOTHING_CHANGED = "No hay cambios que guardar";

export function PackageEditDialog({ row, onDone }: { row: TAdminPackageRow; onDone: () => void }) {
  const [estado, setEstado] = useState<string>(row.estado);
  const [peso, setPeso] = useState(row.pesoPieCubicos ?? "");
  const [notas, setNotas] = useState(row.notas ?? "");
  const [error, setError] = useState<string | undefined>();
  const fail = useChangeErrorToast();
  const unpaid = useUnpaidDeliveryChoice();
  const save = useMutation(
    {
      mutationFn: (body: TPatchTrackingBody) => sendAdminJson("PATCH", routePath(TRACKING_PATCH_ROUTE, { id: row.id }), TRACKING_PATCH_ROUTE.responses[200], body),
      onSuccess: () => {
        toast({ title: PACKAGE_SAVED, description: row.trackingCode });
        void queryClient.invalidateQueries({ queryKey: PACKAGES_KEY });
        onDone();
      },
      onError: (failure, body) => {
        if (unpaid.offer(failure, () => save.mutate({ ...body, entregarConSaldo: true }))) return;
        fail(failure, PACKAGE_SAVE_FAILED);
      },
    },
    queryClient,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: TPatchTrackingBody = {};
    if (estado !== row.estado) body.estado = estado as TPatchTrackingBody["estado"];
    if (peso.trim() !== (row.pesoPieCubicos ?? "")) body.pesoPieCubicos = peso.trim() || null;
    if (notas.trim() !== (row.notas ?? "").trim()) body.notas = notas.trim() || null;
    if (Object.keys(body).length === 0) return onDone();
    const parsed = ZPatchTrackingRequestSchema.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? NOTHING_CHANGED);
    setError(undefined);
    save.mutate(body);
  };
  // A status outside the panel's five (an older one) stays offered so the select shows it.
  const statuses = PACKAGE_STATUS_OPTIONS.includes(row.estado as (typeof PACKAGE_STATUS_OPTIONS)[number]) ? PACKAGE_STATUS_OPTIONS : [row.estado, ...PACKAGE_STATUS_OPTIONS];
  return (
    <DialogContent title={`Editar ${row.trackingCode}`} description={`${row.clientName} · ${row.clientCode}`}>
      <form method="post" noValidate onSubmit={submit} className="grid gap-4">
        <FormField id="package-edit-status" label="Estado">
          {(control) => (
            <Select {...control} value={estado} onChange={(e) => setEstado(e.target.value)}>
              {statuses.map((s) => (
                <option key={s} value={s}>
                  {trackingStatusLabel(s, row.origen)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField id="package-edit-measure" label={measureLabel(row.formaEnvio)} error={error}>
          {(control) => <Input {...control} value={peso} onChange={(e) => setPeso(e.target.value)} inputMode="decimal" autoComplete="off" />}
        </FormField>
        <FormField id="package-edit-notes" label="Notas internas">
          {(control) => <Textarea {...control} value={notas} onChange={(e) => setNotas(e.target.value)} rows={3} maxLength={2000} />}
        </FormField>
        <DialogFormActions submitLabel="Guardar" pending={save.isPending} />
      </form>
      {unpaid.dialog}
    </DialogContent>
  );
}
