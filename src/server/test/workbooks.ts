// Test helpers of the Excel module: workbooks written with exceljs, hand-made zips (for bombs
// and broken archives), multipart bodies for app.inject, the table counts that prove a
// refused file changed nothing, and where LibreOffice is.
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { createDeflateRaw, crc32, deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { clients, clientTrackings, notificationOutbox, trackingStatusHistory } from "../db/schema";

export type Cell = string | number | boolean | null;

/** A workbook with the given sheets (rows of values, header first), as .xlsx bytes. */
export async function buildWorkbook(sheets: Record<string, Cell[][]>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Reads an .xlsx answer with exceljs' full reader (the tests' independent check). */
export async function loadWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

/** Sheet values as arrays (row 1 first), cells by column starting at A. */
export function sheetValues(sheet: ExcelJS.Worksheet): unknown[][] {
  const out: unknown[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    out[rowNumber - 1] = (row.values as unknown[]).slice(1);
  });
  return out;
}

export interface RawZipEntry {
  name: string;
  /** Deflated (method 8) unless `stored`. */
  data?: Buffer;
  /** Already deflated bytes, with the true size and crc of what they inflate to. */
  deflated?: { bytes: Buffer; size: number; crc: number };
  stored?: boolean;
  /** Overrides the uncompressed size written in both headers (a lying bomb). */
  declaredSize?: number;
}

/** A zip archive written by hand, so tests can make any header say anything. */
export function buildZip(entries: RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    let body: Buffer;
    let size: number;
    let crc: number;
    let method: number;
    if (entry.deflated) {
      ({ bytes: body, size, crc } = entry.deflated);
      method = 8;
    } else {
      const data = entry.data ?? Buffer.alloc(0);
      body = entry.stored ? data : deflateRawSync(data);
      size = data.length;
      crc = crc32(data);
      method = entry.stored ? 0 : 8;
    }
    const declared = entry.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

/** The minimal parts around one sheet, so the reader takes the archive for a workbook. */
export function workbookParts(sheetName: string): RawZipEntry[] {
  return [
    {
      name: "_rels/.rels",
      data: Buffer.from(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: "xl/workbook.xml",
      data: Buffer.from(
        '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
          'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
          `<sheets><sheet name="${sheetName}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: Buffer.from(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
  ];
}

/**
 * A worksheet whose XML inflates to `megabytes` MB: one inline-string cell of repeated letters,
 * deflated as a stream so the test never holds the inflated text.
 */
export async function deflatedBombSheet(megabytes: number, level = 1): Promise<{ bytes: Buffer; size: number; crc: number }> {
  const head = Buffer.from('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>');
  const tail = Buffer.from("</t></is></c></row></sheetData></worksheet>");
  const block = Buffer.alloc(1024 * 1024, "A");
  const deflater = createDeflateRaw({ level });
  const out: Buffer[] = [];
  deflater.on("data", (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve, reject) => {
    deflater.on("end", resolve);
    deflater.on("error", reject);
  });
  let crc = crc32(head);
  let size = head.length;
  deflater.write(head);
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(block, crc);
    size += block.length;
    if (!deflater.write(block)) await new Promise((resolve) => deflater.once("drain", resolve));
  }
  crc = crc32(tail, crc);
  size += tail.length;
  deflater.end(tail);
  await done;
  return { bytes: Buffer.concat(out), size, crc };
}

/** Sheet XML with inline strings, written directly (fast enough for sheets of 50 000 rows). */
export function sheetXml(rows: Cell[][]): Buffer {
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const parts = ['<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'];
  rows.forEach((row, r) => {
    parts.push(`<row r="${r + 1}">`);
    row.forEach((value, c) => {
      if (value === null) return;
      const ref = String.fromCharCode(65 + c) + (r + 1);
      parts.push(
        typeof value === "number"
          ? `<c r="${ref}"><v>${value}</v></c>`
          : `<c r="${ref}" t="inlineStr"><is><t>${escape(String(value))}</t></is></c>`,
      );
    });
    parts.push("</row>");
  });
  parts.push("</sheetData></worksheet>");
  return Buffer.from(parts.join(""));
}

/** A multipart/form-data body with one file part, for app.inject. */
export function multipartFile(
  content: Buffer,
  filename: string,
  options: { field?: string; contentType?: string; fields?: Record<string, string> } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----excel${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? "file"}"; filename="${filename}"\r\n` +
      `Content-Type: ${options.contentType ?? "application/octet-stream"}\r\n\r\n`,
  );
  // Text fields after the file (the server reads them in any order).
  const fields = Object.entries(options.fields ?? {}).map(
    ([name, value]) => `\r\n--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`,
  );
  const tail = Buffer.from(`${fields.join("")}\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Row counts of the tables an import writes. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const [c] = await db.select({ n: count() }).from(clients);
  const [t] = await db.select({ n: count() }).from(clientTrackings);
  const [h] = await db.select({ n: count() }).from(trackingStatusHistory);
  const [o] = await db.select({ n: count() }).from(notificationOutbox);
  return { clients: c.n, trackings: t.n, history: h.n, outbox: o.n };
}

/** The package a client holds under a tracking code (what an import left), if any. */
export async function storedPackage(db: Db, clientCode: string, trackingCode: string) {
  const [row] = await db
    .select({ tracking: clientTrackings })
    .from(clientTrackings)
    .innerJoin(clients, eq(clients.id, clientTrackings.clientId))
    .where(and(eq(clients.clientCode, clientCode), eq(clientTrackings.trackingCode, trackingCode)));
  return row?.tracking;
}

let sequence = 0;
/** A client code no other test uses: EX + 6 letters and digits. */
export function uniqueClientCode(): string {
  sequence++;
  return `EX${randomBytes(3).toString("hex").toUpperCase().slice(0, 4)}${String(sequence % 100).padStart(2, "0")}`;
}

/** LibreOffice's `soffice` on the PATH or in Debian's program folder, or null when it is not installed. */
export function findSoffice(): string | null {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).concat("/usr/bin", "/usr/lib/libreoffice/program")) {
    const candidate = path.join(dir, "soffice");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}
