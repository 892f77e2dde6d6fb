// Traditional notices and the panel's stat cards over HTTP on a real database.
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { trackingNotices, whatsappCustomers, whatsappTrackingEntries } from "../../db/schema";
import type { TTrackingNotice, TTrackingPanelStats } from "../../../shared/api/tracking-notices";
import type { NoticeStatus, WhatsappEntryStatus } from "../../../shared/domain/statuses";

const uniqueTrackingId = () => `EIC${randomInt(1e7, 1e8 - 1)}`;

describe("traditional notices", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async (body: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/tracking-notices",
      headers: t.adminHeaders(),
      payload: { clienteNombre: "Rosa Jiménez", descripcionPaquete: "Zapatos deportivos", ...body },
    });
    expect(res.statusCode).toBe(201);
    return res.json<TTrackingNotice>();
  };
  const put = (id: number, body: unknown) =>
    t.app.inject({ method: "PUT", url: `/api/tracking-notices/${id}`, headers: t.adminHeaders(), payload: body as object });

  it("records a legacy notice and lists it, newest first", async () => {
    const older = await create({ clienteNombre: "Primero" });
    const notice = await create({
      clienteEmail: "rosa@example.com",
      clienteTelefono: "+50688887777",
      tiendaOrigen: "Amazon",
      pesoEstimado: 1200,
      valorDeclarado: 89.5,
      notasCliente: "Dos cajas",
    });
    expect(notice).toMatchObject({
      estado: "PENDIENTE",
      pesoEstimado: 1200,
      valorDeclarado: 89.5,
      tiendaOrigen: "Amazon",
      trackingIdAsignado: null,
      fechaEstimada: null,
      notas: null,
    });
    const res = await t.app.inject({ method: "GET", url: "/api/tracking-notices", headers: t.adminHeaders() });
    const ids = res.json<{ notices: TTrackingNotice[] }>().notices.map((n) => n.id);
    expect(ids.indexOf(notice.id)).toBeLessThan(ids.indexOf(older.id));
  });

  it("updates status, tracking id, estimated date and notes; empty fields clear them", async () => {
    const notice = await create();
    const trackingId = uniqueTrackingId();
    const res = await put(notice.id, { estado: "EN_PROCESO", trackingIdAsignado: trackingId.toLowerCase(), fechaEstimada: "2025-03-14", notas: "Llega el viernes" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ estado: "EN_PROCESO", trackingIdAsignado: trackingId, fechaEstimada: "2025-03-14", notas: "Llega el viernes" });
    const cleared = await put(notice.id, { estado: "COMPLETADO", trackingIdAsignado: "", fechaEstimada: "", notas: "" });
    expect(cleared.json()).toMatchObject({ estado: "COMPLETADO", trackingIdAsignado: null, fechaEstimada: null, notas: null });
  });

  it("refuses a tracking id another notice has, an impossible date and an unknown status, in Spanish", async () => {
    const a = await create();
    const b = await create();
    const trackingId = uniqueTrackingId();
    await put(a.id, { estado: "EN_PROCESO", trackingIdAsignado: trackingId });
    const taken = await put(b.id, { estado: "EN_PROCESO", trackingIdAsignado: trackingId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("Ese ID de tracking ya está asignado a otro aviso");
    const date = await put(b.id, { estado: "EN_PROCESO", fechaEstimada: "2025-02-30" });
    expect(date.statusCode).toBe(400);
    expect(date.json().message).toBe("La fecha estimada debe ser una fecha válida (AAAA-MM-DD)");
    const status = await put(b.id, { estado: "PERDIDO" });
    expect(status.json().message).toBe("Selecciona el estado del aviso");
    const missing = await put(99_999_999, { estado: "COMPLETADO" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("No se encontró el aviso de tracking");
  });

  it("asks for the client's name and the package description when recording one", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/tracking-notices", headers: t.adminHeaders(), payload: { clienteNombre: " " } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Ingresa el nombre del cliente");
  });

  it("counts the stat cards over notices and WhatsApp entries", async () => {
    const stats = async () =>
      (await t.app.inject({ method: "GET", url: "/api/admin/tracking-stats", headers: t.adminHeaders() })).json<TTrackingPanelStats>();
    const before = await stats();
    const notices: NoticeStatus[] = ["PENDIENTE", "EN_PROCESO", "EN_PROCESO", "COMPLETADO", "CANCELADO"];
    await t.ctx.db.insert(trackingNotices).values(notices.map((estado) => ({ clienteNombre: "Stats", descripcionPaquete: "Caja", estado })));
    const [customer] = await t.ctx.db
      .insert(whatsappCustomers)
      .values({ whatsapp: `+5067${randomInt(1e6, 1e7 - 1)}`, nombre: "Stats" })
      .returning();
    const entries: WhatsappEntryStatus[] = ["PENDIENTE", "PENDIENTE", "EN_TRANSITO", "LISTO_PARA_ENTREGAR", "ENTREGADO", "CANCELADO"];
    await t.ctx.db
      .insert(whatsappTrackingEntries)
      .values(entries.map((estado, i) => ({ customerId: customer.id, trackingCode: `STATS${i}`, estado })));
    const after = await stats();
    expect({
      total: after.total - before.total,
      pendientes: after.pendientes - before.pendientes,
      enProceso: after.enProceso - before.enProceso,
      completados: after.completados - before.completados,
    }).toEqual({ total: 11, pendientes: 3, enProceso: 4, completados: 2 });
  });
});
