// Unit rules of the Excel module without the database: the XML tokenizer across chunk
// boundaries, the formula neutralization round trip, lenient headers and amounts, and the zip
// directory checks (encryption, lying sizes); the streaming .xlsx writer.
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IMPORT_CORRUPT, IMPORT_ENCRYPTED, TRACKING_COLUMNS, importMissingColumn } from "../../../shared/api/excel";
import { neutralizeFormula, normalizeLabel, restoreNeutralized } from "./cells";
import { cellText, mapHeader, parseAmount, parseTrackingSheet } from "./import-rows";
import { buildZip } from "../../test/workbooks";
import { columnIndexOf, decodeOoxmlEscapes, resolvePart } from "../../lib/xlsx/xlsx-reader";
import { XmlScanner, XmlSyntaxError } from "../../lib/xlsx/xml-scanner";
import { inflateEntry, readZipDirectory } from "../../lib/xlsx/zip-archive";
import { readSpreadsheet } from "../../lib/xlsx/spreadsheet";
import { columnLetters, XlsxWriter, xmlText } from "../../lib/xlsx/xlsx-writer";

function events(xml: string, chunkSize: number): string[] {
  const out: string[] = [];
  let text = "";
  const flush = () => {
    if (text) out.push(`text:${text}`);
    text = "";
  };
  const scanner = new XmlScanner({
    open(name, attributes, selfClosing) {
      flush();
      out.push(`open:${name}${JSON.stringify({ ...attributes })}${selfClosing ? "/" : ""}`);
    },
    close(name) {
      flush();
      out.push(`close:${name}`);
    },
    text(value) {
      text += value;
    },
  });
  for (let i = 0; i < xml.length; i += chunkSize) scanner.write(xml.slice(i, i + chunkSize));
  scanner.end();
  flush();
  return out;
}

describe("XmlScanner", () => {
  const xml =
    '<?xml version="1.0"?><!-- c --><x:sheet xmlns:x="u"><x:c r="A1" t=\'s\' a="1 > 0"><v>a &amp; b &#233;&#x41;</v></x:c>' +
    "<t><![CDATA[<raw>]]></t><empty/></x:sheet>";

  it("gives the same events whatever the chunk boundaries", () => {
    const whole = events(xml, xml.length);
    expect(whole).toEqual([
      "open:sheet" + JSON.stringify({ "xmlns:x": "u" }),
      "open:c" + JSON.stringify({ r: "A1", t: "s", a: "1 > 0" }),
      "open:v{}",
      "text:a & b éA",
      "close:v",
      "close:c",
      "open:t{}",
      "text:<raw>",
      "close:t",
      "open:empty{}/",
      "close:empty",
      "close:sheet",
    ]);
    for (const size of [1, 2, 3, 7, 16]) expect(events(xml, size)).toEqual(whole);
  });

  it("refuses DOCTYPE and unfinished documents", () => {
    expect(() => events('<!DOCTYPE x [<!ENTITY a "b">]><x/>', 100)).toThrow(XmlSyntaxError);
    expect(() => events("<x><y", 100)).toThrow(XmlSyntaxError);
  });

  it("keeps an attribute called __proto__ as plain data", () => {
    expect(events('<c __proto__="x"/>', 100)[0]).toBe('open:c{"__proto__":"x"}/');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("cells", () => {
  it("neutralizes text a spreadsheet would evaluate and the import restores it exactly", () => {
    expect(neutralizeFormula("=SUM(A1:A3)")).toBe("'=SUM(A1:A3)");
    expect(neutralizeFormula("@cmd")).toBe("'@cmd");
    expect(neutralizeFormula("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(neutralizeFormula("\tx")).toBe("'\tx");
    expect(neutralizeFormula("'ya citado")).toBe("''ya citado");
    expect(neutralizeFormula("+506 8888-7777")).toBe("+506 8888-7777");
    expect(neutralizeFormula("Ana")).toBe("Ana");
    fc.assert(fc.property(fc.string(), (s) => restoreNeutralized(neutralizeFormula(s)) === s));
    // Text people typed with an apostrophe before a letter keeps it.
    expect(restoreNeutralized("'hola")).toBe("'hola");
  });

  it("compares labels without case, accents or spacing", () => {
    expect(normalizeLabel(" Forma de Envío ")).toBe("forma_de_envio");
    expect(normalizeLabel("CLIENT-CODE")).toBe("client_code");
  });

  it("reads cell text: trimmed, numbers as digits, the export's apostrophe removed", () => {
    expect(cellText("  Ana  ")).toBe("Ana");
    expect(cellText(88887777)).toBe("88887777");
    expect(cellText(1.5)).toBe("1.5");
    expect(cellText("'=x")).toBe("=x");
    expect(cellText(null)).toBe("");
  });

  it("reads amounts with comma or dot decimals", () => {
    expect(parseAmount("1,5", "peso_estimado")).toBe(1.5);
    expect(parseAmount("1.234,56", "valor_declarado")).toBe(1234.56);
    expect(parseAmount("1,234.56", "valor_declarado")).toBe(1234.56);
    expect(parseAmount("1.234.567", "valor_declarado")).toBe(1234567);
    expect(parseAmount("$ 12", "valor_declarado")).toBe(12);
    expect(parseAmount(2.345, "peso_estimado")).toBe(2.35);
    expect(parseAmount("", "peso_estimado")).toBeUndefined();
    expect(parseAmount("doce", "peso_estimado")).toEqual({ error: 'el valor "doce" de la columna "peso_estimado" no es un número válido' });
    expect(parseAmount(-1, "peso_estimado")).toEqual({ error: 'la columna "peso_estimado" no puede ser negativa' });
  });

  it("matches headers leniently and refuses a missing required column", () => {
    const header = { row: 1, cells: ["Código de Cliente", "TRACKING", "Origen ", "Forma de envío"] };
    expect([...mapHeader("Trackings", header, TRACKING_COLUMNS).entries()]).toEqual([
      ["client_code", 0],
      ["tracking_code", 1],
      ["origen", 2],
      ["forma_envio", 3],
    ]);
    expect(() => mapHeader("Trackings", { row: 1, cells: ["client_code", "tracking_code", "origen"] }, TRACKING_COLUMNS)).toThrow(
      importMissingColumn("Trackings", "forma_envio"),
    );
  });

  it("accepts status codes and Spanish labels", () => {
    const parsed = parseTrackingSheet({
      name: "Trackings",
      rows: [
        { row: 1, cells: ["client_code", "tracking_code", "origen", "forma_envio", "estado"] },
        { row: 2, cells: ["EXAB1234", "a1", "usa", "avion", "listo para entregar"] },
        { row: 3, cells: ["EXAB1234", "a2", "Estados Unidos", "Aéreo", "En Bodega Costa Rica"] },
        { row: 7, cells: ["EXAB1234", "a3", "USA", "AVION", "en_aduanas"] },
      ],
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((r) => [r.row, r.trackingCode, r.estado])).toEqual([
      [2, "A1", "LISTO_PARA_ENTREGAR"],
      [3, "A2", "EN_BODEGA_CR"],
      [7, "A3", "EN_ADUANAS"],
    ]);
  });

  it("accepts the old and the new words of every origin for the warehouse status (issue 32)", () => {
    const words = ["En bodega Miami", "En bodega China", "en bodega de origen", "EN_BODEGA_MIAMI", "En aduana", "En aduanas", "Listo para entrega", "Listo para entregar"];
    const parsed = parseTrackingSheet({
      name: "Trackings",
      rows: [
        { row: 1, cells: ["client_code", "tracking_code", "origen", "forma_envio", "estado"] },
        ...words.map((estado, i) => ({ row: i + 2, cells: ["EXAB1234", `b${i}`, i % 2 ? "CHINA" : "USA", "AVION", estado] })),
      ],
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((r) => r.estado)).toEqual([
      "EN_BODEGA_MIAMI",
      "EN_BODEGA_MIAMI",
      "EN_BODEGA_MIAMI",
      "EN_BODEGA_MIAMI",
      "EN_ADUANAS",
      "EN_ADUANAS",
      "LISTO_PARA_ENTREGAR",
      "LISTO_PARA_ENTREGAR",
    ]);
  });
});

describe("xlsx reading helpers", () => {
  it("resolves part paths, column letters and OOXML escapes", () => {
    expect(resolvePart("xl/", "worksheets/sheet1.xml")).toBe("xl/worksheets/sheet1.xml");
    expect(resolvePart("xl/", "/xl/worksheets/sheet2.xml")).toBe("xl/worksheets/sheet2.xml");
    expect(resolvePart("xl/", "../customXml/item1.xml")).toBe("customXml/item1.xml");
    expect(columnIndexOf("A1")).toBe(0);
    expect(columnIndexOf("AB12")).toBe(27);
    expect(columnIndexOf("1A")).toBeNull();
    expect(decodeOoxmlEscapes("a_x000D_b")).toBe("a\rb");
    expect(decodeOoxmlEscapes("_x005F_x0041_")).toBe("_x0041_");
  });
});

describe("zip directory", () => {
  it("refuses encrypted entries and sizes that lie", async () => {
    const zip = buildZip([{ name: "a.xml", data: Buffer.from("<a/>") }]);
    const encrypted = Buffer.from(zip);
    const central = encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encrypted.writeUInt16LE(1, central + 8);
    expect(() => readZipDirectory(encrypted)).toThrow(IMPORT_ENCRYPTED);

    const short = buildZip([{ name: "a.xml", data: Buffer.from("<a>hola</a>"), declaredSize: 3 }]);
    const entry = readZipDirectory(short).get("a.xml")!;
    await expect(async () => {
      for await (const _chunk of inflateEntry(short, entry)) void _chunk;
    }).rejects.toThrow();

    const long = buildZip([{ name: "a.xml", data: Buffer.from("<a/>"), declaredSize: 400 }]);
    await expect(async () => {
      for await (const _chunk of inflateEntry(long, readZipDirectory(long).get("a.xml")!)) void _chunk;
    }).rejects.toThrow(IMPORT_CORRUPT);
  });
});

describe("the streaming .xlsx writer", () => {
  async function written(build: (w: XlsxWriter) => Promise<void>): Promise<Buffer> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on("data", (chunk: Buffer) => chunks.push(chunk));
    const writer = new XlsxWriter(out, { creator: "Prueba & Cía" });
    await build(writer);
    await writer.commit();
    return Buffer.concat(chunks);
  }

  it("names columns like a spreadsheet", () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(["A", "Z", "AA", "AB", "ZZ", "AAA"]);
  });

  it("escapes XML and writes characters XML cannot carry as OOXML escapes", () => {
    expect(xmlText(`a<b>&"c"`)).toBe("a&lt;b&gt;&amp;&quot;c&quot;");
    expect(xmlText("uno\u0001dos\u001Ftres\ttab")).toBe("uno_x0001_dos_x001F_tres\ttab");
    expect(xmlText("roto\uD800fin")).toBe("roto\uFFFDfin");
    expect(xmlText("emoji 📦")).toBe("emoji 📦");
    expect(xmlText("_x0041_")).toBe("_x005F_x0041_");
  });

  it("writes a zip whose every entry inflates to its CRC, and text that reads back exactly, in our reader and exceljs", async () => {
    const texts = ["  espacios  ", "línea\nnueva", "control\u0007", "📦 <paquete> & \"más\"", "_x0041_ literal"];
    const when = new Date("2026-02-03T14:15:00Z");
    const bytes = await written(async (w) => {
      const sheet = await w.addSheet("Hoja d'uno", [{ width: 20 }, { width: 12, numFmt: "dd/mm/yyyy hh:mm" }, { width: 10, wrap: true }]);
      sheet.addRow(["Texto", "Fecha", "Número"], { style: "header" });
      for (const text of texts) sheet.addRow([text, when, 12.5]);
      sheet.addRow([null, undefined, Number.NaN]);
      sheet.addRow([true, false, 0], { outlineLevel: 1 });
      await w.endSheet();
      const second = await w.addSheet("Dos", [{ width: 8 }]);
      second.addRow(["solo"], { style: "group" });
    });
    // inflateEntry checks each entry's size and CRC against the directory, and throws when they differ.
    const entries = [...readZipDirectory(bytes).values()];
    expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(["xl/workbook.xml", "xl/styles.xml", "xl/worksheets/sheet2.xml"]));
    for (const entry of entries) {
      let size = 0;
      for await (const chunk of inflateEntry(bytes, entry)) size += chunk.length;
      expect(size).toBe(entry.uncompressedSize);
    }
    const ours = await readSpreadsheet(bytes, { wantSheet: () => true });
    expect(ours.sheets.map((s) => s.name)).toEqual(["Hoja d'uno", "Dos"]);
    const firstColumn = ours.sheets[0].rows.slice(1, 1 + texts.length).map((r) => r.cells[0]);
    expect(firstColumn).toEqual(texts);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Hoja d'uno")!;
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.getColumn(1).width).toBe(20);
    expect(sheet.getRow(2).getCell(2).value).toEqual(when);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(sheet.getRow(2).getCell(3).value).toBe(12.5);
    expect(sheet.getRow(2 + texts.length).getCell(3).value).toBeNull();
    const flags = sheet.getRow(3 + texts.length);
    expect([flags.getCell(1).value, flags.getCell(2).value, flags.outlineLevel]).toEqual([true, false, 1]);
    expect(workbook.getWorksheet("Dos")!.getRow(1).font?.bold).toBe(true);
    expect(workbook.creator).toBe("Prueba & Cía");
  });
});
