// The round trip the issue asks for: seed a database (seedDatabase), export it with
// GET /api/export/all, import the file into an empty database, and find the same clients and
// packages there; importing it back into the first database changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/app";
import { clients, clientTrackings } from "../../db/schema";
import type { Db } from "../../db/client";
import { seedDatabase } from "../../seed/seed";
import { ZImportResponseSchema } from "../../../shared/api/excel";
import { DECLARED_VALUE_USD_MAX } from "../../../shared/api/declared";
import { multipartFile, tableCounts } from "../../test/workbooks";

const CLIENTS = 60;
const TRACKINGS = 400;
/** Each package is created through trackings/service (several statements); a loaded CI machine needs room. */
const SLOW = 180_000;

let source: TestApp;
let target: TestApp;

beforeAll(async () => {
  [source, target] = await Promise.all([createTestApp(), createTestApp()]);
  await seedDatabase(source.database.db, { clients: CLIENTS - 1, trackings: TRACKINGS - 2, seed: 11, now: new Date("2026-04-20T15:00:00Z") });
  // Text a spreadsheet would take for a formula, a number, an escape or a line break (the name
  // stays a name: the import applies the name rule of the forms, docs/decisions/098).
  const [tricky] = await source.database.db
    .insert(clients)
    .values({ clientCode: "EXTRICK1", nombre: "Ana 'La' Mora", direccion: "@Grecia\nfrente al parque", telefono: "+50688887777" })
    .returning();
  await source.database.db.insert(clientTrackings).values([
    { clientId: tricky.id, trackingCode: "TBA000000000001", estado: "EN_ADUANAS", descripcionPaquete: "+1 cable_x0041_", notas: "'nota", tiendaOrigen: "00123", carrier: "-", pesoEstimado: 0.01, valorDeclarado: DECLARED_VALUE_USD_MAX },
    { clientId: tricky.id, trackingCode: "LP00000000000001", origen: "CHINA", formaEnvio: "BARCO", estado: "ENTREGADO", pesoPieCubicos: "2,5", montoColones: 12_500, carrier: "=Cainiao", tiendaOrigen: "=SUMA(1;2)", notas: "-inicio\nfin" },
  ]);
});
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
});

async function snapshot(db: Db) {
  const clientRows = await db
    .select({ clientCode: clients.clientCode, nombre: clients.nombre, direccion: clients.direccion, telefono: clients.telefono })
    .from(clients)
    .orderBy(asc(clients.clientCode));
  const packages = await db
    .select({
      clientCode: clients.clientCode,
      trackingCode: clientTrackings.trackingCode,
      origen: clientTrackings.origen,
      formaEnvio: clientTrackings.formaEnvio,
      estado: clientTrackings.estado,
      descripcionPaquete: clientTrackings.descripcionPaquete,
      pesoEstimado: clientTrackings.pesoEstimado,
      valorDeclarado: clientTrackings.valorDeclarado,
      tiendaOrigen: clientTrackings.tiendaOrigen,
      carrier: clientTrackings.carrier,
      notas: clientTrackings.notas,
    })
    .from(clientTrackings)
    .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
    .orderBy(asc(clients.clientCode), asc(clientTrackings.trackingCode));
  return { clients: clientRows, packages };
}

async function importInto(app: TestApp, bytes: Buffer) {
  const { payload, headers } = multipartFile(bytes, "express-import-completo.xlsx");
  const res = await app.app.inject({ method: "POST", url: "/api/import/express", payload, headers: { ...headers, ...app.adminHeaders() } });
  expect(res.statusCode, res.body).toBe(200);
  return ZImportResponseSchema.parse(res.json());
}

describe("export all → import", () => {
  let exported: Buffer;

  it("imports into an empty database with the same clients and packages", async () => {
    const res = await source.app.inject({ method: "GET", url: "/api/export/all", headers: source.adminHeaders() });
    expect(res.statusCode).toBe(200);
    exported = res.rawPayload;

    const result = await importInto(target, exported);
    expect(result.clients).toEqual({ created: CLIENTS, skipped: 0, errors: [] });
    expect(result.trackings).toEqual({ created: TRACKINGS, updated: 0, unchanged: 0, errors: [] });

    const before = await snapshot(source.database.db);
    const after = await snapshot(target.database.db);
    expect(after.clients).toHaveLength(CLIENTS);
    expect(after.packages).toHaveLength(TRACKINGS);
    expect(after).toEqual(before);
  }, SLOW);

  it("imports back into the database it came from without changing anything", async () => {
    const counts = await tableCounts(source.database.db);
    const result = await importInto(source, exported);
    expect(result.clients).toEqual({ created: 0, skipped: CLIENTS, errors: [] });
    expect(result.trackings).toEqual({ created: 0, updated: 0, unchanged: TRACKINGS, errors: [] });
    expect(await tableCounts(source.database.db)).toEqual(counts);
  }, SLOW);
});
