// @vitest-environment jsdom
import { useState } from "react";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LazySheet } from "./lazy-sheet";

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <LazySheet
      open={open}
      onOpenChange={setOpen}
      title="Menú"
      closeLabel="Cerrar menú"
      trigger={(props) => (
        <button {...props} aria-label="Abrir menú">
          ☰
        </button>
      )}
    >
      <a href="/faq">FAQ</a>
    </LazySheet>
  );
}

describe("LazySheet", () => {
  it("says its trigger opens a dialog, opens it once its code has arrived, and gives focus back on close", async () => {
    render(<Harness />);
    const trigger = screen.getByRole("button", { name: "Abrir menú" });
    expect(trigger.getAttribute("aria-haspopup")).toBe("dialog");
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("dialog")).toBeNull();

    trigger.focus();
    fireEvent.click(trigger);
    expect(trigger.getAttribute("aria-expanded")).toBe("true");
    const dialog = await screen.findByRole("dialog", { name: "Menú" });
    expect(dialog.textContent).toContain("FAQ");

    fireEvent.click(screen.getByRole("button", { name: "Cerrar menú" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(trigger.getAttribute("aria-expanded")).toBe("false");
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });
});
