// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { DeferredToaster } from "./deferred-toaster";
import { dismissToast, toast } from "./use-toast";

afterEach(() => {
  act(() => dismissToast());
  cleanup();
});

describe("DeferredToaster", () => {
  it("shows a toast raised before the notification area's code has arrived", async () => {
    render(<DeferredToaster />);
    act(() => {
      toast({ title: "¡Copiado!", description: "Dirección copiada" });
    });
    expect(await screen.findByText("¡Copiado!")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Notificaciones (F8)" })).toBeTruthy();
  });
});
