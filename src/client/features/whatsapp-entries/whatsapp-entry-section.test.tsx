// @vitest-environment jsdom
// The notice page's form against a stubbed server: code rows, remembered data (and a storage
// that fails), the sending state, the confirmation and the error toast.
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../components/ui/toast";
import { dismissToast } from "../../components/ui/use-toast";
import { queryClient } from "../../lib/query-client";
import { REMEMBERED_CONTACT_KEY } from "./remembered-contact";
import { WhatsappEntrySection } from "./whatsapp-entry-section";

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;
let handler: Handler;
const calls: { url: string; body: unknown }[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  handler = () => json(200, { created: 0, existing: 0, message: "" });
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
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPage() {
  return render(
    <Router hook={memoryLocation({ path: "/tracking-whatsapp" }).hook}>
      <WhatsappEntrySection />
      <Toaster />
    </Router>,
  );
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const codeInputs = () => screen.getAllByLabelText(/^Código de tracking \d+$/) as HTMLInputElement[];
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Registrar códigos" }));

describe("WhatsApp notice form", () => {
  it("shows the marketing content and links to tracking and registration", () => {
    renderPage();
    for (const title of ["Notificaciones automáticas", "Múltiples códigos", "Información recordada"]) {
      expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    }
    // The legend speaks the portal's words (issue 32: one vocabulary, docs/decisions/157).
    for (const status of ["Pendiente", "En bodega de origen", "En tránsito", "En aduanas", "En bodega Costa Rica", "Listo para entregar", "Entregado"]) {
      expect(screen.getByText(status)).toBeTruthy();
    }
    for (const old of ["En aduana", "Listo para entrega", "Recibido en Miami", "En tránsito a Miami"]) expect(screen.queryByText(old)).toBeNull();
    expect(screen.getByRole("link", { name: /Rastrear mis paquetes/ }).getAttribute("href")).toBe("/rastreo");
    expect(screen.getByRole("link", { name: /Abrir mi casillero/ }).getAttribute("href")).toBe("/avisos-tracking");
    expect(screen.getByLabelText(/Número de WhatsApp/).getAttribute("placeholder")).toBe("+50688888888");
  });

  it("adds code rows and offers removal only while more than one row exists", () => {
    renderPage();
    expect(codeInputs()).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /Quitar código/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Agregar otro código" }));
    fireEvent.click(screen.getByRole("button", { name: "Agregar otro código" }));
    expect(codeInputs()).toHaveLength(3);
    expect(screen.getAllByRole("button", { name: /Quitar código/ })).toHaveLength(3);
    fireEvent.click(screen.getByRole("button", { name: "Quitar código 2" }));
    fireEvent.click(screen.getByRole("button", { name: "Quitar código 1" }));
    expect(codeInputs()).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /Quitar código/ })).toBeNull();
  });

  it("remembers the personal data on every keystroke and fills it in next time", () => {
    renderPage();
    type(/Número de WhatsApp/, "+50688887777");
    expect(JSON.parse(localStorage.getItem(REMEMBERED_CONTACT_KEY)!)).toMatchObject({ whatsapp: "+50688887777" });
    type(/Nombre completo/, "Ana Mora");
    type(/Email/, "ana@example.com");
    expect(JSON.parse(localStorage.getItem(REMEMBERED_CONTACT_KEY)!)).toEqual({
      whatsapp: "+50688887777",
      nombre: "Ana Mora",
      email: "ana@example.com",
    });
    cleanup();
    renderPage();
    expect((screen.getByLabelText(/Número de WhatsApp/) as HTMLInputElement).value).toBe("+50688887777");
    expect((screen.getByLabelText(/Nombre completo/) as HTMLInputElement).value).toBe("Ana Mora");
  });

  it("only warns when the browser refuses to store the data", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error");
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("QuotaExceededError");
    });
    renderPage();
    type(/Nombre completo/, "Ana");
    expect(warn).toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/Nombre completo/) as HTMLInputElement).value).toBe("Ana");
  });

  it("shows the rule's message and sends nothing for a malformed number", async () => {
    renderPage();
    type(/Número de WhatsApp/, "8888");
    type(/Nombre completo/, "Ana");
    fireEvent.change(codeInputs()[0], { target: { value: "1Z999" } });
    submit();
    expect(await screen.findByText(/8 dígitos si es de Costa Rica/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("sends the codes, shows 'Agregando códigos...' meanwhile, then the counts and a way back", async () => {
    let answer!: (r: Response) => void;
    handler = () => new Promise<Response>((resolve) => (answer = resolve));
    renderPage();
    type(/Número de WhatsApp/, "+50688887777");
    type(/Nombre completo/, "Ana Mora");
    fireEvent.click(screen.getByRole("button", { name: "Agregar otro código" }));
    fireEvent.click(screen.getByRole("button", { name: "Agregar otro código" }));
    ["1Z111", " ", "TBA222"].forEach((value, i) => fireEvent.change(codeInputs()[i], { target: { value } }));
    submit();
    const pending = await screen.findByRole("button", { name: "Agregando códigos..." });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(calls[0]).toEqual({
      url: "/api/tracking/whatsapp/add",
      body: { whatsapp: "+50688887777", nombre: "Ana Mora", trackingCodes: ["1Z111", "TBA222"] },
    });
    answer(json(200, { created: 2, existing: 1, message: "" }));
    expect(await screen.findByRole("heading", { name: "¡Códigos registrados!" })).toBeTruthy();
    expect(screen.getByTestId("codigos-creados").textContent).toBe("2");
    expect(screen.getByTestId("codigos-existentes").textContent).toBe("1");
    fireEvent.click(screen.getByRole("button", { name: "Agregar más códigos" }));
    expect(codeInputs()).toHaveLength(1);
    expect(codeInputs()[0].value).toBe("");
    expect((screen.getByLabelText(/Nombre completo/) as HTMLInputElement).value).toBe("Ana Mora");
  });

  it("shows the server's Spanish message in an error toast", async () => {
    handler = () => json(429, { error: "Demasiadas solicitudes", message: "Demasiados avisos enviados desde tu conexión. Intenta de nuevo en 9 minutos." });
    renderPage();
    type(/Número de WhatsApp/, "+50688887777");
    type(/Nombre completo/, "Ana");
    fireEvent.change(codeInputs()[0], { target: { value: "1Z1" } });
    submit();
    expect(await screen.findByText("Error al agregar códigos de tracking")).toBeTruthy();
    expect(screen.getByText(/Intenta de nuevo en 9 minutos/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("button", { name: "Registrar códigos" })).toBeTruthy());
  });

  it("falls back to the spec's message when the server cannot be reached", async () => {
    handler = () => {
      throw new TypeError("Failed to fetch");
    };
    renderPage();
    type(/Número de WhatsApp/, "+50688887777");
    type(/Nombre completo/, "Ana");
    fireEvent.change(codeInputs()[0], { target: { value: "1Z1" } });
    submit();
    expect(await screen.findByText("No se pudieron agregar los códigos. Intenta nuevamente.")).toBeTruthy();
  });
});
