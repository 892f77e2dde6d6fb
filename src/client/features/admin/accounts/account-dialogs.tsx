// The Cuentas del personal forms: a new account (name, user or e-mail, role with what it may do,
// a temporary password with 'Generar'), editing name and role, and a new temporary password.
// Render each inside <Dialog open onOpenChange>; `onDone` closes it once the server agreed.

import { useForm, type FieldError, type SetValueConfig, type UseFormRegisterReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Wand2 } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { DialogContent, DialogFormActions } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../../../shared/domain/staff-roles";
import {
  ZCreateStaffAccountRequestSchema,
  ZResetPasswordRequestSchema,
  ZStaffRoleSchema,
  type TCreateStaffAccountRequest,
  type TStaffAccount,
} from "../../../../shared/api/admin/staff";
import { z } from "../../../../shared/validation";
import { generateTemporaryPassword, useAccountChange } from "./api";

const TEMPORARY_HINT = "La persona deberá cambiarla al entrar. Dísela en persona o por un canal privado.";

function RoleChoice({ registration, error, name }: { registration: UseFormRegisterReturn; error?: string; name: string }) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">Rol</legend>
      {STAFF_ROLES.map((role) => (
        <label key={role} className="flex cursor-pointer gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft">
          <input type="radio" value={role} {...registration} className="mt-1 h-4 w-4 accent-[var(--color-primary)]" />
          <span>
            <span className="block font-medium text-ink">{STAFF_ROLE_LABELS[role]}</span>
            <span className="block text-sm text-muted">{STAFF_ROLE_DESCRIPTIONS[role]}</span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={`${name}-error`} className="text-sm font-medium text-destructive-hover">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The part of a form with a `temporaryPassword` field that the field below uses. */
type TemporaryPasswordForm = {
  register: (name: "temporaryPassword") => UseFormRegisterReturn<"temporaryPassword">;
  setValue: (name: "temporaryPassword", value: string, options?: SetValueConfig) => void;
  formState: { errors: { temporaryPassword?: FieldError } };
};

/** 'Contraseña temporal', typed or filled by 'Generar' (checked at once). */
function TemporaryPasswordField({ id, form }: { id: string; form: TemporaryPasswordForm }) {
  const generate = () => form.setValue("temporaryPassword", generateTemporaryPassword(), { shouldValidate: true });
  return (
    <FormField id={id} label="Contraseña temporal" hint={TEMPORARY_HINT} error={form.formState.errors.temporaryPassword?.message}>
      {(control) => (
        <div className="flex gap-2">
          <Input {...control} {...form.register("temporaryPassword")} type="text" autoComplete="off" spellCheck={false} className="min-w-0 flex-1 font-mono" />
          <Button type="button" variant="outline" onClick={generate}>
            <Wand2 className="h-4 w-4" aria-hidden="true" />
            Generar
          </Button>
        </div>
      )}
    </FormField>
  );
}

export function CreateAccountDialog({ onDone }: { onDone: () => void }) {
  const change = useAccountChange();
  const form = useForm<TCreateStaffAccountRequest>({
    resolver: zodResolver(ZCreateStaffAccountRequestSchema),
    defaultValues: { name: "", login: "", role: "oficina", temporaryPassword: "" },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const submit = handleSubmit((body) => change.mutate({ kind: "create", body }, { onSuccess: onDone }));
  return (
    <DialogContent title="Nueva cuenta" description="Cada persona entra con su propio usuario y contraseña.">
      <form method="post" noValidate onSubmit={submit} className="grid gap-4">
        <FormField id="account-name" label="Nombre" error={errors.name?.message}>
          {(control) => <Input {...control} {...register("name")} autoComplete="off" />}
        </FormField>
        <FormField id="account-login" label="Usuario o correo" hint="Letras sin tildes, números, puntos, guiones; o un correo." error={errors.login?.message}>
          {(control) => <Input {...control} {...register("login")} autoComplete="off" autoCapitalize="none" spellCheck={false} />}
        </FormField>
        <RoleChoice registration={register("role")} error={errors.role?.message} name="account-role" />
        <TemporaryPasswordField id="account-password" form={form} />
        <DialogFormActions submitLabel="Crear cuenta" pending={change.isPending} />
      </form>
    </DialogContent>
  );
}

const ZEditAccountSchema = z.object({ name: ZCreateStaffAccountRequestSchema.shape.name, role: ZStaffRoleSchema });
type EditValues = { name: string; role: StaffRole };

export function EditAccountDialog({ account, onDone }: { account: TStaffAccount; onDone: () => void }) {
  const change = useAccountChange();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditValues>({ resolver: zodResolver(ZEditAccountSchema), defaultValues: { name: account.name, role: account.role } });
  const submit = handleSubmit((values) => {
    const body = { ...(values.name !== account.name ? { name: values.name } : {}), ...(values.role !== account.role ? { role: values.role } : {}) };
    if (Object.keys(body).length === 0) return onDone();
    change.mutate({ kind: "update", id: account.id, body }, { onSuccess: onDone });
  });
  return (
    <DialogContent title={`Editar ${account.name}`}>
      <form method="post" noValidate onSubmit={submit} className="grid gap-4">
        <FormField id="edit-account-name" label="Nombre" error={errors.name?.message}>
          {(control) => <Input {...control} {...register("name")} autoComplete="off" />}
        </FormField>
        <RoleChoice registration={register("role")} error={errors.role?.message} name="edit-account-role" />
        <DialogFormActions submitLabel="Guardar" pending={change.isPending} />
      </form>
    </DialogContent>
  );
}

export function TemporaryPasswordDialog({ account, onDone }: { account: TStaffAccount; onDone: () => void }) {
  const change = useAccountChange();
  const form = useForm<{ temporaryPassword: string }>({ resolver: zodResolver(ZResetPasswordRequestSchema), defaultValues: { temporaryPassword: "" } });
  const submit = form.handleSubmit(({ temporaryPassword }) => change.mutate({ kind: "password", id: account.id, temporaryPassword }, { onSuccess: onDone }));
  return (
    <DialogContent title="Contraseña temporal" description={`Para ${account.name}. Sus sesiones abiertas se cerrarán.`}>
      <form method="post" noValidate onSubmit={submit} className="grid gap-4">
        <TemporaryPasswordField id="reset-password" form={form} />
        <DialogFormActions submitLabel="Fijar contraseña" pending={change.isPending} />
      </form>
    </DialogContent>
  );
}
