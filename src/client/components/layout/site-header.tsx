// The top bar (public-site §2): logo, Inicio / Calculadora / Repuestos IA, the Rastreo,
// Empresa and Ayuda dropdowns, and the Cotizar and Abrir Casillero buttons. The current page's
// link, and the dropdown holding it, are highlighted.

import { Link, useLocation } from "wouter";
import { cn } from "../../lib/cn";
import { isActivePath, LOCKER_HREF, navGroups, primaryLinks, QUOTE_HREF } from "../../lib/navigation";
import { Button } from "../ui/button";
import {
  NavigationMenu,
  NavigationMenuDropdown,
  NavigationMenuDropdownLink,
  NavigationMenuLinkItem,
} from "../ui/navigation-menu";
import { Logo } from "./logo";
import { MobileNav } from "./mobile-nav";

const navItemClasses = (active: boolean) =>
  cn(
    // Narrower between lg and xl, so the whole bar fits on one line from 1024 px.
    "inline-flex items-center gap-1 rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap transition-colors xl:px-3",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
    active ? "bg-primary-soft text-primary" : "text-ink hover:bg-slate-100 hover:text-primary",
  );

export function SiteHeader() {
  const [location] = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-4 xl:gap-4 xl:px-6">
        <Logo />
        <NavigationMenu label="Principal" className="hidden lg:block">
          {primaryLinks.map((link) => {
            const active = isActivePath(location, link.href);
            return (
              <NavigationMenuLinkItem key={link.href} active={active}>
                <Link href={link.href} className={navItemClasses(active)}>
                  {link.label}
                </Link>
              </NavigationMenuLinkItem>
            );
          })}
          {navGroups.map((group) => (
            <NavigationMenuDropdown
              key={group.label}
              label={group.label}
              active={group.links.some((link) => isActivePath(location, link.href))}
              triggerClassName={navItemClasses(group.links.some((link) => isActivePath(location, link.href)))}
            >
              {group.links.map((link) => (
                <NavigationMenuDropdownLink key={link.href} active={isActivePath(location, link.href)}>
                  <Link href={link.href}>{link.label}</Link>
                </NavigationMenuDropdownLink>
              ))}
            </NavigationMenuDropdown>
          ))}
        </NavigationMenu>
        <div className="hidden items-center gap-2 lg:flex">
          <Button asChild variant="outline" size="sm">
            <Link href={QUOTE_HREF}>Cotizar</Link>
          </Button>
          <Button asChild variant="accent" size="sm">
            <Link href={LOCKER_HREF}>Abrir Casillero</Link>
          </Button>
        </div>
        <MobileNav />
      </div>
    </header>
  );
}
