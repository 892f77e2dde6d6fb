// A side sheet whose dialog code (Radix Dialog, focus trap, scroll lock: ./sheet) is fetched
// only when the visitor points at its trigger, opens it, or the page is idle. The mobile menu
// and the home page's parts panel are in the first download; their dialog machinery is not.
// The trigger is a plain button that says it opens a dialog, and gets focus back on close. If
// the code cannot be fetched (offline), the sheet stays closed and the next press tries again.

import { useEffect, useRef, useState, type ReactNode, type Ref } from "react";
import { whenIdle } from "../../lib/when-idle";
import type { SheetContentProps, SheetPanelProps } from "./sheet";

type SheetPanelComponent = (props: SheetPanelProps) => ReactNode;

let loadedPanel: SheetPanelComponent | undefined;
let loading: Promise<SheetPanelComponent> | undefined;

function loadSheetPanel(): Promise<SheetPanelComponent> {
  loading ??= import("./sheet").then(
    (module) => (loadedPanel = module.SheetPanel),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

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
  const [Panel, setPanel] = useState<SheetPanelComponent | undefined>(() => loadedPanel);

  const load = (openWhenReady: boolean) => {
    onPrefetch?.();
    if (Panel) return;
    loadSheetPanel().then(
      (panel) => setPanel(() => panel),
      () => {
        if (openWhenReady) onOpenChange(false);
      },
    );
  };

  useEffect(() => (prefetchWhenIdle ? whenIdle(() => void loadSheetPanel().catch(() => undefined)) : undefined), [prefetchWhenIdle]);

  return (
    <>
      {trigger({
        ref: triggerRef,
        type: "button",
        "aria-haspopup": "dialog",
        "aria-expanded": open,
        "data-state": open ? "open" : "closed",
        onClick: () => {
          load(!open);
          onOpenChange(!open);
        },
        onPointerEnter: () => load(false),
        onFocus: () => load(false),
      })}
      {Panel ? <Panel {...content} open={open} onOpenChange={onOpenChange} returnFocusRef={triggerRef} /> : null}
    </>
  );
}
