// @vitest-environment jsdom
// Clientes' three stat cards against a stubbed server (decision 232): they come from their own
// call, asked once when the section is shown, not with each search or page, and asked again after
// a change made in this browser, so the figures shown are never the ones from before it.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { adminClientFixture, adminClientsPage, cleanUpAdminTest, json, renderAdmin, stubFetch, type FetchCall } from "../../test/admin-kit";
import type { TAdminClientStats } from "../../../shared/api/admin/clients";
import { queryClient } from "../../lib/query-client";
import { ClientsSection } from "./clients-section";

const calls: FetchCall[] = [];
let stats: TAdminClientStats;
let welcomeSent: boolean;

const pathOf = (url: string) => url.split("?")[0];

beforeEach(() => {
  stats = { totalClients: 1234, pendingWhatsapp: 57, activeTrackings: 8901 };
  welcomeSent = false;
  stubFetch((method, url) => {
    if (method === "GET" && url === "/api/admin/clients/stats") return json(200, stats);
    if (method === "GET" && pathOf(url) === "/api/clients") {
      const client = adminClientFixture({ whatsappEnviado: welcomeSent ? "ENVIADO" : "PENDIENTE" });
      return json(200, { ...adminClientsPage([client]), filteredTotal: 41 });
    }
    if (method === "GET" && url === "/api/admin/stats") return json(200, { byStatus: [{ estado: "EN_ADUANAS", count: 3 }], perWeek: [{ weekStart: "2026-11-23", count: 3 }] });
    if (method === "PATCH" && url === "/api/clients/EX123456/whatsapp-sent") {
      welcomeSent = true;
      stats = { ...stats, pendingWhatsapp: stats.pendingWhatsapp - 1 };
      return json(200, { clientCode: "EX123456", whatsappEnviado: "ENVIADO", whatsappEnviadoAt: "2026-11-28T15:00:00.000Z" });
    }
    return json(404, { error: "No encontrado" });
  }, calls);
  vi.spyOn(window, "open").mockImplementation(() => null);
});
afterEach(() => {
  cleanUpAdminTest();
  vi.restoreAllMocks();
});

function renderSection(path = "/admin") {
  const location = memoryLocation({ path, record: true });
  renderAdmin(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        <ClientsSection />
      </Router>
    </QueryClientProvider>,
  );
}

const statsCalls = () => calls.filter((c) => c.method === "GET" && c.url === "/api/admin/clients/stats").length;
const listCalls = () => calls.filter((c) => c.method === "GET" && pathOf(c.url) === "/api/clients").map((c) => c.url);
const summary = () => within(screen.getByLabelText("Resumen"));
/** The figure of the stat card with this label. */
const card = (label: string) => summary().getByText(label).nextElementSibling?.textContent;

describe("Clientes' stat cards (decision 232)", () => {
  it("shows the business's counts from their own call and the clients shown from the list", async () => {
    renderSection();
    await waitFor(() => expect(card("WhatsApp pendientes")).toBe("57"));
    expect(card("Trackings activos")).toMatch(/^8\D?901$/);
    expect(card("Clientes registrados")).toBe("41");
    expect(statsCalls()).toBe(1);
  });

  it("asks for them once: a search and a filter ask only for the list", async () => {
    renderSection();
    await waitFor(() => expect(card("WhatsApp pendientes")).toBe("57"));
    fireEvent.change(screen.getByLabelText("Buscar"), { target: { value: "mora" } });
    await waitFor(() => expect(listCalls().some((u) => u.includes("q=mora"))).toBe(true));
    fireEvent.change(screen.getByLabelText("WhatsApp de bienvenida"), { target: { value: "pendientes" } });
    await waitFor(() => expect(listCalls().some((u) => u.includes("whatsapp=pendientes"))).toBe(true));
    // Filtering: the clients shown over the whole business's count, from the stats call.
    await waitFor(() => expect(card("Clientes mostrados")).toMatch(/^41 \/ 1\D?234$/));
    expect(statsCalls()).toBe(1);
  });

  it("counts again after a change made here: the welcome marked sent lowers 'WhatsApp pendientes'", async () => {
    renderSection();
    await waitFor(() => expect(card("WhatsApp pendientes")).toBe("57"));
    fireEvent.click(await screen.findByRole("button", { name: /Enviar WhatsApp/ }));
    await waitFor(() => expect(card("WhatsApp pendientes")).toBe("56"));
    expect(statsCalls()).toBe(2);
  });
});
