// The Cuentas del personal calls (Dueño): create, edit, disable/enable, a temporary password and
// ending every session of an account. Each answer refreshes the shared accounts list
// (lib/admin/staff-accounts.ts); a refusal (409, 403) shows the server's Spanish message.

import { useMutation } from "@tanstack/react-query";
import { queryClient } from "../../../lib/query-client";
import { toast } from "../../../components/ui/use-toast";
import { apiRequest } from "../../../lib/api";
import { sendAdminJson, useChangeErrorToast } from "../../../lib/admin/admin-api";
import { refreshStaffAccounts } from "../../../lib/admin/staff-accounts";
import { routePath } from "../../../../shared/api/contract";
import {
  ACCOUNT_CREATE_ROUTE,
  ACCOUNT_DISABLE_ROUTE,
  ACCOUNT_ENABLE_ROUTE,
  ACCOUNT_END_SESSIONS_ROUTE,
  ACCOUNT_PASSWORD_ROUTE,
  ACCOUNT_UPDATE_ROUTE,
  type TCreateStaffAccountRequest,
  type TStaffAccount,
  type TUpdateStaffAccountRequest,
} from "../../../../shared/api/admin/staff";

const ACCOUNT_CHANGE_FAILED = "No se pudo guardar el cambio de la cuenta";

export type AccountChange =
  | { kind: "create"; body: TCreateStaffAccountRequest }
  | { kind: "update"; id: number; body: TUpdateStaffAccountRequest }
  | { kind: "disable" | "enable" | "end-sessions"; id: number }
  | { kind: "password"; id: number; temporaryPassword: string };

const DONE_TITLES: Record<AccountChange["kind"], string> = {
  create: "Cuenta creada",
  update: "Cuenta actualizada",
  disable: "Cuenta desactivada",
  enable: "Cuenta activada",
  "end-sessions": "Sesiones cerradas",
  password: "Contraseña temporal fijada",
};

async function send(change: AccountChange): Promise<TStaffAccount | null> {
  switch (change.kind) {
    case "create":
      return sendAdminJson(ACCOUNT_CREATE_ROUTE.method, routePath(ACCOUNT_CREATE_ROUTE), ACCOUNT_CREATE_ROUTE.responses[201], change.body);
    case "update":
      return sendAdminJson(ACCOUNT_UPDATE_ROUTE.method, routePath(ACCOUNT_UPDATE_ROUTE, { id: change.id }), ACCOUNT_UPDATE_ROUTE.responses[200], change.body);
    case "disable":
    case "enable": {
      const route = change.kind === "disable" ? ACCOUNT_DISABLE_ROUTE : ACCOUNT_ENABLE_ROUTE;
      return sendAdminJson(route.method, routePath(route, { id: change.id }), route.responses[200]);
    }
    case "end-sessions":
      await apiRequest(ACCOUNT_END_SESSIONS_ROUTE.method, routePath(ACCOUNT_END_SESSIONS_ROUTE, { id: change.id }));
      return null;
    case "password":
      await apiRequest(ACCOUNT_PASSWORD_ROUTE.method, routePath(ACCOUNT_PASSWORD_ROUTE, { id: change.id }), {
        temporaryPassword: change.temporaryPassword,
      });
      return null;
  }
}

export function useAccountChange() {
  const fail = useChangeErrorToast();
  return useMutation(
    {
      mutationFn: send,
      onSuccess: (_answer, change) => {
        toast({ title: DONE_TITLES[change.kind] });
        void refreshStaffAccounts();
      },
      onError: (error) => fail(error, ACCOUNT_CHANGE_FAILED),
    },
    queryClient,
  );
}

const PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A temporary password for 'Generar': 14 characters without look-alikes (0/O, 1/l/I), from the browser's CSPRNG. */
export function generateTemporaryPassword(length = 14): string {
  const bytes = new Uint32Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => PASSWORD_ALPHABET[b % PASSWORD_ALPHABET.length]).join("");
}
