// @vitest-environment jsdom
// Reporte de bodega (issue 32 item 8) against a stubbed server: today's report by default with
// its four sections (Sin dueño by age band, the reasons "Sin peso" / "Sin monto"), Anterior asks
// for the day before and keeps it in the address, "Descargar Excel" saves the server's file; no
// serious axe violations.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catchDownloads, cleanUpAdminTest, json, renderAdmin, stubFetch, type FetchCall } from "../../../test/admin-kit";
import { addDays, costaRicaDayKey, costaRicaDayStart } from "../../../../shared/domain/dates";
import type { TReportPackage, TWarehouseReport } from "../../../../shared/api/admin/warehouse-report";
import { WarehouseReportSection } from "./report-section";

const calls: FetchCall[] = [];
const saved: string[] = [];
const today = costaRicaDayKey(new Date());
const yesterday = costaRicaDayKey(addDays(costaRicaDayStart(today), -1));

const pkg = (id: number, over: Partial<TReportPackage> = {}): TReportPackage => ({
  id,
  trackingCode: `1Z999AA1012345678${id}`,
  clientCode: "EX4K7P2M",
  clientName: "Laura Jiménez",
  estado: "EN_BODEGA_MIAMI",
  origen: "USA",
  formaEnvio: "AVION",
  receivedAt: "2026-11-26T15:00:00.000Z",
  pesoGramos: 1200,
  pieCubicos: null,
  montoColones: 9500,
  days: 0,
  ...over,
});

const reportOf = (date: string): TWarehouseReport => ({
  date,
  generatedAt: "2026-11-26T18:00:00.000Z",
  received: { total: 1, rows: [pkg(1)] },
  notShipped: { total: 2, rows: [pkg(1), pkg(2, { days: 4 })] },
  unclaimed: {
    total: 2,
    bands: [
      { key: "0-2", label: "0 a 2 días", count: 1, rows: [{ id: 7, trackingCode: "TBA000111", carrier: "Amazon", clientCodeHint: null, pesoGramos: 300, receivedAt: "2026-11-26T15:00:00.000Z", days: 0 }] },
      { key: "3-7", label: "3 a 7 días", count: 0, rows: [] },
      { key: "8-30", label: "8 a 30 días", count: 0, rows: [] },
      { key: "31+", label: "Más de 30 días", count: 1, rows: [{ id: 8, trackingCode: "TBA000222", carrier: null, clientCodeHint: "EX9Q8R7T", pesoGramos: null, receivedAt: "2026-10-01T15:00:00.000Z", days: 56 }] },
    ],
  },
  missing: { total: 1, rows: [{ ...pkg(3, { pesoGramos: null, montoColones: null }), motivo: "Sin peso" }] },
});

beforeEach(() => {
  window.history.replaceState(null, "", "/admin/reporte-bodega");
  stubFetch((_method, url) => {
    const u = new URL(url, "http://localhost");
    if (u.pathname === "/api/admin/warehouse/report") return json(200, reportOf(u.searchParams.get("date") ?? today));
    if (u.pathname === "/api/admin/warehouse/report.xlsx") {
      return new Response("xlsx", { status: 200, headers: { "content-disposition": `attachment; filename="reporte-bodega-${u.searchParams.get("date")}.xlsx"` } });
    }
    return json(404, { message: "no" });
  }, calls);
  catchDownloads(saved);
});
afterEach(() => {
  cleanUpAdminTest();
  vi.restoreAllMocks();
});

describe("Reporte de bodega", () => {
  it("shows today's four sections, moves a day back and downloads that day's Excel", async () => {
    renderAdmin(<WarehouseReportSection />);
    const received = await screen.findByRole("region", { name: /Recibidos el día .*: 1/ });
    expect(within(received).getByText("1Z999AA10123456781")).toBeTruthy();
    expect(calls[0].url).toBe(`/api/admin/warehouse/report?date=${today}`);
    expect(screen.getByRole("region", { name: "Recibidos sin embarque: 2" })).toBeTruthy();
    const unclaimed = screen.getByRole("region", { name: "Sin dueño por antigüedad: 2" });
    expect(within(unclaimed).getByText("Más de 30 días").nextSibling?.textContent).toBe("1");
    expect(within(unclaimed).getByText("TBA000222")).toBeTruthy();
    const missing = screen.getByRole("region", { name: "Sin peso o sin monto: 1" });
    expect(within(missing).getByText("Sin peso")).toBeTruthy();
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    expect((screen.getByRole("button", { name: /Siguiente día/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: /Anterior/ }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/admin/warehouse/report?date=${yesterday}`)).toBe(true));
    expect((screen.getByLabelText("Día") as HTMLInputElement).value).toBe(yesterday);
    expect(window.location.search).toBe(`?fecha=${yesterday}`);

    fireEvent.click(screen.getByRole("button", { name: /Descargar Excel/ }));
    await waitFor(() => expect(saved).toEqual([`reporte-bodega-${yesterday}.xlsx`]));
    expect(calls.some((c) => c.url === `/api/admin/warehouse/report.xlsx?date=${yesterday}`)).toBe(true);
  });

  it("an impossible day in the address falls back to today", async () => {
    window.history.replaceState(null, "", "/admin/reporte-bodega?fecha=2026-02-30");
    renderAdmin(<WarehouseReportSection />);
    await screen.findByRole("region", { name: /Recibidos el día/ });
    expect(calls[0].url).toBe(`/api/admin/warehouse/report?date=${today}`);
  });
});
