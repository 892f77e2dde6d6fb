// @vitest-environment jsdom
// The back office by role (issue 19) against a stubbed server: the optional 'Usuario o correo'
// and the two-step code at sign-in, the person in the header, the sections and header buttons a
// role sees, the no-permission panel and Bodega's landing on Paquetes, a 403 that toasts without
// signing out, and the temporary-password screen that comes before anything else.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../components/ui/toast";
import { getAdminToken } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { clearAdminSession } from "../lib/admin/admin-session";
import AdminPage from "./admin";
import { cleanUpAdminTest, json, staffSessionFixture, stubFetch, type FetchCall } from "../test/admin-kit";
import { trackingFixture } from "../test/fixtures/tracking";
import { ORIGINS, SHIPPING_TYPES, TRACKING_STATUSES } from "../../shared/domain/statuses";
import { ROLE_FORBIDDEN, TOTP_CODE_WRONG, type TStaffSession } from "../../shared/api/admin/staff";

const [ESTADO] = TRACKING_STATUSES;
const [ORIGEN] = ORIGINS;
const [FORMA] = SHIPPING_TYPES;
type Handler = (method: string, url: string, body: unknown) => Response;
const calls: FetchCall[] = [];
let session: TStaffSession;
let handler: Handler;
const TOKEN = "token.persona";
const live = () => ({ token: TOKEN, expiresAt: new Date(Date.now() + 3600_000).toISOString() });
const path = (url: string) => url.split("?")[0];

function server(_method: string, url: string, _body?: unknown): Response {
  if (url === "/api/admin/login") return json(200, live());
  if (url === "/api/admin/session") return json(200, session);
  if (url === "/api/admin/me/password") {
    session = { ...session, account: { ...session.account, mustChangePassword: false }, sections: staffSessionFixture(session.account.role).sections };
    return new Response(null, { status: 204 });
  }
  if (path(url) === "/api/admin/packages") return json(200, { packages: [], total: 0, page: 1, pageSize: 20, pageCount: 0 });
  if (path(url) === "/api/admin/accounts") return json(200, []);
  if (path(url) === "/api/admin/audit") return json(200, { records: [], total: 0, page: 1, pageSize: 50 });
  return json(404, { message: "no" });
}

beforeEach(() => {
  session = staffSessionFixture("dueno");
  handler = server;
  sessionStorage.clear();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  stubFetch((method, url, body) => handler(method, url, body), calls);
});
afterEach(() => {
  cleanUpAdminTest();
  clearAdminSession();
});

let location: ReturnType<typeof memoryLocation>;
function renderAt(at = "/admin") {
  location = memoryLocation({ path: at, record: true });
  return render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AdminPage />
        <Toaster />
      </Router>
    </QueryClientProvider>,
  );
}

async function signIn(login = "", password = "clave-de-prueba") {
  fireEvent.change(screen.getByLabelText(/Usuario o correo/), { target: { value: login } });
  fireEvent.change(screen.getByLabelText(login ? "Contraseña" : "Contraseña de administrador"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Acceder" }));
}

async function seriousViolations() {
  const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

describe("sign-in", () => {
  it("offers an optional user field with its hint and sends only the password when it is empty", async () => {
    renderAt();
    expect(screen.getByText("Déjalo vacío si entras con la contraseña de administrador.")).toBeTruthy();
    await signIn();
    expect(await screen.findByText("Acceso autorizado")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/admin/login")?.body).toEqual({ password: "clave-de-prueba" });
    expect(await screen.findByTestId("staff-identity")).toBeTruthy();
  });

  it("sends the user typed, and asks for the two-step code when the server wants it", async () => {
    handler = (method, url, body) => {
      if (url !== "/api/admin/login") return server(method, url, body);
      const { code } = body as { code?: string };
      if (!code) return json(401, { message: "Falta el código", code: "SECOND_FACTOR_REQUIRED" });
      return code === "123456" ? json(200, live()) : json(401, { message: TOTP_CODE_WRONG, code: "UNAUTHORIZED" });
    };
    renderAt();
    await signIn("Maria@Express.cr", "una-clave-larga");
    const field = (await screen.findByLabelText("Código de verificación")) as HTMLInputElement;
    expect(field.getAttribute("autocomplete")).toBe("one-time-code");
    expect(field.getAttribute("inputmode")).toBe("numeric");
    expect(calls[0].body).toEqual({ login: "maria@express.cr", password: "una-clave-larga" });
    expect(getAdminToken()).toBeNull();
    expect(await seriousViolations()).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Verificar" }));
    expect(await screen.findByText(/Escribe el código de 6 dígitos de tu aplicación/, { selector: "p[id$=-error]" })).toBeTruthy();

    fireEvent.change(field, { target: { value: "000 000" } });
    fireEvent.click(screen.getByRole("button", { name: "Verificar" }));
    expect((await screen.findAllByText(TOTP_CODE_WRONG)).length).toBeGreaterThan(0);

    fireEvent.change(field, { target: { value: "123 456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verificar" }));
    expect(await screen.findByText("Acceso autorizado")).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/admin/login").at(-1)?.body).toEqual({ login: "maria@express.cr", password: "una-clave-larga", code: "123456" });
    expect(getAdminToken()).toBe(TOKEN);
  });

  it("says the server's 'wrong user or password' for a personal sign-in", async () => {
    handler = (method, url, body) =>
      url === "/api/admin/login" ? json(401, { message: "Usuario o contraseña incorrectos", code: "UNAUTHORIZED" }) : server(method, url, body);
    renderAt();
    await signIn("bodega1", "mala-clave-123");
    expect(await screen.findByText("Acceso denegado")).toBeTruthy();
    expect(screen.getAllByText("Usuario o contraseña incorrectos").length).toBeGreaterThan(0);
  });
});

describe("by role", () => {
  it("shows the person and role in the header and every section to Dueño, with the Excel buttons", async () => {
    session = staffSessionFixture("dueno", { name: "Laura Solís" });
    renderAt("/admin/registro");
    await signIn();
    expect((await screen.findByTestId("staff-identity")).textContent).toBe("Laura Solís · Dueño");
    const nav = screen.getByRole("navigation", { name: "Secciones" });
    expect(within(nav).getAllByRole("link")).toHaveLength(19);
    expect(within(nav).getByRole("link", { name: "Pagos" })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Caja y por cobrar" })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Registro de cambios" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("button", { name: "Importar" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Exportar Todo" })).toBeTruthy();
  });

  it("Oficina sees neither Cuentas nor Registro, and an address it may not open says so with a way out", async () => {
    session = staffSessionFixture("oficina");
    renderAt("/admin/cuentas");
    await signIn("oficina", "una-clave-larga");
    expect(await screen.findByRole("heading", { name: "No tienes permiso para abrir esta sección" })).toBeTruthy();
    expect(screen.getByText(/Tu cuenta de Oficina no puede ver «Cuentas del personal»/)).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Secciones" });
    const labels = within(nav).getAllByRole("link").map((l) => l.textContent);
    expect(labels).not.toContain("Cuentas del personal");
    expect(labels).not.toContain("Registro de cambios");
    expect(labels).toContain("Mi cuenta");
    expect(screen.getByRole("button", { name: "Importar" })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith("/api/admin/accounts"))).toBe(false);
    fireEvent.click(screen.getByRole("link", { name: "Ir a Clientes" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin"));
  });

  it("Mensajero opening /admin lands on Entregas with only their delivery list: address, call, WhatsApp, what to collect", async () => {
    session = staffSessionFixture("mensajero", { name: "Carlos Rojas" });
    handler = (method, url, body) =>
      url === "/api/admin/delivery-list"
        ? json(200, {
            packages: [
              { id: 5, trackingCode: "TBA555", descripcionPaquete: "Zapatos", clientName: "Ana Mora", direccion: "Grecia, 200 m norte de la iglesia", telefono: "88887777", saldoColones: 4500, assignedAt: "2026-11-27T14:00:00.000Z" },
            ],
          })
        : server(method, url, body);
    renderAt("/admin");
    await signIn("carlos", "una-clave-larga");
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/entregas"));
    expect((await screen.findByTestId("staff-identity")).textContent).toBe("Carlos Rojas · Mensajero");
    const nav = screen.getByRole("navigation", { name: "Secciones" });
    expect(within(nav).getAllByRole("link").map((l) => l.textContent)).toEqual(["Entregas", "Mi cuenta"]);
    expect(screen.queryByRole("button", { name: "Importar" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Exportar Todo" })).toBeNull();
    const list = await screen.findByRole("list", { name: "Mi lista de entregas" });
    expect(within(list).getByText("Ana Mora")).toBeTruthy();
    expect(within(list).getByRole("link", { name: /Grecia, 200 m norte de la iglesia/ }).getAttribute("href")).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Grecia/);
    expect(within(list).getByRole("link", { name: /Llamar a Ana Mora/ }).getAttribute("href")).toBe("tel:88887777");
    expect(within(list).getByRole("link", { name: "WhatsApp a Ana Mora" }).getAttribute("href")).toBe("https://wa.me/50688887777");
    expect(within(list).getByText(/^Cobrar/).textContent!.replace(/\s/g, " ")).toBe("Cobrar ₡4 500");
    // Only their list was asked for: no client search, no other packages, no Entregas-wide list.
    expect(calls.map((c) => path(c.url)).filter((u) => u !== "/api/admin/login" && u !== "/api/admin/session")).toEqual(["/api/admin/delivery-list"]);
    expect(await seriousViolations()).toEqual([]);
    // An address it may not open says so.
    location.navigate("/admin/paquetes");
    expect(await screen.findByText(/Tu cuenta de Mensajero no puede ver «Paquetes»/)).toBeTruthy();
  });

  it("Bodega opening /admin lands on Paquetes, with no Excel buttons and client names without links", async () => {
    session = staffSessionFixture("bodega");
    handler = (method, url, body) =>
      method === "PATCH"
        ? json(200, { tracking: trackingFixture({ id: 1, trackingCode: "TBA123", pesoPieCubicos: "1500" }), notificationQueued: false, messaging: { configured: false } })
        : path(url) === "/api/admin/packages"
        ? json(200, {
            packages: [{ id: 1, trackingCode: "TBA123", clientId: 9, clientName: "Ana Mora", clientCode: "EX123456", estado: ESTADO, origen: ORIGEN, formaEnvio: FORMA, carrier: null, pesoPieCubicos: null, montoColones: null, totalColones: null, pagadoColones: null, saldoColones: null, notas: null, lastStatusChangeDate: "2025-03-01T15:00:00.000Z", createdAt: "2025-03-01T15:00:00.000Z", updatedAt: "2025-03-01T15:00:00.000Z", needsUpdate: false, motivoSinMonto: null }],
            total: 1,
            page: 1,
            pageSize: 20,
            pageCount: 1,
          })
        : server(method, url, body);
    renderAt("/admin");
    await signIn("bodega", "una-clave-larga");
    await waitFor(() => expect(location.history.at(-1)).toBe("/admin/paquetes"));
    const nav = await screen.findByRole("navigation", { name: "Secciones" });
    expect(within(nav).getAllByRole("link").map((l) => l.textContent)).toEqual(["Paquetes", "Recepción", "Sin dueño", "Reporte de bodega", "Embarques", "Entregas", "Mi cuenta"]);
    expect(screen.queryByRole("button", { name: "Importar" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Exportar Todo" })).toBeNull();
    expect(screen.getByRole("button", { name: "Cerrar sesión" })).toBeTruthy();
    expect(await screen.findByText("Ana Mora")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Ana Mora/ })).toBeNull();
    expect(await seriousViolations()).toEqual([]);

    // The row's editor: status, measure and notes only, through the call Bodega may use; only what changed is sent.
    fireEvent.click(screen.getByRole("button", { name: "Editar TBA123" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar TBA123" });
    expect(within(dialog).getAllByRole("textbox").length + within(dialog).getAllByRole("combobox").length).toBe(3);
    expect(within(dialog).getByLabelText("Notas internas")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Peso (gramos)"), { target: { value: "1500" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Paquete actualizado")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")).toEqual({ method: "PATCH", url: "/api/trackings/1", body: { pesoPieCubicos: "1500" } });
  });

  it("a 403 shows the server's Spanish message and keeps the person signed in (a 401 signing out is tracking-panel.test.tsx's)", async () => {
    handler = (method, url, body) =>
      path(url) === "/api/admin/audit" ? json(403, { error: "Prohibido", message: ROLE_FORBIDDEN, code: "FORBIDDEN" }) : server(method, url, body);
    renderAt("/admin/registro");
    await signIn();
    expect((await screen.findAllByText(ROLE_FORBIDDEN)).length).toBeGreaterThan(0);
    expect(getAdminToken()).toBe(TOKEN);
    expect(screen.getByRole("button", { name: "Cerrar sesión" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Acceder" })).toBeNull();
  });
});

describe("temporary password", () => {
  it("shows only 'Cambia tu contraseña temporal' until it is changed, then the panel", async () => {
    session = staffSessionFixture("oficina", { mustChangePassword: true });
    renderAt("/admin");
    await signIn("oficina", "temporal-123");
    expect(await screen.findByRole("heading", { name: "Cambia tu contraseña temporal" })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Secciones" })).toBeNull();
    expect(await seriousViolations()).toEqual([]);

    fireEvent.change(screen.getByLabelText("Contraseña actual"), { target: { value: "temporal-123" } });
    fireEvent.change(screen.getByLabelText("Nueva contraseña"), { target: { value: "corta" } });
    fireEvent.change(screen.getByLabelText("Repite la nueva contraseña"), { target: { value: "otra" } });
    fireEvent.click(screen.getByRole("button", { name: "Cambiar contraseña" }));
    expect(await screen.findByText("La contraseña debe tener al menos 10 caracteres")).toBeTruthy();
    expect(screen.getByText("Las dos contraseñas nuevas no coinciden")).toBeTruthy();
    expect(calls.some((c) => c.url === "/api/admin/me/password")).toBe(false);

    fireEvent.change(screen.getByLabelText("Nueva contraseña"), { target: { value: "mi-clave-nueva-segura" } });
    fireEvent.change(screen.getByLabelText("Repite la nueva contraseña"), { target: { value: "mi-clave-nueva-segura" } });
    fireEvent.click(screen.getByRole("button", { name: "Cambiar contraseña" }));
    expect(await screen.findByRole("navigation", { name: "Secciones" })).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/admin/me/password")?.body).toEqual({ currentPassword: "temporal-123", newPassword: "mi-clave-nueva-segura" });
  });
});
