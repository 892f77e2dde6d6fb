// @vitest-environment jsdom
// The 'Mensajes de contacto' section against a stubbed server: 'Pendiente' / 'Respondido' with its
// date, the mark and unmark calls with their toasts, the filter in the address, the spec's empty
// text and the WhatsApp reply that asks to be marked rather than marking by itself.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../components/ui/toast";
import { dismissToast } from "../../../components/ui/use-toast";
import { queryClient } from "../../../lib/query-client";
import { AdminSessionContext } from "../../../lib/admin/admin-session";
import { testAdminSession } from "../../../test/admin-kit";
import type { TContactMessage } from "../../../../shared/api/contact";
import { ContactsSection } from "./contacts-card";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const ANSWERED_AT = "2026-11-20T16:30:00.000Z";
let messages: TContactMessage[];
const calls: { method: string; url: string; body: unknown }[] = [];

function server(method: string, url: string, body: unknown): Response {
  const [path, search] = url.split("?");
  if (method === "GET" && path === "/api/contacts") {
    const estado = new URLSearchParams(search).get("estado");
    const shown = messages.filter((m) => (estado === "pendientes" ? !m.answeredAt : estado === "respondidos" ? Boolean(m.answeredAt) : true));
    return json(200, { contacts: shown, filteredTotal: shown.length, pendingTotal: messages.filter((m) => !m.answeredAt).length, page: 1, pageSize: 10 });
  }
  const match = /^\/api\/admin\/contacts\/(\d+)\/answered$/.exec(url);
  if (method === "PATCH" && match) {
    const { answered } = body as { answered: boolean };
    messages = messages.map((m) => (m.id === Number(match[1]) ? { ...m, answeredAt: answered ? ANSWERED_AT : null } : m));
    return json(200, { contact: messages.find((m) => m.id === Number(match[1])) });
  }
  return json(404, { message: "no" });
}

beforeEach(() => {
  calls.length = 0;
  messages = [
    { id: 1, nombre: "Carla Soto", email: "carla@correo.cr", telefono: "8888-7777", mensaje: "¿Cuánto cuesta traer una laptop desde Miami hasta Heredia?", createdAt: "2026-11-19T15:00:00.000Z", answeredAt: null },
    { id: 2, nombre: "Pedro Mora", email: "pedro@correo.cr", telefono: null, mensaje: "Consulta sobre el casillero en China", createdAt: "2026-11-18T15:00:00.000Z", answeredAt: ANSWERED_AT },
  ];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init.method ?? "GET", url, body });
      return server(init.method ?? "GET", url, body);
    }),
  );
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

let location: ReturnType<typeof memoryLocation>;
function renderSection(path = "/admin/mensajes") {
  location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AdminSessionContext.Provider value={testAdminSession()}>
        <ContactsSection />
        <Toaster />
      </AdminSessionContext.Provider>
    </Router>,
  );
}
const item = (name: string) => screen.getByRole("listitem", { name: `Mensaje de ${name}` });

describe("ContactsSection", () => {
  it("shows each message as 'Pendiente' or 'Respondido' with its date, and the pending count", async () => {
    renderSection();
    expect(await screen.findByText("Carla Soto")).toBeTruthy();
    expect(within(item("Carla Soto")).getByText("Pendiente")).toBeTruthy();
    expect(within(item("Pedro Mora")).getByText(/^Respondido el /)).toBeTruthy();
    expect(screen.getByText("1 mensaje pendiente de respuesta.")).toBeTruthy();
  });

  it("marks a message answered and back to pending, each with its own call and toast", async () => {
    renderSection();
    await screen.findByText("Carla Soto");
    fireEvent.click(within(item("Carla Soto")).getByRole("button", { name: "Marcar como respondido el mensaje de Carla Soto" }));
    expect(await screen.findByText("Mensaje marcado como respondido")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([{ method: "PATCH", url: "/api/admin/contacts/1/answered", body: { answered: true } }]);
    await waitFor(() => expect(within(item("Carla Soto")).getByText(/^Respondido el /)).toBeTruthy());
    expect(screen.getByText("0 mensajes pendientes de respuesta.")).toBeTruthy();

    fireEvent.click(within(item("Carla Soto")).getByRole("button", { name: "Marcar como pendiente el mensaje de Carla Soto" }));
    expect(await screen.findByText("Mensaje marcado como pendiente")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH").at(-1)).toEqual({ method: "PATCH", url: "/api/admin/contacts/1/answered", body: { answered: false } });
    await waitFor(() => expect(within(item("Carla Soto")).getByText("Pendiente")).toBeTruthy());
  });

  it("writes the filter to the address, asks the server for it and reads it back from a link", async () => {
    renderSection();
    await screen.findByText("Carla Soto");
    fireEvent.change(screen.getByLabelText("Mostrar"), { target: { value: "pendientes" } });
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/mensajes?estado=pendientes"));
    await waitFor(() => expect(screen.queryByText("Pedro Mora")).toBeNull());
    expect(calls.map((c) => c.url)).toContain("/api/contacts?estado=pendientes&pageSize=10");
    cleanup();
    queryClient.clear();
    renderSection("/admin/mensajes?estado=respondidos");
    expect(await screen.findByText("Pedro Mora")).toBeTruthy();
    expect(screen.queryByText("Carla Soto")).toBeNull();
    expect((screen.getByLabelText("Mostrar") as HTMLSelectElement).value).toBe("respondidos");
  });

  it("keeps the spec's empty text and the WhatsApp reply quoting the message, which only suggests marking it", async () => {
    renderSection();
    await screen.findByText("Carla Soto");
    const reply = within(item("Carla Soto")).getByRole("link", { name: "Responder por WhatsApp" });
    const text = decodeURIComponent(new URL(reply.getAttribute("href")!).searchParams.get("text") ?? "");
    expect(text).toContain(messages[0].mensaje.slice(0, 50));
    expect((within(item("Pedro Mora")).getByRole("button", { name: "Responder por WhatsApp" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(reply);
    expect(within(item("Carla Soto")).getByText(/usa «Marcar como respondido»/)).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH")).toEqual([]);

    cleanup();
    queryClient.clear();
    messages = [];
    renderSection();
    expect(await screen.findByText("No hay mensajes de contacto")).toBeTruthy();
  });
});
