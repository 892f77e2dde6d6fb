// @vitest-environment jsdom
// Sin dueño against a stubbed server: waiting rows with 'Editar' and 'Asignar a un cliente',
// claimed rows with the client they went to; assigning looks the code up first, shows the
// client's name, and only the second press assigns.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanUpAdminTest, json, renderAdmin, stubFetch, type FetchCall } from "../../../test/admin-kit";
import type { TUnclaimedPackage } from "../../../../shared/api/admin/warehouse";
import { UnclaimedSection } from "./unclaimed-section";

const row = (over: Partial<TUnclaimedPackage> = {}): TUnclaimedPackage => ({
  id: 3,
  trackingCode: "9400100000000000000001",
  carrier: "USPS",
  clientCodeHint: "EX4K7P2M",
  pesoGramos: 700,
  largoCm: null,
  anchoCm: null,
  altoCm: null,
  notas: null,
  receivedAt: "2026-11-25T15:00:00.000Z",
  receivedBy: "Bodeguero",
  claimedAt: null,
  claimedBy: null,
  photos: [],
  ...over,
});

const calls: FetchCall[] = [];

beforeEach(() => {
  const claimed = row({ id: 2, trackingCode: "1ZCLAIMED", claimedAt: "2026-11-25T18:00:00.000Z", claimedBy: { trackingId: 50, clientCode: "EX9Q8R7T", clientName: "Pedro Mora" } });
  stubFetch((method, url) => {
    if (method === "GET" && url.startsWith("/api/admin/warehouse/unclaimed")) return json(200, { items: [row(), claimed], total: 2, openTotal: 1, page: 1, pageSize: 20 });
    if (method === "GET" && url.startsWith("/api/admin/warehouse/client")) return json(200, { clientCode: "EX4K7P2M", clientName: "Laura Jiménez" });
    if (method === "POST" && url === "/api/admin/warehouse/unclaimed/3/assign")
      return json(200, {
        unclaimed: { ...row(), claimedAt: "2026-11-26T15:00:00.000Z" },
        package: {
          id: 51,
          trackingCode: row().trackingCode,
          clientCode: "EX4K7P2M",
          clientName: "Laura Jiménez",
          estado: "EN_BODEGA_MIAMI",
          origen: "USA",
          formaEnvio: "AVION",
          carrier: "USPS",
          descripcionPaquete: null,
          receivedAt: row().receivedAt,
          receivedBy: "Bodeguero",
          alreadyReceived: null,
          pesoGramos: 700,
          largoCm: null,
          anchoCm: null,
          altoCm: null,
          pieCubicos: null,
        },
      });
    return json(404, { message: "no" });
  }, calls);
});
afterEach(cleanUpAdminTest);

describe("Sin dueño", () => {
  it("lists waiting and claimed rows, and assigns after showing the client's name", async () => {
    renderAdmin(<UnclaimedSection />);
    expect(await screen.findByText("Esperando dueño: 1")).toBeTruthy();
    expect(screen.getByText(/Asignado a EX9Q8R7T · Pedro Mora/)).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Asignar a un cliente" })).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: "Asignar a un cliente" }));
    const code = await screen.findByLabelText("Código del cliente");
    expect((code as HTMLInputElement).value).toBe("EX4K7P2M");
    fireEvent.click(screen.getByRole("button", { name: "Buscar cliente" }));
    expect((await screen.findByRole("status")).textContent).toContain("Laura Jiménez");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(calls.find((c) => c.method === "POST")?.body).toEqual({ clientCode: "EX4K7P2M" }));
    await waitFor(() => expect(screen.queryByLabelText("Código del cliente")).toBeNull());
  });
});
