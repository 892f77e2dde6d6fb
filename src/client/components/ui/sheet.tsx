// Radix Dialog styled as a side sheet sliding in from the right (the mobile menu, the parts
// panel). The title is required for screen readers; pass `hideTitle` to keep it visually
// hidden. Pages use LazySheet (./lazy-sheet), which fetches this module on first use.

import type { ReactNode, RefObject } from "react";
import { Dialog } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "../../lib/cn";
import { useFocusReturn } from "../../lib/focus-return";

export interface SheetContentProps {
  title: string;
  hideTitle?: boolean;
  closeLabel?: string;
  className?: string;
  children: ReactNode;
  /** Where focus goes when the sheet closes (a trigger outside Radix); else what had focus when it opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

export function SheetContent({ title, hideTitle = false, closeLabel = "Cerrar", className, children, returnFocusRef }: SheetContentProps) {
  const focusReturn = useFocusReturn(returnFocusRef);
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="sheet-overlay fixed inset-0 z-50 bg-slate-950/50" />
      <Dialog.Content
        aria-describedby={undefined}
        {...focusReturn}
        className={cn(
          "sheet-content fixed inset-y-0 right-0 z-50 flex h-full w-4/5 max-w-sm flex-col gap-4 overflow-y-auto bg-white p-6 shadow-xl",
          "focus-visible:outline-none",
          className,
        )}
      >
        <Dialog.Title className={hideTitle ? "sr-only" : "text-lg font-semibold text-ink"}>{title}</Dialog.Title>
        {children}
        <Dialog.Close
          aria-label={closeLabel}
          className="absolute top-4 right-4 rounded-md p-1 text-muted hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  );
}

export interface SheetPanelProps extends SheetContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A controlled sheet without a Radix trigger: LazySheet renders its own. */
export function SheetPanel({ open, onOpenChange, ...content }: SheetPanelProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <SheetContent {...content} />
    </Dialog.Root>
  );
}
