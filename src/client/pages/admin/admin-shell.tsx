// The back office's own chrome (issue 18, item 12): a header with the brand, the spec's header
// buttons (Importar, the four exports, Cerrar sesión: staff-side §2) and a navigation bar with one
// link per section. On a phone the bar and the buttons fold behind 'Menú', so the section's own
// content starts at the top of the screen; the menu closes when a section is chosen. The header
// names the person and their role; the links and the buttons are those the role may use (the
// session's sections: Importar and the exports belong to Importar / Exportar).

import { useEffect, useId, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { Download, FileSpreadsheet, LogOut, Menu, X } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Dialog, DialogTrigger } from "../../components/ui/dialog";
import { Logo } from "../../components/layout/logo";
import { cn } from "../../lib/cn";
import { queryClient } from "../../lib/query-client";
import { mayOpen, useAdminSession } from "../../lib/admin/admin-session";
import { STAFF_ROLE_LABELS } from "../../../shared/domain/staff-roles";
import { ADMIN_QUERY_ROOT } from "../../lib/admin/admin-api";
import { ImportDialog } from "../../features/admin/excel/import-dialog";
import { useExports, type ExportKind } from "../../features/admin/excel/download-export";
import { ADMIN_SECTIONS } from "./sections";

const EXPORT_BUTTONS: { kind: ExportKind; label: string }[] = [
  { kind: "all", label: "Exportar Todo" },
  { kind: "clients", label: "Clientes" },
  { kind: "by-client", label: "Trackings" },
  { kind: "contacts", label: "Mensajes" },
];

function PanelActions() {
  const { logout, staff } = useAdminSession();
  const excel = mayOpen(staff, "/admin/importar-exportar");
  const { exporting, run } = useExports();
  const signOut = () => {
    queryClient.removeQueries({ queryKey: [ADMIN_QUERY_ROOT] });
    logout();
  };
  return (
    <nav aria-label="Acciones del panel" className="flex flex-wrap gap-2">
      {excel ? (
        <>
          <Dialog>
            <DialogTrigger asChild>
              <Button size="sm" variant="outline">
                <FileSpreadsheet className="h-4 w-4" aria-hidden="true" />
                Importar
              </Button>
            </DialogTrigger>
            <ImportDialog />
          </Dialog>
          {EXPORT_BUTTONS.map(({ kind, label }) => (
            <Button key={kind} size="sm" variant="outline" disabled={exporting !== null} onClick={() => void run(kind)}>
              <Download className="h-4 w-4" aria-hidden="true" />
              {label}
            </Button>
          ))}
        </>
      ) : null}
      <Button size="sm" variant="ghost" onClick={signOut}>
        <LogOut className="h-4 w-4" aria-hidden="true" />
        Cerrar sesión
      </Button>
    </nav>
  );
}

function SectionLinks({ current }: { current: string }) {
  const { staff } = useAdminSession();
  return (
    <nav aria-label="Secciones">
      <ul className="flex flex-col gap-1 md:flex-row md:flex-wrap">
        {ADMIN_SECTIONS.filter(({ path }) => mayOpen(staff, path)).map(({ path, label, Icon }) => {
          const active = current === path;
          return (
            <li key={path}>
              <Link
                href={path}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
                  active ? "bg-primary text-white" : "text-ink hover:bg-slate-100",
                )}
              >
                <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The pathname of the section on screen, as the navigation compares it. */
function currentSection(location: string): string {
  const clean = location.replace(/\/$/, "").toLowerCase();
  return clean === "" ? "/" : clean;
}

export function AdminShell({ children }: { children: ReactNode }) {
  const { staff } = useAdminSession();
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const current = currentSection(location);

  // Choosing a section (or Back) closes the phone menu.
  useEffect(() => setOpen(false), [current]);

  return (
    <div className="min-h-screen bg-slate-50 pb-24">
      <header className="border-b border-slate-200 bg-white md:sticky md:top-0 md:z-30">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <div className="flex items-center justify-between gap-3 py-3">
            <div className="flex min-w-0 items-center gap-3">
              {/* On a phone the brand is its mark (its name stays for screen readers), so the title fits. */}
              <Logo className="[&>span]:sr-only sm:[&>span]:not-sr-only" />
              <div className="min-w-0">
                <h1 className="text-base leading-tight font-bold text-ink sm:text-xl">Panel Administrativo</h1>
                <p className="text-xs break-words text-muted sm:text-sm" data-testid="staff-identity">
                  {staff.account.name} · {STAFF_ROLE_LABELS[staff.account.role]}
                </p>
              </div>
            </div>
            <Button
              size="sm"
              variant="outline"
              className="md:hidden"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((v) => !v)}
            >
              {open ? <X className="h-4 w-4" aria-hidden="true" /> : <Menu className="h-4 w-4" aria-hidden="true" />}
              Menú
            </Button>
          </div>
          <div id={menuId} className={cn("gap-3 pb-3 md:flex md:flex-col-reverse", open ? "grid" : "hidden")}>
            <SectionLinks current={current} />
            <PanelActions />
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6">{children}</div>
    </div>
  );
}
