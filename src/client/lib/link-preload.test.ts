// @vitest-environment jsdom
// The page behind a link is fetched on hover, touch or focus, once per path; other sites,
// new-tab links and downloads are left alone.
import { afterEach, describe, expect, it, vi } from "vitest";
import { HOLD_MS, installLinkPreloading } from "./link-preload";

let undo: (() => void) | undefined;
afterEach(() => {
  undo?.();
  document.body.innerHTML = "";
});

function link(href: string, attrs: Record<string, string> = {}): HTMLAnchorElement {
  const anchor = document.createElement("a");
  anchor.href = href;
  for (const [key, value] of Object.entries(attrs)) anchor.setAttribute(key, value);
  anchor.innerHTML = "<span>ir</span>";
  document.body.append(anchor);
  return anchor;
}

describe("installLinkPreloading", () => {
  it("preloads a same-site link's page when pointed at, touched or focused, once per path", () => {
    const preload = vi.fn();
    undo = installLinkPreloading(preload);
    const calculadora = link("/calculadora");
    calculadora.querySelector("span")!.dispatchEvent(new Event("pointerover", { bubbles: true }));
    expect(preload).toHaveBeenCalledWith("/calculadora");
    link("/rastreo?x=1").dispatchEvent(new Event("touchstart", { bubbles: true }));
    expect(preload).toHaveBeenLastCalledWith("/rastreo");
    const faq = link("/faq");
    faq.focus();
    expect(preload).toHaveBeenLastCalledWith("/faq");
    calculadora.dispatchEvent(new Event("pointerover", { bubbles: true }));
    expect(preload).toHaveBeenCalledTimes(3);
  });

  it("leaves other sites, new tabs, downloads and non-links alone, and stops when undone", () => {
    const preload = vi.fn();
    undo = installLinkPreloading(preload);
    link("https://wa.me/50600000000").dispatchEvent(new Event("pointerover", { bubbles: true }));
    link("/contacto", { target: "_blank" }).dispatchEvent(new Event("pointerover", { bubbles: true }));
    link("/archivo.xlsx", { download: "" }).dispatchEvent(new Event("pointerover", { bubbles: true }));
    document.body.dispatchEvent(new Event("pointerover", { bubbles: true }));
    expect(preload).not.toHaveBeenCalled();
    undo();
    undo = undefined;
    link("/servicios").dispatchEvent(new Event("pointerover", { bubbles: true }));
    expect(preload).not.toHaveBeenCalled();
  });

  it("holds a click that comes before the page's chunk until the chunk arrives, then lets it through once", async () => {
    let arrive!: () => void;
    const preload = vi.fn(() => new Promise<void>((resolve) => (arrive = resolve)));
    undo = installLinkPreloading(preload);
    const calculadora = link("/calculadora");
    const router = vi.fn((event: MouseEvent) => event.preventDefault());
    calculadora.addEventListener("click", router);
    const first = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
    calculadora.dispatchEvent(first);
    calculadora.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    expect(preload).toHaveBeenCalledWith("/calculadora");
    expect(first.defaultPrevented).toBe(true);
    expect(router).not.toHaveBeenCalled();
    arrive();
    await vi.waitFor(() => expect(router).toHaveBeenCalledTimes(1));
    // Once here, clicks go straight through.
    calculadora.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    expect(router).toHaveBeenCalledTimes(2);
    expect(preload).toHaveBeenCalledTimes(1);
  });

  it("lets a slow chunk's click through after HOLD_MS, and never holds new-tab or modified clicks", async () => {
    vi.useFakeTimers();
    try {
      undo = installLinkPreloading(() => new Promise<void>(() => {}));
      const faq = link("/faq");
      const router = vi.fn((event: MouseEvent) => event.preventDefault());
      faq.addEventListener("click", router);
      faq.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true }));
      expect(router).toHaveBeenCalledTimes(1);
      faq.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
      expect(router).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(HOLD_MS);
      expect(router).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
