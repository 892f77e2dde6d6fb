// @vitest-environment jsdom
// 'Mis Paquetes' and 'Rastreo Global' against a stubbed server: the code rules and their
// toasts, the 404 panel, each state's card, pre-alert with its highlight, failures, and the
// global tracker's link.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TClientTracking } from "../../../shared/api/trackings";
import { GlobalTracker, globalTrackerLink } from "./global-tracker";
import { cleanUpAdminTest, json, stubFetch, type FetchCall } from "../../test/admin-kit";
import { PORTAL_CLIENT, clientTrackingFixture, renderPortal, searchCode } from "../../test/portal-kit";

type Handler = (method: string, url: string, body: unknown) => Response;
let handler: Handler;
const calls: FetchCall[] = [];

beforeEach(() => {
  window.HTMLElement.prototype.scrollIntoView = vi.fn();
  stubFetch((method, url, body) => handler(method, url, body), calls);
});
afterEach(() => {
  cleanUpAdminTest();
  vi.useRealTimers();
});

const tracking = (overrides: Partial<TClientTracking>) => clientTrackingFixture(overrides);

const NOTHING_DUE = { totalPendienteColones: 0, comprobantes: [] };
const CLIENT = PORTAL_CLIENT;

const search = searchCode;

/** Serves a client with `packages` (coupons and referrals empty). */
function serve(packages: TClientTracking[], extra?: Handler) {
  handler = (method, url, body) => {
    const answer = extra?.(method, url, body);
    if (answer) return answer;
    if (url.startsWith("/api/clients/trackings?code=")) return json(200, { client: CLIENT, trackings: packages, estadoCuenta: NOTHING_DUE });
    if (url.startsWith("/api/coupons/")) return json(200, { available: [], used: [], expired: [] });
    if (url.startsWith("/api/referrals/")) return json(200, { referrals: [] });
    return json(404, { message: "no" });
  };
}

describe("client code search", () => {
  it("refuses a blank code with the spec's message and asks nothing", async () => {
    serve([]);
    renderPortal();
    search("   ");
    expect(await screen.findByText("Código requerido")).toBeTruthy();
    expect(screen.getAllByText("Por favor ingresa tu código de cliente").length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it("refuses a malformed code with 'Formato inválido' and an example", async () => {
    serve([]);
    renderPortal();
    search("EX12");
    const title = await screen.findByText("Formato inválido");
    expect(title.closest("[data-variant]")?.getAttribute("data-variant")).toBe("destructive");
    expect(
      screen.getAllByText("El código de cliente debe tener el formato EX seguido de 6 caracteres (por ejemplo: EX4K7P2M)").length,
    ).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it("uppercases the code, then shows the client's name, code and package count", async () => {
    serve([tracking({ id: 1 }), tracking({ id: 2, trackingCode: "TBA123456789012", carrier: "Amazon" })]);
    renderPortal();
    search("exab12cd");
    expect(await screen.findByRole("heading", { name: "Laura Chaves" })).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/clients/trackings?code=EXAB12CD" });
    expect(screen.getByTestId("package-count").textContent).toBe("2 paquetes");
    expect(screen.getAllByRole("article")).toHaveLength(2);
  });

  it("shows 'Cliente no encontrado' with register and WhatsApp buttons on a 404", async () => {
    handler = () => json(404, { error: "No encontrado", message: "No encontramos ningún cliente con ese código.", code: "NOT_FOUND" });
    renderPortal();
    search("EXZZZZZZ");
    expect(await screen.findByRole("heading", { name: "Cliente no encontrado" })).toBeTruthy();
    expect(screen.getByText("EXZZZZZZ")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Registrarme" }).getAttribute("href")).toBe("/avisos-tracking");
    expect(screen.getByRole("link", { name: /ayuda por WhatsApp/i }).getAttribute("href")).toMatch(/^https:\/\/wa\.me\//);
  });
});

describe("package cards", () => {
  it("shows each state's message; edit and delete only in international tracking", async () => {
    serve([
      tracking({ id: 1, trackingCode: "INTL1" }),
      tracking({ id: 2, trackingCode: "MIAMI1", estado: "EN_BODEGA_MIAMI" }),
      tracking({ id: 3, trackingCode: "ADUANA1", estado: "EN_ADUANAS" }),
      tracking({ id: 4, trackingCode: "LISTO1", estado: "LISTO_PARA_ENTREGAR" }),
    ]);
    renderPortal();
    search("EXAB12CD");
    const intl = await screen.findByRole("article", { name: "INTL1" });
    expect(within(intl).getByText(/courier internacional y se actualiza todas las tardes/)).toBeTruthy();
    expect(within(intl).getByRole("button", { name: "Editar INTL1" })).toBeTruthy();
    expect(within(intl).getByRole("button", { name: "Eliminar INTL1" })).toBeTruthy();

    const miami = screen.getByRole("article", { name: "MIAMI1" });
    expect(within(miami).getByText(/bodega de Miami/)).toBeTruthy();
    expect(within(miami).queryByRole("button", { name: /Editar/ })).toBeNull();
    expect(within(miami).queryByRole("button", { name: /Eliminar/ })).toBeNull();
    expect(within(screen.getByRole("article", { name: "ADUANA1" })).getByText(/proceso de aduanas/)).toBeTruthy();

    const ready = screen.getByRole("article", { name: "LISTO1" });
    const chat = within(ready).getByRole("link", { name: /^Coordinar entrega de LISTO1/ });
    expect(decodeURIComponent(chat.getAttribute("href") ?? "")).toContain("EXAB12CD");
    expect(decodeURIComponent(chat.getAttribute("href") ?? "")).toContain("LISTO1");
  });

  it("shows the carrier, the timeline with dates and the coupon the package used", async () => {
    serve([
      tracking({
        estado: "ENTREGADO",
        montoColones: 10_000,
        pesoPieCubicos: "1500",
        coupon: { discountPercent: 5 },
        // The stored charge (issue 21): the card shows the stored total, never one it computes.
        cargo: {
          lineas: [
            { kind: "FLETE", description: "Flete", amountColones: 10_000 },
            { kind: "DESCUENTO", description: "Cupón 5 %", amountColones: -500 },
          ],
          totalColones: 9_500,
          pagadoColones: 0,
          saldoColones: 9_500,
        },
        history: [
          { previousStatus: null, newStatus: "SEGUIMIENTO_INTERNACIONAL", changedAt: "2031-02-01T15:00:00.000Z" },
          { previousStatus: "SEGUIMIENTO_INTERNACIONAL", newStatus: "EN_BODEGA_MIAMI", changedAt: "2031-02-03T15:00:00.000Z" },
          { previousStatus: "EN_BODEGA_MIAMI", newStatus: "ENTREGADO", changedAt: "2031-02-09T15:00:00.000Z" },
        ],
      }),
    ]);
    renderPortal();
    search("EXAB12CD");
    const card = await screen.findByRole("article", { name: "1Z999AA10123456784" });
    expect(within(card).getByText("UPS")).toBeTruthy();
    expect(within(card).getByText("1 500 g")).toBeTruthy();
    const timeline = within(card).getAllByRole("listitem").map((li) => li.textContent);
    expect(timeline).toHaveLength(3);
    expect(timeline[0]).toMatch(/^Registrado · 01\/02\/2031/);
    expect(timeline[1]).toMatch(/^En bodega Miami · 03\/02\/2031/);
    expect(timeline[2]).toMatch(/^Entregado · 09\/02\/2031/);
    expect(within(card).getByText("5% de descuento")).toBeTruthy();
    expect(within(card).getByText(/total con descuento: ₡9\s500/)).toBeTruthy();
  });

  it("names the warehouse of the package's origin: a package from China is 'En bodega China' (issue 32)", async () => {
    serve([
      tracking({
        id: 7,
        trackingCode: "LP00112233CN",
        origen: "CHINA",
        estado: "EN_BODEGA_MIAMI",
        history: [
          { previousStatus: null, newStatus: "SEGUIMIENTO_INTERNACIONAL", changedAt: "2031-02-01T15:00:00.000Z" },
          { previousStatus: "SEGUIMIENTO_INTERNACIONAL", newStatus: "EN_BODEGA_MIAMI", changedAt: "2031-02-03T15:00:00.000Z" },
        ],
      }),
    ]);
    renderPortal();
    search("EXAB12CD");
    const card = await screen.findByRole("article", { name: "LP00112233CN" });
    expect(within(card).getAllByText("En bodega China").length).toBeGreaterThan(0);
    expect(within(card).getByText(/nuestra bodega de China/)).toBeTruthy();
    expect(within(card).queryByText(/Miami/)).toBeNull();
    const timeline = within(card).getAllByRole("listitem").map((li) => li.textContent);
    expect(timeline[1]).toMatch(/^En bodega China · 03\/02\/2031/);
  });
});

describe("coupons and referrals", () => {
  it("shares a link with the referral code: the client code appears in no link (issue 17 item 9)", async () => {
    serve([tracking({})]);
    renderPortal();
    search("EXAB12CD");
    fireEvent.click(await screen.findByRole("button", { name: /Invitar amigos/ }));
    const dialog = await screen.findByRole("dialog", { name: "Invita a tus amigos" });
    expect((within(dialog).getByLabelText("Tu link de referido") as HTMLInputElement).value).toBe(`${window.location.origin}?ref=EXQR7TUV`);
    for (const link of within(dialog).getAllByRole("link")) expect(link.getAttribute("href")).not.toContain("EXAB12CD");
    expect(document.body.innerHTML).not.toMatch(/ref(=|%3D)EXAB12CD/);
  });

  it("offers no share link while the client has no referral code yet", async () => {
    serve([tracking({})], (_method, url) =>
      url.startsWith("/api/clients/trackings?code=") ? json(200, { client: { ...CLIENT, referralCode: null }, trackings: [], estadoCuenta: NOTHING_DUE }) : (undefined as unknown as Response),
    );
    renderPortal();
    search("EXAB12CD");
    expect(await screen.findByRole("heading", { name: "Laura Chaves" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Invitar amigos/ })).toBeNull();
  });

  it("shows the client's coupons and the friends it brought", async () => {
    serve([], (_method, url) => {
      if (url.startsWith("/api/coupons/")) {
        return json(200, {
          available: [{ id: 3, discountPercent: 10, status: "DISPONIBLE", expiresAt: "2031-04-01T15:00:00.000Z", usedAt: null }],
          used: [],
          expired: [],
        });
      }
      if (url.startsWith("/api/referrals/")) {
        return json(200, {
          referrals: [
            { id: 1, status: "COMPLETADO", referredClientName: "Valeria N.", createdAt: "2031-01-01T15:00:00.000Z", completedAt: "2031-02-09T15:00:00.000Z" },
          ],
        });
      }
      return undefined as unknown as Response;
    });
    renderPortal();
    search("EXAB12CD");
    expect(await screen.findByText("Valeria N.")).toBeTruthy();
    expect(screen.getByText("Completado")).toBeTruthy();
    expect(screen.getByText("Primer envío el 09/02/2031")).toBeTruthy();
    expect(await screen.findByText("10% de descuento")).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining(["/api/coupons/EXAB12CD", "/api/referrals/EXAB12CD"]),
    );
  });
});

describe("pre-alert", () => {
  it("creates the package, toasts '¡Pre-alerta creada!' and highlights the new card for 5 s", async () => {
    const created = tracking({ id: 9, trackingCode: "NUEVO123" });
    let packages: TClientTracking[] = [];
    serve([], (method, url) => {
      if (method === "POST" && url === "/api/clients/trackings") {
        packages = [created];
        return json(201, created);
      }
      if (url.startsWith("/api/clients/trackings?code=")) return json(200, { client: CLIENT, trackings: packages, estadoCuenta: NOTHING_DUE });
      return undefined as unknown as Response;
    });
    renderPortal();
    search("EXAB12CD");
    fireEvent.click(await screen.findByRole("button", { name: "Pre-alertar Nuevo Paquete" }));
    const dialog = await screen.findByRole("dialog", { name: "Pre-alertar Nuevo Paquete" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear Pre-alerta" }));
    expect(await within(dialog).findByText("Código de tracking es requerido")).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText("Código de tracking"), { target: { value: "nuevo123" } });
    fireEvent.change(within(dialog).getByLabelText("Forma de envío"), { target: { value: "BARCO" } });
    // What the client declares (issue 32 item 5): the value as typed, the store; no content.
    fireEvent.change(within(dialog).getByLabelText(/Valor declarado/), { target: { value: "49,99" } });
    fireEvent.change(within(dialog).getByLabelText(/Tienda/), { target: { value: " Amazon " } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear Pre-alerta" }));

    expect(await screen.findByText("¡Pre-alerta creada!")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      clientCode: "EXAB12CD",
      trackingCode: "NUEVO123",
      origen: "USA",
      formaEnvio: "BARCO",
      descripcionPaquete: null,
      valorDeclarado: 49.99,
      tiendaOrigen: "Amazon",
    });
    const article = await screen.findByRole("article", { name: "NUEVO123" });
    await waitFor(() => expect(article.getAttribute("data-highlighted")).toBe("true"));
    expect(window.HTMLElement.prototype.scrollIntoView).toHaveBeenCalled();

    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByRole("article", { name: "NUEVO123" }).getAttribute("data-highlighted")).toBeNull();
  });

  it("shows the server's text in a red toast, or the spec's fallback", async () => {
    serve([], (method) =>
      method === "POST" ? json(409, { error: "Conflicto", message: "Ya tienes un paquete registrado con este código de tracking." }) : (undefined as unknown as Response),
    );
    renderPortal();
    search("EXAB12CD");
    fireEvent.click(await screen.findByRole("button", { name: "Pre-alertar Nuevo Paquete" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Código de tracking"), { target: { value: "DUP1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear Pre-alerta" }));
    expect(await screen.findByText("Ya tienes un paquete registrado con este código de tracking.")).toBeTruthy();
    expect(screen.getByText("Error").closest("[data-variant]")?.getAttribute("data-variant")).toBe("destructive");

    serve([], (method) => (method === "POST" ? new Response("", { status: 500 }) : (undefined as unknown as Response)));
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear Pre-alerta" }));
    expect(await screen.findByText("No se pudo crear la pre-alerta. Intenta nuevamente.")).toBeTruthy();
  });
});

describe("edit and delete", () => {
  it("edits with the package's values, then deletes after the spec's confirmation", async () => {
    serve([tracking({ id: 5, trackingCode: "EDITAME1", origen: "CHINA" })], (method, url) => {
      if (method === "PATCH" && url === "/api/clients/trackings/5") return json(200, tracking({ id: 5, trackingCode: "EDITADO1" }));
      if (method === "DELETE" && url === "/api/clients/trackings/5") return json(200, { success: true, id: 5 });
      return undefined as unknown as Response;
    });
    renderPortal();
    search("EXAB12CD");
    fireEvent.click(await screen.findByRole("button", { name: "Editar EDITAME1" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar Tracking" });
    expect((within(dialog).getByLabelText("Código de tracking") as HTMLInputElement).value).toBe("EDITAME1");
    expect((within(dialog).getByLabelText("Origen") as HTMLSelectElement).value).toBe("CHINA");
    fireEvent.change(within(dialog).getByLabelText("Código de tracking"), { target: { value: "editado1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar Cambios" }));
    expect(await screen.findByText("¡Tracking actualizado!")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
      clientCode: "EXAB12CD",
      trackingCode: "EDITADO1",
      origen: "CHINA",
      formaEnvio: "AVION",
      // The declared fields travel as the dialog holds them (blank: none).
      descripcionPaquete: null,
      valorDeclarado: null,
      tiendaOrigen: null,
    });

    fireEvent.click(screen.getByRole("button", { name: "Eliminar EDITAME1" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("¿Estás seguro de que deseas eliminar este tracking? Esta acción no se puede deshacer.")).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Eliminar" }));
    expect(await screen.findByText("Tracking eliminado")).toBeTruthy();
    expect(calls.find((c) => c.method === "DELETE")).toEqual({ method: "DELETE", url: "/api/clients/trackings/5", body: { clientCode: "EXAB12CD" } });
  });
});

describe("Rastreo Global", () => {
  it("is disabled while blank and opens the tracker with the encoded number in a new tab", () => {
    const open = vi.fn();
    vi.stubGlobal("open", open);
    render(<GlobalTracker />);
    const button = screen.getByRole("button", { name: "Rastrear" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Número de tracking"), { target: { value: "  " } });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Número de tracking"), { target: { value: " LP 0001/2 " } });
    fireEvent.click(button);
    expect(open).toHaveBeenCalledWith(globalTrackerLink("LP 0001/2"), "_blank", "noopener,noreferrer");
    expect(globalTrackerLink(" LP 0001/2 ")).toBe("https://parcelsapp.com/es/tracking/LP%200001%2F2");
  });
});
