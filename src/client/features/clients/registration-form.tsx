// The registration form (public-site §3, §5, §7, §8): nombre, dirección, WhatsApp and optional
// email, checked with the same schema the server uses. A pending referral code (?ref= kept in
// local storage) goes with it as referrerCode and is cleared once the client exists.

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Gift, Loader2 } from "lucide-react";
import { SubmitWhenReady } from "../../components/submit-when-ready";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../../lib/api";
import { routePath } from "../../../shared/api/contract";
import { clearPendingReferralCode, getPendingReferralCode, usePendingReferralCode } from "../../lib/referral";
import {
  CLIENT_REGISTER_ROUTE,
  ERROR_TITLE,
  REGISTER_FAILED_FALLBACK,
  REGISTER_SUCCESS_TITLE,
  ZRegisterClientRequestSchema,
  registerSuccessDescription,
  type TRegisterClientForm,
  type TRegisterClientRequest,
  type TRegisterClientResponse,
} from "../../../shared/api/clients";
import { REFERRAL_WELCOME_DISCOUNT } from "../../../shared/domain/coupons";

export interface RegistrationFormProps {
  onRegistered: (result: TRegisterClientResponse) => void;
}

export function RegistrationForm({ onRegistered }: RegistrationFormProps) {
  const referrerCode = usePendingReferralCode();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TRegisterClientForm, unknown, TRegisterClientRequest>({
    resolver: zodResolver(ZRegisterClientRequestSchema),
    defaultValues: { nombre: "", direccion: "", telefono: "", email: "" },
  });

  const mutation = useMutation({
    mutationFn: async (values: TRegisterClientRequest) => {
      const pending = getPendingReferralCode();
      const res = await apiRequest(CLIENT_REGISTER_ROUTE.method, routePath(CLIENT_REGISTER_ROUTE), { ...values, referrerCode: pending ?? undefined });
      return (await res.json()) as TRegisterClientResponse;
    },
    onSuccess: (result) => {
      clearPendingReferralCode();
      toast({ title: REGISTER_SUCCESS_TITLE, description: registerSuccessDescription(result.client.clientCode) });
      onRegistered(result);
    },
    onError: (err) => {
      toast({ title: ERROR_TITLE, description: errorMessageFrom(err, REGISTER_FAILED_FALLBACK), variant: "destructive" });
    },
  });

  return (
    <form method="post" noValidate onSubmit={handleSubmit((values) => mutation.mutate(values))} className="grid gap-5">
      {referrerCode ? (
        <p className="flex items-start gap-3 rounded-lg bg-accent/10 p-4 text-sm text-ink">
          <Gift className="mt-0.5 h-5 w-5 shrink-0 text-accent-strong" aria-hidden="true" />
          <span>
            Llegaste con una invitación (código de referido <strong>{referrerCode}</strong>): al registrarte recibes un
            cupón de {REFERRAL_WELCOME_DISCOUNT}% de descuento para tu primer envío.
          </span>
        </p>
      ) : null}
      <FormField id="registro-nombre" label="Nombre completo" error={errors.nombre?.message}>
        {(control) => <Input {...control} {...register("nombre")} autoComplete="name" placeholder="Ej: María Pérez Rojas" />}
      </FormField>
      <FormField
        id="registro-direccion"
        label="Dirección de entrega en Costa Rica"
        error={errors.direccion?.message}
        hint="Provincia, cantón, distrito y señas: ahí te llevamos tus paquetes."
      >
        {(control) => (
          <Textarea
            {...control}
            {...register("direccion")}
            rows={3}
            autoComplete="street-address"
            placeholder="Ej: Grecia, Alajuela, 200 m norte del parque"
          />
        )}
      </FormField>
      <FormField
        id="registro-telefono"
        label="WhatsApp"
        error={errors.telefono?.message}
        hint="Número de Costa Rica de 8 dígitos. Por ahí te enviamos tu código y los avisos de tus paquetes."
      >
        {(control) => (
          <Input {...control} {...register("telefono")} type="tel" inputMode="tel" autoComplete="tel" placeholder="8888-8888" />
        )}
      </FormField>
      <FormField id="registro-email" label="Email" optional error={errors.email?.message}>
        {(control) => (
          <Input {...control} {...register("email")} type="email" autoComplete="email" placeholder="tucorreo@ejemplo.com" />
        )}
      </FormField>
      <SubmitWhenReady size="lg" variant="accent" disabled={mutation.isPending}>
        {mutation.isPending ? <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> : null}
        {mutation.isPending ? "Registrando..." : "Abrir mi casillero"}
      </SubmitWhenReady>
    </form>
  );
}
