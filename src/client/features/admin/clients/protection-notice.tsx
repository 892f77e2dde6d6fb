// A protected account on the client's card (issue 36 item 3; decision 216): staff see since when
// the client protected it (its bare code shows only the packages' statuses), and the office's
// recovery: 'Quitar protección' with the reason, audited; it also ends the client's sessions.

import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Textarea } from "../../../components/ui/textarea";
import { FormField } from "../../../components/ui/form-field";
import { toast } from "../../../components/ui/use-toast";
import { routePath } from "../../../../shared/api/contract";
import { formatDate } from "../../../../shared/domain/format";
import type { TAdminClient } from "../../../../shared/api/admin/clients";
import { ADMIN_REMOVE_PROTECTION_ROUTE, ZRemoveProtectionRequestSchema } from "../../../../shared/api/client-access";
import { refreshClients } from "../../../lib/admin/admin-queries";
import { queryClient } from "../../../lib/query-client";
import { sendAdminJson, useChangeErrorToast } from "../../../lib/admin/admin-api";

export function ProtectionNotice({ client }: { client: Pick<TAdminClient, "id" | "nombre" | "protegidaDesde"> }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const changeError = useChangeErrorToast();
  const remove = useMutation(
    {
    mutationFn: (motivo: string) =>
      sendAdminJson("POST", routePath(ADMIN_REMOVE_PROTECTION_ROUTE, { id: client.id }), ADMIN_REMOVE_PROTECTION_ROUTE.responses[200], { motivo }),
    onSuccess: (answer) => {
      toast({ title: "Protección quitada", description: `Se cerraron ${answer.sesionesCerradas} sesiones del cliente.` });
      setOpen(false);
      setReason("");
      void refreshClients();
    },
    onError: (err) => changeError(err, "No se pudo quitar la protección"),
    },
    queryClient,
  );
  if (!client.protegidaDesde) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = ZRemoveProtectionRequestSchema.safeParse({ motivo: reason });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    remove.mutate(checked.data.motivo);
  };
  return (
    <div role="note" className="mt-2 rounded-md bg-sky-50 px-3 py-2 text-sm break-words text-sky-950" data-testid="protected-account">
      <p className="flex items-start gap-2">
        <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <span>
          Cuenta protegida desde el {formatDate(client.protegidaDesde)}: con solo el código se ven los estados de los paquetes; el cliente ingresa con un
          código por WhatsApp.
        </span>
      </p>
      {open ? (
        <form method="post" noValidate onSubmit={submit} className="mt-2 grid gap-2">
          <FormField id={`motivo-proteccion-${client.id}`} label="Motivo (queda en el registro de actividad)" error={error}>
            {(control) => <Textarea {...control} rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={remove.isPending}>
              {remove.isPending ? "Quitando..." : "Quitar protección"}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
          </div>
        </form>
      ) : (
        <Button type="button" size="sm" variant="outline" className="mt-2" onClick={() => setOpen(true)} aria-label={`Quitar protección de la cuenta de ${client.nombre}`}>
          Quitar protección…
        </Button>
      )}
    </div>
  );
}
