// @vitest-environment jsdom
// 'Comprobantes electrónicos' on /rastreo against a stubbed server (issue 34 item 6, decision 197):
// the client's documents with kind, consecutivo, clave, date, receipt and Hacienda's state; the PDF
// and XML downloads by code; a failed download's Spanish message; nothing new when there are none
// (invoicing off); no serious axe violation.
import axe from "axe-core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderPortal, searchCode } from "../../test/portal-kit";
import { catchDownloads, cleanUpAdminTest, json, stubFetch, type FetchCall } from "../../test/admin-kit";
import { CLIENT_INVOICES_TITLE, type TClientComprobante } from "../../../shared/api/comprobantes";

const CLAVE_TIQUETE = "50627112600310112345600100001040000000001139339261";
const CLAVE_NOTA = "50628112600310112345600100001030000000001187654321";

const DOCS: TClientComprobante[] = [
  { id: 8, documentType: "03", typeLabel: "Nota de crédito electrónica", consecutivo: "00100001030000000001", clave: CLAVE_NOTA, state: "enviado", stateLabel: "En trámite con Hacienda", issuedAt: "2026-11-28T15:00:00.000Z", receiptNumber: "000012" },
  { id: 5, documentType: "04", typeLabel: "Tiquete electrónico", consecutivo: "00100001040000000001", clave: CLAVE_TIQUETE, state: "aceptado", stateLabel: "Aceptado por Hacienda", issuedAt: "2026-11-27T15:00:00.000Z", receiptNumber: "000012" },
];

let comprobantes: TClientComprobante[] = [];
let fileAnswer: (url: string) => Response;
const calls: FetchCall[] = [];
const saved: string[] = [];

beforeEach(() => {
  comprobantes = DOCS;
  fileAnswer = (url) =>
    new Response(url.endsWith("/pdf") ? "%PDF-1.7" : "<TiqueteElectronico/>", {
      status: 200,
      headers: { "content-type": url.endsWith("/pdf") ? "application/pdf" : "application/xml", "content-disposition": `attachment; filename="${CLAVE_TIQUETE}.${url.slice(-3)}"` },
    });
  stubFetch((_method, url) => {
    if (url.startsWith("/api/clients/trackings?code="))
      return json(200, {
        client: { nombre: "María José Ñandú", clientCode: "EXAB12CD", referralCode: null, identificacion: null },
        trackings: [],
        estadoCuenta: { totalPendienteColones: 0, comprobantes: [] },
      });
    if (url === "/api/comprobantes/EXAB12CD") return json(200, { comprobantes });
    if (url.startsWith("/api/comprobantes/EXAB12CD/")) return fileAnswer(url);
    if (url.startsWith("/api/coupons/")) return json(200, { available: [], used: [], expired: [] });
    if (url.startsWith("/api/referrals/")) return json(200, { referrals: [] });
    return json(404, { message: "no" });
  }, calls);
  catchDownloads(saved);
});
afterEach(cleanUpAdminTest);

async function openPortal() {
  renderPortal();
  searchCode("EXAB12CD");
  await screen.findByRole("heading", { name: "Datos para factura electrónica" });
}

describe("Comprobantes electrónicos (/rastreo)", () => {
  it("lists the client's documents with kind, consecutivo, clave, receipt and Hacienda's state", async () => {
    await openPortal();
    const list = await screen.findByRole("list", { name: CLIENT_INVOICES_TITLE });
    const items = within(list).getAllByTestId("comprobante-electronico");
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain("Nota de crédito electrónica");
    expect(items[0].textContent).toContain("N.º 00100001030000000001");
    expect(items[0].textContent).toContain(CLAVE_NOTA);
    expect(items[0].textContent).toContain("En trámite con Hacienda");
    expect(items[1].textContent).toContain("Tiquete electrónico");
    expect(items[1].textContent).toContain(CLAVE_TIQUETE);
    expect(items[1].textContent).toContain("Aceptado por Hacienda");
    expect(items[1].textContent).toContain("Recibo N.º 000012");
  });

  it("downloads a document's PDF and XML by the client's code, named by its clave", async () => {
    await openPortal();
    fireEvent.click(await screen.findByRole("button", { name: "Descargar PDF de Tiquete electrónico 00100001040000000001" }));
    await waitFor(() => expect(saved).toEqual([`${CLAVE_TIQUETE}.pdf`]));
    fireEvent.click(screen.getByRole("button", { name: "Descargar XML de Tiquete electrónico 00100001040000000001" }));
    await waitFor(() => expect(saved).toEqual([`${CLAVE_TIQUETE}.pdf`, `${CLAVE_TIQUETE}.xml`]));
    expect(calls.filter((c) => c.url.startsWith("/api/comprobantes/EXAB12CD/")).map((c) => `${c.method} ${c.url}`)).toEqual([
      "GET /api/comprobantes/EXAB12CD/5/pdf",
      "GET /api/comprobantes/EXAB12CD/5/xml",
    ]);
  });

  it("shows the server's Spanish message when a download fails", async () => {
    fileAnswer = () => json(404, { error: "No encontrado", message: "Comprobante no encontrado", code: "NOT_FOUND" });
    await openPortal();
    fireEvent.click(await screen.findByRole("button", { name: "Descargar PDF de Nota de crédito electrónica 00100001030000000001" }));
    expect(await screen.findByText("Comprobante no encontrado")).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it("shows nothing new when the client has none (invoicing off)", async () => {
    comprobantes = [];
    await openPortal();
    await waitFor(() => expect(calls.some((c) => c.url === "/api/comprobantes/EXAB12CD")).toBe(true));
    expect(screen.queryByRole("heading", { name: CLIENT_INVOICES_TITLE })).toBeNull();
    expect(screen.queryByTestId("comprobante-electronico")).toBeNull();
  });

  it("has no serious axe violations", async () => {
    await openPortal();
    await screen.findByRole("list", { name: CLIENT_INVOICES_TITLE });
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });
});
