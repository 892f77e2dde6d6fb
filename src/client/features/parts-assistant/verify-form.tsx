// Step one of the parts assistant (public-site §4, §5, §8): the client code, uppercased as it is
// typed, checked by the shared rule and then by GET /api/clients/verify/{code}. A code handed
// over by the home page's panel fills the field and is checked at once.

import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { Link } from "wouter";
import { SubmitWhenReady } from "../../components/submit-when-ready";
import { Card } from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { toast } from "../../components/ui/use-toast";
import { errorMessageFrom } from "../../lib/api";
import {
  VERIFY_CODE_MAX,
  VERIFY_FAILED_FALLBACK,
  VERIFY_FAILED_TITLE,
  ZVerifyClientRequestSchema,
  type TVerifiedClient,
  type TVerifyClientForm,
  type TVerifyClientRequest,
} from "../../../shared/api/clients-verification";
import { CLIENT_CODE_EXAMPLE } from "../../../shared/domain/client-code";
import { verifyClientCode } from "./api";
import { clearHandedOverCode } from "./code-handoff";

export interface VerifyFormProps {
  /** A code typed elsewhere (the home page's panel), verified as the form appears. */
  initialCode?: string | null;
  onVerified(clientCode: string, client: TVerifiedClient): void;
}

export function VerifyForm({ initialCode, onVerified }: VerifyFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TVerifyClientForm, unknown, TVerifyClientRequest>({
    resolver: zodResolver(ZVerifyClientRequestSchema),
    defaultValues: { clientCode: initialCode ?? "" },
  });
  const field = register("clientCode");

  const onSubmit = async ({ clientCode }: TVerifyClientRequest) => {
    try {
      onVerified(clientCode, await verifyClientCode(clientCode));
    } catch (error) {
      toast({ variant: "destructive", title: VERIFY_FAILED_TITLE, description: errorMessageFrom(error, VERIFY_FAILED_FALLBACK) });
    }
  };

  // Once per handed-over code (the ref survives StrictMode's second effect run); a refused code
  // stays in the field with the usual toast.
  const submitted = useRef(false);
  useEffect(() => {
    if (!initialCode || submitted.current) return;
    submitted.current = true;
    clearHandedOverCode();
    void handleSubmit(onSubmit)();
  });

  return (
    <Card className="mx-auto max-w-xl p-5 sm:p-8">
      <section aria-labelledby="verificar-titulo">
        <h2 id="verificar-titulo" className="flex items-center gap-2 text-xl font-semibold text-ink">
          <KeyRound className="h-5 w-5 text-primary" aria-hidden="true" />
          Verifica tu código de cliente
        </h2>
        <p className="mt-1 text-sm text-muted">
          El asistente de repuestos es para clientes registrados. Ingresa el código que recibiste al inscribirte.
        </p>
        <form method="post" noValidate aria-labelledby="verificar-titulo" onSubmit={handleSubmit(onSubmit)} className="mt-6 grid gap-4">
          <FormField id="repuestos-codigo" label="Código de cliente" error={errors.clientCode?.message}>
            {(control) => (
              <Input
                {...control}
                {...field}
                // Uppercased while typing, as the spec asks.
                onChange={(event) => {
                  event.target.value = event.target.value.toUpperCase();
                  void field.onChange(event);
                }}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={VERIFY_CODE_MAX}
                placeholder={`Ej.: ${CLIENT_CODE_EXAMPLE}`}
                className="uppercase"
              />
            )}
          </FormField>
          <SubmitWhenReady size="lg" disabled={isSubmitting}>
            {isSubmitting ? "Verificando…" : "Verificar código"}
          </SubmitWhenReady>
        </form>
        <p className="mt-4 text-sm text-muted">
          ¿Aún no tienes código?{" "}
          <Link href="/avisos-tracking" className="font-semibold text-primary underline-offset-2 hover:underline">
            Abre tu casillero gratis
          </Link>
        </p>
      </section>
    </Card>
  );
}
