// @vitest-environment jsdom
// Sin dueño against a stubbed server: waiting rows with 'Editar' and 'Asignar a un cliente',
// claimed rows with the client they went to; assigning looks the code up first, shows the
// client's name, and only the second press assigns. "Por confirmar" shows the label's code next to
// the claimer's, flags a mismatch, and confirms it only through "Confirmar de todos modos".
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
let matches: unknown[] = [];

const match = (id: number, clientCode: string, hint: string | null, codigo: { coincide: boolean | null; texto: string }) => ({
  id,
  proposedAt: "2026-11-26T10:00:00.000Z",
  unclaimed: row({ id: 10 + id, trackingCode: `1ZMATCH${id}`, clientCodeHint: hint, photos: [{ url: "/objects/uploads/etiqueta.jpg?exp=1&sig=x", kind: "ETIQUETA" }] }),
  package: { id: 70 + id, trackingCode: `1ZMATCH${id}`, clientCode, clientName: "Carlos Rojas", formaEnvio: "AVION", estado: "SEGUIMIENTO_INTERNACIONAL" },
  codigo,
});

beforeEach(() => {
  const claimed = row({ id: 2, trackingCode: "1ZCLAIMED", claimedAt: "2026-11-25T18:00:00.000Z", claimedBy: { trackingId: 50, clientCode: "EX9Q8R7T", clientName: "Pedro Mora" } });
  matches = [];
  stubFetch((method, url) => {
    if (method === "GET" && url === "/api/admin/warehouse/matches") return json(200, { items: matches, total: matches.length });
    if (method === "POST" && url.startsWith("/api/admin/warehouse/matches/")) {
      if (url.endsWith("/reject")) return json(200, { match: { id: Number(url.split("/")[5]), estado: "RECHAZADA" } });
      return json(409, { message: "Esta coincidencia ya fue confirmada por otra persona" });
    }
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
          tiendaOrigen: null,
          valorDeclarado: null,
          pesoEstimado: null,
          factura: null,
          diferencia: null,
          pesoVolumetricoGramos: null,
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

  it("lists Por confirmar with the label's code next to the claimer's; a mismatch is confirmed only 'de todos modos'; a 409 is shown", async () => {
    matches = [
      match(1, "EXAAAAAA", "EXBBBBBB", { coincide: false, texto: "No coincide: la etiqueta dice EXBBBBBB y quien pre-alertó es EXAAAAAA" }),
      match(2, "EXCCCCCC", "EXCCCCCC", { coincide: true, texto: "El código de la etiqueta coincide con el del cliente" }),
    ];
    renderAdmin(<UnclaimedSection />);
    expect(await screen.findByRole("heading", { name: "Por confirmar (2)" })).toBeTruthy();
    expect(screen.getByText("No coincide: la etiqueta dice EXBBBBBB y quien pre-alertó es EXAAAAAA")).toBeTruthy();
    expect(screen.getByText("EXBBBBBB")).toBeTruthy();
    expect(screen.getAllByText("Foto de la etiqueta").length).toBeGreaterThanOrEqual(2);

    fireEvent.click(screen.getAllByRole("button", { name: "Confirmar" })[0]);
    expect(await screen.findByText("El código de la etiqueta no coincide")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Confirmar de todos modos" }));
    await waitFor(() => expect(calls.find((c) => c.url === "/api/admin/warehouse/matches/1/confirm")?.body).toEqual({ confirmarDiferencia: true }));
    expect((await screen.findByRole("alert")).textContent).toBe("Esta coincidencia ya fue confirmada por otra persona");

    fireEvent.click(screen.getAllByRole("button", { name: "Rechazar" })[1]);
    await waitFor(() => expect(calls.some((c) => c.url === "/api/admin/warehouse/matches/2/reject")).toBe(true));
  });
});
