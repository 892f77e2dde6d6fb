// A protected account on /rastreo (issue 36 item 3; docs/decisions/216, 217).
// - AccountAccessCard, beside the client's packages: "Protege tu cuenta" (a code by WhatsApp) while
//   unprotected; signed in, "Cerrar sesión" and "Cerrar sesión en otros dispositivos".
// - ProtectedStatuses, for the bare code of a protected account: its packages' statuses only, and
//   the sign-in with a WhatsApp code that opens the rest.
// The session is an httpOnly cookie the browser sends with every portal call; nothing is kept here.

import { useEffect, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LockKeyhole, ShieldCheck } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { FormField } from "../../components/ui/form-field";
import { apiRequest, errorMessageFrom } from "../../lib/api";
import { routePath } from "../../../shared/api/contract";
import {
  CLIENT_ACCESS_STATE_ROUTE,
  CLIENT_PACKAGE_STATUSES_ROUTE,
  CLIENT_SIGN_IN_CODE_ROUTE,
  CLIENT_SIGN_IN_ROUTE,
  CLIENT_SIGN_OUT_OTHERS_ROUTE,
  CLIENT_SIGN_OUT_ROUTE,
  SIGN_IN_CODE_DIGITS,
  SIGN_IN_CODE_FORMAT,
  type TAccessState,
  type TPackageStatuses,
  type TSignInCodeSent,
} from "../../../shared/api/client-access";
import { formatDate } from "../../../shared/domain/format";
import { statusDisplay, VERIFYING_DISPLAY } from "./status-display";

export const accessStateKey = (clientCode: string) => [CLIENT_ACCESS_STATE_ROUTE.path, clientCode] as const;

function useAccessState(clientCode: string) {
  return useQuery({
    queryKey: accessStateKey(clientCode),
    queryFn: async () => CLIENT_ACCESS_STATE_ROUTE.responses[200].parse(await (await apiRequest("GET", routePath(CLIENT_ACCESS_STATE_ROUTE, { clientCode }))).json()),
  });
}

/** Seconds left of a countdown started at `from` (re-rendered every second while above 0). */
function useCountdown(seconds: number, from: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = from === null ? 0 : Math.max(0, Math.ceil(seconds - (now - from) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

/** Ask for a code, then type it: the right one signs this phone in (and protects the account). */
function SignInWithCode({ clientCode, action, onSignedIn }: { clientCode: string; action: string; onSignedIn: (state: TAccessState) => void }) {
  const [sent, setSent] = useState<(TSignInCodeSent & { at: number }) | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const wait = useCountdown(sent?.reenviarEnSegundos ?? 0, sent?.at ?? null);
  const ask = useMutation({
    mutationFn: async () =>
      CLIENT_SIGN_IN_CODE_ROUTE.responses[200].parse(await (await apiRequest("POST", routePath(CLIENT_SIGN_IN_CODE_ROUTE), { clientCode })).json()),
    onSuccess: (answer) => {
      setSent({ ...answer, at: Date.now() });
      setError(undefined);
    },
    onError: (err) => setError(errorMessageFrom(err, "No pudimos enviar el código. Intenta de nuevo.")),
  });
  const enter = useMutation({
    mutationFn: async (codigo: string) =>
      CLIENT_SIGN_IN_ROUTE.responses[200].parse(await (await apiRequest("POST", routePath(CLIENT_SIGN_IN_ROUTE), { clientCode, codigo })).json()),
    onSuccess: (state) => onSignedIn(state),
    onError: (err) => setError(errorMessageFrom(err, "No pudimos revisar el código. Intenta de nuevo.")),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, "");
    if (!new RegExp(`^\\d{${SIGN_IN_CODE_DIGITS}}$`).test(typed)) return setError(SIGN_IN_CODE_FORMAT);
    enter.mutate(typed);
  };

  if (!sent) {
    return (
      <div className="mt-4 grid gap-3">
        <Button type="button" className="w-full sm:w-auto" disabled={ask.isPending} onClick={() => ask.mutate()}>
          {ask.isPending ? "Enviando..." : action}
        </Button>
        {error ? (
          <p role="alert" className="text-sm font-medium text-destructive-hover">
            {error}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <form method="post" noValidate onSubmit={submit} className="mt-4 grid min-w-0 gap-3">
      <p role="status" className="text-sm text-ink">
        Te enviamos un código por WhatsApp al {sent.enviadoA}. Vence en {Math.round(sent.venceEnSegundos / 60)} minutos.
      </p>
      <FormField id={`codigo-${clientCode}`} label="Código de WhatsApp" error={error}>
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SIGN_IN_CODE_DIGITS + 2}
            className="max-w-48 font-mono text-lg tracking-widest"
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={enter.isPending}>
          {enter.isPending ? "Revisando..." : "Ingresar"}
        </Button>
        <Button type="button" variant="ghost" disabled={wait > 0 || ask.isPending} onClick={() => ask.mutate()}>
          {wait > 0 ? `Reenviar código (${wait} s)` : "Reenviar código"}
        </Button>
      </div>
    </form>
  );
}

/** Beside the client's packages: protect the account, or (signed in) sign out here or elsewhere. */
export function AccountAccessCard({ clientCode }: { clientCode: string }) {
  const queryClient = useQueryClient();
  const state = useAccessState(clientCode);
  const [message, setMessage] = useState<string | null>(null);
  const update = (next: TAccessState) => queryClient.setQueryData(accessStateKey(clientCode), next);
  const signOut = useMutation({
    mutationFn: async (route: typeof CLIENT_SIGN_OUT_ROUTE | typeof CLIENT_SIGN_OUT_OTHERS_ROUTE) =>
      route.responses[200].parse(await (await apiRequest("POST", routePath(route), { clientCode })).json()),
    onSuccess: (next, route) => {
      update(next);
      setMessage(route === CLIENT_SIGN_OUT_ROUTE ? "Cerraste la sesión en este teléfono." : "Cerraste la sesión en tus otros dispositivos.");
      // Signed out here, the portal shows the statuses only: read it again.
      if (route === CLIENT_SIGN_OUT_ROUTE) void queryClient.invalidateQueries();
    },
    onError: (err) => setMessage(errorMessageFrom(err, "No pudimos cerrar la sesión. Intenta de nuevo.")),
  });
  if (!state.data) return null;
  const { protegida, sesionIniciada, otrasSesiones } = state.data;
  return (
    <Card className="min-w-0 p-6" data-testid="account-access">
      <h3 className="flex items-center gap-2 text-base font-bold text-ink">
        {protegida ? <ShieldCheck className="h-5 w-5 text-primary" aria-hidden="true" /> : <LockKeyhole className="h-5 w-5 text-primary" aria-hidden="true" />}
        {protegida ? "Cuenta protegida" : "Protege tu cuenta"}
      </h3>
      {protegida ? (
        <>
          <p className="mt-2 text-sm break-words text-muted">
            {sesionIniciada
              ? "Iniciaste sesión en este teléfono. Con solo tu código de cliente, otras personas ven únicamente el estado de tus paquetes."
              : "Con solo tu código de cliente se ve únicamente el estado de tus paquetes."}
            {sesionIniciada && otrasSesiones > 0 ? ` Tienes ${otrasSesiones === 1 ? "otra sesión abierta" : `${otrasSesiones} sesiones abiertas`} en otros dispositivos.` : ""}
          </p>
          {sesionIniciada ? (
            <div className="mt-4 flex flex-wrap gap-2">
              <Button type="button" variant="outline" disabled={signOut.isPending} onClick={() => signOut.mutate(CLIENT_SIGN_OUT_ROUTE)}>
                Cerrar sesión
              </Button>
              {otrasSesiones > 0 ? (
                <Button type="button" variant="ghost" disabled={signOut.isPending} onClick={() => signOut.mutate(CLIENT_SIGN_OUT_OTHERS_ROUTE)}>
                  Cerrar sesión en otros dispositivos
                </Button>
              ) : null}
            </div>
          ) : null}
        </>
      ) : (
        <>
          <p className="mt-2 text-sm break-words text-muted">
            Hoy cualquiera con tu código de cliente ve tus datos y tus paquetes. Protégela con un código que te enviamos por WhatsApp: después, con solo el
            código de cliente se verá únicamente el estado de tus paquetes, y este teléfono quedará con la sesión iniciada.
          </p>
          <SignInWithCode
            clientCode={clientCode}
            action="Proteger con un código por WhatsApp"
            onSignedIn={(next) => {
              update(next);
              setMessage("¡Listo! Tu cuenta quedó protegida y este teléfono tiene la sesión iniciada.");
            }}
          />
        </>
      )}
      {message ? (
        <p role="status" className="mt-3 text-sm font-medium text-ink">
          {message}
        </p>
      ) : null}
    </Card>
  );
}

/** The bare code of a protected account: its packages' statuses, and the sign-in for the rest. */
export function ProtectedStatuses({ clientCode, onSignedIn }: { clientCode: string; onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const statuses = useQuery({
    queryKey: [CLIENT_PACKAGE_STATUSES_ROUTE.path, clientCode],
    queryFn: async (): Promise<TPackageStatuses> =>
      CLIENT_PACKAGE_STATUSES_ROUTE.responses[200].parse(await (await apiRequest("GET", routePath(CLIENT_PACKAGE_STATUSES_ROUTE, { clientCode }))).json()),
  });
  const list = statuses.data?.trackings ?? [];
  return (
    <div className="grid min-w-0 gap-6">
      <Card className="min-w-0 p-6" data-testid="protected-sign-in">
        <h2 className="flex items-center gap-2 text-lg font-bold text-ink">
          <ShieldCheck className="h-5 w-5 text-primary" aria-hidden="true" />
          Cuenta protegida
        </h2>
        <p className="mt-2 text-sm break-words text-muted">
          Con el código <strong className="font-mono text-ink">{clientCode}</strong> solo se ve el estado de los paquetes. Para ver tus datos, fotos, montos y
          comprobantes, o hacer cambios, ingresa con un código que te enviamos por WhatsApp.
        </p>
        <SignInWithCode
          clientCode={clientCode}
          action="Enviarme un código por WhatsApp"
          onSignedIn={(next) => {
            queryClient.setQueryData(accessStateKey(clientCode), next);
            onSignedIn();
          }}
        />
      </Card>
      <section aria-labelledby={`estados-${clientCode}`} className="min-w-0">
        <h2 id={`estados-${clientCode}`} className="text-lg font-bold text-ink">
          Estado de los paquetes ({list.length})
        </h2>
        {statuses.isError ? (
          <p role="alert" className="mt-3 text-sm font-medium text-destructive-hover">
            {errorMessageFrom(statuses.error, "No pudimos consultar el estado de los paquetes.")}
          </p>
        ) : null}
        <ul className="mt-3 grid gap-3">
          {list.map((pkg) => {
            const display = pkg.enVerificacion ? VERIFYING_DISPLAY : statusDisplay(pkg.estado, pkg.origen);
            return (
              <li key={pkg.trackingCode} className="min-w-0 rounded-lg border border-border bg-white p-4" data-testid="package-status">
                <p className="font-mono text-sm font-semibold break-all text-ink">{pkg.trackingCode}</p>
                <p className="mt-2">
                  <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${display.badge}`}>{display.label}</span>
                </p>
                <p className="mt-2 text-xs text-muted">
                  Pre-alertado el {formatDate(pkg.createdAt)} · Estado desde el {formatDate(pkg.estadoDesde)}
                </p>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
