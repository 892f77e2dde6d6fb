// What the 'Probar Ahora' panel shows: the parts assistant's verification step, with the
// shared rule of /repuestos. Only the format is checked here; a valid code takes the visitor to
// /repuestos, where the whole assistant (verification by the server, search, photo, quota) lives.

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "wouter";
import { ArrowRight, ShieldCheck } from "lucide-react";
import {
  VERIFY_CODE_MAX,
  ZVerifyClientRequestSchema,
  type TVerifyClientForm,
  type TVerifyClientRequest,
} from "../../../shared/api/clients-verification";
import { CLIENT_CODE_EXAMPLE } from "../../../shared/domain/client-code";
import { Button, buttonClasses } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";

export interface VerifyCodeStepProps {
  /** Called with the uppercased code once it passes the format rules. */
  onVerified: (clientCode: string) => void;
}

export default function VerifyCodeStep({ onVerified }: VerifyCodeStepProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TVerifyClientForm, unknown, TVerifyClientRequest>({
    resolver: zodResolver(ZVerifyClientRequestSchema),
    defaultValues: { clientCode: "" },
  });
  const field = register("clientCode");

  return (
    <div className="grid gap-5">
      <div className="flex items-start gap-3 rounded-lg bg-primary-soft p-4">
        <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
        <p className="text-sm leading-relaxed text-ink">
          Busca repuestos por marca, modelo y año, o sube una foto de la pieza. Para empezar, ingresa tu código de
          cliente: lo recibiste por WhatsApp al abrir tu casillero.
        </p>
      </div>
      <form method="post" noValidate onSubmit={handleSubmit((values) => onVerified(values.clientCode))} className="grid gap-4">
        <FormField
          id="parts-teaser-code"
          label="Código de cliente"
          error={errors.clientCode?.message}
          hint={`Por ejemplo ${CLIENT_CODE_EXAMPLE}`}
        >
          {(control) => (
            <Input
              {...control}
              {...field}
              autoComplete="off"
              maxLength={VERIFY_CODE_MAX}
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={CLIENT_CODE_EXAMPLE}
              onChange={(event) => {
                // Typed codes show in capitals at once, keeping the caret where it was.
                const input = event.target;
                const { selectionStart, selectionEnd } = input;
                input.value = input.value.toUpperCase();
                if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd);
                void field.onChange(event);
              }}
            />
          )}
        </FormField>
        <Button type="submit" size="lg">
          Verificar Código
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Button>
      </form>
      <div className="grid gap-2 border-t border-slate-200 pt-4 text-sm text-muted">
        <p>
          ¿Todavía no tienes código?{" "}
          <Link href="/avisos-tracking" className="font-semibold text-primary underline underline-offset-2">
            Abre tu casillero gratis
          </Link>
        </p>
        <Link href="/repuestos" className={buttonClasses("outline", "md", "w-full")}>
          Ir a Repuestos IA
        </Link>
      </div>
    </div>
  );
}
