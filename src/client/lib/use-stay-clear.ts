// A floating button (the WhatsApp chat, the referral share) must never sit on a field, a button,
// a link (issue 17), a line of text or a picture (issue 36 item 5: it hid card text at 320–390 px):
// while one lies under it, it steps aside (data-covering: hidden, not clickable) and comes back
// over empty space once the visitor has scrolled on. The page's end keeps room for it (the
// footer's bottom padding), so there it stays in view.

import { useEffect, type RefObject } from "react";

const CONTROLS = "a[href], button, input, select, textarea, [role='button'], [role='tab'], img, video";

/** Points at most 8 px apart over the whole box, its edges included (text is thin). */
function probePoints(box: DOMRect): [number, number][] {
  const points: [number, number][] = [];
  const columns = Math.max(2, Math.ceil(box.width / 8));
  const rows = Math.max(2, Math.ceil(box.height / 8));
  for (let c = 0; c <= columns; c++) {
    for (let r = 0; r <= rows; r++) {
      points.push([box.left + 1 + ((box.width - 2) * c) / columns, box.top + 1 + ((box.height - 2) * r) / rows]);
    }
  }
  return points;
}

/** True when a line of text that is a direct child of `el` passes through the point. */
function textAt(el: Element, x: number, y: number): boolean {
  for (const node of el.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) if (x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return true;
  }
  return false;
}

/**
 * Where the element sits when shown. Stepped aside it is moved down (translate-y-4), and the box
 * measured there missed a line of text just above it: the button came back over that line, was
 * sent aside again by the next check, and so on (seen at /rastreo's end at 390 px).
 */
function restingBox(floating: HTMLElement): DOMRect {
  const box = floating.getBoundingClientRect();
  const [x = 0, y = 0] = getComputedStyle(floating)
    .translate.split(" ")
    .map((part) => Number.parseFloat(part) || 0);
  return new DOMRect(box.x - x, box.y - y, box.width, box.height);
}

/** True when a control, a picture or a line of text other than the floating element's own lies under any point of it. */
function contentUnder(floating: HTMLElement): boolean {
  const box = restingBox(floating);
  if (box.width === 0 || box.height === 0) return false;
  return probePoints(box).some(([x, y]) =>
    document.elementsFromPoint(x, y).some((hit) => !floating.contains(hit) && (hit.matches(CONTROLS) || textAt(hit, x, y))),
  );
}

/**
 * Keeps the floating element in `ref` off the controls below it. Returns the attributes to spread
 * on it: it starts stepped aside — in the prerendered HTML too, so it covers nothing while the
 * page waits for its script — and shows once the first check finds room.
 */
export function useStayClear(ref: RefObject<HTMLElement | null>): { "data-covering": "" } {
  useEffect(() => {
    const floating = ref.current;
    if (!floating) return;
    // Without the observers it cannot follow the page: shown, as before this hook.
    if (typeof ResizeObserver === "undefined") return void floating.removeAttribute("data-covering");
    let frame = 0;
    const check = () => {
      frame = 0;
      // A keyboard user who reached the button keeps it: hiding it would lose their focus.
      floating.toggleAttribute("data-covering", floating !== document.activeElement && contentUnder(floating));
    };
    // Once a frame at most, however many scroll events arrive.
    const schedule = () => {
      frame ||= requestAnimationFrame(check);
    };
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    floating.addEventListener("focus", schedule);
    floating.addEventListener("blur", schedule);
    // Content arriving (a lazy section, search results) moves controls without a scroll, and
    // may fill a space kept for it without changing the page's size.
    const resized = new ResizeObserver(schedule);
    resized.observe(document.body);
    const changed = new MutationObserver(schedule);
    changed.observe(document.body, { childList: true, subtree: true });
    // Layout also moves without any event above (a CSS animation, a font swap inside a fixed
    // box): a cheap check twice a second catches what they miss (seen in CI at 390 px).
    const sweep = window.setInterval(schedule, 500);
    schedule();
    return () => {
      window.clearInterval(sweep);
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      floating.removeEventListener("focus", schedule);
      floating.removeEventListener("blur", schedule);
      resized.disconnect();
      changed.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ref]);
  // Constant, so React never writes it again after mount: the checks above own the attribute.
  return STARTS_ASIDE;
}

const STARTS_ASIDE = { "data-covering": "" } as const;

/** The classes that hide a floating button while it would cover a control. */
export const STAY_CLEAR_CLASSES =
  "transition-[opacity,translate,scale] data-[covering]:invisible data-[covering]:translate-y-4 data-[covering]:opacity-0";
