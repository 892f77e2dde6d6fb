// @vitest-environment jsdom
// A package row's inline fields against a stubbed server whose answers the test releases by hand:
// a save that resolves while staff type in another field never resets that field (issue 18 item 1),
// and each field saves its own value.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "../../../lib/query-client";
import { CLIENTS_KEY } from "../../../lib/admin/admin-queries";
import { adminClientFixture, adminClientsPage, cleanUpAdminTest, json, renderAdmin } from "../../../test/admin-kit";
import type { TAdminTracking } from "../../../../shared/api/admin/clients";
import { COSTO_NEGATIVE, COSTO_TOO_HIGH, PESO_NEGATIVE } from "../../../../shared/api/admin/trackings";
import { BulkSelectionProvider } from "./bulk-selection";
import { CachedTrackingRow } from "../../../test/tracking-row-harness";
import { trackingFixture } from "../../../test/fixtures/tracking";

const base = trackingFixture();

const KEY = [...CLIENTS_KEY, "row-test"];
let stored: TAdminTracking;
/** Each PATCH waits here until the test releases it; the body it carried is kept. */
let pending: { body: Record<string, unknown>; release: () => void }[];
let version = 0;

const page = (tracking: TAdminTracking) => adminClientsPage([adminClientFixture({ trackings: [tracking] })]);

beforeEach(() => {
  stored = base;
  pending = [];
  queryClient.clear();
  queryClient.setQueryData(KEY, page(base));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      if (init.method === "PATCH" && url === "/api/trackings/1") {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        await new Promise<void>((release) => pending.push({ body, release }));
        // The server applies only what the body names; each answer is a new version of the row.
        stored = { ...stored, ...body, updatedAt: new Date(Date.UTC(2025, 2, 2, 0, 0, ++version)).toISOString() } as TAdminTracking;
        return json(200, { tracking: stored, notificationQueued: false, messaging: { configured: false } });
      }
      return json(404, { message: "no" });
    }),
  );
});
afterEach(cleanUpAdminTest);

function renderRow() {
  renderAdmin(
    <BulkSelectionProvider>
      <CachedTrackingRow queryKey={KEY} page={() => page(stored)} />
    </BulkSelectionProvider>,
  );
  return { costo: screen.getByLabelText("Costo (₡)") as HTMLInputElement, peso: screen.getByLabelText("Peso (gramos)") as HTMLInputElement };
}

/** Types one key at a time, as a person does: each keystroke is its own change event. */
function typeKeys(input: HTMLInputElement, text: string) {
  for (const ch of text) fireEvent.change(input, { target: { value: input.value + ch } });
}

describe("TrackingRow inline fields", () => {
  it("keeps the weight being typed when the cost save resolves mid-typing, and saves 1500 g", async () => {
    const { costo, peso } = renderRow();
    costo.focus();
    typeKeys(costo, "21000");
    // Tab: the weight gets the focus and the cost saves on blur.
    peso.focus();
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(pending[0].body).toEqual({ costo: 21000 });

    typeKeys(peso, "1");
    // The cost's answer arrives after the first digit of the weight.
    await act(async () => pending[0].release());
    await waitFor(() => expect(stored.costo).toBe(21000));
    await waitFor(() => expect(screen.getByText("¡Actualizado!")).toBeTruthy());
    expect(peso.value).toBe("1");
    typeKeys(peso, "500");
    expect(peso.value).toBe("1500");
    expect(costo.value.replace(/\D/g, "")).toBe("21000");

    // Enter saves the weight: its own value, not the cost.
    fireEvent.keyDown(peso, { key: "Enter" });
    await waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[1].body).toMatchObject({ pesoPieCubicos: "1500" });
    expect(pending[1].body).not.toHaveProperty("costo");
    await act(async () => pending[1].release());
    await waitFor(() => expect(stored.pesoPieCubicos).toBe("1500"));
    expect(peso.value).toBe("1500");
  });

  it("keeps a cost being typed when the weight save resolves", async () => {
    const { costo, peso } = renderRow();
    peso.focus();
    typeKeys(peso, "520");
    costo.focus();
    await waitFor(() => expect(pending).toHaveLength(1));
    typeKeys(costo, "4");
    await act(async () => pending[0].release());
    await waitFor(() => expect(stored.pesoPieCubicos).toBe("520"));
    await waitFor(() => expect(screen.getByText("¡Actualizado!")).toBeTruthy());
    typeKeys(costo, "500");
    expect(costo.value.replace(/\D/g, "")).toBe("4500");
    expect(peso.value).toBe("520");
  });

  it("shows a value another save brought for a field staff are not editing", async () => {
    const { costo, peso } = renderRow();
    peso.focus();
    typeKeys(peso, "520");
    peso.blur();
    await waitFor(() => expect(pending).toHaveLength(1));
    // Meanwhile the cost changed on the server (another tab): the untouched field follows it.
    stored = { ...stored, costo: 3000 };
    await act(async () => pending[0].release());
    await waitFor(() => expect(costo.value.replace(/\D/g, "")).toBe("3000"));
    expect(peso.value).toBe("520");
  });

  it("refuses a negative or too large cost and a negative weight with a Spanish range error, sending nothing", async () => {
    const { costo, peso } = renderRow();
    costo.focus();
    typeKeys(costo, "-5");
    expect(costo.value).toBe("-5");
    peso.focus();
    expect((await screen.findByRole("alert")).textContent).toBe(COSTO_NEGATIVE);
    expect(costo.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(costo, { target: { value: "3000000000" } });
    costo.focus();
    peso.focus();
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(COSTO_TOO_HIGH));
    expect(COSTO_TOO_HIGH).toMatch(/^El costo máximo es ₡2.000.000.000$/);

    typeKeys(peso, "-5");
    costo.focus();
    await waitFor(() => expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain(PESO_NEGATIVE));
    expect(pending).toEqual([]);
    expect(stored).toEqual(base);
  });
});

describe("TrackingRow status words (issue 32)", () => {
  it("names the warehouse of the package's origin: a package from China is 'En bodega China'", () => {
    stored = trackingFixture({ origen: "CHINA" });
    queryClient.setQueryData(KEY, page(stored));
    renderRow();
    expect(screen.getAllByText("En bodega China").length).toBeGreaterThan(0);
    const select = screen.getByLabelText(/Estado/) as HTMLSelectElement;
    expect(select.selectedOptions[0].textContent).toBe("En bodega China");
    expect(screen.getByText("Avisar llegada a China")).toBeTruthy();
    expect(screen.queryByText(/Miami/)).toBeNull();
  });
});
