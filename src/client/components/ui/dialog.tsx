// Radix Dialog as a centred modal (pre-alert and edit forms, share panel): overlay, focus trap,
// Escape and the close button. The title is required for screen readers. On close, focus goes
// back to the control that opened it (lib/focus-return), Radix trigger or not.

import type { ReactNode } from "react";
import { Dialog as RadixDialog } from "radix-ui";
import { Loader2, X } from "lucide-react";
import { Button, buttonClasses } from "./button";
import { cn } from "../../lib/cn";
import { useFocusReturn } from "../../lib/focus-return";

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps {
  title: ReactNode;
  description?: ReactNode;
  closeLabel?: string;
  className?: string;
  children: ReactNode;
}

export function DialogContent({ title, description, closeLabel = "Cerrar", className, children }: DialogContentProps) {
  const focusReturn = useFocusReturn();
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
      <RadixDialog.Content
        {...(description ? {} : { "aria-describedby": undefined })}
        {...focusReturn}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4",
          "overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus-visible:outline-none",
          className,
        )}
      >
        <div className="grid gap-1.5 pr-8">
          <RadixDialog.Title className="text-lg font-semibold text-ink">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="text-sm text-muted">{description}</RadixDialog.Description>
          ) : null}
        </div>
        {children}
        <RadixDialog.Close
          aria-label={closeLabel}
          className="absolute top-4 right-4 rounded-md p-1 text-muted hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export interface DialogFormActionsProps {
  /** The submit button's words. */
  submitLabel: ReactNode;
  /** While the form's request runs: both buttons wait and the submit button spins. */
  pending: boolean;
  className?: string;
}

/** A form dialog's 'Cancelar' and submit buttons, stacked on a phone with the submit on top. */
export function DialogFormActions({ submitLabel, pending, className }: DialogFormActionsProps) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}>
      <DialogClose className={buttonClasses("outline")} disabled={pending}>
        Cancelar
      </DialogClose>
      <Button type="submit" disabled={pending}>
        {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
    </div>
  );
}
