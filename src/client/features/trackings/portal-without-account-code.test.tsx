// @vitest-environment jsdom
// Issue 37 item 5: on /rastreo the search and a found client's packages do not wait for the code
// only a protected account needs (./account-access: the sign-in by WhatsApp code, sign-out, the
// bare code's statuses). That module is held back here until the test lets it through: the portal
// must search, answer and open a remembered code meanwhile, and show the account's parts after.
import { fireEvent, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getQueryFn } from "../../lib/api";
import { cleanUpAdminTest, json, stubFetch, type FetchCall } from "../../test/admin-kit";
import { SIGN_IN_REQUIRED, SIGN_IN_REQUIRED_CODE } from "../../../shared/api/client-access";
import { REMEMBERED_CODE_KEY } from "./remembered-code";

const gate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open: () => open(), loaded: false };
});
vi.mock("./account-access", async (importOriginal) => {
  await gate.opened;
  gate.loaded = true;
  return importOriginal();
});

const CLIENT = { nombre: "Laura Chaves", clientCode: "EXAB12CD", referralCode: null, identificacion: null };
let protegida = false;
const calls: FetchCall[] = [];

beforeEach(() => {
  protegida = false;
  stubFetch((_method, url) => {
    if (url.startsWith("/api/clients/trackings?code=")) {
      if (protegida) return json(401, { error: "Cuenta protegida", message: SIGN_IN_REQUIRED, code: SIGN_IN_REQUIRED_CODE });
      return json(200, { client: CLIENT, trackings: [], estadoCuenta: { totalPendienteColones: 0, comprobantes: [] } });
    }
    if (url === "/api/cuenta/EXAB12CD/estados") return json(200, { trackings: [] });
    if (url === "/api/cuenta/EXAB12CD") return json(200, { protegida, sesionIniciada: false, otrasSesiones: 0 });
    if (url.startsWith("/api/coupons/")) return json(200, { available: [], used: [], expired: [] });
    if (url.startsWith("/api/referrals/")) return json(200, { referrals: [] });
    return json(404, { message: "no" });
  }, calls);
});
afterEach(() => {
  cleanUpAdminTest();
  window.localStorage.clear();
});

async function openPortal() {
  // Imported here, not above: a portal that needed the held module would never load.
  const { ClientPortal } = await import("./client-portal");
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, queryFn: getQueryFn({ on401: "throw" }) }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={memoryLocation({ path: "/rastreo" }).hook}>
        <ClientPortal />
      </Router>
    </QueryClientProvider>,
  );
}

function search(code: string) {
  fireEvent.change(screen.getByLabelText("Código de cliente"), { target: { value: code } });
  fireEvent.click(screen.getByRole("button", { name: "Buscar" }));
}

// In this order: the first test runs while the module is held; the gate opens in the last.
describe("the client portal before the protected account's code arrives", () => {
  it("searches and shows a found client's packages", async () => {
    await openPortal();
    search("EXAB12CD");
    expect(await screen.findByRole("heading", { name: "Laura Chaves" })).toBeTruthy();
    expect(screen.getByTestId("package-count").textContent).toBe("0 paquetes");
    expect(gate.loaded).toBe(false);
  });

  it("opens a code remembered on this phone", async () => {
    window.localStorage.setItem(REMEMBERED_CODE_KEY, "EXAB12CD");
    await openPortal();
    expect(await screen.findByRole("heading", { name: "Laura Chaves" })).toBeTruthy();
    expect(gate.loaded).toBe(false);
  });

  it("says it is loading for a protected code, and shows its sign-in once the code is here", async () => {
    protegida = true;
    await openPortal();
    search("EXAB12CD");
    expect(await screen.findByText("Cargando tus paquetes…")).toBeTruthy();
    gate.open();
    expect(await screen.findByTestId("protected-sign-in")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enviarme un código por WhatsApp" })).toBeTruthy();
  });

  it("then offers a found unprotected account to protect it", async () => {
    await openPortal();
    search("EXAB12CD");
    expect(await screen.findByRole("heading", { name: "Laura Chaves" })).toBeTruthy();
    expect((await screen.findByTestId("account-access")).textContent).toMatch(/Protege tu cuenta/);
  });
});
