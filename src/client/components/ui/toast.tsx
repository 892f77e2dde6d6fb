// Radix Toast wrapped once: the one notification area of the app (F8 focuses it), swipe right
// to dismiss, default and destructive (red) looks. Pages call toast() from ./use-toast.

import { Toast } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "../../lib/cn";
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
} from "../../../shared/domain/ui-constants";
import { dismissToast, useToast } from "./use-toast";

export function Toaster() {
  const { toasts } = useToast();
  return (
    <Toast.Provider
      label="Notificación"
      duration={TOAST_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, variant = "default", duration, open }) => (
        <Toast.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          data-variant={variant}
          className={cn(
            "toast group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
            variant === "destructive"
              ? "border-destructive bg-destructive text-white"
              : "border-slate-200 bg-white text-ink",
          )}
        >
          <div className="grid gap-1">
            {title ? <Toast.Title className="text-sm font-semibold">{title}</Toast.Title> : null}
            {description ? (
              <Toast.Description className={cn("text-sm", variant === "destructive" ? "text-white" : "text-muted")}>
                {description}
              </Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Cerrar notificación"
            className={cn(
              "absolute top-2 right-2 rounded-md p-1 focus-visible:outline-2 focus-visible:outline-offset-2",
              variant === "destructive"
                ? "text-white hover:bg-white/15 focus-visible:outline-white"
                : "text-muted hover:bg-slate-100 focus-visible:outline-primary",
            )}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label="Notificaciones ({hotkey})"
        hotkey={[...TOAST_HOTKEY]}
        // On a phone at the bottom (thumb reach; the header and its menu stay free), above it at the top right.
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 overflow-x-clip p-4 outline-none sm:top-0 sm:bottom-auto sm:max-w-sm"
      />
    </Toast.Provider>
  );
}
