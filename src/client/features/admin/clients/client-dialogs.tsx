// Managing a client record (issue 18 item 13; docs/decisions/120, 121): the create / edit dialog
// (name, WhatsApp, address, email, the identification for the electronic invoice and internal notes, checked with the server's own schemas), the
// delete confirmation that says what happens to the packages, and 'Fusionar con…': find the other
// record by code, name or phone, see both, choose which one is kept.

import { useState, type FormEvent } from "react";
import { Search, UserPlus } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogFormActions } from "../../../components/ui/dialog";
import { AlertDialog, AlertDialogContent } from "../../../components/ui/alert-dialog";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import { cn } from "../../../lib/cn";
import { formatDate } from "../../../../shared/domain/format";
import { formatPhoneForDisplay } from "../../../../shared/domain/phone";
import {
  CLIENT_CHANGE_REQUIRED,
  CLIENT_LOOKALIKE_CONFIRM,
  CLIENT_LOOKALIKE_TITLE,
  CLIENT_NOTES_MAX,
  MERGE_KEEP_OLDER_HINT,
  ZCreateAdminClientRequestSchema,
  ZUpdateAdminClientRequestSchema,
  clientDeleteConfirmation,
  type TAdminClient,
  type TCreateAdminClientBody,
  type TUpdateAdminClientBody,
} from "../../../../shared/api/admin/clients";
import { TAX_ID_HINT, TaxIdFields } from "../../../components/tax-id-fields";
import { useClientLookup, useCreateClient, useDeleteClient, useMergeClients, useUpdateClient } from "./api";

const FIELDS = ["nombre", "telefono", "direccion", "email", "notas", "tipoIdentificacion", "identificacion"] as const;
const TAX_ID = ["tipoIdentificacion", "identificacion"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/** The record as the form holds it; a client without one holds empty fields. */
function valuesOf(client?: TAdminClient): Values {
  return {
    nombre: client?.nombre ?? "",
    telefono: client ? formatPhoneForDisplay(client.telefono) : "",
    direccion: client?.direccion ?? "",
    email: client?.email ?? "",
    notas: client?.notas ?? "",
    tipoIdentificacion: client?.tipoIdentificacion ?? "",
    identificacion: client?.identificacion ?? "",
  };
}

function errorsOf(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field | undefined;
    if (field && FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

export interface ClientFormDialogProps {
  /** Given when editing. */
  client?: TAdminClient;
  onDone: () => void;
}

/**
 * Render inside <Dialog open onOpenChange>. Editing sends only the fields that changed, so an
 * imported record whose old phone or short address would not pass today's form stays editable.
 */
export function ClientFormDialog({ client, onDone }: ClientFormDialogProps) {
  // The server's look-alike question (issue 32): staff create anyway or go back to the form.
  const [lookalike, setLookalike] = useState<string | null>(null);
  const create = useCreateClient(setLookalike);
  const update = useUpdateClient();
  const pending = create.isPending || update.isPending;
  const initial = valuesOf(client);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const prefix = client ? `client-edit-${client.id}` : "client-new";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!client) {
      const checked = ZCreateAdminClientRequestSchema.safeParse(values);
      setErrors(checked.success ? {} : errorsOf(checked.error.issues));
      if (checked.success) create.mutate(values as TCreateAdminClientBody, { onSuccess: onDone });
      return;
    }
    const body: Record<string, string> = {};
    for (const field of FIELDS) if (values[field] !== initial[field]) body[field] = values[field];
    // The identification is one pair: a change of either sends both (decision 189).
    if (TAX_ID.some((f) => body[f] !== undefined)) for (const f of TAX_ID) body[f] = values[f];
    if (Object.keys(body).length === 0) return onDone();
    const checked = ZUpdateAdminClientRequestSchema.safeParse(body);
    if (!checked.success) {
      const fieldErrors = errorsOf(checked.error.issues);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length === 0) setFormError(checked.error.issues[0]?.message ?? CLIENT_CHANGE_REQUIRED);
      return;
    }
    setErrors({});
    update.mutate({ id: client.id, body: body as TUpdateAdminClientBody }, { onSuccess: onDone });
  };

  const field = (name: Field) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  return (
    <DialogContent
      title={client ? "Editar cliente" : "Nuevo cliente"}
      description={client ? `${client.nombre} (${client.clientCode})` : "Se le asigna un código y se prepara su mensaje de bienvenida."}
      className="max-w-xl"
    >
      <form method="post" noValidate onSubmit={submit} className="grid gap-4">
        <FormField id={`${prefix}-nombre`} label="Nombre completo" error={errors.nombre}>
          {(control) => <Input {...control} {...field("nombre")} autoComplete="off" />}
        </FormField>
        <FormField id={`${prefix}-telefono`} label="WhatsApp" error={errors.telefono} hint="8 dígitos de Costa Rica, con o sin +506.">
          {(control) => <Input {...control} {...field("telefono")} inputMode="tel" autoComplete="off" />}
        </FormField>
        <FormField id={`${prefix}-direccion`} label="Dirección" error={errors.direccion}>
          {(control) => <Textarea {...control} {...field("direccion")} rows={2} className="min-h-16" />}
        </FormField>
        <FormField id={`${prefix}-email`} label="Email" optional error={errors.email}>
          {(control) => <Input {...control} {...field("email")} type="email" inputMode="email" autoComplete="off" />}
        </FormField>
        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-2 text-sm font-semibold text-ink">Datos para factura electrónica</legend>
          <p className="text-sm text-muted">{TAX_ID_HINT}</p>
          <TaxIdFields
            prefix={prefix}
            type={values.tipoIdentificacion}
            number={values.identificacion}
            onType={(v) => setValues((x) => ({ ...x, tipoIdentificacion: v }))}
            onNumber={(v) => setValues((x) => ({ ...x, identificacion: v }))}
            errors={errors}
          />
        </fieldset>
        <FormField id={`${prefix}-notas`} label="Notas internas" optional error={errors.notas} hint="Solo las ve el equipo.">
          {(control) => <Textarea {...control} {...field("notas")} rows={3} maxLength={CLIENT_NOTES_MAX} />}
        </FormField>
        {formError ? (
          <p role="alert" className="text-sm font-medium text-destructive-hover">
            {formError}
          </p>
        ) : null}
        <DialogFormActions pending={pending} submitLabel={client ? "Guardar cambios" : "Crear cliente"} />
      </form>
      <AlertDialog open={lookalike !== null} onOpenChange={(open) => (open || pending ? undefined : setLookalike(null))}>
        {lookalike !== null ? (
          <AlertDialogContent
            title={CLIENT_LOOKALIKE_TITLE}
            description={lookalike}
            cancelLabel="Volver"
            confirmLabel={CLIENT_LOOKALIKE_CONFIRM}
            pending={pending}
            onConfirm={() => create.mutate({ ...(values as TCreateAdminClientBody), confirmar: true }, { onSuccess: onDone, onSettled: () => setLookalike(null) })}
          />
        ) : null}
      </AlertDialog>
    </DialogContent>
  );
}

/** 'Nuevo cliente' and its dialog, for the list's header. */
export function NewClientButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        <UserPlus className="h-4 w-4" aria-hidden="true" />
        Nuevo cliente
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? <ClientFormDialog onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}

/** The delete confirmation's content: render inside <AlertDialog open onOpenChange>. */
export function DeleteClientDialog({ client, onDone }: { client: TAdminClient; onDone: () => void }) {
  const remove = useDeleteClient();
  return (
    <AlertDialogContent
      title="Eliminar cliente"
      description={clientDeleteConfirmation(client)}
      confirmLabel="Eliminar cliente"
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ id: client.id, label: `${client.nombre} (${client.clientCode})` }, { onSuccess: onDone })}
    />
  );
}

type Side = Pick<TAdminClient, "id" | "clientCode" | "nombre" | "telefono" | "email" | "createdAt" | "trackingCount">;

function ClientSummary({ client, kept }: { client: Side; kept: boolean }) {
  return (
    <div className={cn("min-w-0 rounded-lg border p-3 text-sm", kept ? "border-primary bg-primary-soft/40" : "border-slate-200")}>
      <p className="font-semibold break-words text-ink">{client.nombre}</p>
      <p className="font-mono text-primary">{client.clientCode}</p>
      <p className="text-muted">{formatPhoneForDisplay(client.telefono)}</p>
      {client.email ? <p className="break-all text-muted">{client.email}</p> : null}
      <p className="text-muted">
        Registrado el {formatDate(client.createdAt)} · {client.trackingCount} {client.trackingCount === 1 ? "paquete" : "paquetes"}
      </p>
      <p className={cn("mt-1 font-semibold", kept ? "text-primary" : "text-destructive-hover")}>{kept ? "Se conserva" : "Se elimina"}</p>
    </div>
  );
}

/**
 * 'Fusionar con…': render inside <Dialog open onOpenChange>. The kept record keeps its code, name,
 * phone and address; the other's packages, searches, coupons and referrals move to it.
 */
/**
 * The record kept by default (issue 32): the older one, whose code the person already has on
 * their Miami address and in their stores; the same instant falls to the lower id.
 */
function olderClient<T extends { id: number; createdAt: string }>(a: T, b: T): T {
  const at = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return at < 0 || (at === 0 && a.id < b.id) ? a : b;
}

export function MergeClientDialog({ client, onDone }: { client: TAdminClient; onDone: () => void }) {
  const [q, setQ] = useState("");
  const [other, setOther] = useState<Side | null>(null);
  const [keepId, setKeepId] = useState(client.id);
  const lookup = useClientLookup(other ? "" : q);
  const merge = useMergeClients();
  const candidates = (lookup.data?.clients ?? []).filter((c) => c.id !== client.id);
  const kept = other && keepId === other.id ? other : client;
  const removed = other && keepId === other.id ? client : other;

  const choose = (c: Side) => {
    setOther(c);
    setKeepId(olderClient(client, c).id);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!other || !removed) return;
    merge.mutate({ keepId: kept.id, fromId: removed.id }, { onSuccess: onDone });
  };

  return (
    <DialogContent title="Fusionar clientes" description="Une dos registros de la misma persona en uno." className="max-w-2xl">
      <form method="post" noValidate onSubmit={submit} className="grid gap-4">
        {!other ? (
          <div className="grid gap-2">
            <FormField id={`merge-${client.id}-q`} label="Buscar el otro registro" hint="Código, nombre o teléfono.">
              {(control) => (
                <div className="relative">
                  <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
                  <Input {...control} value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" className="pl-9" />
                </div>
              )}
            </FormField>
            {q.trim().length >= 2 && lookup.isFetching ? <p className="text-sm text-muted">Buscando…</p> : null}
            {q.trim().length >= 2 && lookup.data && candidates.length === 0 ? (
              <p className="text-sm text-muted">No se encontró otro cliente.</p>
            ) : null}
            {candidates.length > 0 ? (
              <ul className="grid gap-2" aria-label="Clientes encontrados">
                {candidates.map((c) => (
                  <li key={c.id}>
                    <button
                      type="button"
                      onClick={() => choose(c)}
                      className="w-full rounded-lg border border-slate-200 p-3 text-left text-sm hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      <span className="block font-semibold break-words text-ink">{c.nombre}</span>
                      <span className="font-mono text-primary">{c.clientCode}</span>
                      <span className="text-muted"> · {formatPhoneForDisplay(c.telefono)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : (
          <>
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-semibold text-ink">¿Qué registro se conserva?</legend>
              <p className="text-sm text-muted">{MERGE_KEEP_OLDER_HINT}</p>
              {[client, other].map((c) => (
                <label key={c.id} className="flex min-w-0 items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={`merge-${client.id}-keep`}
                    checked={keepId === c.id}
                    onChange={() => setKeepId(c.id)}
                    className="h-4 w-4 accent-primary"
                  />
                  <span className="min-w-0 break-words">
                    {c.nombre} ({c.clientCode})
                  </span>
                </label>
              ))}
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-2">
              <ClientSummary client={kept} kept />
              {removed ? <ClientSummary client={removed} kept={false} /> : null}
            </div>
            <p className="text-sm text-muted">
              Los paquetes (con su historial), las búsquedas IA, los cupones y los referidos de {removed?.clientCode} pasan a{" "}
              {kept.clientCode}, que conserva su código, nombre, teléfono y dirección; las notas se unen. {removed?.clientCode} se elimina y
              su código deja de funcionar. Si los dos tienen el mismo tracking, no se fusionan hasta que se elimine uno.
            </p>
            <Button type="button" variant="ghost" size="sm" className="justify-self-start" onClick={() => setOther(null)}>
              Elegir otro cliente
            </Button>
          </>
        )}
        {other ? <DialogFormActions pending={merge.isPending} submitLabel={`Fusionar en ${kept.clientCode}`} /> : null}
      </form>
    </DialogContent>
  );
}
