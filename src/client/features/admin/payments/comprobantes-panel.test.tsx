// @vitest-environment jsdom
// Issue 34 item 6 in Pagos, against a stubbed server: each payment's comprobantes electrónicos in
// brief (kind, consecutivo, state in Spanish); opened, the clave, Hacienda's rejection reason, the
// downloads of the signed XML and of Hacienda's answer, the way to the client's record and
// "Reenviar" for a rejected one (POSTs the reissue, then shows the new document); a Nota de
// crédito naming what it cancels. With invoicing off: one line says so, and no comprobante box or
// button appears. No serious axe violations.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catchDownloads, cleanUpAdminTest, json, renderAdmin, staffSessionFixture, stubFetch, testAdminSession, type FetchCall } from "../../../test/admin-kit";
import type { TPaymentListItem } from "../../../../shared/api/admin/payments";
import { COMPROBANTE_PAYMENT_REVERSED, INVOICING_OFF_NOTE, type TComprobante } from "../../../../shared/api/admin/invoices";
import { PaymentsSection } from "./payments-section";

const CLAVE_1 = "50627112600310112345600100001040000000001100000001";
const CLAVE_2 = "50627112600310112345600100001010000000001100000002";
const CLAVE_3 = "50627112600310112345600100001030000000001100000003";

const doc = (over: Partial<TComprobante>): TComprobante => ({
  id: 1,
  paymentId: 41,
  documentType: "04",
  typeLabel: "Tiquete electrónico",
  consecutivo: "00100001040000000001",
  clave: CLAVE_1,
  state: "aceptado",
  stateLabel: "Aceptado",
  rejectionReason: null,
  lastError: null,
  attempts: 1,
  nextAttemptAt: null,
  referencesId: null,
  replacesId: null,
  issuedAt: "2026-11-25T16:00:00.000Z",
  sentAt: "2026-11-25T16:00:01.000Z",
  decidedAt: "2026-11-25T16:00:02.000Z",
  hasXml: true,
  hasAnswer: true,
  canReissue: false,
  ...over,
});

const item = (id: number, comprobantes: TComprobante[], over: Partial<TPaymentListItem> = {}): TPaymentListItem => ({
  id,
  receiptNumber: String(id).padStart(6, "0"),
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
  comprobantes: comprobantes.map(({ id: docId, documentType, typeLabel, consecutivo, state, stateLabel }) => ({ id: docId, documentType, typeLabel, consecutivo, state, stateLabel })),
  ...over,
});

const REASON = "La identificación del receptor no es válida";
let invoicing: "on" | "off" = "on";
let reissued = false;
const rejected = doc({ id: 2, paymentId: 42, consecutivo: "00100001040000000002", clave: CLAVE_2, state: "rechazado", stateLabel: "Rechazado", rejectionReason: REASON, canReissue: true });
const replacement = doc({ id: 5, paymentId: 42, documentType: "01", typeLabel: "Factura electrónica", consecutivo: "00100001010000000001", clave: CLAVE_2, state: "pendiente", stateLabel: "Pendiente", replacesId: 2, hasAnswer: false });
const accepted = doc({});
const note = doc({ id: 3, documentType: "03", typeLabel: "Nota de crédito electrónica", consecutivo: "00100001030000000001", clave: CLAVE_3, referencesId: 1, state: "enviado", stateLabel: "Enviado", hasAnswer: false });
const rejectedOfReversed = doc({ id: 6, paymentId: 44, consecutivo: "00100001040000000004", clave: null, state: "rechazado", stateLabel: "Rechazado", rejectionReason: REASON, canReissue: true, hasXml: false, hasAnswer: false });
const docsOf = (paymentId: number): TComprobante[] =>
  paymentId === 41 ? [accepted, note] : paymentId === 44 ? [rejectedOfReversed] : reissued ? [{ ...rejected, canReissue: false }, replacement] : [rejected];

const calls: FetchCall[] = [];
const saved: string[] = [];
const server = (method: string, url: string): Response => {
  if (url.startsWith("/api/admin/payment-proofs?")) return json(200, { items: [] });
  const list = /^\/api\/admin\/payments\/(\d+)\/comprobantes$/.exec(url);
  if (list) return json(200, { invoicing, items: docsOf(Number(list[1])) });
  if (method === "POST" && url === "/api/admin/comprobantes/2/reissue") {
    reissued = true;
    return json(201, { comprobante: replacement });
  }
  if (url === "/api/admin/comprobantes/1/pdf") {
    return new Response("%PDF-", { status: 200, headers: { "content-type": "application/pdf", "content-disposition": `attachment; filename="${CLAVE_1}.pdf"` } });
  }
  const file = /^\/api\/admin\/comprobantes\/(\d+)\/(xml|respuesta)$/.exec(url);
  if (file) {
    const clave = file[1] === "1" ? CLAVE_1 : CLAVE_3;
    return new Response("<x/>", { status: 200, headers: { "content-type": "application/xml", "content-disposition": `attachment; filename="${clave}${file[2] === "xml" ? "" : "-respuesta"}.xml"` } });
  }
  if (url.startsWith("/api/admin/payments?") || url === "/api/admin/payments") {
    const reversal = { reversedAt: "2026-11-25T17:00:00.000Z", reversedByName: "Ana Dueña", reversalReason: "Duplicado" };
    const items = invoicing === "on" ? [item(41, [accepted, note], reversal), item(42, docsOf(42)), item(44, docsOf(44), reversal)] : [item(43, [])];
    return json(200, { items, invoicing, total: items.length, page: 1, pageSize: 25 });
  }
  return json(404, { message: "no" });
};

beforeEach(() => {
  invoicing = "on";
  reissued = false;
  stubFetch(server, calls);
  catchDownloads(saved);
});
afterEach(() => {
  cleanUpAdminTest();
  vi.restoreAllMocks();
});
const render = () => renderAdmin(<PaymentsSection />, testAdminSession({ staff: staffSessionFixture("oficina") }));

async function seriousAxe(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
}

describe("comprobantes electrónicos in Pagos (issue 34 item 6)", () => {
  it("shows each payment's comprobantes in brief; opened: clave, state, downloads of the XML and Hacienda's answer, the note naming what it cancels", async () => {
    render();
    const list = await screen.findByRole("region", { name: "Pagos registrados" });
    const row = (await within(list).findByText(/N\.º 000041/)).closest("li")!;
    const brief = within(row).getByRole("list", { name: "Comprobantes electrónicos del pago" });
    expect(brief.textContent).toContain("Tiquete electrónico00100001040000000001Aceptado");
    expect(brief.textContent).toContain("Nota de crédito electrónica00100001030000000001Enviado");
    expect(screen.queryByText(INVOICING_OFF_NOTE)).toBeNull();

    const open = within(row).getByRole("button", { name: "Ver comprobante electrónico del pago N.º 000041" });
    expect(open.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(open);
    const card = await within(row).findByRole("listitem", { name: "Tiquete electrónico 00100001040000000001" });
    expect(within(row).getByRole("button", { name: "Ocultar comprobante electrónico del pago N.º 000041" }).getAttribute("aria-expanded")).toBe("true");
    expect(within(card).getByText(CLAVE_1)).toBeTruthy();
    expect(within(card).getAllByText("Aceptado").length).toBeGreaterThan(0);
    expect(within(card).queryByRole("button", { name: /Reenviar/ })).toBeNull();
    fireEvent.click(within(card).getByRole("button", { name: "XML firmado" }));
    await waitFor(() => expect(saved).toEqual([`${CLAVE_1}.xml`]));
    fireEvent.click(within(card).getByRole("button", { name: "Respuesta de Hacienda" }));
    await waitFor(() => expect(saved).toEqual([`${CLAVE_1}.xml`, `${CLAVE_1}-respuesta.xml`]));
    fireEvent.click(within(card).getByRole("button", { name: "PDF imprimible" }));
    await waitFor(() => expect(saved).toEqual([`${CLAVE_1}.xml`, `${CLAVE_1}-respuesta.xml`, `${CLAVE_1}.pdf`]));
    expect(calls.filter((c) => c.url.startsWith("/api/admin/comprobantes/")).map((c) => c.url)).toEqual([
      "/api/admin/comprobantes/1/xml",
      "/api/admin/comprobantes/1/respuesta",
      "/api/admin/comprobantes/1/pdf",
    ]);

    const noteCard = within(row).getByRole("listitem", { name: "Nota de crédito electrónica 00100001030000000001" });
    expect(within(noteCard).getByText("Anula: Tiquete electrónico 00100001040000000001")).toBeTruthy();
    // No answer from Hacienda yet: only the XML.
    expect(within(noteCard).queryByRole("button", { name: "Respuesta de Hacienda" })).toBeNull();
    expect(within(noteCard).getByRole("button", { name: "XML firmado" })).toBeTruthy();
    expect(await seriousAxe()).toEqual([]);
  });

  it("a rejected one shows Hacienda's reason, the way to correct the client's identification, and Reenviar issues it again", async () => {
    render();
    const list = await screen.findByRole("region", { name: "Pagos registrados" });
    const row = (await within(list).findByText(/N\.º 000042/)).closest("li")!;
    expect(within(row).getByRole("list", { name: "Comprobantes electrónicos del pago" }).textContent).toContain("Rechazado");
    fireEvent.click(within(row).getByRole("button", { name: /Ver comprobante electrónico/ }));
    const card = await within(row).findByRole("listitem", { name: "Tiquete electrónico 00100001040000000002" });
    expect(within(card).getByText(`Rechazado por Hacienda: ${REASON}`)).toBeTruthy();
    const fix = within(card).getByRole("link", { name: "Corregir la identificación del cliente" });
    expect(fix.getAttribute("href")).toBe("/admin?q=EX123456");
    expect(await seriousAxe()).toEqual([]);

    fireEvent.click(within(card).getByRole("button", { name: "Reenviar Tiquete electrónico 00100001040000000002" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.url === "/api/admin/comprobantes/2/reissue")).toBe(true));
    const fresh = await within(row).findByRole("listitem", { name: "Factura electrónica 00100001010000000001" });
    expect(within(fresh).getByText("Reemplaza al rechazado 00100001040000000002")).toBeTruthy();
    expect(await screen.findAllByText(/Factura electrónica 00100001010000000001 emitido de nuevo/)).not.toHaveLength(0);
    // The rejected one stays, without its button.
    const old = within(row).getByRole("listitem", { name: "Tiquete electrónico 00100001040000000002" });
    expect(within(old).queryByRole("button", { name: /Reenviar/ })).toBeNull();
    expect(within(old).queryByRole("link")).toBeNull();
  });

  it("a reversed payment's rejected Tiquete offers no Reenviar (the server would refuse it) and says why", async () => {
    render();
    const list = await screen.findByRole("region", { name: "Pagos registrados" });
    const row = (await within(list).findByText(/N\.º 000044/)).closest("li")!;
    fireEvent.click(within(row).getByRole("button", { name: /Ver comprobante electrónico/ }));
    const card = await within(row).findByRole("listitem", { name: "Tiquete electrónico 00100001040000000004" });
    expect(within(card).getByText(COMPROBANTE_PAYMENT_REVERSED)).toBeTruthy();
    expect(within(card).queryByRole("button", { name: /Reenviar/ })).toBeNull();
    expect(within(card).queryByRole("button", { name: "XML firmado" })).toBeNull();
  });

  it("with invoicing off: one line says so, no comprobante box nor button", async () => {
    invoicing = "off";
    render();
    const list = await screen.findByRole("region", { name: "Pagos registrados" });
    await within(list).findByText(/N\.º 000043/);
    expect(within(list).getByText(INVOICING_OFF_NOTE)).toBeTruthy();
    expect(within(list).queryByRole("list", { name: "Comprobantes electrónicos del pago" })).toBeNull();
    expect(within(list).queryByRole("button", { name: /comprobante electrónico/i })).toBeNull();
    expect(calls.some((c) => c.url.includes("/comprobantes"))).toBe(false);
    expect(await seriousAxe()).toEqual([]);
  });
});
