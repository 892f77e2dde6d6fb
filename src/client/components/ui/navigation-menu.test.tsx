// @vitest-environment jsdom
// The desktop bar before its Radix menu is here (issue 37 item 5): the same markup, a dropdown
// clicked meanwhile opens once the menu arrives (and a second click closes it), and the focused
// link keeps the focus across the swap.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, describe, expect, it } from "vitest";
import { SiteHeader } from "../layout/site-header";

function renderHeader(path: string) {
  render(
    <Router hook={memoryLocation({ path }).hook}>
      <SiteHeader />
    </Router>,
  );
}

const bar = () => screen.getByRole("navigation", { name: "Principal" });
const isFull = () => bar().querySelector("[data-radix-collection-item]") !== null;

/** What the bar draws: each element with its attributes (in any order), less what only Radix adds and nothing draws. */
function drawn(element: Element): string {
  const attributes = [...element.attributes]
    .filter((a) => !["id", "aria-controls", "data-radix-collection-item", "type"].includes(a.name))
    .map((a) => `${a.name}="${a.value}"`)
    .sort();
  const children = [...element.childNodes].map((node) => (node instanceof Element ? drawn(node) : (node.textContent ?? "")));
  return `<${element.tagName.toLowerCase()} ${attributes.join(" ")}>${children.join("")}</${element.tagName.toLowerCase()}>`;
}

afterEach(cleanup);

// In this order: the first test fetches the menu, which then stays for the second.
describe("the desktop bar before its menu code arrives", () => {
  let light = "";

  it("keeps the focus where it was and opens the dropdown clicked meanwhile; a second click closes it", async () => {
    renderHeader("/sobre-nosotros");
    expect(isFull()).toBe(false);
    light = drawn(bar());
    const empresa = within(bar()).getByRole("button", { name: "Empresa" });
    expect(empresa.getAttribute("aria-current")).toBe("true");
    expect(empresa.getAttribute("aria-expanded")).toBe("false");

    within(bar()).getByRole("link", { name: "Calculadora" }).focus(); // reaching the bar fetches the menu
    fireEvent.click(empresa);
    const current = await screen.findByRole("link", { name: "Sobre Nosotros" });
    expect(isFull()).toBe(true);
    expect(current.getAttribute("aria-current")).toBe("page");
    expect(document.activeElement).toBe(within(bar()).getByRole("link", { name: "Calculadora" }));
    const trigger = within(bar()).getByRole("button", { name: "Empresa" });
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(trigger);
    await waitFor(() => expect(screen.queryByRole("link", { name: "Sobre Nosotros" })).toBeNull());
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
  });

  it("draws the same bar, closed, as the full menu", () => {
    renderHeader("/sobre-nosotros");
    expect(isFull()).toBe(true);
    expect(light).toContain('aria-current="true"');
    expect(drawn(bar())).toBe(light);
  });
});
