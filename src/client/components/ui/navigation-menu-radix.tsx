// Radix NavigationMenu wrapped once: site navigation whose dropdowns keep links as links
// (no menu roles), open on click, hover or keyboard, and close when a link is followed. Not in
// the first download: ./navigation-menu draws the same markup until this chunk is here (issue 37
// item 5) and opens the dropdown a visitor clicked before then.

import { createContext, useContext, useRef, type MouseEvent, type ReactElement, type ReactNode, type Ref } from "react";
import { NavigationMenu as Nav } from "radix-ui";
import { ChevronDown } from "lucide-react";
import { cn } from "../../lib/cn";

/** The dropdown a click opened before this chunk was here (a second click on it closes it). */
const OpenedByClick = createContext<string | undefined>(undefined);

export interface NavigationMenuProps {
  label: string;
  className?: string;
  children: ReactNode;
  ref?: Ref<HTMLElement>;
  /** A dropdown to show open at once: the one clicked before this chunk arrived. */
  openedByClick?: string;
}

export function NavigationMenu({ label, className, children, ref, openedByClick }: NavigationMenuProps) {
  return (
    <OpenedByClick.Provider value={openedByClick}>
      <Nav.Root ref={ref} aria-label={label} className={className} defaultValue={openedByClick}>
        <Nav.List className="flex items-center xl:gap-1">{children}</Nav.List>
      </Nav.Root>
    </OpenedByClick.Provider>
  );
}

/** A top-level entry holding one link (pass a link element). */
export function NavigationMenuLinkItem({ active, children }: { active: boolean; children: ReactElement }) {
  return (
    <Nav.Item>
      <Nav.Link asChild active={active}>
        {children}
      </Nav.Link>
    </Nav.Item>
  );
}

export interface NavigationMenuDropdownProps {
  label: string;
  /** Highlights the trigger when the current page is one of its links. */
  active: boolean;
  triggerClassName: string;
  children: ReactNode;
}

/** A top-level dropdown: its trigger and a panel of links (NavigationMenuDropdownLink). */
export function NavigationMenuDropdown({ label, active, triggerClassName, children }: NavigationMenuDropdownProps) {
  // Radix toggles on every click, so a visitor who hovers (the panel opens after 200 ms) and then
  // clicks the trigger, as most do, shut the panel they were reaching for. A click opens, or
  // confirms a panel hovering opened; only a click on a panel a click opened closes it.
  const clickedBeforeLoad = useContext(OpenedByClick) === label;
  const openedByClick = useRef(clickedBeforeLoad);
  const onPointerEnter = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.currentTarget.dataset.state !== "open") openedByClick.current = false;
  };
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    const open = event.currentTarget.dataset.state === "open";
    if (open && !openedByClick.current) {
      event.preventDefault(); // Radix skips its toggle
      openedByClick.current = true;
      return;
    }
    openedByClick.current = !open;
  };
  return (
    <Nav.Item value={label} className="relative">
      <Nav.Trigger
        onPointerEnter={onPointerEnter}
        onClick={onClick}
        className={cn(triggerClassName, "group data-[state=open]:bg-slate-100")}
        // "true", not "page": the trigger is not itself the page, it holds the current one.
        aria-current={active ? "true" : undefined}
        data-active={active ? "" : undefined}
      >
        {label}
        <ChevronDown className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180" aria-hidden="true" />
      </Nav.Trigger>
      {/* The padding, not a margin, bridges trigger and panel so hovering across keeps it open. */}
      <Nav.Content className="dropdown-content absolute top-full left-0 z-50 pt-1.5">
        <ul className="min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg">{children}</ul>
      </Nav.Content>
    </Nav.Item>
  );
}

/** One link inside a dropdown panel (pass a link element). */
export function NavigationMenuDropdownLink({ active, children }: { active: boolean; children: ReactElement }) {
  return (
    <li>
      <Nav.Link
        asChild
        active={active}
        className={cn(
          "flex rounded-md px-3 py-2 text-sm outline-none",
          "hover:bg-primary-soft hover:text-primary focus-visible:bg-primary-soft focus-visible:text-primary",
          "focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary",
          active ? "font-semibold text-primary" : "text-ink",
        )}
      >
        {children}
      </Nav.Link>
    </li>
  );
}
