// @vitest-environment jsdom
// A prerendered form's submit waits for the page's script (decision 149): the HTML the build
// writes has it disabled with the reason, and a <noscript> line for a browser without scripts;
// once hydrated it is the form's own button, the same height, nothing moved.
import { renderToString } from "react-dom/server.node";
import { hydrateRoot } from "react-dom/client";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FORM_LOADING, FORM_NEEDS_SCRIPT } from "../../shared/api/page-forms";
import { SubmitWhenReady } from "./submit-when-ready";

afterEach(cleanup);

const Form = () => (
  <form method="post">
    <SubmitWhenReady size="lg">Registrar códigos</SubmitWhenReady>
  </form>
);

describe("SubmitWhenReady", () => {
  it("is prerendered disabled, saying it is loading, with the reason for a browser without scripts", () => {
    const html = renderToString(<Form />);
    expect(html).toMatch(/<button type="submit" class="[^"]*h-12[^"]*" disabled="">Cargando el formulario…<\/button>/);
    expect(html).toContain(`<noscript><p class="text-sm font-medium text-destructive-hover">${FORM_NEEDS_SCRIPT}</p></noscript>`);
  });

  it("becomes the form's own button once the page is hydrated, at the same height", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    const button = container.querySelector("button")!;
    const heightClass = button.className;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe(FORM_LOADING);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Form />, { onRecoverableError: (error) => errors.push(error) });
    });
    const hydrated = container.querySelector("button")!;
    expect(errors).toEqual([]);
    expect(hydrated.disabled).toBe(false);
    expect(hydrated.textContent).toBe("Registrar códigos");
    expect(hydrated.className).toBe(heightClass);
    container.remove();
  });

  it("is enabled from the start in a page rendered in the browser, and keeps its own disabled state", () => {
    render(<SubmitWhenReady disabled>Enviando…</SubmitWhenReady>);
    expect((screen.getByRole("button", { name: "Enviando…" }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    render(<SubmitWhenReady>Verificar código</SubmitWhenReady>);
    expect((screen.getByRole("button", { name: "Verificar código" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
