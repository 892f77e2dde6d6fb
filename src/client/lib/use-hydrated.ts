// What the server cannot know (the clock, storage, the window) must not be in the first
// render, or the prerendered HTML and the browser's first render disagree (a hydration
// mismatch, and React throws the server's HTML away). Such parts render once this is true.

import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False on the server and while the browser hydrates the prerendered page; true right after
 * (React re-renders once) and from the start in a page rendered in the browser only.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
