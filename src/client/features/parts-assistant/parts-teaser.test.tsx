// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "../../components/ui/toast";
import { dismissToast } from "../../components/ui/use-toast";
import { PartsAssistant } from "./parts-assistant";
import { PartsTeaserSheet } from "./parts-teaser-sheet";

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

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

describe("'Probar Ahora' → /repuestos", () => {
  const CLIENT = { nombre: "María José Pérez Rojas", searchCount: 1, searchLimit: 10, unlimitedAccess: false, searchesRemaining: 9 };

  function renderHomeAndParts(verifyStatus: number) {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(String(input));
        const body = verifyStatus === 200 ? { client: CLIENT } : { error: "No encontrado", message: "Cliente no encontrado" };
        return new Response(JSON.stringify(body), { status: verifyStatus, headers: { "content-type": "application/json" } });
      }),
    );
    const location = memoryLocation({ path: "/", record: true });
    render(
      <Router hook={location.hook}>
        <Switch>
          <Route path="/repuestos">
            <PartsAssistant />
          </Route>
          <Route>
            <PartsTeaserSheet />
          </Route>
        </Switch>
        <Toaster />
      </Router>,
    );
    return { location, calls };
  }

  async function submitInPanel(code: string) {
    fireEvent.click(screen.getByRole("button", { name: "Probar Ahora" }));
    await screen.findByRole("dialog", { name: "Asistente de Repuestos IA" });
    fireEvent.change(await screen.findByLabelText("Código de cliente"), { target: { value: code } });
    fireEvent.click(screen.getByRole("button", { name: "Verificar Código" }));
  }

  it("carries the code over and verifies it there, without putting it in the address", async () => {
    const { location, calls } = renderHomeAndParts(200);
    await submitInPanel("ex4k7p2m");
    // Verified on arrival: the quota and the Miami card show, nothing typed twice.
    expect(await screen.findByText(CLIENT.nombre)).toBeTruthy();
    expect(screen.getByTestId("quota-used").textContent).toBe("1 / 10");
    expect(calls).toEqual(["/api/clients/verify/EX4K7P2M"]);
    expect(location.history).toEqual(["/", "/repuestos"]);
    expect(location.history?.join(" ")).not.toContain("EX4K7P2M");
  });

  it("leaves a refused code in the field with the usual toast, and checks it only once", async () => {
    const { calls } = renderHomeAndParts(404);
    await submitInPanel("exzzz999");
    expect(await screen.findByText("Error de verificación")).toBeTruthy();
    expect((screen.getByLabelText("Código de cliente") as HTMLInputElement).value).toBe("EXZZZ999");
    expect(calls).toHaveLength(1);
  });
});
