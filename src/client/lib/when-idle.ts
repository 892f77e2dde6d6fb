// Runs work that no first paint needs (fetching the code of menus and notifications) once the
// page has loaded and the browser has a quiet moment, so it never competes with the page's
// own scripts.

const IDLE_TIMEOUT_MS = 3000;

export function whenIdle(work: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === "function") {
      idleHandle = window.requestIdleCallback(() => !cancelled && work(), { timeout: IDLE_TIMEOUT_MS });
    } else {
      idleHandle = window.setTimeout(() => !cancelled && work(), 1);
    }
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", run);
    if (idleHandle === undefined) return;
    if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}
