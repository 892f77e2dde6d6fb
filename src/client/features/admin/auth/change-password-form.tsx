// Changing one's own password (POST /api/admin/me/password): the current one, the new one and the
// new one again. Used by the 'Cambia tu contraseña temporal' screen of the gate and by Mi cuenta.
// The server ends the person's other sessions; this one stays open.

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Loader2 } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { apiRequest, errorMessageFrom, errorStatusFrom } from "../../../lib/api";
import { z } from "../../../../shared/validation";
import { routePath } from "../../../../shared/api/contract";
import {
  OWN_PASSWORD_ROUTE,
  PASSWORD_CURRENT_WRONG,
  ZChangeOwnPasswordRequestSchema,
  type TChangeOwnPasswordRequest,
} from "../../../../shared/api/admin/staff";
import { PASSWORD_CHANGE_FAILED, PASSWORD_CHANGE_SUBMIT, PASSWORDS_DIFFER } from "./texts";

const ZChangePasswordFormSchema = ZChangeOwnPasswordRequestSchema.extend({ repeat: z.string() }).refine((v) => v.repeat === v.newPassword, {
  message: PASSWORDS_DIFFER,
  path: ["repeat"],
});
type ChangePasswordValues = TChangeOwnPasswordRequest & { repeat: string };

export function ChangePasswordForm({ onDone, onUnauthorized }: { onDone: () => void; onUnauthorized: (error: unknown) => boolean }) {
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(ZChangePasswordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", repeat: "" },
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setPending(true);
    try {
      await apiRequest(OWN_PASSWORD_ROUTE.method, routePath(OWN_PASSWORD_ROUTE), { currentPassword, newPassword });
      reset();
      onDone();
    } catch (error) {
      if (onUnauthorized(error)) return;
      const message = errorMessageFrom(error, PASSWORD_CHANGE_FAILED);
      if (errorStatusFrom(error) === 400) setError(message === PASSWORD_CURRENT_WRONG ? "currentPassword" : "newPassword", { message });
      toast({ title: "Error", description: message, variant: "destructive" });
    } finally {
      setPending(false);
    }
  });

  return (
    <form method="post" noValidate onSubmit={submit} className="grid gap-4">
      <FormField id="password-current" label="Contraseña actual" error={errors.currentPassword?.message}>
        {(control) => <Input {...control} {...register("currentPassword")} type="password" autoComplete="current-password" />}
      </FormField>
      <FormField id="password-new" label="Nueva contraseña" hint="Al menos 10 caracteres." error={errors.newPassword?.message}>
        {(control) => <Input {...control} {...register("newPassword")} type="password" autoComplete="new-password" />}
      </FormField>
      <FormField id="password-repeat" label="Repite la nueva contraseña" error={errors.repeat?.message}>
        {(control) => <Input {...control} {...register("repeat")} type="password" autoComplete="new-password" />}
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        {PASSWORD_CHANGE_SUBMIT}
      </Button>
    </form>
  );
}
