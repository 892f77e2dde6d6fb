// @vitest-environment jsdom
// Conversaciones against a stubbed server: the list with its unread count, opening a thread
// (which marks it read), the client's packages beside it, free text inside the 24-hour window,
// and outside it the reason and the template instead of the text box.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../components/ui/toast";
import { dismissToast } from "../../../components/ui/use-toast";
import { queryClient } from "../../../lib/query-client";
import { AdminSessionContext } from "../../../lib/admin/admin-session";
import { testAdminSession } from "../../../test/admin-kit";
import type { TConversationThread } from "../../../../shared/api/admin/conversations";
import { ConversationsSection, WINDOW_CLOSED_TITLE } from "./conversations-section";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const NUMBER = "50688887777";
const calls: { method: string; url: string; body: unknown }[] = [];
let windowOpen = true;

function thread(): TConversationThread {
  const at = new Date(Date.now() - (windowOpen ? 3600_000 : 30 * 3600_000)).toISOString();
  return {
    number: NUMBER,
    client: { id: 7, clientCode: "EXAB12CD", nombre: "Ana Mora", telefono: "+50688887777" },
    profileName: "Ana",
    optedOut: false,
    window: { open: windowOpen, lastInboundAt: at, closesAt: windowOpen ? new Date(Date.now() + 23 * 3600_000).toISOString() : null },
    template: { name: "respuesta_consulta", preview: "Hola Ana, tenemos una respuesta a su consulta en Express Import. Responda a este mensaje para continuar la conversación." },
    messages: [
      { direction: "in", id: 1, type: "text", text: "¿Ya llegó mi paquete?", at, readByStaffAt: null, consent: null, location: null, button: null, media: null },
    ],
    packages: [{ id: 3, trackingCode: "1Z999AA1", estado: "EN_ADUANAS", origen: "USA", descripcion: "Repuestos", updatedAt: at }],
    messaging: { configured: true },
  };
}

function server(method: string, url: string, body: unknown): Response {
  const path = url.split("?")[0];
  if (method === "GET" && path === "/api/admin/conversations") {
    const t = thread();
    return json(200, {
      conversations: [{ number: NUMBER, client: t.client, profileName: "Ana", unread: 1, lastMessage: { direction: "in", text: "¿Ya llegó mi paquete?", at: t.messages[0].at }, lastInboundAt: t.messages[0].at, windowOpen }],
      unreadConversations: 1,
      page: 1,
      pageSize: 25,
      hasMore: false,
    });
  }
  if (method === "GET" && path === `/api/admin/conversations/${NUMBER}`) return json(200, thread());
  if (method === "POST" && path === `/api/admin/conversations/${NUMBER}/read`) return json(200, { marked: 1 });
  if (method === "POST" && path === `/api/admin/conversations/${NUMBER}/reply`) {
    const text = (body as { text?: string }).text ?? "plantilla";
    return json(201, {
      message: { direction: "out", id: 9, kind: "STAFF_REPLY", body: text, at: new Date().toISOString(), status: "SENT", deliveryStatus: null, lastError: null, sentBy: "Olga", template: false },
      messaging: { configured: true },
    });
  }
  return json(404, { message: "no" });
}

beforeEach(() => {
  calls.length = 0;
  windowOpen = true;
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

function renderSection(path = "/admin/conversaciones") {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AdminSessionContext.Provider value={testAdminSession()}>
        <ConversationsSection />
        <Toaster />
      </AdminSessionContext.Provider>
    </Router>,
  );
}

describe("ConversationsSection", () => {
  it("lists the conversation with its unread count; opening it reads it and shows the packages; free text goes inside the window", async () => {
    renderSection();
    const list = await screen.findByRole("list", { name: "Conversaciones" });
    const row = await within(list).findByRole("button", { name: /Ana Mora/ });
    expect(within(row).getByLabelText("1 sin leer")).toBeTruthy();
    fireEvent.click(row);
    expect(await screen.findByText("1Z999AA1")).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.url === `/api/admin/conversations/${NUMBER}/read`)).toBe(true));
    fireEvent.change(screen.getByLabelText("Respuesta"), { target: { value: "Sí, llegó ayer." } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Respuesta enviada")).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith("/reply")).map((c) => c.body)).toEqual([{ mode: "text", text: "Sí, llegó ayer." }]);
  });

  it("outside the 24-hour window says why and offers the template instead of the text box", async () => {
    windowOpen = false;
    renderSection(`/admin/conversaciones?numero=${NUMBER}`);
    expect(await screen.findByText(WINDOW_CLOSED_TITLE)).toBeTruthy();
    expect(screen.queryByLabelText("Respuesta")).toBeNull();
    expect(screen.getByText(/tenemos una respuesta a su consulta/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Enviar plantilla" }));
    expect(await screen.findByText("Respuesta enviada")).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith("/reply")).map((c) => c.body)).toEqual([{ mode: "template" }]);
  });
});
