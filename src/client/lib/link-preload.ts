// A page's code is fetched when the visitor shows the intent to open it — the pointer resting
// on a link, a finger touching it, the keyboard focusing it — not after the click: the click
// then finds the chunk (and, through Vite's preload helper, everything it imports, in parallel)
// already here. One listener on the document covers every link of every component (header,
// mobile sheet, footer, buttons rendered as links, links inside pages).

const INTENT_EVENTS = ["pointerover", "touchstart", "focusin"] as const;

/** Calls `preload` with the path of any same-site link the visitor points at; returns the undo. */
export function installLinkPreloading(preload: (pathname: string) => unknown, doc: Document = document): () => void {
  const seen = new Set<string>();
  const onIntent = (event: Event) => {
    const target = event.target;
    const anchor = target instanceof Element ? target.closest("a[href]") : null;
    if (!(anchor instanceof HTMLAnchorElement)) return;
    if (anchor.origin !== doc.location.origin || anchor.target === "_blank" || anchor.hasAttribute("download")) return;
    if (seen.has(anchor.pathname)) return;
    seen.add(anchor.pathname);
    preload(anchor.pathname);
  };
  for (const type of INTENT_EVENTS) doc.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => {
    for (const type of INTENT_EVENTS) doc.removeEventListener(type, onIntent, { capture: true });
  };
}
