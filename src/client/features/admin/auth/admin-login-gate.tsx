// The admin gate, shared by both panels: an optional 'Usuario o correo' (empty: the built-in
// owner with the system admin password, staff-side §6), a password field with show/hide, one
// button, a second step for the two-step code when the account has one (issue 19), and the panel
// once a session exists. Each panel brings its own texts and says where the token lives (memory
// only, or the tab's sessionStorage). Once signed in the gate reads who the person is (GET
// /api/admin/session); a temporary password shows only 'Cambia tu contraseña temporal' until
// changed. Children get the person, logout and a handler that sends the user back here when a
// call answers 401 (expired session); a 403 is the caller's toast and never signs out.

import { useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Eye, EyeOff, Loader2, Lock, ShieldCheck } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { PanelLoading, PanelMessage } from "../../../components/ui/panel-states";
import { errorCodeFrom, errorMessageFrom, errorStatusFrom } from "../../../lib/api";
import { ADMIN_PASSWORD_WRONG } from "../../../../shared/api/admin/auth";
import {
  LOGIN_WRONG,
  SECOND_FACTOR_REQUIRED_CODE,
  TOTP_CODE_REQUIRED,
  TOTP_CODE_WRONG,
  ZSecondFactorCodeSchema,
  ZStaffLoginRequestSchema,
  type TStaffLoginRequest,
  type TStaffSession,
} from "../../../../shared/api/admin/staff";
import { ChangePasswordForm } from "./change-password-form";
import {
  AdminSessionContext,
  clearAdminSession,
  endAdminSession,
  fetchStaffSession,
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
export const LOGIN_FIELD_LABEL = "Usuario o correo";
export const LOGIN_FIELD_HINT = "Déjalo vacío si entras con la contraseña de administrador.";
export const PERSONAL_PASSWORD_LABEL = "Contraseña";
export const CODE_STEP_TITLE = "Código de verificación";
export const CODE_STEP_HINT = "Escribe el código de 6 dígitos de tu aplicación de autenticación o uno de tus códigos de recuperación.";
export const CODE_STEP_SUBMIT = "Verificar";
export const CODE_STEP_BACK = "Volver";
export const SESSION_LOAD_FAILED = "No se pudo cargar tu cuenta. Intenta de nuevo.";
export const MUST_CHANGE_TITLE = "Cambia tu contraseña temporal";
export const MUST_CHANGE_DESCRIPTION = "Tu contraseña es temporal: elige una nueva para continuar. Solo tú la sabrás.";
export const MUST_CHANGE_DONE = "Contraseña cambiada";

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
  const [staff, setStaff] = useState<TStaffSession | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const signedOut = useCallback(() => {
    setAuthenticated(false);
    setStaff(null);
  }, []);
  const logout = useCallback(() => {
    endAdminSession();
    signedOut();
  }, [signedOut]);
  const handleUnauthorized = useCallback(
    (error: unknown) => {
      if (errorStatusFrom(error) !== 401) return false;
      // The server has already ended this session: only forget it here.
      clearAdminSession();
      signedOut();
      toast({ title: LOGIN_DENIED_TITLE, description: SESSION_EXPIRED, variant: "destructive" });
      return true;
    },
    [signedOut],
  );
  const reloadStaff = useCallback(async () => {
    setLoadFailed(false);
    try {
      setStaff(await fetchStaffSession());
    } catch (error) {
      if (!handleUnauthorized(error)) setLoadFailed(true);
    }
  }, [handleUnauthorized]);

  useEffect(() => {
    if (authenticated && staff === null) void reloadStaff();
  }, [authenticated, staff, reloadStaff]);

  const session = useMemo<AdminSession | null>(
    () => (staff ? { logout, handleUnauthorized, staff, reloadStaff } : null),
    [staff, logout, handleUnauthorized, reloadStaff],
  );

  if (!authenticated) return <LoginForm labels={labels} persist={persist} onSuccess={() => setAuthenticated(true)} />;
  if (loadFailed) {
    return (
      <GateCard title={labels.title}>
        <PanelMessage tone="error">{SESSION_LOAD_FAILED}</PanelMessage>
        <div className="flex flex-wrap justify-center gap-2">
          <Button onClick={() => void reloadStaff()}>Reintentar</Button>
          <Button variant="ghost" onClick={logout}>
            Cerrar sesión
          </Button>
        </div>
      </GateCard>
    );
  }
  if (!session) return <PanelLoading />;
  if (session.staff.account.mustChangePassword) {
    return (
      <GateCard title={MUST_CHANGE_TITLE} description={MUST_CHANGE_DESCRIPTION}>
        <ChangePasswordForm
          onDone={() => {
            toast({ title: MUST_CHANGE_DONE });
            void reloadStaff();
          }}
          onUnauthorized={handleUnauthorized}
        />
        <Button variant="ghost" className="mt-3 w-full" onClick={logout}>
          Cerrar sesión
        </Button>
      </GateCard>
    );
  }
  return <AdminSessionContext.Provider value={session}>{children}</AdminSessionContext.Provider>;
}

function GateCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-7xl justify-center px-4 py-12 sm:px-6 sm:py-20">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Lock className="h-7 w-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold text-primary">{title}</h1>
          {description ? <p className="mt-2 text-sm text-muted">{description}</p> : null}
        </div>
        {children}
      </Card>
    </section>
  );
}

/** What the first step sends: an empty login is left out (the built-in owner). */
function loginRequest({ login, password }: TStaffLoginRequest): TStaffLoginRequest {
  const typed = login?.trim();
  return typed ? { login: typed, password } : { password };
}

function LoginForm({ labels, persist, onSuccess }: { labels: AdminGateLabels; persist: SessionPersistence; onSuccess: () => void }) {
  const [visible, setVisible] = useState(false);
  const [pending, setPending] = useState(false);
  /** Set once the password was right and the account asks for its second factor. */
  const [firstStep, setFirstStep] = useState<TStaffLoginRequest | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<TStaffLoginRequest>({ resolver: zodResolver(ZStaffLoginRequestSchema), defaultValues: { login: "", password: "" } });
  const personal = Boolean(watch("login")?.trim());

  const signIn = async (request: TStaffLoginRequest) => {
    saveAdminSession(await requestAdminSession(request), persist);
    toast({ title: LOGIN_SUCCESS_TITLE });
    onSuccess();
  };
  const failed = (error: unknown) => {
    // No status: the request never reached the server.
    const status = errorStatusFrom(error);
    const description = status === null ? LOGIN_NETWORK_ERROR : errorMessageFrom(error, LOGIN_CHECK_FAILED);
    toast({ title: "Error", description, variant: "destructive" });
  };

  const submit = handleSubmit(async (values) => {
    const request = loginRequest(values);
    setPending(true);
    try {
      await signIn(request);
    } catch (error) {
      setPending(false);
      if (errorStatusFrom(error) !== 401) return failed(error);
      if (errorCodeFrom(error) === SECOND_FACTOR_REQUIRED_CODE) {
        setFirstStep(request);
        return;
      }
      const message = request.login ? errorMessageFrom(error, LOGIN_WRONG) : ADMIN_PASSWORD_WRONG;
      setError("password", { message });
      toast({ title: LOGIN_DENIED_TITLE, description: message, variant: "destructive" });
    }
  });

  if (firstStep) {
    return (
      <GateCard title={labels.title}>
        <SecondFactorStep
          onBack={() => setFirstStep(null)}
          onCode={async (code) => {
            try {
              await signIn({ ...firstStep, code });
              return null;
            } catch (error) {
              if (errorStatusFrom(error) === 401 && errorCodeFrom(error) !== SECOND_FACTOR_REQUIRED_CODE) {
                const message = errorMessageFrom(error, TOTP_CODE_WRONG);
                toast({ title: LOGIN_DENIED_TITLE, description: message, variant: "destructive" });
                return message;
              }
              failed(error);
              return null;
            }
          }}
        />
      </GateCard>
    );
  }

  return (
    <GateCard title={labels.title} description={labels.description}>
      <form method="post" noValidate onSubmit={submit} className="grid gap-5">
        <FormField id="admin-login" label={LOGIN_FIELD_LABEL} hint={LOGIN_FIELD_HINT} optional error={errors.login?.message}>
          {(control) => <Input {...control} {...register("login")} type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} />}
        </FormField>
        <FormField id="admin-password" label={personal ? PERSONAL_PASSWORD_LABEL : labels.passwordLabel} error={errors.password?.message}>
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
    </GateCard>
  );
}

/** The second step: a 6-digit code or a recovery code; `onCode` answers the error to show, if any. */
function SecondFactorStep({ onBack, onCode }: { onBack: () => void; onCode: (code: string) => Promise<string | null> }) {
  const [code, setCode] = useState("");
  const [error, setErrorText] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSecondFactorCodeSchema.safeParse(code);
    if (!parsed.success) return setErrorText(parsed.error.issues[0]?.message ?? TOTP_CODE_REQUIRED);
    setErrorText(undefined);
    setPending(true);
    const message = await onCode(parsed.data);
    setPending(false);
    if (message) setErrorText(message);
  };
  return (
    <form method="post" noValidate onSubmit={(e) => void submit(e)} className="grid gap-5">
      <h2 className="flex items-center justify-center gap-2 text-lg font-semibold text-ink">
        <ShieldCheck className="h-5 w-5 text-primary" aria-hidden="true" />
        {CODE_STEP_TITLE}
      </h2>
      <FormField id="admin-code" label={CODE_STEP_TITLE} hint={CODE_STEP_HINT} error={error}>
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={20}
          />
        )}
      </FormField>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        {CODE_STEP_SUBMIT}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        {CODE_STEP_BACK}
      </Button>
    </form>
  );
}
