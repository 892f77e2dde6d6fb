// The chrome around every page: skip link, header, main, footer and the WhatsApp button. The
// back office brings its own header and navigation (features/admin/shell): the public site's
// header, footer and purchase-chat button have no place there.

import { useEffect, type ReactNode } from "react";
import { useLocation } from "wouter";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { WhatsappButton } from "./whatsapp-button";

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const isAdmin = location === "/admin" || location.startsWith("/admin/");

  // A new page starts at its top, as it would with a full page load.
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [location]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#contenido"
        className="sr-only rounded-md bg-primary px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]"
      >
        Saltar al contenido
      </a>
      {isAdmin ? null : <SiteHeader />}
      <main id="contenido" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      {isAdmin ? null : <SiteFooter />}
      {isAdmin ? null : <WhatsappButton />}
    </div>
  );
}
