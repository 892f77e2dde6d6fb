// @vitest-environment jsdom
// Recepción against a stubbed server: a scan shows the client big with the weight field focused;
// Enter receives and the focus goes back to the scan field with the receipt listed; BARCO asks
// for the three measures; an already received package warns and offers no form; two clients
// with one number: choose; an unknown number offers 'Registrar sin dueño'; the server's Spanish
// refusal stays on screen.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanUpAdminTest, json, renderAdmin, stubFetch, type FetchCall } from "../../../test/admin-kit";
import {
  PESO_REQUIRED_AVION,
  type TReceptionPackage,
  type TUnclaimedPackage,
  type TWarehouseScanResponse,
} from "../../../../shared/api/admin/warehouse";
import { ReceptionSection } from "./reception-section";

const pkg = (over: Partial<TReceptionPackage> = {}): TReceptionPackage => ({
  id: 41,
  trackingCode: "1Z999AA10123456784",
  clientCode: "EX4K7P2M",
  clientName: "Laura Jiménez",
  estado: "SEGUIMIENTO_INTERNACIONAL",
  origen: "USA",
  formaEnvio: "AVION",
  carrier: "UPS",
  descripcionPaquete: null,
  tiendaOrigen: null,
  valorDeclarado: null,
  pesoEstimado: null,
  factura: null,
  diferencia: null,
  pesoVolumetricoGramos: null,
  receivedAt: null,
  receivedBy: null,
  alreadyReceived: null,
  pesoGramos: null,
  largoCm: null,
  anchoCm: null,
  altoCm: null,
  pieCubicos: null,
  ...over,
});

const calls: FetchCall[] = [];
let scanAnswer: TWarehouseScanResponse;

beforeEach(() => {
  scanAnswer = { trackingCode: "1Z999AA10123456784", carrier: "UPS", packages: [pkg()], unclaimed: null };
  stubFetch((method, url, body) => {
    if (method === "GET" && url.startsWith("/api/admin/warehouse/scan")) return json(200, scanAnswer);
    if (method === "POST" && url === "/api/admin/warehouse/receive") {
      const b = body as { trackingId: number; pesoGramos?: number; largoCm?: number };
      if (b.pesoGramos === undefined && b.largoCm === undefined) return json(400, { error: "x", message: PESO_REQUIRED_AVION, code: "VALIDATION" });
      const found = scanAnswer.packages.find((p) => p.id === b.trackingId)!;
      return json(200, { package: { ...found, estado: "EN_BODEGA_MIAMI", pesoGramos: b.pesoGramos ?? null, pieCubicos: b.largoCm ? 4 : null }, notificationQueued: true });
    }
    if (method === "POST" && url === "/api/admin/warehouse/unclaimed") {
      const b = body as { trackingCode: string; pesoGramos: number | null };
      const row: TUnclaimedPackage = {
        id: 7,
        trackingCode: b.trackingCode,
        carrier: "UPS",
        clientCodeHint: null,
        pesoGramos: b.pesoGramos,
        largoCm: null,
        anchoCm: null,
        altoCm: null,
        notas: null,
        receivedAt: "2026-11-26T15:00:00.000Z",
        receivedBy: "Bodeguero",
        claimedAt: null,
        claimedBy: null,
        photos: [],
      };
      return json(201, { unclaimed: row });
    }
    if (method === "POST" && url === "/api/upload/image-url") return json(200, { uploadURL: `/api/upload/objects/${"b".repeat(32)}?expires=1&signature=x` });
    if (method === "PUT" && url.startsWith("/api/upload/objects/")) return json(200, { objectPath: `/objects/uploads/${"b".repeat(32)}` });
    if (method === "PUT" && url === "/api/admin/trackings/41/factura") return json(200, { contentType: "image/png", sizeBytes: 3072, createdAt: "2031-02-01T15:00:00.000Z" });
    return json(404, { message: "no" });
  }, calls);
});
afterEach(cleanUpAdminTest);

const scanField = () => screen.getByLabelText("Número de guía o etiqueta");
function scan(text: string) {
  fireEvent.change(scanField(), { target: { value: text } });
  fireEvent.submit(scanField().closest("form")!);
}

describe("Recepción", () => {
  it("scan, weight, Enter: received, listed, and the focus is back on the scan field", async () => {
    const { container } = renderAdmin(<ReceptionSection />);
    expect(document.activeElement).toBe(scanField());
    scan("1z999aa10123456784");
    const weight = await screen.findByLabelText("Peso en gramos");
    expect(screen.getByText("EX4K7P2M")).toBeTruthy();
    expect(screen.getByText("Laura Jiménez")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(weight));
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

    fireEvent.change(weight, { target: { value: "1.250" } });
    fireEvent.submit(weight.closest("form")!);
    await screen.findByText("Recibidos en esta sesión: 1");
    expect(calls.find((c) => c.url === "/api/admin/warehouse/receive")?.body).toEqual({ trackingId: 41, pesoGramos: 1250, photos: [] });
    expect(screen.queryByLabelText("Peso en gramos")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(scanField()));
    expect(screen.getByText(/EX4K7P2M · Laura Jiménez · 1250 g/)).toBeTruthy();
  });

  it("shows the client's purchase invoice with 'Ver factura' (issue 36 item 2)", async () => {
    scanAnswer.packages = [pkg({ tiendaOrigen: "Best Buy", factura: { contentType: "application/pdf", sizeBytes: 2048, createdAt: "2031-02-01T15:00:00.000Z" } })];
    const { container } = renderAdmin(<ReceptionSection />);
    scan("1Z999AA10123456784");
    await screen.findByLabelText("Peso en gramos");
    const declared = document.querySelector('dl[aria-labelledby="recibir-declarado"]')!;
    expect(declared.textContent).toContain("TiendaBest Buy");
    expect(declared.textContent).toContain("FacturaPDF · 2 KB");
    expect(screen.getByRole("button", { name: "Ver factura de 1Z999AA10123456784" })).toBeTruthy();
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });

  it("attaches the invoice that came in the box: upload as FACTURA, PUT …/factura, then shown with 'Ver factura' (decision 241)", async () => {
    renderAdmin(<ReceptionSection />);
    scan("1Z999AA10123456784");
    fireEvent.change(await screen.findByLabelText("Peso en gramos"), { target: { value: "1250" } });
    expect(screen.getByText("El cliente no declaró contenido ni valor.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Ver factura/ })).toBeNull();
    const photo = new File([new Uint8Array(3000)], "factura.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Adjuntar factura de 1Z999AA10123456784"), { target: { files: [photo] } });
    await screen.findByRole("button", { name: "Ver factura de 1Z999AA10123456784" });
    expect(document.querySelector('dl[aria-labelledby="recibir-declarado"]')!.textContent).toContain("FacturaPNG · 3 KB");
    expect(calls.find((c) => c.url === "/api/upload/image-url")?.body).toEqual({ size: 3000, tipo: "FACTURA" });
    expect(calls.find((c) => c.url === "/api/admin/trackings/41/factura")).toMatchObject({ method: "PUT", body: { factura: `/objects/uploads/${"b".repeat(32)}` } });
    // The weight typed before is still there, and the next file replaces the invoice.
    expect((screen.getByLabelText("Peso en gramos") as HTMLInputElement).value).toBe("1250");
    expect(screen.getByLabelText("Reemplazar factura de 1Z999AA10123456784")).toBeTruthy();
  });

  it("shows what the client declared and sends a difference flagged with its note (issue 32 item 5)", async () => {
    scanAnswer.packages = [pkg({ descripcionPaquete: "Un libro", tiendaOrigen: "Amazon", valorDeclarado: 15.5, pesoEstimado: 500 })];
    const { container } = renderAdmin(<ReceptionSection />);
    scan("1Z999AA10123456784");
    const weight = await screen.findByLabelText("Peso en gramos");
    const declared = document.querySelector('dl[aria-labelledby="recibir-declarado"]')!;
    expect(screen.getByText("Declarado por el cliente")).toBeTruthy();
    expect(declared.textContent).toContain("ContenidoUn libro");
    expect(declared.textContent).toContain("TiendaAmazon");
    expect(declared.textContent).toContain("Valor$15,50");
    expect(declared.textContent).toContain("Peso500 g");
    fireEvent.click(screen.getByLabelText("Diferencia con lo declarado"));
    fireEvent.change(screen.getByLabelText("Qué no coincide"), { target: { value: "PESO_Y_CONTENIDO" } });
    fireEvent.change(screen.getByLabelText("Nota para el cliente"), { target: { value: "Llegaron 3 libros" } });
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    fireEvent.change(weight, { target: { value: "3400" } });
    fireEvent.submit(weight.closest("form")!);
    await screen.findByText("Recibidos en esta sesión: 1");
    expect(calls.find((c) => c.url === "/api/admin/warehouse/receive")?.body).toEqual({
      trackingId: 41,
      pesoGramos: 3400,
      photos: [],
      diferencia: { tipo: "PESO_Y_CONTENIDO", nota: "Llegaron 3 libros" },
    });
  });

  it("keeps the server's refusal on screen and the form open", async () => {
    renderAdmin(<ReceptionSection />);
    scan("1Z999AA10123456784");
    const weight = await screen.findByLabelText("Peso en gramos");
    fireEvent.submit(weight.closest("form")!);
    expect((await screen.findByRole("alert")).textContent).toBe(PESO_REQUIRED_AVION);
    expect(screen.getByText("Recibidos en esta sesión: 0")).toBeTruthy();
  });

  it("asks the three measures for BARCO", async () => {
    scanAnswer.packages = [pkg({ formaEnvio: "BARCO" })];
    renderAdmin(<ReceptionSection />);
    scan("1Z999AA10123456784");
    const largo = await screen.findByLabelText("largo");
    fireEvent.change(largo, { target: { value: "60" } });
    fireEvent.change(screen.getByLabelText("ancho"), { target: { value: "45,5" } });
    fireEvent.change(screen.getByLabelText("alto"), { target: { value: "40" } });
    fireEvent.submit(largo.closest("form")!);
    await screen.findByText("Recibidos en esta sesión: 1");
    expect(calls.find((c) => c.url === "/api/admin/warehouse/receive")?.body).toEqual({ trackingId: 41, largoCm: 60, anchoCm: 45.5, altoCm: 40, photos: [] });
  });

  it("warns when the package was already received and offers no form", async () => {
    scanAnswer.packages = [pkg({ receivedAt: "2026-11-26T15:00:00.000Z", receivedBy: "Marta", alreadyReceived: "Este paquete ya fue recibido el 26/11/2026 por Marta" })];
    renderAdmin(<ReceptionSection />);
    scan("1Z999AA10123456784");
    expect((await screen.findByRole("alert")).textContent).toContain("Ya recibido. Este paquete ya fue recibido el 26/11/2026 por Marta");
    expect(screen.queryByLabelText("Peso en gramos")).toBeNull();
  });

  it("lets staff choose when two clients pre-alerted the number", async () => {
    scanAnswer.packages = [pkg(), pkg({ id: 42, clientCode: "EX9Q8R7T", clientName: "Pedro Mora" })];
    renderAdmin(<ReceptionSection />);
    scan("1Z999AA10123456784");
    fireEvent.click(await screen.findByRole("button", { name: /EX9Q8R7T/ }));
    const weight = await screen.findByLabelText("Peso en gramos");
    fireEvent.change(weight, { target: { value: "300" } });
    fireEvent.submit(weight.closest("form")!);
    await screen.findByText("Recibidos en esta sesión: 1");
    expect(calls.find((c) => c.url === "/api/admin/warehouse/receive")?.body).toMatchObject({ trackingId: 42 });
  });

  it("offers 'Registrar sin dueño' for a number nobody pre-alerted", async () => {
    scanAnswer = { trackingCode: "9400100000000000000000", carrier: "USPS", packages: [], unclaimed: null };
    renderAdmin(<ReceptionSection />);
    scan("9400100000000000000000");
    expect(await screen.findByText("No hay pre-alerta para 9400100000000000000000")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Registrar sin dueño" }));
    expect((screen.getByLabelText(/Empresa de envío/) as HTMLInputElement).value).toBe("USPS");
    fireEvent.change(screen.getByLabelText("Peso en gramos"), { target: { value: "450" } });
    fireEvent.change(screen.getByLabelText(/Código de cliente/), { target: { value: "ex4k7p2m" } });
    await act(async () => {
      fireEvent.submit(screen.getByRole("form", { name: "Registrar sin dueño" }));
    });
    await screen.findByText("Recibidos en esta sesión: 1");
    expect(calls.find((c) => c.url === "/api/admin/warehouse/unclaimed")?.body).toEqual({
      trackingCode: "9400100000000000000000",
      carrier: "USPS",
      clientCodeHint: "ex4k7p2m",
      pesoGramos: 450,
      labelPhotos: [],
      photos: [],
    });
  });
});

describe("Recepción feedback (issue 32 item 8)", () => {
  it("vibrates once short for a found pre-alert and twice long for an unknown number", async () => {
    const vibrated: (number | number[])[] = [];
    Object.defineProperty(navigator, "vibrate", { configurable: true, value: (p: number | number[]) => (vibrated.push(p), true) });
    try {
      renderAdmin(<ReceptionSection />);
      scan("1Z999AA10123456784");
      await screen.findByLabelText("Peso en gramos");
      expect(vibrated).toEqual([60]);
      scanAnswer.packages = [];
      fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
      scan("1Z999AA10123456785");
      await screen.findByRole("button", { name: "Registrar sin dueño" });
      expect(vibrated).toEqual([60, [180, 90, 180]]);
    } finally {
      Reflect.deleteProperty(navigator, "vibrate");
    }
  });
});
