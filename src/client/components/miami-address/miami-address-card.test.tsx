// @vitest-environment jsdom
// The Miami mailbox card: the recipient lines carry the client's code, both tabs show their
// address, and every copy button copies its line with a '¡Copiado!' toast.
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../ui/toast";
import { dismissToast } from "../ui/use-toast";
import { brand } from "../../lib/brand";
import { MiamiAddressCard } from "./miami-address-card";
import { miamiRecipient } from "./recipient";

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

describe("miamiRecipient", () => {
  it.each([
    ["Laura Chaves Ulate", { firstName: "Laura", lastName: "Chaves Ulate EX4K7P2M" }],
    ["  Ana   María  Solís ", { firstName: "Ana María", lastName: "Solís EX4K7P2M" }],
    ["María José Pérez Rojas", { firstName: "María José", lastName: "Pérez Rojas EX4K7P2M" }],
    ["José Pablo Jiménez Solano", { firstName: "José Pablo", lastName: "Jiménez Solano EX4K7P2M" }],
    ["María de los Ángeles Vargas Mora", { firstName: "María de los Ángeles", lastName: "Vargas Mora EX4K7P2M" }],
    ["Madonna", { firstName: "Madonna", lastName: "EX4K7P2M" }],
  ])("%j → %j", (nombre, expected) => {
    expect(miamiRecipient(nombre, "EX4K7P2M")).toEqual(expected);
  });
});

describe("MiamiAddressCard", () => {
  it("shows the air address first and the sea address on the Barco tab", async () => {
    render(<MiamiAddressCard nombre="Laura Chaves Ulate" clientCode="EX4K7P2M" />);
    expect(screen.getByText(brand.miami.air.address)).toBeTruthy();
    expect(screen.getByTestId("miami-code").parentElement?.textContent).toBe("Chaves Ulate EX4K7P2M");
    expect(screen.getByText(brand.miami.air.zip)).toBeTruthy();
    const sea = screen.getByRole("tab", { name: "Barco" });
    fireEvent.mouseDown(sea);
    fireEvent.click(sea);
    await waitFor(() => expect(screen.getByText(brand.miami.sea.address)).toBeTruthy());
    expect(screen.getByText(brand.miami.sea.city)).toBeTruthy();
  });

  it.each([
    ["Copiar nombre (Avión)", "Laura"],
    ["Copiar apellido (Avión)", "Chaves Ulate EX4K7P2M"],
    ["Copiar dirección (Avión)", brand.miami.air.address],
    ["Copiar ciudad (Avión)", brand.miami.air.city],
    ["Copiar estado (Avión)", brand.miami.air.state],
    ["Copiar código postal (Avión)", brand.miami.air.zip],
    ["Copiar teléfono (Avión)", brand.miami.air.phone],
  ])("'%s' copies %j and toasts '¡Copiado!'", async (button, text) => {
    render(
      <>
        <MiamiAddressCard nombre="Laura Chaves Ulate" clientCode="EX4K7P2M" />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: button }));
    expect(await screen.findByText("¡Copiado!")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(text);
  });

  it("says so in a red toast when the clipboard refuses", async () => {
    writeText.mockRejectedValue(new Error("denied"));
    render(
      <>
        <MiamiAddressCard nombre="Laura Chaves" clientCode="EX4K7P2M" />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Copiar dirección (Avión)" }));
    expect(await screen.findByText("No se pudo copiar el texto")).toBeTruthy();
  });
});

describe("a long name in the Miami address (issue 36 item 5)", () => {
  it("wraps between words only, and keeps the client code whole on its line", () => {
    render(<MiamiAddressCard nombre="María de los Ángeles Villalobos Castro-Montenegro" clientCode="EX4K7P2M" />);
    const code = screen.getByTestId("miami-code");
    expect(code.textContent).toBe("EX4K7P2M");
    expect(code.className).toContain("whitespace-nowrap");
    const line = code.parentElement!;
    expect(line.textContent).toBe("Villalobos Castro-Montenegro EX4K7P2M");
    // The value has its line to itself: the copy button sits on the label's row.
    expect(line.tagName).toBe("DD");
    expect(line.querySelector("button")).toBeNull();
    // overflow-wrap:anywhere split words (and the code) at any letter to fit the narrowest width.
    expect(line.className).not.toContain("anywhere");
    expect(line.className).toContain("break-words");
  });
});
