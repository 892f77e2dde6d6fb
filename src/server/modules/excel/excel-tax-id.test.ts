// The identification for the electronic invoice in the Excel files (issue 34 item 1; decision 189):
// the full export writes `tipo_identificacion` and `identificacion` on the Clientes sheet (the
// people's export a readable label), and the import creates a client with its pair normalised by
// the shared rule; a bad pair is that row's Spanish 'Fila N' error and creates nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/app";
import { clients } from "../../db/schema";
import { ZImportResponseSchema, type TImportResponse } from "../../../shared/api/excel";
import { TAX_ID_NUMBER_REQUIRED, TAX_ID_TYPE_INVALID, TAX_ID_TYPE_REQUIRED } from "../../../shared/api/tax-id";
import { buildWorkbook, loadWorkbook, multipartFile, sheetValues, uniqueClientCode, type Cell } from "../../test/workbooks";

const HEADER: Cell[] = ["client_code", "nombre", "direccion", "telefono", "tipo_identificacion", "identificacion"];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function importOk(bytes: Buffer): Promise<TImportResponse> {
  const { payload, headers } = multipartFile(bytes, "datos.xlsx");
  const res = await t.app.inject({ method: "POST", url: "/api/import/express", payload, headers: { ...headers, ...t.adminHeaders() } });
  expect(res.statusCode, res.body).toBe(200);
  return ZImportResponseSchema.parse(res.json());
}

const storedPair = async (clientCode: string) => {
  const [row] = await t.database.db.select({ type: clients.taxIdType, number: clients.taxIdNumber }).from(clients).where(eq(clients.clientCode, clientCode));
  return row;
};

describe("Excel: tipo_identificacion and identificacion", () => {
  it("the import creates clients with their pair (words, accents or Hacienda's code), and a bad pair is that row's error", async () => {
    const [fisica, juridica, none, badNumber, noNumber, noType, badType] = Array.from({ length: 7 }, () => uniqueClientCode());
    const result = await importOk(
      await buildWorkbook({
        Clientes: [
          HEADER,
          [fisica, "Ana Física", "Grecia", "88880011", "Física", "1-0987-0654"],
          [juridica, "Empresa Jurídica", "Heredia", "88880012", "02", 3101123456],
          [none, "Sin Cédula", "Cartago", "88880013", "", ""],
          [badNumber, "Número Malo", "Alajuela", "88880014", "CEDULA JURIDICA", "310112345"],
          [noNumber, "Falta Número", "Alajuela", "88880015", "DIMEX", ""],
          [noType, "Falta Tipo", "Alajuela", "88880016", "", "109870654"],
          [badType, "Tipo Malo", "Alajuela", "88880017", "Pasaporte", "109870654"],
        ],
      }),
    );
    expect(result.clients).toEqual({
      created: 3,
      skipped: 0,
      errors: [
        { row: 5, error: "Fila 5: La cédula jurídica tiene 10 dígitos (ej. 3101123456)." },
        { row: 6, error: `Fila 6: ${TAX_ID_NUMBER_REQUIRED}` },
        { row: 7, error: `Fila 7: ${TAX_ID_TYPE_REQUIRED}` },
        { row: 8, error: `Fila 8: ${TAX_ID_TYPE_INVALID}` },
      ],
    });
    expect(await storedPair(fisica)).toEqual({ type: "FISICA", number: "109870654" });
    expect(await storedPair(juridica)).toEqual({ type: "JURIDICA", number: "3101123456" });
    expect(await storedPair(none)).toEqual({ type: null, number: null });
    for (const code of [badNumber, noNumber, noType, badType]) expect(await storedPair(code)).toBeUndefined();
  });

  it("the full export writes the pair as stored, and the people's export a readable label", async () => {
    const code = uniqueClientCode();
    await t.database.db.insert(clients).values({ clientCode: code, nombre: "Exportada Cédula", direccion: "Grecia", telefono: "+50688887711", taxIdType: "DIMEX", taxIdNumber: "155812345678" });
    const all = await t.app.inject({ method: "GET", url: "/api/export/all", headers: t.adminHeaders() });
    const clientSheet = (await loadWorkbook(all.rawPayload)).worksheets[0];
    const rows = sheetValues(clientSheet);
    expect(rows[0]).toEqual(["client_code", "nombre", "direccion", "telefono", "tipo_identificacion", "identificacion"]);
    expect(rows.find((r) => r?.[0] === code)).toEqual([code, "Exportada Cédula", "Grecia", "+50688887711", "DIMEX", "155812345678"]);

    const people = await t.app.inject({ method: "GET", url: "/api/export/clients", headers: t.adminHeaders() });
    const sheet = (await loadWorkbook(people.rawPayload)).worksheets[0];
    const values = sheetValues(sheet);
    const column = values[0].indexOf("Identificación");
    expect(column).toBeGreaterThan(0);
    expect(values.find((r) => r?.includes(code))?.[column]).toBe("DIMEX 155812345678");
  });
});
