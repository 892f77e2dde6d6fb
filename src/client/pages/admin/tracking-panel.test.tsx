// @vitest-environment jsdom
// The /admin/tracking page against a stubbed server: the password gate (empty, wrong, no
// network, right; token in memory only; 'Cerrar sesión' ends it on the server), the stat
// cards, the entries table with message states and the status dialog, the notices tab, and an
// expired session.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../components/ui/toast";
import { dismissToast } from "../../components/ui/use-toast";
import { getAdminToken } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import AdminTrackingPage from "../admin";
import { clearAdminSession } from "../../lib/admin/admin-session";
import type { TWhatsappEntry } from "../../../shared/api/whatsapp-entries";

type Handler = (method: string, url: string, body: unknown) => Response | Promise<Response>;
let handler: Handler;
const calls: { method: string; url: string; body: unknown; auth: string | undefined }[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const entry = (over: Partial<TWhatsappEntry> = {}): TWhatsappEntry => ({
  id: 7,
  trackingCode: "1Z999AA10123456784",
  estado: "PENDIENTE",
  notas: null,
  createdAt: "2025-03-01T15:00:00.000Z",
  updatedAt: "2025-03-02T15:00:00.000Z",
  customer: { nombre: "Ana Mora", whatsapp: "+50688887777", email: "ana@example.com" },
  notifications: [],
  ...over,
});

const TOKEN = "token.firmado";
let entries: TWhatsappEntry[];

function server(method: string, url: string, body: unknown): Response {
  if (url === "/api/admin/login") {
    const { password } = body as { password: string };
    return password === "clave"
      ? json(200, { token: TOKEN, expiresAt: new Date(Date.now() + 3600_000).toISOString() })
      : json(401, { error: "No autorizado", message: "Contraseña de administrador incorrecta", code: "UNAUTHORIZED" });
  }
  if (url === "/api/admin/tracking-stats") return json(200, { total: 12, pendientes: 5, enProceso: 4, completados: 3 });
  if (url === "/api/tracking/whatsapp/entries") return json(200, { entries, total: entries.length, messaging: { configured: false } });
  if (url === "/api/tracking-notices") return json(200, { notices: [] });
  if (method === "PATCH" && url === "/api/tracking/whatsapp/entries/7") {
    const change = body as { estado: TWhatsappEntry["estado"] };
    entries = [entry({ estado: change.estado, notifications: [{ id: 1, kind: "WHATSAPP_ENTRY_STATUS", status: "PENDING", attempts: 0, lastError: null, sentAt: null, nextAttemptAt: "2025-03-02T15:00:00.000Z", createdAt: "2025-03-02T15:00:00.000Z" }] })];
    return json(200, { entry: entries[0], notificationSent: false });
  }
  return json(404, { message: "no" });
}

beforeEach(() => {
  calls.length = 0;
  entries = [entry()];
  handler = server;
  sessionStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init.method ?? "GET", url, body, auth: (init.headers as Record<string, string>)?.Authorization });
      return handler(init.method ?? "GET", url, body);
    }),
  );
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  queryClient.clear();
  clearAdminSession();
  vi.unstubAllGlobals();
});

function renderPage() {
  return render(
    <Router hook={memoryLocation({ path: "/admin/tracking" }).hook}>
      <AdminTrackingPage />
      <Toaster />
    </Router>,
  );
}

async function logIn(password = "clave") {
  fireEvent.change(screen.getByLabelText("Contraseña de administrador"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Acceder al Panel" }));
}

describe("admin tracking gate", () => {
  it("shows the gate with the spec's texts and a show/hide toggle", () => {
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "Panel Administrativo" })).toBeTruthy();
    expect(screen.getByText(/La contraseña se configura en el servidor/)).toBeTruthy();
    const input = screen.getByLabelText("Contraseña de administrador") as HTMLInputElement;
    expect(input.type).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Mostrar contraseña" }));
    expect(input.type).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Ocultar contraseña" }));
    expect(input.type).toBe("password");
  });

  it("asks for the password when empty and sends nothing", async () => {
    renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Acceder al Panel" }));
    expect(await screen.findByText("Por favor ingresa la contraseña de administrador")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("says 'Acceso denegado' for a wrong password", async () => {
    renderPage();
    await logIn("mala");
    expect(await screen.findByText("Acceso denegado")).toBeTruthy();
    expect(screen.getAllByText("Contraseña de administrador incorrecta").length).toBeGreaterThan(0);
    expect(getAdminToken()).toBeNull();
  });

  it("says the server could not be reached on a network failure", async () => {
    handler = () => {
      throw new TypeError("Failed to fetch");
    };
    renderPage();
    await logIn();
    expect(await screen.findByText("No se pudo conectar con el servidor")).toBeTruthy();
  });

  it("logs in, keeps the token in memory only and sends it on every panel call", async () => {
    renderPage();
    await logIn();
    expect(await screen.findByText("Acceso autorizado")).toBeTruthy();
    expect(getAdminToken()).toBe(TOKEN);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem("express-import-admin-session")).toBeNull();
    await screen.findByText("Ana Mora");
    const panelCalls = calls.filter((c) => c.url !== "/api/admin/login");
    expect(panelCalls.length).toBeGreaterThan(0);
    expect(panelCalls.every((c) => c.auth === `Bearer ${TOKEN}`)).toBe(true);
  });

  it("'Cerrar sesión' ends the session on the server and shows the gate again", async () => {
    renderPage();
    await logIn();
    fireEvent.click(await screen.findByRole("button", { name: "Cerrar sesión" }));
    expect(await screen.findByLabelText("Contraseña de administrador")).toBeTruthy();
    expect(getAdminToken()).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.url === "/api/admin/logout")).toEqual([
      { method: "POST", url: "/api/admin/logout", body: undefined, auth: `Bearer ${TOKEN}` },
    ]));
  });
});

describe("admin tracking panel", () => {
  it("shows the counts, the entries with the phone spaced after +506, and the message state", async () => {
    renderPage();
    await logIn();
    const stats = await screen.findByRole("list", { name: "Resumen" });
    await waitFor(() => expect(within(stats).getByText("12")).toBeTruthy());
    for (const [label, value] of [["Total Avisos", "12"], ["Pendientes", "5"], ["En Proceso", "4"], ["Completados", "3"]]) {
      expect(within(within(stats).getByText(label).parentElement!).getByText(value)).toBeTruthy();
    }
    expect(screen.getByRole("tab", { name: "Tracking WhatsApp" }).getAttribute("aria-selected")).toBe("true");
    expect(await screen.findByText("1 código")).toBeTruthy();
    expect(screen.getByText("+506 88887777")).toBeTruthy();
    expect(screen.getByText("Sin mensajes")).toBeTruthy();
  });

  it("changes a status: save waits for a status, notes go only when written, the toast says it was not sent", async () => {
    renderPage();
    await logIn();
    fireEvent.click(await screen.findByRole("button", { name: "Cambiar estado de 1Z999AA10123456784" }));
    const dialog = await screen.findByRole("dialog", { name: "Cambiar Estado de Tracking" });
    expect(within(dialog).getByText("Ana Mora")).toBeTruthy();
    expect(within(dialog).getByText("+506 88887777")).toBeTruthy();
    const save = within(dialog).getByRole("button", { name: "Actualizar y Notificar" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Nuevo estado"), { target: { value: "EN_TRANSITO" } });
    fireEvent.change(within(dialog).getByLabelText(/Notas internas/), { target: { value: "   " } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText("Estado actualizado.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ estado: "EN_TRANSITO" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("No enviado: WhatsApp no configurado")).toBeTruthy();
  });

  it("says the WhatsApp was sent when the server reports it", async () => {
    handler = (method, url, body) =>
      method === "PATCH" ? json(200, { entry: entry({ estado: "ENTREGADO" }), notificationSent: true }) : server(method, url, body);
    renderPage();
    await logIn();
    fireEvent.click(await screen.findByRole("button", { name: "Cambiar estado de 1Z999AA10123456784" }));
    const dialog = await screen.findByRole("dialog", { name: "Cambiar Estado de Tracking" });
    fireEvent.change(within(dialog).getByLabelText("Nuevo estado"), { target: { value: "ENTREGADO" } });
    fireEvent.change(within(dialog).getByLabelText(/Notas internas/), { target: { value: "Entregado en oficina" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Actualizar y Notificar" }));
    expect(await screen.findByText("Estado actualizado y notificación WhatsApp enviada.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ estado: "ENTREGADO", notas: "Entregado en oficina" });
  });

  it("retries a failed message from the table: 'Reintentar' beside the reason queues it again and the state follows", async () => {
    const failed = { id: 9, kind: "WHATSAPP_ENTRY_STATUS" as const, status: "FAILED" as const, attempts: 1, lastError: "WhatsApp rechazó el mensaje (400): (#131026) Message undeliverable", sentAt: null, nextAttemptAt: "2025-03-02T15:00:00.000Z", createdAt: "2025-03-02T15:00:00.000Z" };
    entries = [entry({ notifications: [failed] })];
    handler = (method, url, body) => {
      if (method === "POST" && url === "/api/notifications/9/retry") {
        const queued = { ...failed, status: "PENDING" as const, attempts: 0, lastError: null };
        entries = [entry({ notifications: [queued] })];
        return json(200, { notification: queued, messaging: { configured: true } });
      }
      if (url === "/api/tracking/whatsapp/entries") return json(200, { entries, total: entries.length, messaging: { configured: true } });
      return server(method, url, body);
    };
    renderPage();
    await logIn();
    expect(await screen.findByText(/^Falló: WhatsApp rechazó el mensaje \(400\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reintentar el envío del mensaje" }));
    expect(await screen.findByText("Mensaje en cola de nuevo")).toBeTruthy();
    expect(screen.getByText("Se intentará enviar ahora por WhatsApp.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST" && c.url === "/api/notifications/9/retry")).toHaveLength(1);
    expect(await screen.findByText("En cola")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reintentar el envío del mensaje" })).toBeNull();
  });

  it("shows the empty states of both tabs", async () => {
    entries = [];
    renderPage();
    await logIn();
    expect(await screen.findByText("No hay códigos de tracking")).toBeTruthy();
    const tab = screen.getByRole("tab", { name: "Avisos Tradicionales" });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    expect(await screen.findByText("No hay avisos de tracking")).toBeTruthy();
  });

  it("returns to the gate when the session has expired", async () => {
    handler = (method, url, body) =>
      url === "/api/tracking/whatsapp/entries"
        ? json(401, { message: "Sesión de administrador requerida o vencida. Inicia sesión de nuevo." })
        : server(method, url, body);
    renderPage();
    await logIn();
    expect(await screen.findByText("Tu sesión de administrador venció. Ingresa la contraseña de nuevo.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Acceder al Panel" })).toBeTruthy();
    expect(getAdminToken()).toBeNull();
  });
});
