// True from just after the component's first paint. Work that the first paint does not need
// (a request whose answer only refines what is already shown) waits for it, so it neither
// delays that paint nor competes with it for the network.

import { startTransition, useEffect, useState } from "react";

export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before the paint; the timer it sets, after it. What renders then
    // renders as a transition, in slices, so it never holds the main thread for long.
    const afterFrame = () => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    };
    const frame = typeof requestAnimationFrame === "function" ? requestAnimationFrame(afterFrame) : undefined;
    if (frame === undefined) afterFrame();
    return () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
