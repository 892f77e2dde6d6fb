// A streaming .xlsx writer for the exports: each sheet's XML is built as text, page by page, and
// compressed straight into the reply through zip-writer.ts, so an export of 100 000 packages
// holds one page of rows at a time and builds no object per cell (exceljs' streaming writer did,
// and spent most of an export's time and memory on it). What the exports use, and only that:
// inline strings, numbers, dates (serial numbers with a date format), booleans; column widths
// with a number format or wrapped text; a bold, shaded header row frozen at the top with an
// auto-filter; bold shaded group rows and rows at outline level 1.
import { PassThrough, type Writable } from "node:stream";
import { ZipWriter, type ZipEntryWriter } from "./zip-writer";

export type XlsxValue = string | number | boolean | Date | null | undefined;

export interface XlsxColumn {
  width: number;
  numFmt?: string;
  wrap?: boolean;
}

/** Shading of the header row and of a group row (bold text on both). */
const ROW_FILLS = { header: "FFE2E8F0", group: "FFF1F5F9" } as const;
export type XlsxRowStyle = keyof typeof ROW_FILLS;

const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Buffered sheet text handed to the compressor at once. */
const FLUSH_CHARS = 64 * 1024;
const MS_PER_DAY = 86_400_000;
const EXCEL_EPOCH_DAYS = 25_569; // 1970-01-01 as an Excel serial day

// eslint-disable-next-line no-control-regex -- characters XML 1.0 cannot carry
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const XML_SPECIAL = /[&<>"]/g;
const XML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * Text as XML content: special characters escaped, control characters as OOXML's _xHHHH_, and a
 * literal "_x0041_" kept literal ("_x005F_x0041_": OOXML would read it as an escape).
 */
export function xmlText(text: string): string {
  return text
    .replace(/_(?=x[0-9A-Fa-f]{4}_)/g, "_x005F_")
    .replace(INVALID_XML, (c) => (c.length === 1 && c.charCodeAt(0) < 0x20 ? `_x${c.charCodeAt(0).toString(16).padStart(4, "0").toUpperCase()}_` : "\uFFFD"))
    .replace(XML_SPECIAL, (c) => XML_ENTITIES[c]);
}

/** "A", "B", …, "Z", "AA", … for 0, 1, … */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** The workbook's cell formats: one per (number format, wrap, row style) in use. */
class StyleBook {
  private readonly numFmts = new Map<string, number>();
  private readonly xfs: { numFmtId: number; wrap: boolean; row?: XlsxRowStyle }[] = [{ numFmtId: 0, wrap: false }];
  private readonly index = new Map<string, number>([["0||", 0]]);

  id(column: XlsxColumn | undefined, row?: XlsxRowStyle): number {
    let numFmtId = 0;
    if (column?.numFmt) {
      numFmtId = this.numFmts.get(column.numFmt) ?? 164 + this.numFmts.size;
      this.numFmts.set(column.numFmt, numFmtId);
    }
    const wrap = Boolean(column?.wrap);
    const key = `${numFmtId}|${wrap ? "w" : ""}|${row ?? ""}`;
    let id = this.index.get(key);
    if (id === undefined) {
      id = this.xfs.length;
      this.xfs.push({ numFmtId, wrap, row });
      this.index.set(key, id);
    }
    return id;
  }

  xml(): string {
    const fmts = [...this.numFmts].map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${xmlText(code)}"/>`);
    const fills = Object.values(ROW_FILLS).map(
      (argb) => `<fill><patternFill patternType="solid"><fgColor rgb="${argb}"/><bgColor indexed="64"/></patternFill></fill>`,
    );
    const fillId = (row?: XlsxRowStyle) => (row ? 2 + Object.keys(ROW_FILLS).indexOf(row) : 0);
    const xfs = this.xfs.map((xf) => {
      const attrs = [
        `numFmtId="${xf.numFmtId}"`,
        `fontId="${xf.row ? 1 : 0}"`,
        `fillId="${fillId(xf.row)}"`,
        'borderId="0"',
        'xfId="0"',
        xf.numFmtId ? 'applyNumberFormat="1"' : "",
        xf.row ? 'applyFont="1" applyFill="1"' : "",
        xf.wrap ? 'applyAlignment="1"' : "",
      ].filter(Boolean);
      return xf.wrap ? `<xf ${attrs.join(" ")}><alignment vertical="top" wrapText="1"/></xf>` : `<xf ${attrs.join(" ")}/>`;
    });
    return (
      XML_HEAD +
      `<styleSheet xmlns="${MAIN_NS}">` +
      (fmts.length ? `<numFmts count="${fmts.length}">${fmts.join("")}</numFmts>` : "") +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
      '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
      `<fills count="${2 + fills.length}"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>${fills.join("")}</fills>` +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${xfs.length}">${xfs.join("")}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      "</styleSheet>"
    );
  }
}

export interface SheetOptions {
  /** Rows below the header may sit at outline level 1 (grouped under the row above them). */
  outline?: boolean;
}

export class XlsxSheetWriter {
  private rowNumber = 0;
  private buffer: string[] = [];
  private buffered = 0;
  private readonly columnStyles: number[];
  private readonly rowStyles = new Map<XlsxRowStyle, number[]>();

  constructor(
    private readonly entry: ZipEntryWriter,
    private readonly styles: StyleBook,
    private readonly columns: XlsxColumn[],
  ) {
    this.columnStyles = columns.map((c) => styles.id(c));
  }

  private stylesFor(row: XlsxRowStyle | undefined): number[] {
    if (!row) return this.columnStyles;
    let ids = this.rowStyles.get(row);
    if (!ids) {
      ids = this.columns.map((c) => this.styles.id(c, row));
      this.rowStyles.set(row, ids);
    }
    return ids;
  }

  /** Adds the next row (kept in memory until flush()). */
  addRow(values: XlsxValue[], options: { style?: XlsxRowStyle; outlineLevel?: number } = {}): void {
    const r = ++this.rowNumber;
    const styles = this.stylesFor(options.style);
    let xml = `<row r="${r}"`;
    if (options.style) xml += ` s="${styles[0]}" customFormat="1"`;
    if (options.outlineLevel) xml += ` outlineLevel="${options.outlineLevel}"`;
    xml += ">";
    const width = Math.max(values.length, options.style ? this.columns.length : 0);
    for (let i = 0; i < width; i++) {
      const value = values[i];
      const ref = `${columnLetters(i)}${r}`;
      const s = styles[i] ?? 0;
      const style = s ? ` s="${s}"` : "";
      if (value === null || value === undefined || value === "") {
        if (options.style) xml += `<c r="${ref}"${style}/>`;
      } else if (typeof value === "string") {
        const space = value.trim() !== value || value.includes("\n") ? ' xml:space="preserve"' : "";
        xml += `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
      } else if (typeof value === "number") {
        if (Number.isFinite(value)) xml += `<c r="${ref}"${style}><v>${value}</v></c>`;
      } else if (typeof value === "boolean") {
        xml += `<c r="${ref}"${style} t="b"><v>${value ? 1 : 0}</v></c>`;
      } else if (!Number.isNaN(value.getTime())) {
        xml += `<c r="${ref}"${style}><v>${value.getTime() / MS_PER_DAY + EXCEL_EPOCH_DAYS}</v></c>`;
      }
    }
    xml += "</row>";
    this.buffer.push(xml);
    this.buffered += xml.length;
  }

  /** True when enough rows wait that flush() is worth its await. */
  get full(): boolean {
    return this.buffered >= FLUSH_CHARS;
  }

  /** Compresses the waiting rows into the reply (waits while the reader is slower). */
  async flush(): Promise<void> {
    if (this.buffer.length === 0) return;
    const text = this.buffer.join("");
    this.buffer = [];
    this.buffered = 0;
    await this.entry.write(text);
  }

  /** @internal used by XlsxWriter.endSheet */
  async close(tail: string): Promise<void> {
    await this.flush();
    await this.entry.write(`</sheetData>${tail}</worksheet>`);
    await this.entry.end();
  }
}

interface SheetRecord {
  name: string;
  columns: number;
}

export class XlsxWriter {
  private readonly zip: ZipWriter;
  private readonly styles = new StyleBook();
  private readonly sheets: SheetRecord[] = [];
  private current: XlsxSheetWriter | null = null;
  private readonly created: Date;

  constructor(
    out: Writable,
    private readonly options: { creator: string; date?: Date },
  ) {
    this.created = options.date ?? new Date();
    this.zip = new ZipWriter(out, { date: this.created, level: 6 });
  }

  /** Starts a sheet whose first row should be the header (addRow with style "header"). */
  async addSheet(name: string, columns: XlsxColumn[], options: SheetOptions = {}): Promise<XlsxSheetWriter> {
    if (this.current) throw new Error("xlsx: end the previous sheet first");
    const index = this.sheets.length + 1;
    this.sheets.push({ name, columns: columns.length });
    const entry = await this.zip.begin(`xl/worksheets/sheet${index}.xml`);
    const cols = columns
      .map((c, i) => {
        const style = this.styles.id(c);
        return `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"${style ? ` style="${style}"` : ""}/>`;
      })
      .join("");
    await entry.write(
      XML_HEAD +
        `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
        (options.outline ? '<sheetPr><outlinePr summaryBelow="0"/></sheetPr>' : "") +
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
        `<sheetFormatPr defaultRowHeight="15"${options.outline ? ' outlineLevelRow="1"' : ""}/>` +
        `<cols>${cols}</cols><sheetData>`,
    );
    this.current = new XlsxSheetWriter(entry, this.styles, columns);
    return this.current;
  }

  /** Ends the current sheet (the auto-filter covers its header). */
  async endSheet(): Promise<void> {
    const sheet = this.current;
    if (!sheet) return;
    const last = this.sheets[this.sheets.length - 1];
    await sheet.close(`<autoFilter ref="A1:${columnLetters(last.columns - 1)}1"/>`);
    this.current = null;
  }

  /** Stops a workbook left half-written (the download went away or a read failed). */
  abort(): void {
    this.current = null;
    this.zip.abort();
  }

  /** Writes the workbook's own parts and the zip directory; the caller ends the stream. */
  async commit(): Promise<void> {
    await this.endSheet();
    const sheets = this.sheets;
    const quoted = (name: string) => `'${name.replace(/'/g, "''")}'`;
    await this.zip.file(
      "[Content_Types].xml",
      XML_HEAD +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        sheets
          .map(
            (_, i) =>
              `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join("") +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
        '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
        "</Types>",
    );
    await this.zip.file(
      "_rels/.rels",
      XML_HEAD +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
        `<Relationship Id="rId3" Type="${REL_NS}/extended-properties" Target="docProps/app.xml"/>` +
        "</Relationships>",
    );
    const iso = this.created.toISOString().replace(/\.\d{3}Z$/, "Z");
    await this.zip.file(
      "docProps/core.xml",
      XML_HEAD +
        '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
        `<dc:creator>${xmlText(this.options.creator)}</dc:creator>` +
        `<dcterms:created xsi:type="dcterms:W3CDTF">${iso}</dcterms:created>` +
        `<dcterms:modified xsi:type="dcterms:W3CDTF">${iso}</dcterms:modified>` +
        "</cp:coreProperties>",
    );
    await this.zip.file(
      "docProps/app.xml",
      XML_HEAD +
        '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">' +
        `<Application>${xmlText(this.options.creator)}</Application></Properties>`,
    );
    await this.zip.file(
      "xl/workbook.xml",
      XML_HEAD +
        `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets>` +
        sheets.map((s, i) => `<sheet name="${xmlText(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("") +
        "</sheets><definedNames>" +
        sheets
          .map(
            (s, i) =>
              `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${xmlText(quoted(s.name))}!$A$1:$${columnLetters(s.columns - 1)}$1</definedName>`,
          )
          .join("") +
        "</definedNames></workbook>",
    );
    await this.zip.file(
      "xl/_rels/workbook.xml.rels",
      XML_HEAD +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join("") +
        `<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>` +
        "</Relationships>",
    );
    await this.zip.file("xl/styles.xml", this.styles.xml());
    await this.zip.finish();
  }
}

/**
 * A small workbook written whole into memory (a manifest, a day's cierre): `fill` adds its sheets;
 * the answer is the file's bytes once committed.
 */
export async function xlsxBytes(options: { creator: string; date?: Date }, fill: (workbook: XlsxWriter) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    out.on("end", resolve);
    out.on("error", reject);
  });
  const workbook = new XlsxWriter(out, options);
  await fill(workbook);
  await workbook.commit();
  out.end();
  await done;
  return Buffer.concat(chunks);
}
