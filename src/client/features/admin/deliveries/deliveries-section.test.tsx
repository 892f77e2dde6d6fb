// @vitest-environment jsdom
// Entregas against a stubbed server: zones as groups with counts, office staff see address and
// phone and the pickup switch (Bodega neither), a scan opens the delivery dialog, the receiver is
// required, and Confirmar sends the delivery; no serious axe violations.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanUpAdminTest, json, renderAdmin, staffSessionFixture, stubFetch, testAdminSession, type FetchCall } from "../../../test/admin-kit";
import type { TDeliveriesResponse, TDeliveryPackage, TMessengerPackage } from "../../../../shared/api/admin/deliveries";
import { RECEIVER_REQUIRED } from "../../../../shared/api/admin/deliveries";
import { DeliveriesSection } from "./deliveries-section";
import { formatColones } from "../../../../shared/domain/format";

const pkg = (over: Partial<TDeliveryPackage> = {}): TDeliveryPackage => ({
  id: 7,
  trackingCode: "1Z999AA10123456784",
  descripcionPaquete: "Zapatos",
  montoColones: 12_345,
  totalColones: 12_345,
  pagadoColones: 0,
  saldoColones: 12_345,
  readySince: "2026-11-25T15:00:00.000Z",
  retiroOficina: false,
  clientCode: "EX123456",
  clientName: "Marta Solano Vega",
  direccion: "Grecia, Alajuela, 200 m norte de la iglesia",
  telefono: "+50688887777",
  mensajero: null,
  ...over,
});

const calls: FetchCall[] = [];
let list: TDeliveriesResponse;

const server = (method: string, url: string, body: unknown): Response => {
  if (method === "GET" && url === "/api/admin/deliveries") return json(200, list);
  if (url.startsWith("/api/admin/deliveries/scan")) return json(200, { ready: [pkg()], notReady: [] });
  if (method === "POST" && url === "/api/admin/deliveries/7") {
    const { recibidoPor } = body as { recibidoPor: string };
    return json(200, { trackingId: 7, recibidoPor, deliveredAt: "2026-11-26T15:00:00.000Z", photoUrl: null, signatureUrl: null });
  }
  if (method === "PATCH") return json(200, { retiroOficina: true });
  if (url === "/api/admin/messengers") return json(200, { messengers });
  if (method === "PUT" && url === "/api/admin/deliveries/7/messenger") {
    const { messengerId } = body as { messengerId: number | null };
    return json(200, { mensajero: messengers.find((m) => m.id === messengerId) ?? null });
  }
  if (url === "/api/admin/delivery-list") return json(200, { packages: messengerList });
  return json(404, { message: "no" });
};
let messengers: { id: number; name: string }[] = [];
let messengerList: TMessengerPackage[] = [];

beforeEach(() => {
  messengers = [];
  messengerList = [];
  list = {
    total: 2,
    zones: [
      { key: "grecia", label: "Grecia, Alajuela", count: 1, packages: [pkg()] },
      { key: "sin-zona", label: "Sin zona", count: 1, packages: [pkg({ id: 8, trackingCode: "LX123456789CN", clientName: "Luis Mora", direccion: "Del mango 2 cuadras" })] },
    ],
  };
  stubFetch(server, calls);
});
afterEach(cleanUpAdminTest);

describe("Entregas", () => {
  it("shows the zones with their counts, address and phone for office staff, with no serious axe violations", async () => {
    renderAdmin(<DeliveriesSection />, testAdminSession({ staff: staffSessionFixture("oficina") }));
    const grecia = (await screen.findByText("Grecia, Alajuela")).closest("details")!;
    expect(within(grecia).getByText("Marta Solano Vega")).toBeTruthy();
    expect(within(grecia).getByText("Grecia, Alajuela, 200 m norte de la iglesia")).toBeTruthy();
    expect(within(grecia).getByRole("link", { name: "+50688887777" }).getAttribute("href")).toBe("tel:+50688887777");
    expect(within(grecia).getByText("1", { exact: false, selector: "summary span" })).toBeTruthy();
    expect(screen.getByText("Sin zona")).toBeTruthy();
    fireEvent.click(within(grecia).getByRole("checkbox", { name: "Retira en oficina" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PATCH" && c.url === "/api/admin/deliveries/7/pickup")).toBe(true));
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ retiroOficina: true });
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  it("draws a closed zone's packages only when opened, asking for the whole zone when the overview had a few", async () => {
    const zone = (key: string, count: number) => ({ key, label: `Zona ${key}`, count, packages: [pkg({ id: count, trackingCode: `TRK${key}` })] });
    list = { total: 33, zones: [zone("a", 30), zone("b", 1), zone("c", 1), zone("d", 1)] };
    stubFetch((method, url, body) => {
      if (url === "/api/admin/deliveries?zona=a") {
        return json(200, { total: 30, zones: [{ ...zone("a", 30), packages: [pkg({ id: 100, trackingCode: "TRKENTERO1" }), pkg({ id: 101, trackingCode: "TRKENTERO2" })] }] });
      }
      return server(method, url, body);
    }, calls);
    renderAdmin(<DeliveriesSection />, testAdminSession({ staff: staffSessionFixture("oficina") }));
    const summary = await screen.findByText("Zona a");
    expect(screen.queryByText("TRKa")).toBeNull();
    fireEvent.click(summary);
    expect(await screen.findByText("TRKENTERO2")).toBeTruthy();
    expect(calls.some((c) => c.url === "/api/admin/deliveries?zona=a")).toBe(true);
    fireEvent.click(screen.getByText("Zona b"));
    expect(await screen.findByText("TRKb")).toBeTruthy();
    expect(calls.some((c) => c.url === "/api/admin/deliveries?zona=b")).toBe(false);
  });

  it("a typed client code that is no package's code finds the client's ready packages", async () => {
    stubFetch((method, url, body) => {
      if (url.startsWith("/api/admin/deliveries/scan")) return json(200, { ready: [], notReady: [] });
      if (url === "/api/admin/deliveries?q=EX123456") return json(200, { total: 2, zones: [{ key: "grecia", label: "Grecia, Alajuela", count: 2, packages: [pkg(), pkg({ id: 9, trackingCode: "TRKDOS" })] }] });
      return server(method, url, body);
    }, calls);
    renderAdmin(<DeliveriesSection />, testAdminSession({ staff: staffSessionFixture("bodega") }));
    await screen.findByText("Grecia, Alajuela");
    const field = screen.getByLabelText("Buscar paquete para entregar");
    fireEvent.change(field, { target: { value: "EX123456" } });
    fireEvent.submit(field.closest("form")!);
    const found = await screen.findByRole("list", { name: "Encontrados" });
    expect(within(found).getByText("TRKDOS")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows what is owed: the package's total and balance, never the freight alone (issue 32)", async () => {
    const plain = (text: string) => text.replace(/\s/g, " ");
    list = {
      total: 2,
      zones: [
        {
          key: "grecia",
          label: "Grecia, Alajuela",
          count: 2,
          packages: [
            pkg({ montoColones: 2_303, totalColones: 21_903, pagadoColones: 2_303, saldoColones: 19_600 }),
            pkg({ id: 8, trackingCode: "TRKSINMONTO", montoColones: null, totalColones: null, pagadoColones: 0, saldoColones: 0 }),
          ],
        },
      ],
    };
    renderAdmin(<DeliveriesSection />, testAdminSession({ staff: staffSessionFixture("oficina") }));
    const grecia = (await screen.findByText("Grecia, Alajuela")).closest("details")!;
    const text = plain(grecia.textContent ?? "");
    expect(text).toContain(plain(`Total ${formatColones(21_903)}`));
    expect(text).toContain(plain(`Saldo ${formatColones(19_600)}`));
    expect(text).not.toContain(plain(formatColones(2_303)));
    expect(within(grecia).queryByText("Pagado")).toBeNull();
    expect(within(grecia).getByText("Sin monto")).toBeTruthy();
  });

  it("gives Bodega no pickup switch (and the server sends no address)", async () => {
    list = { total: 1, zones: [{ key: "grecia", label: "Grecia, Alajuela", count: 1, packages: [pkg({ direccion: null, telefono: null })] }] };
    renderAdmin(<DeliveriesSection />, testAdminSession({ staff: staffSessionFixture("bodega") }));
    await screen.findAllByText("Marta Solano Vega");
    expect(screen.queryByRole("checkbox", { name: "Retira en oficina" })).toBeNull();
    expect(screen.queryByRole("link", { name: /\+506/ })).toBeNull();
  });

  it("a scan opens the delivery dialog; the receiver is required; Confirmar delivers", async () => {
    renderAdmin(<DeliveriesSection />, testAdminSession({ staff: staffSessionFixture("bodega") }));
    await screen.findByText("Grecia, Alajuela");
    const field = screen.getByLabelText("Buscar paquete para entregar");
    fireEvent.change(field, { target: { value: "1z999aa10123456784" } });
    fireEvent.submit(field.closest("form")!);
    const dialog = await screen.findByRole("dialog", { name: "Entregar 1Z999AA10123456784" });
    expect(calls.some((c) => c.url === "/api/admin/deliveries/scan?code=1z999aa10123456784")).toBe(true);
    expect(within(dialog).getByRole("img", { name: /Área de firma/ })).toBeTruthy();
    expect(within(dialog).getByLabelText(/Foto de la entrega/).getAttribute("capture")).toBe("environment");

    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar entrega" }));
    expect(await within(dialog).findByText(RECEIVER_REQUIRED)).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(within(dialog).getByLabelText("¿Quién lo recibió?"), { target: { value: "José Pérez" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar entrega" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "POST")).toMatchObject({ url: "/api/admin/deliveries/7", body: { recibidoPor: "José Pérez", photos: [] } });
    expect(await screen.findByText("Entregado a José Pérez")).toBeTruthy();
  });

  it("shows the stored saldo; delivering with a balance asks the explicit choice: the checkbox sends it, a 409 offers the shared confirm", async () => {
    const unpaidMessage = "El paquete 1Z999AA10123456784 tiene un saldo pendiente de ₡12 345. Registre el pago o elija «Entregar con saldo pendiente».";
    list = {
      total: 2,
      zones: [{ key: "grecia", label: "Grecia, Alajuela", count: 2, packages: [pkg(), pkg({ id: 8, trackingCode: "TRKPAGADO", saldoColones: 0, pagadoColones: 12_345 })] }],
    };
    stubFetch((method, url, body) => {
      if (method === "POST" && url === "/api/admin/deliveries/7" && !(body as { entregarConSaldo?: boolean }).entregarConSaldo) {
        return json(409, { error: "Saldo pendiente", code: "UNPAID_DELIVERY", message: unpaidMessage });
      }
      return server(method, url, body);
    }, calls);
    renderAdmin(<DeliveriesSection />, testAdminSession({ staff: staffSessionFixture("oficina") }));
    const grecia = (await screen.findByText("Grecia, Alajuela")).closest("details")!;
    // The colones' group separator is a no-break space; the queries read text with plain spaces.
    const plain = (text: string) => text.replace(/\s/g, " ");
    expect(within(grecia).getByText(plain(`Saldo ${formatColones(12_345)}`))).toBeTruthy();
    expect(within(grecia).getByText("Pagado")).toBeTruthy();

    const open = async () => {
      fireEvent.click(within(grecia).getAllByRole("button", { name: /Entregar/ })[0]);
      const dialog = await screen.findByRole("dialog", { name: "Entregar 1Z999AA10123456784" });
      fireEvent.change(within(dialog).getByLabelText("¿Quién lo recibió?"), { target: { value: "José Pérez" } });
      return dialog;
    };
    // Without the choice: the server's 409, then the shared confirm re-sends with the flag.
    let dialog = await open();
    expect(within(dialog).getByText(plain(`Saldo pendiente: ${formatColones(12_345)}`))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar entrega" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Saldo pendiente" });
    expect(within(confirm).getByText(unpaidMessage)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole("button", { name: "Entregar con saldo pendiente" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts.map((c) => (c.body as { entregarConSaldo?: boolean }).entregarConSaldo)).toEqual([undefined, true]);

    // With the checkbox: one call, flagged.
    dialog = await open();
    fireEvent.click(within(dialog).getByRole("checkbox", { name: (name) => plain(name) === plain(`Entregar con saldo pendiente (${formatColones(12_345)})`) }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar entrega" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "POST").at(-1)!.body).toMatchObject({ recibidoPor: "José Pérez", entregarConSaldo: true });
  });
});

describe("Entregas and the Mensajero's delivery lists (issue 32 item 7)", () => {
  it("office staff put a package on a messenger's list and take it off; Bodega sees whose list, with no select", async () => {
    messengers = [{ id: 41, name: "Carlos Rojas" }, { id: 42, name: "Diana Mora" }];
    list = { total: 1, zones: [{ key: "grecia", label: "Grecia, Alajuela", count: 1, packages: [pkg()] }] };
    renderAdmin(<DeliveriesSection />, testAdminSession({ staff: staffSessionFixture("oficina") }));
    const select = (await screen.findByLabelText("Mensajero")) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(["Sin asignar", "Carlos Rojas", "Diana Mora"]);
    // The server's list after the change (read again once the change is answered).
    list = { total: 1, zones: [{ key: "grecia", label: "Grecia, Alajuela", count: 1, packages: [pkg({ mensajero: { id: 42, name: "Diana Mora" } })] }] };
    fireEvent.change(select, { target: { value: "42" } });
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")).toMatchObject({ url: "/api/admin/deliveries/7/messenger", body: { messengerId: 42 } });
    await waitFor(() => expect((screen.getByLabelText("Mensajero") as HTMLSelectElement).value).toBe("42"));
    fireEvent.change(screen.getByLabelText("Mensajero"), { target: { value: "" } });
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "PUT").at(-1)!.body).toEqual({ messengerId: null });
    const results = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  it("Bodega reads whose list a package is on and asks for no messengers", async () => {
    list = { total: 1, zones: [{ key: "grecia", label: "Grecia, Alajuela", count: 1, packages: [pkg({ direccion: null, telefono: null, mensajero: { id: 42, name: "Diana Mora" } })] }] };
    renderAdmin(<DeliveriesSection />, testAdminSession({ staff: staffSessionFixture("bodega") }));
    expect(await screen.findByText("Mensajero: Diana Mora")).toBeTruthy();
    expect(screen.queryByLabelText("Mensajero")).toBeNull();
    expect(calls.some((c) => c.url === "/api/admin/messengers")).toBe(false);
  });

  it("a messenger sees only their list and delivers from it with the proof dialog", async () => {
    messengerList = [
      { id: 7, trackingCode: "1Z999AA10123456784", descripcionPaquete: "Zapatos", clientName: "Marta Solano Vega", direccion: "Grecia, 200 m norte de la iglesia", telefono: "+50688887777", saldoColones: 0, assignedAt: "2026-11-27T14:00:00.000Z" },
    ];
    renderAdmin(<DeliveriesSection />, testAdminSession({ staff: staffSessionFixture("mensajero") }));
    const list = await screen.findByRole("list", { name: "Mi lista de entregas" });
    expect(within(list).getByText("Pagado")).toBeTruthy();
    expect(screen.queryByLabelText("Buscar paquete para entregar")).toBeNull();
    fireEvent.click(within(list).getByRole("button", { name: "Entregar 1Z999AA10123456784" }));
    const dialog = await screen.findByRole("dialog", { name: "Entregar 1Z999AA10123456784" });
    expect(within(dialog).getByText("Marta Solano Vega")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("¿Quién lo recibió?"), { target: { value: "Marta Solano" } });
    messengerList = [];
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirmar entrega" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "POST")).toMatchObject({ url: "/api/admin/deliveries/7", body: { recibidoPor: "Marta Solano", photos: [] } });
    expect(await screen.findByText("No tienes paquetes asignados. La oficina te asigna los paquetes de tu ruta.")).toBeTruthy();
    expect(calls.map((c) => c.url).filter((u) => u.startsWith("/api/admin/deliveries") && !u.endsWith("/7"))).toEqual([]);
  });
});

describe("Entregas scan feedback (issue 32 item 8)", () => {
  it("vibrates short for a ready package and long twice when nothing is ready", async () => {
    const vibrated: (number | number[])[] = [];
    Object.defineProperty(navigator, "vibrate", { configurable: true, value: (p: number | number[]) => (vibrated.push(p), true) });
    let ready = true;
    stubFetch((method, url, body) => {
      if (url.startsWith("/api/admin/deliveries/scan")) return json(200, { ready: ready ? [pkg()] : [], notReady: [] });
      if (url.startsWith("/api/admin/deliveries?q=")) return json(200, { total: 0, zones: [] });
      return server(method, url, body);
    }, calls);
    try {
      renderAdmin(<DeliveriesSection />, testAdminSession({ staff: staffSessionFixture("bodega") }));
      await screen.findByText("Grecia, Alajuela");
      const field = screen.getByLabelText("Buscar paquete para entregar");
      fireEvent.change(field, { target: { value: "1z999aa10123456784" } });
      fireEvent.submit(field.closest("form")!);
      await screen.findByRole("dialog", { name: "Entregar 1Z999AA10123456784" });
      expect(vibrated).toEqual([60]);
      fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
      ready = false;
      fireEvent.change(field, { target: { value: "NOEXISTE1" } });
      fireEvent.submit(field.closest("form")!);
      await waitFor(() => expect(vibrated).toEqual([60, [180, 90, 180]]));
    } finally {
      Reflect.deleteProperty(navigator, "vibrate");
    }
  });
});
