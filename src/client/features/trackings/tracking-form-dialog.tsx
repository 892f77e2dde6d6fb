// The pre-alert and edit dialogs (public-site §2, §3, §5): tracking code, origin and shipping
// type, checked with the server's schema. The client code travels with the body, unseen.

import { useEffect } from "react";
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
  ZPreAlertRequestSchema,
  type TPreAlertForm,
  type TPreAlertRequest,
} from "../../../shared/api/trackings";

export interface TrackingFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  pendingLabel: string;
  clientCode: string;
  initial?: Pick<TPreAlertRequest, "trackingCode" | "origen" | "formaEnvio">;
  pending: boolean;
  onSubmit: (values: TPreAlertRequest) => void;
}

const EMPTY = { trackingCode: "", origen: "USA", formaEnvio: "AVION" } as const;

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
  onSubmit,
}: TrackingFormDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TPreAlertForm, unknown, TPreAlertRequest>({
    resolver: zodResolver(ZPreAlertRequestSchema),
    defaultValues: { clientCode, ...(initial ?? EMPTY) },
  });

  // Each opening starts from the package being edited (or blank for a new pre-alert).
  const start = initial ?? EMPTY;
  const { trackingCode, origen, formaEnvio } = start;
  useEffect(() => {
    if (open) reset({ clientCode, trackingCode, origen, formaEnvio });
  }, [open, clientCode, trackingCode, origen, formaEnvio, reset]);

  const selectClasses = cn(fieldClasses, "h-11");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} description={description}>
        <form method="post" noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
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
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {pending ? pendingLabel : submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
