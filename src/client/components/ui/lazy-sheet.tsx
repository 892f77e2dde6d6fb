// A side sheet whose dialog code (Radix Dialog, focus trap, scroll lock: ./sheet) is fetched
// only when the visitor points at its trigger, opens it, or the page is idle. The mobile menu
// and the home page's parts panel are in the first download; their dialog machinery is not.
// The trigger is a plain button that says it opens a dialog, and gets focus back on close.

import { lazy, Suspense, useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import { whenIdle } from "../../lib/when-idle";
import type { SheetContentProps } from "./sheet";

const loadSheet = () => import("./sheet");
const SheetPanel = lazy(() => loadSheet().then((module) => ({ default: module.SheetPanel })));

export interface LazySheetTriggerProps {
  ref: Ref<HTMLButtonElement>;
  type: "button";
  "aria-haspopup": "dialog";
  "aria-expanded": boolean;
  "data-state": "open" | "closed";
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
}

export interface LazySheetProps extends Omit<SheetContentProps, "returnFocusRef"> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Renders the trigger button; spread the given props on it. */
  trigger: (props: LazySheetTriggerProps) => ReactNode;
  /** Also warm up what the open sheet shows (its own lazy content). */
  onPrefetch?: () => void;
  /** Fetch the dialog code when the page is idle (the menu button every page shows). */
  prefetchWhenIdle?: boolean;
}

export function LazySheet({ open, onOpenChange, trigger, onPrefetch, prefetchWhenIdle = false, ...content }: LazySheetProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Once opened the panel stays mounted, so Radix can play the closing animation.
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);

  useEffect(() => (prefetchWhenIdle ? whenIdle(() => void loadSheet()) : undefined), [prefetchWhenIdle]);

  const prefetch = () => {
    void loadSheet();
    onPrefetch?.();
  };

  return (
    <>
      {trigger({
        ref: triggerRef,
        type: "button",
        "aria-haspopup": "dialog",
        "aria-expanded": open,
        "data-state": open ? "open" : "closed",
        onClick: () => {
          prefetch();
          onOpenChange(!open);
        },
        onPointerEnter: prefetch,
        onFocus: prefetch,
      })}
      {mounted ? (
        <Suspense fallback={null}>
          <SheetPanel {...content} open={open} onOpenChange={onOpenChange} returnFocusRef={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
