// Small screens (below lg): a menu button opening a sheet with all nine links, the locker
// button and the tagline. Following a link closes the sheet. The sheet's dialog code is
// fetched when the page is idle or the button is touched, not with the first download.

import { useState } from "react";
import { Link, useLocation } from "wouter";
import { Menu } from "lucide-react";
import { brand } from "../../lib/brand";
import { cn } from "../../lib/cn";
import { allLinks, isActivePath, LOCKER_HREF } from "../../lib/navigation";
import { Button } from "../ui/button";
import { LazySheet } from "../ui/lazy-sheet";
import { Logo } from "./logo";

export function MobileNav() {
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const close = () => setOpen(false);

  return (
    <LazySheet
      open={open}
      onOpenChange={setOpen}
      title="Menú"
      hideTitle
      closeLabel="Cerrar menú"
      prefetchWhenIdle
      trigger={(triggerProps) => (
        <Button {...triggerProps} variant="ghost" size="icon" aria-label="Abrir menú" className="lg:hidden">
          <Menu className="h-6 w-6" aria-hidden="true" />
        </Button>
      )}
    >
      <div>
        <Logo onNavigate={close} />
        <p className="mt-1 text-sm text-muted">{brand.tagline}</p>
      </div>
      <nav aria-label="Menú móvil">
        <ul className="flex flex-col gap-1">
          {allLinks.map((link) => {
            const active = isActivePath(location, link.href);
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  onClick={close}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "block rounded-md px-3 py-2.5 text-base font-medium",
                    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
                    active ? "bg-primary-soft text-primary" : "text-ink hover:bg-slate-100",
                  )}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Button asChild variant="accent" size="lg" className="mt-auto w-full">
        <Link href={LOCKER_HREF} onClick={close}>
          Abrir Casillero
        </Link>
      </Button>
    </LazySheet>
  );
}
