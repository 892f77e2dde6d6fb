// The app's notification area, with Radix Toast fetched after the first paint: when the page
// is idle, or at once when a toast is raised before then. The queue (./use-toast) is in the
// first download, so a toast raised early waits in it and shows as soon as the area mounts.
// If the code cannot be fetched (offline), the next toast tries again.

import { startTransition, useEffect, useState, type ComponentType } from "react";
import { whenIdle } from "../../lib/when-idle";
import { useToast } from "./use-toast";

let loadedToaster: ComponentType | undefined;

export function DeferredToaster() {
  const { toasts } = useToast();
  const [Toaster, setToaster] = useState<ComponentType | undefined>(() => loadedToaster);
  const [idle, setIdle] = useState(false);

  useEffect(() => (Toaster ? undefined : whenIdle(() => setIdle(true))), [Toaster]);

  const wanted = idle || toasts.length > 0;
  useEffect(() => {
    if (Toaster || !wanted) return;
    let cancelled = false;
    import("./toast").then(
      (module) => {
        loadedToaster = module.Toaster;
        // A transition: mounting the area never holds the main thread in one long task.
        if (!cancelled) startTransition(() => setToaster(() => module.Toaster));
      },
      () => undefined, // offline: the next toast (a new queue) tries again
    );
    return () => {
      cancelled = true;
    };
  }, [Toaster, wanted, toasts]);

  return Toaster ? <Toaster /> : null;
}
