// A value that follows its input after a pause, so typing in a search box asks the server once.

import { useEffect, useState } from "react";

// 200 ms: past the gap between keys of someone typing a word, and short enough that the answer is
// on screen within half a second of the last key (issue 18 item 17; bench/admin-browser.ts).
export const SEARCH_DEBOUNCE_MS = 200;

export function useDebouncedValue<T>(value: T, delayMs = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
