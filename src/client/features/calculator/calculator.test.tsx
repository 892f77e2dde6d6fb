// @vitest-environment jsdom
// 'Calcular Tarifa' as a visitor uses it: the form logic the calculator journey in the browser
// used to check (tests/e2e/calculator.test.ts keeps the page, the served rate and axe).
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatColones } from "../../../shared/domain/format";
import type { ExchangeRateState } from "../../lib/use-exchange-rate";
import { Calculator } from "./calculator";
import { useShipmentForm } from "./shipment-form";

const RATE: ExchangeRateState = { rate: 514, lastUpdated: null, isLoading: false, isDefault: true };

function Page() {
  const form = useShipmentForm();
  return <Calculator form={form} exchangeRate={RATE} />;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const text = (testId: string) => screen.getByTestId(testId).textContent;
const quoteButton = () => screen.getByRole("button", { name: "Cotizar por WhatsApp" }) as HTMLButtonElement;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("calculator", () => {
  it("prices 1500 g by air and 50×40×30 cm by sea, and keeps the quote button off without a weight", () => {
    render(<Page />);
    expect(quoteButton().disabled).toBe(true);

    type("Peso", "1500");
    expect(text("calculadora-usd")).toBe("$24,00");
    expect(text("calculadora-crc")).toBe(formatColones(24 * RATE.rate));
    expect(screen.getAllByText(/3 a 6 días hábiles/).length).toBeGreaterThan(0);
    expect(quoteButton().disabled).toBe(false);

    type("Peso", "");
    expect(quoteButton().disabled).toBe(true);
    expect(text("calculadora-usd")).toBe("$0,00");

    fireEvent.click(screen.getByText("Marítimo Miami", { exact: true }));
    expect((screen.getByRole("radio", { name: "Marítimo Miami" }) as HTMLInputElement).checked).toBe(true);
    type("Largo (cm)", "50");
    type("Ancho (cm)", "40");
    type("Alto (cm)", "30");
    expect(text("calculadora-volumen")).toBe("3 pies³");
    expect(text("calculadora-usd")).toBe("$105,00");
    expect(text("calculadora-crc")).toBe(formatColones(105 * RATE.rate));
    expect(screen.getAllByText(/15 a 22 días/).length).toBeGreaterThan(0);
    // Sea ignores the weight for the price, and the quote does not ask for one.
    expect(quoteButton().disabled).toBe(false);

    // A size that is not a number gives no sea cost and says why.
    type("Alto (cm)", "treinta");
    expect(text("calculadora-usd")).toBe("$0,00");
    expect(screen.getByText("Ingresa un número mayor que 0")).toBeTruthy();

    fireEvent.click(screen.getByText("Marítimo China", { exact: true }));
    type("Alto (cm)", "30");
    expect(text("calculadora-usd")).toBe("$105,00");
    expect(screen.getAllByText(/aproximadamente 70 días/).length).toBeGreaterThan(0);
  });

  it("opens a WhatsApp chat carrying the quote's mode, weight, dollars and colones", () => {
    const open = vi.fn<typeof window.open>(() => null);
    vi.stubGlobal("open", open);
    render(<Page />);
    type("Peso", "1500");
    fireEvent.click(quoteButton());
    expect(open).toHaveBeenCalledTimes(1);
    const url = new URL(String(open.mock.calls[0][0]));
    expect(url.origin).toBe("https://wa.me");
    const message = url.searchParams.get("text") ?? "";
    expect(message).toContain("Aéreo (Miami)");
    expect(message).toContain("Peso: 1");
    expect(message).toContain("$24,00");
    expect(message).toContain(formatColones(24 * RATE.rate));
  });

  it("refuses 99 999 999 999 g and groups the dollars of the largest shipment (issue 17, item 14)", () => {
    render(<Page />);
    type("Peso", "99999999999");
    expect(screen.getByText(/El peso máximo es 500/)).toBeTruthy();
    expect(text("calculadora-usd")).toBe("$0,00");
    expect(quoteButton().disabled).toBe(true);
    type("Peso", "500000");
    expect(text("calculadora-usd")).toBe("$7\u00a0000,00");
    expect(quoteButton().disabled).toBe(false);
  });

  it("takes the weight in kilos or pounds and says '1,5' grams is a mistake instead of charging it", () => {
    render(<Page />);
    type("Peso", "1,5");
    expect(screen.getByText(/Los gramos van sin decimales/)).toBeTruthy();
    expect(text("calculadora-usd")).toBe("$0,00");
    expect(quoteButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Unidad"), { target: { value: "kg" } });
    expect(screen.queryByText(/Los gramos van sin decimales/)).toBeNull();
    expect(text("calculadora-usd")).toBe("$24,00");
    fireEvent.change(screen.getByLabelText("Unidad"), { target: { value: "lb" } });
    // 1,5 lb = 680 g at $0,016.
    expect(text("calculadora-usd")).toBe("$10,88");
  });

  it("says why 2 000 g costs less than 1 999 g: the rate per gram falls with the weight", () => {
    render(<Page />);
    type("Peso", "1999");
    expect(text("calculadora-usd")).toBe("$31,98");
    expect(text("calculadora-tarifa")).toBe(
      "Tarifa: $0,016 por gramo. Desde 2\u00a0000 g la tarifa baja a $0,015 por gramo: 2\u00a0000 g cuestan $30,00, menos que este peso.",
    );
    type("Peso", "2000");
    expect(text("calculadora-tarifa")).toBe("Tarifa: $0,015 por gramo.");
    type("Peso", "1000");
    expect(text("calculadora-tarifa")).toBe("Tarifa: $0,016 por gramo.");
  });

  it("estimates the import taxes on the purchase plus the freight, as a range when the kind of product varies", () => {
    render(<Page />);
    expect(text("impuestos-estimado")).toBe("Escribe el valor de tu compra para estimar los impuestos.");
    type("Peso", "1500");
    type("Valor de la compra (USD)", "100");
    // Phones and computers (the first kind): CIF 124 ($100 + $24 of freight); 1 % + 13 % IVA = $17.52.
    expect(text("impuestos-estimado")).toBe(`Impuestos estimados: $17,52 (${formatColones(17.52 * RATE.rate)}).`);
    fireEvent.change(screen.getByLabelText("Tipo de producto"), { target: { value: "consolas" } });
    expect(text("impuestos-estimado")).toBe(`Impuestos estimados: $69,09 (${formatColones(69.09 * RATE.rate)}).`);
    fireEvent.change(screen.getByLabelText("Tipo de producto"), { target: { value: "otros" } });
    expect(text("impuestos-estimado")).toMatch(/^Impuestos estimados: entre \$17,52 y \$\d+,\d{2}/);
    type("Valor de la compra (USD)", "cien");
    expect(screen.getByText(/Escribe el valor de tu compra en dólares/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Cómo se calculan los impuestos" }).getAttribute("href")).toBe("/impuestos");
  });
});
