// @vitest-environment jsdom
// Caja y por cobrar against a stubbed server: the day's totals by method as cards, a staff
// member's collapsible list, the reversed payments apart, Anterior / Siguiente día and the staff
// filter asking for the right day and person, the Excel download; Cuentas por cobrar with age
// badges, the search and a client's due packages; no serious axe violations.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catchDownloads, cleanUpAdminTest, json, renderAdmin, stubFetch, type FetchCall } from "../../../test/admin-kit";
import { addDays, costaRicaDayKey, costaRicaDayStart } from "../../../../shared/domain/dates";
import { formatColones } from "../../../../shared/domain/format";
import type { TCashClosingResponse, TReceivableDetail, TReceivablesResponse } from "../../../../shared/api/admin/cash";
import { INVOICING_OFF_NOTE } from "../../../../shared/api/admin/invoices";
import { CashSection } from "./cash-section";

const calls: FetchCall[] = [];
const saved: string[] = [];
const today = costaRicaDayKey(new Date());
const yesterday = costaRicaDayKey(addDays(costaRicaDayStart(today), -1));

const payment = (id: number, over: Partial<TCashClosingResponse["byStaff"][number]["payments"][number]> = {}) => ({
  id,
  paidAt: "2026-11-26T15:00:00.000Z",
  clientCode: "EX123456",
  clientName: "Marta Solano Vega",
  method: "SINPE_MOVIL" as const,
  reference: "20261126001234",
  amountColones: 12_500,
  packages: ["1Z999AA10123456784", "LX123456789CN"],
  recordedByName: "Oficinista Uno",
  laterReversal: null,
  ...over,
});

/** Days closed by the stubbed server (decision 147). */
const closedDays = new Set<string>();
const closedInfo = { closedAt: "2026-11-26T23:00:00.000Z", closedByName: "Laura Oficina", totals: { SINPE_MOVIL: 12_500, EFECTIVO: 30_000, TARJETA: 0, TRANSFERENCIA: 0, total: 42_500 }, paymentCount: 2 };

/** The stubbed server's invoicing (issue 34): off, or on with today's comprobantes electrónicos. */
let invoicing: "on" | "off" = "off";
const KIND_TOTALS = [
  { documentType: "01" as const, typeLabel: "Factura electrónica", count: 1, amountColones: 30_000, rejected: 0 },
  { documentType: "04" as const, typeLabel: "Tiquete electrónico", count: 1, amountColones: 12_500, rejected: 1 },
  { documentType: "03" as const, typeLabel: "Nota de crédito electrónica", count: 0, amountColones: 0, rejected: 0 },
];
const comprobantesOf = (date: string): TCashClosingResponse["comprobantes"] =>
  invoicing === "off"
    ? { invoicing, items: [], totals: KIND_TOTALS.map((t) => ({ ...t, count: 0, amountColones: 0, rejected: 0 })) }
    : {
        invoicing,
        items:
          date === today
            ? [
                { id: 1, paymentId: 41, documentType: "04", typeLabel: "Tiquete electrónico", consecutivo: "00100001040000000007", clientCode: "EX123456", clientName: "Marta Solano Vega", amountColones: 12_500, state: "aceptado", stateLabel: "Aceptado", issuedAt: `${today}T15:00:00.000Z` },
                { id: 2, paymentId: 42, documentType: "01", typeLabel: "Factura electrónica", consecutivo: "00100001010000000003", clientCode: "EX654321", clientName: "Óscar Núñez", amountColones: 30_000, state: "pendiente", stateLabel: "Pendiente", issuedAt: `${today}T16:00:00.000Z` },
                { id: 3, paymentId: 43, documentType: "04", typeLabel: "Tiquete electrónico", consecutivo: null, clientCode: "EX111111", clientName: "Pedro Sin Datos", amountColones: 4_000, state: "rechazado", stateLabel: "Rechazado", issuedAt: `${today}T17:00:00.000Z` },
              ]
            : [],
        totals: date === today ? KIND_TOTALS : KIND_TOTALS.map((t) => ({ ...t, count: 0, amountColones: 0, rejected: 0 })),
      };

const closing = (date: string): TCashClosingResponse => ({
  date,
  comprobantes: comprobantesOf(date),
  totals: { SINPE_MOVIL: 12_500, EFECTIVO: 30_000, TARJETA: 0, TRANSFERENCIA: 0, total: 42_500 },
  byStaff: [
    {
      accountId: 2,
      staffName: "Oficinista Uno",
      totals: { SINPE_MOVIL: 12_500, EFECTIVO: 30_000, TARJETA: 0, TRANSFERENCIA: 0, total: 42_500 },
      payments: [
        // Yesterday (closed): receipt 41 was reversed today, and still counts on its day.
        payment(41, date === yesterday ? { laterReversal: { reversedAt: `${today}T15:00:00.000Z`, reversedByName: "Dueña", reversalReason: "Billete falso", countedOn: today } } : {}),
        payment(42, { method: "EFECTIVO", reference: null, amountColones: 30_000, packages: ["EIC0001"] }),
      ],
    },
  ],
  reversed: [{ ...payment(40, { amountColones: 9_000 }), reversedAt: "2026-11-26T16:00:00.000Z", reversedByName: "Dueña", reversalReason: "Referencia equivocada" }],
  closedDayReversals:
    date === today
      ? [{ ...payment(39, { amountColones: 5_000, paidAt: `${yesterday}T15:00:00.000Z` }), reversedAt: `${today}T15:00:00.000Z`, reversedByName: "Dueña", reversalReason: "Billete falso" }]
      : [],
  closing: closedDays.has(date) ? closedInfo : null,
  staffOptions: [
    { accountId: 1, staffName: "Dueña" },
    { accountId: 2, staffName: "Oficinista Uno" },
  ],
});

const receivables: TReceivablesResponse = {
  items: [
    { clientCode: "EX000001", nombre: "Bernardo Núñez", telefono: "+50688880001", totalDueColones: 8_000, packages: 1, oldestSince: "2026-10-10T15:00:00.000Z", daysDue: 47 },
    { clientCode: "EX000002", nombre: "Ana Mora Solís", telefono: "+50688880002", totalDueColones: 11_000, packages: 2, oldestSince: "2026-11-10T15:00:00.000Z", daysDue: 16 },
    { clientCode: "EX000003", nombre: "Carla Pérez", telefono: "+50688880003", totalDueColones: 2_000, packages: 1, oldestSince: "2026-11-24T15:00:00.000Z", daysDue: 2 },
    { clientCode: "EX000004", nombre: "Diego Rojas", telefono: "+50688880004", totalDueColones: 5_000, packages: 1, oldestSince: null, daysDue: null },
  ],
  page: 1,
  pageSize: 20,
  totals: { totalDueColones: 26_000, clients: 4 },
};

const detail: TReceivableDetail = {
  clientCode: "EX000002",
  nombre: "Ana Mora Solís",
  telefono: "+50688880002",
  totalDueColones: 11_000,
  packages: [
    { id: 5, trackingCode: "1Z999AA10000000001", estado: "ENTREGADO", origen: "USA", totalColones: 10_000, pagadoColones: 4_000, saldoColones: 6_000, since: "2026-11-10T15:00:00.000Z" },
    { id: 6, trackingCode: "LX000000002CN", estado: "EN_ADUANAS", origen: "CHINA", totalColones: 5_000, pagadoColones: 0, saldoColones: 5_000, since: null },
  ],
};

const server = (_method: string, url: string, body?: unknown): Response => {
  const u = new URL(url, "http://x");
  if (u.pathname === "/api/admin/cash/closing") return json(200, closing(u.searchParams.get("date") ?? today));
  if (_method === "POST" && u.pathname === "/api/admin/cash/closings") {
    const { date } = body as { date: string };
    closedDays.add(date);
    return json(201, closing(date));
  }
  if (u.pathname === "/api/admin/cash/closing.xlsx") {
    return new Response("xlsx", { status: 200, headers: { "content-disposition": `attachment; filename="cierre-caja-${u.searchParams.get("date")}.xlsx"` } });
  }
  if (u.pathname === "/api/admin/cash/receivables") return json(200, receivables);
  if (u.pathname === "/api/admin/cash/receivables/EX000002") return json(200, detail);
  return json(404, { message: "no" });
};

beforeEach(() => {
  invoicing = "off";
  closedDays.clear();
  closedDays.add(yesterday);
  window.history.replaceState(null, "", "/admin/caja");
  stubFetch(server, calls);
  catchDownloads(saved);
});
afterEach(() => {
  cleanUpAdminTest();
  vi.restoreAllMocks();
});

const serious = async () =>
  (await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } })).violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);

describe("Cierre de caja", () => {
  it("shows today's totals by method, a staff member's list behind a collapsible total, and the reversed apart", async () => {
    renderAdmin(<CashSection />);
    const totals = await screen.findByRole("region", { name: /Total del día/ });
    expect(within(totals).getByText("SINPE Móvil").nextSibling?.textContent).toBe(formatColones(12_500));
    expect(within(totals).getByText("Efectivo").nextSibling?.textContent).toBe(formatColones(30_000));
    expect(within(totals).getByText("Total del día").nextSibling?.textContent).toBe(formatColones(42_500));
    expect(calls[0].url).toBe(`/api/admin/cash/closing?date=${today}`);

    const staff = screen.getByText("Oficinista Uno", { selector: "summary span" }).closest("details")!;
    expect(staff.open).toBe(false);
    fireEvent.click(within(staff).getByText("Oficinista Uno"));
    expect(within(staff).getByText(/Recibo 41/)).toBeTruthy();
    expect(within(staff).getByText("1Z999AA10123456784, LX123456789CN")).toBeTruthy();

    const reversed = screen.getByRole("region", { name: "Pagos revertidos (no suman)" });
    expect(within(reversed).getByText(/Recibo 40/)).toBeTruthy();
    expect(within(reversed).getByText("Revertido por Dueña: Referencia equivocada")).toBeTruthy();
    expect(await serious()).toEqual([]);
  });

  it("closes the day after asking; a closed day says who closed it; reversals of closed days' payments are shown on both days", async () => {
    renderAdmin(<CashSection />);
    await screen.findByRole("region", { name: /Total del día/ });
    expect(screen.getByText(/Caja abierta/)).toBeTruthy();
    const minus = screen.getByRole("region", { name: "Reversiones de pagos de días cerrados (restan en este día)" });
    expect(minus.textContent).toContain(formatColones(-5_000));
    expect(within(minus).getByText(/Pago del .* \(caja cerrada\), revertido por Dueña: Billete falso/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Cerrar caja del día" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(/no se podrá registrar, revertir ni cambiar ningún pago/)).toBeTruthy();
    expect(await serious()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cerrar caja" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.url === "/api/admin/cash/closings")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ date: today });
    const closed = await screen.findByRole("region", { name: "Caja cerrada" });
    expect(within(closed).getByText(/Caja cerrada por Laura Oficina el/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cerrar caja del día" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: /Anterior/ }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/admin/cash/closing?date=${yesterday}`)).toBe(true));
    const staff = (await screen.findByText("Oficinista Uno", { selector: "summary span" })).closest("details")!;
    fireEvent.click(within(staff).getByText("Oficinista Uno"));
    expect(within(staff).getByText(/Revertido el .* por Dueña: Billete falso\. Sigue sumando en este día/)).toBeTruthy();
    expect(await serious()).toEqual([]);
  });

  it("moves a day back and forth, filters by person and downloads the day's Excel", async () => {
    renderAdmin(<CashSection />);
    await screen.findByRole("region", { name: /Total del día/ });
    expect((screen.getByRole("button", { name: /Siguiente día/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: /Anterior/ }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/admin/cash/closing?date=${yesterday}`)).toBe(true));
    expect((screen.getByLabelText("Día") as HTMLInputElement).value).toBe(yesterday);

    fireEvent.change(screen.getByLabelText("Persona"), { target: { value: "1" } });
    await waitFor(() => expect(calls.some((c) => c.url === `/api/admin/cash/closing?date=${yesterday}&staff=1`)).toBe(true));

    fireEvent.click(screen.getByRole("button", { name: /Siguiente día/ }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/admin/cash/closing?date=${today}&staff=1`)).toBe(true));

    fireEvent.click(screen.getByRole("button", { name: /Descargar Excel/ }));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith("/api/admin/cash/closing.xlsx"))).toBe(true));
    await waitFor(() => expect(saved).toEqual([`cierre-caja-${today}.xlsx`]));
    expect(calls.some((c) => c.url === `/api/admin/cash/closing.xlsx?date=${today}&staff=1`)).toBe(true);
  });
});

describe("Comprobantes electrónicos of the day (issue 34 item 6)", () => {
  it("lists kind, consecutivo, client, amount and state, with totals per kind; no serious axe violations", async () => {
    invoicing = "on";
    renderAdmin(<CashSection />);
    const section = await screen.findByRole("region", { name: "Comprobantes electrónicos" });
    const totals = within(section).getByRole("list", { name: "Totales por tipo (los rechazados no suman)" });
    expect(within(totals).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      `Factura electrónica1 emitido · ${formatColones(30_000)}`,
      `Tiquete electrónico1 emitido · ${formatColones(12_500)}1 rechazado`,
      `Nota de crédito electrónica0 emitidos · ${formatColones(0)}`,
    ]);
    const rows = within(section).getAllByRole("listitem").filter((li) => !totals.contains(li));
    expect(rows.map((r) => r.textContent)).toEqual([
      `Tiquete electrónico${formatColones(12_500)}00100001040000000007AceptadoMarta Solano Vega · EX123456 · Recibo 41`,
      `Factura electrónica${formatColones(30_000)}00100001010000000003PendienteÓscar Núñez · EX654321 · Recibo 42`,
      `Tiquete electrónico${formatColones(4_000)}sin númeroRechazadoPedro Sin Datos · EX111111 · Recibo 43`,
    ]);
    expect(screen.queryByText(INVOICING_OFF_NOTE)).toBeNull();
    expect(await serious()).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: /Anterior/ }));
    expect(await screen.findByText("No se emitieron comprobantes electrónicos este día")).toBeTruthy();
  });

  it("with invoicing off: one line says so, no box", async () => {
    renderAdmin(<CashSection />);
    await screen.findByRole("region", { name: /Total del día/ });
    expect(screen.getByText(INVOICING_OFF_NOTE)).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Comprobantes electrónicos" })).toBeNull();
    expect(screen.queryByRole("list", { name: /Totales por tipo/ })).toBeNull();
  });
});

describe("Cuentas por cobrar", () => {
  it("lists clients with age badges and totals, searches, and opens a client's due packages", async () => {
    renderAdmin(<CashSection />);
    await screen.findByRole("region", { name: /Total del día/ });
    const tab = screen.getByRole("tab", { name: "Cuentas por cobrar" });
    fireEvent.mouseDown(tab, { button: 0 });
    fireEvent.click(tab);
    const list = await screen.findByRole("list", { name: "Clientes con saldo" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.querySelector("p")!.textContent)).toEqual([
      "Bernardo Núñez · EX000001",
      "Ana Mora Solís · EX000002",
      "Carla Pérez · EX000003",
      "Diego Rojas · EX000004",
    ]);
    expect(within(rows[0]).getByText("47 días").getAttribute("title")).toBe("> 30 días");
    expect(within(rows[1]).getByText("16 días").getAttribute("title")).toBe("8–30 días");
    expect(within(rows[2]).getByText("2 días").getAttribute("title")).toBe("0–7 días");
    expect(within(rows[3]).getByText("Aún no listo para entregar")).toBeTruthy();
    expect(screen.getByText((_, el) => el?.tagName === "SPAN" && el.textContent === `Total por cobrar: ${formatColones(26_000)}`)).toBeTruthy();
    expect(screen.getByText(/4 clientes/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Buscar cliente (nombre, código o teléfono)"), { target: { value: "ana" } });
    await waitFor(() => expect(calls.some((c) => c.url === "/api/admin/cash/receivables?search=ana&page=1&pageSize=20")).toBe(true));

    fireEvent.click(within(rows[1]).getByRole("button", { name: "Ver paquetes de Ana Mora Solís" }));
    const dialog = await screen.findByRole("dialog", { name: "Ana Mora Solís · EX000002" });
    expect(await within(dialog).findByText("1Z999AA10000000001")).toBeTruthy();
    expect(within(dialog).getByText(formatColones(6_000).replace(/\s/g, " "))).toBeTruthy();
    expect(within(dialog).getByText(/Aún no listo para entregar/)).toBeTruthy();
    expect(await serious()).toEqual([]);
  });
});
