// Layout checks the journeys share: what sticks out of the viewport sideways, and which controls
// a fixed or sticky element covers. Both run in the page and return readable offenders, so a
// failure names the element instead of saying "expected 426 to be ≤ 390".
import type { Page } from "playwright-core";
import { animationsDone, settled } from "./browser";

/**
 * Everything visible that reaches past the left or right edge of the viewport (after the
 * clipping of its scrolling or overflow-hidden ancestors), plus the document's own scroll width.
 * Only the outermost offender of each branch is named: its children overflow because it does.
 * A text truncated with an ellipsis counts too: it hides part of what it shows.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  await animationsDone(page);
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) found.push(`document: scrollWidth ${scrollWidth} > ${width}`);
    const offenders = new Set<Element>();
    for (const el of document.body.querySelectorAll("*")) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // empty boxes and the sr-only texts
      let { left, right } = box;
      for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.clip === "rect(0px, 0px, 0px, 0px)" || style.clipPath === "inset(50%)") right = left; // visually hidden (sr-only)
      }
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX !== "visible") {
          const clip = a.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        if (style.position === "fixed") break;
      }
      if (right - left <= 0) continue;
      if (right > width + 0.5 || left < -0.5) offenders.add(el);
    }
    // A text cut off with an ellipsis hides part of a value (a last name and the code after it);
    // a field scrolls its own text, so fields are left out.
    for (const el of document.body.querySelectorAll(":not(input, textarea, select)")) {
      if (getComputedStyle(el).textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth && el.checkVisibility()) {
        found.push(`cut off: "${(el.textContent ?? "").trim().slice(0, 80)}"`);
      }
    }
    for (const el of offenders) {
      if (el.parentElement && offenders.has(el.parentElement)) continue;
      const box = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 6).join(".")}`;
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
      found.push(`${name} [${Math.round(box.left)}..${Math.round(box.right)}] "${text}"`);
    }
    return found;
  });
}

/**
 * Controls (fields, buttons, links) fully inside the part of the viewport below the sticky
 * header whose centre or either end is covered by another fixed or sticky element: a floating
 * button sitting on them. The floating controls themselves are not checked against each other.
 */
export async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // One pass marks every element that is fixed or sticky or inside one (no helper function
    // here: the test transform would wrap a named one in a helper the page does not have).
    const pinned = new Map<Element, Element>();
    for (const el of document.body.querySelectorAll("*")) {
      const position = getComputedStyle(el).position;
      const outer = el.parentElement ? pinned.get(el.parentElement) : undefined;
      if (outer) pinned.set(el, outer);
      else if (position === "fixed" || position === "sticky") pinned.set(el, el);
    }
    const header = document.querySelector("body header");
    const headerBottom = header && pinned.has(header) ? header.getBoundingClientRect().bottom : 0;
    const found: string[] = [];
    const controls = document.querySelectorAll(
      "main input:not([type=hidden]), main textarea, main select, main button, main a[href], main [role=button], footer a[href]",
    );
    for (const control of controls) {
      if (pinned.has(control) || !control.checkVisibility({ visibilityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      if (box.top < headerBottom || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth) continue;
      const y = box.top + box.height / 2;
      const inset = Math.min(8, box.width / 4);
      for (const x of [box.left + inset, box.left + box.width / 2, box.right - inset]) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || control.contains(hit) || hit.contains(control)) continue;
        const cover = pinned.get(hit);
        if (!cover || cover === header) continue;
        const label = control.getAttribute("aria-label") ?? control.getAttribute("name") ?? "";
        const text = (control.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
        const coverName = cover.getAttribute("aria-label") ?? cover.tagName.toLowerCase();
        found.push(`${control.tagName.toLowerCase()} "${label || text}" at y ${Math.round(box.top)} under "${coverName}"`);
        break;
      }
    }
    return found;
  });
}

/** Scroll positions to check a page at: the top, every screen on the way down, the bottom. */
export async function scrollPositions(page: Page): Promise<number[]> {
  const { height, screen } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight - window.innerHeight,
    screen: Math.round(window.innerHeight * 0.6),
  }));
  const positions: number[] = [];
  for (let y = 0; y < height; y += screen) positions.push(y);
  positions.push(Math.max(0, height));
  return positions;
}

/**
 * Scrolls to the bottom a screen at a time, each drawn (so every lazily loaded section on the way
 * is seen and asks for its part), then waits at the bottom until what that started has come and
 * been drawn (`settled`); if that made the page longer, it goes on down. A frame whose outside
 * request was aborted may keep the network busy: the waits do not insist.
 */
export async function scrollThrough(page: Page): Promise<void> {
  const step = () =>
    page.evaluate(async () => {
      window.scrollBy(0, window.innerHeight);
      // Two frames: one drawn at the new position, whose intersection checks then report.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
  for (let i = 0; i < 40; i++) {
    if (!(await step())) continue;
    await settled(page, 3000).catch(() => {});
    if (await step()) break;
  }
}

/**
 * Lines of text, pictures and fields of the page that a shown floating button (fixed, outside the
 * header) overlaps (issue 36 item 5): a floating button must step aside rather than hide what
 * is under it. Each offender names the button and the start of the text.
 */
export async function contentUnderFloatingButtons(page: Page): Promise<string[]> {
  await animationsDone(page);
  return page.evaluate(() => {
    const header = document.querySelector("body > div header, body header");
    const floating = [...document.body.querySelectorAll("a, button")].filter((el) => {
      if (header?.contains(el) || getComputedStyle(el).position !== "fixed") return false;
      return el.checkVisibility({ visibilityProperty: true, opacityProperty: true });
    });
    const found: string[] = [];
    if (floating.length === 0) return found;
    const boxes = floating.map((el) => ({ el, box: el.getBoundingClientRect() }));
    const overlaps = (r: DOMRect, box: DOMRect) =>
      r.width > 0 && r.height > 0 && r.left < box.right - 1 && r.right > box.left + 1 && r.top < box.bottom - 1 && r.bottom > box.top + 1;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || floating.some((f) => f.contains(parent)) || header?.contains(parent)) continue;
      // Text that floats itself (a toast, an open dialog) is not the page's content.
      let pinned = false;
      for (let a: Element | null = parent; a && a !== document.body; a = a.parentElement) {
        if (getComputedStyle(a).position === "fixed") {
          pinned = true;
          break;
        }
      }
      if (pinned) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        const hit = boxes.find(({ box }) => overlaps(rect, box));
        if (hit) {
          found.push(`"${hit.el.getAttribute("aria-label") ?? hit.el.textContent?.trim()}" over text "${node.textContent.trim().slice(0, 40)}" at y ${Math.round(rect.top)}`);
          break;
        }
      }
    }
    for (const field of document.body.querySelectorAll("main input:not([type=hidden]), main textarea, main select, main img")) {
      if (!field.checkVisibility({ visibilityProperty: true })) continue;
      const hit = boxes.find(({ box }) => overlaps(field.getBoundingClientRect(), box));
      if (hit) found.push(`"${hit.el.getAttribute("aria-label")}" over ${field.tagName.toLowerCase()} "${field.getAttribute("name") ?? field.id}"`);
    }
    return found;
  });
}
