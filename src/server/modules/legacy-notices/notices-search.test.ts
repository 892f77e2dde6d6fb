// GET /api/tracking-notices with search, status filter and paging (issue 18, item 12;
// docs/decisions/122), on a database emptied first so every count is exact.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { trackingNotices } from "../../db/schema";
import type { TListTrackingNoticesResponse } from "../../../shared/api/tracking-notices";

let t: TestApp;

const list = (query = "") => t.app.inject({ method: "GET", url: `/api/tracking-notices${query}`, headers: t.adminHeaders() });
const names = (body: TListTrackingNoticesResponse) => body.notices.map((n) => n.clienteNombre).sort();

beforeAll(async () => {
  t = await createTestApp();
  await t.database.truncateAll();
  await t.ctx.db.insert(trackingNotices).values([
    { clienteNombre: "Rosa Jiménez", clienteTelefono: "8888-1234", clienteEmail: "rosa@correo.cr", descripcionPaquete: "Zapatos", estado: "PENDIENTE", trackingIdAsignado: "EIC12345678", createdAt: new Date("2026-01-01T00:00:00Z") },
    { clienteNombre: "Marco Solís", clienteTelefono: "+506 7000 1111", descripcionPaquete: "Repuesto", estado: "COMPLETADO", createdAt: new Date("2026-01-02T00:00:00Z") },
    ...Array.from({ length: 21 }, (_, i) => ({
      clienteNombre: `Cliente Antiguo`,
      descripcionPaquete: `Caja ${i}`,
      estado: "EN_PROCESO",
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
    })),
  ]);
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/tracking-notices: search, status and pages", () => {
  it("answers the spec's call as before: every notice, newest first, no page fields", async () => {
    const body = (await list()).json<TListTrackingNoticesResponse>();
    expect(body.notices).toHaveLength(23);
    expect(body.notices[0].clienteNombre).toBe("Marco Solís");
    expect(body).toMatchObject({ total: 23, filteredTotal: 23 });
    expect(body).not.toHaveProperty("page");
  });

  it("finds the name without accents, the phone however typed, the e-mail and any part of the tracking id", async () => {
    expect(names((await list("?q=jimenez")).json())).toEqual(["Rosa Jiménez"]);
    expect(names((await list(`?q=${encodeURIComponent("SOLIS")}`)).json())).toEqual(["Marco Solís"]);
    expect(names((await list(`?q=${encodeURIComponent("+506 8888 1234")}`)).json())).toEqual(["Rosa Jiménez"]);
    expect(names((await list("?q=70001111")).json())).toEqual(["Marco Solís"]);
    expect(names((await list("?q=rosa@")).json())).toEqual(["Rosa Jiménez"]);
    expect(names((await list("?q=eic1234")).json())).toEqual(["Rosa Jiménez"]);
  });

  it("filters by status and pages with the totals", async () => {
    expect((await list("?estado=COMPLETADO")).json<TListTrackingNoticesResponse>().filteredTotal).toBe(1);
    const page2 = (await list("?estado=EN_PROCESO&page=2&pageSize=20")).json<TListTrackingNoticesResponse>();
    expect(page2).toMatchObject({ page: 2, pageSize: 20, filteredTotal: 21, total: 23 });
    expect(page2.notices.map((n) => n.descripcionPaquete)).toEqual(["Caja 0"]);
  });

  it("refuses bad parameters and calls without a session", async () => {
    expect((await list("?estado=ABIERTO")).statusCode).toBe(400);
    expect((await list("?pageSize=0")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/tracking-notices?q=rosa&page=1" })).statusCode).toBe(401);
  });
});
