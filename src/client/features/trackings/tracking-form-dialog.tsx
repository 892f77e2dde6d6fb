// The pre-alert and edit dialogs (public-site §2, §3, §5): tracking code, origin and shipping
// type, and optionally what the client declares (content, value in USD, store; issue 32 item 5),
// checked with the server's rules. The client code travels with the body, unseen.

import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input, fieldClasses } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import { ORIGINS, SHIPPING_TYPES, SHIPPING_TYPE_LABELS } from "../../../shared/domain/statuses";
import {
  ORIGIN_LABELS,
  ZPreAlertFormSchema,
  type TClientTracking,
  type TPreAlertCreateRequest,
  type TPreAlertForm,
  type TPreAlertRequest,
} from "../../../shared/api/trackings";
import { InvoiceFileField } from "./package-invoice";
import { DECLARED_CONTENT_MAX, DECLARED_STORE_MAX } from "../../../shared/api/declared";

export interface TrackingFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  pendingLabel: string;
  clientCode: string;
  initial?: Pick<TClientTracking, "trackingCode" | "origen" | "formaEnvio" | "descripcionPaquete" | "tiendaOrigen" | "valorDeclarado">;
  pending: boolean;
  /** The pre-alert also takes the purchase invoice (issue 36 item 2); the edit does not. */
  withInvoice?: boolean;
  onSubmit: (values: TPreAlertCreateRequest) => void;
}

const EMPTY = { trackingCode: "", origen: "USA", formaEnvio: "AVION", descripcionPaquete: null, tiendaOrigen: null, valorDeclarado: null } as const;

/** The dialog's values: the declared fields as typed text ("" for none). */
function formValues(clientCode: string, start: NonNullable<TrackingFormDialogProps["initial"]>): TPreAlertForm {
  return {
    clientCode,
    trackingCode: start.trackingCode,
    origen: start.origen,
    formaEnvio: start.formaEnvio,
    descripcionPaquete: start.descripcionPaquete ?? "",
    tiendaOrigen: start.tiendaOrigen ?? "",
    valorDeclarado: start.valorDeclarado === null ? "" : String(start.valorDeclarado).replace(".", ","),
  };
}

export function TrackingFormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  pendingLabel,
  clientCode,
  initial,
  pending,
  withInvoice = false,
  onSubmit,
}: TrackingFormDialogProps) {
  const [factura, setFactura] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TPreAlertForm, unknown, TPreAlertRequest>({
    resolver: zodResolver(ZPreAlertFormSchema),
    defaultValues: formValues(clientCode, initial ?? EMPTY),
  });

  // Each opening starts from the package being edited (or blank for a new pre-alert).
  const start = initial ?? EMPTY;
  const { trackingCode, origen, formaEnvio, descripcionPaquete, tiendaOrigen, valorDeclarado } = start;
  useEffect(() => {
    if (open) reset(formValues(clientCode, { trackingCode, origen, formaEnvio, descripcionPaquete, tiendaOrigen, valorDeclarado }));
    if (open) setFactura(null);
  }, [open, clientCode, trackingCode, origen, formaEnvio, descripcionPaquete, tiendaOrigen, valorDeclarado, reset]);

  const selectClasses = cn(fieldClasses, "h-11");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        <form method="post" noValidate onSubmit={handleSubmit((values: TPreAlertRequest) => onSubmit(withInvoice && factura ? { ...values, factura } : values))} className="grid gap-4">
          <FormField
            id="tracking-code"
            label="Código de tracking"
            error={errors.trackingCode?.message ?? errors.clientCode?.message}
            hint="El número de guía que te dio la tienda o el courier (UPS, USPS, FedEx, DHL, Amazon…)."
          >
            {(control) => (
              <Input
                {...control}
                {...register("trackingCode")}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="Ej: 1Z999AA10123456784"
              />
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="tracking-origen" label="Origen" error={errors.origen?.message}>
              {(control) => (
                <select {...control} {...register("origen")} className={selectClasses}>
                  {ORIGINS.map((origin) => (
                    <option key={origin} value={origin}>
                      {ORIGIN_LABELS[origin]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField id="tracking-forma-envio" label="Forma de envío" error={errors.formaEnvio?.message}>
              {(control) => (
                <select {...control} {...register("formaEnvio")} className={selectClasses}>
                  {SHIPPING_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {SHIPPING_TYPE_LABELS[type]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <fieldset className="grid gap-4">
            <legend className="mb-1 text-sm font-medium text-ink">Lo que declaras (opcional)</legend>
            <FormField id="tracking-contenido" label="Contenido" optional error={errors.descripcionPaquete?.message}>
              {(control) => (
                <Input {...control} {...register("descripcionPaquete")} autoComplete="off" maxLength={DECLARED_CONTENT_MAX} placeholder="Ej: 2 camisas y unos audífonos" />
              )}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField id="tracking-valor" label="Valor declarado (USD)" optional error={errors.valorDeclarado?.message}>
                {(control) => <Input {...control} {...register("valorDeclarado")} inputMode="decimal" autoComplete="off" placeholder="Ej: 49,99" />}
              </FormField>
              <FormField id="tracking-tienda" label="Tienda" optional error={errors.tiendaOrigen?.message}>
                {(control) => <Input {...control} {...register("tiendaOrigen")} autoComplete="off" maxLength={DECLARED_STORE_MAX} placeholder="Ej: Amazon" />}
              </FormField>
            </div>
          </fieldset>
          {withInvoice ? <InvoiceFileField value={factura} onChange={setFactura} onUploadingChange={setUploading} /> : null}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={pending || uploading}>
              {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {pending ? pendingLabel : submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
