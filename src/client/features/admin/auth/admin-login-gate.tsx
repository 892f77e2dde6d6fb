// The admin password gate, shared by both panels: a password field with show/hide, one
// button, and the panel once a session exists. Each panel brings its own texts and says
// where the token lives (memory only, or the tab's sessionStorage). Children get logout and
// a handler that sends the user back here when a call answers 401 (expired session).

import { useCallback, useMemo, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Eye, EyeOff, Loader2, Lock } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { errorMessageFrom, errorStatusFrom } from "../../../lib/api";
import {
  ADMIN_PASSWORD_WRONG,
  ZAdminLoginRequestSchema,
  type TAdminLoginRequest,
} from "../../../../shared/api/admin/auth";
import {
  AdminSessionContext,
  clearAdminSession,
  endAdminSession,
  requestAdminSession,
  restoreAdminSession,
  saveAdminSession,
  type AdminSession,
  type SessionPersistence,
} from "../../../lib/admin/admin-session";

export const LOGIN_DENIED_TITLE = "Acceso denegado";
export const LOGIN_NETWORK_ERROR = "No se pudo conectar con el servidor";
export const LOGIN_CHECK_FAILED = "Error al verificar las credenciales";
export const LOGIN_SUCCESS_TITLE = "Acceso autorizado";
export const SESSION_EXPIRED = "Tu sesión de administrador venció. Ingresa la contraseña de nuevo.";

export interface AdminGateLabels {
  title: string;
  description: ReactNode;
  passwordLabel: string;
  submit: string;
  submitting: string;
  /** A note under the form (e.g. where the password is configured). */
  note?: ReactNode;
}

export interface AdminLoginGateProps {
  labels: AdminGateLabels;
  persist: SessionPersistence;
  children: ReactNode;
}

export function AdminLoginGate({ labels, persist, children }: AdminLoginGateProps) {
  const [authenticated, setAuthenticated] = useState(() => restoreAdminSession(persist) !== null);

  const logout = useCallback(() => {
    endAdminSession();
    setAuthenticated(false);
  }, []);
  const session = useMemo<AdminSession>(
    () => ({
      logout,
      handleUnauthorized(error) {
        if (errorStatusFrom(error) !== 401) return false;
        // The server has already ended this session: only forget it here.
        clearAdminSession();
        setAuthenticated(false);
        toast({ title: LOGIN_DENIED_TITLE, description: SESSION_EXPIRED, variant: "destructive" });
        return true;
      },
    }),
    [logout],
  );

  if (!authenticated) return <LoginForm labels={labels} persist={persist} onSuccess={() => setAuthenticated(true)} />;
  return <AdminSessionContext.Provider value={session}>{children}</AdminSessionContext.Provider>;
}

function LoginForm({ labels, persist, onSuccess }: { labels: AdminGateLabels; persist: SessionPersistence; onSuccess: () => void }) {
  const [visible, setVisible] = useState(false);
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TAdminLoginRequest>({ resolver: zodResolver(ZAdminLoginRequestSchema), defaultValues: { password: "" } });

  const submit = handleSubmit(async ({ password }) => {
    setPending(true);
    try {
      saveAdminSession(await requestAdminSession(password), persist);
      toast({ title: LOGIN_SUCCESS_TITLE });
      onSuccess();
    } catch (error) {
      const status = errorStatusFrom(error);
      if (status === 401) {
        setError("password", { message: ADMIN_PASSWORD_WRONG });
        toast({ title: LOGIN_DENIED_TITLE, description: ADMIN_PASSWORD_WRONG, variant: "destructive" });
      } else {
        // No status: the request never reached the server.
        const description = status === null ? LOGIN_NETWORK_ERROR : errorMessageFrom(error, LOGIN_CHECK_FAILED);
        toast({ title: "Error", description, variant: "destructive" });
      }
      setPending(false);
    }
  });

  return (
    <section className="mx-auto flex max-w-7xl justify-center px-4 py-12 sm:px-6 sm:py-20">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Lock className="h-7 w-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold text-primary">{labels.title}</h1>
          <p className="mt-2 text-sm text-muted">{labels.description}</p>
        </div>
        <form noValidate onSubmit={submit} className="grid gap-5">
          <FormField id="admin-password" label={labels.passwordLabel} error={errors.password?.message}>
            {(control) => (
              <div className="relative">
                <Input
                  {...control}
                  {...register("password")}
                  type={visible ? "text" : "password"}
                  autoComplete="current-password"
                  autoFocus
                  className="pr-12"
                />
                <button
                  type="button"
                  onClick={() => setVisible((v) => !v)}
                  aria-label={visible ? "Ocultar contraseña" : "Mostrar contraseña"}
                  aria-pressed={visible}
                  className="absolute top-1/2 right-1 flex h-9 w-9 -translate-y-1/2 items-center justify-center rounded-md text-muted hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary"
                >
                  {visible ? <EyeOff className="h-5 w-5" aria-hidden="true" /> : <Eye className="h-5 w-5" aria-hidden="true" />}
                </button>
              </div>
            )}
          </FormField>
          <Button type="submit" size="lg" disabled={pending}>
            {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
            {pending ? labels.submitting : labels.submit}
          </Button>
          {labels.note ? <p className="text-center text-xs text-muted">{labels.note}</p> : null}
        </form>
      </Card>
    </section>
  );
}
