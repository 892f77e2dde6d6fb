// @vitest-environment jsdom
// The parts assistant in the browser, with the server answered by a stub of fetch: verification,
// quota display, search, the spec's toasts, the photo states, 'Cambiar', and the coupons panel.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../components/ui/toast";
import { dismissToast } from "../components/ui/use-toast";
import { getQueryFn } from "../lib/api";
import RepuestosPage from "./repuestos";
import { CouponsPanel } from "../components/coupons-panel";
import { PartsAssistant } from "../features/parts-assistant/parts-assistant";
import { VERIFIED_CODE_STORAGE_KEY } from "../features/parts-assistant/verified-code-storage";
import { QUERY_DEFAULTS } from "../../shared/domain/ui-constants";
import { currentPartsYear } from "../../shared/api/parts-assistant";

type Handler = (url: string, init: RequestInit) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
let handler: Handler;
const calls: { method: string; url: string; body?: unknown }[] = [];

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = init.method ?? "GET";
      calls.push({ method, url, body: typeof init.body === "string" ? JSON.parse(init.body) : init.body });
      const answer = await handler(url, { ...init, method });
      return json(answer.status, answer.body);
    }),
  );
});

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

const CLIENT = { nombre: "María Fernández Rojas", searchCount: 3, searchLimit: 10, unlimitedAccess: false, searchesRemaining: 7 };
const RESULTS = [
  { nombre: "Pastillas de freno Toyota Hilux 2015", tienda: "RockAuto", precio: "Consultar en la tienda", disponibilidad: "Ver disponibilidad en la tienda", url: "https://www.rockauto.com/en/catalog/toyota,2015,hilux" },
  { nombre: "Pastillas de freno Toyota Hilux 2015", tienda: "AutoZone", precio: "Consultar en la tienda", disponibilidad: "Ver disponibilidad en la tienda", url: "https://www.autozone.com/searchresult?searchText=x" },
];

function serverWith(overrides: Partial<Record<string, Handler>> = {}): Handler {
  return (url, init) => {
    const path = new URL(url, "http://localhost").pathname;
    const key = `${init.method} ${path.startsWith("/api/clients/verify/") ? "/api/clients/verify" : path}`;
    const custom = overrides[key];
    if (custom) return custom(url, init);
    if (key === "GET /api/clients/verify") return { status: 200, body: { client: CLIENT } };
    if (key === "POST /api/parts-assistant") {
      return { status: 200, body: { results: RESULTS, fallbackUsado: true, clientInfo: { ...CLIENT, searchCount: 4, searchesRemaining: 6 } } };
    }
    return { status: 404, body: { error: "No encontrado", message: "Recurso no encontrado", code: "NOT_FOUND" } };
  };
}

function renderAssistant() {
  return render(
    <>
      <PartsAssistant />
      <Toaster />
    </>,
  );
}

async function verifyAs(code = "ex4k7p2m") {
  const input = screen.getByLabelText("Código de cliente");
  fireEvent.change(input, { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: "Verificar código" }));
  await screen.findByText(CLIENT.nombre);
}

function fillSearch(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

describe("verification", () => {
  it("uppercases the code as typed, verifies it, shows the quota and the Miami card, and remembers the code", async () => {
    handler = serverWith();
    renderAssistant();
    const input = screen.getByLabelText("Código de cliente") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "ex4k7p2m" } });
    expect(input.value).toBe("EX4K7P2M");
    fireEvent.click(screen.getByRole("button", { name: "Verificar código" }));
    await screen.findByText(CLIENT.nombre);
    expect(calls[0]).toMatchObject({ method: "GET", url: "/api/clients/verify/EX4K7P2M" });
    expect(screen.getByTestId("quota-used").textContent).toBe("3 / 10");
    expect(screen.getByRole("heading", { name: "Tu casillero en Miami" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Avión" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Barco" })).toBeTruthy();
    expect(localStorage.getItem(VERIFIED_CODE_STORAGE_KEY)).toBe("EX4K7P2M");
  });

  it.each([
    ["", "Código de cliente es requerido"],
    ["EX1", "Formato de código debe ser EX seguido de al menos 3 caracteres alfanuméricos"],
    ["AB12345", "Formato de código debe ser EX seguido de al menos 3 caracteres alfanuméricos"],
  ])("refuses %j with the spec's message, without calling the server", async (code, message) => {
    handler = serverWith();
    renderAssistant();
    fireEvent.change(screen.getByLabelText("Código de cliente"), { target: { value: code } });
    fireEvent.click(screen.getByRole("button", { name: "Verificar código" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Acceso Ilimitado' for an unlimited client", async () => {
    handler = serverWith({
      "GET /api/clients/verify": () => ({ status: 200, body: { client: { ...CLIENT, unlimitedAccess: true, searchesRemaining: null } } }),
    });
    renderAssistant();
    await verifyAs();
    expect(screen.getByText("Acceso Ilimitado")).toBeTruthy();
    expect(screen.queryByTestId("quota-used")).toBeNull();
  });

  it("toasts 'Error de verificación' with the server's message", async () => {
    handler = serverWith({
      "GET /api/clients/verify": () => ({ status: 404, body: { error: "No encontrado", message: "Código de cliente no válido. Revisa tu código." } }),
    });
    renderAssistant();
    fireEvent.change(screen.getByLabelText("Código de cliente"), { target: { value: "EXZZZ999" } });
    fireEvent.click(screen.getByRole("button", { name: "Verificar código" }));
    expect(await screen.findByText("Error de verificación")).toBeTruthy();
    expect(screen.getByText("Código de cliente no válido. Revisa tu código.")).toBeTruthy();
    expect(localStorage.getItem(VERIFIED_CODE_STORAGE_KEY)).toBeNull();
  });

  it("falls back to 'Código de cliente no válido' when the answer carries no message", async () => {
    handler = () => ({ status: 502 });
    renderAssistant();
    fireEvent.change(screen.getByLabelText("Código de cliente"), { target: { value: "EXZZZ999" } });
    fireEvent.click(screen.getByRole("button", { name: "Verificar código" }));
    expect(await screen.findByText("Error de verificación")).toBeTruthy();
    expect(screen.getByText("Código de cliente no válido")).toBeTruthy();
  });
});

describe("search", () => {
  it("starts at this year, checks the form with the spec's messages, sends nothing when invalid", async () => {
    handler = serverWith();
    renderAssistant();
    await verifyAs();
    expect((screen.getByLabelText("Año") as HTMLInputElement).value).toBe(String(currentPartsYear()));
    fireEvent.click(screen.getByRole("button", { name: "Buscar Repuestos" }));
    expect(await screen.findByText("Marca es requerida")).toBeTruthy();
    expect(screen.getByText("Modelo es requerido")).toBeTruthy();
    expect(screen.getByText("Debe proporcionar una parte o descripción")).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/parts-assistant")).toHaveLength(0);
  });

  it("sends the form with the verified code, lists the offers and updates the quota", async () => {
    handler = serverWith();
    renderAssistant();
    await verifyAs();
    fillSearch({ Marca: "Toyota", Modelo: "Hilux", Año: "2015", Parte: "Pastillas de freno" });
    fireEvent.click(screen.getByRole("button", { name: "Buscar Repuestos" }));
    const list = await screen.findByRole("region", { name: /Resultados/ });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByRole("link", { name: /Buscar en RockAuto/ }).getAttribute("href")).toBe(RESULTS[0].url);
    expect(within(list).getAllByText("Consultar en la tienda")).toHaveLength(2);
    expect(screen.getByTestId("quota-used").textContent).toBe("4 / 10");
    // Store links found without the AI say so, and that the search was not counted.
    expect(within(list).getByRole("note").textContent).toContain("no son piezas encontradas por inteligencia artificial");
    expect(within(list).getByText("Esta búsqueda no se descontó de tus búsquedas del mes.")).toBeTruthy();
    const sent = calls.find((c) => c.url === "/api/parts-assistant")!.body;
    expect(sent).toMatchObject({ clientCode: "EX4K7P2M", marca: "Toyota", modelo: "Hilux", anio: 2015, parte: "Pastillas de freno" });
    expect(sent).not.toHaveProperty("imagenUrl");
  });

  it("toasts 'Límite de búsquedas alcanzado' with the server's message and shows the used-up quota", async () => {
    handler = serverWith({
      "POST /api/parts-assistant": () => ({
        status: 429,
        body: {
          error: "Límite de búsquedas alcanzado",
          message: "Has alcanzado tu límite mensual de búsquedas. Por favor contacta a Express Import.",
          code: "LIMIT_REACHED",
          clientInfo: { ...CLIENT, searchCount: 10, searchesRemaining: 0 },
        },
      }),
    });
    renderAssistant();
    await verifyAs();
    fillSearch({ Marca: "Toyota", Modelo: "Hilux", Parte: "Radiador" });
    fireEvent.click(screen.getByRole("button", { name: "Buscar Repuestos" }));
    expect(await screen.findByText("Límite de búsquedas alcanzado")).toBeTruthy();
    expect(screen.getByText("Has alcanzado tu límite mensual de búsquedas. Por favor contacta a Express Import.")).toBeTruthy();
    expect(screen.getByTestId("quota-used").textContent).toBe("10 / 10");
  });

  it("toasts 'Error en la búsqueda' with the spec's text for an unexpected failure", async () => {
    handler = serverWith({ "POST /api/parts-assistant": () => ({ status: 500, body: { error: "Error del servidor", message: "Ocurrió un error" } }) });
    renderAssistant();
    await verifyAs();
    fillSearch({ Marca: "Toyota", Modelo: "Hilux", Parte: "Radiador" });
    fireEvent.click(screen.getByRole("button", { name: "Buscar Repuestos" }));
    expect(await screen.findByText("Error en la búsqueda")).toBeTruthy();
    expect(screen.getByText("No pudimos procesar tu búsqueda. Intenta nuevamente.")).toBeTruthy();
  });

  it("'Cambiar' clears verification, results, photo and forms", async () => {
    handler = serverWith({
      "POST /api/upload/image-url": () => ({ status: 200, body: { uploadURL: `http://localhost/api/upload/objects/${"ab".repeat(16)}?expires=1&signature=s` } }),
      "PUT /api/upload/objects/abababababababababababababababab": () => ({ status: 200, body: {} }),
    });
    renderAssistant();
    await verifyAs();
    fireEvent.change(screen.getByLabelText(/Foto del repuesto/), { target: { files: [new File([new Uint8Array(8)], "f.png", { type: "image/png" })] } });
    await screen.findByRole("img", { name: "Vista previa de la foto del repuesto" });
    fillSearch({ Marca: "Toyota", Modelo: "Hilux", Parte: "Radiador" });
    fireEvent.click(screen.getByRole("button", { name: "Buscar Repuestos" }));
    await screen.findByRole("region", { name: /Resultados/ });
    fireEvent.click(screen.getByRole("button", { name: "Cambiar" }));
    const input = screen.getByLabelText("Código de cliente") as HTMLInputElement;
    expect(input.value).toBe("");
    expect(screen.queryByRole("region", { name: /Resultados/ })).toBeNull();
    expect(screen.queryByRole("img", { name: "Vista previa de la foto del repuesto" })).toBeNull();
    expect(localStorage.getItem(VERIFIED_CODE_STORAGE_KEY)).toBeNull();
    await verifyAs("EX4K7P2M");
    expect((screen.getByLabelText("Marca") as HTMLInputElement).value).toBe("");
    expect(screen.queryByRole("img", { name: "Vista previa de la foto del repuesto" })).toBeNull();
  });
});

describe("part photo", () => {
  const pick = (file: File) => fireEvent.change(screen.getByLabelText(/Foto del repuesto/), { target: { files: [file] } });

  it("refuses a file that is not an image with 'Archivo inválido', sending nothing", async () => {
    handler = serverWith();
    renderAssistant();
    await verifyAs();
    const before = calls.length;
    pick(new File(["hola"], "notas.txt", { type: "text/plain" }));
    expect(await screen.findByText("Archivo inválido")).toBeTruthy();
    expect(screen.getByText("Por favor selecciona una imagen válida (JPG, PNG, etc.)")).toBeTruthy();
    expect(calls.length).toBe(before);
  });

  it("refuses an image over 10 MB with 'Archivo muy grande', sending nothing", async () => {
    handler = serverWith();
    renderAssistant();
    await verifyAs();
    const before = calls.length;
    pick(new File([new Uint8Array(10 * 1024 * 1024 + 1)], "foto.png", { type: "image/png" }));
    expect(await screen.findByText("Archivo muy grande")).toBeTruthy();
    expect(screen.getByText("La imagen debe ser menor a 10 MB")).toBeTruthy();
    expect(calls.length).toBe(before);
  });

  it("uploads to the signed address, previews the file and sends the object's full address with the search; removing clears it", async () => {
    const name = "0123456789abcdef0123456789abcdef";
    handler = serverWith({
      "POST /api/upload/image-url": () => ({ status: 200, body: { uploadURL: `http://localhost/api/upload/objects/${name}?expires=1&signature=s` } }),
      [`PUT /api/upload/objects/${name}`]: () => ({ status: 200, body: { objectPath: `/objects/uploads/${name}` } }),
    });
    renderAssistant();
    await verifyAs();
    pick(new File([new Uint8Array([0x89, 0x50])], "foto.png", { type: "image/png" }));
    const preview = await screen.findByRole("img", { name: "Vista previa de la foto del repuesto" });
    // The preview is the file on this device: stored images open only through signed links (decision 146).
    expect(preview.getAttribute("src")).toMatch(/^blob:/);
    // The page says how big the file is (the server's caps, an object store's signed length).
    expect(calls.find((c) => c.url === "/api/upload/image-url")!.body).toEqual({ size: 2 });
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.url).toBe(`http://localhost/api/upload/objects/${name}?expires=1&signature=s`);
    fillSearch({ Marca: "Toyota", Modelo: "Hilux", Parte: "Radiador" });
    fireEvent.click(screen.getByRole("button", { name: "Buscar Repuestos" }));
    await screen.findByRole("region", { name: /Resultados/ });
    expect(calls.find((c) => c.url === "/api/parts-assistant")!.body).toMatchObject({
      imagenUrl: `${window.location.origin}/objects/uploads/${name}`,
    });
    fireEvent.click(screen.getByRole("button", { name: "Quitar imagen" }));
    expect(screen.queryByRole("img", { name: "Vista previa de la foto del repuesto" })).toBeNull();
    expect(screen.getByLabelText(/Foto del repuesto/)).toBeTruthy();
  });

  it("toasts 'Error al subir imagen' with the server's reason when the upload is refused", async () => {
    const name = "0123456789abcdef0123456789abcdef";
    handler = serverWith({
      "POST /api/upload/image-url": () => ({ status: 200, body: { uploadURL: `http://localhost/api/upload/objects/${name}?expires=1&signature=s` } }),
      [`PUT /api/upload/objects/${name}`]: () => ({
        status: 415,
        body: { error: "Tipo de contenido no soportado", message: "El archivo no es una imagen válida. Solo se aceptan imágenes JPG, PNG, GIF o WebP." },
      }),
    });
    renderAssistant();
    await verifyAs();
    pick(new File(["texto"], "falsa.png", { type: "image/png" }));
    expect(await screen.findByText("Error al subir imagen")).toBeTruthy();
    expect(screen.getByText(/no es una imagen válida/)).toBeTruthy();
    expect(screen.queryByRole("img", { name: "Vista previa de la foto del repuesto" })).toBeNull();
  });

  it("toasts the spec's upload text when the network fails", async () => {
    handler = serverWith({ "POST /api/upload/image-url": () => ({ status: 500 }) });
    renderAssistant();
    await verifyAs();
    pick(new File([new Uint8Array(4)], "foto.jpg", { type: "image/jpeg" }));
    expect(await screen.findByText("Error al subir imagen")).toBeTruthy();
    expect(screen.getByText("No pudimos subir la imagen. Intenta nuevamente.")).toBeTruthy();
  });
});

describe("coupons", () => {
  function renderWithQueries(ui: ReactNode) {
    const client = new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS, queryFn: getQueryFn({ on401: "throw" }) } } });
    return render(
      <QueryClientProvider client={client}>
        {ui}
        <Toaster />
      </QueryClientProvider>,
    );
  }

  it("lists available, used and expired coupons for the code", async () => {
    handler = serverWith({
      "GET /api/coupons/EX4K7P2M": () => ({
        status: 200,
        body: {
          available: [{ id: 1, discountPercent: 10, status: "DISPONIBLE", expiresAt: "2099-01-15T12:00:00Z", usedAt: null }],
          used: [{ id: 2, discountPercent: 5, status: "USADO", expiresAt: "2024-01-01T00:00:00Z", usedAt: "2023-12-20T15:00:00Z" }],
          expired: [],
        },
      }),
    });
    renderWithQueries(<CouponsPanel clientCode="EX4K7P2M" />);
    expect(await screen.findByText("10% de descuento")).toBeTruthy();
    expect(screen.getByText("Vence el 15/01/2099")).toBeTruthy();
    expect(screen.getByText("Usado el 20/12/2023")).toBeTruthy();
    expect(calls[0].url).toBe("/api/coupons/EX4K7P2M");
  });

  it("toasts 'Error al cargar cupones' when they cannot load", async () => {
    handler = () => ({ status: 500 });
    renderWithQueries(<CouponsPanel clientCode="EX4K7P2M" />);
    const notifications = screen.getByRole("region", { name: /Notificaciones/ });
    expect(await within(notifications).findByText("Error al cargar cupones")).toBeTruthy();
  });

  it("on /repuestos: forgets the code of an earlier visit, then shows the coupons once a code is verified", async () => {
    localStorage.setItem(VERIFIED_CODE_STORAGE_KEY, "EXVIEJO1");
    handler = serverWith({ "GET /api/coupons/EX4K7P2M": () => ({ status: 200, body: { available: [], used: [], expired: [] } }) });
    renderWithQueries(<RepuestosPage />);
    expect(localStorage.getItem(VERIFIED_CODE_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole("heading", { name: "Mis cupones" })).toBeNull();
    await verifyAs();
    // The page re-reads the stored code every 500 ms.
    expect(await screen.findByRole("heading", { name: "Mis cupones" })).toBeTruthy();
    expect(await screen.findByText(/Aún no tienes cupones/)).toBeTruthy();
    expect(calls.some((c) => c.url === "/api/coupons/EXVIEJO1")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Cambiar" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Mis cupones" })).toBeNull());
  });
});
