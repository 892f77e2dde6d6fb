// Loading, empty and error states shared by the panel's tabs.

import type { ReactNode } from "react";
import { AlertTriangle, Inbox } from "lucide-react";

export function PanelLoading() {
  return (
    <div role="status" className="flex justify-center py-12">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-primary-soft border-t-primary" aria-hidden="true" />
      <span className="sr-only">Cargando…</span>
    </div>
  );
}

export function PanelMessage({ children, tone = "empty" }: { children: ReactNode; tone?: "empty" | "error" }) {
  const Icon = tone === "error" ? AlertTriangle : Inbox;
  return (
    <div className="flex flex-col items-center gap-2 py-12 text-center">
      <Icon className={tone === "error" ? "h-10 w-10 text-destructive-hover" : "h-10 w-10 text-slate-400"} aria-hidden="true" />
      <p className={tone === "error" ? "font-medium text-destructive-hover" : "text-muted"}>{children}</p>
    </div>
  );
}
