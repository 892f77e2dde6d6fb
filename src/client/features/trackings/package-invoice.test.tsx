// @vitest-environment jsdom
// The purchase invoice on /rastreo (issue 36 item 2) against a stubbed server: the pre-alert's
// file is checked for kind and size before anything is sent (Spanish error, no call), a PDF is
// uploaded as FACTURA and named in the pre-alert; a card offers "Adjuntar factura" until delivery,
// and attaching sends the uploaded file's path to PUT …/factura with the client's code.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import axe from "axe-core";
import type { TClientTracking } from "../../../shared/api/trackings";
import { cleanUpAdminTest, json, stubFetch, type FetchCall } from "../../test/admin-kit";
import { PORTAL_CLIENT, clientTrackingFixture, renderPortal, searchCode } from "../../test/portal-kit";

const NAME = "a".repeat(32);
const CLIENT = PORTAL_CLIENT;
const tracking = (overrides: Partial<TClientTracking> = {}) => clientTrackingFixture({ id: 7, ...overrides });

const calls: FetchCall[] = [];
let packages: TClientTracking[] = [];

beforeEach(() => {
  packages = [];
  window.HTMLElement.prototype.scrollIntoView = vi.fn();
  stubFetch((method, url) => {
    if (method === "POST" && url === "/api/upload/image-url") return json(200, { uploadURL: `/api/upload/objects/${NAME}?expires=1&signature=x` });
    if (method === "PUT" && url.startsWith("/api/upload/objects/")) return json(200, { objectPath: `/objects/uploads/${NAME}` });
    if (method === "POST" && url === "/api/clients/trackings") {
      const created = tracking({ id: 9, trackingCode: "NUEVO123", factura: { contentType: "application/pdf", sizeBytes: 2048, createdAt: "2031-02-01T15:00:00.000Z" } });
      packages = [created];
      return json(201, created);
    }
    if (method === "PUT" && url === "/api/clients/trackings/7/factura") {
      const attached = tracking({ factura: { contentType: "application/pdf", sizeBytes: 2048, createdAt: "2031-02-01T15:00:00.000Z" } });
      packages = packages.map((p) => (p.id === 7 ? attached : p));
      return json(200, attached);
    }
    if (url.startsWith("/api/clients/trackings?code=")) return json(200, { client: CLIENT, trackings: packages, estadoCuenta: { totalPendienteColones: 0, comprobantes: [] } });
    if (url.startsWith("/api/coupons/")) return json(200, { available: [], used: [], expired: [] });
    if (url.startsWith("/api/referrals/")) return json(200, { referrals: [] });
    if (url.startsWith("/api/comprobantes/")) return json(200, { comprobantes: [] });
    return json(404, { message: "no" });
  }, calls);
});
afterEach(() => cleanUpAdminTest());

const search = () => searchCode(CLIENT.clientCode);

const pdf = (size = 2048) => new File([new Uint8Array(size)], "factura.pdf", { type: "application/pdf" });

describe("invoice at pre-alert", () => {
  it("refuses a wrong kind or a too-big file in Spanish and sends nothing; a PDF goes up as FACTURA and is named in the pre-alert", async () => {
    const { container } = renderPortal();
    search();
    fireEvent.click(await screen.findByRole("button", { name: "Pre-alertar Nuevo Paquete" }));
    const dialog = await screen.findByRole("dialog", { name: "Pre-alertar Nuevo Paquete" });
    const field = within(dialog).getByLabelText("Factura de compra (opcional)");
    const before = calls.length;

    fireEvent.change(field, { target: { files: [new File(["hola"], "notas.docx", { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" })] } });
    expect(await within(dialog).findByText("La factura debe ser un PDF o una imagen JPG, PNG, GIF o WebP.")).toBeTruthy();
    const big = pdf();
    Object.defineProperty(big, "size", { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(field, { target: { files: [big] } });
    expect(await within(dialog).findByText("La factura debe ser menor a 10 MB")).toBeTruthy();
    expect(calls.length).toBe(before);

    fireEvent.change(field, { target: { files: [pdf()] } });
    expect(await within(dialog).findByText("Factura cargada: factura.pdf")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/upload/image-url")?.body).toEqual({ size: 2048, tipo: "FACTURA" });
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Código de tracking"), { target: { value: "nuevo123" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear Pre-alerta" }));
    expect(await screen.findByText("¡Pre-alerta creada!")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST" && c.url === "/api/clients/trackings")?.body).toMatchObject({
      clientCode: "EXAB12CD",
      trackingCode: "NUEVO123",
      factura: `/objects/uploads/${NAME}`,
    });
    const card = await screen.findByRole("article", { name: "NUEVO123" });
    expect(within(card).getByText("PDF · 2 KB")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Ver factura de NUEVO123" })).toBeTruthy();
  });

  it("a card adds the invoice later: upload, then PUT …/factura with the code; a delivered package's cannot change", async () => {
    packages = [tracking(), tracking({ id: 8, trackingCode: "ENTREGADO1", estado: "ENTREGADO", montoColones: 1000, factura: { contentType: "image/png", sizeBytes: 4096, createdAt: "2031-02-01T15:00:00.000Z" } })];
    renderPortal();
    search();
    const card = await screen.findByRole("article", { name: "1Z999AA10123456784" });
    expect(within(card).getByText("Sin factura")).toBeTruthy();
    fireEvent.change(within(card).getByLabelText("Adjuntar factura de 1Z999AA10123456784"), { target: { files: [pdf()] } });
    expect(await screen.findByText("¡Factura adjunta!")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT" && c.url === "/api/clients/trackings/7/factura")?.body).toEqual({ clientCode: "EXAB12CD", factura: `/objects/uploads/${NAME}` });
    await waitFor(() => expect(within(screen.getByRole("article", { name: "1Z999AA10123456784" })).getByText("PDF · 2 KB")).toBeTruthy());

    const delivered = screen.getByRole("article", { name: "ENTREGADO1" });
    expect(within(delivered).getByText("PNG · 4 KB")).toBeTruthy();
    expect(within(delivered).queryByLabelText(/Reemplazar factura/)).toBeNull();
    expect(within(delivered).getByRole("button", { name: "Ver factura de ENTREGADO1" })).toBeTruthy();
  });
});
