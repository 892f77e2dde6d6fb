// Issue 32 item 1 (docs/decisions/152, 163): a package without a stored amount never becomes
// collectable. Every path that can move a package to Listo para entregar or Entregado — the panel's
// status select (PATCH /api/trackings/:id), the edit dialog, creating a package with a collectable
// status, the bulk change, a shipment's move, Entregas — refuses with a Spanish 409 UNPRICED naming
// the packages and the reason ('Sin peso', 'Sin monto') and changes nothing; the Excel import refuses
// such a row as its 'Fila N' error (preview and apply; the other rows apply); the database's trigger
// refuses the same move underneath. Paths that cannot make a package collectable at all are held
// to that: the client portal's edit (no status), a merge of clients (moves packages, not statuses),
// Recepción and the Sin dueño assignment (En bodega Miami at most).
import { describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { addReceivedPackages, addTestShipment } from "../../test/shipments";
import { createTestStaff } from "../../test/staff";
import { buildWorkbook, multipartFile, type Cell } from "../../test/workbooks";
import { clientTrackings, trackingStatusHistory } from "../../db/schema";
import type { TrackingStatus } from "../../../shared/domain/statuses";

const t = useTestApp();

async function unpricedPackage(estado: TrackingStatus = "EN_BODEGA_CR", fields: { pesoPieCubicos?: string } = {}) {
  const client = await registerTestClient(t.app);
  const clientId = await clientIdOf(t.ctx.db, client.clientCode);
  const tracking = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("SM"), estado, { montoColones: null });
  if (fields.pesoPieCubicos) await t.ctx.db.update(clientTrackings).set({ pesoPieCubicos: fields.pesoPieCubicos }).where(eq(clientTrackings.id, tracking.id));
  return { client, tracking };
}

const statusOf = async (id: number) => (await t.ctx.db.select({ estado: clientTrackings.estado }).from(clientTrackings).where(eq(clientTrackings.id, id)))[0].estado;
const historyCount = async (id: number) => (await t.ctx.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, id))).length;

function expectUnpriced(res: { statusCode: number; body: string; json: () => unknown }, ...named: [string, "Sin peso" | "Sin monto"][]) {
  expect(res.statusCode, res.body).toBe(409);
  const body = res.json() as { code: string; message: string; unpriced: { trackingCode: string; motivo: string }[] };
  expect(body.code).toBe("UNPRICED");
  for (const [code, motivo] of named) expect(body.message).toContain(`${code} (${motivo})`);
  expect(body.message).toMatch(/Listo para entregar/);
  expect(body.unpriced).toEqual(expect.arrayContaining(named.map(([trackingCode, motivo]) => ({ trackingCode, motivo }))));
}

describe("no amount, not collectable: every path refuses with 409 UNPRICED and changes nothing", () => {
  it("the panel's status select (PATCH /api/trackings/:id)", async () => {
    const staff = await createTestStaff(t, "oficina");
    const { tracking } = await unpricedPackage();
    const before = await historyCount(tracking.id);
    const res = await t.app.inject({ method: "PATCH", url: `/api/trackings/${tracking.id}`, headers: staff.headers, payload: { estado: "LISTO_PARA_ENTREGAR" } });
    expectUnpriced(res, [tracking.trackingCode, "Sin peso"]);
    expect(await statusOf(tracking.id)).toBe("EN_BODEGA_CR");
    expect(await historyCount(tracking.id)).toBe(before);

    // Priced in the same change, it moves.
    const priced = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/trackings/${tracking.id}`,
      headers: staff.headers,
      payload: { estado: "LISTO_PARA_ENTREGAR", pesoPieCubicos: "1200", montoColones: 6_000 },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(await statusOf(tracking.id)).toBe("LISTO_PARA_ENTREGAR");
  });

  it("the bulk change names each package with its reason; none moves, the priced one neither", async () => {
    const staff = await createTestStaff(t, "dueno");
    const a = await unpricedPackage();
    const b = await unpricedPackage("EN_BODEGA_CR", { pesoPieCubicos: "900" });
    const client = await registerTestClient(t.app);
    const ok = await addTestPackage(t.ctx.db, await clientIdOf(t.ctx.db, client.clientCode), uniqueTrackingCode("OK"), "EN_BODEGA_CR", { montoColones: 5_000 });
    const ids = [a.tracking.id, b.tracking.id, ok.id];
    const res = await t.app.inject({ method: "POST", url: "/api/admin/trackings/bulk-status", headers: staff.headers, payload: { ids, estado: "ENTREGADO", entregarConSaldo: true } });
    expectUnpriced(res, [a.tracking.trackingCode, "Sin peso"], [b.tracking.trackingCode, "Sin monto"]);
    const rows = await t.ctx.db.select({ estado: clientTrackings.estado }).from(clientTrackings).where(inArray(clientTrackings.id, ids));
    expect(rows.map((r) => r.estado)).toEqual(["EN_BODEGA_CR", "EN_BODEGA_CR", "EN_BODEGA_CR"]);
  });

  it("a shipment's move to Listo para entregar", async () => {
    const staff = await createTestStaff(t, "bodega");
    const received = await addReceivedPackages(t.ctx.db, 3);
    const ids = received.map((p) => p.id);
    const shipment = await addTestShipment(t.ctx.db, { estado: "CERRADO", trackingIds: ids });
    await t.ctx.db.update(clientTrackings).set({ estado: "EN_BODEGA_CR" }).where(inArray(clientTrackings.id, ids));
    // The last package lost its amount (a Sin dueño join without a weight leaves it unpriced).
    await t.ctx.db.update(clientTrackings).set({ montoColones: null }).where(eq(clientTrackings.id, ids[2]));
    const res = await t.app.inject({ method: "POST", url: `/api/admin/shipments/${shipment.id}/status`, headers: staff.headers, payload: { estado: "LISTO_PARA_ENTREGAR" } });
    // Received (weighed at Recepción), so something to price from: "Sin monto" (decision 164).
    expectUnpriced(res, [received[2].trackingCode, "Sin monto"]);
    const rows = await t.ctx.db.select({ estado: clientTrackings.estado }).from(clientTrackings).where(inArray(clientTrackings.id, ids));
    expect(rows.map((r) => r.estado)).toEqual(["EN_BODEGA_CR", "EN_BODEGA_CR", "EN_BODEGA_CR"]);
  });

  it("the Excel import (preview and apply): the row is refused as its 'Fila N' error", async () => {
    const staff = await createTestStaff(t, "oficina");
    const { client, tracking } = await unpricedPackage();
    const before = await historyCount(tracking.id);
    const header: Cell[] = ["client_code", "tracking_code", "origen", "forma_envio", "estado"];
    const bytes = await buildWorkbook({ TRACKINGS: [header, [client.clientCode, tracking.trackingCode, "USA", "AVION", "LISTO_PARA_ENTREGAR"]] });
    for (const url of ["/api/import/express/preview", "/api/import/express"]) {
      const { payload, headers } = multipartFile(bytes, "estados.xlsx");
      const res = await t.app.inject({ method: "POST", url, payload, headers: { ...headers, ...staff.headers } });
      expect(res.statusCode, res.body).toBe(200);
      const errors = (res.json() as { trackings: { errors: { error: string }[] } }).trackings.errors.map((e) => e.error);
      expect(errors).toEqual([expect.stringContaining(`Fila 2: el paquete "${tracking.trackingCode}" no tiene monto (Sin peso): no puede pasar a Listo para entregar`)]);
    }
    expect(await statusOf(tracking.id)).toBe("EN_BODEGA_CR");
    expect(await historyCount(tracking.id)).toBe(before);
  });

  it("creating a package with a collectable status (Paquetes' Nuevo paquete)", async () => {
    const staff = await createTestStaff(t, "oficina");
    const client = await registerTestClient(t.app);
    for (const estado of ["LISTO_PARA_ENTREGAR", "ENTREGADO"] as const) {
      const trackingCode = uniqueTrackingCode("NEW");
      const res = await t.app.inject({ method: "POST", url: "/api/admin/trackings", headers: staff.headers, payload: { clientCode: client.clientCode, trackingCode, estado, entregarConSaldo: true } });
      expectUnpriced(res, [trackingCode, "Sin peso"]);
      const stored = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.trackingCode, trackingCode));
      expect(stored).toEqual([]);
    }
  });

  it("the edit dialog (PATCH /api/admin/trackings/:id) without an amount", async () => {
    const staff = await createTestStaff(t, "dueno");
    const { tracking } = await unpricedPackage("EN_BODEGA_CR", { pesoPieCubicos: "900" });
    // The amount cleared in the same change as the move is read as the change leaves it.
    await t.ctx.db.update(clientTrackings).set({ montoColones: 3_000 }).where(eq(clientTrackings.id, tracking.id));
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/trackings/${tracking.id}`,
      headers: staff.headers,
      payload: { estado: "LISTO_PARA_ENTREGAR", montoColones: null, pesoPieCubicos: null },
    });
    expectUnpriced(res, [tracking.trackingCode, "Sin peso"]);
    const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id));
    expect(row).toMatchObject({ estado: "EN_BODEGA_CR", montoColones: 3_000, pesoPieCubicos: "900" });
  });

  it("the client portal's edit cannot move a status at all", async () => {
    const client = await registerTestClient(t.app);
    const trackingCode = uniqueTrackingCode("POR");
    const created = await t.app.inject({ method: "POST", url: "/api/clients/trackings", payload: { clientCode: client.clientCode, trackingCode, estado: "LISTO_PARA_ENTREGAR" } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    expect(await statusOf(id)).toBe("SEGUIMIENTO_INTERNACIONAL");
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/clients/trackings/${id}`,
      payload: { clientCode: client.clientCode, trackingCode, origen: "USA", formaEnvio: "AVION", estado: "ENTREGADO" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(id)).toBe("SEGUIMIENTO_INTERNACIONAL");
  });

  it("a merge of clients moves the packages, never their status", async () => {
    const staff = await createTestStaff(t, "dueno");
    const keep = await registerTestClient(t.app);
    const { client: from, tracking } = await unpricedPackage("EN_BODEGA_CR");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/clients/${await clientIdOf(t.ctx.db, keep.clientCode)}/merge`,
      headers: staff.headers,
      payload: { from: await clientIdOf(t.ctx.db, from.clientCode) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.db.select().from(clientTrackings).where(eq(clientTrackings.id, tracking.id));
    expect(row).toMatchObject({ estado: "EN_BODEGA_CR", montoColones: null, clientId: await clientIdOf(t.ctx.db, keep.clientCode) });
  });

  it("Entregas: a ready package whose amount was cleared is not delivered", async () => {
    const staff = await createTestStaff(t, "oficina");
    const client = await registerTestClient(t.app);
    const tracking = await addTestPackage(t.ctx.db, await clientIdOf(t.ctx.db, client.clientCode), uniqueTrackingCode("ENT"), "LISTO_PARA_ENTREGAR");
    await t.ctx.db.update(clientTrackings).set({ montoColones: null }).where(eq(clientTrackings.id, tracking.id));
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/deliveries/${tracking.id}`,
      headers: staff.headers,
      payload: { recibidoPor: "Ana Solís", entregarConSaldo: true },
    });
    expectUnpriced(res, [tracking.trackingCode, "Sin monto"]);
    expect(await statusOf(tracking.id)).toBe("LISTO_PARA_ENTREGAR");
  });

  it("the database refuses the move from any other writer", async () => {
    const { tracking } = await unpricedPackage();
    await expect(t.ctx.db.execute(sql`update client_trackings set estado = 'LISTO_PARA_ENTREGAR' where id = ${tracking.id}`)).rejects.toThrow();
    expect(await statusOf(tracking.id)).toBe("EN_BODEGA_CR");
  });
});

describe("the back office's list of packages in the warehouse without weight or amount", () => {
  it("GET /api/admin/packages?sinMonto=1 lists them with the reason, not the priced or the pre-alerted ones", async () => {
    const staff = await createTestStaff(t, "bodega");
    const noWeight = await unpricedPackage("EN_BODEGA_MIAMI");
    const noAmount = await unpricedPackage("EN_ADUANAS", { pesoPieCubicos: "750" });
    const preAlerted = await unpricedPackage("SEGUIMIENTO_INTERNACIONAL");
    const client = await registerTestClient(t.app);
    const priced = await addTestPackage(t.ctx.db, await clientIdOf(t.ctx.db, client.clientCode), uniqueTrackingCode("OK"), "EN_BODEGA_CR", { montoColones: 5_000 });
    const res = await t.app.inject({ method: "GET", url: "/api/admin/packages?sinMonto=1&pageSize=100", headers: staff.headers });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { packages: { id: number; motivoSinMonto: string | null }[] }).packages;
    const reasonOf = (id: number) => rows.find((r) => r.id === id)?.motivoSinMonto;
    expect(reasonOf(noWeight.tracking.id)).toBe("Sin peso");
    expect(reasonOf(noAmount.tracking.id)).toBe("Sin monto");
    expect(reasonOf(preAlerted.tracking.id)).toBeUndefined();
    expect(reasonOf(priced.id)).toBeUndefined();
    expect(rows.every((r) => r.motivoSinMonto !== null)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: "/api/admin/packages?sinMonto=1" })).statusCode).toBe(401);
  });
});
