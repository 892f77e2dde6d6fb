// @vitest-environment jsdom
// 'Datos para factura electrónica' on /rastreo against a stubbed server (issue 34 item 1): the
// state the lookup gives (type and last 4 digits, or none), the form checked with the server's
// schema before sending (Spanish message per type), a save, and removing the identification.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderPortal, searchCode } from "../../test/portal-kit";
import { cleanUpAdminTest, json, stubFetch, type FetchCall } from "../../test/admin-kit";
import { PORTAL_TAX_ID_REMOVED, PORTAL_TAX_ID_SAVED, TAX_ID_TYPE_REQUIRED, type TPortalTaxId } from "../../../shared/api/tax-id";

let identificacion: TPortalTaxId = null;
let answerPut: (body: unknown) => Response;
const calls: FetchCall[] = [];

beforeEach(() => {
  calls.length = 0;
  identificacion = null;
  stubFetch((method, url, body) => {
    if (url.startsWith("/api/clients/trackings?code="))
      return json(200, {
        client: { nombre: "Laura Chaves", clientCode: "EXAB12CD", referralCode: null, identificacion },
        trackings: [],
        estadoCuenta: { totalPendienteColones: 0, comprobantes: [] },
      });
    if (url === "/api/clients/tax-id" && method === "PUT") return answerPut(body);
    if (url.startsWith("/api/coupons/")) return json(200, { available: [], used: [], expired: [] });
    if (url.startsWith("/api/referrals/")) return json(200, { referrals: [] });
    return json(404, { message: "no" });
  }, calls);
});
afterEach(cleanUpAdminTest);

async function openPortal() {
  renderPortal();
  searchCode("EXAB12CD");
  await screen.findByRole("heading", { name: "Datos para factura electrónica" });
}

const puts = () => calls.filter((c) => c.method === "PUT");

describe("Datos para factura electrónica (/rastreo)", () => {
  it("says a client without identification gets a tiquete, checks the number by type, then saves it", async () => {
    answerPut = () => {
      identificacion = { tipo: "FISICA", terminaEn: "0654" };
      return json(200, { identificacion });
    };
    await openPortal();
    expect(screen.getByTestId("tax-id-state").textContent).toMatch(/Sin identificación: tus pagos reciben tiquete electrónico/);
    fireEvent.click(screen.getByRole("button", { name: "Agregar identificación" }));
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText(TAX_ID_TYPE_REQUIRED)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Tipo de identificación/), { target: { value: "FISICA" } });
    fireEvent.change(screen.getByLabelText(/Número de identificación/), { target: { value: "0-0987-0654" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText(/La cédula física tiene 9 dígitos y no empieza con 0/)).toBeTruthy();
    expect(puts()).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Número de identificación/), { target: { value: "1-0987-0654" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ clientCode: "EXAB12CD", tipoIdentificacion: "FISICA", identificacion: "1-0987-0654" });
    expect(await screen.findByText(PORTAL_TAX_ID_SAVED)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("tax-id-state").textContent).toMatch(/Cédula física terminada en 0654: tus pagos reciben factura electrónica/));
  });

  it("removes the identification with 'Quitar identificación'", async () => {
    identificacion = { tipo: "JURIDICA", terminaEn: "3456" };
    answerPut = () => {
      identificacion = null;
      return json(200, { identificacion: null });
    };
    await openPortal();
    expect(screen.getByTestId("tax-id-state").textContent).toMatch(/Cédula jurídica terminada en 3456/);
    fireEvent.click(screen.getByRole("button", { name: "Quitar identificación" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toEqual({ clientCode: "EXAB12CD", tipoIdentificacion: null, identificacion: null });
    expect(await screen.findByText(PORTAL_TAX_ID_REMOVED)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("tax-id-state").textContent).toMatch(/Sin identificación/));
  });
});
