// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { PartsTeaserSheet } from "./parts-teaser-sheet";

function renderTeaser() {
  const location = memoryLocation({ path: "/", record: true });
  render(
    <Router hook={location.hook}>
      <PartsTeaserSheet />
    </Router>,
  );
  return location;
}

describe("'Probar Ahora' panel", () => {
  it("asks for the client code with the assistant's rules, uppercases it, and goes to /repuestos once valid", async () => {
    const location = renderTeaser();
    fireEvent.click(screen.getByRole("button", { name: "Probar Ahora" }));
    const panel = await screen.findByRole("dialog", { name: "Asistente de Repuestos IA" });
    const code = (await screen.findByLabelText("Código de cliente")) as HTMLInputElement;
    const verify = screen.getByRole("button", { name: "Verificar Código" });

    fireEvent.click(verify);
    expect(await screen.findByText("Código de cliente es requerido")).toBeTruthy();

    fireEvent.change(code, { target: { value: "ex12" } });
    expect(code.value).toBe("EX12");
    fireEvent.click(verify);
    expect(await screen.findByText("Formato de código debe ser EX seguido de al menos 3 caracteres alfanuméricos")).toBeTruthy();
    expect(location.history?.at(-1)).toBe("/");

    fireEvent.change(code, { target: { value: "ex12b" } });
    fireEvent.click(verify);
    await waitFor(() => expect(location.history?.at(-1)).toBe("/repuestos"));
    await waitFor(() => expect(panel.isConnected).toBe(false));
  });

  it("links to the full assistant and to registration", async () => {
    renderTeaser();
    fireEvent.click(screen.getByRole("button", { name: "Probar Ahora" }));
    expect((await screen.findByRole("link", { name: "Ir a Repuestos IA" })).getAttribute("href")).toBe("/repuestos");
    expect(screen.getByRole("link", { name: "Abre tu casillero gratis" }).getAttribute("href")).toBe("/avisos-tracking");
  });
});
