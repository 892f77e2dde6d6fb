// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "./toast";
import { dismissToast, toast } from "./use-toast";

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.useRealTimers();
});

describe("toasts", () => {
  it("shows one toast at a time: a new one replaces the old", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "¡Copiado!", description: "Dirección copiada" });
    });
    expect(screen.getByText("¡Copiado!")).toBeTruthy();

    act(() => {
      toast({ title: "Error", description: "No se pudo crear la pre-alerta. Intenta nuevamente.", variant: "destructive" });
    });
    expect(screen.queryByText("¡Copiado!")).toBeNull();
    const title = screen.getByText("Error");
    expect(title.closest("[data-variant]")?.getAttribute("data-variant")).toBe("destructive");
    expect(screen.getByText("No se pudo crear la pre-alerta. Intenta nuevamente.")).toBeTruthy();
  });

  it("closes with its close button", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Link copiado" });
    });
    fireEvent.click(screen.getByRole("button", { name: "Cerrar notificación" }));
    expect(screen.queryByText("Link copiado")).toBeNull();
  });

  it("closes by itself after 5000 ms", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: "¡Mensaje enviado!" });
    });
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText("¡Mensaje enviado!")).not.toBeNull();
    act(() => vi.advanceTimersByTime(2));
    expect(screen.queryByText("¡Mensaje enviado!")).toBeNull();
  });

  it("labels the notification area in Spanish with its F8 hotkey", () => {
    render(<Toaster />);
    expect(screen.getByRole("region", { name: "Notificaciones (F8)" })).toBeTruthy();
  });
});
