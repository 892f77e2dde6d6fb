// @vitest-environment jsdom
// "Cómo pagar" in the statement (issue 36 item 4): which packages owe, and copy buttons for the
// SINPE Móvil number, the amount and the reference to write; the IBAN with its own copy button
// when the brand has one, and an honest line when it has none.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../components/ui/toast";
import { dismissToast } from "../../components/ui/use-toast";
import { StatementPay, NO_IBAN_TEXT } from "./statement-pay";

const writeText = vi.fn<(text: string) => Promise<void>>();
beforeEach(() => {
  writeText.mockReset();
  writeText.mockResolvedValue(undefined);
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

const OWING = [
  { trackingCode: "1Z999AA10123456784", saldoColones: 12_000 },
  { trackingCode: "TBA123456789", saldoColones: 8_500 },
];
const payment = (iban = "") => ({ sinpeMovil: "7000-1234", sinpeHolder: "Express Import", iban, bank: iban ? "Banco Nacional" : "" });

describe("StatementPay", () => {
  it("lists the packages that owe with their balance", () => {
    render(<StatementPay clientCode="EXAB12CD" due={20_500} owing={OWING} payment={payment()} />);
    const rows = within(screen.getByRole("list", { name: "Paquetes por pagar" })).getAllByRole("listitem").map((li) => li.textContent);
    expect(rows).toEqual(["1Z999AA10123456784₡12 000", "TBA123456789₡8 500"].map((t) => t.replace(" ", "\u00a0")));
  });

  it.each([
    ["Copiar número sinpe móvil", "70001234"],
    ["Copiar monto", "20500"],
    ["Copiar referencia", "EXAB12CD"],
  ])("'%s' copies %j as a banking app takes it, with '¡Copiado!'", async (button, copied) => {
    render(
      <>
        <StatementPay clientCode="EXAB12CD" due={20_500} owing={OWING} payment={payment()} />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: button }));
    expect(await screen.findByText("¡Copiado!")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(copied);
  });

  it("shows the IBAN with a copy button when configured, and says so honestly when not", async () => {
    const { container, rerender } = render(<StatementPay clientCode="EXAB12CD" due={20_500} owing={OWING} payment={payment()} />);
    expect(screen.getByText(NO_IBAN_TEXT)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Copiar iban" })).toBeNull();
    rerender(<StatementPay clientCode="EXAB12CD" due={20_500} owing={OWING} payment={payment("CR05015202001026284066")} />);
    expect(screen.getByText("Transferencia a la cuenta CR05015202001026284066 (Banco Nacional)")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Copiar iban" }));
    expect(writeText).toHaveBeenCalledWith("CR05015202001026284066");
    expect(screen.queryByText(NO_IBAN_TEXT)).toBeNull();
    const results = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  });
});
