// @vitest-environment jsdom
// The amount staff see and the measure it comes from (issue 18 items 2, 4, 5; docs/decisions/114):
// the row shows the stored amount whatever today's rate, a shipping-type change asks for the
// measure in the new unit before anything is sent, and the create dialog's one weight field is
// the row's 'Peso (gramos)'.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Dialog } from "../../../components/ui/dialog";
import { dismissToast } from "../../../components/ui/use-toast";
import { queryClient } from "../../../lib/query-client";
import { AdminSessionContext } from "../../../lib/admin/admin-session";
import { testAdminSession } from "../../../test/admin-kit";
import { formatColones } from "../../../../shared/domain/format";
import { measureRequiredOnTypeChange } from "../../../../shared/api/admin/trackings";
import type { TAdminTracking } from "../../../../shared/api/admin/clients";
import { BulkSelectionProvider } from "./bulk-selection";
import { TrackingFormDialog } from "./tracking-form-dialog";
import { TrackingRow } from "./tracking-row";
import { trackingFixture } from "../../../test/fixtures/tracking";

const calls: { method: string; url: string; body: unknown }[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const pkg = (over: Partial<TAdminTracking> = {}): TAdminTracking =>
  trackingFixture({
    id: 41,
    pesoPieCubicos: "520",
    // 520 g × 0.016 USD × 514: stored when the rate was 514.
    montoColones: 4276,
    montoRate: 514,
    lastStatusChangeDate: "2026-11-20T15:00:00.000Z",
    updatedAt: "2026-11-20T15:00:00.000Z",
    createdAt: "2026-11-20T15:00:00.000Z",
    matchesFilters: true,
    ...over,
  });

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init.method ?? "GET", url, body });
      const changed = body as Partial<TAdminTracking> | undefined;
      return json(init.method === "POST" ? 201 : 200, { tracking: pkg({ ...changed, updatedAt: "2026-11-21T15:00:00.000Z" }), notificationQueued: false, messaging: { configured: false } });
    }),
  );
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const session = testAdminSession();
const withSession = ({ children }: { children: ReactNode }) => (
  <AdminSessionContext.Provider value={session}>{children}</AdminSessionContext.Provider>
);

function renderRow(tracking: TAdminTracking, rate: number) {
  return render(
    <BulkSelectionProvider>
      <TrackingRow
        tracking={tracking}
        clientCode="EXAB1234"
        clientNombre="Ana Jiménez"
        clientTelefono="88887777"
        rate={rate}
        messaging={{ configured: false }}
        highlighted={false}
      />
    </BulkSelectionProvider>,
    { wrapper: withSession },
  );
}

const montoOf = () => screen.getByLabelText("Monto").textContent;

describe("the package row's amount (item 2)", () => {
  it("shows the stored amount, not one recomputed at today's rate, and re-prices only on request", async () => {
    renderRow(pkg(), 513);
    expect(montoOf()).toBe(formatColones(4276));
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Recalcular al tipo de cambio de hoy" }));
    await waitFor(() => expect(calls).toEqual([{ method: "POST", url: "/api/admin/trackings/41/reprice", body: undefined }]));
  });

  it("offers no re-pricing when the amount is at today's rate, and shows '—' without an amount", () => {
    renderRow(pkg(), 514);
    expect(screen.queryByRole("button", { name: "Recalcular al tipo de cambio de hoy" })).toBeNull();
    cleanup();
    renderRow(pkg({ pesoPieCubicos: null, montoColones: null, montoRate: null }), 514);
    expect(montoOf()).toBe("—");
  });
});

describe("changing the shipping type (item 5)", () => {
  it("asks for the cubic feet before switching a weighed package to Barco, and sends them with the type", async () => {
    renderRow(pkg({ pesoPieCubicos: "2500" }), 514);
    fireEvent.change(screen.getByLabelText("Tipo de envío"), { target: { value: "BARCO" } });
    const dialog = await screen.findByRole("dialog");
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cambiar tipo de envío" }));
    expect(await within(dialog).findByText(measureRequiredOnTypeChange("BARCO"), { selector: "p[id$=-error]" })).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("Pies cúbicos"), { target: { value: "3" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cambiar tipo de envío" }));
    await waitFor(() => expect(calls).toEqual([{ method: "PATCH", url: "/api/trackings/41", body: { formaEnvio: "BARCO", pesoPieCubicos: "3" } }]));
  });

  it("switches a package without a measure at once", async () => {
    renderRow(pkg({ pesoPieCubicos: null, montoColones: null, montoRate: null }), 514);
    fireEvent.change(screen.getByLabelText("Tipo de envío"), { target: { value: "BARCO" } });
    await waitFor(() => expect(calls).toEqual([{ method: "PATCH", url: "/api/trackings/41", body: { formaEnvio: "BARCO" } }]));
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("the create dialog's weight (item 4)", () => {
  it("is the row's 'Peso (gramos)': the grams typed become the package's measure", async () => {
    render(
      <Dialog open onOpenChange={() => {}}>
        <TrackingFormDialog clientCode="EXAB1234" clientNombre="Ana Jiménez" onDone={() => {}} />
      </Dialog>,
      { wrapper: withSession },
    );
    fireEvent.change(screen.getByLabelText("Código de tracking"), { target: { value: "1Z999AA10123456784" } });
    fireEvent.change(screen.getByLabelText(/Peso \(gramos\)/), { target: { value: "1500" } });
    fireEvent.click(screen.getByRole("button", { name: "Crear tracking" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/admin/trackings", body: { pesoPieCubicos: "1500", pesoEstimado: 1500, formaEnvio: "AVION" } });
  });

  it("asks for cubic feet once Barco is chosen, and empties the grams typed before", async () => {
    render(
      <Dialog open onOpenChange={() => {}}>
        <TrackingFormDialog clientCode="EXAB1234" clientNombre="Ana Jiménez" onDone={() => {}} />
      </Dialog>,
      { wrapper: withSession },
    );
    fireEvent.change(screen.getByLabelText(/Peso \(gramos\)/), { target: { value: "2500" } });
    fireEvent.change(screen.getByLabelText("Tipo de envío"), { target: { value: "BARCO" } });
    const feet = await screen.findByLabelText(/Pies cúbicos/);
    expect((feet as HTMLInputElement).value).toBe("");
  });
});
