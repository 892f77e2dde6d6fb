// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../components/ui/toast";
import { dismissToast } from "../../components/ui/use-toast";
import { ContactForm } from "./contact-form";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  render(
    <>
      <ContactForm />
      <Toaster />
    </>,
  );
});

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

const field = (name: string) => screen.getByRole("textbox", { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Enviar Mensaje" }));

function fillValid() {
  fireEvent.change(field("Nombre completo"), { target: { value: "  Jimena Vargas " } });
  fireEvent.change(field("Email"), { target: { value: "jimena@correo.cr" } });
  fireEvent.change(field("Mensaje"), { target: { value: "Quisiera cotizar una bicicleta desde Miami." } });
}

describe("contact form", () => {
  it("shows the rules' messages for empty and bad fields, and sends nothing", async () => {
    submit();
    expect(await screen.findByText("El nombre debe tener al menos 2 caracteres")).toBeTruthy();
    expect(screen.getByText("Ingresa un email válido")).toBeTruthy();
    expect(screen.getByText("El mensaje debe tener al menos 10 caracteres")).toBeTruthy();
    expect(field("Email").getAttribute("aria-invalid")).toBe("true");
    expect(field("Email").getAttribute("aria-describedby")).toBe("contacto-email-error");

    fireEvent.change(field("Teléfono"), { target: { value: "llámenme" } });
    submit();
    expect(await screen.findByText("Ingresa un teléfono válido, por ejemplo 8888-8888")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the cleaned message, says '¡Mensaje enviado!' and empties the form", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, contact: {} }), { status: 201 }));
    fillValid();
    submit();
    expect(await screen.findByText("¡Mensaje enviado!")).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/contact");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      nombre: "Jimena Vargas",
      email: "jimena@correo.cr",
      mensaje: "Quisiera cotizar una bicicleta desde Miami.",
    });
    await waitFor(() => expect(field("Nombre completo").value).toBe(""));
  });

  it("shows a red 'Error al enviar' with the server's message and keeps what was written", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: "Demasiadas solicitudes", message: "Demasiados mensajes enviados. Intenta de nuevo en unos minutos." }), { status: 429 }),
    );
    fillValid();
    submit();
    const title = await screen.findByText("Error al enviar");
    expect(title.closest("[data-variant]")?.getAttribute("data-variant")).toBe("destructive");
    expect(screen.getByText("Demasiados mensajes enviados. Intenta de nuevo en unos minutos.")).toBeTruthy();
    expect(field("Nombre completo").value).toBe("  Jimena Vargas ");
  });

  it("falls back to its own words when the failure carries none", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    fillValid();
    submit();
    expect(await screen.findByText("Error al enviar")).toBeTruthy();
    expect(screen.getByText("Hubo un problema al enviar tu mensaje. Intenta nuevamente.")).toBeTruthy();
  });
});
