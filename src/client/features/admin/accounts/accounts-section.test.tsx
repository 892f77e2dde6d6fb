// @vitest-environment jsdom
// Cuentas del personal against a stubbed server: the list, the new-account form's validation
// (nothing sent until name, user, role and a long enough temporary password are right; 'Generar'
// fills one), the server's refusal shown as its Spanish text, and the confirmed Desactivar.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanUpAdminTest, json, renderAdmin, stubFetch, type FetchCall } from "../../../test/admin-kit";
import { ACCOUNT_LOGIN_TAKEN, ACCOUNT_NAME_REQUIRED, LOGIN_INVALID, LOGIN_REQUIRED, PASSWORD_TOO_SHORT, type TStaffAccount } from "../../../../shared/api/admin/staff";
import { AccountsSection } from "./accounts-section";
import { generateTemporaryPassword } from "./api";

const account = (over: Partial<TStaffAccount> = {}): TStaffAccount => ({
  id: 1,
  login: "admin",
  name: "Dueño",
  role: "dueno",
  builtIn: true,
  disabled: false,
  mustChangePassword: false,
  totpEnabled: true,
  openSessions: 1,
  lastSignInAt: "2026-11-25T15:00:00.000Z",
  createdAt: "2026-11-01T15:00:00.000Z",
  ...over,
});

let accounts: TStaffAccount[];
const calls: FetchCall[] = [];
let createAnswer: () => Response;

beforeEach(() => {
  accounts = [account(), account({ id: 2, login: "marta", name: "Marta Vargas", role: "oficina", builtIn: false, totpEnabled: false, openSessions: 2 })];
  createAnswer = () => json(200, account({ id: 3, login: "bodega1", name: "Luis Rojas", role: "bodega", builtIn: false, mustChangePassword: true }));
  stubFetch((method, url) => {
    if (method === "GET" && url === "/api/admin/accounts") return json(200, accounts);
    if (method === "POST" && url === "/api/admin/accounts") return createAnswer();
    if (method === "POST" && url === "/api/admin/accounts/2/disable") {
      accounts = [accounts[0], { ...accounts[1], disabled: true, openSessions: 0 }];
      return json(200, accounts[1]);
    }
    if (method === "POST" && url === "/api/admin/accounts/2/password") return new Response(null, { status: 204 });
    return json(404, { message: "no" });
  }, calls);
});
afterEach(cleanUpAdminTest);

describe("Cuentas del personal", () => {
  it("lists each account with its role, state, two-step and sessions, with no serious axe violations", async () => {
    renderAdmin(<AccountsSection />);
    const row = (await screen.findByText("Marta Vargas")).closest("tr")!;
    expect(within(row).getByText("Oficina")).toBeTruthy();
    expect(within(row).getByText("Activa")).toBeTruthy();
    expect(within(row).getByText("No")).toBeTruthy();
    expect(within(row).getByText("2")).toBeTruthy();
    expect(screen.getByText("(tú)")).toBeTruthy();
    await act(async () => {});
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  it("validates the new account before sending, then sends it with the user in lower case", async () => {
    renderAdmin(<AccountsSection />);
    fireEvent.click(await screen.findByRole("button", { name: "Nueva cuenta" }));
    const dialog = await screen.findByRole("dialog", { name: "Nueva cuenta" });
    expect(within(dialog).getByText(/Recibe, embarca y entrega paquetes/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear cuenta" }));
    expect(await within(dialog).findByText(ACCOUNT_NAME_REQUIRED)).toBeTruthy();
    expect(within(dialog).getByText(LOGIN_REQUIRED)).toBeTruthy();
    expect(within(dialog).getByText(PASSWORD_TOO_SHORT)).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText("Nombre"), { target: { value: "Luis Rojas" } });
    fireEvent.change(within(dialog).getByLabelText("Usuario o correo"), { target: { value: "luis rojas" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear cuenta" }));
    expect(await within(dialog).findByText(LOGIN_INVALID)).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Usuario o correo"), { target: { value: "Bodega1" } });
    fireEvent.click(within(dialog).getByLabelText(/^Bodega/));
    fireEvent.click(within(dialog).getByRole("button", { name: "Generar" }));
    const password = (within(dialog).getByLabelText("Contraseña temporal") as HTMLInputElement).value;
    expect(password).toMatch(/^[a-zA-Z2-9]{14}$/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear cuenta" }));
    expect(await screen.findByText("Cuenta creada")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ name: "Luis Rojas", login: "bodega1", role: "bodega", temporaryPassword: password });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the server's refusal and keeps the form open", async () => {
    createAnswer = () => json(409, { error: "Conflicto", message: ACCOUNT_LOGIN_TAKEN, code: "CONFLICT" });
    renderAdmin(<AccountsSection />);
    fireEvent.click(await screen.findByRole("button", { name: "Nueva cuenta" }));
    const dialog = await screen.findByRole("dialog", { name: "Nueva cuenta" });
    fireEvent.change(within(dialog).getByLabelText("Nombre"), { target: { value: "Marta Vargas" } });
    fireEvent.change(within(dialog).getByLabelText("Usuario o correo"), { target: { value: "marta" } });
    fireEvent.change(within(dialog).getByLabelText("Contraseña temporal"), { target: { value: "temporal-segura-1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear cuenta" }));
    expect(await screen.findByText(ACCOUNT_LOGIN_TAKEN)).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Nueva cuenta" })).toBeTruthy();
  });

  it("asks before disabling an account, then shows it disabled", async () => {
    renderAdmin(<AccountsSection />);
    fireEvent.click(await screen.findByRole("button", { name: "Desactivar Marta Vargas" }));
    const confirm = await screen.findByRole("alertdialog", { name: "¿Desactivar la cuenta de Marta Vargas?" });
    expect(calls.some((c) => c.url.endsWith("/disable"))).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Desactivar" }));
    expect(await screen.findByText("Cuenta desactivada")).toBeTruthy();
    expect(await screen.findByText("Desactivada")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Activar Marta Vargas" })).toBeTruthy();
  });

  it("sets a new temporary password: too short refused on the field, 'Generar' fills one and clears the error", async () => {
    renderAdmin(<AccountsSection />);
    fireEvent.click(await screen.findByRole("button", { name: "Contraseña temporal de Marta Vargas" }));
    const dialog = await screen.findByRole("dialog", { name: "Contraseña temporal" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Fijar contraseña" }));
    expect(await within(dialog).findByText(PASSWORD_TOO_SHORT)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Generar" }));
    await waitFor(() => expect(within(dialog).queryByText(PASSWORD_TOO_SHORT)).toBeNull());
    const password = (within(dialog).getByLabelText("Contraseña temporal") as HTMLInputElement).value;
    expect(password).toMatch(/^[a-zA-Z2-9]{14}$/);
    expect(calls.some((c) => c.url.endsWith("/password"))).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Fijar contraseña" }));
    expect(await screen.findByText("Contraseña temporal fijada")).toBeTruthy();
    expect(calls.find((c) => c.url === "/api/admin/accounts/2/password")?.body).toEqual({ temporaryPassword: password });
  });

  it("generates temporary passwords long enough and different each time", () => {
    const a = generateTemporaryPassword();
    expect(a.length).toBeGreaterThanOrEqual(10);
    expect(a).not.toBe(generateTemporaryPassword());
  });
});
