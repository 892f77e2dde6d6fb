// @vitest-environment jsdom
// The FAQ's answers are in the page's HTML (the prerender), closed, and shown without scripts.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server.node";
import { afterEach, describe, expect, it } from "vitest";
import { buildFaq } from "./faq-content";
import { FaqAccordion } from "./faq-accordion";

afterEach(cleanup);

describe("FAQ accordion", () => {
  it("puts every answer in the server's HTML, hidden until its question is opened", () => {
    const entries = buildFaq();
    const html = renderToString(<FaqAccordion entries={entries} headingLevel={2} />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const answers = doc.querySelectorAll("[data-in-html]");
    expect(answers).toHaveLength(entries.length);
    entries.forEach((entry, i) => {
      expect(answers[i]!.textContent).toContain(entry.answer[0]);
      expect(answers[i]!.getAttribute("data-state")).toBe("closed");
      expect(answers[i]!.className.split(" ")).toContain("data-[state=closed]:hidden");
    });
    // A browser without scripts shows them: the rule sits in <noscript>, which a scripted page ignores.
    expect(html).toContain("<noscript><style>[data-in-html][data-state=closed]{display:block!important}</style></noscript>");
  });

  it("still opens one answer at a time when scripts run", () => {
    const { container } = render(<FaqAccordion entries={buildFaq().slice(0, 3)} />);
    const states = () => [...container.querySelectorAll("[data-in-html]")].map((answer) => answer.getAttribute("data-state"));
    expect(states()).toEqual(["closed", "closed", "closed"]);
    const [first, second] = screen.getAllByRole("button");
    fireEvent.click(first!);
    expect(states()).toEqual(["open", "closed", "closed"]);
    fireEvent.click(second!);
    expect(states()).toEqual(["closed", "open", "closed"]);
  });
});
