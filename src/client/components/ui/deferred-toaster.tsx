// The app's notification area, with Radix Toast fetched after the first paint: when the page
// is idle, or at once when a toast is raised before then. The queue (./use-toast) is in the
// first download, so a toast raised early waits in it and shows as soon as the area mounts.

import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import { whenIdle } from "../../lib/when-idle";
import { useToast } from "./use-toast";

const Toaster = lazy(() => import("./toast").then((module) => ({ default: module.Toaster })));

export function DeferredToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);

  useEffect(() => (wanted ? undefined : whenIdle(() => startTransition(() => setWanted(true)))), [wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
