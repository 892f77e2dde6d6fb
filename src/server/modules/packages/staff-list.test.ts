// GET /api/admin/packages (the Paquetes section, docs/decisions/119) over HTTP on the real
// database: every filter, the whitelisted sorts, paging, the accent-free search shared with the
// clients list, 400s in Spanish and 401 without a session. Each test narrows the list to its own
// clients (a unique word in their names) so other tests' packages never interfere.
import { TEST_ADMIN_ACTOR } from "../../test/actors";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { rowsOf } from "../../lib/rate-limiter";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { registerTestClient } from "../../test/clients";
import { clientTrackings, clients } from "../../db/schema";
import { createTracking } from "./service";
import type { TrackingStatus } from "../../../shared/domain/statuses";
import {
  PACKAGE_DATE_INVALID,
  PACKAGE_DATE_RANGE_INVALID,
  PACKAGE_DIR_INVALID,
  PACKAGE_FILTER_INVALID,
  PACKAGE_PAGE_INVALID,
  PACKAGE_SORT_INVALID,
  type TAdminPackagesResponse,
} from "../../../shared/api/admin/packages";

const t = useTestApp();

/** A word no other client's name contains (letters only, as names are). */
const uniqueWord = () =>
  Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26)))
    .join("")
    .replace(/^./, (c) => c.toUpperCase());

async function list(query: string): Promise<TAdminPackagesResponse> {
  const res = await t.app.inject({ method: "GET", url: `/api/admin/packages?${query}`, headers: t.adminHeaders() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAdminPackagesResponse;
}

const codesOf = async (query: string) => (await list(query)).packages.map((p) => p.trackingCode);

async function clientIdOf(code: string): Promise<number> {
  const [row] = await t.ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.clientCode, code));
  return row.id;
}

interface PackageSetup {
  estado?: TrackingStatus;
  set?: Partial<typeof clientTrackings.$inferInsert>;
  code?: string;
}

async function addPackage(clientCode: string, { estado, set, code }: PackageSetup = {}) {
  const clientId = await clientIdOf(clientCode);
  const trackingCode = code ?? uniqueTrackingCode("PKG");
  const { tracking } = await t.ctx.db.transaction((tx) =>
    // One created ready or delivered has an amount (docs/decisions/152); `set` may change it after.
    createTracking(tx, {
      clientId,
      trackingCode,
      estado,
      ...(estado === "LISTO_PARA_ENTREGAR" || estado === "ENTREGADO" ? { pesoPieCubicos: "1000", montoColones: 0 } : {}),
      actor: TEST_ADMIN_ACTOR,
      notify: false,
    }),
  );
  if (set) await t.ctx.db.update(clientTrackings).set(set).where(eq(clientTrackings.id, tracking.id));
  return tracking.trackingCode;
}

describe("GET /api/admin/packages", () => {
  it("refuses a caller without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/packages" });
    expect(res.statusCode).toBe(401);
  });

  it("answers a page of every client's packages, newest first, with the client and the stored amount", async () => {
    const word = uniqueWord();
    const ana = await registerTestClient(t.app, { nombre: `Ana ${word}` });
    const old = await addPackage(ana.clientCode, { set: { createdAt: new Date(Date.now() - 86_400_000), montoColones: 4276, pesoPieCubicos: "520" } });
    const recent = await addPackage(ana.clientCode, { estado: "EN_ADUANAS" });
    const page = await list(`q=${word}`);
    expect(page.total).toBe(2);
    expect(page).toMatchObject({ page: 1, pageSize: 50, pageCount: 1 });
    expect(page.packages.map((p) => p.trackingCode)).toEqual([recent, old]);
    expect(page.packages[1]).toMatchObject({
      clientCode: ana.clientCode,
      clientName: `Ana ${word}`,
      estado: "SEGUIMIENTO_INTERNACIONAL",
      origen: "USA",
      formaEnvio: "AVION",
      montoColones: 4276,
      pesoPieCubicos: "520",
      needsUpdate: false,
    });
    // The whole table without filters counts every package.
    const all = await list("pageSize=1");
    expect(all.packages).toHaveLength(1);
    expect(all.total).toBeGreaterThanOrEqual(2);
  });

  it("searches like the clients list: name without accents or case, client code, phone however typed, any part of a code", async () => {
    const word = uniqueWord();
    const client = await registerTestClient(t.app, { nombre: `Tomás Jiménez ${word}` });
    const other = await registerTestClient(t.app, { nombre: `Otro ${uniqueWord()}` });
    const mine = await addPackage(client.clientCode);
    const code = uniqueTrackingCode("1ZPKG");
    const labelled = await addPackage(other.clientCode, { code });

    expect(await codesOf(`q=${encodeURIComponent(`tomas jimenez ${word.toLowerCase()}`)}`)).toEqual([mine]);
    expect(await codesOf(`q=${encodeURIComponent(`TOMÁS JIMÉNEZ ${word.toUpperCase()}`)}`)).toEqual([mine]);
    expect(await codesOf(`q=${client.clientCode.toLowerCase()}`)).toEqual([mine]);
    const local = client.telefono;
    expect(await codesOf(`q=${encodeURIComponent(`+506 ${local.slice(0, 4)}-${local.slice(4)}`)}`)).toEqual([mine]);
    // The last characters read off a label, in lower case.
    expect(await codesOf(`q=${code.slice(-8).toLowerCase()}`)).toEqual([labelled]);
    // A search with % matches it literally.
    expect((await list(`q=${encodeURIComponent(`%${word}`)}`)).total).toBe(0);
  });

  it("filters by status, origin, shipping type, carrier and 'needs update'", async () => {
    const word = uniqueWord();
    const client = await registerTestClient(t.app, { nombre: `Filtros ${word}` });
    const stale = new Date(Date.now() - 3 * 86_400_000);
    const customs = await addPackage(client.clientCode, { estado: "EN_ADUANAS", set: { carrier: "UPS" } });
    const china = await addPackage(client.clientCode, { set: { origen: "CHINA", carrier: "China Post", updatedAt: stale } });
    const sea = await addPackage(client.clientCode, { set: { formaEnvio: "BARCO", carrier: null } });
    const delivered = await addPackage(client.clientCode, { estado: "ENTREGADO", set: { updatedAt: stale, carrier: "ups" } });

    const q = `q=${word}`;
    expect(await codesOf(`${q}&estado=EN_ADUANAS`)).toEqual([customs]);
    expect(await codesOf(`${q}&estado=ENTREGADO`)).toEqual([delivered]);
    expect(await codesOf(`${q}&origen=CHINA`)).toEqual([china]);
    expect(await codesOf(`${q}&formaEnvio=BARCO`)).toEqual([sea]);
    // Carrier: case ignored; 'ninguno' lists those without one.
    expect((await codesOf(`${q}&carrier=ups`)).sort()).toEqual([customs, delivered].sort());
    expect(await codesOf(`${q}&carrier=ninguno`)).toEqual([sea]);
    // A delivered package never needs an update (the clients list's rule).
    const needs = await list(`${q}&needsUpdate=true`);
    expect(needs.packages.map((p) => p.trackingCode)).toEqual([china]);
    expect(needs.packages[0].needsUpdate).toBe(true);
    expect((await codesOf(`${q}&needsUpdate=false`)).sort()).toEqual([customs, sea, delivered].sort());
    expect(await codesOf(`${q}&needsUpdate=true&estado=EN_ADUANAS`)).toEqual([]);
  });

  it("filters by creation day in Costa Rica, both ends included", async () => {
    const word = uniqueWord();
    const client = await registerTestClient(t.app, { nombre: `Fechas ${word}` });
    // 23:30 of 10 March in Costa Rica is already 11 March in UTC.
    const lateMarch10 = await addPackage(client.clientCode, { set: { createdAt: new Date("2026-03-11T05:30:00Z") } });
    const march12 = await addPackage(client.clientCode, { set: { createdAt: new Date("2026-03-12T18:00:00Z") } });
    const april = await addPackage(client.clientCode, { set: { createdAt: new Date("2026-04-01T12:00:00Z") } });
    const q = `q=${word}`;
    expect(await codesOf(`${q}&desde=2026-03-10&hasta=2026-03-10`)).toEqual([lateMarch10]);
    expect(await codesOf(`${q}&desde=2026-03-11&hasta=2026-03-12`)).toEqual([march12]);
    expect(await codesOf(`${q}&desde=2026-03-11`)).toEqual([april, march12]);
    expect(await codesOf(`${q}&hasta=2026-03-31`)).toEqual([march12, lateMarch10]);
  });

  it("sorts by each whitelisted column both ways, empty values last, and pages without overlap", async () => {
    const word = uniqueWord();
    const zoe = await registerTestClient(t.app, { nombre: `Zoé ${word}` });
    const ali = await registerTestClient(t.app, { nombre: `Álvaro ${word}` });
    const hour = 3_600_000;
    const base = Date.now() - 48 * hour;
    const a = await addPackage(zoe.clientCode, {
      code: `AAA${uniqueTrackingCode("S")}`,
      estado: "ENTREGADO",
      set: { createdAt: new Date(base), updatedAt: new Date(base + 5 * hour), pesoPieCubicos: "1500", montoColones: 9000 },
    });
    const b = await addPackage(ali.clientCode, {
      code: `BBB${uniqueTrackingCode("S")}`,
      estado: "EN_BODEGA_MIAMI",
      set: { createdAt: new Date(base + hour), updatedAt: new Date(base + 2 * hour), pesoPieCubicos: "250,5", montoColones: 1200 },
    });
    const c = await addPackage(zoe.clientCode, {
      code: `CCC${uniqueTrackingCode("S")}`,
      set: { createdAt: new Date(base + 2 * hour), updatedAt: new Date(base + 3 * hour), pesoPieCubicos: null, montoColones: null },
    });
    const sorted = (sort: string, dir: string) => codesOf(`q=${word}&sort=${sort}&dir=${dir}`);
    expect(await sorted("fecha", "desc")).toEqual([c, b, a]);
    expect(await sorted("fecha", "asc")).toEqual([a, b, c]);
    expect(await sorted("actualizado", "desc")).toEqual([a, c, b]);
    expect(await sorted("tracking", "asc")).toEqual([a, b, c]);
    // Accents do not push 'Álvaro' after 'Zoé'.
    expect((await sorted("cliente", "asc"))[0]).toBe(b);
    // The workflow's order, not the alphabet's.
    expect(await sorted("estado", "asc")).toEqual([c, b, a]);
    expect(await sorted("estado", "desc")).toEqual([a, b, c]);
    // Numbers as numbers ("250,5" < "1500"); no measure or amount goes last either way.
    expect(await sorted("peso", "asc")).toEqual([b, a, c]);
    expect(await sorted("peso", "desc")).toEqual([a, b, c]);
    expect(await sorted("monto", "desc")).toEqual([a, b, c]);
    expect(await sorted("monto", "asc")).toEqual([b, a, c]);

    const first = await list(`q=${word}&pageSize=2&page=1`);
    const second = await list(`q=${word}&pageSize=2&page=2`);
    expect(first).toMatchObject({ total: 3, pageCount: 2, page: 1, pageSize: 2 });
    expect(first.packages.map((p) => p.trackingCode)).toEqual([c, b]);
    expect(second.packages.map((p) => p.trackingCode)).toEqual([a]);
    expect((await list(`q=${word}&pageSize=2&page=5`)).packages).toEqual([]);
  });

  it("sorts every package by client either way, within a status too, page after page: folded name, then package id (the index changes no answer)", async () => {
    // Two clients whose names fold alike ('Áaaa' = 'aaaa'): their packages interleave by id.
    const word = uniqueWord().toLowerCase();
    const accented = await registerTestClient(t.app, { nombre: `Áaaa ${word}` });
    const plain = await registerTestClient(t.app, { nombre: `aaaa ${word}` });
    for (const client of [accented, plain, accented, plain, accented]) await addPackage(client.clientCode, { estado: "EN_ADUANAS" });
    await addPackage(plain.clientCode);
    for (const [dir, estado] of [["asc", ""], ["desc", ""], ["asc", "EN_ADUANAS"], ["desc", "EN_ADUANAS"]] as const) {
      for (const page of [1, 2, 3]) {
        const answer = await list(`sort=cliente&dir=${dir}&pageSize=4&page=${page}${estado ? `&estado=${estado}` : ""}`);
        const order = dir === "asc" ? sql`asc` : sql`desc`;
        const expected = rowsOf<{ id: number }>(
          await t.ctx.db.execute(sql`select t.id from client_trackings t join clients c on c.id = t.client_id
            ${estado ? sql`where t.estado = ${estado}` : sql``}
            order by search_fold(c.nombre) ${order}, t.id ${order} limit 4 offset ${(page - 1) * 4}`),
        ).map((r) => Number(r.id));
        expect(answer.packages.map((p) => p.id), `${dir} ${estado} ${page}`).toEqual(expected);
      }
    }
    // The two look-alike names lead A→Z, their packages by id whoever the client is.
    const first = await list(`sort=cliente&dir=asc&pageSize=6&estado=EN_ADUANAS`);
    expect(first.packages.slice(0, 5).map((p) => p.clientName.toLowerCase().replace("á", "a"))).toEqual(Array(5).fill(`aaaa ${word}`));
    const ids = first.packages.slice(0, 5).map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("a search reads each package once, with the other filters and sorts: found by name and by its code at once, counted once", async () => {
    const word = uniqueWord();
    const client = await registerTestClient(t.app, { nombre: `Doble ${word}` });
    const other = await registerTestClient(t.app, { nombre: `Otro ${uniqueWord()}` });
    // Its own code carries the client's word: found by the name and by the code.
    const both = await addPackage(client.clientCode, { code: `1Z${word.toUpperCase()}77`, estado: "EN_ADUANAS" });
    const byName = await addPackage(client.clientCode);
    const byCode = await addPackage(other.clientCode, { code: `XX${word.toUpperCase()}88`, estado: "EN_ADUANAS" });
    const found = await list(`q=${word}&sort=tracking&dir=asc`);
    expect(found.total).toBe(3);
    expect(found.packages.map((p) => p.trackingCode)).toEqual([both, byName, byCode].sort());
    expect((await list(`q=${word}&estado=EN_ADUANAS`)).packages.map((p) => p.trackingCode).sort()).toEqual([both, byCode].sort());
    const byClient = await list(`q=${word}&sort=cliente&dir=asc&pageSize=2`);
    expect(byClient).toMatchObject({ total: 3, pageCount: 2 });
    expect(byClient.packages.map((p) => p.clientName)).toEqual([`Doble ${word}`, `Doble ${word}`]);
  });

  it("refuses bad parameters with a Spanish 400", async () => {
    const cases: Array<[string, string]> = [
      ["sort=nombre; drop table clients", PACKAGE_SORT_INVALID],
      ["sort=id", PACKAGE_SORT_INVALID],
      ["dir=up", PACKAGE_DIR_INVALID],
      ["estado=PERDIDO", PACKAGE_FILTER_INVALID],
      ["origen=MARTE", PACKAGE_FILTER_INVALID],
      ["formaEnvio=TREN", PACKAGE_FILTER_INVALID],
      ["needsUpdate=quizas", PACKAGE_FILTER_INVALID],
      ["desde=10/03/2026", PACKAGE_DATE_INVALID],
      ["hasta=2026-02-31", PACKAGE_DATE_INVALID],
      ["desde=2026-03-12&hasta=2026-03-11", PACKAGE_DATE_RANGE_INVALID],
      ["page=0", PACKAGE_PAGE_INVALID],
      ["pageSize=101", PACKAGE_PAGE_INVALID],
      ["pageSize=abc", PACKAGE_PAGE_INVALID],
    ];
    for (const [query, message] of cases) {
      const res = await t.app.inject({ method: "GET", url: `/api/admin/packages?${query}`, headers: t.adminHeaders() });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });
});
