// Where focus goes when a dialog closes: back to the control that opened it (WCAG 2.4.3).
//
// Radix returns focus only to its own <Dialog.Trigger>; our dialogs are mostly opened by plain
// buttons with `open` controlled by the page, so Radix focused nothing and focus fell to <body>
// (issue 17, item 5). The dialog components remember what had focus when they opened and give
// it back on close. When that control is gone (its list re-rendered, the package it edited was
// deleted), an equivalent control is looked for (same id, label or text), then the first control
// left in the nearest surviving container, then the page's <main>.

import { useRef, type RefObject } from "react";

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface FocusMemo {
  element: HTMLElement;
  tag: string;
  id: string;
  label: string | null;
  text: string;
  /** The element's ancestors at the time, nearest first, for the last fallback. */
  ancestors: HTMLElement[];
}

// Browsers that do not focus a button on click (Safari) leave <body> focused; the last control
// pressed then stands in for it.
let lastPressed: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener(
    "pointerdown",
    (event) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>(FOCUSABLE) : null;
      if (target) lastPressed = target;
    },
    true,
  );
}

function isUsable(element: HTMLElement | null | undefined): element is HTMLElement {
  return !!element && element.isConnected && element !== document.body && !element.closest("[inert], [hidden]");
}

function remember(): FocusMemo | null {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const element = isUsable(active) ? active : isUsable(lastPressed) ? lastPressed : null;
  if (!element) return null;
  const ancestors: HTMLElement[] = [];
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) ancestors.push(node);
  return {
    element,
    tag: element.tagName,
    id: element.id,
    label: element.getAttribute("aria-label"),
    text: element.textContent?.trim() ?? "",
    ancestors,
  };
}

function equivalent(memo: FocusMemo): HTMLElement | null {
  if (memo.id) {
    const byId = document.getElementById(memo.id);
    if (isUsable(byId)) return byId;
  }
  for (const candidate of document.querySelectorAll<HTMLElement>(memo.tag)) {
    if (!isUsable(candidate) || candidate.closest('[role="dialog"], [role="alertdialog"]')) continue;
    if (memo.label !== null ? candidate.getAttribute("aria-label") === memo.label : memo.text !== "" && candidate.textContent?.trim() === memo.text) {
      return candidate;
    }
  }
  return null;
}

function focusTarget(memo: FocusMemo | null): HTMLElement | null {
  if (memo) {
    if (isUsable(memo.element)) return memo.element;
    const twin = equivalent(memo);
    if (twin) return twin;
    const container = memo.ancestors.find(isUsable);
    const first = container?.querySelector<HTMLElement>(FOCUSABLE);
    if (isUsable(first)) return first;
  }
  return document.querySelector<HTMLElement>("main");
}

/**
 * Handlers for a Radix dialog's content: remember on open, give focus back on close. `returnTo`
 * names the control explicitly (a trigger that lives outside Radix).
 */
export function useFocusReturn(returnTo?: RefObject<HTMLElement | null>) {
  const memo = useRef<FocusMemo | null>(null);
  return {
    onOpenAutoFocus: () => {
      memo.current = remember();
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const explicit = returnTo?.current;
      const target = isUsable(explicit) ? explicit : focusTarget(memo.current);
      memo.current = null;
      target?.focus({ preventScroll: false });
    },
  };
}
