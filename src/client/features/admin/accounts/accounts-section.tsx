// Cuentas del personal (issue 19, Dueño): every account with its role, state, two-step sign-in,
// open sessions and last sign-in — one table that becomes a card per account on a phone — and
// the owner's actions: new account, edit, Desactivar/Activar (confirmed), a temporary password
// and 'Cerrar sesiones' (confirmed). The server refuses what would lock the owners out and says why.

import { useState, type ReactNode } from "react";
import { Plus } from "lucide-react";
import { AlertDialog, AlertDialogContent } from "../../../components/ui/alert-dialog";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Dialog } from "../../../components/ui/dialog";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { ACCOUNTS_LOAD_FAILED, useStaffAccounts } from "../../../lib/admin/staff-accounts";
import { useAdminSession } from "../../../lib/admin/admin-session";
import { EMPTY_VALUE, formatDateTime } from "../../../../shared/domain/format";
import { STAFF_ROLE_LABELS } from "../../../../shared/domain/staff-roles";
import type { TStaffAccount } from "../../../../shared/api/admin/staff";
import { useAccountChange } from "./api";
import { CreateAccountDialog, EditAccountDialog, TemporaryPasswordDialog } from "./account-dialogs";

type Open =
  | { kind: "create" }
  | { kind: "edit" | "password" | "toggle" | "end-sessions"; account: TStaffAccount }
  | null;

const COLUMNS = ["Nombre", "Usuario", "Rol", "Estado", "Dos pasos", "Sesiones", "Último ingreso", "Acciones"] as const;

function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={`flex gap-2 py-1 md:table-cell md:px-3 md:py-2 ${className ?? ""}`}>
      <span className="w-28 shrink-0 text-muted md:hidden">{label}</span>
      <span className="min-w-0 break-words">{children}</span>
    </td>
  );
}

function AccountRow({ account, self, onOpen }: { account: TStaffAccount; self: boolean; onOpen: (open: Open) => void }) {
  return (
    <tr className="mb-3 block rounded-lg border border-slate-200 bg-white p-3 md:mb-0 md:table-row md:rounded-none md:border-0 md:border-t md:p-0">
      <Cell label="Nombre" className="font-semibold">
        {account.name}
        {self ? <span className="ml-1 text-xs font-normal text-muted">(tú)</span> : null}
      </Cell>
      <Cell label="Usuario">{account.builtIn ? `${account.login} · contraseña del servidor` : account.login}</Cell>
      <Cell label="Rol">{STAFF_ROLE_LABELS[account.role]}</Cell>
      <Cell label="Estado">
        {account.disabled ? <Badge tone="danger">Desactivada</Badge> : <Badge tone="success">Activa</Badge>}
        {account.mustChangePassword ? <span className="ml-1 text-xs text-muted">Contraseña temporal</span> : null}
      </Cell>
      <Cell label="Dos pasos">{account.totpEnabled ? "Activada" : "No"}</Cell>
      <Cell label="Sesiones">{account.openSessions}</Cell>
      <Cell label="Último ingreso">{account.lastSignInAt ? formatDateTime(account.lastSignInAt) : EMPTY_VALUE}</Cell>
      <td className="pt-2 md:px-3 md:py-2">
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" aria-label={`Editar ${account.name}`} onClick={() => onOpen({ kind: "edit", account })}>
            Editar
          </Button>
          <Button size="sm" variant="outline" aria-label={`Contraseña temporal de ${account.name}`} onClick={() => onOpen({ kind: "password", account })}>
            Contraseña temporal
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Cerrar sesiones de ${account.name}`}
            disabled={account.openSessions === 0}
            onClick={() => onOpen({ kind: "end-sessions", account })}
          >
            Cerrar sesiones
          </Button>
          <Button
            size="sm"
            variant={account.disabled ? "outline" : "destructive"}
            aria-label={`${account.disabled ? "Activar" : "Desactivar"} ${account.name}`}
            onClick={() => onOpen({ kind: "toggle", account })}
          >
            {account.disabled ? "Activar" : "Desactivar"}
          </Button>
        </div>
      </td>
    </tr>
  );
}

function Confirm({ open, onClose }: { open: { kind: "toggle" | "end-sessions"; account: TStaffAccount }; onClose: () => void }) {
  const change = useAccountChange();
  const { account } = open;
  const texts =
    open.kind === "end-sessions"
      ? { title: `¿Cerrar las sesiones de ${account.name}?`, description: "Deberá entrar de nuevo en todos sus dispositivos.", confirm: "Cerrar sesiones" }
      : account.disabled
        ? { title: `¿Activar la cuenta de ${account.name}?`, description: "Podrá entrar de nuevo con su contraseña.", confirm: "Activar" }
        : {
            title: `¿Desactivar la cuenta de ${account.name}?`,
            description: "No podrá entrar y sus sesiones abiertas se cierran ya. Su historial queda en el registro.",
            confirm: "Desactivar",
          };
  const kind = open.kind === "end-sessions" ? "end-sessions" : account.disabled ? "enable" : "disable";
  return (
    <AlertDialogContent
      title={texts.title}
      description={texts.description}
      confirmLabel={texts.confirm}
      pending={change.isPending}
      onConfirm={() => change.mutate({ kind, id: account.id }, { onSuccess: onClose })}
    />
  );
}

export function AccountsSection() {
  const { staff } = useAdminSession();
  const accounts = useStaffAccounts();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const onOpenChange = (value: boolean) => {
    if (!value) close();
  };

  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-ink">Cuentas del personal</h2>
          <p className="text-sm text-muted">Quién entra al panel y qué puede hacer.</p>
        </div>
        <Button onClick={() => setOpen({ kind: "create" })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Nueva cuenta
        </Button>
      </div>
      {accounts.isPending ? (
        <PanelLoading />
      ) : accounts.isError ? (
        <PanelMessage tone="error">{ACCOUNTS_LOAD_FAILED}</PanelMessage>
      ) : (
        <table className="block w-full text-sm md:table">
          <caption className="sr-only">Cuentas del personal</caption>
          <thead className="hidden md:table-header-group">
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="px-3 py-2 text-left font-medium text-muted">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {accounts.data.map((account) => (
              <AccountRow key={account.id} account={account} self={account.id === staff.account.id} onOpen={setOpen} />
            ))}
          </tbody>
        </table>
      )}
      <Dialog open={open?.kind === "create"} onOpenChange={onOpenChange}>
        {open?.kind === "create" ? <CreateAccountDialog onDone={close} /> : null}
      </Dialog>
      <Dialog open={open?.kind === "edit"} onOpenChange={onOpenChange}>
        {open?.kind === "edit" ? <EditAccountDialog account={open.account} onDone={close} /> : null}
      </Dialog>
      <Dialog open={open?.kind === "password"} onOpenChange={onOpenChange}>
        {open?.kind === "password" ? <TemporaryPasswordDialog account={open.account} onDone={close} /> : null}
      </Dialog>
      <AlertDialog open={open?.kind === "toggle" || open?.kind === "end-sessions"} onOpenChange={onOpenChange}>
        {open && (open.kind === "toggle" || open.kind === "end-sessions") ? <Confirm open={{ kind: open.kind, account: open.account }} onClose={close} /> : null}
      </AlertDialog>
    </Card>
  );
}
