// @vitest-environment jsdom
// The client's statement on /rastreo (issue 21) against a stubbed server: each card's stored
// amount with "Pagado" / "Pendiente ₡X" / "Pago parcial: ₡X pendiente" and its lines behind
// "Ver detalle"; the statement card (total due, how to pay with the brand's SINPE Móvil and the
// client code, receipts with their state), hidden when nothing is due and nothing was sent; the
// receipt dialog (photo required, reference checked, sent, toast, list asked again); axe clean.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../components/ui/toast";
import { getQueryFn } from "../../lib/api";
import { DEFAULT_BRAND } from "../../../shared/brand";
import { formatColones } from "../../../shared/domain/format";
import type { TClientCharge, TClientStatement, TClientTracking } from "../../../shared/api/trackings";
import { PROOF_IMAGE_REQUIRED, PROOF_REFERENCE_INVALID, PROOF_SENT_TITLE, type TClientPaymentProof } from "../../../shared/api/payments";
import { ClientPortal } from "./client-portal";
import { PackageCard } from "./package-card";
import { clientTrackingFixture } from "../../test/portal-kit";

type Call = { method: string; url: string; body: unknown };
const calls: Call[] = [];
let answer: (method: string, url: string, body: unknown) => Response | undefined;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
/** formatColones as testing-library's matchers read it (the no-break space normalised to a space). */
const shown = (n: number) => formatColones(n).replace(/\s/g, " ");
const UPLOAD_NAME = "0123456789abcdef0123456789abcdef";

beforeEach(() => {
  calls.length = 0;
  window.HTMLElement.prototype.scrollIntoView = vi.fn();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
      calls.push({ method, url, body });
      const given = answer(method, url, body);
      if (given) return given;
      if (url === "/api/upload/image-url") return json(200, { uploadURL: `http://localhost/api/upload/objects/${UPLOAD_NAME}?expires=1&signature=s` });
      if (method === "PUT") return json(200, { objectPath: `/objects/uploads/${UPLOAD_NAME}` });
      if (url.startsWith("/api/coupons/")) return json(200, { available: [], used: [], expired: [] });
      if (url.startsWith("/api/referrals/")) return json(200, { referrals: [], totalCompleted: 0 });
      return json(404, { message: "no" });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const charge = (over: Partial<TClientCharge> = {}): TClientCharge => ({
  lineas: [
    { kind: "FLETE", description: "Flete", amountColones: 10_000 },
    { kind: "DESCUENTO", description: "Cupón 10 %", amountColones: -1_000 },
    { kind: "IMPUESTOS", description: "Impuestos DUA", amountColones: 2_500 },
  ],
  totalColones: 11_500,
  pagadoColones: 0,
  saldoColones: 11_500,
  ...over,
});

const tracking = (over: Partial<TClientTracking> = {}): TClientTracking =>
  clientTrackingFixture({
    id: 7,
    estado: "LISTO_PARA_ENTREGAR",
    montoColones: 10_000,
    createdAt: "2026-11-01T15:00:00.000Z",
    lastEventAt: "2026-11-20T15:00:00.000Z",
    history: [],
    cargo: charge(),
    ...over,
  });

const proof = (over: Partial<TClientPaymentProof>): TClientPaymentProof => ({
  id: 1,
  trackingId: null,
  trackingCode: null,
  estado: "PENDIENTE",
  createdAt: "2026-11-25T15:00:00.000Z",
  rejectReason: null,
  ...over,
});

const seriousViolations = async () =>
  (await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } })).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => v.id);

describe("PackageCard's charge", () => {
  const renderCard = (t: TClientTracking, onSendProof = vi.fn()) => {
    render(<PackageCard tracking={t} client={{ nombre: "Marta", clientCode: "EXAB12CD" }} highlighted={false} onEdit={() => {}} onDelete={() => {}} onSendProof={onSendProof} />);
    return onSendProof;
  };

  it("shows the stored total and 'Pendiente ₡X', the lines behind 'Ver detalle', and offers a receipt for it", async () => {
    const onSendProof = renderCard(tracking());
    const card = screen.getByRole("article", { name: "1Z999AA10123456784" });
    expect(within(card).getByText(shown(11_500), { selector: "strong" })).toBeTruthy();
    expect(screen.getByTestId("charge-status").textContent).toBe(`Pendiente ${formatColones(11_500)}`);
    expect(screen.getByText("Impuestos DUA").closest("dl")!.hidden).toBe(true);
    const toggle = screen.getByRole("button", { name: "Ver detalle" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText("Impuestos DUA").closest("dl")!.hidden).toBe(false);
    const lines = [...document.querySelectorAll(`#cargo-7 > div`)].map((row) => row.textContent);
    expect(lines).toEqual([
      `Flete${formatColones(10_000)}`,
      `Cupón 10 %${formatColones(-1_000)}`,
      `Impuestos DUA${formatColones(2_500)}`,
      `Total${formatColones(11_500)}`,
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Enviar comprobante de 1Z999AA10123456784" }));
    expect(onSendProof).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
    expect(await seriousViolations()).toEqual([]);
  });

  it("says 'Pago parcial: ₡X pendiente', 'Pagado' (no receipt button), a credit, and nothing without an amount", () => {
    renderCard(tracking({ cargo: charge({ pagadoColones: 5_000, saldoColones: 6_500 }) }));
    expect(screen.getByTestId("charge-status").textContent).toBe(`Pago parcial: ${formatColones(6_500)} pendiente`);
    cleanup();
    renderCard(tracking({ cargo: charge({ pagadoColones: 11_500, saldoColones: 0 }) }));
    expect(screen.getByTestId("charge-status").textContent).toBe("Pagado");
    expect(screen.queryByRole("button", { name: /Enviar comprobante/ })).toBeNull();
    cleanup();
    renderCard(tracking({ cargo: charge({ pagadoColones: 12_000, saldoColones: -500 }) }));
    expect(screen.getByTestId("charge-status").textContent).toBe(`Pagado · Saldo a favor ${formatColones(500)}`);
    cleanup();
    renderCard(tracking({ montoColones: null, cargo: null }));
    expect(screen.queryByTestId("charge-status")).toBeNull();
    expect(screen.queryByText("Ver detalle")).toBeNull();
  });
});

describe("the statement on /rastreo", () => {
  const CLIENT = { nombre: "Laura Chaves", clientCode: "EXAB12CD", referralCode: "EXQR7TUV", identificacion: null };
  let statement: TClientStatement;
  let packages: TClientTracking[];

  function renderPortal() {
    answer = (method, url) => {
      if (method === "GET" && url.startsWith("/api/clients/trackings?code=")) return json(200, { client: CLIENT, trackings: packages, estadoCuenta: statement });
      return undefined;
    };
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: "throw" }) }, mutations: { retry: false } },
    });
    render(
      <QueryClientProvider client={queryClient}>
        <ClientPortal />
        <Toaster />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText("Código de cliente"), { target: { value: CLIENT.clientCode } });
    fireEvent.click(screen.getByRole("button", { name: "Buscar" }));
  }

  it("shows the total due, how to pay with the brand's SINPE Móvil and the client code, and the receipts with their state", async () => {
    packages = [tracking()];
    statement = {
      totalPendienteColones: 11_500,
      comprobantes: [
        proof({ id: 3, estado: "RECHAZADO", rejectReason: "El monto no coincide" }),
        proof({ id: 2, estado: "CONFIRMADO", trackingId: 7, trackingCode: "1Z999AA10123456784" }),
        proof({ id: 1 }),
      ],
    };
    renderPortal();
    const card = await screen.findByRole("region", { name: "Estado de cuenta" });
    expect(within(card).getByTestId("total-pendiente").textContent).toBe(`Total pendiente ${formatColones(11_500)}`);
    expect(within(card).getByText(`SINPE Móvil al ${DEFAULT_BRAND.payment.sinpeMovil} a nombre de ${DEFAULT_BRAND.payment.sinpeHolder}`)).toBeTruthy();
    expect(within(card).getByText(/escribe tu código de cliente: EXAB12CD/)).toBeTruthy();
    // No IBAN configured: no transfer line.
    expect(within(card).queryByText(/Transferencia a la cuenta/)).toBeNull();
    const states = within(within(card).getByRole("list", { name: "Comprobantes enviados" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(states[0]).toMatch(/^Saldo total · .*Rechazado: El monto no coincide$/);
    expect(states[1]).toMatch(/^1Z999AA10123456784 · .*Confirmado$/);
    expect(states[2]).toMatch(/En revisión$/);
    expect(await seriousViolations()).toEqual([]);
  });

  it("is hidden while nothing is due and no receipt was sent; the receipts alone still show", async () => {
    packages = [tracking({ cargo: charge({ pagadoColones: 11_500, saldoColones: 0 }) })];
    statement = { totalPendienteColones: 0, comprobantes: [] };
    renderPortal();
    await screen.findByRole("article", { name: "1Z999AA10123456784" });
    expect(screen.queryByRole("region", { name: "Estado de cuenta" })).toBeNull();
    cleanup();
    statement = { totalPendienteColones: 0, comprobantes: [proof({ estado: "CONFIRMADO" })] };
    renderPortal();
    const card = await screen.findByRole("region", { name: "Estado de cuenta" });
    expect(within(card).queryByRole("button", { name: "Enviar comprobante SINPE" })).toBeNull();
    expect(within(card).getByText("Confirmado")).toBeTruthy();
  });

  it("sends a receipt for the total: the photo is required, the reference checked, then toast and the list asked again", async () => {
    packages = [tracking()];
    statement = { totalPendienteColones: 11_500, comprobantes: [] };
    renderPortal();
    fireEvent.click(await screen.findByRole("button", { name: "Enviar comprobante SINPE" }));
    const dialog = await screen.findByRole("dialog", { name: "Enviar comprobante SINPE" });
    expect(within(dialog).getByText(new RegExp(`pago de ${shown(11_500)} \\(saldo total\\)`))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar" }));
    expect(await within(dialog).findByText(PROOF_IMAGE_REQUIRED)).toBeTruthy();
    expect(calls.some((c) => c.url === "/api/clients/payment-proofs")).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Foto del comprobante/), { target: { files: [new File([new Uint8Array([0x89, 0x50])], "sinpe.png", { type: "image/png" })] } });
    await within(dialog).findByRole("img", { name: "Vista previa del comprobante SINPE" });
    fireEvent.change(within(dialog).getByLabelText(/Referencia SINPE/), { target: { value: "ref$1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar" }));
    expect(await within(dialog).findByText(PROOF_REFERENCE_INVALID)).toBeTruthy();
    expect(await seriousViolations()).toEqual([]);

    const lookups = () => calls.filter((c) => c.url.startsWith("/api/clients/trackings?code=")).length;
    const before = lookups();
    answer = (method, url, body) => {
      if (url === "/api/clients/payment-proofs") return json(201, { comprobante: proof({ id: 9 }) });
      if (url.startsWith("/api/clients/trackings?code=")) return json(200, { client: CLIENT, trackings: packages, estadoCuenta: { totalPendienteColones: 11_500, comprobantes: [proof({ id: 9 })] } });
      void method;
      void body;
      return undefined;
    };
    fireEvent.change(within(dialog).getByLabelText(/Referencia SINPE/), { target: { value: "12345678" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText(PROOF_SENT_TITLE)).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/clients/payment-proofs")!.body).toEqual({
      clientCode: "EXAB12CD",
      trackingId: null,
      imageUrl: `/objects/uploads/${UPLOAD_NAME}`,
      reference: "12345678",
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Enviar comprobante SINPE" })).toBeNull());
    await waitFor(() => expect(lookups()).toBeGreaterThan(before));
    expect(await screen.findByText("En revisión")).toBeTruthy();
  });

  it("sends a receipt for one package and shows the server's refusal in Spanish", async () => {
    packages = [tracking({ cargo: charge({ pagadoColones: 5_000, saldoColones: 6_500 }) })];
    statement = { totalPendienteColones: 6_500, comprobantes: [] };
    renderPortal();
    fireEvent.click(await screen.findByRole("button", { name: "Enviar comprobante de 1Z999AA10123456784" }));
    const dialog = await screen.findByRole("dialog", { name: "Enviar comprobante SINPE" });
    expect(within(dialog).getByText(new RegExp(`pago de ${shown(6_500)} \\(1Z999AA10123456784\\)`))).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Foto del comprobante/), { target: { files: [new File([new Uint8Array([0x89, 0x50])], "sinpe.png", { type: "image/png" })] } });
    await within(dialog).findByRole("img", { name: "Vista previa del comprobante SINPE" });
    const refusal = "Ya tienes 5 comprobantes en revisión. Espera a que los revisemos antes de enviar otro.";
    const serve = answer;
    answer = (method, url, body) => (url === "/api/clients/payment-proofs" ? json(409, { message: refusal }) : serve(method, url, body));
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/clients/payment-proofs")!.body).toMatchObject({ trackingId: 7, reference: null });
    expect(screen.getByRole("dialog", { name: "Enviar comprobante SINPE" })).toBeTruthy();
  });
});
