// @vitest-environment jsdom
// The /admin/tracking page against a stubbed server: the password gate (empty, wrong, no
// network, right; token in memory only), the stat cards, the entries table with message states
// and the status dialog, the notices tab, search, status, tab and page kept in the address, and
// an expired session. (Signing out is the admin shell's, tested with it.)
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { TTrackingNotice } from "../../../shared/api/tracking-notices";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Toaster } from "../../components/ui/toast";
import { getAdminToken } from "../../lib/api";
import AdminTrackingPage from "../admin";
import { clearAdminSession } from "../../lib/admin/admin-session";
import type { TWhatsappEntry } from "../../../shared/api/whatsapp-entries";
import { cleanUpAdminTest, json, staffSessionFixture, stubFetch, type FetchCall } from "../../test/admin-kit";

type Handler = (method: string, url: string, body: unknown) => Response | Promise<Response>;
let handler: Handler;
const calls: FetchCall[] = [];

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
let notices: TTrackingNotice[];

const notice = (over: Partial<TTrackingNotice> = {}): TTrackingNotice => ({
  id: 3,
  clienteNombre: "Rosa Jiménez",
  clienteEmail: null,
  clienteTelefono: null,
  descripcionPaquete: "Zapatos",
  tiendaOrigen: null,
  pesoEstimado: null,
  valorDeclarado: null,
  notasCliente: null,
  notas: null,
  estado: "PENDIENTE",
  trackingIdAsignado: null,
  fechaEstimada: null,
  createdAt: "2025-03-01T15:00:00.000Z",
  updatedAt: "2025-03-01T15:00:00.000Z",
  ...over,
});

/** The list answers as the server gives them with a page asked for. */
function paged<T>(key: string, rows: T[], url: string, extra: Record<string, unknown> = {}): Response {
  const params = new URL(url, "http://x").searchParams;
  const page = Number(params.get("page") ?? 1);
  const pageSize = Number(params.get("pageSize") ?? 20);
  return json(200, { [key]: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length, filteredTotal: rows.length, page, pageSize, ...extra });
}
const path = (url: string) => url.split("?")[0];

function server(method: string, url: string, body: unknown): Response {
  if (url === "/api/admin/login") {
    const { password } = body as { password: string };
    return password === "clave"
      ? json(200, { token: TOKEN, expiresAt: new Date(Date.now() + 3600_000).toISOString() })
      : json(401, { error: "No autorizado", message: "Contraseña de administrador incorrecta", code: "UNAUTHORIZED" });
  }
  if (url === "/api/admin/session") return json(200, staffSessionFixture("dueno"));
  if (url === "/api/admin/tracking-stats") return json(200, { total: 12, pendientes: 5, enProceso: 4, completados: 3 });
  if (path(url) === "/api/tracking/whatsapp/entries") return paged("entries", entries, url, { messaging: { configured: false } });
  if (path(url) === "/api/tracking-notices") return paged("notices", notices, url);
  if (method === "PATCH" && url === "/api/tracking/whatsapp/entries/7") {
    const change = body as { estado: TWhatsappEntry["estado"] };
    entries = [entry({ estado: change.estado, notifications: [{ id: 1, kind: "WHATSAPP_ENTRY_STATUS", status: "PENDING", attempts: 0, lastError: null, sentAt: null, nextAttemptAt: "2025-03-02T15:00:00.000Z", createdAt: "2025-03-02T15:00:00.000Z" }] })];
    return json(200, { entry: entries[0], notificationSent: false });
  }
  return json(404, { message: "no" });
}

beforeEach(() => {
  entries = [entry()];
  notices = [];
  handler = server;
  sessionStorage.clear();
  stubFetch((method, url, body) => handler(method, url, body), calls, { recordAuth: true });
});
afterEach(() => {
  cleanUpAdminTest();
  clearAdminSession();
});

let location: ReturnType<typeof memoryLocation>;

function renderPage(path = "/admin/tracking") {
  location = memoryLocation({ path, record: true });
  return render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AdminTrackingPage />
      <Toaster />
    </Router>,
  );
}
/** The address the section wrote last. */
const address = () => location.history.at(-1);

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
      if (path(url) === "/api/tracking/whatsapp/entries") return paged("entries", entries, url, { messaging: { configured: true } });
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
      path(url) === "/api/tracking/whatsapp/entries"
        ? json(401, { message: "Sesión de administrador requerida o vencida. Inicia sesión de nuevo." })
        : server(method, url, body);
    renderPage();
    await logIn();
    expect(await screen.findByText("Tu sesión de administrador venció. Ingresa la contraseña de nuevo.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Acceder al Panel" })).toBeTruthy();
    expect(getAdminToken()).toBeNull();
  });

  it("has no page header of its own: one sign-out and one h1, the back office's", async () => {
    renderPage();
    await logIn();
    await screen.findByText("Ana Mora");
    expect(screen.getAllByRole("button", { name: "Cerrar sesión" })).toHaveLength(1);
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Panel Administrativo"]);
    expect(screen.getByRole("link", { name: "Avisos WhatsApp" }).getAttribute("aria-current")).toBe("page");
  });

  it("'Cerrar sesión' ends the session on the server and shows the gate again", async () => {
    renderPage();
    await logIn();
    fireEvent.click(await screen.findByRole("button", { name: "Cerrar sesión" }));
    expect(await screen.findByLabelText("Contraseña de administrador")).toBeTruthy();
    expect(getAdminToken()).toBeNull();
    await waitFor(() =>
      expect(calls.filter((c) => c.url === "/api/admin/logout")).toEqual([
        { method: "POST", url: "/api/admin/logout", body: undefined, auth: `Bearer ${TOKEN}` },
      ]),
    );
  });
});

describe("search, status, tab and page in the address", () => {
  const listCalls = (prefix: string) => calls.filter((c) => c.method === "GET" && c.url.startsWith(prefix)).map((c) => c.url);

  it("writes the typed search to the address (one history entry) and asks the server for it", async () => {
    renderPage();
    await logIn();
    await screen.findByText("Ana Mora");
    expect(listCalls("/api/tracking/whatsapp/entries")).toEqual(["/api/tracking/whatsapp/entries?page=1&pageSize=20"]);
    const before = location.history.length;
    const box = screen.getByLabelText("Buscar códigos");
    fireEvent.change(box, { target: { value: "jim" } });
    fireEvent.change(box, { target: { value: "jiménez " } });
    await waitFor(() => expect(address()).toBe("/admin/tracking?q=jim%C3%A9nez"));
    // Typing replaces the entry instead of adding one per key.
    expect(location.history.length).toBe(before);
    await waitFor(() =>
      expect(listCalls("/api/tracking/whatsapp/entries")).toContain("/api/tracking/whatsapp/entries?q=jim%C3%A9nez&page=1&pageSize=20"),
    );
    expect((box as HTMLInputElement).value).toBe("jiménez ");
  });

  it("reads search, status and page from a shared link, and a status change pushes an entry and goes back to page 1", async () => {
    entries = Array.from({ length: 45 }, (_, i) => entry({ id: 100 + i, trackingCode: `CODE${i}` }));
    renderPage("/admin/tracking?q=ana&estado=EN_TRANSITO&page=3");
    await logIn();
    expect(await screen.findByText("CODE40")).toBeTruthy();
    expect(listCalls("/api/tracking/whatsapp/entries")[0]).toBe("/api/tracking/whatsapp/entries?q=ana&estado=EN_TRANSITO&page=3&pageSize=20");
    expect((screen.getByLabelText("Buscar códigos") as HTMLInputElement).value).toBe("ana");
    expect((screen.getByLabelText("Estado") as HTMLSelectElement).value).toBe("EN_TRANSITO");
    expect(screen.getByText("Página 3 de 3")).toBeTruthy();
    expect(screen.getByText("45 códigos de 45")).toBeTruthy();
    const before = location.history.length;
    fireEvent.change(screen.getByLabelText("Estado"), { target: { value: "PENDIENTE" } });
    await waitFor(() => expect(address()).toBe("/admin/tracking?q=ana&estado=PENDIENTE"));
    expect(location.history.length).toBe(before + 1);
    expect(await screen.findByText("Página 1 de 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Siguiente/ }));
    await waitFor(() => expect(address()).toBe("/admin/tracking?q=ana&estado=PENDIENTE&page=2"));
    expect(await screen.findByText("CODE20")).toBeTruthy();
  });

  it("keeps the tab in the address (?tab=avisos) and starts it with a clean search", async () => {
    notices = [notice()];
    renderPage("/admin/tracking?q=ana");
    await logIn();
    await screen.findByText("Ana Mora");
    const tab = screen.getByRole("tab", { name: "Avisos Tradicionales" });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    await waitFor(() => expect(address()).toBe("/admin/tracking?tab=avisos"));
    expect(await screen.findByText("Rosa Jiménez")).toBeTruthy();
    expect(listCalls("/api/tracking-notices")).toEqual(["/api/tracking-notices?page=1&pageSize=20"]);
    fireEvent.change(screen.getByLabelText("Buscar avisos"), { target: { value: "rosa" } });
    await waitFor(() => expect(address()).toBe("/admin/tracking?tab=avisos&q=rosa"));
    await waitFor(() => expect(listCalls("/api/tracking-notices")).toContain("/api/tracking-notices?q=rosa&page=1&pageSize=20"));
  });

  it("opens on the notices tab from a link and ignores a status that does not exist", async () => {
    notices = [notice()];
    renderPage("/admin/tracking?tab=avisos&estado=PERDIDO");
    await logIn();
    expect(await screen.findByText("Rosa Jiménez")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Avisos Tradicionales" }).getAttribute("aria-selected")).toBe("true");
    expect(listCalls("/api/tracking-notices")).toEqual(["/api/tracking-notices?page=1&pageSize=20"]);
  });

  it("says no code matches a search that finds nothing", async () => {
    entries = [];
    renderPage("/admin/tracking?q=nadie");
    await logIn();
    expect(await screen.findByText("Ningún código coincide con la búsqueda")).toBeTruthy();
  });
});
