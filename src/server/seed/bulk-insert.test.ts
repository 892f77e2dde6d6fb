import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/database";
import * as schema from "../db/schema";
import { bulkInsert } from "./bulk-insert";

let database: TestDatabase;

beforeAll(async () => {
  // The run's migrated template (PGlite, or PostgreSQL on that pass) rather than initdb and every migration here.
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const tricky = ['comillas "dobles"', "barra \\ invertida", "coma, y {llaves}", "NULL", "", "ñandú ü", "it's", "dos\nlíneas"];

describe("bulkInsert", () => {
  it("round-trips text, nulls, numbers, dates and JSON exactly, across chunks", async () => {
    const created = new Date("2025-05-04T03:02:01.123Z");
    const clients = await bulkInsert(
      database.db,
      schema.clients,
      tricky.map((nombre, i) => ({
        clientCode: `EXBULK${i}A`,
        nombre,
        direccion: "Del parque 100 m norte",
        telefono: "+50688887777",
        email: i % 2 === 0 ? null : `c${i}@example.com`,
        lastResetDate: "2025-05-01",
        createdAt: created,
      })),
      { returning: ["id", "clientCode"], chunkRows: 3 },
    );
    expect(clients.map((c) => c.clientCode)).toEqual(tricky.map((_, i) => `EXBULK${i}A`));

    const stored = await database.db.select().from(schema.clients).orderBy(asc(schema.clients.id));
    expect(stored.map((c) => c.nombre)).toEqual(tricky);
    expect(stored.map((c) => c.email)).toEqual(tricky.map((_, i) => (i % 2 === 0 ? null : `c${i}@example.com`)));
    expect(stored[0].createdAt.getTime()).toBe(created.getTime());
    expect(stored[0].lastResetDate).toBe("2025-05-01");
    expect(stored[0].whatsappEnviado).toBe("PENDIENTE"); // omitted columns keep their defaults

    await bulkInsert(database.db, schema.partsSearches, [
      {
        clientId: clients[0].id,
        marca: "Toyota",
        modelo: "Hilux",
        anio: 2019,
        results: [{ nombre: 'Filtro "OEM", {x}', precio: "$1.50" }],
        fallbackUsado: true,
      },
    ]);
    const [search] = await database.db.select().from(schema.partsSearches);
    expect(search.results).toEqual([{ nombre: 'Filtro "OEM", {x}', precio: "$1.50" }]);
    expect(search.fallbackUsado).toBe(true);

    await bulkInsert(database.db, schema.clientTrackings, [
      { clientId: clients[1].id, trackingCode: "1ZTEST", pesoEstimado: 1234.5, valorDeclarado: 19.99, costo: 0, montoColones: 8888 },
    ]);
    const [tracking] = await database.db.select().from(schema.clientTrackings);
    expect([tracking.pesoEstimado, tracking.valorDeclarado, tracking.costo, tracking.montoColones]).toEqual([1234.5, 19.99, 0, 8888]);
  });

  it("still enforces check constraints and lengths", async () => {
    const base = { nombre: "Ana", direccion: "Del parque 100 m norte", telefono: "+50688887777" };
    await expect(bulkInsert(database.db, schema.clients, [{ ...base, clientCode: "XX123456" }])).rejects.toThrow();
    await expect(bulkInsert(database.db, schema.clients, [{ ...base, clientCode: "EX99999999999999999" }])).rejects.toThrow();
    await expect(
      bulkInsert(database.db, schema.clients, [{ ...base, clientCode: "EXNEG001", searchCount: -1 }]),
    ).rejects.toThrow();
    const [{ n }] = ((await database.db.execute(sql`select count(*)::int as n from clients where client_code like 'EXNEG%'`)) as unknown as {
      rows: { n: number }[];
    }).rows;
    expect(n).toBe(0);
  });

  it("does nothing for no rows and rejects unknown columns", async () => {
    expect(await bulkInsert(database.db, schema.contactMessages, [])).toEqual([]);
    await expect(
      bulkInsert(database.db, schema.contactMessages, [{ nombre: "A", email: "a@b.cr", mensaje: "Hola hola hola", nope: 1 } as never]),
    ).rejects.toThrow(/nope/);
  });
});
