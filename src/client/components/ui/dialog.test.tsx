// @vitest-environment jsdom
// Focus goes back to the control that opened a dialog (issue 17, item 5): dialogs opened by a
// plain button with `open` controlled by the page, as the portal's pre-alert, edit and delete
// dialogs are; also when that button was re-rendered or removed meanwhile.
import { useState } from "react";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Dialog, DialogContent } from "./dialog";
import { AlertDialog, AlertDialogContent } from "./alert-dialog";

afterEach(cleanup);

function Harness({ kind }: { kind: "dialog" | "alert" }) {
  const [open, setOpen] = useState(false);
  // Each opening re-renders the list, so the opening button is a new element when it closes.
  const [round, setRound] = useState(0);
  const [gone, setGone] = useState(false);
  return (
    <main tabIndex={-1}>
      <section aria-label="Paquetes" key={round}>
        <button type="button">Otro</button>
        {gone ? null : (
          <button type="button" aria-label="Editar 1Z999" onClick={() => setOpen(true)}>
            Editar
          </button>
        )}
      </section>
      {kind === "dialog" ? (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent title="Editar Tracking">
            <button type="button" onClick={() => setRound((n) => n + 1)}>
              Re-render
            </button>
            <button type="button" onClick={() => setGone(true)}>
              Quitar
            </button>
          </DialogContent>
        </Dialog>
      ) : (
        <AlertDialog open={open} onOpenChange={setOpen}>
          <AlertDialogContent title="Eliminar tracking" description="¿Seguro?" confirmLabel="Eliminar" onConfirm={() => setOpen(false)} />
        </AlertDialog>
      )}
    </main>
  );
}

async function openWith(name: string): Promise<HTMLElement> {
  const trigger = screen.getByRole("button", { name });
  trigger.focus();
  fireEvent.click(trigger);
  await waitFor(() => expect(screen.queryByRole("dialog") ?? screen.queryByRole("alertdialog")).not.toBeNull());
  return trigger;
}

async function pressEscape(): Promise<void> {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
  await waitFor(() => expect(screen.queryByRole("dialog") ?? screen.queryByRole("alertdialog")).toBeNull());
}

describe("dialog focus return", () => {
  it("gives focus back to the plain button that opened a controlled dialog", async () => {
    render(<Harness kind="dialog" />);
    const trigger = await openWith("Editar 1Z999");
    expect(document.activeElement).not.toBe(trigger);
    await pressEscape();
    expect(document.activeElement).toBe(trigger);
  });

  it("does the same for a confirmation dialog", async () => {
    render(<Harness kind="alert" />);
    const trigger = await openWith("Editar 1Z999");
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it("finds the same control when the one that opened the dialog was re-rendered", async () => {
    render(<Harness kind="dialog" />);
    const trigger = await openWith("Editar 1Z999");
    act(() => fireEvent.click(screen.getByRole("button", { name: "Re-render" })));
    expect(trigger.isConnected).toBe(false);
    await pressEscape();
    const again = screen.getByRole("button", { name: "Editar 1Z999" });
    expect(again).not.toBe(trigger);
    expect(document.activeElement).toBe(again);
  });

  it("falls back to the nearest control left beside it when the opener is gone", async () => {
    render(<Harness kind="dialog" />);
    await openWith("Editar 1Z999");
    act(() => fireEvent.click(screen.getByRole("button", { name: "Quitar" })));
    await pressEscape();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Otro" }));
  });
});
