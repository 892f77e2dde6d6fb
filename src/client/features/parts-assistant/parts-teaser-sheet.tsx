// The home grid's sixth card opens the spare-parts assistant in a side panel labelled
// 'Probar Ahora' (public-site §2). The panel's form is its own chunk, fetched when the visitor
// points at the button (with the panel's dialog code), so the home page's first download
// carries only this small shell. A code in the right format travels to /repuestos in memory
// (./code-handoff), where the assistant verifies it at once.

import { lazy, Suspense, useState } from "react";
import { useLocation } from "wouter";
import { Sparkles } from "lucide-react";
import { Button } from "../../components/ui/button";
import { LazySheet } from "../../components/ui/lazy-sheet";
import { handOverCode } from "./code-handoff";

const loadStep = () => import("./verify-code-step");
const VerifyCodeStep = lazy(loadStep);

export const PARTS_TEASER_TITLE = "Asistente de Repuestos IA";

export function PartsTeaserSheet({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const preload = () => void loadStep();

  return (
    <LazySheet
      open={open}
      onOpenChange={setOpen}
      title={PARTS_TEASER_TITLE}
      className="sm:max-w-md"
      onPrefetch={preload}
      trigger={(triggerProps) => (
        <Button {...triggerProps} variant="accent" className={className}>
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          Probar Ahora
        </Button>
      )}
    >
      <Suspense
        fallback={
          <p role="status" className="text-sm text-muted">
            Cargando el asistente…
          </p>
        }
      >
        <VerifyCodeStep
          onVerified={(clientCode) => {
            handOverCode(clientCode);
            setOpen(false);
            navigate("/repuestos");
          }}
        />
      </Suspense>
    </LazySheet>
  );
}
