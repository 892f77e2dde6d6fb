// @vitest-environment jsdom
// Pagos against a stubbed server: a pending SINPE receipt with the client's due packages
// (amounts prefilled with each balance) is confirmed with the ticked amounts, or rejected with a
// reason; "Registrar pago" finds the client's balances and records a SINPE payment (the reference
// required); the list shows a reversed payment struck with its reason and reverses another with
// a reason; the ChargesDialog adds a line. No serious axe violations.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanUpAdminTest, json, renderAdmin, staffSessionFixture, stubFetch, testAdminSession, type FetchCall } from "../../../test/admin-kit";
import { ChargesDialog } from "../../../components/charges-dialog";
import { formatColones } from "../../../../shared/domain/format";
import { addDays, costaRicaDayKey, costaRicaDayStart } from "../../../../shared/domain/dates";
import { EXTRA_CHARGE_LABELS } from "../../../../shared/domain/charges";
import {
  AMOUNT_INVALID,
  PAID_AT_HINT,
  PAID_AT_REASON_REQUIRED,
  PAID_AT_WINDOW_DAYS,
  REFERENCE_REQUIRED,
  REVERSAL_REASON_REQUIRED,
  proofConfirmQuestion,
  type TChargesResponse,
  type TDuePackage,
  type TPayment,
  type TPaymentSummary,
  type TProof,
} from "../../../../shared/api/admin/payments";
import { PaymentsSection } from "./payments-section";

const due = (over: Partial<TDuePackage> = {}): TDuePackage => ({
  id: 11,
  trackingCode: "1Z999AA10123456784",
  descripcion: "Zapatos",
  estado: "LISTO_PARA_ENTREGAR",
  origen: "USA",
  totalColones: 12_000,
  pagadoColones: 0,
  saldoColones: 12_000,
  ...over,
});

const proof: TProof = {
  id: 5,
  clientCode: "EX123456",
  clientName: "Marta Solano Vega",
  trackingId: 11,
  forLabel: "1Z999AA10123456784",
  imageUrl: "/objects/uploads/abc.png",
  reference: "FT-778",
  estado: "PENDIENTE",
  createdAt: "2026-11-25T15:00:00.000Z",
  rejectReason: null,
  paymentId: null,
  due: [due(), due({ id: 12, trackingCode: "LX123456789CN", saldoColones: 4_500, totalColones: 4_500 })],
};

const summary = (over: Partial<TPaymentSummary> = {}): TPaymentSummary => ({
  id: 41,
  receiptNumber: "000041",
  clientCode: "EX123456",
  clientName: "Marta Solano Vega",
  method: "EFECTIVO",
  reference: null,
  amountColones: 3_000,
  paidAt: "2026-11-25T16:00:00.000Z",
  recordedByName: "Laura Oficina",
  reversedAt: null,
  reversedByName: null,
  reversalReason: null,
  reversalCountedOn: null,
  trackingCodes: ["1Z999AA10123456784"],
  ...over,
});

const payment = (id: number): TPayment => ({
  ...summary({ id, receiptNumber: String(id).padStart(6, "0") }),
  clientId: 1,
  currency: "CRC",
  paidAtReason: null,
  notas: null,
  createdAt: "2026-11-26T15:00:00.000Z",
  proofId: null,
  allocations: [],
});

const charges: TChargesResponse = {
  trackingId: 11,
  trackingCode: "1Z999AA10123456784",
  lines: [{ kind: "FLETE", description: "Flete", amountColones: 12_000, chargeId: null }],
  totalColones: 12_000,
  pagadoColones: 0,
  saldoColones: 12_000,
  payments: [],
};

const calls: FetchCall[] = [];
const server = (method: string, url: string, body: unknown): Response => {
  if (url.startsWith("/api/admin/payment-proofs?")) return json(200, { items: [proof] });
  if (url === "/api/admin/payment-proofs/5/confirm") return json(201, { payment: payment(90) });
  if (url === "/api/admin/payment-proofs/5/reject") return json(200, { id: 5, estado: "RECHAZADO" });
  if (url.startsWith("/api/admin/payments/due")) return json(200, { client: { id: 1, clientCode: "EX123456", nombre: "Marta Solano Vega" }, packages: proof.due });
  if (method === "POST" && url === "/api/admin/payments") return json(201, { payment: payment(91) });
  if (url === "/api/admin/payments/41/reverse") return json(200, { payment: payment(41) });
  if (url.startsWith("/api/admin/payments")) {
    const items = [summary(), summary({ id: 40, receiptNumber: "000040", reversedAt: "2026-11-25T17:00:00.000Z", reversedByName: "Ana Dueña", reversalReason: "Monto equivocado" })];
    return json(200, { items: items.map((i) => ({ ...i, comprobantes: [] })), invoicing: "off", total: 2, page: 1, pageSize: 25 });
  }
  if (url === "/api/admin/trackings/11/charges" && method === "GET") return json(200, charges);
  if (url === "/api/admin/trackings/11/charges" && method === "POST") {
    const { lines } = body as { lines: { kind: "IMPUESTOS" | "ENTREGA"; description: string; amountColones: number }[] };
    const added = lines.reduce((sum, l) => sum + l.amountColones, 0);
    return json(201, {
      ...charges,
      lines: [...charges.lines, ...lines.map((l, i) => ({ ...l, chargeId: 3 + i }))],
      totalColones: 12_000 + added,
      saldoColones: 12_000 + added,
    });
  }
  return json(404, { message: "no" });
};

beforeEach(() => stubFetch(server, calls));
afterEach(cleanUpAdminTest);
const render = () => renderAdmin(<PaymentsSection />, testAdminSession({ staff: staffSessionFixture("oficina") }));

describe("Pagos", () => {
  it("confirms a receipt with the ticked packages and their prefilled balances; no serious axe violations", async () => {
    render();
    const list = await screen.findByRole("region", { name: /Comprobantes por revisar/ });
    const item = (await within(list).findByText("Marta Solano Vega", { exact: false })).closest("li")!;
    expect(within(item).getByRole("img", { name: /Comprobante SINPE/ }).getAttribute("src")).toBe("/objects/uploads/abc.png");
    expect((within(item).getByLabelText("Referencia SINPE") as HTMLInputElement).value).toBe("FT-778");
    // The receipt names one package: that one is ticked with its balance; the other is not.
    expect((within(item).getByLabelText("Monto 1Z999AA10123456784") as HTMLInputElement).value).toBe("12000");
    const other = within(item).getByRole("checkbox", { name: /LX123456789CN/ }) as HTMLInputElement;
    expect(other.checked).toBe(false);
    fireEvent.click(other);
    fireEvent.change(within(item).getByLabelText("Monto LX123456789CN"), { target: { value: "2000" } });
    expect(within(item).getByText(`Monto: ${formatColones(14_000)}`.replace(/\s/g, " "))).toBeTruthy();
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    fireEvent.click(within(item).getByRole("button", { name: /Confirmar comprobante/ }));
    // Issue 32: confirming a receipt asks first, naming the amount, reference and client.
    const ask = await screen.findByRole("alertdialog");
    expect(within(ask).getByText(proofConfirmQuestion(formatColones(14_000), "FT-778", "Marta Solano Vega · EX123456").replace(/\s/g, " "))).toBeTruthy();
    expect(calls.some((c) => c.url === "/api/admin/payment-proofs/5/confirm")).toBe(false);
    fireEvent.click(within(ask).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/admin/payment-proofs/5/confirm")).toBe(true));
    expect(calls.find((c) => c.url === "/api/admin/payment-proofs/5/confirm")!.body).toEqual({
      reference: "FT-778",
      allocations: [
        { trackingId: 11, amountColones: 12_000 },
        { trackingId: 12, amountColones: 2_000 },
      ],
    });
    expect(await screen.findAllByText("Pago registrado: recibo N.º 000090")).not.toHaveLength(0);
  });

  it("rejects a receipt only with a reason", async () => {
    render();
    fireEvent.click(await screen.findByRole("button", { name: /Rechazar comprobante/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Rechazar" }));
    expect(await within(dialog).findByText(/Escribe el motivo del rechazo/)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith("/reject"))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText("Motivo del rechazo"), { target: { value: "No se ve el monto" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Rechazar" }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith("/reject"))?.body).toEqual({ reason: "No se ve el monto" }));
  });

  it("records a SINPE payment for a client's due packages; the reference is required; the receipt is offered", async () => {
    render();
    const form = await screen.findByRole("region", { name: "Registrar pago" });
    fireEvent.change(within(form).getByLabelText("Código de cliente"), { target: { value: "ex123456" } });
    fireEvent.click(within(form).getByRole("button", { name: "Buscar saldos" }));
    const pkg = await within(form).findByRole("checkbox", { name: /1Z999AA10123456784/ });
    expect(calls.some((c) => c.url === "/api/admin/payments/due?clientCode=EX123456")).toBe(true);
    // Issue 32: "Cobro" is drawn as a button (bordered), not as plain text.
    const cobro = within(form).getByRole("button", { name: "Cobro del paquete 1Z999AA10123456784" });
    expect(cobro.textContent).toBe("Cobro");
    expect(cobro.className).toContain("border-primary");
    fireEvent.click(pkg);
    fireEvent.click(within(form).getByRole("button", { name: "Registrar pago" }));
    expect(await within(form).findByText(REFERENCE_REQUIRED)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Referencia SINPE"), { target: { value: "ft-1" } });
    fireEvent.click(within(form).getByRole("button", { name: "Registrar pago" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.url === "/api/admin/payments")).toBe(true));
    expect(calls.find((c) => c.method === "POST" && c.url === "/api/admin/payments")!.body).toMatchObject({
      clientCode: "EX123456",
      method: "SINPE_MOVIL",
      reference: "ft-1",
      allocations: [{ trackingId: 11, amountColones: 12_000 }],
    });
    expect(await within(form).findByRole("button", { name: "Recibo N.º 000091" })).toBeTruthy();
  });

  it("a date before the window: Oficina's picker stops at the window; the Dueño is asked for the reason, which is sent", async () => {
    const windowStart = costaRicaDayKey(addDays(costaRicaDayStart(costaRicaDayKey(new Date())), -PAID_AT_WINDOW_DAYS));
    const older = costaRicaDayKey(addDays(costaRicaDayStart(windowStart), -3));
    const open = async () => {
      const form = await screen.findByRole("region", { name: "Registrar pago" });
      fireEvent.change(within(form).getByLabelText("Código de cliente"), { target: { value: "ex123456" } });
      fireEvent.click(within(form).getByRole("button", { name: "Buscar saldos" }));
      fireEvent.click(await within(form).findByRole("checkbox", { name: /1Z999AA10123456784/ }));
      fireEvent.change(within(form).getByLabelText("Método de pago"), { target: { value: "EFECTIVO" } });
      return form;
    };
    render();
    let form = await open();
    expect((within(form).getByLabelText("Fecha de pago") as HTMLInputElement).min).toBe(windowStart);
    expect(within(form).getByText(PAID_AT_HINT)).toBeTruthy();
    cleanUpAdminTest();
    stubFetch(server, calls);

    renderAdmin(<PaymentsSection />, testAdminSession({ staff: staffSessionFixture("dueno") }));
    form = await open();
    expect((within(form).getByLabelText("Fecha de pago") as HTMLInputElement).min).toBe("");
    fireEvent.change(within(form).getByLabelText("Fecha de pago"), { target: { value: older } });
    fireEvent.click(within(form).getByRole("button", { name: "Registrar pago" }));
    expect(await within(form).findByText(PAID_AT_REASON_REQUIRED)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.url === "/api/admin/payments")).toBe(false);
    fireEvent.change(within(form).getByLabelText("Motivo de la fecha anterior"), { target: { value: "Depósito que llegó tarde" } });
    fireEvent.click(within(form).getByRole("button", { name: "Registrar pago" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.url === "/api/admin/payments")).toBe(true));
    expect(calls.find((c) => c.method === "POST" && c.url === "/api/admin/payments")!.body).toMatchObject({ paidAt: older, paidAtReason: "Depósito que llegó tarde" });
  });

  it("lists payments, a reversed one struck with its reason; Revertir asks for the reason", async () => {
    render();
    const list = await screen.findByRole("region", { name: "Pagos registrados" });
    expect(await within(list).findByText(/Monto equivocado/)).toBeTruthy();
    expect(within(list).queryByRole("button", { name: "Revertir N.º 000040" })).toBeNull();
    fireEvent.click(within(list).getByRole("button", { name: "Revertir N.º 000041" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Revertir" }));
    expect(await within(dialog).findByText(REVERSAL_REASON_REQUIRED)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Motivo"), { target: { value: "Se cobró dos veces" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Revertir" }));
    await waitFor(() => expect(calls.find((c) => c.url === "/api/admin/payments/41/reverse")?.body).toEqual({ reason: "Se cobró dos veces" }));
  });
});

describe("ChargesDialog", () => {
  it("lists the lines and the stored total, and adds several extra lines at once", async () => {
    renderAdmin(<ChargesDialog trackingId={11} trackingCode="1Z999AA10123456784" onClose={() => undefined} />, testAdminSession({ staff: staffSessionFixture("oficina") }));
    const dialog = await screen.findByRole("dialog", { name: "Cobro del paquete" });
    expect(await within(dialog).findByText("Flete")).toBeTruthy();
    // Issue 32: a second line before sending; both go in one call.
    fireEvent.click(within(dialog).getByRole("button", { name: "Otra línea" }));
    const second = within(dialog).getByRole("group", { name: "Cargo 2" });
    fireEvent.change(within(second).getByLabelText("Tipo"), { target: { value: "ENTREGA" } });
    fireEvent.change(within(second).getByLabelText("Monto (₡)"), { target: { value: "2500" } });
    // An empty amount is refused on its own line, nothing sent.
    fireEvent.click(within(dialog).getByRole("button", { name: "Agregar 2 cargos" }));
    expect(within(within(dialog).getByRole("group", { name: "Cargo 1" })).getByText(AMOUNT_INVALID.replace(/\s/g, " "))).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.change(within(within(dialog).getByRole("group", { name: "Cargo 1" })).getByLabelText("Monto (₡)"), { target: { value: "1500" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Agregar 2 cargos" }));
    expect(await within(dialog).findByRole("button", { name: "Quitar Impuestos de aduana" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      {
        lines: [
          { kind: "IMPUESTOS", description: "Impuestos de aduana", amountColones: 1500 },
          { kind: "ENTREGA", description: EXTRA_CHARGE_LABELS.ENTREGA, amountColones: 2500 },
        ],
      },
    ]);
    expect(within(dialog).getAllByText(formatColones(16_000).replace(/\s/g, " ")).length).toBeGreaterThan(0);
    // The form is back to one empty line.
    expect(within(dialog).queryByRole("group", { name: "Cargo 2" })).toBeNull();
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });
});
