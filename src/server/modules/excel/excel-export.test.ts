// GET /api/export/* through the real app: real .xlsx files with the spec's names, formatted for
// people (bold frozen header, widths, dates as dates in Costa Rica time, colones with the colón
// format, Spanish labels), the full export with exactly the import's sheets and columns, and
// formula-looking text neutralized in every file.
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { createTestApp, type TestApp } from "../../test/app";
import { clients, clientTrackings, contactMessages } from "../../db/schema";
import { CLIENT_COLUMNS, TRACKING_COLUMNS, XLSX_CONTENT_TYPE, exportFileName, type ExportKind } from "../../../shared/api/excel";
import { costaRicaDayKey } from "../../../shared/domain/dates";
import { ExportAborted, writeExport } from "./export-service";
import { loadWorkbook, sheetValues, uniqueClientCode } from "../../test/workbooks";

let t: TestApp;
const code = uniqueClientCode();
const created = new Date("2026-02-03T20:15:00Z"); // 14:15 in Costa Rica
const changed = new Date("2026-02-10T05:30:00Z"); // 23:30 of the 9th in Costa Rica

beforeAll(async () => {
  t = await createTestApp();
  const [client] = await t.database.db
    .insert(clients)
    .values({ clientCode: code, nombre: "=Ana Mora", direccion: "@Grecia", telefono: "+50688887777", createdAt: created, whatsappEnviado: "ENVIADO" })
    .returning();
  await t.database.db.insert(clientTrackings).values({
    clientId: client.id,
    trackingCode: "1Z999AA10123456784",
    estado: "EN_BODEGA_MIAMI",
    origen: "USA",
    formaEnvio: "AVION",
    carrier: "UPS",
    descripcionPaquete: "-Zapatos",
    pesoEstimado: 1.5,
    valorDeclarado: 120.25,
    costo: 12500,
    montoColones: 15432,
    pesoPieCubicos: "1500",
    notas: "'nota",
    lastStatusChangeDate: changed,
    createdAt: created,
  });
  await t.database.db.insert(contactMessages).values({
    nombre: "Cliente Curioso",
    email: "curioso@example.com",
    telefono: "+506 8888-7777",
    mensaje: '=HYPERLINK("http://malo.example","clic")',
    createdAt: created,
  });
});
afterAll(async () => {
  await t.close();
});

async function download(kind: ExportKind) {
  const before = costaRicaDayKey(new Date());
  const res = await t.app.inject({ method: "GET", url: `/api/export/${kind}`, headers: t.adminHeaders() });
  const after = costaRicaDayKey(new Date());
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toContain(XLSX_CONTENT_TYPE);
  const names = [exportFileName(kind, before), exportFileName(kind, after)].map((n) => `attachment; filename="${n}"`);
  expect(names).toContain(res.headers["content-disposition"]);
  return loadWorkbook(res.rawPayload);
}

function expectPeopleHeader(sheet: ExcelJS.Worksheet) {
  expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
  expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  expect(sheet.getColumn(1).width).toBeGreaterThan(5);
}

/** The row whose first cells match. */
function rowWith(sheet: ExcelJS.Worksheet, column: number, value: unknown): ExcelJS.Row {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (row.getCell(column).value === value) found = row;
  });
  if (!found) throw new Error(`sin fila con ${String(value)}`);
  return found;
}

describe("exports", () => {
  it("names the files with the Costa Rica date", () => {
    expect(exportFileName("all", new Date("2026-05-02T05:00:00Z"))).toBe("express-import-completo-2026-05-01.xlsx");
    expect(exportFileName("clients", new Date("2026-05-02T07:00:00Z"))).toBe("clientes-trackings-2026-05-02.xlsx");
    expect(exportFileName("by-client", new Date("2026-05-02T07:00:00Z"))).toBe("trackings-por-cliente-2026-05-02.xlsx");
    expect(exportFileName("contacts", new Date("2026-05-02T07:00:00Z"))).toBe("mensajes-contacto-2026-05-02.xlsx");
  });

  it("all: exactly the import's sheets and columns, machine values, formulas neutralized", async () => {
    const workbook = await download("all");
    expect(workbook.worksheets.map((s) => s.name)).toEqual(["Clientes", "Trackings"]);
    const [clientSheet, trackingSheet] = workbook.worksheets;
    expect(sheetValues(clientSheet)[0]).toEqual(CLIENT_COLUMNS.map((c) => c.key));
    expect(sheetValues(trackingSheet)[0]).toEqual(TRACKING_COLUMNS.map((c) => c.key));
    expect(clientSheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(clientSheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(rowWith(clientSheet, 1, code).values).toEqual([undefined, code, "'=Ana Mora", "'@Grecia", "+50688887777"]);
    expect((rowWith(trackingSheet, 1, code).values as unknown[]).slice(1)).toEqual([
      code,
      "1Z999AA10123456784",
      "USA",
      "AVION",
      "EN_BODEGA_MIAMI",
      "'-Zapatos",
      1.5,
      120.25,
      undefined,
      "UPS",
      "''nota",
      "1500",
      15432,
    ]);
  });

  it("clients: Clientes and Trackings sheets for people (dates, colones, Spanish labels)", async () => {
    const workbook = await download("clients");
    const clientSheet = workbook.getWorksheet("Clientes")!;
    const trackingSheet = workbook.getWorksheet("Trackings")!;
    expectPeopleHeader(clientSheet);
    expectPeopleHeader(trackingSheet);
    const client = rowWith(clientSheet, 1, code);
    expect(client.getCell(2).value).toBe("'=Ana Mora");
    expect(client.getCell(6).value).toEqual(new Date("2026-02-03T14:15:00Z"));
    expect(client.getCell(6).numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(client.getCell(7).value).toBe("Enviado");
    expect(client.getCell(9).value).toBe(10);
    expect(client.getCell(10).value).toBe(1);

    const headers = sheetValues(trackingSheet)[0] as string[];
    const pkg = rowWith(trackingSheet, 1, code);
    const cell = (header: string) => pkg.getCell(headers.indexOf(header) + 1);
    expect(cell("Estado").value).toBe("En bodega Miami");
    expect(cell("Origen").value).toBe("Estados Unidos");
    expect(cell("Forma de envío").value).toBe("Avión");
    expect(cell("Costo").value).toBe(12500);
    expect(cell("Costo").numFmt).toBe('"₡"#,##0');
    expect(cell("Monto").value).toBe(15432);
    expect(cell("Monto").numFmt).toBe('"₡"#,##0');
    // The stored charge columns (issue 21): no coupon, no extras, nothing paid yet.
    expect(["Cargos extra ₡", "Descuento ₡", "Total ₡", "Pagado ₡", "Saldo ₡"].map((h) => cell(h).value)).toEqual([0, 0, 15432, 0, 15432]);
    expect(cell("Saldo ₡").numFmt).toBe('"₡"#,##0');
    expect(cell("Valor declarado").value).toBe(120.25);
    expect(cell("Último cambio").value).toEqual(new Date("2026-02-09T23:30:00Z"));
  });

  it("by-client: each client's packages grouped under a bold client row", async () => {
    const workbook = await download("by-client");
    const sheet = workbook.worksheets[0];
    expectPeopleHeader(sheet);
    const group = rowWith(sheet, 1, code);
    expect(group.font?.bold).toBe(true);
    expect((group.values as unknown[]).slice(1, 5)).toEqual([code, "'=Ana Mora", "+50688887777", "1 paquete"]);
    const next = sheet.getRow(group.number + 1);
    expect(next.outlineLevel).toBe(1);
    expect(next.getCell(4).value).toBe("1Z999AA10123456784");
    expect(next.getCell(5).value).toBe("En bodega Miami");
  });

  it("contacts: messages with their date, a formula message neutralized, a phone left readable", async () => {
    const workbook = await download("contacts");
    const sheet = workbook.worksheets[0];
    expectPeopleHeader(sheet);
    const row = rowWith(sheet, 2, "Cliente Curioso");
    expect(row.getCell(1).value).toEqual(new Date("2026-02-03T14:15:00Z"));
    expect(row.getCell(4).value).toBe("+506 8888-7777");
    expect(row.getCell(5).value).toBe(`'=HYPERLINK("http://malo.example","clic")`);
  });

  it("streams page by page: every row arrives when pages are tiny", async () => {
    const extra = await t.database.db
      .insert(clients)
      .values(Array.from({ length: 7 }, (_, i) => ({ clientCode: uniqueClientCode(), nombre: `Página ${i}`, direccion: "Grecia", telefono: "+50688880000" })))
      .returning({ code: clients.clientCode });
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (chunk: Buffer) => chunks.push(chunk));
    await writeExport(t.database.db, "all", out, { pageSize: 2 });
    const workbook = await loadWorkbook(Buffer.concat(chunks));
    const codes = sheetValues(workbook.getWorksheet("Clientes")!).slice(1).map((r) => r[0]);
    expect(codes).toEqual(expect.arrayContaining([code, ...extra.map((e) => e.code)]));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("stops reading the database when the download is abandoned", async () => {
    const out = new PassThrough();
    const writing = writeExport(t.database.db, "all", out, { pageSize: 1 });
    // The client reads nothing and goes away.
    setImmediate(() => out.destroy());
    await expect(writing).rejects.toBeInstanceOf(ExportAborted);
  });

  it("refuses the exports without an admin session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/export/all" });
    expect(res.statusCode).toBe(401);
  });
});
