// GET /api/tracking/whatsapp/entries with search, status filter and paging (issue 18, item 12;
// docs/decisions/122), on a database emptied first so every count is exact.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { whatsappCustomers, whatsappTrackingEntries } from "../../db/schema";
import type { TListWhatsappEntriesResponse } from "../../../shared/api/whatsapp-entries";
import type { WhatsappEntryStatus } from "../../../shared/domain/statuses";

let t: TestApp;

async function list(query = "") {
  const res = await t.app.inject({ method: "GET", url: `/api/tracking/whatsapp/entries${query}`, headers: t.adminHeaders() });
  return res;
}
const codes = (body: TListWhatsappEntriesResponse) => body.entries.map((e) => e.trackingCode).sort();

beforeAll(async () => {
  t = await createTestApp();
  await t.database.truncateAll();
  const customers = await t.ctx.db
    .insert(whatsappCustomers)
    .values([
      { whatsapp: "+50688887777", nombre: "Ana Jiménez", email: "ana@correo.cr" },
      { whatsapp: "+50661234567", nombre: "Luis Pérez", email: null },
      { whatsapp: "+13055550100", nombre: "Óscar Núñez", email: "oscar@miami.com" },
    ])
    .returning({ id: whatsappCustomers.id });
  const rows: { customerId: number; trackingCode: string; estado: WhatsappEntryStatus; updatedAt: Date }[] = [
    { customerId: customers[0].id, trackingCode: "1Z999AA10123456784", estado: "PENDIENTE", updatedAt: new Date("2026-01-01T10:00:00Z") },
    { customerId: customers[0].id, trackingCode: "TBA000111222333", estado: "EN_TRANSITO", updatedAt: new Date("2026-01-02T10:00:00Z") },
    { customerId: customers[1].id, trackingCode: "9400111899223344556677", estado: "PENDIENTE", updatedAt: new Date("2026-01-03T10:00:00Z") },
    { customerId: customers[2].id, trackingCode: "LX123456789CN", estado: "ENTREGADO", updatedAt: new Date("2026-01-04T10:00:00Z") },
  ];
  // 21 more of Luis's, so a page of 20 leaves one over.
  for (let i = 0; i < 21; i++) {
    rows.push({ customerId: customers[1].id, trackingCode: `PAGE${String(i).padStart(4, "0")}`, estado: "EN_BODEGA_CR", updatedAt: new Date(Date.UTC(2025, 5, 1, 0, i)) });
  }
  await t.ctx.db.insert(whatsappTrackingEntries).values(rows);
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/tracking/whatsapp/entries: search, status and pages", () => {
  it("answers the spec's call as before: the latest entries, all counted, no page fields", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json<TListWhatsappEntriesResponse>();
    expect(body.entries).toHaveLength(25);
    expect(body.entries[0].trackingCode).toBe("LX123456789CN");
    expect(body).toMatchObject({ total: 25, filteredTotal: 25, messaging: { configured: false } });
    expect(body).not.toHaveProperty("page");
  });

  it("finds a customer's name without accents or case", async () => {
    const body = (await list("?q=jimenez")).json<TListWhatsappEntriesResponse>();
    expect(codes(body)).toEqual(["1Z999AA10123456784", "TBA000111222333"]);
    expect(body.filteredTotal).toBe(2);
    expect(body.total).toBe(25);
    expect(codes((await list(`?q=${encodeURIComponent("ÓSCAR nuñez")}`)).json())).toEqual(["LX123456789CN"]);
  });

  it("finds a WhatsApp number however it is typed", async () => {
    for (const typed of ["8888-7777", "+506 8888 7777", "(506) 88887777", "50688887777"]) {
      const body = (await list(`?q=${encodeURIComponent(typed)}`)).json<TListWhatsappEntriesResponse>();
      expect(codes(body), typed).toEqual(["1Z999AA10123456784", "TBA000111222333"]);
    }
  });

  it("finds any part of a code, with spaces, dashes or lower case", async () => {
    expect(codes((await list("?q=456784")).json())).toEqual(["1Z999AA10123456784"]);
    expect(codes((await list(`?q=${encodeURIComponent("tba-000 111")}`)).json())).toEqual(["TBA000111222333"]);
    expect(codes((await list("?q=789cn")).json())).toEqual(["LX123456789CN"]);
  });

  it("finds an e-mail and treats % and _ literally", async () => {
    expect(codes((await list("?q=miami.com")).json())).toEqual(["LX123456789CN"]);
    expect((await list("?q=%25")).json<TListWhatsappEntriesResponse>().filteredTotal).toBe(0);
    expect((await list("?q=_")).json<TListWhatsappEntriesResponse>().filteredTotal).toBe(0);
  });

  it("filters by status, alone and with a search", async () => {
    expect((await list("?estado=PENDIENTE")).json<TListWhatsappEntriesResponse>().filteredTotal).toBe(2);
    expect(codes((await list("?estado=PENDIENTE&q=ana")).json())).toEqual(["1Z999AA10123456784"]);
    expect((await list("?estado=CANCELADO")).json<TListWhatsappEntriesResponse>()).toMatchObject({ entries: [], filteredTotal: 0, total: 25 });
  });

  it("pages with the totals when asked for a page", async () => {
    const first = (await list("?page=1&pageSize=20")).json<TListWhatsappEntriesResponse>();
    expect(first).toMatchObject({ page: 1, pageSize: 20, filteredTotal: 25, total: 25 });
    expect(first.entries).toHaveLength(20);
    const second = (await list("?page=2&pageSize=20")).json<TListWhatsappEntriesResponse>();
    expect(second.entries).toHaveLength(5);
    expect(new Set([...first.entries, ...second.entries].map((e) => e.id)).size).toBe(25);
    const filtered = (await list("?estado=EN_BODEGA_CR&page=2&pageSize=20")).json<TListWhatsappEntriesResponse>();
    expect(filtered).toMatchObject({ page: 2, pageSize: 20, filteredTotal: 21 });
    expect(filtered.entries.map((e) => e.trackingCode)).toEqual(["PAGE0000"]);
    // A page alone takes the admin lists' page size.
    expect((await list("?page=1")).json<TListWhatsappEntriesResponse>()).toMatchObject({ page: 1, pageSize: 20 });
  });

  it("refuses bad parameters in Spanish and without a session", async () => {
    for (const query of ["?page=0", "?pageSize=101", "?estado=PERDIDO", "?page=abc"]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/inválid/);
    }
    const res = await t.app.inject({ method: "GET", url: "/api/tracking/whatsapp/entries?q=ana&page=1" });
    expect(res.statusCode).toBe(401);
  });
});
