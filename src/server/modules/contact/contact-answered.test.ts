// Contact messages marked answered or pending (issue 18, item 12; docs/decisions/122):
// PATCH /api/admin/contacts/{id}/answered and GET /api/contacts?estado=..., on a database
// emptied first so every count is exact.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { contactMessages } from "../../db/schema";
import type { TContactListResponse } from "../../../shared/api/admin/contacts";
import type { TContactMessage } from "../../../shared/api/contact";

let t: TestApp;
let ids: number[];

const mark = (id: number | string, body: unknown, headers: Record<string, string> = t.adminHeaders()) =>
  t.app.inject({ method: "PATCH", url: `/api/admin/contacts/${id}/answered`, headers, payload: body as object });
const list = async (query = "") => {
  const res = await t.app.inject({ method: "GET", url: `/api/contacts${query}`, headers: t.adminHeaders() });
  expect(res.statusCode).toBe(200);
  return res.json<TContactListResponse>();
};

beforeAll(async () => {
  t = await createTestApp();
  await t.database.truncateAll();
  const rows = await t.ctx.db
    .insert(contactMessages)
    .values(
      Array.from({ length: 3 }, (_, i) => ({
        nombre: `Persona ${i}`,
        email: `p${i}@correo.cr`,
        mensaje: `Consulta número ${i} sobre un envío`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    )
    .returning({ id: contactMessages.id });
  ids = rows.map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
});

describe("answered contact messages", () => {
  it("lists every message as pending at first, with the pending count", async () => {
    const body = await list();
    expect(body.contacts.map((c) => c.answeredAt)).toEqual([null, null, null]);
    expect(body).toMatchObject({ filteredTotal: 3, pendingTotal: 3 });
  });

  it("marks one answered, keeps its first date, filters by it and marks it pending again", async () => {
    const before = Date.now();
    const res = await mark(ids[0], { answered: true });
    expect(res.statusCode).toBe(200);
    const answered = res.json<{ contact: TContactMessage }>().contact;
    expect(answered.id).toBe(ids[0]);
    expect(new Date(answered.answeredAt!).getTime()).toBeGreaterThanOrEqual(before - 5_000);

    const again = (await mark(ids[0], { answered: true })).json<{ contact: TContactMessage }>().contact;
    expect(again.answeredAt).toBe(answered.answeredAt);

    expect(await list("?estado=respondidos")).toMatchObject({ filteredTotal: 1, pendingTotal: 2, contacts: [{ id: ids[0] }] });
    const pending = await list("?estado=pendientes");
    expect(pending.contacts.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    expect(pending.filteredTotal).toBe(2);
    expect((await list("?estado=pendientes&page=2&pageSize=1")).contacts.map((c) => c.id)).toEqual([ids[1]]);

    const back = await mark(ids[0], { answered: false });
    expect(back.json<{ contact: TContactMessage }>().contact.answeredAt).toBeNull();
    expect(await list("?estado=respondidos")).toMatchObject({ filteredTotal: 0, pendingTotal: 3, contacts: [] });
  });

  it("refuses bad input in Spanish and changes nothing", async () => {
    for (const body of [{}, { answered: "sí" }, { answered: 1 }]) {
      const res = await mark(ids[1], body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Indica si el mensaje fue respondido");
    }
    expect((await mark("abc", { answered: true })).statusCode).toBe(400);
    const missing = await mark(ids[2] + 1000, { answered: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("No se encontró el mensaje de contacto");
    const bad = await t.app.inject({ method: "GET", url: "/api/contacts?estado=nada", headers: t.adminHeaders() });
    expect(bad.statusCode).toBe(400);
    expect((await list()).pendingTotal).toBe(3);
  });

  it("refuses the calls without a session", async () => {
    const res = await mark(ids[1], { answered: true }, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/Sesión de administrador/);
    expect((await list()).pendingTotal).toBe(3);
  });
});
