// The XML tokenizer of the import on hostile shapes (issue 15, item 7): entities decoded or left
// literal the same way whatever the chunk boundaries, text handed over as it arrives (a lone '&'
// holds back a few characters, never the rest of the run), and the work it does — counted by the
// scanner itself in `charsExamined`, not timed — proportional to the input for every shape that
// used to make it rescan or backtrack. The timing comparison is in scripts/bench-excel.ts.
import { describe, expect, it } from "vitest";
import { readSpreadsheet } from "./spreadsheet";
import { buildZip, workbookParts } from "../../test/workbooks";
import { MAX_ENTITY_BODY, MAX_TAG_CHARS, XmlScanner, XmlSyntaxError, decodeXmlEntities } from "./xml-scanner";

interface Run {
  events: string[];
  examined: number;
}

function scan(chunks: Iterable<string>): Run {
  const events: string[] = [];
  let text = "";
  const flush = () => {
    if (text) events.push(`text:${text}`);
    text = "";
  };
  const scanner = new XmlScanner({
    open(name, attributes, selfClosing) {
      flush();
      events.push(`open:${name}${JSON.stringify({ ...attributes })}${selfClosing ? "/" : ""}`);
    },
    close(name) {
      flush();
      events.push(`close:${name}`);
    },
    text(value) {
      text += value;
    },
  });
  for (const chunk of chunks) scanner.write(chunk);
  scanner.end();
  flush();
  return { events, examined: scanner.charsExamined };
}

function* chunked(xml: string, size: number): Generator<string> {
  for (let i = 0; i < xml.length; i += size) yield xml.slice(i, i + size);
}

const events = (xml: string, size: number) => scan(chunked(xml, size)).events;

describe("entities", () => {
  const xml =
    '<t a="x &amp; y &#x41;&#66; &bogus; & z">' +
    "&lt;&gt;&amp;&quot;&apos; &#233;&#x1F600; " +
    // Left as written: a bare '&', unknown names, code points out of range, empty or broken bodies.
    "a & b &nbsp; &#x110000; &#; &; &#x; & amp; &amp &#12a; " +
    // A body longer than MAX_ENTITY_BODY is never an entity, even with its ';'.
    `&#${"0".repeat(MAX_ENTITY_BODY)}65; &#${"0".repeat(MAX_ENTITY_BODY - 3)}65; ` +
    "fin &amp</t>";

  it("are decoded or left literal the same way at every chunk boundary", () => {
    const whole = events(xml, xml.length);
    expect(whole).toEqual([
      `open:t${JSON.stringify({ a: "x & y AB &bogus; & z" })}`,
      "text:" +
        "<>&\"' é😀 a & b &nbsp; &#x110000; &#; &; &#x; & amp; &amp &#12a; " +
        `&#${"0".repeat(MAX_ENTITY_BODY)}65; A fin &amp`,
      "close:t",
    ]);
    for (let size = 1; size <= MAX_ENTITY_BODY + 4; size++) expect(events(xml, size), `chunks of ${size}`).toEqual(whole);
  });

  it("decodes attribute and text values in one pass", () => {
    expect(decodeXmlEntities("a&amp;b&#x3C;&#60;&unknown;&")).toBe("a&b<<&unknown;&");
    expect(decodeXmlEntities("sin entidades")).toBe("sin entidades");
  });
});

describe("through the .xlsx reader", () => {
  it("decodes an entity and keeps a lone '&' where the inflater's 64 KB chunks cut them", async () => {
    const CHUNK = 64 * 1024;
    const cell = (row: number) => `<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>`;
    const end = "</t></is></c></row>";
    let xml = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' + cell(1) + "h" + end + cell(2);
    // Row 2: '&amp;' starts two characters before the first cut; row 3: a lone '&' just before the second.
    const pad2 = "a".repeat(CHUNK - 2 - xml.length);
    xml += pad2 + "&amp;b" + end + cell(3);
    const pad3 = "c".repeat(2 * CHUNK - 1 - xml.length);
    xml += pad3 + "& d &#233;" + end + "</sheetData></worksheet>";
    expect(xml.indexOf("&amp;")).toBe(CHUNK - 2);
    const bytes = buildZip([...workbookParts("Hoja"), { name: "xl/worksheets/sheet1.xml", data: Buffer.from(xml) }]);
    const { sheets } = await readSpreadsheet(bytes, { wantSheet: () => true });
    expect(sheets[0].rows.map((r) => r.cells[0])).toEqual(["h", pad2 + "&b", pad3 + "& d é"]);
  });
});

describe("text is handed over as it arrives", () => {
  it("a lone '&' holds back at most an entity's length, never the rest of the run", () => {
    const received: string[] = [];
    let length = 0;
    const scanner = new XmlScanner({ open() {}, close() {}, text: (value) => (received.push(value), (length += value.length)) });
    scanner.write("<t>&");
    const piece = "abcdefghij".repeat(1000);
    for (let i = 1; i <= 100; i++) {
      scanner.write(piece);
      // Everything but the last few characters, which could still be the start of an entity.
      expect(length).toBeGreaterThanOrEqual(1 + i * piece.length - (MAX_ENTITY_BODY + 1));
    }
    scanner.write("</t>");
    scanner.end();
    expect(received.join("")).toBe("&" + piece.repeat(100));
  });
});

describe("markup split across chunks", () => {
  const xml =
    '<?xml version="1.0"?><!-- a - b -- c ---><x:sheet xmlns:x="u"><?pi ? > ?><c r="A1" b = "1 > 0" c=\'"\'/>' +
    "<t><![CDATA[<raw> ]] ]>&amp;]]]]></t><!----></x:sheet>";

  it("gives the same events at every chunk boundary", () => {
    const whole = events(xml, xml.length);
    expect(whole).toEqual([
      `open:sheet${JSON.stringify({ "xmlns:x": "u" })}`,
      `open:c${JSON.stringify({ r: "A1", b: "1 > 0", c: '"' })}/`,
      "close:c",
      "open:t{}",
      "text:<raw> ]] ]>&amp;]]",
      "close:t",
      "close:sheet",
    ]);
    for (let size = 1; size <= 12; size++) expect(events(xml, size), `chunks of ${size}`).toEqual(whole);
  });

  it("refuses DOCTYPE and other declarations however they are split", () => {
    for (const doc of ['<!DOCTYPE x [<!ENTITY a "b">]><x/>', "<x><!ELEMENT x ANY></x>", "<x><!-x--></x>", "<x><![CDATX[a]]></x>"]) {
      for (const size of [1, 2, 3, 100]) expect(() => events(doc, size), `${doc} in chunks of ${size}`).toThrow(XmlSyntaxError);
    }
  });

  it("refuses unfinished documents and a '<' inside a tag", () => {
    for (const doc of ["<x><y", "<x><!-- no end", "<x><![CDATA[ no end", "<x><?pi", "<x><", "<x y='1></x>"]) {
      for (const size of [1, 3, 100]) expect(() => events(doc, size), `${doc} in chunks of ${size}`).toThrow(XmlSyntaxError);
    }
    expect(() => events("<x><y <z/></x>", 4)).toThrow(XmlSyntaxError);
  });

  it("refuses a tag as soon as it passes the limit, without waiting for its end", () => {
    const scanner = new XmlScanner({ open() {}, close() {}, text() {} });
    scanner.write("<x><c a=\"");
    const piece = "a".repeat(64 * 1024);
    let written = 0;
    expect(() => {
      for (;;) {
        scanner.write(piece);
        written += piece.length;
      }
    }).toThrow("Etiqueta XML demasiado larga");
    expect(written).toBeLessThanOrEqual(MAX_TAG_CHARS);
  });
});

describe("attributes", () => {
  it("are read by name = quoted value; stray words and signs are skipped", () => {
    expect(events('<c r="A1"  t = \'s\' junk / = "x" a="p=q r" dup="1" dup="2"/>', 5)).toEqual([
      `open:c${JSON.stringify({ r: "A1", t: "s", a: "p=q r", dup: "2" })}/`,
      "close:c",
    ]);
  });
});

describe("work stays proportional to the input", () => {
  const MB = 1024 * 1024;
  const letters = (n: number) => "abcdefghijklmnopqrstuvwxyz".repeat(Math.ceil(n / 26)).slice(0, n);
  // Shapes that made the old scanner rescan its buffer or backtrack (decision 101), or could make a
  // scanner search past what it is looking in.
  const shapes: Record<string, string> = {
    "a lone '&' before a long text run": `<sheetData><row>&${letters(4 * MB)}</row></sheetData>`,
    "many lone '&'": `<t>${"& ".repeat(2 * MB)}</t>`,
    "'&' followed by entity characters": `<t>${("&#x" + "1".repeat(MAX_ENTITY_BODY) + " ").repeat(MB / 64)}</t>`,
    "a tag just under the limit, many times": `<x>${`<c a="${letters(MAX_TAG_CHARS - 16)}"/>`.repeat(4)}</x>`,
    "an attribute name without '='": `<x><c ${letters(MAX_TAG_CHARS - 16)}/></x>`,
    "attribute words without values": `<x><c ${"ab ".repeat((MAX_TAG_CHARS - 16) / 3)}/></x>`,
    // A search for '&' or a quote must stop at the end of its text run or value, not run on to the next one.
    "many short text runs, one '&' at the end": `<x>${"<v>1</v>".repeat(MB / 8)}&amp;</x>`,
    "many attributes, one '&' at the end of the tag": `<x><c ${'a="1" '.repeat((MAX_TAG_CHARS - 32) / 6)}z="&amp;"/></x>`,
    "a long comment": `<x><!--${"- ".repeat(2 * MB)}--></x>`,
    "a long CDATA section": `<x><![CDATA[${"] ".repeat(2 * MB)}]]></x>`,
    "a long processing instruction": `<x><?pi ${"? ".repeat(2 * MB)}?></x>`,
  };

  for (const [shape, xml] of Object.entries(shapes)) {
    it(shape, () => {
      for (const size of [4096, 64 * 1024, xml.length]) {
        const { examined } = scan(chunked(xml, size));
        // Each character is looked at a small, fixed number of times, whatever the chunking.
        expect(examined, `chunks of ${size}`).toBeLessThanOrEqual(6 * xml.length);
        expect(examined, `chunks of ${size}`).toBeGreaterThanOrEqual(xml.length);
      }
    });
  }
});
