// @vitest-environment jsdom
// Mi cuenta against a stubbed server: turning on the two-step sign-in (a QR code drawn here and
// the secret as text, a first code, the recovery codes shown once with copy and .txt), new
// recovery codes, turning it off (offered to Oficina, explained and hidden for a Dueño), and a
// wrong code shown on its field.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catchDownloads, cleanUpAdminTest, json, renderAdmin, staffSessionFixture, stubFetch, testAdminSession, type FetchCall } from "../../../test/admin-kit";
import { TOTP_CODE_WRONG, TOTP_REQUIRED_FOR_OWNER } from "../../../../shared/api/admin/staff";
import { MyAccountSection } from "./my-account-section";

const calls: FetchCall[] = [];
const CODES = ["ab12-cd34", "ef56-gh78"];
const saved: string[] = [];

beforeEach(() => {
  catchDownloads(saved);
  stubFetch((_method, url, body) => {
    if (url === "/api/admin/me/totp/setup") return json(200, { uri: "otpauth://totp/Express%20Import:marta?secret=JBSWY3DPEHPK3PXP&issuer=Express%20Import", secret: "JBSWY3DPEHPK3PXP" });
    if (url === "/api/admin/me/totp/enable" || url === "/api/admin/me/recovery-codes")
      return (body as { code: string }).code === "123456" ? json(200, { recoveryCodes: CODES }) : json(400, { message: TOTP_CODE_WRONG, code: "VALIDATION" });
    if (url === "/api/admin/me/totp/disable") return new Response(null, { status: 204 });
    return json(404, { message: "no" });
  }, calls);
});
afterEach(() => {
  vi.restoreAllMocks();
  cleanUpAdminTest();
});

describe("Mi cuenta", () => {
  it("turns on the two-step sign-in: QR code and secret, a first code, then the recovery codes once", async () => {
    const reloadStaff = vi.fn(async () => {});
    renderAdmin(<MyAccountSection />, testAdminSession({ staff: staffSessionFixture("oficina"), reloadStaff }));
    expect(screen.getByText("Desactivada")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Activar verificación en dos pasos" }));
    const qr = (await screen.findByAltText("Código QR para tu aplicación de autenticación")) as HTMLImageElement;
    expect(qr.src.startsWith("data:image/svg+xml")).toBe(true);
    expect(screen.getByText("JBSWY3DPEHPK3PXP")).toBeTruthy();
    await act(async () => {});
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

    const field = screen.getByLabelText("Código de 6 dígitos");
    expect(field.getAttribute("autocomplete")).toBe("one-time-code");
    fireEvent.change(field, { target: { value: "999999" } });
    fireEvent.click(screen.getByRole("button", { name: "Activar" }));
    expect(await screen.findByText(TOTP_CODE_WRONG)).toBeTruthy();

    fireEvent.change(field, { target: { value: "123 456" } });
    fireEvent.click(screen.getByRole("button", { name: "Activar" }));
    const list = await screen.findByRole("list", { name: "Tus códigos de recuperación" });
    expect(within(list).getAllByRole("listitem").map((li) => li.textContent)).toEqual(CODES);
    expect(calls.filter((c) => c.url === "/api/admin/me/totp/enable").at(-1)?.body).toEqual({ code: "123456" });
    expect(reloadStaff).toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Descargar .txt" }));
    expect(saved).toEqual(["codigos-recuperacion.txt"]);
    fireEvent.click(screen.getByRole("button", { name: "Ya los guardé" }));
    expect(screen.queryByRole("list", { name: "Tus códigos de recuperación" })).toBeNull();
  });

  it("a Dueño with it on may get new recovery codes but not turn it off, and is told why", async () => {
    renderAdmin(<MyAccountSection />, testAdminSession({ staff: staffSessionFixture("dueno", { totpEnabled: true }) }));
    expect(screen.getByText(new RegExp(TOTP_REQUIRED_FOR_OWNER))).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Desactivar verificación en dos pasos" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Código actual"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Generar códigos nuevos" }));
    expect(await screen.findByRole("list", { name: "Tus códigos de recuperación" })).toBeTruthy();
  });

  it("Oficina with it on may turn it off with a current code", async () => {
    const reloadStaff = vi.fn(async () => {});
    renderAdmin(<MyAccountSection />, testAdminSession({ staff: staffSessionFixture("oficina", { totpEnabled: true }), reloadStaff }));
    const off = screen.getByRole("button", { name: "Desactivar verificación en dos pasos" });
    const form = off.closest("form")!;
    fireEvent.click(off);
    expect(await within(form).findByText(/Escribe el código de 6 dígitos/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Código actual"), { target: { value: "654321" } });
    fireEvent.click(off);
    expect(await screen.findByText("Verificación en dos pasos desactivada")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/admin/me/totp/disable")?.body).toEqual({ code: "654321" });
    await waitFor(() => expect(reloadStaff).toHaveBeenCalled());
  });
});
