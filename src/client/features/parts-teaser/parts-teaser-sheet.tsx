// The home grid's sixth card opens the spare-parts assistant in a side panel labelled
// 'Probar Ahora' (public-site §2). The panel's form is its own chunk, fetched when the visitor
// points at the button, so the home page's first download carries only this small shell.

import { lazy, Suspense, useState } from "react";
import { useLocation } from "wouter";
import { Sparkles } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Sheet, SheetContent, SheetTrigger } from "../../components/ui/sheet";

const loadStep = () => import("./verify-code-step");
const VerifyCodeStep = lazy(loadStep);

export const PARTS_TEASER_TITLE = "Asistente de Repuestos IA";

export function PartsTeaserSheet({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const preload = () => void loadStep();

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="accent" className={className} onPointerEnter={preload} onFocus={preload}>
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          Probar Ahora
        </Button>
      </SheetTrigger>
      <SheetContent title={PARTS_TEASER_TITLE} className="sm:max-w-md">
        <Suspense
          fallback={
            <p role="status" className="text-sm text-muted">
              Cargando el asistente…
            </p>
          }
        >
          <VerifyCodeStep
            onVerified={() => {
              setOpen(false);
              navigate("/repuestos");
            }}
          />
        </Suspense>
      </SheetContent>
    </Sheet>
  );
}
