// @vitest-environment jsdom
// A protected account on /rastreo against a stubbed server (issue 36 item 3; decision 216): the
// bare code's 401 shows the statuses only (number, status words, dates; no name) and the sign-in
// with a WhatsApp code, which checks the code's form before sending; the right code opens the
// whole portal. An unprotected account offers "Protege tu cuenta".
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderPortal, searchCode } from "../../test/portal-kit";
import { cleanUpAdminTest, json, stubFetch, type FetchCall } from "../../test/admin-kit";
import { SIGN_IN_CODE_FORMAT, SIGN_IN_REQUIRED, SIGN_IN_REQUIRED_CODE } from "../../../shared/api/client-access";

let signedIn = false;
let protegida = true;
const calls: FetchCall[] = [];
const state = () => ({ protegida, sesionIniciada: signedIn, otrasSesiones: 0 });

beforeEach(() => {
  signedIn = false;
  protegida = true;
  stubFetch((method, url, body) => {
    if (url.startsWith("/api/clients/trackings?code=")) {
      if (protegida && !signedIn) return json(401, { error: "Cuenta protegida", message: SIGN_IN_REQUIRED, code: SIGN_IN_REQUIRED_CODE });
      return json(200, {
        client: { nombre: "Laura Chaves", clientCode: "EXAB12CD", referralCode: null, identificacion: null },
        trackings: [],
        estadoCuenta: { totalPendienteColones: 0, comprobantes: [] },
      });
    }
    if (url === "/api/cuenta/EXAB12CD/estados")
      return json(200, {
        trackings: [
          { trackingCode: "1Z999AA10123456784", estado: "EN_BODEGA_MIAMI", origen: "CHINA", createdAt: "2026-11-20T15:00:00.000Z", estadoDesde: "2026-11-25T15:00:00.000Z", enVerificacion: false },
        ],
      });
    if (url === "/api/cuenta/EXAB12CD") return json(200, state());
    if (url === "/api/cuenta/codigo" && method === "POST") return json(200, { enviadoA: "•••• 1234", venceEnSegundos: 600, reenviarEnSegundos: 60 });
    if (url === "/api/cuenta/ingresar" && method === "POST") {
      if ((body as { codigo: string }).codigo !== "123456") return json(400, { error: "Datos inválidos", message: "El código no es correcto.", code: "VALIDATION" });
      signedIn = true;
      protegida = true;
      return json(200, state());
    }
    if (url.startsWith("/api/coupons/")) return json(200, { available: [], used: [], expired: [] });
    if (url.startsWith("/api/referrals/")) return json(200, { referrals: [] });
    return json(404, { message: "no" });
  }, calls);
});
afterEach(cleanUpAdminTest);

function openPortal() {
  renderPortal();
  searchCode("EXAB12CD");
}

describe("a protected account on /rastreo", () => {
  it("shows the bare code the statuses only, and the right WhatsApp code opens the whole portal", async () => {
    openPortal();
    const item = await screen.findByTestId("package-status");
    expect(item.textContent).toContain("1Z999AA10123456784");
    expect(item.textContent).toContain("En bodega China");
    expect(item.textContent).toMatch(/Pre-alertado el 20\/11\/2026 · Estado desde el 25\/11\/2026/);
    expect(screen.queryByText("Laura Chaves")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Enviarme un código por WhatsApp" }));
    await screen.findByText(/Te enviamos un código por WhatsApp al •••• 1234/);
    fireEvent.change(screen.getByLabelText("Código de WhatsApp"), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Ingresar" }));
    expect(await screen.findByText(SIGN_IN_CODE_FORMAT)).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/cuenta/ingresar")).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Código de WhatsApp"), { target: { value: "123 456" } });
    fireEvent.click(screen.getByRole("button", { name: "Ingresar" }));
    await screen.findByRole("heading", { name: "Laura Chaves" });
    expect(screen.queryByTestId("protected-sign-in")).toBeNull();
    expect((await screen.findByTestId("account-access")).textContent).toMatch(/Iniciaste sesión en este teléfono/);
  });

  it("offers an unprotected account to protect it", async () => {
    protegida = false;
    openPortal();
    await screen.findByRole("heading", { name: "Laura Chaves" });
    const card = await screen.findByTestId("account-access");
    expect(card.textContent).toMatch(/Protege tu cuenta/);
    expect(screen.getByRole("button", { name: "Proteger con un código por WhatsApp" })).toBeTruthy();
  });
});
