// The Excel import and packages without an amount (issue 32 item 1, docs/decisions/163), through
// the real app and database:
// - rows that move (or create) a package into En bodega Miami or a later status without an amount
//   are applied and flagged, each with the rule's reason ("Sin peso", "Sin monto"), in the preview
//   and in the result; a package already waiting unpriced that a row only annotates is not;
// - a row that would make a package collectable without an amount is that row's error ("Fila N:
//   …"), in the preview and the apply, in any slice: every other row is applied, never a 500;
// - a refusal (4xx) raised in a slice after the first (here a package created meanwhile) is a
//   Spanish 4xx naming the rows applied and those not; importing again finishes.
import { describe, expect, it } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { uniqueTrackingCode, useTestApp } from "../../test/app";
import { addTestPackage, clientIdOf, registerTestClient } from "../../test/clients";
import { createTestStaff } from "../../test/staff";
import { buildWorkbook, multipartFile, storedPackage, tableCounts, uniqueClientCode, type Cell } from "../../test/workbooks";
import { auditLog, clients, clientTrackings } from "../../db/schema";
import { ZImportResponseSchema, type TImportResponse } from "../../../shared/api/excel";

const t = useTestApp();

const TRACKING_HEADER: Cell[] = ["client_code", "tracking_code", "origen", "forma_envio", "estado", "peso_pie_cubicos", "monto_colones", "notas"];
const CLIENT_HEADER: Cell[] = ["client_code", "nombre", "direccion", "telefono"];

async function post(url: string, bytes: Buffer, fields?: Record<string, string>) {
  const staff = await createTestStaff(t, "oficina");
  const { payload, headers } = multipartFile(bytes, "paquetes.xlsx", { fields });
  return t.app.inject({ method: "POST", url, payload, headers: { ...headers, ...staff.headers } });
}
async function ok(url: string, bytes: Buffer, fields?: Record<string, string>): Promise<TImportResponse> {
  const res = await post(url, bytes, fields);
  expect(res.statusCode, res.body).toBe(200);
  return ZImportResponseSchema.parse(res.json());
}
const PREVIEW = "/api/import/express/preview";
const APPLY = "/api/import/express";

describe("an import that moves packages without an amount to En bodega Miami or later", () => {
  it("applies them and flags each with its reason, in the preview and in the result", async () => {
    const client = await registerTestClient(t.app);
    const clientId = await clientIdOf(t.ctx.db, client.clientCode);
    const code = (name: string) => `${name}${uniqueTrackingCode("IU")}`;
    const bare = await addTestPackage(t.ctx.db, clientId, code("A"));
    const measured = await addTestPackage(t.ctx.db, clientId, code("B"));
    const priced = await addTestPackage(t.ctx.db, clientId, code("C"));
    const waiting = await addTestPackage(t.ctx.db, clientId, code("D"), "EN_BODEGA_MIAMI");
    const created = code("E");
    const rows: Cell[][] = [
      [client.clientCode, bare.trackingCode, "USA", "AVION", "EN_BODEGA_MIAMI", null, null, null],
      [client.clientCode, measured.trackingCode, "USA", "AVION", "En bodega Miami", "900", null, null],
      [client.clientCode, priced.trackingCode, "USA", "AVION", "EN_BODEGA_MIAMI", "900", 7_500, null],
      [client.clientCode, waiting.trackingCode, "USA", "AVION", "EN_BODEGA_MIAMI", null, null, "Caja abierta"],
      [client.clientCode, created, "USA", "AVION", "EN_ADUANAS", null, null, null],
    ];
    const bytes = await buildWorkbook({ Trackings: [TRACKING_HEADER, ...rows] });

    const before = await tableCounts(t.ctx.db);
    const seen = await ok(PREVIEW, bytes);
    expect(await tableCounts(t.ctx.db)).toEqual(before);
    const expected = [
      { row: 2, clientCode: client.clientCode, trackingCode: bare.trackingCode, estado: "EN_BODEGA_MIAMI", origen: "USA", motivo: "Sin peso" },
      { row: 3, clientCode: client.clientCode, trackingCode: measured.trackingCode, estado: "EN_BODEGA_MIAMI", origen: "USA", motivo: "Sin monto" },
      { row: 6, clientCode: client.clientCode, trackingCode: created, estado: "EN_ADUANAS", origen: "USA", motivo: "Sin peso" },
    ];
    expect(seen.unpriced).toEqual({ total: 3, items: expected });
    expect(seen.trackings.errors).toEqual([]);

    const done = await ok(APPLY, bytes, { fingerprint: seen.fingerprint });
    expect(done.unpriced).toEqual({ total: 3, items: expected });
    expect(done.trackings).toMatchObject({ created: 1, updated: 4, errors: [] });
    // Accepted: they are where the file says, without an amount, and on the back office's list.
    expect((await storedPackage(t.ctx.db, client.clientCode, bare.trackingCode))?.estado).toBe("EN_BODEGA_MIAMI");
    expect((await storedPackage(t.ctx.db, client.clientCode, created))?.estado).toBe("EN_ADUANAS");
    const staff = await createTestStaff(t, "oficina");
    const list = await t.app.inject({ method: "GET", url: `/api/admin/packages?sinMonto=1&pageSize=100&q=${client.clientCode}`, headers: staff.headers });
    const listed = (list.json() as { packages: { trackingCode: string; motivoSinMonto: string }[] }).packages;
    for (const flag of expected) expect(listed).toContainEqual(expect.objectContaining({ trackingCode: flag.trackingCode, motivoSinMonto: flag.motivo }));
  });
});

describe("a row that would make a package collectable without an amount", () => {
  it("is that row's error in the preview and the apply; the other rows are applied", async () => {
    const client = await registerTestClient(t.app);
    const clientId = await clientIdOf(t.ctx.db, client.clientCode);
    const unpriced = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("IL"), "EN_BODEGA_CR");
    const other = await addTestPackage(t.ctx.db, clientId, uniqueTrackingCode("IO"), "EN_BODEGA_MIAMI");
    const newReady = uniqueTrackingCode("IN");
    const bytes = await buildWorkbook({
      Trackings: [
        TRACKING_HEADER,
        [client.clientCode, unpriced.trackingCode, "USA", "AVION", "LISTO_PARA_ENTREGAR", null, null, "Llegó"],
        [client.clientCode, other.trackingCode, "USA", "AVION", "EN_ADUANAS", "800", 6_000, null],
        [client.clientCode, newReady, "USA", "AVION", "ENTREGADO", "450", null, null],
      ],
    });
    const errors = [
      `Fila 2: el paquete "${unpriced.trackingCode}" no tiene monto (Sin peso): no puede pasar a Listo para entregar. Agregue las columnas peso_pie_cubicos y monto_colones; la fila no se aplicó`,
      `Fila 4: el paquete "${newReady}" no tiene monto (Sin monto): no puede pasar a Entregado. Agregue las columnas peso_pie_cubicos y monto_colones; la fila no se aplicó`,
    ];
    const seen = await ok(PREVIEW, bytes);
    expect(seen.trackings.errors.map((e) => e.error)).toEqual(errors);
    const done = await ok(APPLY, bytes, { fingerprint: seen.fingerprint });
    expect(done.trackings.errors.map((e) => e.error)).toEqual(errors);
    expect(done.trackings).toMatchObject({ created: 0, updated: 1 });
    const stored = await storedPackage(t.ctx.db, client.clientCode, unpriced.trackingCode);
    expect(stored).toMatchObject({ estado: "EN_BODEGA_CR", notas: null });
    expect(await storedPackage(t.ctx.db, client.clientCode, newReady)).toBeUndefined();
    expect((await storedPackage(t.ctx.db, client.clientCode, other.trackingCode))?.estado).toBe("EN_ADUANAS");
  });
});

/** Three new clients with 20 packages each: slices of one client (21 rows each, IMPORT_SLICE_ROWS 40). */
async function threeSliceFile(codes: string[], row: (client: number, n: number) => Cell[] | null = () => null) {
  const clientRows: Cell[][] = codes.map((code, i) => [code, `Cliente ${["Ana", "Berta", "Carla"][i]}`, "Grecia", `8811-000${i}`]);
  const trackingRows: Cell[][] = [];
  codes.forEach((code, c) => {
    for (let n = 0; n < 20; n++) trackingRows.push(row(c, n) ?? [code, packageCode(code, n), "USA", "AVION", "EN_BODEGA_MIAMI", "500", 3_000, null]);
  });
  return buildWorkbook({ Clientes: [CLIENT_HEADER, ...clientRows], Trackings: [TRACKING_HEADER, ...trackingRows] });
}
const packageCode = (clientCode: string, n: number) => `TS${clientCode.slice(2)}${String(n).padStart(6, "0")}`;

async function packagesOf(codes: string[]): Promise<number> {
  const ids = (await t.ctx.db.select({ id: clients.id }).from(clients).where(inArray(clients.clientCode, codes))).map((c) => c.id);
  if (ids.length === 0) return 0;
  return (await t.ctx.db.select({ id: clientTrackings.id }).from(clientTrackings).where(inArray(clientTrackings.clientId, ids))).length;
}

describe("a very large import (slices, decision 141)", () => {
  it("an unpriced Listo row in the last slice is its row's error, not a 500: everything else is applied", async () => {
    const codes = [uniqueClientCode(), uniqueClientCode(), uniqueClientCode()];
    const bytes = await threeSliceFile(codes, (c, n) => (c === 2 && n === 5 ? [codes[2], packageCode(codes[2], 5), "USA", "AVION", "LISTO_PARA_ENTREGAR", null, null, null] : null));
    const seen = await ok(PREVIEW, bytes);
    expect(seen.fingerprint.split(".")).toHaveLength(3);
    expect(seen.trackings.errors.map((e) => e.row)).toEqual([47]);
    const done = await ok(APPLY, bytes, { fingerprint: seen.fingerprint });
    expect(done.trackings).toMatchObject({ created: 59 });
    expect(done.trackings.errors.map((e) => e.error)).toEqual([expect.stringMatching(/^Fila 47: .*no tiene monto \(Sin peso\): no puede pasar a Listo para entregar/)]);
    expect(await packagesOf(codes)).toBe(59);
  });

  it("a refusal in a later slice is a Spanish 4xx naming the rows applied and not; importing again finishes", async () => {
    const codes = [uniqueClientCode(), uniqueClientCode(), uniqueClientCode()];
    const bytes = await threeSliceFile(codes);
    // Someone registers one of the third client's packages while the import runs (simulated: the
    // insert of that package first writes the same package, as a concurrent request would).
    const raced = packageCode(codes[2], 7);
    await t.ctx.db.execute(sql`
      create or replace function excel_race() returns trigger language plpgsql as $$
      begin
        if new.tracking_code = ${sql.raw(`'${raced}'`)} and pg_trigger_depth() = 1 then
          insert into client_trackings (client_id, tracking_code) values (new.client_id, new.tracking_code);
        end if;
        return new;
      end $$`);
    await t.ctx.db.execute(sql`create trigger excel_race before insert on client_trackings for each row execute function excel_race()`);
    let res;
    let previewed;
    const audits = async () => (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, "importacion.aplicar"))).length;
    const auditsBefore = await audits();
    try {
      // A preview applies nothing: the refusal as it is, no "se aplicaron", no record of an import.
      previewed = await post(PREVIEW, bytes);
      res = await post(APPLY, bytes);
    } finally {
      await t.ctx.db.execute(sql`drop trigger if exists excel_race on client_trackings`);
      await t.ctx.db.execute(sql`drop function if exists excel_race()`);
    }
    expect(previewed.statusCode, previewed.body).toBe(409);
    expect(previewed.json().message).not.toMatch(/aplicaron|interrumpió/);
    expect(res.statusCode, res.body).toBe(409);
    expect(await audits()).toBe(auditsBefore + 1);
    const body = res.json() as { code: string; message: string; importacion: { aplicadas: Record<string, number[]>; noAplicadas: Record<string, number[]> } };
    expect(body.code).toBe("CONFLICT");
    expect(body.message).toMatch(/^La importación se detuvo: .+\. Se aplicaron 42 de 63 filas \(Clientes: filas 2–3 · Trackings: filas 2–41\) y el resto no \(Clientes: fila 4 · Trackings: filas 42–61\)\./);
    expect(body.importacion.noAplicadas.Trackings).toHaveLength(20);
    // The first two clients and their packages stay; the third rolled back whole.
    expect(await packagesOf(codes.slice(0, 2))).toBe(40);
    expect(await packagesOf([codes[2]])).toBe(0);

    const again = await ok(APPLY, bytes);
    expect(again.clients).toMatchObject({ created: 1, skipped: 2 });
    expect(again.trackings).toMatchObject({ created: 20, unchanged: 40, errors: [] });
    expect(await packagesOf(codes)).toBe(60);
  });
});

describe("the import's flags need a session", () => {
  it("refuses the preview without one", async () => {
    const bytes = await buildWorkbook({ Trackings: [TRACKING_HEADER] });
    const { payload, headers } = multipartFile(bytes, "x.xlsx");
    expect((await t.app.inject({ method: "POST", url: PREVIEW, payload, headers })).statusCode).toBe(401);
  });
});
