// Files written by LibreOffice Calc import correctly: the test writes a workbook, has
// `soffice --headless --convert-to xlsx|xls` rewrite it, and imports what LibreOffice wrote. A row
// with an unknown client and one with origin 'MARTE' come back as 'Fila N' errors; the rest is
// applied. LibreOffice is required (CI installs libreoffice-calc-nogui): without it this FAILS.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/app";
import { clients } from "../../db/schema";
import { ZImportResponseSchema } from "../../../shared/api/excel";
import { detectSpreadsheetKind } from "../../lib/xlsx/spreadsheet";
import { buildWorkbook, multipartFile, storedPackage, uniqueClientCode, findSoffice } from "../../test/workbooks";

const run = promisify(execFile);


let t: TestApp;
let workDir: string;
const soffice = findSoffice();

beforeAll(async () => {
  t = await createTestApp();
  workDir = await mkdtemp(path.join(tmpdir(), "excel-lo-"));
});
afterAll(async () => {
  await t?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Has LibreOffice rewrite `source` as `format`; returns the bytes it wrote. */
async function convertWithLibreOffice(source: Buffer, name: string, format: "xlsx" | "xls"): Promise<Buffer> {
  if (!soffice) {
    throw new Error(
      "LibreOffice Calc (soffice) no está instalado y esta prueba lo necesita: apt-get install libreoffice-calc-nogui",
    );
  }
  const input = path.join(workDir, `${name}.xlsx`);
  const outDir = path.join(workDir, `out-${name}-${format}`);
  await writeFile(input, source);
  // Its own profile folder: parallel runs (and other users) never share LibreOffice's lock.
  const profile = `file://${path.join(workDir, `profile-${name}`)}`;
  await run(soffice, [`-env:UserInstallation=${profile}`, "--headless", "--norestore", "--convert-to", format, "--outdir", outDir, input], {
    timeout: 120_000,
  });
  return readFile(path.join(outDir, `${name}.${format}`));
}

function sourceWorkbook(known: string, other: string) {
  return buildWorkbook({
    Clientes: [
      ["client_code", "nombre", "direccion", "telefono"],
      [known, "José Núñez Araya", "Grecia, Alajuela, 200 m norte de la iglesia", 88887777],
      [other, "María Fernández", "Heredia", "8765-4321"],
    ],
    Trackings: [
      ["client_code", "tracking_code", "origen", "forma_envio", "estado", "descripcion_paquete", "peso_estimado", "valor_declarado", "tienda_origen", "carrier", "notas"],
      [known, "1Z999AA10123456784", "USA", "AVION", "En bodega Miami", "Audífonos inalámbricos", "1,5", 45.99, "Amazon", null, null],
      [other, "LP00998877665544", "China", "Barco", "EN_ADUANAS", "Repuestos", 12.25, "1.200,50", "AliExpress", "Cainiao", "frágil"],
      ["EXNOEXIS", "TBA123456789012", "USA", "AVION", null, null, null, null, null, null, null],
      [known, "TBA210987654321", "MARTE", "AVION", null, null, null, null, null, null, null],
      [known, "TBA555444333222", "USA", "Avión", null, "Libro", null, null, null, null, null],
    ],
  });
}

async function importBytes(bytes: Buffer, filename: string) {
  const { payload, headers } = multipartFile(bytes, filename);
  const res = await t.app.inject({ method: "POST", url: "/api/import/express", payload, headers: { ...headers, ...t.adminHeaders() } });
  expect(res.statusCode, res.body).toBe(200);
  return ZImportResponseSchema.parse(res.json());
}

const packageOf = (clientCode: string, trackingCode: string) => storedPackage(t.database.db, clientCode, trackingCode);

async function expectImported(bytes: Buffer, filename: string, known: string, other: string) {
  const result = await importBytes(bytes, filename);
  expect(result.clients).toEqual({ created: 2, skipped: 0, errors: [] });
  expect(result.trackings).toMatchObject({ created: 3, updated: 0 });
  expect(result.trackings.errors).toEqual([
    { row: 4, error: 'Fila 4: el cliente "EXNOEXIS" no existe' },
    { row: 5, error: 'Fila 5: el origen "MARTE" no es válido (use USA o CHINA)' },
  ]);
  const [jose] = await t.database.db.select().from(clients).where(eq(clients.clientCode, known));
  expect(jose).toMatchObject({ nombre: "José Núñez Araya", direccion: "Grecia, Alajuela, 200 m norte de la iglesia", telefono: "+50688887777" });
  const [maria] = await t.database.db.select().from(clients).where(eq(clients.clientCode, other));
  expect(maria.telefono).toBe("+50687654321");
  expect(await packageOf(known, "1Z999AA10123456784")).toMatchObject({
    estado: "EN_BODEGA_MIAMI",
    descripcionPaquete: "Audífonos inalámbricos",
    pesoEstimado: 1.5,
    valorDeclarado: 45.99,
    tiendaOrigen: "Amazon",
    carrier: "UPS",
  });
  expect(await packageOf(other, "LP00998877665544")).toMatchObject({
    estado: "EN_ADUANAS",
    origen: "CHINA",
    formaEnvio: "BARCO",
    pesoEstimado: 12.25,
    valorDeclarado: 1200.5,
    notas: "frágil",
  });
  expect(await packageOf(known, "TBA555444333222")).toMatchObject({ estado: "SEGUIMIENTO_INTERNACIONAL", descripcionPaquete: "Libro" });
  expect(await packageOf(known, "TBA210987654321")).toBeUndefined();
}

describe("files written by LibreOffice Calc", () => {
  it("finds LibreOffice (CI installs libreoffice-calc-nogui)", () => {
    expect(soffice, "LibreOffice Calc (soffice) no está instalado: apt-get install libreoffice-calc-nogui").not.toBeNull();
  });

  it("imports an .xlsx saved by LibreOffice", async () => {
    const known = uniqueClientCode();
    const other = uniqueClientCode();
    const bytes = await convertWithLibreOffice(await sourceWorkbook(known, other), "calc-xlsx", "xlsx");
    expect(detectSpreadsheetKind(bytes)).toBe("xlsx");
    await expectImported(bytes, "desde-calc.xlsx", known, other);
  }, 180_000);

  it("imports an .xls (Excel 97) saved by LibreOffice", async () => {
    const known = uniqueClientCode();
    const other = uniqueClientCode();
    const bytes = await convertWithLibreOffice(await sourceWorkbook(known, other), "calc-xls", "xls");
    expect(detectSpreadsheetKind(bytes)).toBe("xls");
    await expectImported(bytes, "desde-calc.xls", known, other);
  }, 180_000);
});
