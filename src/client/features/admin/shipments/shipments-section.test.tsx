// @vitest-environment jsdom
// Embarques against a stubbed server: the list (open first as the server sends it), 'Nuevo
// embarque' validated before sending and opening the new shipment, adding by scan (several
// matches → choose one), closing, and a move confirmed with how many packages and the WhatsApp
// message; no serious axe violations.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanUpAdminTest, json, renderAdmin, stubFetch, type FetchCall } from "../../../test/admin-kit";
import { SHIPMENT_GUIDE_REQUIRED, SHIPMENT_SCAN_MANY, shipmentCloseConfirm, type TShipment, type TShipmentPackage } from "../../../../shared/api/admin/shipments";
import { ShipmentsSection } from "./shipments-section";

const shipment = (over: Partial<TShipment> = {}): TShipment => ({
  id: 7,
  formaEnvio: "AVION",
  numeroGuia: "AWB-123",
  transporte: "AV 601",
  fecha: "2026-11-26",
  estado: "ABIERTO",
  notas: null,
  createdAt: "2026-11-26T15:00:00.000Z",
  closedAt: null,
  totals: { piezas: 0, gramos: 0, pieCubicos: 0, valorDeclaradoUsd: 0, montoColones: 0 },
  nextMove: null,
  ...over,
});

const pkg = (id: number, over: Partial<TShipmentPackage> = {}): TShipmentPackage => ({
  id,
  trackingCode: `1Z999AA1012345678${id}`,
  carrier: "UPS",
  clientCode: `EX00000${id}`,
  clientName: `Cliente ${id}`,
  descripcion: null,
  tiendaOrigen: null,
  estado: "EN_BODEGA_MIAMI",
  origen: "USA",
  formaEnvio: "AVION",
  pesoGramos: 500,
  pieCubicos: null,
  valorDeclarado: 10,
  receivedAt: "2026-11-26T15:00:00.000Z",
  factura: null,
  ...over,
});

let current: { shipment: TShipment; packages: TShipmentPackage[] };
const calls: FetchCall[] = [];

beforeEach(() => {
  current = { shipment: shipment(), packages: [] };
  stubFetch((method, url, body) => {
    if (method === "GET" && url.startsWith("/api/admin/shipments?")) {
      return json(200, { shipments: [shipment({ id: 8, numeroGuia: "AWB-OPEN" }), shipment({ id: 9, numeroGuia: "MSCU1234567", formaEnvio: "BARCO", estado: "CERRADO" })], total: 2, page: 1, pageSize: 20 });
    }
    if (method === "POST" && url === "/api/admin/shipments") return json(201, current);
    if (method === "GET" && url === "/api/admin/shipments/7") return json(200, current);
    if (method === "POST" && url === "/api/admin/shipments/7/packages") {
      const b = body as { code?: string; trackingIds?: number[] };
      if (b.code === "SHARED1") return json(409, { error: "Conflicto", code: "CONFLICT", message: SHIPMENT_SCAN_MANY, matches: [pkg(1), pkg(2)] });
      const added = b.trackingIds ? b.trackingIds.map((id) => pkg(id)) : [pkg(3)];
      current = { ...current, packages: [...current.packages, ...added] };
      current.shipment = { ...current.shipment, totals: { ...current.shipment.totals, piezas: current.packages.length, gramos: 500 * current.packages.length } };
      return json(200, { ...current, added: added.length });
    }
    if (method === "PATCH" && url === "/api/admin/shipments/7") {
      current = { ...current, shipment: { ...current.shipment, ...(body as Partial<TShipment>) } };
      return json(200, current);
    }
    if (method === "POST" && url === "/api/admin/shipments/7/close") {
      current = { ...current, shipment: { ...current.shipment, estado: "CERRADO", nextMove: "EN_ADUANAS" } };
      return json(200, current);
    }
    if (method === "POST" && url === "/api/admin/shipments/7/status") {
      current = { shipment: { ...current.shipment, nextMove: "EN_BODEGA_CR" }, packages: current.packages.map((p) => ({ ...p, estado: "EN_ADUANAS" as const })) };
      return json(200, { ...current, moved: current.packages.length, unchanged: 0, message: `${current.packages.length} paquetes pasaron a 'En aduanas'.` });
    }
    if (method === "POST" && url === "/api/upload/image-url") return json(200, { uploadURL: `/api/upload/objects/${"c".repeat(32)}?expires=1&signature=x` });
    if (method === "PUT" && url.startsWith("/api/upload/objects/")) return json(200, { objectPath: `/objects/uploads/${"c".repeat(32)}` });
    if (method === "PUT" && url === "/api/admin/trackings/4/factura") {
      const factura = { contentType: "application/pdf", sizeBytes: 2048, createdAt: "2026-11-27T15:00:00.000Z" };
      current = { ...current, packages: current.packages.map((p) => (p.id === 4 ? { ...p, factura } : p)) };
      return json(200, factura);
    }
    return json(404, { message: "no" });
  }, calls);
});
afterEach(cleanUpAdminTest);

describe("Embarques", () => {
  it("lists shipments with their guide and state, with no serious axe violations", async () => {
    renderAdmin(<ShipmentsSection />);
    const list = await screen.findByRole("list", { name: "Lista de embarques" });
    expect(within(list).getByText("Guía aérea AWB-OPEN")).toBeTruthy();
    expect(within(list).getByText("Contenedor o BL MSCU1234567")).toBeTruthy();
    expect(within(list).getByText("Cerrado")).toBeTruthy();
    await act(async () => {});
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  it("opens the shipment the address names (a link from Bandeja de salida), and 'Volver a embarques' shows the list", async () => {
    window.history.replaceState(null, "", "/admin/embarques?embarque=7");
    renderAdmin(<ShipmentsSection />);
    await screen.findByRole("button", { name: /Volver a embarques/ });
    expect(calls.some((c) => c.url === "/api/admin/shipments/7")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: /Volver a embarques/ }));
    await screen.findByRole("list", { name: "Lista de embarques" });
    expect(window.location.search).toBe("");
  });

  it("a package without an invoice in a closed shipment gets one attached and shown again (decision 241)", async () => {
    current = { shipment: shipment({ estado: "CERRADO" }), packages: [pkg(4), pkg(5, { factura: { contentType: "image/png", sizeBytes: 1024, createdAt: "2026-11-26T15:00:00.000Z" } })] };
    window.history.replaceState(null, "", "/admin/embarques?embarque=7");
    renderAdmin(<ShipmentsSection />);
    const list = await screen.findByRole("list", { name: "Paquetes del embarque" });
    expect(within(list).getByText(/Factura: Sin factura/)).toBeTruthy();
    expect(within(list).getByLabelText("Reemplazar factura de 1Z999AA10123456785")).toBeTruthy();
    fireEvent.change(within(list).getByLabelText("Adjuntar factura de 1Z999AA10123456784"), { target: { files: [new File([new Uint8Array(2048)], "f.pdf", { type: "application/pdf" })] } });
    await within(list).findByRole("button", { name: "Ver factura de 1Z999AA10123456784" });
    expect(within(list).queryByText(/Factura: Sin factura/)).toBeNull();
    expect(calls.find((c) => c.url === "/api/admin/trackings/4/factura")).toMatchObject({ method: "PUT", body: { factura: `/objects/uploads/${"c".repeat(32)}` } });
  });

  it("shows the list for an address that names no valid shipment", async () => {
    window.history.replaceState(null, "", "/admin/embarques?embarque=7abc");
    renderAdmin(<ShipmentsSection />);
    await screen.findByRole("list", { name: "Lista de embarques" });
  });

  it("creates a shipment, adds by scan (choosing between clients), closes it and moves all its packages", async () => {
    renderAdmin(<ShipmentsSection />);
    fireEvent.click(await screen.findByRole("button", { name: "Nuevo embarque" }));
    const dialog = await screen.findByRole("dialog", { name: "Nuevo embarque" });
    fireEvent.click(within(dialog).getByLabelText("Marítimo"));
    expect(within(dialog).getByLabelText("Contenedor o BL")).toBeTruthy();
    expect(within(dialog).getByLabelText(/Buque/)).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText("Aéreo"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear embarque" }));
    expect(await within(dialog).findByText(SHIPMENT_GUIDE_REQUIRED)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("Guía aérea"), { target: { value: "AWB-123" } });
    fireEvent.change(within(dialog).getByLabelText(/Vuelo/), { target: { value: "AV 601" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear embarque" }));
    await screen.findByRole("heading", { name: "Guía aérea AWB-123" });
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ formaEnvio: "AVION", numeroGuia: "AWB-123", transporte: "AV 601" });

    // 'Editar datos' while open: the type stays, the rest is sent.
    fireEvent.click(screen.getByRole("button", { name: "Editar datos" }));
    const edit = await screen.findByRole("dialog", { name: "Editar embarque" });
    expect(within(edit).getByLabelText("Marítimo").matches(":disabled")).toBe(true);
    fireEvent.change(within(edit).getByLabelText(/Vuelo/), { target: { value: "AV 603" } });
    fireEvent.click(within(edit).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Editar embarque" })).toBeNull());
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ numeroGuia: "AWB-123", transporte: "AV 603", fecha: "2026-11-26", notas: "" });
    expect(await screen.findByText(/AV 603/)).toBeTruthy();

    // A scan several clients match: choose one, then it is added by id.
    const scan = screen.getByLabelText("Agregar por escaneo");
    fireEvent.change(scan, { target: { value: "SHARED1" } });
    fireEvent.submit(scan.closest("form")!);
    const choose = await screen.findByRole("dialog", { name: "Elige el paquete" });
    fireEvent.click(within(choose).getByRole("button", { name: /EX000002/ }));
    const packages = await screen.findByRole("list", { name: "Paquetes del embarque" });
    expect(within(packages).getByText("EX000002 · Cliente 2")).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/admin/shipments/7/packages").map((c) => c.body)).toEqual([{ code: "SHARED1" }, { trackingIds: [2] }]);

    fireEvent.change(scan, { target: { value: "EIP0000003" } });
    fireEvent.submit(scan.closest("form")!);
    await within(packages).findByText("EX000003 · Cliente 3");

    const detailAxe = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(detailAxe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Cerrar embarque" }));
    // Issue 32: closing asks first; nothing is sent until it is confirmed.
    const closeConfirm = await screen.findByRole("alertdialog");
    expect(within(closeConfirm).getByText(shipmentCloseConfirm(2))).toBeTruthy();
    expect(calls.some((c) => c.url === "/api/admin/shipments/7/close")).toBe(false);
    fireEvent.click(within(closeConfirm).getByRole("button", { name: "Cerrar embarque" }));
    const move = await screen.findByRole("button", { name: "En aduanas" });
    await waitFor(() => expect((move as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByRole("button", { name: "Listo para entregar" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(move);
    const confirm = await screen.findByRole("alertdialog");
    expect(within(confirm).getByText("Se moverán 2 paquetes a 'En aduanas' y cada cliente recibirá un mensaje de WhatsApp.")).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Mover" }));
    expect(await screen.findByText("2 paquetes pasaron a 'En aduanas'.")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/admin/shipments/7/status")?.body).toEqual({ estado: "EN_ADUANAS" });
  });
});
