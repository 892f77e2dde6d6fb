// The /contacto message form (public-site §2, §5, §8): the shared schema checks it in the
// browser and again on the server; success and failure answer with the spec's toasts.

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import {
  CONTACT_EMAIL_MAX,
  CONTACT_FAILED_FALLBACK,
  CONTACT_FAILED_TITLE,
  CONTACT_MENSAJE_MAX,
  CONTACT_NOMBRE_MAX,
  CONTACT_SENT_DESCRIPTION,
  CONTACT_SENT_TITLE,
  CONTACT_TELEFONO_MAX,
  CONTACT_SEND_ROUTE,
  ZContactRequestSchema,
  type TContactForm,
  type TContactRequest,
  type TContactResponse,
} from "../../../shared/api/contact";
import { routePath } from "../../../shared/api/contract";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../../lib/api";

const EMPTY: TContactForm = { nombre: "", email: "", telefono: "", mensaje: "" };

async function sendContactMessage(body: TContactRequest): Promise<TContactResponse> {
  const res = await apiRequest("POST", routePath(CONTACT_SEND_ROUTE), body);
  return (await res.json()) as TContactResponse;
}

export function ContactForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TContactForm, unknown, TContactRequest>({
    resolver: zodResolver(ZContactRequestSchema),
    defaultValues: EMPTY,
  });

  // A one-off send, nothing to cache: the form's own submitting state is the pending state.
  const onSubmit = async (values: TContactRequest) => {
    try {
      await sendContactMessage(values);
      toast({ title: CONTACT_SENT_TITLE, description: CONTACT_SENT_DESCRIPTION });
      reset(EMPTY);
    } catch (error) {
      toast({
        variant: "destructive",
        title: CONTACT_FAILED_TITLE,
        description: errorMessageFrom(error, CONTACT_FAILED_FALLBACK),
      });
    }
  };

  return (
    // Posted to /contacto by the browser itself when the page's script is off or still loading:
    // the server takes the message and answers with a page (decision 149).
    <form
      method="post"
      action="/contacto"
      noValidate
      aria-labelledby="contacto-form-titulo"
      onSubmit={handleSubmit(onSubmit)}
      className="grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contacto-nombre" label="Nombre completo" error={errors.nombre?.message}>
          {(control) => (
            <Input {...control} {...register("nombre")} autoComplete="name" maxLength={CONTACT_NOMBRE_MAX} placeholder="María Rodríguez" />
          )}
        </FormField>
        <FormField id="contacto-email" label="Email" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              {...register("email")}
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={CONTACT_EMAIL_MAX}
              placeholder="tu@correo.com"
            />
          )}
        </FormField>
      </div>
      <FormField
        id="contacto-telefono"
        label="Teléfono"
        optional
        error={errors.telefono?.message}
        hint="Si nos dejas tu número, también podemos responderte por WhatsApp."
      >
        {(control) => (
          <Input
            {...control}
            {...register("telefono")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={CONTACT_TELEFONO_MAX}
            placeholder="8888-8888"
          />
        )}
      </FormField>
      <FormField id="contacto-mensaje" label="Mensaje" error={errors.mensaje?.message}>
        {(control) => (
          <Textarea
            {...control}
            {...register("mensaje")}
            rows={6}
            maxLength={CONTACT_MENSAJE_MAX}
            placeholder="Cuéntanos qué quieres importar o en qué te podemos ayudar."
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting} className="sm:justify-self-start">
        <Send className="h-4 w-4" aria-hidden="true" />
        {isSubmitting ? "Enviando…" : "Enviar Mensaje"}
      </Button>
    </form>
  );
}
