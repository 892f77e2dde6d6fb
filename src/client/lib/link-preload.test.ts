// @vitest-environment jsdom
// The page behind a link is fetched on hover, touch or focus, once per path; other sites,
// new-tab links and downloads are left alone.
import { afterEach, describe, expect, it, vi } from "vitest";
import { installLinkPreloading } from "./link-preload";

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
});
