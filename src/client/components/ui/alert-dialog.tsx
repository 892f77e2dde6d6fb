// Radix AlertDialog: a confirmation that must be answered (it does not close on an outside
// click), with a cancel button and a destructive confirm button. On close, focus goes back to
// the control that opened it (lib/focus-return).

import type { ReactNode } from "react";
import { AlertDialog as RadixAlertDialog } from "radix-ui";
import { useFocusReturn } from "../../lib/focus-return";
import { buttonClasses } from "./button";

export const AlertDialog = RadixAlertDialog.Root;
export const AlertDialogTrigger = RadixAlertDialog.Trigger;

export interface AlertDialogContentProps {
  title: ReactNode;
  description: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  /** Runs on confirm; the dialog closes itself unless the caller keeps `open` controlled. */
  onConfirm: () => void;
  pending?: boolean;
}

export function AlertDialogContent({
  title,
  description,
  cancelLabel = "Cancelar",
  confirmLabel,
  onConfirm,
  pending = false,
}: AlertDialogContentProps) {
  const focusReturn = useFocusReturn();
  return (
    <RadixAlertDialog.Portal>
      <RadixAlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
      <RadixAlertDialog.Content
        {...focusReturn}
        className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl focus-visible:outline-none">
        <RadixAlertDialog.Title className="text-lg font-semibold text-ink">{title}</RadixAlertDialog.Title>
        <RadixAlertDialog.Description className="text-sm leading-relaxed text-muted">{description}</RadixAlertDialog.Description>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <RadixAlertDialog.Cancel className={buttonClasses("outline")} disabled={pending}>
            {cancelLabel}
          </RadixAlertDialog.Cancel>
          <RadixAlertDialog.Action
            className={buttonClasses("destructive")}
            disabled={pending}
            onClick={(event) => {
              // The caller closes the dialog when its work is done, so a failure can keep it open.
              event.preventDefault();
              onConfirm();
            }}
          >
            {confirmLabel}
          </RadixAlertDialog.Action>
        </div>
      </RadixAlertDialog.Content>
    </RadixAlertDialog.Portal>
  );
}
