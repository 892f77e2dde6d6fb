// 'Datos para factura electrónica' on /rastreo (issue 34 item 1; decision 189): what the portal
// knows of the client's identification (its type and last 4 digits only), and a small form to add,
// change or remove it. With one, the client's payments get a Factura Electrónica; without, a
// Tiquete Electrónico. The form checks with the server's own schema before sending.

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { toast } from "../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../../lib/api";
import { routePath } from "../../../shared/api/contract";
import { ERROR_TITLE } from "../../../shared/api/clients";
import {
  CLIENT_TAX_ID_ROUTE,
  PORTAL_TAX_ID_FAILED,
  PORTAL_TAX_ID_REMOVED,
  PORTAL_TAX_ID_SAVED,
  TAX_ID_TYPE_REQUIRED,
  ZPortalTaxIdRequestSchema,
  portalTaxIdLabel,
  type TPortalTaxId,
  type TPortalTaxIdBody,
  type TPortalTaxIdResponse,
} from "../../../shared/api/tax-id";
import { TaxIdFields } from "../../components/tax-id-fields";
import { clientTrackingsKey } from "./use-client-trackings";

type Errors = { tipoIdentificacion?: string; identificacion?: string };

export function TaxIdCard({ clientCode, current }: { clientCode: string; current: TPortalTaxId }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [type, setType] = useState<string>(current?.tipo ?? "");
  const [number, setNumber] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation({
    mutationFn: async (body: TPortalTaxIdBody) =>
      (await (await apiRequest(CLIENT_TAX_ID_ROUTE.method, routePath(CLIENT_TAX_ID_ROUTE), body)).json()) as TPortalTaxIdResponse,
    onSuccess: (answer) => {
      toast({ title: answer.identificacion ? PORTAL_TAX_ID_SAVED : PORTAL_TAX_ID_REMOVED });
      setEditing(false);
      setNumber("");
    },
    onError: (err) => toast({ title: ERROR_TITLE, description: errorMessageFrom(err, PORTAL_TAX_ID_FAILED), variant: "destructive" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientTrackingsKey(clientCode) }),
  });

  const send = (body: TPortalTaxIdBody) => {
    const checked = ZPortalTaxIdRequestSchema.safeParse(body);
    if (!checked.success) {
      const next: Errors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0];
        if ((field === "tipoIdentificacion" || field === "identificacion") && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(body);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Saving needs the pair: both blank is "choose the type" here (removing has its own button).
    if (!type && !number.trim()) return setErrors({ tipoIdentificacion: TAX_ID_TYPE_REQUIRED });
    send({ clientCode, tipoIdentificacion: (type || null) as TPortalTaxIdBody["tipoIdentificacion"], identificacion: number });
  };

  return (
    <Card className="min-w-0 p-6">
      <h3 className="flex items-center gap-2 text-base font-bold text-ink">
        <FileText className="h-5 w-5 text-primary" aria-hidden="true" />
        Datos para factura electrónica
      </h3>
      <p className="mt-2 text-sm break-words text-muted" data-testid="tax-id-state">
        {current
          ? `${portalTaxIdLabel(current)}: tus pagos reciben factura electrónica a tu nombre.`
          : "Sin identificación: tus pagos reciben tiquete electrónico. Agrega tu cédula si necesitas factura electrónica."}
      </p>
      {editing ? (
        <form method="post" noValidate onSubmit={submit} className="mt-4 grid min-w-0 gap-4">
          <TaxIdFields prefix="portal-tax-id" type={type} number={number} onType={setType} onNumber={setNumber} errors={errors} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Guardando..." : "Guardar"}
            </Button>
            <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => (setEditing(false), setErrors({}))}>
              Cancelar
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={() => setEditing(true)}>
            {current ? "Cambiar identificación" : "Agregar identificación"}
          </Button>
          {current ? (
            <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => send({ clientCode, tipoIdentificacion: null, identificacion: null })}>
              Quitar identificación
            </Button>
          ) : null}
        </div>
      )}
    </Card>
  );
}
