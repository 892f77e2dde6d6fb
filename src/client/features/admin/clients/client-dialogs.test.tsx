// @vitest-environment jsdom
// Managing client records from the panel against a stubbed server: 'Nuevo cliente' checks the
// registration rules before sending, 'Editar' sends only what changed (notes included), 'Eliminar'
// says what happens to the packages and shows the server's refusal, 'Fusionar con…' finds the
// other record and merges into the one staff chose to keep. Notes show on the card.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "../../../lib/query-client";
import { adminClientFixture, cleanUpAdminTest, json, renderAdmin } from "../../../test/admin-kit";
import {
  REGISTER_NOMBRE_SHORT,
  REGISTER_WHATSAPP_NOT_CR,
} from "../../../../shared/api/clients";
import {
  CLIENT_LOOKALIKE_CODE,
  CLIENT_LOOKALIKE_CONFIRM,
  CLIENT_LOOKALIKE_TITLE,
  MERGE_KEEP_OLDER_HINT,
  clientLookalikeMessage,
  clientHasActiveTrackings, type TAdminClient, type TAdminClientsResponse } from "../../../../shared/api/admin/clients";
import { TAX_ID_TYPE_REQUIRED } from "../../../../shared/api/tax-id";
import { ClientCard } from "./client-card";
import { NewClientButton } from "./client-dialogs";

const clientFixture = (over: Partial<TAdminClient> = {}): TAdminClient =>
  adminClientFixture({ direccion: "Grecia centro, 200 m norte del parque", notas: "Llamar antes de entregar", trackingCount: 3, ...over });

const record = (c: TAdminClient) => ({
  id: c.id,
  clientCode: c.clientCode,
  nombre: c.nombre,
  telefono: c.telefono,
  direccion: c.direccion,
  email: c.email,
  notas: c.notas,
  tipoIdentificacion: c.tipoIdentificacion,
  identificacion: c.identificacion,
});

let calls: { method: string; url: string; body: unknown }[];
let answer: (method: string, url: string, body: unknown) => Response;

beforeEach(() => {
  calls = [];
  queryClient.clear();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      calls.push({ method, url, body });
      return answer(method, url, body);
    }),
  );
});
afterEach(cleanUpAdminTest);

function renderCard(client = clientFixture()) {
  renderAdmin(<ClientCard client={client} rate={513} messaging={{ configured: false }} filtering={false} renderTrackings={() => null} />);
}

const changes = () => calls.filter((c) => c.method !== "GET");

describe("Nuevo cliente", () => {
  it("shows the registration rules' errors without sending, then creates the client and says its code", async () => {
    answer = (_m, _u, body) => json(201, { client: { id: 50, clientCode: "EXNEW123", email: null, notas: null, ...(body as object), tipoIdentificacion: null, identificacion: null, telefono: "+50688881234" } });
    renderAdmin(<NewClientButton />);
    fireEvent.click(screen.getByRole("button", { name: /Nuevo cliente/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("WhatsApp"), { target: { value: "1234" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear cliente" }));
    expect(await within(dialog).findByText(REGISTER_NOMBRE_SHORT)).toBeTruthy();
    expect(changes()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Nombre completo"), { target: { value: "José Pérez" } });
    fireEvent.change(within(dialog).getByLabelText("WhatsApp"), { target: { value: "12345678" } });
    fireEvent.change(within(dialog).getByLabelText("Dirección"), { target: { value: "San Ramón, 100 m sur de la iglesia" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear cliente" }));
    expect(await within(dialog).findByText(REGISTER_WHATSAPP_NOT_CR)).toBeTruthy();
    expect(changes()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("WhatsApp"), { target: { value: "8888-1234" } });
    fireEvent.change(within(dialog).getByLabelText(/Notas internas/), { target: { value: "Cliente de mostrador" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear cliente" }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toMatchObject({
      method: "POST",
      url: "/api/admin/clients",
      body: { nombre: "José Pérez", telefono: "8888-1234", direccion: "San Ramón, 100 m sur de la iglesia", notas: "Cliente de mostrador" },
    });
    expect(await screen.findByText("José Pérez: código EXNEW123")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("asks about a look-alike client the server names, and creates only when staff confirm", async () => {
    const message = clientLookalikeMessage([{ clientCode: "EXOLD999", nombre: "José Pérez", reason: "nombre" }]);
    answer = (_m, _u, body) =>
      (body as { confirmar?: boolean }).confirmar
        ? json(201, { client: { id: 51, clientCode: "EXNEW124", email: null, notas: null, ...(body as object), tipoIdentificacion: null, identificacion: null, telefono: "+50688881235" } })
        : json(409, { error: "Cliente parecido", code: CLIENT_LOOKALIKE_CODE, message, lookalikes: [] });
    renderAdmin(<NewClientButton />);
    fireEvent.click(screen.getByRole("button", { name: /Nuevo cliente/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Nombre completo"), { target: { value: "Jose Perez" } });
    fireEvent.change(within(dialog).getByLabelText("WhatsApp"), { target: { value: "8888-1235" } });
    fireEvent.change(within(dialog).getByLabelText("Dirección"), { target: { value: "San Ramón, 100 m sur de la iglesia" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear cliente" }));
    const ask = await screen.findByRole("alertdialog", { name: CLIENT_LOOKALIKE_TITLE });
    expect(within(ask).getByText(message)).toBeTruthy();
    expect(changes()).toHaveLength(1);
    fireEvent.click(within(ask).getByRole("button", { name: CLIENT_LOOKALIKE_CONFIRM }));
    await waitFor(() => expect(changes()).toHaveLength(2));
    expect(changes()[1].body).toMatchObject({ nombre: "Jose Perez", telefono: "8888-1235", confirmar: true });
    expect(await screen.findByText("Jose Perez: código EXNEW124")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("The identification for the electronic invoice (issue 34)", () => {
  it("creates a client with a física identification, refusing a number that does not fit the type first", async () => {
    answer = (_m, _u, body) => json(201, { client: { id: 52, clientCode: "EXNEW125", email: null, notas: null, ...(body as object), identificacion: "109870654", telefono: "+50688881236" } });
    renderAdmin(<NewClientButton />);
    fireEvent.click(screen.getByRole("button", { name: /Nuevo cliente/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Nombre completo"), { target: { value: "María Muñoz" } });
    fireEvent.change(within(dialog).getByLabelText("WhatsApp"), { target: { value: "8888-1236" } });
    fireEvent.change(within(dialog).getByLabelText("Dirección"), { target: { value: "San Ramón, 100 m sur de la iglesia" } });
    fireEvent.change(within(dialog).getByLabelText(/Tipo de identificación/), { target: { value: "FISICA" } });
    fireEvent.change(within(dialog).getByLabelText(/Número de identificación/), { target: { value: "1-0987-065" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear cliente" }));
    expect(await within(dialog).findByText(/La cédula física tiene 9 dígitos/)).toBeTruthy();
    expect(changes()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Número de identificación/), { target: { value: "1-0987-0654" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Crear cliente" }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0].body).toMatchObject({ nombre: "María Muñoz", tipoIdentificacion: "FISICA", identificacion: "1-0987-0654" });
  });

  it("shows the stored identification, and an edit of the number sends the pair", async () => {
    const client = clientFixture({ tipoIdentificacion: "JURIDICA", identificacion: "3101123456" });
    answer = () => json(200, { client: { ...record(client), identificacion: "3101654321" } });
    renderCard(client);
    expect(screen.getByText("Cédula jurídica 3101123456")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Editar a Ana Mora" }));
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByLabelText(/Tipo de identificación/) as HTMLSelectElement).value).toBe("JURIDICA");
    fireEvent.change(within(dialog).getByLabelText(/Número de identificación/), { target: { value: "3-101-654321" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual({ method: "PATCH", url: "/api/admin/clients/9", body: { tipoIdentificacion: "JURIDICA", identificacion: "3-101-654321" } });
  });

  it("asks for the type when only a number is typed, and removes the identification with 'Sin identificación'", async () => {
    const client = clientFixture({ tipoIdentificacion: "DIMEX", identificacion: "155812345678" });
    answer = () => json(200, { client: { ...record(client), tipoIdentificacion: null, identificacion: null } });
    renderCard(client);
    fireEvent.click(screen.getByRole("button", { name: "Editar a Ana Mora" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(/Tipo de identificación/), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar cambios" }));
    expect(await within(dialog).findByText(TAX_ID_TYPE_REQUIRED)).toBeTruthy();
    expect(changes()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/Número de identificación/), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0].body).toEqual({ tipoIdentificacion: "", identificacion: "" });
    expect(await screen.findByText("Cliente actualizado")).toBeTruthy();
  });
});

describe("The client card", () => {
  it("shows the internal notes and edits only what changed", async () => {
    const client = clientFixture();
    answer = (_m, _u, body) => json(200, { client: { ...record(client), ...(body as object) } });
    renderCard(client);
    expect(screen.getByText("Notas internas")).toBeTruthy();
    expect(screen.getByText("Llamar antes de entregar")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Editar a Ana Mora" }));
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByLabelText("WhatsApp") as HTMLInputElement).value).toBe("+506 88887777");
    fireEvent.change(within(dialog).getByLabelText(/Notas internas/), { target: { value: "Prefiere entregas en la tarde" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar cambios" }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]).toEqual({ method: "PATCH", url: "/api/admin/clients/9", body: { notas: "Prefiere entregas en la tarde" } });
    expect(await screen.findByText("Cliente actualizado")).toBeTruthy();
  });

  it("says what happens to the packages before deleting, and shows the server's refusal", async () => {
    answer = () => json(409, { error: "Conflicto", message: clientHasActiveTrackings(2), code: "CONFLICT" });
    renderCard();
    fireEvent.click(screen.getByRole("button", { name: "Eliminar a Ana Mora" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toMatch(/Tiene 3 paquetes: si alguno no está entregado no se elimina nada/);
    expect(dialog.textContent).toMatch(/si todos están entregados, se eliminan con él/);
    expect(dialog.textContent).toMatch(/no se puede deshacer/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Eliminar cliente" }));
    await waitFor(() => expect(changes()).toEqual([{ method: "DELETE", url: "/api/admin/clients/9", body: undefined }]));
    expect(await screen.findByText(clientHasActiveTrackings(2))).toBeTruthy();
    // Refused: the confirmation stays open.
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });

  it("finds the other record, shows both and merges into the older one by default", async () => {
    const client = clientFixture();
    // The other record is older: its code is the one on the client's Miami address (issue 32).
    const other = clientFixture({
      id: 12,
      clientCode: "EXOLD999",
      nombre: "Ana Mora Solís",
      telefono: "88887777",
      notas: null,
      trackingCount: 1,
      createdAt: "2023-06-01T15:00:00.000Z",
    });
    answer = (method, url) => {
      if (method === "GET") {
        const page: TAdminClientsResponse = {
          clients: [client, other],
          filteredTotal: 2,
          page: 1,
          pageSize: 5,
          messaging: { configured: false },
        };
        return json(200, page);
      }
      expect(url).toBe("/api/admin/clients/12/merge");
      return json(200, { client: record(other), moved: { trackings: 3, searches: 0, coupons: 0, referrals: 0 } });
    };
    renderCard(client);
    fireEvent.click(screen.getByRole("button", { name: /Fusionar con/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Buscar el otro registro"), { target: { value: "Ana Mora" } });
    const found = await within(dialog).findByRole("button", { name: /EXOLD999/ });
    expect(calls.find((c) => c.method === "GET")?.url).toBe("/api/clients?q=Ana+Mora&pageSize=5");
    // The card's own client is not offered.
    expect(within(dialog).queryByRole("button", { name: /EX123456/ })).toBeNull();
    fireEvent.click(found);

    expect(within(dialog).getByText("Se conserva")).toBeTruthy();
    // Preselected without a click: the older record is kept.
    expect((within(dialog).getByLabelText("Ana Mora Solís (EXOLD999)") as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText(MERGE_KEEP_OLDER_HINT)).toBeTruthy();
    expect(dialog.textContent).toMatch(/de EX123456 pasan a EXOLD999/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Fusionar en EXOLD999" }));
    await waitFor(() => expect(changes()).toEqual([{ method: "POST", url: "/api/admin/clients/12/merge", body: { from: 9 } }]));
    expect(await screen.findByText(/Se conservó Ana Mora Solís \(EXOLD999\); se movieron 3 paquetes/)).toBeTruthy();
  });
});
