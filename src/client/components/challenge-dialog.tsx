// The "confirm you are no robot" dialog: the self-hosted ALTCHA widget (no outside service) solves
// the server's proof-of-work challenge in a worker we serve from /assets (the CSP allows no blob
// or CDN workers), then hands the solution to the waiting request. Loaded only when asked for.

import "altcha/external";
import "altcha/altcha.css";
import type {} from "altcha/types/react";
import Pbkdf2Worker from "altcha/workers/pbkdf2?worker";
import { useCallback, useState } from "react";
import { CHALLENGE_URL } from "../../shared/api/challenge";
import { LOGIN_CHALLENGE_REQUIRED } from "../../shared/api/admin/staff";
import { Dialog, DialogContent } from "./ui/dialog";

const LANGUAGE = "es-cr";

$altcha.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());
$altcha.i18n.set(LANGUAGE, {
  ariaLinkLabel: "ALTCHA",
  enterCode: "Escribe el código",
  enterCodeAria: "Escribe el código que escuchas.",
  error: "No se pudo verificar. Intenta de nuevo.",
  expired: "La verificación venció. Intenta de nuevo.",
  footer: "",
  getAudioChallenge: "Escuchar el código",
  label: "No soy un robot",
  loading: "Cargando…",
  reload: "Intentar de nuevo",
  verify: "Verificar",
  verificationRequired: "Marca la casilla para continuar.",
  verified: "Verificado",
  verifying: "Verificando… (unos segundos)",
  waitAlert: "Verificando… espera un momento.",
});

// A dear challenge (many misses from the connection, decision 144) may take a slow phone more
// than the widget's default 90 s: give it ten minutes, the challenge's own lifetime.
const CONFIGURATION = JSON.stringify({ hideFooter: true, hideLogo: true, timeout: 600_000 });

export default function ChallengeDialog({
  message,
  challengeUrl = CHALLENGE_URL,
  onSettle,
}: {
  message: string;
  challengeUrl?: string;
  onSettle(payload: string | null): void;
}) {
  const [open, setOpen] = useState(true);

  // A callback ref: the dialog's portal mounts the widget a render after this component.
  const widget = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return;
      const verified = (event: Event) => {
        const { payload } = (event as CustomEvent<{ payload: string }>).detail;
        setOpen(false);
        onSettle(payload);
      };
      element.addEventListener("verified", verified);
      return () => element.removeEventListener("verified", verified);
    },
    [onSettle],
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) return;
        setOpen(false);
        onSettle(null);
      }}
    >
      <DialogContent title="Confirma que no eres un robot" description={message} className="max-w-sm">
        <p className="text-sm text-muted">
          {message === LOGIN_CHALLENGE_REQUIRED
            ? "Hubo muchos intentos fallidos de entrar. Tu equipo resuelve una prueba (puede tardar un par de minutos) y seguimos. Después de entrar, este navegador queda reconocido."
            : "Muchas personas comparten la conexión de tu operador. Tu teléfono resuelve una prueba corta y seguimos."}
        </p>
        <div className="min-w-0 max-w-full">
          <altcha-widget ref={widget} challenge={challengeUrl} language={LANGUAGE} configuration={CONFIGURATION} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
