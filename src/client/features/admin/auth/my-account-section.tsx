// Mi cuenta (issue 19, every role): change one's own password, and the two-step sign-in. Turning
// it on asks the server for a new secret (POST /me/totp/setup), shows it as a QR code drawn here
// (the qrcode package, fetched only when needed; the secret never leaves the browser for another
// service) and as text, takes a first code (POST /me/totp/enable) and shows the recovery codes
// once, to copy or download. With it on: new recovery codes, or turning it off — not offered to
// a Dueño, whose account must keep it once on.

import { useEffect, useState, type FormEvent } from "react";
import { Copy, Download, KeyRound, Loader2, ShieldCheck, ShieldOff } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/use-toast";
import { apiRequest, errorMessageFrom } from "../../../lib/api";
import { copyText } from "../../../lib/copy-text";
import { sendAdminJson, useChangeErrorToast } from "../../../lib/admin/admin-api";
import { saveBlob } from "../../../lib/admin/download-file";
import { useAdminSession } from "../../../lib/admin/admin-session";
import { STAFF_ROLE_LABELS } from "../../../../shared/domain/staff-roles";
import { routePath } from "../../../../shared/api/contract";
import {
  RECOVERY_CODES_ROUTE,
  TOTP_CODE_REQUIRED,
  TOTP_DISABLE_ROUTE,
  TOTP_ENABLE_ROUTE,
  TOTP_REQUIRED_FOR_OWNER,
  TOTP_SETUP_ROUTE,
  ZSecondFactorCodeSchema,
  type TTotpSetup,
} from "../../../../shared/api/admin/staff";
import { ChangePasswordForm } from "./change-password-form";
import {
  CURRENT_CODE,
  DISABLE_BUTTON,
  QR_ALT,
  RECOVERY_CODES_NOTE,
  RECOVERY_CODES_TITLE,
  RECOVERY_FILE,
  REGENERATE_BUTTON,
  TOTP_DISABLED_TITLE,
  TOTP_ENABLED_TITLE,
  TOTP_ENABLE_BUTTON,
  TOTP_FAILED,
} from "./texts";

/** Draws the otpauth address as an SVG QR code, in the browser (the library is its own chunk). */
function QrCode({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode")
      .then((QR) => QR.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        // The secret below still works typed by hand.
      });
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? (
    <img src={src} alt={QR_ALT} width={192} height={192} className="mx-auto h-48 w-48 rounded-md border border-slate-200 bg-white" />
  ) : (
    <div role="status" className="mx-auto flex h-48 w-48 items-center justify-center rounded-md border border-slate-200">
      <Loader2 className="h-6 w-6 animate-spin text-muted" aria-hidden="true" />
      <span className="sr-only">Cargando el código QR…</span>
    </div>
  );
}

/** One code field and a button: the calls that need a current code. */
function CodeForm({ id, label, submitLabel, onCode, variant = "primary" }: {
  id: string;
  label: string;
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
  variant?: "primary" | "outline" | "destructive";
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZSecondFactorCodeSchema.safeParse(code);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? TOTP_CODE_REQUIRED);
    setError(undefined);
    setPending(true);
    try {
      await onCode(parsed.data);
      setCode("");
    } catch (failure) {
      setError(errorMessageFrom(failure, TOTP_FAILED));
    } finally {
      setPending(false);
    }
  };
  return (
    <form method="post" noValidate onSubmit={(e) => void submit(e)} className="grid gap-3 sm:max-w-sm">
      <FormField id={id} label={label} error={error}>
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
          />
        )}
      </FormField>
      <Button type="submit" variant={variant} disabled={pending}>
        {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join("\n");
  return (
    <div className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h3 className="font-semibold text-ink">{RECOVERY_CODES_TITLE}</h3>
      <p className="text-sm text-ink">{RECOVERY_CODES_NOTE}</p>
      <ul aria-label={RECOVERY_CODES_TITLE} className="grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((c) => (
          <li key={c} className="rounded bg-white px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copyText(text)}>
          <Copy className="h-4 w-4" aria-hidden="true" />
          Copiar
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => saveBlob(new Blob([`${text}\n`], { type: "text/plain" }), RECOVERY_FILE)}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Descargar .txt
        </Button>
        <Button type="button" size="sm" onClick={onDone}>
          Ya los guardé
        </Button>
      </div>
    </div>
  );
}

function TwoStepCard() {
  const { staff, reloadStaff, handleUnauthorized } = useAdminSession();
  const fail = useChangeErrorToast();
  const [setup, setSetup] = useState<TTotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const owner = staff.account.role === "dueno";
  const enabled = staff.account.totpEnabled;

  /** A call that needs a code: a 401 (session gone) signs out, any other failure shows on the field. */
  const guarded = async <T,>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (handleUnauthorized(error)) return new Promise<T>(() => {});
      throw error;
    }
  };

  const enable = async (code: string) => {
    const answer = await guarded(() => sendAdminJson(TOTP_ENABLE_ROUTE.method, routePath(TOTP_ENABLE_ROUTE), TOTP_ENABLE_ROUTE.responses[200], { code }));
    setSetup(null);
    setCodes(answer.recoveryCodes);
    toast({ title: TOTP_ENABLED_TITLE });
    await reloadStaff();
  };
  const regenerate = async (code: string) => {
    const answer = await guarded(() => sendAdminJson(RECOVERY_CODES_ROUTE.method, routePath(RECOVERY_CODES_ROUTE), RECOVERY_CODES_ROUTE.responses[200], { code }));
    setCodes(answer.recoveryCodes);
  };
  const disable = async (code: string) => {
    await guarded(() => apiRequest(TOTP_DISABLE_ROUTE.method, routePath(TOTP_DISABLE_ROUTE), { code }));
    toast({ title: TOTP_DISABLED_TITLE });
    await reloadStaff();
  };

  const start = async () => {
    setStarting(true);
    try {
      setSetup(await sendAdminJson(TOTP_SETUP_ROUTE.method, routePath(TOTP_SETUP_ROUTE), TOTP_SETUP_ROUTE.responses[200]));
    } catch (error) {
      fail(error, TOTP_FAILED);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-ink">
          <ShieldCheck className="h-5 w-5 text-primary" aria-hidden="true" />
          Verificación en dos pasos
        </h2>
        <Badge tone={enabled ? "success" : "muted"}>{enabled ? "Activada" : "Desactivada"}</Badge>
      </div>
      <p className="text-sm text-muted">
        Además de tu contraseña, al entrar se te pedirá un código de 6 dígitos de una aplicación de autenticación (Google Authenticator, Microsoft
        Authenticator, 1Password…).
      </p>
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      {!enabled && !setup ? (
        <Button className="h-auto min-h-10 max-w-full justify-self-start py-2 text-left whitespace-normal" onClick={() => void start()} disabled={starting}>
          {starting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <KeyRound className="h-4 w-4" aria-hidden="true" />}
          {TOTP_ENABLE_BUTTON}
        </Button>
      ) : null}
      {!enabled && setup ? (
        <div className="grid gap-4">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-ink">
            <li>Escanea este código con tu aplicación de autenticación.</li>
            <li>Si no puedes escanearlo, escribe la clave a mano.</li>
            <li>Escribe el código de 6 dígitos que muestra la aplicación.</li>
          </ol>
          <QrCode uri={setup.uri} />
          <p className="text-center text-sm">
            Clave: <code className="font-mono break-all select-all">{setup.secret}</code>
          </p>
          <CodeForm id="totp-enable" label="Código de 6 dígitos" submitLabel="Activar" onCode={enable} />
        </div>
      ) : null}
      {enabled ? (
        <div className="grid gap-6 md:grid-cols-2">
          <section className="grid gap-2">
            <h3 className="font-semibold text-ink">Códigos de recuperación</h3>
            <p className="text-sm text-muted">Los anteriores dejarán de servir.</p>
            <CodeForm id="totp-regenerate" label={CURRENT_CODE} submitLabel={REGENERATE_BUTTON} variant="outline" onCode={regenerate} />
          </section>
          <section className="grid gap-2">
            <h3 className="flex items-center gap-2 font-semibold text-ink">
              <ShieldOff className="h-4 w-4" aria-hidden="true" />
              Desactivar
            </h3>
            {owner ? (
              <p className="text-sm text-muted">{TOTP_REQUIRED_FOR_OWNER}: protege todas las cuentas y el registro de cambios.</p>
            ) : (
              <CodeForm id="totp-disable" label={CURRENT_CODE} submitLabel={DISABLE_BUTTON} variant="destructive" onCode={disable} />
            )}
          </section>
        </div>
      ) : null}
    </Card>
  );
}

export function MyAccountSection() {
  const { staff, handleUnauthorized } = useAdminSession();
  return (
    <div className="grid gap-6">
      <Card className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold text-ink">Mi cuenta</h2>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">Nombre</dt>
          <dd className="font-medium break-words">{staff.account.name}</dd>
          <dt className="text-muted">Usuario</dt>
          <dd className="font-medium break-all">{staff.account.login}</dd>
          <dt className="text-muted">Rol</dt>
          <dd className="font-medium">{STAFF_ROLE_LABELS[staff.account.role]}</dd>
        </dl>
      </Card>
      <Card className="p-4 sm:p-6">
        <h2 className="mb-1 text-lg font-semibold text-ink">Cambiar contraseña</h2>
        <p className="mb-4 text-sm text-muted">Tus otras sesiones abiertas se cerrarán.</p>
        <div className="sm:max-w-sm">
          <ChangePasswordForm onDone={() => toast({ title: "Contraseña cambiada" })} onUnauthorized={handleUnauthorized} />
        </div>
      </Card>
      <TwoStepCard />
    </div>
  );
}
