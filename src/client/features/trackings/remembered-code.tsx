// "Recordar mi código en este teléfono" on /rastreo (issue 36 item 4, docs/decisions/218): opt-in,
// kept in this browser's localStorage only (never in the address, never on the server), so a
// bookmark of the bare /rastreo opens the client's packages on their own phone; "Olvidar" removes
// it at once. A browser that refuses storage (private mode, blocked) simply does not remember.

import { useState } from "react";
import { Smartphone } from "lucide-react";
import { Button } from "../../components/ui/button";
import { ZClientCodeSchema } from "../../../shared/api/clients";

export const REMEMBERED_CODE_KEY = "rastreo.codigoCliente";
export const REMEMBER_LABEL = "Recordar mi código en este teléfono";
export const REMEMBER_HINT = "Solo en tu propio teléfono: quien lo use verá tus paquetes.";
export const FORGET_LABEL = "Olvidar mi código";
export const rememberedText = (code: string) => `Tu código ${code} está guardado en este teléfono.`;

/** The remembered code, when one is stored and still reads as a client code. */
export function readRememberedCode(): string | null {
  try {
    const parsed = ZClientCodeSchema.safeParse(window.localStorage.getItem(REMEMBERED_CODE_KEY) ?? "");
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeRememberedCode(code: string | null): void {
  try {
    if (code) window.localStorage.setItem(REMEMBERED_CODE_KEY, code);
    else window.localStorage.removeItem(REMEMBERED_CODE_KEY);
  } catch {
    // Storage refused: nothing is remembered, which is what the person sees next time.
  }
}

/** The remembered code and the checkbox's state (checked while a code is remembered). */
export function useRememberedCode() {
  const [remembered, setRemembered] = useState(readRememberedCode);
  const [wanted, setWanted] = useState(remembered !== null);
  return {
    remembered,
    wanted,
    setWanted(on: boolean) {
      setWanted(on);
      if (!on) {
        storeRememberedCode(null);
        setRemembered(null);
      }
    },
    /** After a lookup found the client: kept only when the person asked for it. */
    found(code: string) {
      if (!wanted || code === remembered) return;
      storeRememberedCode(code);
      setRemembered(code);
    },
    forget() {
      storeRememberedCode(null);
      setRemembered(null);
      setWanted(false);
    },
  };
}

export function RememberCodeControls({
  remembered,
  wanted,
  onWantedChange,
  onForget,
}: {
  remembered: string | null;
  wanted: boolean;
  onWantedChange: (on: boolean) => void;
  onForget: () => void;
}) {
  return (
    <div className="mt-3 grid gap-2 text-sm">
      <label className="flex items-start gap-2 text-ink">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-primary"
          checked={wanted}
          onChange={(event) => onWantedChange(event.target.checked)}
          aria-describedby="recordar-codigo-ayuda"
        />
        <span>
          {REMEMBER_LABEL}
          <span id="recordar-codigo-ayuda" className="block text-xs text-muted">
            {REMEMBER_HINT}
          </span>
        </span>
      </label>
      {remembered ? (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted" data-testid="codigo-recordado">
          <Smartphone className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">{rememberedText(remembered)}</span>
          <Button variant="outline" size="sm" onClick={onForget}>
            {FORGET_LABEL}
          </Button>
        </p>
      ) : null}
    </div>
  );
}
