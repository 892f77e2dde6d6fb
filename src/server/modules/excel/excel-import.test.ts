// POST /api/import/express through the real app and database: rows applied, 'Fila N' errors,
// updates through the one status-change path (history, WhatsApp outbox, delivery rewards), and
// every refused file (not a spreadsheet, too large, zip bombs, too many rows, a crash midway)
// leaving the database exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../test/app";
import { clients, coupons, notificationOutbox, referrals, trackingStatusHistory } from "../../db/schema";
import {
  EXCEL_MAX_FILE_BYTES,
  EXCEL_MAX_ROWS,
  IMPORT_CORRUPT,
  IMPORT_FILE_REQUIRED,
  IMPORT_FILE_TOO_LARGE,
  IMPORT_NOT_MULTIPART,
  IMPORT_NOT_SPREADSHEET,
  IMPORT_NO_SHEETS,
  IMPORT_SUSPICIOUS_COMPRESSION,
  IMPORT_UNCOMPRESSED_TOO_LARGE,
  IMPORT_WRONG_EXTENSION,
  ZImportResponseSchema,
  importMissingColumn,
  importTooManyRows,
  type TImportResponse,
} from "../../../shared/api/excel";
import {
  buildWorkbook,
  buildZip,
  deflatedBombSheet,
  multipartFile,
  sheetXml,
  tableCounts,
  uniqueClientCode,
  storedPackage,
  workbookParts,
  type Cell,
} from "../../test/workbooks";

const CLIENT_HEADER: Cell[] = ["client_code", "nombre", "direccion", "telefono"];
const TRACKING_HEADER: Cell[] = ["client_code", "tracking_code", "origen", "forma_envio", "estado", "descripcion_paquete", "peso_estimado", "valor_declarado", "tienda_origen", "carrier", "notas"];

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function upload(bytes: Buffer, filename = "datos.xlsx", options: { field?: string } = {}) {
  const { payload, headers } = multipartFile(bytes, filename, options);
  return t.app.inject({ method: "POST", url: "/api/import/express", payload, headers: { ...headers, ...t.adminHeaders() } });
}

async function importOk(bytes: Buffer, filename?: string): Promise<TImportResponse> {
  const res = await upload(bytes, filename);
  expect(res.statusCode, res.body).toBe(200);
  return ZImportResponseSchema.parse(res.json());
}

const packageOf = (clientCode: string, trackingCode: string) => storedPackage(t.database.db, clientCode, trackingCode);

describe("import of good and bad rows", () => {
  it("creates clients and packages, reports each bad row as 'Fila N' and applies the rest", async () => {
    const a = uniqueClientCode();
    const b = uniqueClientCode();
    const existing = uniqueClientCode();
    await t.database.db.insert(clients).values({ clientCode: existing, nombre: "Ya Existe", direccion: "Grecia", telefono: "+50688880000" });
    const bytes = await buildWorkbook({
      // Lenient sheet name and headers: case, accents, spaces, a different order.
      " clientes ": [
        ["Teléfono", "Nombre", "Client Code", "Dirección"],
        ["8888-7777", "Ana Mora", a.toLowerCase(), "Grecia, Alajuela"],
        ["(01) 555 123", "Telefono Viejo", b, ""],
        ["88880000", "Otro Nombre", existing, "San José"],
        ["88881111", "", uniqueClientCode(), "Sin nombre"],
        ["88882222", "Código malo", "XX12", "Heredia"],
      ],
      TRACKINGS: [
        ["CLIENT_CODE", "Tracking Code", "Origen", "Forma Envío", "Estado", "Descripción Paquete", "Peso Estimado", "Valor Declarado", "Tienda Origen", "Carrier", "Notas"],
        [a, "1z999aa10123456784", "usa", "Avión", "En bodega Miami", "Zapatos", "1,5", "1.234,50", "Amazon", "", "'=frágil"],
        [a, "LP00112233445566", "China", "barco", "", "", 2.25, 30, "AliExpress", "Cainiao", ""],
        ["EXNOPE99", "TBA111222333444", "USA", "AVION", "", "", "", "", "", "", ""],
        [a, "TBA555666777888", "MARTE", "AVION", "", "", "", "", "", "", ""],
        [a, "TBA999000111222", "USA", "TREN", "", "", "", "", "", "", ""],
        [a, "TBA333444555666", "USA", "AVION", "PERDIDO", "", "", "", "", "", ""],
        [a, "TBA777888999000", "USA", "AVION", "", "", "mucho", "", "", "", ""],
        [a, "", "USA", "AVION", "", "", "", "", "", "", ""],
        [b, "TBA121212121212", "USA", "AVION", "ENTREGADO", "Libro", -3, "", "", "", ""],
        [existing, "TBA343434343434", "CHINA", "BARCO", "EN_BODEGA_CR", "Repuesto", "", "", "", "", ""],
      ],
    });
    const result = await importOk(bytes);

    expect(result.clients).toEqual({
      created: 1,
      skipped: 1,
      errors: [
        // A new client's phone passes the registration form's rule (decision 118).
        { row: 3, error: "Fila 3: ingresa un número de WhatsApp de Costa Rica: 8 dígitos, con o sin +506 (por ejemplo 8888-7777)." },
        { row: 5, error: 'Fila 5: falta el valor de la columna "nombre"' },
        { row: 6, error: expect.stringMatching(/^Fila 6: el código de cliente "XX12" no es válido/) },
      ],
    });
    expect(result.trackings.created).toBe(3);
    expect(result.trackings.updated).toBe(0);
    expect(result.trackings.errors.map((e) => e.error)).toEqual([
      'Fila 4: el cliente "EXNOPE99" no existe',
      'Fila 5: el origen "MARTE" no es válido (use USA o CHINA)',
      'Fila 6: la forma de envío "TREN" no es válida (use AVION o BARCO)',
      expect.stringMatching(/^Fila 7: el estado "PERDIDO" no es válido \(use SEGUIMIENTO_INTERNACIONAL, /),
      'Fila 8: el valor "mucho" de la columna "peso_estimado" no es un número válido',
      'Fila 9: falta el valor de la columna "tracking_code"',
      'Fila 10: la columna "peso_estimado" no puede ser negativa',
    ]);

    const [ana] = await t.database.db.select().from(clients).where(eq(clients.clientCode, a));
    expect(ana).toMatchObject({ nombre: "Ana Mora", direccion: "Grecia, Alajuela", telefono: "+50688887777", whatsappEnviado: "PENDIENTE" });
    expect(await t.database.db.select().from(clients).where(eq(clients.clientCode, b))).toEqual([]);
    const [kept] = await t.database.db.select().from(clients).where(eq(clients.clientCode, existing));
    expect(kept.nombre).toBe("Ya Existe");

    const ups = await packageOf(a, "1Z999AA10123456784");
    expect(ups).toMatchObject({
      estado: "EN_BODEGA_MIAMI",
      origen: "USA",
      formaEnvio: "AVION",
      descripcionPaquete: "Zapatos",
      pesoEstimado: 1.5,
      valorDeclarado: 1234.5,
      tiendaOrigen: "Amazon",
      notas: "=frágil",
      carrier: "UPS",
    });
    expect(await packageOf(a, "LP00112233445566")).toMatchObject({ estado: "SEGUIMIENTO_INTERNACIONAL", origen: "CHINA", formaEnvio: "BARCO", pesoEstimado: 2.25, carrier: "Cainiao" });
    expect(await packageOf(existing, "TBA343434343434")).toMatchObject({ estado: "EN_BODEGA_CR" });

    const history = await t.database.db.select().from(trackingStatusHistory).where(eq(trackingStatusHistory.trackingId, ups!.id));
    expect(history).toEqual([expect.objectContaining({ previousStatus: null, newStatus: "EN_BODEGA_MIAMI", changedBy: "Importación Excel · Dueño" })]);
    // A package the import creates queues no WhatsApp message (decision 072).
    const queued = await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, ups!.id));
    expect(queued).toEqual([]);
  });

  it("gives a new client only an EX + 6 code; a shorter or longer one only matches a client that has it", async () => {
    const legacy = `EX${uniqueClientCode().slice(-3)}`;
    await t.database.db.insert(clients).values({ clientCode: legacy, nombre: "Cliente Antiguo", direccion: "Atenas", telefono: "+50681230000" });
    const newShort = legacy === "EXA01" ? "EXA02" : "EXA01";
    const longer = `${uniqueClientCode()}Z`;
    const result = await importOk(
      await buildWorkbook({
        Clientes: [CLIENT_HEADER, [legacy, "Otro Nombre", "Atenas", "88880001"], [newShort, "Código Corto", "Grecia", "88880002"], [longer, "Código Largo", "Grecia", "88880003"]],
        Trackings: [TRACKING_HEADER.slice(0, 4), [legacy, "TBA555000111222", "USA", "AVION"], [newShort, "TBA555000111333", "USA", "AVION"]],
      }),
    );
    expect(result.clients).toEqual({
      created: 0,
      skipped: 1,
      errors: [
        { row: 3, error: `Fila 3: el código de cliente "${newShort}" no es válido para un cliente nuevo (EX seguido de 6 letras o números)` },
        { row: 4, error: `Fila 4: el código de cliente "${longer}" no es válido para un cliente nuevo (EX seguido de 6 letras o números)` },
      ],
    });
    expect(result.trackings).toMatchObject({ created: 1, errors: [{ row: 3, error: `Fila 3: el cliente "${newShort}" no existe` }] });
    expect(await packageOf(legacy, "TBA555000111222")).toBeDefined();
    const [kept] = await t.database.db.select().from(clients).where(eq(clients.clientCode, legacy));
    expect(kept.nombre).toBe("Cliente Antiguo");
    expect(await t.database.db.select().from(clients).where(eq(clients.clientCode, newShort))).toEqual([]);
  });

  it("gives the clients it creates a referral code, redraws one an imported code took, and leaves every other client as it is", async () => {
    // A client written straight in without a referral code (the start-up fill's job, not the import's),
    // and one whose referral code is the code the file brings.
    const [untouched] = await t.database.db
      .insert(clients)
      .values({ clientCode: uniqueClientCode(), nombre: "Cliente Sin Referido", direccion: "Grecia", telefono: "+50688000001" })
      .returning();
    const imported = uniqueClientCode();
    const [holder] = await t.database.db
      .insert(clients)
      .values({ clientCode: uniqueClientCode(), referralCode: imported, nombre: "Cliente Con Referido", direccion: "Grecia", telefono: "+50688000002" })
      .returning();
    const result = await importOk(await buildWorkbook({ Clientes: [CLIENT_HEADER, [imported, "Cliente Importado", "Grecia", "8800-0003"]] }));
    expect(result.clients.created).toBe(1);
    const [created] = await t.database.db.select().from(clients).where(eq(clients.clientCode, imported));
    expect(created.referralCode).toMatch(/^EX[0-9A-Z]{6}$/);
    expect(created.referralCode).not.toBe(imported);
    const [redrawn] = await t.database.db.select().from(clients).where(eq(clients.id, holder.id));
    expect(redrawn.referralCode).toMatch(/^EX[0-9A-Z]{6}$/);
    expect(redrawn.referralCode).not.toBe(imported);
    const [after] = await t.database.db.select().from(clients).where(eq(clients.id, untouched.id));
    expect(after).toEqual(untouched);
  });

  it("imports a workbook with only a Trackings sheet", async () => {
    const code = uniqueClientCode();
    await t.database.db.insert(clients).values({ clientCode: code, nombre: "Solo Trackings", direccion: "Cartago", telefono: "+50687776666" });
    const result = await importOk(await buildWorkbook({ Trackings: [TRACKING_HEADER.slice(0, 4), [code, "TBA000111222333", "USA", "AVION"]] }));
    expect(result.clients).toEqual({ created: 0, skipped: 0, errors: [] });
    expect(result.trackings).toMatchObject({ created: 1, updated: 0, errors: [] });
  });
});

describe("the text rules of the forms (docs/decisions/098)", () => {
  it("refuses names that are not names and texts with control characters, row by row; keeps notes' line breaks", async () => {
    const good = uniqueClientCode();
    const bad = Array.from({ length: 5 }, () => uniqueClientCode());
    const bytes = await buildWorkbook({
      Clientes: [
        CLIENT_HEADER,
        [good, "María José O'Neil-Pérez", "Grecia\r\n200 m norte", "88887777"],
        [bad[0], "Ana\nSu cuenta fue bloqueada", "Grecia", "88887778"],
        [bad[1], "Ana https://banco.example/login", "Grecia", "88887779"],
        [bad[2], "Ana 88887777", "Grecia", "88887780"],
        // A cell's XML cannot hold a control character; OOXML writes it as _xHHHH_, which the reader decodes.
        [bad[3], "Luis Mora", "Grecia_x0000_", "88887781"],
        [bad[4], "Luis\u202eMora", "Grecia", "88887782"],
      ],
      Trackings: [TRACKING_HEADER, [good, "TBA565656565656", "USA", "AVION", "", "Zapatos_x0007_", "", "", "", "", ""], [good, "TBA575757575757", "USA", "AVION", "", "", "", "", "", "", "Primera línea\r\nsegunda"]],
    });
    const result = await importOk(bytes);
    expect(result.clients.created).toBe(1);
    expect(result.clients.errors.map((e) => e.error)).toEqual([
      "Fila 3: el nombre solo puede tener letras, espacios, apóstrofos, guiones y puntos",
      expect.stringMatching(/^Fila 4: el nombre no puede contener enlaces/),
      "Fila 5: el nombre solo puede tener letras, espacios, apóstrofos, guiones y puntos",
      'Fila 6: la columna "direccion" tiene caracteres de control o invisibles',
      "Fila 7: el nombre solo puede tener letras, espacios, apóstrofos, guiones y puntos",
    ]);
    const [stored] = await t.database.db.select().from(clients).where(eq(clients.clientCode, good));
    expect(stored).toMatchObject({ nombre: "María José O'Neil-Pérez", direccion: "Grecia\n200 m norte" });
    for (const code of bad) expect(await t.database.db.select().from(clients).where(eq(clients.clientCode, code))).toEqual([]);
    expect(result.trackings.errors.map((e) => e.error)).toEqual(['Fila 2: la columna "descripcion_paquete" tiene caracteres de control o invisibles']);
    expect(await packageOf(good, "TBA575757575757")).toMatchObject({ notas: "Primera línea\nsegunda" });
  });
});

describe("updates through the one status-change path", () => {
  it("updates a package, writes history, queues the WhatsApp message and never erases with empty cells", async () => {
    const code = uniqueClientCode();
    const first = await buildWorkbook({
      Clientes: [CLIENT_HEADER, [code, "Luis Vargas", "Alajuela centro", "+50688776655"]],
      Trackings: [TRACKING_HEADER, [code, "TBA100200300400", "USA", "AVION", "", "Audífonos", 0.8, 45, "Best Buy", "", "nota inicial"]],
    });
    expect((await importOk(first)).trackings.created).toBe(1);
    const created = await packageOf(code, "TBA100200300400");

    const second = await buildWorkbook({
      Trackings: [
        TRACKING_HEADER,
        [code, "TBA100200300400", "USA", "AVION", "En aduanas", "", "", "", "", "", ""],
        [code, "TBA100200300400", "USA", "AVION", "EN_ADUANAS", "Audífonos", "0.8", "", "", "", ""],
      ],
    });
    const result = await importOk(second);
    expect(result.trackings).toMatchObject({ created: 0, updated: 1, unchanged: 1, errors: [] });

    const updated = await packageOf(code, "TBA100200300400");
    expect(updated).toMatchObject({ estado: "EN_ADUANAS", descripcionPaquete: "Audífonos", pesoEstimado: 0.8, valorDeclarado: 45, notas: "nota inicial" });
    const history = await t.database.db
      .select()
      .from(trackingStatusHistory)
      .where(eq(trackingStatusHistory.trackingId, created!.id))
      .orderBy(trackingStatusHistory.id);
    expect(history.map((h) => [h.previousStatus, h.newStatus, h.changedBy])).toEqual([
      [null, "SEGUIMIENTO_INTERNACIONAL", "Importación Excel · Dueño"],
      ["SEGUIMIENTO_INTERNACIONAL", "EN_ADUANAS", "Importación Excel · Dueño"],
    ]);
    const queued = await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.trackingId, created!.id));
    expect(queued).toEqual([expect.objectContaining({ kind: "TRACKING_STATUS", recipient: "50688776655" })]);
    expect(queued[0].body).toContain("TBA100200300400");
  });

  it("runs the delivery rules when an import marks a package ENTREGADO (referral completed, coupon issued)", async () => {
    const referrerCode = uniqueClientCode();
    const referredCode = uniqueClientCode();
    const [referrer, referred] = await t.database.db
      .insert(clients)
      .values([
        { clientCode: referrerCode, nombre: "Quien Refiere", direccion: "Grecia", telefono: "+50681112222" },
        { clientCode: referredCode, nombre: "Referida", direccion: "Naranjo", telefono: "+50683334444" },
      ])
      .returning({ id: clients.id });
    await t.database.db.insert(referrals).values({ referrerClientId: referrer.id, referredClientId: referred.id, status: "REGISTRADO" });
    // Weighed and priced in Miami (a package without an amount is never delivered, docs/decisions/152).
    await importOk(
      await buildWorkbook({
        Trackings: [
          [...TRACKING_HEADER.slice(0, 5), "peso_pie_cubicos", "monto_colones"],
          [referredCode, "TBA999888777666", "USA", "AVION", "EN_BODEGA_MIAMI", "1000", 5000],
        ],
      }),
    );

    const result = await importOk(await buildWorkbook({ Trackings: [TRACKING_HEADER.slice(0, 5), [referredCode, "TBA999888777666", "USA", "AVION", "Entregado"]] }));
    expect(result.trackings.updated).toBe(1);
    const [referral] = await t.database.db.select().from(referrals).where(eq(referrals.referredClientId, referred.id));
    expect(referral.status).toBe("COMPLETADO");
    const rewards = await t.database.db.select().from(coupons).where(eq(coupons.clientId, referrer.id));
    expect(rewards).toEqual([expect.objectContaining({ reason: "REFERIDO", discountPercent: 10, status: "DISPONIBLE" })]);
  });
});

describe("refused files change nothing", () => {
  async function expectRefused(res: { statusCode: number; json(): unknown }, status: number, message: string, before: Record<string, number>) {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message });
    expect(await tableCounts(t.database.db)).toEqual(before);
  }

  it("refuses a request without a file, without multipart, or with another extension", async () => {
    const before = await tableCounts(t.database.db);
    const empty = await t.app.inject({
      method: "POST",
      url: "/api/import/express",
      payload: `--b\r\nContent-Disposition: form-data; name="nota"\r\n\r\nhola\r\n--b--\r\n`,
      headers: { "content-type": "multipart/form-data; boundary=b", ...t.adminHeaders() },
    });
    await expectRefused(empty, 400, IMPORT_FILE_REQUIRED, before);
    await expectRefused(await upload(await buildWorkbook({ Clientes: [CLIENT_HEADER] }), "datos.xlsx", { field: "archivo" }), 400, IMPORT_FILE_REQUIRED, before);
    const json = await t.app.inject({ method: "POST", url: "/api/import/express", payload: { file: "x" }, headers: t.adminHeaders() });
    await expectRefused(json, 400, IMPORT_NOT_MULTIPART, before);
    await expectRefused(await upload(Buffer.from("a,b\n1,2\n"), "datos.csv"), 400, IMPORT_WRONG_EXTENSION, before);
  });

  it("refuses a text file renamed .xlsx or .xls, a broken zip and a zip that is not a workbook", async () => {
    const code = uniqueClientCode();
    const before = await tableCounts(t.database.db);
    const text = Buffer.from(`client_code,nombre,direccion,telefono\n${code},Texto,Grecia,88887777\n`);
    await expectRefused(await upload(text, "clientes.xlsx"), 400, IMPORT_NOT_SPREADSHEET, before);
    await expectRefused(await upload(text, "clientes.xls"), 400, IMPORT_NOT_SPREADSHEET, before);
    const good = await buildWorkbook({ Clientes: [CLIENT_HEADER, [code, "Roto", "Grecia", "88887777"]] });
    await expectRefused(await upload(good.subarray(0, Math.floor(good.length * 0.7)), "roto.xlsx"), 400, IMPORT_CORRUPT, before);
    const flipped = Buffer.from(good);
    // Damage the compressed sheet data but keep the directory: the CRC or inflate catches it.
    const sheetAt = flipped.indexOf("xl/worksheets/sheet1.xml");
    for (let i = sheetAt + 40; i < sheetAt + 80; i++) flipped[i] ^= 0x5a;
    await expectRefused(await upload(flipped, "roto.xlsx"), 400, IMPORT_CORRUPT, before);
    const docx = buildZip([{ name: "word/document.xml", data: Buffer.from("<w:document/>") }]);
    await expectRefused(await upload(docx, "documento.xlsx"), 400, IMPORT_NOT_SPREADSHEET, before);
    await expectRefused(await upload(Buffer.alloc(0), "vacio.xlsx"), 400, IMPORT_NOT_SPREADSHEET, before);
  });

  it("refuses a file over the size limit with 413", async () => {
    const before = await tableCounts(t.database.db);
    const big = Buffer.concat([await buildWorkbook({ Clientes: [CLIENT_HEADER] }), Buffer.alloc(EXCEL_MAX_FILE_BYTES)]);
    await expectRefused(await upload(big, "grande.xlsx"), 413, IMPORT_FILE_TOO_LARGE, before);
  });

  it("refuses zip bombs (honest and lying headers) before inflating them fully", async () => {
    const before = await tableCounts(t.database.db);
    const sheet = await deflatedBombSheet(300);
    expect(sheet.bytes.length).toBeLessThan(2 * 1024 * 1024);
    const honest = buildZip([...workbookParts("Clientes"), { name: "xl/worksheets/sheet1.xml", deflated: sheet }]);
    await expectRefused(await upload(honest, "bomba.xlsx"), 413, IMPORT_UNCOMPRESSED_TOO_LARGE, before);
    // Declares 1 KB, inflates to 300 MB: the inflate stops at the declared size.
    const lying = buildZip([...workbookParts("Clientes"), { name: "xl/worksheets/sheet1.xml", deflated: sheet, declaredSize: 1024 }]);
    await expectRefused(await upload(lying, "bomba.xlsx"), 413, IMPORT_SUSPICIOUS_COMPRESSION, before);
    // Within the total but compressed far beyond any real sheet.
    const dense = await deflatedBombSheet(60, 9);
    const ratio = buildZip([...workbookParts("Clientes"), { name: "xl/worksheets/sheet1.xml", deflated: dense }]);
    await expectRefused(await upload(ratio, "bomba.xlsx"), 413, IMPORT_SUSPICIOUS_COMPRESSION, before);
  });

  it("refuses a workbook over the row limit", async () => {
    const before = await tableCounts(t.database.db);
    const rows: Cell[][] = [TRACKING_HEADER.slice(0, 4)];
    for (let i = 0; i <= EXCEL_MAX_ROWS; i++) rows.push(["EXAAAA01", `TBA${String(i).padStart(12, "0")}`, "USA", "AVION"]);
    const bytes = buildZip([...workbookParts("Trackings"), { name: "xl/worksheets/sheet1.xml", data: sheetXml(rows) }]);
    await expectRefused(await upload(bytes, "muchas.xlsx"), 413, importTooManyRows("Trackings"), before);
    // One row fewer is within the limit (the rows name an unknown client, so each is a row error).
    const atLimit = buildZip([...workbookParts("Trackings"), { name: "xl/worksheets/sheet1.xml", data: sheetXml(rows.slice(0, -1)) }]);
    const result = await importOk(atLimit, "justas.xlsx");
    expect(result.trackings.errors).toHaveLength(EXCEL_MAX_ROWS);
    expect(await tableCounts(t.database.db)).toEqual(before);
  });

  it("refuses a sheet without a required column, and a workbook without either sheet", async () => {
    const before = await tableCounts(t.database.db);
    const noOrigin = await buildWorkbook({ Trackings: [["client_code", "tracking_code", "forma_envio"], [uniqueClientCode(), "TBA1", "AVION"]] });
    await expectRefused(await upload(noOrigin), 400, importMissingColumn("Trackings", "origen"), before);
    await expectRefused(await upload(await buildWorkbook({ Hoja1: [["a"], ["b"]] })), 400, IMPORT_NO_SHEETS, before);
  });

  it("rolls back every row when the database fails midway", async () => {
    const code = uniqueClientCode();
    const before = await tableCounts(t.database.db);
    // A real failure inside the transaction, after the clients and the first package were written.
    await t.database.db.execute(sql`
      create or replace function excel_test_fail() returns trigger language plpgsql as $$
      begin
        if new.tracking_code = 'TBAFAILFAILFAIL' then raise exception 'fallo simulado'; end if;
        return new;
      end $$`);
    await t.database.db.execute(sql`create trigger excel_test_fail before insert on client_trackings for each row execute function excel_test_fail()`);
    try {
      const bytes = await buildWorkbook({
        Clientes: [CLIENT_HEADER, [code, "Se Revierte", "Grecia", "88887777"]],
        Trackings: [TRACKING_HEADER.slice(0, 4), [code, "TBAOKOKOKOKOK01", "USA", "AVION"], [code, "TBAFAILFAILFAIL", "USA", "AVION"]],
      });
      const res = await upload(bytes);
      expect(res.statusCode).toBe(500);
      expect(await tableCounts(t.database.db)).toEqual(before);
      expect(await t.database.db.select().from(clients).where(eq(clients.clientCode, code))).toEqual([]);
    } finally {
      await t.database.db.execute(sql`drop trigger if exists excel_test_fail on client_trackings`);
      await t.database.db.execute(sql`drop function if exists excel_test_fail()`);
    }
  });
});
