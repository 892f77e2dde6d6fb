// @vitest-environment jsdom
// "Recordar mi código en este teléfono" (issue 36 item 4): opt-in, in this browser's storage only;
// a later visit to the bare /rastreo opens the packages without typing; "Olvidar mi código"
// removes it and closes the packages; unchecked, nothing is kept; the address never gets the code.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REMEMBERED_CODE_KEY } from "./remembered-code";
import { cleanUpAdminTest, json, stubFetch, type FetchCall } from "../../test/admin-kit";
import { renderPortal, searchCode as search } from "../../test/portal-kit";

const calls: FetchCall[] = [];
const CLIENT = { nombre: "Laura Chaves", clientCode: "EXAB12CD", referralCode: null, identificacion: null };

beforeEach(() => {
  window.localStorage.clear();
  window.HTMLElement.prototype.scrollIntoView = vi.fn();
  stubFetch((_method, url) => {
    if (url === "/api/clients/trackings?code=EXAB12CD") return json(200, { client: CLIENT, trackings: [], estadoCuenta: { totalPendienteColones: 0, comprobantes: [] } });
    if (url.startsWith("/api/clients/trackings?code=")) return json(404, { message: "Cliente no encontrado" });
    if (url.startsWith("/api/coupons/")) return json(200, { available: [], used: [], expired: [] });
    if (url.startsWith("/api/referrals/")) return json(200, { referrals: [] });
    return json(200, { comprobantes: [] });
  }, calls);
});
afterEach(() => {
  cleanUpAdminTest();
  window.localStorage.clear();
});

const lookups = () => calls.filter((c) => c.url.startsWith("/api/clients/trackings?code="));

describe("remembering the code on the client's own phone", () => {
  it("keeps nothing unless asked", async () => {
    renderPortal();
    const box = screen.getByRole("checkbox", { name: /Recordar mi código en este teléfono/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    search("EXAB12CD");
    await screen.findByRole("heading", { name: "Laura Chaves" });
    expect(window.localStorage.getItem(REMEMBERED_CODE_KEY)).toBeNull();
  });

  it("remembers a found code when asked, opens it on the next visit without typing, and forgets it on 'Olvidar'", async () => {
    const first = renderPortal();
    fireEvent.click(screen.getByRole("checkbox", { name: /Recordar mi código/ }));
    search("exab12cd");
    await screen.findByRole("heading", { name: "Laura Chaves" });
    await waitFor(() => expect(window.localStorage.getItem(REMEMBERED_CODE_KEY)).toBe("EXAB12CD"));
    // The address stays the bare /rastreo: the code is in no address or history entry.
    expect(first.history).toEqual(["/rastreo"]);
    first.unmount();

    calls.length = 0;
    renderPortal();
    await screen.findByRole("heading", { name: "Laura Chaves" });
    expect(lookups()).toHaveLength(1);
    expect(screen.getByTestId("codigo-recordado").textContent).toContain("Tu código EXAB12CD está guardado en este teléfono.");
    expect((screen.getByRole("checkbox", { name: /Recordar mi código/ }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Olvidar mi código" }));
    expect(window.localStorage.getItem(REMEMBERED_CODE_KEY)).toBeNull();
    expect(screen.queryByRole("heading", { name: "Laura Chaves" })).toBeNull();
    expect(screen.queryByTestId("codigo-recordado")).toBeNull();
    expect((screen.getByRole("checkbox", { name: /Recordar mi código/ }) as HTMLInputElement).checked).toBe(false);
  });

  it("does not remember a code that found no client, and unchecking forgets at once", async () => {
    renderPortal();
    fireEvent.click(screen.getByRole("checkbox", { name: /Recordar mi código/ }));
    search("EXZZ99ZZ");
    await screen.findByText("Cliente no encontrado");
    expect(window.localStorage.getItem(REMEMBERED_CODE_KEY)).toBeNull();
    search("EXAB12CD");
    await waitFor(() => expect(window.localStorage.getItem(REMEMBERED_CODE_KEY)).toBe("EXAB12CD"));
    fireEvent.click(screen.getByRole("checkbox", { name: /Recordar mi código/ }));
    expect(window.localStorage.getItem(REMEMBERED_CODE_KEY)).toBeNull();
  });

  it("ignores a stored value that is not a client code", async () => {
    window.localStorage.setItem(REMEMBERED_CODE_KEY, "<script>");
    renderPortal();
    expect(screen.queryByTestId("codigo-recordado")).toBeNull();
    expect(lookups()).toHaveLength(0);
  });
});
