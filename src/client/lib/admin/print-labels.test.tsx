// @vitest-environment jsdom
// 'Imprimir etiquetas': the PDF is asked for with the staff session and shown in the tab opened at
// the click; a blocked tab downloads it instead; a refusal shows the server's Spanish message.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catchDownloads, cleanUpAdminTest, json, renderAdmin, stubFetch, type FetchCall } from "../../test/admin-kit";
import { LABELS_POPUP_BLOCKED } from "../../../shared/api/admin/labels";
import { PrintLabelsButton } from "./print-labels";

const calls: FetchCall[] = [];
const saved: string[] = [];

beforeEach(() => {
  catchDownloads(saved);
  stubFetch((_method, url) => {
    if (url.includes("ids=9")) return json(409, { error: "Conflicto", code: "CONFLICT", message: "El paquete X aún no se ha recibido en bodega: no tiene etiqueta." });
    return new Response(new Uint8Array([37, 80, 68, 70]), { status: 200, headers: { "content-type": "application/pdf" } });
  }, calls);
});
afterEach(() => {
  cleanUpAdminTest();
  vi.restoreAllMocks();
});

describe("PrintLabelsButton", () => {
  it("opens the labels of the given ids in a new tab", async () => {
    const tab = { closed: false, close: vi.fn(), location: { href: "" } };
    vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    renderAdmin(<PrintLabelsButton ids={[3, 4]} format="a4" />);
    fireEvent.click(screen.getByRole("button", { name: "Imprimir etiquetas" }));
    await waitFor(() => expect(tab.location.href).toBe("blob:x"));
    // The ids travel as one comma-separated value (the comma percent-encoded, as URLSearchParams writes it).
    expect(calls.map((c) => c.url)).toEqual(["/api/admin/labels?ids=3%2C4&format=a4"]);
  });

  it("downloads the PDF when the tab was blocked, and shows a refusal in Spanish", async () => {
    vi.spyOn(window, "open").mockReturnValue(null);
    renderAdmin(
      <>
        <PrintLabelsButton ids={[5]} />
        <PrintLabelsButton ids={[9]} label="Otra" />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Imprimir etiqueta" }));
    expect(await screen.findByText(LABELS_POPUP_BLOCKED)).toBeTruthy();
    expect(saved).toEqual(["etiquetas-termica.pdf"]);
    fireEvent.click(screen.getByRole("button", { name: "Otra" }));
    expect(await screen.findByText("El paquete X aún no se ha recibido en bodega: no tiene etiqueta.")).toBeTruthy();
  });
});
