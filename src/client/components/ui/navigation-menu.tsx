// The desktop bar's navigation (site-header). Radix NavigationMenu (./navigation-menu-radix: hover
// and click dropdowns, arrow keys, Escape, close on a followed link) is not in the first download,
// which every phone gets and where this bar is hidden (issue 37 item 5; decision 227). Until its
// chunk is here this file draws the same markup (links, closed dropdown buttons) and fetches the
// chunk on a wide screen when the page is idle, or as soon as the pointer or the keyboard reaches
// the bar. A dropdown clicked before then opens when the chunk arrives, and the focused link or
// button keeps the focus across the swap. If the chunk cannot be fetched (offline), the links
// still work and the next approach tries again.

import {
  cloneElement,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "../../lib/cn";
import { whenIdle } from "../../lib/when-idle";
import type { NavigationMenuDropdownProps } from "./navigation-menu-radix";

export type { NavigationMenuDropdownProps } from "./navigation-menu-radix";

type Full = Pick<
  typeof import("./navigation-menu-radix"),
  "NavigationMenu" | "NavigationMenuLinkItem" | "NavigationMenuDropdown" | "NavigationMenuDropdownLink"
>;

let full: Full | undefined;
let loading: Promise<Full> | undefined;

/** Fetches the Radix navigation (once; again after a failure). */
export function loadNavigationMenu(): Promise<Full> {
  loading ??= import("./navigation-menu-radix").then(
    ({ NavigationMenu, NavigationMenuLinkItem, NavigationMenuDropdown, NavigationMenuDropdownLink }) =>
      (full = { NavigationMenu, NavigationMenuLinkItem, NavigationMenuDropdown, NavigationMenuDropdownLink }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Where Tailwind's `lg` starts: the bar shows from there (site-header, `hidden lg:block`). */
const WIDE_SCREEN = "(min-width: 64rem)";

const FullMenu = createContext<Full | undefined>(undefined);
/** The light bar's "open this dropdown once the real one is here". */
const OpenWhenLoaded = createContext<(value: string) => void>(() => {});

export function NavigationMenu({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  // The first render is always the light one: it is what the build prerendered and what hydration
  // must find. Only a menu mounted after the chunk arrived (a test that fetched it first) starts full.
  const [shown, setShown] = useState<{ menu?: Full; open?: string; focus?: number }>(() => ({ menu: full }));
  const navRef = useRef<HTMLElement>(null);
  const wanted = useRef<string | undefined>(undefined);

  const load = useCallback(() => {
    loadNavigationMenu().then(
      (menu) => {
        // The element with focus is replaced: the one in its place gets it back.
        const nav = navRef.current;
        const active = document.activeElement;
        const focus = nav && active instanceof HTMLElement && nav.contains(active) ? [...nav.querySelectorAll("a, button")].indexOf(active) : undefined;
        setShown((now) => (now.menu ? now : { menu, open: wanted.current, focus }));
      },
      () => undefined, // offline: the light bar stays, its links work; the next approach tries again
    );
  }, []);

  useEffect(() => {
    if (shown.menu || typeof window.matchMedia !== "function") return;
    const wide = window.matchMedia(WIDE_SCREEN);
    if (wide.matches) return whenIdle(load);
    const widened = () => {
      if (wide.matches) load();
    };
    wide.addEventListener("change", widened);
    return () => wide.removeEventListener("change", widened);
  }, [shown.menu, load]);

  useLayoutEffect(() => {
    if (shown.focus === undefined || shown.focus < 0) return;
    navRef.current?.querySelectorAll<HTMLElement>("a, button")[shown.focus]?.focus();
  }, [shown]);

  const openWhenLoaded = useCallback(
    (value: string) => {
      wanted.current = value;
      load();
    },
    [load],
  );

  if (shown.menu) {
    const Menu = shown.menu.NavigationMenu;
    return (
      <FullMenu.Provider value={shown.menu}>
        <Menu ref={navRef} label={label} className={className} openedByClick={shown.open}>
          {children}
        </Menu>
      </FullMenu.Provider>
    );
  }
  // Radix's own markup, closed: the swap changes nothing on screen.
  return (
    <OpenWhenLoaded.Provider value={openWhenLoaded}>
      <nav ref={navRef} aria-label={label} data-orientation="horizontal" dir="ltr" className={className} onPointerOver={load} onFocus={load}>
        <div style={{ position: "relative" }}>
          <ul data-orientation="horizontal" dir="ltr" className="flex items-center xl:gap-1">
            {children}
          </ul>
        </div>
      </nav>
    </OpenWhenLoaded.Provider>
  );
}

type LinkElement = ReactElement<{ "aria-current"?: "page"; "data-active"?: "" }>;

/** A top-level entry holding one link (pass a link element). */
export function NavigationMenuLinkItem({ active, children }: { active: boolean; children: ReactElement }) {
  const menu = useContext(FullMenu);
  if (menu) return <menu.NavigationMenuLinkItem active={active}>{children}</menu.NavigationMenuLinkItem>;
  return <li>{cloneElement(children as LinkElement, { "aria-current": active ? "page" : undefined, "data-active": active ? "" : undefined })}</li>;
}

/** A top-level dropdown: its trigger and a panel of links (NavigationMenuDropdownLink). */
export function NavigationMenuDropdown(props: NavigationMenuDropdownProps) {
  const menu = useContext(FullMenu);
  const openWhenLoaded = useContext(OpenWhenLoaded);
  if (menu) return <menu.NavigationMenuDropdown {...props} />;
  const { label, active, triggerClassName } = props;
  return (
    <li className="relative">
      <button
        type="button"
        data-state="closed"
        aria-expanded={false}
        className={cn(triggerClassName, "group data-[state=open]:bg-slate-100")}
        aria-current={active ? "true" : undefined}
        data-active={active ? "" : undefined}
        onClick={() => openWhenLoaded(label)}
      >
        {label}
        <ChevronDown className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
      </button>
    </li>
  );
}

/** One link inside a dropdown panel (pass a link element); panels exist only in the full menu. */
export function NavigationMenuDropdownLink({ active, children }: { active: boolean; children: ReactElement }) {
  const menu = useContext(FullMenu);
  return menu ? <menu.NavigationMenuDropdownLink active={active}>{children}</menu.NavigationMenuDropdownLink> : <li>{children}</li>;
}
