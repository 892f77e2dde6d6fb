// @vitest-environment jsdom
// The floating share button: the referral link {origin}?ref={code} to WhatsApp, Facebook and
// the clipboard ('Link copiado').
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../components/ui/toast";
import { dismissToast } from "../../components/ui/use-toast";
import { ShareReferralButton } from "./share-referral-button";

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

describe("ShareReferralButton", () => {
  it("shares {origin}?ref={code} to WhatsApp and Facebook and copies it", async () => {
    render(
      <>
        <ShareReferralButton referralCode="EX4K7P2M" />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: /Invitar amigos/ }));
    const dialog = await screen.findByRole("dialog", { name: "Invita a tus amigos" });
    const link = `${window.location.origin}?ref=EX4K7P2M`;
    expect((within(dialog).getByLabelText("Tu link de referido") as HTMLInputElement).value).toBe(link);

    const whatsapp = new URL(within(dialog).getByRole("link", { name: "WhatsApp" }).getAttribute("href") ?? "");
    expect(whatsapp.origin).toBe("https://wa.me");
    expect(whatsapp.searchParams.get("text")).toContain(link);
    const facebook = new URL(within(dialog).getByRole("link", { name: "Facebook" }).getAttribute("href") ?? "");
    expect(facebook.searchParams.get("u")).toBe(link);
    expect(within(dialog).getByRole("link", { name: "Facebook" }).getAttribute("target")).toBe("_blank");

    fireEvent.click(within(dialog).getByRole("button", { name: "Copiar link" }));
    expect(await screen.findByText("Link copiado")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link);
  });
});
