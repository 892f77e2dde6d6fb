// The notice form (staff-side §2, §5, §7): WhatsApp, full name, optional email and a list of
// code rows (add a row; remove one only while more than one remains), checked with the
// server's own schema. Personal data is remembered on every keystroke and on submit.

import { useEffect, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Loader2, Plus, Send, Trash2 } from "lucide-react";
import { SubmitWhenReady } from "../../components/submit-when-ready";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import {
  TRACKING_CODE_MAX_LENGTH,
  WHATSAPP_ADD_ROUTE,
  WHATSAPP_ENTRIES_ROUTE,
  ZWhatsappEntryFormSchema,
  toAddWhatsappCodesRequest,
  type TAddWhatsappCodesResponse,
  type TWhatsappEntryForm,
} from "../../../shared/api/whatsapp-entries";
import { routePath } from "../../../shared/api/contract";
import { MAX_CODES_PER_NOTICE } from "../../../shared/domain/limits";
import { loadRememberedContact, saveRememberedContact } from "./remembered-contact";

export const ADD_CODES_ERROR_TITLE = "Error al agregar códigos de tracking";
export const ADD_CODES_ERROR_FALLBACK = "No se pudieron agregar los códigos. Intenta nuevamente.";

function RequiredMark() {
  return (
    <>
      <span className="ml-0.5 text-destructive-hover" aria-hidden="true">
        *
      </span>
      <span className="sr-only"> (obligatorio)</span>
    </>
  );
}

export function EntryForm({ onAdded }: { onAdded: (result: TAddWhatsappCodesResponse) => void }) {
  const [defaultValues] = useState<TWhatsappEntryForm>(() => ({ ...loadRememberedContact(), codes: [{ value: "" }] }));
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useForm<TWhatsappEntryForm>({
    resolver: zodResolver(ZWhatsappEntryFormSchema),
    defaultValues,
  });
  const { fields, append, remove } = useFieldArray({ control, name: "codes" });

  // Every keystroke in the personal fields is remembered at once.
  useEffect(() => {
    const subscription = watch((values, { name }) => {
      if (name === "whatsapp" || name === "nombre" || name === "email") saveRememberedContact(values);
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  // The app's one client, passed explicitly so the form also works outside the app's provider.
  const mutation = useMutation(
    {
      mutationFn: async (form: TWhatsappEntryForm) => {
        const res = await apiRequest("POST", routePath(WHATSAPP_ADD_ROUTE), toAddWhatsappCodesRequest(form));
        return WHATSAPP_ADD_ROUTE.responses[200].parse(await res.json());
      },
      onSuccess: (result) => {
        // The staff panel's entries list, when this browser also has it open (lib/admin/tracking-panel-queries ENTRIES_KEY).
        void queryClient.invalidateQueries({ queryKey: [WHATSAPP_ENTRIES_ROUTE.path] });
        setValue("codes", [{ value: "" }]);
        onAdded(result);
      },
      onError: (error) => {
        toast({ title: ADD_CODES_ERROR_TITLE, description: errorMessageFrom(error, ADD_CODES_ERROR_FALLBACK), variant: "destructive" });
      },
    },
    queryClient,
  );

  const onSubmit = handleSubmit((form) => {
    saveRememberedContact(form);
    mutation.mutate(form);
  });
  const codesError = errors.codes?.message ?? errors.codes?.root?.message;

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Registrar códigos de tracking">
      <FormField
        id="aviso-whatsapp"
        label={
          <>
            Número de WhatsApp
            <RequiredMark />
          </>
        }
        error={errors.whatsapp?.message}
        hint="Con código de país, por ejemplo +50688888888."
      >
        {(c) => (
          <Input
            {...c}
            {...register("whatsapp")}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+50688888888"
            aria-required="true"
          />
        )}
      </FormField>
      <FormField
        id="aviso-nombre"
        label={
          <>
            Nombre completo
            <RequiredMark />
          </>
        }
        error={errors.nombre?.message}
      >
        {(c) => <Input {...c} {...register("nombre")} autoComplete="name" placeholder="Ej: María Pérez Rojas" aria-required="true" />}
      </FormField>
      <FormField id="aviso-email" label="Email" optional error={errors.email?.message}>
        {(c) => <Input {...c} {...register("email")} type="email" autoComplete="email" placeholder="tucorreo@ejemplo.com" />}
      </FormField>

      <fieldset className="grid gap-3" aria-describedby={codesError ? "aviso-codigos-error" : undefined}>
        <legend className="text-sm font-medium text-ink">
          Códigos de tracking
          <RequiredMark />
        </legend>
        {fields.map((field, index) => (
          <div key={field.id} className="flex items-center gap-2">
            <Label htmlFor={`aviso-codigo-${index}`} className="sr-only">
              {`Código de tracking ${index + 1}`}
            </Label>
            <Input
              id={`aviso-codigo-${index}`}
              {...register(`codes.${index}.value`)}
              placeholder="Ej: 1Z999AA10123456784"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={TRACKING_CODE_MAX_LENGTH + 10}
              aria-invalid={Boolean(codesError)}
            />
            {fields.length > 1 ? (
              <Button
                variant="ghost"
                size="icon"
                onClick={() => remove(index)}
                aria-label={`Quitar código ${index + 1}`}
                className="shrink-0 text-destructive-hover"
              >
                <Trash2 className="h-5 w-5" aria-hidden="true" />
              </Button>
            ) : null}
          </div>
        ))}
        {codesError ? (
          <p id="aviso-codigos-error" className="text-sm font-medium text-destructive-hover">
            {codesError}
          </p>
        ) : null}
        <div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => append({ value: "" }, { shouldFocus: true })}
            disabled={fields.length >= MAX_CODES_PER_NOTICE}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            Agregar otro código
          </Button>
          <p className="mt-1 text-xs text-muted">{`Hasta ${MAX_CODES_PER_NOTICE} códigos por aviso.`}</p>
        </div>
      </fieldset>

      <SubmitWhenReady variant="whatsapp" size="lg" disabled={mutation.isPending}>
        {mutation.isPending ? <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> : <Send className="h-5 w-5" aria-hidden="true" />}
        {mutation.isPending ? "Agregando códigos..." : "Registrar códigos"}
      </SubmitWhenReady>
    </form>
  );
}
