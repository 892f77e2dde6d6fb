// The submit button of a prerendered form that cannot be sent without the page's script
// (decision 149): until the page is hydrated it is disabled and says it is loading, so a form
// filled on a slow phone is not sent by the browser on its own; with scripts off a line says
// why. Its height never changes, so nothing moves when the script arrives.

import { FORM_LOADING, FORM_NEEDS_SCRIPT } from "../../shared/api/page-forms";
import { useHydrated } from "../lib/use-hydrated";
import { Button, type ButtonProps } from "./ui/button";

export function SubmitWhenReady({ disabled, children, ...props }: Omit<ButtonProps, "type" | "asChild">) {
  const hydrated = useHydrated();
  return (
    <>
      <Button {...props} type="submit" disabled={disabled || !hydrated}>
        {hydrated ? children : FORM_LOADING}
      </Button>
      <noscript>
        <p className="text-sm font-medium text-destructive-hover">{FORM_NEEDS_SCRIPT}</p>
      </noscript>
    </>
  );
}
