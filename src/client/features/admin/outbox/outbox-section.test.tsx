// @vitest-environment jsdom
// Bandeja de salida against a stubbed server (decision 213): filters read from the address and
// sent to the server, each message with its state, client consent and "cannot receive" marks and
// links, "Reintentar" only where the server says a retry can help, and the notice to an Embarque:
// the count and its skips before the confirmation, then one call.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminTestShell, cleanUpAdminTest, json, stubFetch, type FetchCall } from "../../../test/admin-kit";
import type { TOutboxItem, TShipmentNoticePreview } from "../../../../shared/api/admin/outbox";
import { OutboxSection } from "./outbox-section";

const item = (over: Partial<TOutboxItem> = {}): TOutboxItem => ({
  id: 1,
  kind: "TRACKING_STATUS",
  status: "SENT",
  attempts: 1,
  lastError: null,
  sentAt: "2026-11-25T15:30:00.000Z",
  deliveryStatus: "read",
  deliveredAt: "2026-11-25T15:31:00.000Z",
  readAt: "2026-11-25T15:40:00.000Z",
  errorCode: null,
  nextAttemptAt: "2026-11-25T15:30:00.000Z",
  createdAt: "2026-11-25T15:30:00.000Z",
  recipient: "50688887777",
  body: "Hola Ana: tu paquete llegó.",
  template: "estado_paquete",
  templateLabel: "Estado de paquete",
  client: { id: 3, clientCode: "EXAB12", nombre: "Ana Mora", whatsappOptOutAt: null, whatsappOptInAt: null, whatsappUnreachableAt: null, whatsappUnreachableCode: null },
  tracking: { id: 9, trackingCode: "1Z999" },
  shipment: null,
  canRetry: false,
  history: [
    { at: "2026-11-25T15:30:00.000Z", text: "Puesto en cola", tone: "pending" },
    { at: "2026-11-25T15:40:00.000Z", text: "Leído por el cliente", tone: "success" },
  ],
  ...over,
});

const preview: TShipmentNoticePreview = {
  shipment: { id: 7, numeroGuia: "AWB-77", formaEnvio: "AVION", fecha: "2026-11-26" },
  plantilla: "embarque_llego_cr",
  sample: "Hola Ana, su embarque llegó a Costa Rica y pronto pasará por aduanas. Sus paquetes: 1Z999.",
  clients: 5,
  willSend: 3,
  skipped: { optedOut: 1, unreachable: 1, noPhone: 0 },
  alreadySentAt: null,
};

const calls: FetchCall[] = [];
let items: TOutboxItem[];

beforeEach(() => {
  items = [
    item(),
    item({
      id: 2,
      status: "FAILED",
      deliveryStatus: "failed",
      errorCode: 131026,
      lastError: "El número del cliente no puede recibir mensajes de WhatsApp.",
      client: { id: 4, clientCode: "EXCD34", nombre: "Luis Rojas", whatsappOptOutAt: "2026-11-20T10:00:00.000Z", whatsappOptInAt: null, whatsappUnreachableAt: "2026-11-25T15:31:00.000Z", whatsappUnreachableCode: 131026 },
    }),
    item({ id: 3, status: "FAILED", deliveryStatus: "failed", errorCode: 131049, lastError: "Meta decidió no entregar el mensaje.", canRetry: true, shipment: { id: 12, numeroGuia: "AWB-12", formaEnvio: "AVION" } }),
  ];
  stubFetch((method, url) => {
    if (url.startsWith("/api/admin/outbox/shipment-notice") && method === "GET") return json(200, preview);
    if (url === "/api/admin/outbox/shipment-notice") return json(200, { ...preview, queued: 3, message: "Aviso en cola para 3 clientes." });
    if (url.startsWith("/api/admin/outbox")) return json(200, { items, total: items.length, page: 1, pageSize: 25, messaging: { configured: true } });
    if (url.startsWith("/api/admin/shipments"))
      return json(200, {
        shipments: [{ id: 7, formaEnvio: "AVION", numeroGuia: "AWB-77", transporte: null, fecha: "2026-11-26", estado: "CERRADO", notas: null, createdAt: "2026-11-26T10:00:00.000Z", closedAt: null, totals: { piezas: 5, gramos: 1000, pieCubicos: 0, valorDeclaradoUsd: 0, montoColones: 0 }, nextMove: null }],
        total: 1,
        page: 1,
        pageSize: 100,
      });
    return json(404, { message: "no" });
  }, calls);
});
afterEach(() => {
  vi.restoreAllMocks();
  cleanUpAdminTest();
});

function renderAt(path = "/admin/bandeja-salida") {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <AdminTestShell>
        <OutboxSection />
      </AdminTestShell>
    </Router>,
  );
  return location;
}
const listCalls = () => calls.map((c) => c.url).filter((u) => u.startsWith("/api/admin/outbox?") || u === "/api/admin/outbox");

describe("Bandeja de salida", () => {
  it("shows each message's state, the client's marks and links, and Reintentar only where it can help", async () => {
    renderAt();
    const list = await screen.findByRole("list", { name: "Mensajes salientes" });
    const rows = within(list).getAllByTestId("mensaje-saliente");
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText(/^Leído el /)).toBeTruthy();
    expect(within(rows[0]).getByRole("link", { name: "1Z999" }).getAttribute("href")).toBe("/admin/paquetes?q=1Z999");
    expect(within(rows[0]).getByRole("link", { name: "Ana Mora (EXAB12)" }).getAttribute("href")).toBe("/admin?q=EXAB12");
    // The Embarque's link opens that shipment, not the list.
    expect(within(rows[2]).getByRole("link", { name: /AWB-12$/ }).getAttribute("href")).toBe("/admin/embarques?embarque=12");
    expect(within(rows[1]).getByText(/^Su número no recibe WhatsApp \(código 131026/)).toBeTruthy();
    expect(within(rows[1]).getByText(/^Pidió no recibir mensajes de WhatsApp: escribió BAJA el /)).toBeTruthy();
    expect(within(rows[1]).queryByRole("button", { name: /Reintentar/ })).toBeNull();
    expect(within(rows[2]).getByRole("button", { name: "Reintentar el envío del mensaje" })).toBeTruthy();
    fireEvent.click(within(rows[0]).getByText("Mensaje e historial"));
    expect(within(rows[0]).getByText("Leído por el cliente")).toBeTruthy();
    await act(async () => {});
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  it("reads the filters from a shared link and asks the server with them", async () => {
    renderAt("/admin/bandeja-salida?estado=FALLIDO&cliente=EXAB12&plantilla=bienvenida&desde=2026-11-01&hasta=2026-11-25&page=2");
    await screen.findByRole("list", { name: "Mensajes salientes" });
    expect(listCalls()[0]).toBe("/api/admin/outbox?estado=FALLIDO&desde=2026-11-01&hasta=2026-11-25&cliente=EXAB12&plantilla=bienvenida&pagina=2");
    expect((screen.getByLabelText("Estado") as HTMLSelectElement).value).toBe("FALLIDO");
  });

  it("counts an Embarque's clients with the skips before the confirmation, then sends once", async () => {
    const location = renderAt();
    fireEvent.click(await screen.findByRole("button", { name: "Preparar aviso" }));
    await waitFor(() => expect(screen.getAllByRole("option", { name: /AWB-77/ })).toHaveLength(1));
    fireEvent.change(screen.getByLabelText("Embarque"), { target: { value: "7" } });
    fireEvent.change(screen.getByLabelText("Plantilla", { selector: "#notice-template" }), { target: { value: "embarque_llego_cr" } });
    const counts = await screen.findByTestId("conteo-aviso");
    expect(counts.textContent).toContain("5 clientes con paquetes en este embarque; recibirán el aviso 3.");
    expect(within(counts).getByText("1 pidió no recibir mensajes (BAJA)")).toBeTruthy();
    expect(within(counts).getByText("1 número no puede recibir WhatsApp")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Confirmar y enviar a 3 clientes" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ embarqueId: 7, plantilla: "embarque_llego_cr" });
    await waitFor(() => expect(location.history?.at(-1)).toBe("/admin/bandeja-salida?embarqueId=7"));
  });
});
