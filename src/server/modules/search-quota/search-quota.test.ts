// AI search quotas over HTTP: the paged table with its search (a counter from an earlier month
// reads as 0), setting limits and unlimited access, the reset, and a client's search history.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/app";
import { clients, partsSearches } from "../../db/schema";
import { registerTestClient } from "../../test/clients";
import { ADMIN_CLIENT_NOT_FOUND } from "../../../shared/api/admin/clients";
import {
  partsSearchSubject,
  SEARCH_COUNT_REQUIRED,
  SEARCH_LIMIT_REQUIRED,
  ZSearchLimitsFormSchema,
  type TPartsSearchHistoryResponse,
  type TSearchQuotaResponse,
  type TSearchQuotaRow,
} from "../../../shared/api/admin/search-quota";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: "off" } });
});
afterAll(async () => {
  await t?.close();
});

const uniqueWord = () => Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join("");

function call(method: "GET" | "POST" | "PATCH", url: string, payload?: object) {
  return t.app.inject({ method, url, headers: t.adminHeaders(), payload });
}

async function clientRow(code: string) {
  const [row] = await t.ctx.db.select().from(clients).where(eq(clients.clientCode, code));
  return row;
}

describe("GET /api/admin/search-quota", () => {
  it("pages the clients matching the search, with this month's used count", async () => {
    const word = uniqueWord();
    const a = await registerTestClient(t.app, { nombre: `Ana ${word}` });
    const b = await registerTestClient(t.app, { nombre: `Beto ${word}` });
    await t.ctx.db.update(clients).set({ searchCount: 7, lastResetDate: "2001-01-01" }).where(eq(clients.clientCode, a.clientCode));
    await t.ctx.db.update(clients).set({ searchCount: 4, searchLimit: 4 }).where(eq(clients.clientCode, b.clientCode));

    const res = await call("GET", `/api/admin/search-quota?q=${word.toUpperCase()}&pageSize=1`);
    expect(res.statusCode).toBe(200);
    const page1 = res.json() as TSearchQuotaResponse;
    expect(page1).toMatchObject({ filteredTotal: 2, page: 1, pageSize: 1 });
    expect(page1.clients).toEqual([expect.objectContaining({ clientCode: b.clientCode, searchCount: 4, searchLimit: 4, unlimitedAccess: 0 })]);
    const page2 = (await call("GET", `/api/admin/search-quota?q=${word}&pageSize=1&page=2`)).json() as TSearchQuotaResponse;
    expect(page2.clients).toEqual([expect.objectContaining({ clientCode: a.clientCode, searchCount: 0 })]);
    const beyond = (await call("GET", `/api/admin/search-quota?q=${word}&pageSize=1&page=9`)).json() as TSearchQuotaResponse;
    expect(beyond).toMatchObject({ clients: [], filteredTotal: 2 });
  });
});

describe("PATCH /api/clients/{id}/search-limits and POST /api/clients/{id}/reset-searches", () => {
  it("sets the limit, unlimited access and the used count, then resets the count to 0", async () => {
    const client = await registerTestClient(t.app);
    const { id } = await clientRow(client.clientCode);
    const res = await call("PATCH", `/api/clients/${id}/search-limits`, { searchLimit: 25, unlimitedAccess: 1, searchCount: 3 });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { client: TSearchQuotaRow }).client).toMatchObject({ searchLimit: 25, unlimitedAccess: 1, searchCount: 3 });

    const reset = await call("POST", `/api/clients/${id}/reset-searches`);
    expect(reset.statusCode).toBe(200);
    expect(await clientRow(client.clientCode)).toMatchObject({ searchCount: 0, searchLimit: 25, unlimitedAccess: 1 });
  });

  it("keeps a count set by staff even when the stored month was an earlier one", async () => {
    const client = await registerTestClient(t.app);
    const row = await clientRow(client.clientCode);
    await t.ctx.db.update(clients).set({ lastResetDate: "2001-01-01" }).where(eq(clients.id, row.id));
    await call("PATCH", `/api/clients/${row.id}/search-limits`, { searchLimit: 10, unlimitedAccess: 0, searchCount: 6 });
    const list = (await call("GET", `/api/admin/search-quota?q=${client.clientCode}`)).json() as TSearchQuotaResponse;
    expect(list.clients[0].searchCount).toBe(6);
  });

  it("refuses negative numbers, another access value and unknown clients", async () => {
    const client = await registerTestClient(t.app);
    const { id } = await clientRow(client.clientCode);
    for (const payload of [
      { searchLimit: -1, unlimitedAccess: 0, searchCount: 0 },
      { searchLimit: 5, unlimitedAccess: 2, searchCount: 0 },
      { searchLimit: 5, unlimitedAccess: 0, searchCount: "tres" },
    ]) {
      expect((await call("PATCH", `/api/clients/${id}/search-limits`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await call("POST", "/api/clients/2147483000/reset-searches");
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as { message: string }).message).toBe(ADMIN_CLIENT_NOT_FOUND);
  });
});

describe("GET /api/parts-search-history/{clientCode}", () => {
  it("lists the client's searches newest first, and nothing for a client who never searched", async () => {
    const client = await registerTestClient(t.app);
    const { id } = await clientRow(client.clientCode);
    await t.ctx.db.insert(partsSearches).values([
      { clientId: id, marca: "Toyota", modelo: "Hilux", anio: 2015, parte: "Filtro de aceite", createdAt: new Date("2025-01-01T12:00:00Z") },
      { clientId: id, marca: "Nissan", modelo: "Sentra", anio: 2019, descripcion: "Ruido al frenar", createdAt: new Date("2025-02-01T12:00:00Z") },
    ]);
    const res = await call("GET", `/api/parts-search-history/${client.clientCode}`);
    expect(res.statusCode).toBe(200);
    const { history } = res.json() as TPartsSearchHistoryResponse;
    expect(history.map((h) => [h.marca, h.modelo, h.anio, partsSearchSubject(h)])).toEqual([
      ["Nissan", "Sentra", 2019, "Ruido al frenar"],
      ["Toyota", "Hilux", 2015, "Filtro de aceite"],
    ]);

    const other = await registerTestClient(t.app);
    expect((await call("GET", `/api/parts-search-history/${other.clientCode}`)).json()).toEqual({ history: [] });
    expect((await call("GET", "/api/parts-search-history/EXQQQQQQ")).statusCode).toBe(404);
  });
});

describe("the dialog's number inputs", () => {
  it("turn non-numbers and negatives into 0 and keep whole numbers", () => {
    expect(ZSearchLimitsFormSchema.parse({ unlimitedAccess: "0", searchLimit: "abc", searchCount: "-3" })).toEqual({
      unlimitedAccess: "0",
      searchLimit: 0,
      searchCount: 0,
    });
    expect(ZSearchLimitsFormSchema.parse({ unlimitedAccess: "1", searchLimit: "15", searchCount: 2.7 })).toMatchObject({
      searchLimit: 15,
      searchCount: 2,
    });
    expect(partsSearchSubject({ parte: " ", descripcion: null })).toBe("No especificado");
  });

  it("ask for an emptied limit or count instead of saving 0; a hidden limit (unlimited) left blank keeps the current one", () => {
    const emptied = ZSearchLimitsFormSchema.safeParse({ unlimitedAccess: "0", searchLimit: " ", searchCount: "" });
    expect(emptied.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["searchLimit", SEARCH_LIMIT_REQUIRED],
      ["searchCount", SEARCH_COUNT_REQUIRED],
    ]);
    expect(ZSearchLimitsFormSchema.parse({ unlimitedAccess: "1", searchLimit: "", searchCount: "3" })).toEqual({
      unlimitedAccess: "1",
      searchLimit: null,
      searchCount: 3,
    });
  });
});
