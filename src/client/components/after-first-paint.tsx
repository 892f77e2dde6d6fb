// Renders a lazily loaded part of a page just after the page's first paint, whatever the
// scroll position: the part's code (often a form with its schema library) neither delays that
// paint nor competes with it for the network. Until then a placeholder of about the part's
// height keeps what follows from jumping.

import { Suspense, type ReactNode } from "react";
import { useAfterPaint } from "../lib/use-after-paint";

export function AfterFirstPaint({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const painted = useAfterPaint();
  if (!painted) return <div style={{ minHeight }} aria-hidden="true" />;
  return <Suspense fallback={<div style={{ minHeight }} aria-busy="true" />}>{children}</Suspense>;
}
