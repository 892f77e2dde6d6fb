// @vitest-environment jsdom
// The Paquetes section against a stubbed server: the filters and the sort are written to the
// address (and read back from it), column headers toggle the sort with aria-sort, a bad address
// is shown and never sent, and the bulk bar changes the selected packages through the one bulk
// endpoint, then refetches the list.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { queryClient } from "../../../lib/query-client";
import { AdminSessionContext } from "../../../lib/admin/admin-session";
import { cleanUpAdminTest, json, renderAdmin, testAdminSession } from "../../../test/admin-kit";
import { PACKAGE_SORT_INVALID, type TAdminPackageRow, type TAdminPackagesResponse } from "../../../../shared/api/admin/packages";
import { PackagesSection } from "./packages-section";
import { PackageResults } from "./package-results";

function row(id: number, extra: Partial<TAdminPackageRow> = {}): TAdminPackageRow {
  return {
    id,
    trackingCode: `1ZPAQ${id}`,
    clientId: 10 + id,
    clientCode: `EX10${id}`,
    clientName: `Cliente ${id}`,
    estado: "EN_BODEGA_MIAMI",
    origen: "USA",
    formaEnvio: "AVION",
    carrier: "UPS",
    pesoPieCubicos: "520",
    montoColones: 4276,
    totalColones: 4276,
    pagadoColones: 0,
    saldoColones: 4276,
    notas: null,
    lastStatusChangeDate: "2026-03-01T15:00:00.000Z",
    updatedAt: "2026-03-01T15:00:00.000Z",
    createdAt: "2026-03-01T15:00:00.000Z",
    needsUpdate: id === 2,
    motivoSinMonto: null,
    ...extra,
  };
}

const UNPAID_SENTENCE = "El paquete 1ZPAQ1 tiene un saldo pendiente de ₡4 276. Registre el pago o elija «Entregar con saldo pendiente».";

let calls: { method: string; url: string; body?: unknown }[];
let rows: TAdminPackageRow[];

beforeEach(() => {
  calls = [];
  rows = [row(1), row(2), row(3, { formaEnvio: "BARCO", pesoPieCubicos: "2,5", carrier: null })];
  queryClient.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (method === "GET" && url.startsWith("/api/admin/packages")) {
        const page: TAdminPackagesResponse = { packages: rows, total: 120, page: 1, pageSize: 50, pageCount: 3 };
        return json(200, page);
      }
      if (method === "POST" && url === "/api/admin/trackings/bulk-status") {
        const { ids, estado, entregarConSaldo } = JSON.parse(String(init.body)) as { ids: number[]; estado: string; entregarConSaldo?: boolean };
        if (estado === "ENTREGADO" && !entregarConSaldo) return json(409, { error: "Saldo pendiente", code: "UNPAID_DELIVERY", message: UNPAID_SENTENCE });
        return json(200, { changed: ids.length, unchanged: 0 });
      }
      return json(404, { message: "no" });
    }),
  );
});
afterEach(cleanUpAdminTest);

function renderSection(path = "/admin/paquetes") {
  const location = memoryLocation({ path, record: true });
  renderAdmin(
    <Router hook={location.hook}>
      <PackagesSection />
    </Router>,
  );
  const address = () => location.history!.at(-1)!;
  return { location, address };
}

const gets = () => calls.filter((c) => c.method === "GET").map((c) => c.url);
const header = (name: string) => screen.getByRole("button", { name: new RegExp(`^${name}`) }).closest("th")!;

describe("PackagesSection", () => {
  it("lists the first page with each package's client linked to the Clientes search", async () => {
    renderSection();
    expect(await screen.findByText("1ZPAQ1")).toBeTruthy();
    expect(gets()).toEqual(["/api/admin/packages"]);
    const link = screen.getByRole("link", { name: /Cliente 1, EX101/ });
    expect(link.getAttribute("href")).toBe("/admin?q=EX101");
    expect(screen.getByText("2,5 pies³")).toBeTruthy();
    expect(screen.getByRole("table", { name: "Paquetes" }).textContent).toContain("Sin carrier");
    expect(screen.getByText("Necesita actualización")).toBeTruthy();
    expect(screen.getByRole("heading", { name: /Paquetes/ }).textContent).toContain("120 paquetes");
  });

  it("writes each filter to the address and asks the server with it", async () => {
    const { address } = renderSection();
    await screen.findByText("1ZPAQ1");
    fireEvent.change(screen.getByLabelText("Estado"), { target: { value: "EN_ADUANAS" } });
    expect(address()).toBe("/admin/paquetes?estado=EN_ADUANAS");
    fireEvent.change(screen.getByLabelText("Origen"), { target: { value: "CHINA" } });
    fireEvent.change(screen.getByLabelText("Tipo de envío"), { target: { value: "BARCO" } });
    fireEvent.change(screen.getByLabelText("Carrier"), { target: { value: "ninguno" } });
    fireEvent.change(screen.getByLabelText("Creado desde"), { target: { value: "2026-03-01" } });
    fireEvent.change(screen.getByLabelText("Creado hasta"), { target: { value: "2026-03-31" } });
    fireEvent.change(screen.getByLabelText("Actualización"), { target: { value: "true" } });
    const expected = "estado=EN_ADUANAS&origen=CHINA&formaEnvio=BARCO&carrier=ninguno&desde=2026-03-01&hasta=2026-03-31&needsUpdate=true";
    expect(address()).toBe(`/admin/paquetes?${expected}`);
    await waitFor(() => expect(gets().at(-1)).toBe(`/api/admin/packages?${expected}`));

    // The search is written once typing pauses, replacing the entry instead of adding one per key.
    fireEvent.change(screen.getByLabelText("Buscar"), { target: { value: "jimenez" } });
    await waitFor(() => expect(address()).toBe(`/admin/paquetes?q=jimenez&${expected}`));
    await waitFor(() => expect(gets().at(-1)).toBe(`/api/admin/packages?q=jimenez&${expected}`));

    fireEvent.click(screen.getByRole("button", { name: /Limpiar filtros/ }));
    expect(address()).toBe("/admin/paquetes");
    await waitFor(() => expect((screen.getByLabelText("Buscar") as HTMLInputElement).value).toBe(""));
  });

  it("reads the filters, sort and page from the address (a reload or a shared link)", async () => {
    renderSection("/admin/paquetes?q=EX101&estado=ENTREGADO&sort=monto&dir=asc&page=2&pageSize=25");
    await screen.findByText("1ZPAQ1");
    expect(gets()).toEqual(["/api/admin/packages?q=EX101&estado=ENTREGADO&sort=monto&dir=asc&page=2&pageSize=25"]);
    expect((screen.getByLabelText("Buscar") as HTMLInputElement).value).toBe("EX101");
    expect((screen.getByLabelText("Estado") as HTMLSelectElement).value).toBe("ENTREGADO");
    expect(header("Monto").getAttribute("aria-sort")).toBe("ascending");
  });

  it("asks the server for the 'Sin peso o monto' filter the address holds (the Recepción link)", async () => {
    renderSection("/admin/paquetes?sinMonto=1&estado=EN_BODEGA_MIAMI");
    await screen.findByText("1ZPAQ1");
    expect(gets()).toEqual(["/api/admin/packages?estado=EN_BODEGA_MIAMI&sinMonto=1"]);
    expect((screen.getByLabelText("Monto") as HTMLSelectElement).value).toBe("1");
  });

  it("toggles the sort from the column headers, with aria-sort, and goes back to page 1", async () => {
    const { address } = renderSection("/admin/paquetes?page=3");
    await screen.findByText("1ZPAQ1");
    expect(header("Creado").getAttribute("aria-sort")).toBe("descending");
    expect(header("Monto").getAttribute("aria-sort")).toBe("none");

    fireEvent.click(within(header("Monto")).getByRole("button"));
    expect(address()).toBe("/admin/paquetes?sort=monto");
    expect(header("Monto").getAttribute("aria-sort")).toBe("descending");
    expect(header("Creado").getAttribute("aria-sort")).toBe("none");

    fireEvent.click(within(header("Monto")).getByRole("button"));
    expect(address()).toBe("/admin/paquetes?sort=monto&dir=asc");
    expect(header("Monto").getAttribute("aria-sort")).toBe("ascending");

    // A name column starts A→Z.
    fireEvent.click(within(header("Cliente")).getByRole("button"));
    expect(address()).toBe("/admin/paquetes?sort=cliente&dir=asc");
    await waitFor(() => expect(gets().at(-1)).toBe("/api/admin/packages?sort=cliente&dir=asc"));
  });

  it("pages and changes the page size through the address", async () => {
    const { address } = renderSection();
    await screen.findByText("1ZPAQ1");
    fireEvent.click(screen.getByRole("button", { name: /Siguiente/ }));
    expect(address()).toBe("/admin/paquetes?page=2");
    fireEvent.change(screen.getByLabelText("Por página"), { target: { value: "100" } });
    expect(address()).toBe("/admin/paquetes?pageSize=100");
  });

  it("shows a bad address's problem and sends nothing", async () => {
    renderSection("/admin/paquetes?sort=nombre");
    expect((await screen.findByRole("alert")).textContent).toContain(PACKAGE_SORT_INVALID);
    expect(gets()).toEqual([]);
  });

  it("changes the selected packages' status through the bulk endpoint and refetches the list", async () => {
    renderSection();
    await screen.findByText("1ZPAQ1");
    expect(screen.queryByRole("region", { name: "Cambio de estado en lote" })).toBeNull();
    fireEvent.click(screen.getByLabelText("Seleccionar 1ZPAQ1"));
    fireEvent.click(screen.getByLabelText("Seleccionar 1ZPAQ3"));
    const bar = screen.getByRole("region", { name: "Cambio de estado en lote" });
    expect(within(bar).getByText("2 paquetes seleccionados")).toBeTruthy();
    fireEvent.change(within(bar).getByLabelText("Cambiar estado a"), { target: { value: "EN_ADUANAS" } });
    const loads = gets().length;
    fireEvent.click(within(bar).getByRole("button", { name: "Aplicar a los seleccionados" }));

    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    const post = calls.find((c) => c.method === "POST")!;
    expect(post.url).toBe("/api/admin/trackings/bulk-status");
    expect(post.body).toEqual({ ids: [1, 3], estado: "EN_ADUANAS" });
    expect(await screen.findByText("2 paquetes actualizados.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("region", { name: "Cambio de estado en lote" })).toBeNull());
    await waitFor(() => expect(gets().length).toBeGreaterThan(loads));
  });

  it("shows each row's stored balance; a bulk delivery refused for a balance offers 'Entregar con saldo pendiente', which re-sends with the flag", async () => {
    rows = [row(1), row(2, { saldoColones: 0, pagadoColones: 4276 }), row(3, { totalColones: null, saldoColones: null, pagadoColones: null })];
    renderSection();
    await screen.findByText("1ZPAQ1");
    const rowOf = (code: string) => screen.getByText(code).closest("tr")!;
    expect(within(rowOf("1ZPAQ1")).getByText(/^Saldo ₡4.276$/)).toBeTruthy();
    expect(within(rowOf("1ZPAQ2")).getByText("Pagado")).toBeTruthy();
    expect(within(rowOf("1ZPAQ3")).queryByText(/Saldo|Pagado/)).toBeNull();

    fireEvent.click(screen.getByLabelText("Seleccionar 1ZPAQ1"));
    const bar = screen.getByRole("region", { name: "Cambio de estado en lote" });
    fireEvent.change(within(bar).getByLabelText("Cambiar estado a"), { target: { value: "ENTREGADO" } });
    fireEvent.click(within(bar).getByRole("button", { name: "Aplicar a los seleccionados" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Saldo pendiente" });
    expect(within(confirm).getByText(UNPAID_SENTENCE)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Entregar con saldo pendiente" }));
    expect(await screen.findByText("1 paquete actualizado.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { ids: [1], estado: "ENTREGADO" },
      { ids: [1], estado: "ENTREGADO", entregarConSaldo: true },
    ]);
    await waitFor(() => expect(screen.queryByRole("region", { name: "Cambio de estado en lote" })).toBeNull());
  });

  it("selects and unselects the whole page from the header checkbox", async () => {
    renderSection();
    await screen.findByText("1ZPAQ1");
    const pageBox = screen.getByLabelText("Seleccionar los paquetes de esta página") as HTMLInputElement;
    fireEvent.click(screen.getByLabelText("Seleccionar 1ZPAQ2"));
    expect(pageBox.indeterminate).toBe(true);
    fireEvent.click(pageBox);
    expect(screen.getByText("3 paquetes seleccionados")).toBeTruthy();
    expect(pageBox.checked).toBe(true);
    fireEvent.click(pageBox);
    expect(screen.queryByRole("region", { name: "Cambio de estado en lote" })).toBeNull();
  });

  it("keeps the selection across pages but drops it when a filter changes", async () => {
    renderSection();
    await screen.findByText("1ZPAQ1");
    fireEvent.click(screen.getByLabelText("Seleccionar 1ZPAQ1"));
    fireEvent.click(screen.getByRole("button", { name: /Siguiente/ }));
    await waitFor(() => expect(gets().at(-1)).toBe("/api/admin/packages?page=2"));
    expect(screen.getByText("1 paquete seleccionado")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Estado"), { target: { value: "ENTREGADO" } });
    await waitFor(() => expect(screen.queryByRole("region", { name: "Cambio de estado en lote" })).toBeNull());
  });
});

describe("PackageResults", () => {
  it("lists the first matches of a code search with their clients, and asks nothing for an empty search or a name", async () => {
    const location = memoryLocation({ path: "/admin" });
    const view = (q: string) => (
      <AdminSessionContext.Provider value={testAdminSession()}>
        <Router hook={location.hook}>
          <PackageResults q={q} limit={3} />
        </Router>
      </AdminSessionContext.Provider>
    );
    // No request is under way once the render's effects have run (a query that would fetch is
    // "fetching" from then on), and none was ever sent: the last check below lists every request.
    const { rerender, container } = render(view("  "));
    expect(queryClient.isFetching()).toBe(0);
    expect(calls).toEqual([]);
    expect(container.textContent).toBe("");
    // A name finds clients (their cards hold their packages): no package list for it.
    rerender(view("jiménez"));
    expect(queryClient.isFetching()).toBe(0);
    expect(calls).toEqual([]);
    rerender(view("ZPAQ1"));
    expect(queryClient.isFetching()).toBe(1);
    expect(await screen.findByText("1ZPAQ1")).toBeTruthy();
    expect(gets()).toEqual(["/api/admin/packages?q=ZPAQ1&pageSize=3"]);
    expect(screen.getByRole("link", { name: /Cliente 2/ }).getAttribute("href")).toBe("/admin?q=EX102");
    expect(screen.getByRole("link", { name: /Ver los 120 paquetes en Paquetes/ }).getAttribute("href")).toBe(
      "/admin/paquetes?q=ZPAQ1",
    );
  });
});
