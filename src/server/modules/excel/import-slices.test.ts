// The import in slices (docs/decisions/141), through the real app and database: a file of ten
// clients with 10 packages each runs as four slices (three clients a slice), and
// - other requests get through while it runs (on PGlite, one query at a time, /api/health asked
//   after the first slice committed answers before the import does);
// - the preview and the apply agree slice by slice, and the answer's lists stay in row order;
// - a write failure in a later slice keeps the earlier slices, says so, and importing the same
//   file again finishes the work (the rows already applied come out unchanged);
// - a plan that changed in slice k is refused with 409 before slice k commits, earlier slices stay.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/app";
import { auditLog, clients, clientTrackings } from "../../db/schema";
import {
  IMPORT_PLAN_CHANGED,
  ZImportResponseSchema,
  importInterrupted,
  importPlanChangedPartly,
  type TImportResponse,
} from "../../../shared/api/excel";
import { buildWorkbook, multipartFile, storedPackage, tableCounts, uniqueClientCode, type Cell } from "../../test/workbooks";
import { IMPORT_SLICE_ROWS, sliceImport } from "./import-service";
import type { ClientCandidate, TrackingCandidate } from "./import-rows";
import { until } from "../../test/until";

const CLIENT_HEADER: Cell[] = ["client_code", "nombre", "direccion", "telefono"];
const TRACKING_HEADER: Cell[] = ["client_code", "tracking_code", "origen", "forma_envio", "estado"];
const CLIENTS = 10;
const PACKAGES = 10;
/** Three clients (3 × 11 rows) fill a slice of IMPORT_SLICE_ROWS; ten make four slices. */
const SLICES = 4;
const TOTAL_ROWS = CLIENTS * (PACKAGES + 1);
/** Rows of the first `k` slices. */
const rowsOfSlices = (k: number) => Math.min(k * 3, CLIENTS) * (PACKAGES + 1);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function post(url: string, bytes: Buffer, fields?: Record<string, string>) {
  const { payload, headers } = multipartFile(bytes, "grande.xlsx", { fields });
  return t.app.inject({ method: "POST", url, payload, headers: { ...headers, ...t.adminHeaders() } });
}

async function ok(url: string, bytes: Buffer, fields?: Record<string, string>): Promise<TImportResponse> {
  const res = await post(url, bytes, fields);
  expect(res.statusCode, res.body).toBe(200);
  return ZImportResponseSchema.parse(res.json());
}
const preview = (bytes: Buffer, fields?: Record<string, string>) => ok("/api/import/express/preview", bytes, fields);
const apply = (bytes: Buffer, fields?: Record<string, string>) => ok("/api/import/express", bytes, fields);

const trackingCode = (client: number, n: number) => `TBS${String(client).padStart(2, "0")}${String(n).padStart(10, "0")}`;

/**
 * Ten new clients with 10 packages each. The Trackings sheet lists the clients from the last to
 * the first, so the last slice's rows come first in the sheet (the answer's lists must still be
 * in row order). `estado` gives a row's status.
 */
async function bigFile(codes: string[], estado: (client: number, n: number) => string = () => "EN_BODEGA_MIAMI") {
  const clientRows: Cell[][] = codes.map((code, i) => [code, `Cliente ${NAMES[i]}`, "Grecia", `8800-00${String(i).padStart(2, "0")}`]);
  const trackingRows: Cell[][] = [];
  for (let c = codes.length - 1; c >= 0; c--) {
    for (let n = 0; n < PACKAGES; n++) trackingRows.push([codes[c], trackingCode(c, n), "USA", "AVION", estado(c, n)]);
  }
  return buildWorkbook({ Clientes: [CLIENT_HEADER, ...clientRows], Trackings: [TRACKING_HEADER, ...trackingRows] });
}

const NAMES = ["Ana", "Berta", "Carlos", "Diana", "Elena", "Fabio", "Gloria", "Hugo", "Irene", "Jorge"];
const newCodes = () => Array.from({ length: CLIENTS }, () => uniqueClientCode());

async function storedClients(codes: string[]): Promise<string[]> {
  const rows = await t.database.db.select({ code: clients.clientCode }).from(clients).where(inArray(clients.clientCode, codes));
  return rows.map((r) => r.code).sort();
}

async function importAudits(): Promise<{ summary: string | null }[]> {
  return t.database.db.select({ summary: auditLog.summary }).from(auditLog).where(eq(auditLog.action, "importacion.aplicar")).orderBy(auditLog.id);
}

async function failOnTrackingCode(code: string) {
  await t.database.db.execute(sql`
    create or replace function excel_slice_fail() returns trigger language plpgsql as $$
    begin
      if new.tracking_code = ${sql.raw(`'${code}'`)} then raise exception 'fallo simulado'; end if;
      return new;
    end $$`);
  await t.database.db.execute(sql`create trigger excel_slice_fail before insert on client_trackings for each row execute function excel_slice_fail()`);
}
async function stopFailing() {
  await t.database.db.execute(sql`drop trigger if exists excel_slice_fail on client_trackings`);
  await t.database.db.execute(sql`drop function if exists excel_slice_fail()`);
}

describe("sliceImport", () => {
  let row = 1;
  const client = (clientCode: string): ClientCandidate => ({ row: ++row, clientCode, nombre: "Ana", direccion: "", telefono: "88887777", telefonoProblem: null, tipoIdentificacion: null, identificacion: null, identificacionProblem: null });
  const pkg = (clientCode: string, trackingCode: string): TrackingCandidate => ({ row: ++row, clientCode, trackingCode, origen: "USA", formaEnvio: "AVION" });
  const many = (clientCode: string, n: number, prefix = "T") => Array.from({ length: n }, (_, i) => pkg(clientCode, `${prefix}${i}`));

  it("keeps a client's Clientes row with all its packages, however many, and packs whole clients", () => {
    const rows = [...many("EXAAAA01", 5), ...many("EXBBBB02", 250), ...many("EXCCCC03", 5)];
    const slices = sliceImport([client("EXAAAA01"), client("EXBBBB02"), client("EXCCCC03")], rows, 200);
    expect(slices.map((s) => [s.clients.map((c) => c.clientCode), s.trackings.length])).toEqual([
      [["EXAAAA01"], 5],
      [["EXBBBB02"], 250],
      [["EXCCCC03"], 5],
    ]);
  });

  it("spreads the packages of a client the file does not create, keeping each package's rows together, in row order", () => {
    const rows = [...many("EXDDDD04", 150), pkg("EXDDDD04", "T0"), ...many("EXDDDD04", 150, "U")];
    const slices = sliceImport([], rows, 200);
    expect(slices.map((s) => s.trackings.length)).toEqual([200, 101]);
    expect(slices[0].trackings.filter((t) => t.trackingCode === "T0")).toHaveLength(2);
    for (const s of slices) expect(s.trackings.map((t) => t.row)).toEqual([...s.trackings.map((t) => t.row)].sort((a, b) => a - b));
  });

  it("gives one empty slice for a file without rows", () => {
    expect(sliceImport([], [])).toEqual([{ clients: [], trackings: [] }]);
  });
});

describe("the import in slices", () => {
  it("the test file makes four slices", () => {
    expect(3 * (PACKAGES + 1)).toBeLessThanOrEqual(IMPORT_SLICE_ROWS);
    expect(4 * (PACKAGES + 1)).toBeGreaterThan(IMPORT_SLICE_ROWS);
  });

  it("lets /api/health through while it runs: asked after the first slice committed, it answers before the import", async () => {
    const codes = newCodes();
    const bytes = await bigFile(codes);
    const finished: string[] = [];
    const importing = post("/api/import/express", bytes).then((res) => {
      finished.push("import");
      return res;
    });
    // Wait until the first slice (the first three clients) is committed: the import is under way.
    await until(async () => finished.length > 0 || (await storedClients(codes.slice(0, 1))).length === 1, "the first slice to commit");
    expect(finished).toEqual([]);
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    finished.push("health");
    expect(health.statusCode).toBe(200);
    const res = await importing;
    expect(res.statusCode, res.body).toBe(200);
    expect(finished).toEqual(["health", "import"]);
    expect(ZImportResponseSchema.parse(res.json()).trackings.created).toBe(CLIENTS * PACKAGES);
  });

  it("the preview and the apply agree slice by slice; the lists stay in row order", async () => {
    // The clients exist with their packages in Miami; the file moves every tenth package on to customs.
    const codes = newCodes();
    await apply(await bigFile(codes));
    const bytes = await bigFile(codes, (_c, n) => (n % 10 === 0 ? "EN_ADUANAS" : "EN_BODEGA_MIAMI"));
    const before = await tableCounts(t.database.db);
    const seen = await preview(bytes);
    expect(await tableCounts(t.database.db)).toEqual(before);
    expect(seen.fingerprint.split(".")).toHaveLength(SLICES);
    expect(seen.statusChanges.total).toBe(CLIENTS * (PACKAGES / 10));
    const rows = seen.statusChanges.items.map((m) => m.row);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    const messageRows = seen.messages.items.map((m) => m.row);
    expect(messageRows).toEqual([...messageRows].sort((a, b) => a - b));

    const done = await apply(bytes, { fingerprint: seen.fingerprint });
    const { mode: _p, ...previewed } = seen;
    const { mode: _a, ...applied } = done;
    expect(applied).toEqual(previewed);
    expect(done.trackings).toMatchObject({ created: 0, updated: CLIENTS * (PACKAGES / 10), unchanged: CLIENTS * (PACKAGES - PACKAGES / 10) });
    expect((await storedPackage(t.database.db, codes[CLIENTS - 1], trackingCode(CLIENTS - 1, 0)))?.estado).toBe("EN_ADUANAS");
  });

  it("a write failure in a later slice keeps the earlier slices and says so; importing the file again finishes the work", async () => {
    const codes = newCodes();
    const bytes = await bigFile(codes);
    const audits = (await importAudits()).length;
    // The last client (the fourth slice) cannot be written.
    await failOnTrackingCode(trackingCode(CLIENTS - 1, PACKAGES / 2));
    try {
      const res = await post("/api/import/express", bytes);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: "INTERNAL", message: importInterrupted(rowsOfSlices(SLICES - 1), TOTAL_ROWS) });
    } finally {
      await stopFailing();
    }
    // Slices 1–3 stay (nine clients, 90 packages); the fourth rolled back whole, client included.
    expect(await storedClients(codes)).toEqual(codes.slice(0, CLIENTS - 1).sort());
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(clientTrackings)
      .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
      .where(inArray(clients.clientCode, codes));
    expect(stored.n).toBe((CLIENTS - 1) * PACKAGES);
    // The run's one record says it was interrupted.
    const after = await importAudits();
    expect(after).toHaveLength(audits + 1);
    expect(after.at(-1)?.summary).toMatch(/^Interrumpida \(3 de 4 partes aplicadas\)/);

    // The same file again: what was applied comes out unchanged, the rest is written.
    const again = await apply(bytes);
    expect(again.clients).toMatchObject({ created: 1, skipped: CLIENTS - 1, errors: [] });
    expect(again.trackings).toMatchObject({ created: PACKAGES, updated: 0, unchanged: (CLIENTS - 1) * PACKAGES, errors: [] });
    expect(again.statusChanges.total).toBe(0);
    expect(await storedClients(codes)).toEqual([...codes].sort());
    // And a third time nothing changes at all.
    const third = await apply(bytes);
    expect(third.trackings).toMatchObject({ created: 0, updated: 0, unchanged: CLIENTS * PACKAGES });
  });

  it("a plan that changed in a later slice is refused before that slice commits; the earlier slices stay", async () => {
    // The eighth client (third slice) exists with one package in Miami; the file moves it to customs.
    const codes = newCodes();
    const watched = 7;
    await apply(
      await buildWorkbook({
        Clientes: [CLIENT_HEADER, [codes[watched], "Cliente Vigilado", "Grecia", "8800-0099"]],
        Trackings: [TRACKING_HEADER, [codes[watched], trackingCode(watched, 0), "USA", "AVION", "EN_BODEGA_MIAMI"]],
      }),
    );
    const bytes = await bigFile(codes, (c, n) => (c === watched && n === 0 ? "EN_ADUANAS" : "EN_BODEGA_MIAMI"));
    const seen = await preview(bytes);
    expect(seen.fingerprint.split(".")).toHaveLength(SLICES);
    expect(seen.statusChanges.total).toBe(1);

    // Someone moves that package to customs in the meantime: the third slice's plan changes.
    const pkg = await storedPackage(t.database.db, codes[watched], trackingCode(watched, 0));
    await t.database.db.update(clientTrackings).set({ estado: "EN_ADUANAS" }).where(and(eq(clientTrackings.id, pkg!.id)));
    const res = await post("/api/import/express", bytes, { fingerprint: seen.fingerprint });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "CONFLICT", message: importPlanChangedPartly(rowsOfSlices(2), TOTAL_ROWS) });
    // Slices 1 and 2 (six clients) are applied; the third rolled back (the eighth client has only its one package).
    expect(await storedClients(codes)).toEqual([...codes.slice(0, 6), codes[watched]].sort());
    const [watchedCount] = await t.database.db
      .select({ n: count() })
      .from(clientTrackings)
      .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
      .where(eq(clients.clientCode, codes[watched]));
    expect(watchedCount.n).toBe(1);

    // A new preview shows what is left; applying it finishes.
    const fresh = await preview(bytes);
    expect(fresh.statusChanges.total).toBe(0);
    const done = await apply(bytes, { fingerprint: fresh.fingerprint });
    expect(done.clients).toMatchObject({ created: 3, skipped: CLIENTS - 3 });
    expect(done.trackings).toMatchObject({ created: CLIENTS * PACKAGES - 6 * PACKAGES - 1, unchanged: 6 * PACKAGES + 1 });
  });

  it("a fingerprint for another number of slices is refused before anything is written", async () => {
    const codes = newCodes();
    const bytes = await bigFile(codes);
    const seen = await preview(bytes);
    const before = await tableCounts(t.database.db);
    const res = await post("/api/import/express", bytes, { fingerprint: seen.fingerprint.split(".").slice(1).join(".") });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: IMPORT_PLAN_CHANGED });
    expect(await tableCounts(t.database.db)).toEqual(before);
  });
});
