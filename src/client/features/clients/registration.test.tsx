// @vitest-environment jsdom
// The registration form and its success panel, against a stubbed server: the spec's messages,
// the pending referral code, the toasts, and the Miami mailbox.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { renderToString } from "react-dom/server.node";
import { hydrateRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../components/ui/toast";
import { dismissToast } from "../../components/ui/use-toast";
import { PENDING_REFERRAL_KEY } from "../../lib/referral";
import { RegistrationFlow } from "./registration-flow";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let handler: Handler;
const calls: { url: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return handler(url, init);
    }),
  );
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

function renderFlow() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <Router hook={memoryLocation({ path: "/avisos-tracking" }).hook}>
        <RegistrationFlow />
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function fill(values: Partial<Record<"nombre" | "direccion" | "telefono" | "email", string>>) {
  const labels = { nombre: "Nombre completo", direccion: "Dirección de entrega en Costa Rica", telefono: "WhatsApp", email: /Email/ };
  for (const [key, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(labels[key as keyof typeof labels]), { target: { value } });
  }
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: "Abrir mi casillero" }));

describe("registration form", () => {
  it("hydrates the prerendered page without a mismatch when a referral is pending, then shows it as a referral code", async () => {
    const tree = () => (
      <QueryClientProvider client={new QueryClient()}>
        <Router hook={memoryLocation({ path: "/avisos-tracking" }).hook}>
          <RegistrationFlow />
        </Router>
      </QueryClientProvider>
    );
    // The server renders without the visitor's storage; the browser has the code the link left.
    const container = document.createElement("div");
    container.innerHTML = renderToString(tree());
    document.body.append(container);
    localStorage.setItem(PENDING_REFERRAL_KEY, "EXAMIGO1");
    const mismatches: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, tree(), { onRecoverableError: (error) => mismatches.push(error) }));
    expect(mismatches).toEqual([]);
    const banner = within(container).getByText("EXAMIGO1").closest("p")!;
    expect(banner.textContent).toContain("código de referido EXAMIGO1");
    expect(banner.textContent).not.toMatch(/cliente/);
    act(() => root.unmount());
    container.remove();
  });

  it("shows the spec's messages and sends nothing while the data is invalid", async () => {
    handler = () => json(500, {});
    renderFlow();
    fill({ nombre: "Al", direccion: "Grecia", telefono: "8888-77", email: "malo" });
    submit();
    expect(await screen.findByText("El nombre debe tener al menos 3 caracteres")).toBeTruthy();
    expect(screen.getByText("La dirección debe tener al menos 10 caracteres")).toBeTruthy();
    expect(screen.getByText("El número de WhatsApp debe tener al menos 8 dígitos")).toBeTruthy();
    expect(screen.getByText("Email inválido")).toBeTruthy();
    expect(screen.getByLabelText("Nombre completo").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toHaveLength(0);
  });

  it("sends the pending referral code, clears it, toasts the code and shows the success panel", async () => {
    localStorage.setItem(PENDING_REFERRAL_KEY, "EXAMIGO1");
    handler = () =>
      json(201, {
        client: { clientCode: "EXNUEVO7", nombre: "Laura Chaves Ulate" },
        welcomeCoupon: { discountPercent: 5, expiresAt: "2031-03-01T12:00:00.000Z" },
      });
    renderFlow();
    expect(screen.getByText("EXAMIGO1")).toBeTruthy();
    fill({ nombre: "  Laura Chaves Ulate ", direccion: "Grecia, 200 m norte del parque", telefono: "8888-7777" });
    submit();

    expect(await screen.findByText("¡Cliente registrado exitosamente!")).toBeTruthy();
    expect(screen.getByText("Tu código de cliente es EXNUEVO7")).toBeTruthy();
    expect(calls).toEqual([
      {
        url: "/api/clients/register",
        body: { nombre: "Laura Chaves Ulate", direccion: "Grecia, 200 m norte del parque", telefono: "8888-7777", referrerCode: "EXAMIGO1" },
      },
    ]);
    expect(localStorage.getItem(PENDING_REFERRAL_KEY)).toBeNull();

    expect(screen.getByTestId("client-code").textContent).toBe("EXNUEVO7");
    expect(screen.getByText(/cupón de bienvenida/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver mis paquetes" }).getAttribute("href")).toBe("/rastreo");
    expect(screen.getByRole("link", { name: /ayuda por WhatsApp/i }).getAttribute("target")).toBe("_blank");
    expect(screen.getByRole("tab", { name: "Avión" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Barco" })).toBeTruthy();
    expect(screen.getAllByTestId("miami-last-name")[0]!.textContent).toBe("Chaves Ulate EXNUEVO7");
    const steps = screen.getByRole("heading", { name: "¿Cómo funciona?" }).nextElementSibling as HTMLElement;
    expect(within(steps).getAllByRole("listitem")).toHaveLength(4);
  });

  it("shows the server's message in a red 'Error' toast (a repeated number) and keeps the form", async () => {
    handler = () =>
      json(409, { error: "Conflicto", message: "Este número de WhatsApp ya está registrado. Escríbenos por WhatsApp.", code: "CONFLICT" });
    renderFlow();
    fill({ nombre: "Laura Chaves", direccion: "Grecia, 200 m norte del parque", telefono: "88887777" });
    submit();
    const title = await screen.findByText("Error");
    expect(title.closest("[data-variant]")?.getAttribute("data-variant")).toBe("destructive");
    expect(screen.getByText("Este número de WhatsApp ya está registrado. Escríbenos por WhatsApp.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Abrir mi casillero" })).toBeTruthy();
  });

  it("falls back to the spec's text when the answer carries none", async () => {
    handler = () => new Response("<html>Bad gateway</html>", { status: 502 });
    renderFlow();
    fill({ nombre: "Laura Chaves", direccion: "Grecia, 200 m norte del parque", telefono: "88887777" });
    submit();
    await waitFor(() => expect(screen.getByText("No se pudo registrar el cliente. Intenta nuevamente.")).toBeTruthy());
  });
});
