// A small streaming XML tokenizer for the parts of a .xlsx the import reads (workbook, relations,
// shared strings, sheets). It is fed decoded text chunk by chunk and calls back open/close/text,
// so a sheet never has to sit in memory as one string. It expands only the five predefined and
// numeric entities and refuses DOCTYPE (OOXML has none; entity tricks live there); element names
// lose their namespace prefix (some writers use <x:c>), attributes keep theirs (r:id).

export interface XmlHandler {
  open(name: string, attributes: Record<string, string>, selfClosing: boolean): void;
  close(name: string): void;
  text(value: string): void;
}

export class XmlSyntaxError extends Error {}

/** A tag longer than this is not a real OOXML tag. */
const MAX_TAG_CHARS = 1024 * 1024;

const NAMED_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

export function decodeXmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (match, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return Object.hasOwn(NAMED_ENTITIES, body) ? NAMED_ENTITIES[body] : match;
  });
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(":");
  return colon === -1 ? qualified : qualified.slice(colon + 1);
}

const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function parseAttributes(source: string): Record<string, string> {
  // No prototype: an attribute called __proto__ is just a key.
  const attributes = Object.create(null) as Record<string, string>;
  for (const match of source.matchAll(ATTRIBUTE)) {
    attributes[match[1]] = decodeXmlEntities(match[2] ?? match[3] ?? "");
  }
  return attributes;
}

export class XmlScanner {
  private buffer = "";

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: string): void {
    this.buffer += chunk;
    this.drain(false);
  }

  end(): void {
    this.drain(true);
    if (this.buffer.trim()) throw new XmlSyntaxError("XML incompleto");
    this.buffer = "";
  }

  private drain(final: boolean): void {
    const buffer = this.buffer;
    let pos = 0;
    while (pos < buffer.length) {
      const lt = buffer.indexOf("<", pos);
      if (lt === -1) {
        // Text without a following tag yet: hand over what cannot end inside an entity.
        const amp = buffer.lastIndexOf("&");
        const safeEnd = final || amp < pos || buffer.indexOf(";", amp) !== -1 ? buffer.length : amp;
        if (safeEnd > pos) this.handler.text(decodeXmlEntities(buffer.slice(pos, safeEnd)));
        pos = safeEnd;
        break;
      }
      if (lt > pos) {
        this.handler.text(decodeXmlEntities(buffer.slice(pos, lt)));
        pos = lt;
      }
      const consumed = this.tag(buffer, lt);
      if (consumed === -1) {
        if (buffer.length - lt > MAX_TAG_CHARS) throw new XmlSyntaxError("Etiqueta XML demasiado larga");
        break;
      }
      pos = consumed;
    }
    this.buffer = buffer.slice(pos);
  }

  /** Handles the markup starting at `lt`; returns the position after it, or -1 when it is incomplete. */
  private tag(buffer: string, lt: number): number {
    if (buffer.startsWith("<!--", lt)) return skipTo(buffer, lt, "-->");
    if (buffer.startsWith("<?", lt)) return skipTo(buffer, lt, "?>");
    if (buffer.startsWith("<![CDATA[", lt)) {
      const end = buffer.indexOf("]]>", lt);
      if (end === -1) return -1;
      this.handler.text(buffer.slice(lt + 9, end));
      return end + 3;
    }
    if (buffer.startsWith("<!", lt)) {
      if (buffer.length - lt < 9) return -1;
      throw new XmlSyntaxError("DOCTYPE no permitido");
    }
    // Find the closing '>' outside quoted attribute values.
    let quote = "";
    let end = -1;
    for (let i = lt + 1; i < buffer.length; i++) {
      const ch = buffer[i];
      if (quote) {
        if (ch === quote) quote = "";
      } else if (ch === '"' || ch === "'") {
        quote = ch;
      } else if (ch === ">") {
        end = i;
        break;
      } else if (ch === "<") {
        throw new XmlSyntaxError("XML mal formado");
      }
    }
    if (end === -1) return -1;
    const inner = buffer.slice(lt + 1, end);
    if (inner.startsWith("/")) {
      this.handler.close(localName(inner.slice(1).trim()));
      return end + 1;
    }
    const selfClosing = inner.endsWith("/");
    const body = selfClosing ? inner.slice(0, -1) : inner;
    const nameEnd = body.search(/[\s]/);
    const name = nameEnd === -1 ? body : body.slice(0, nameEnd);
    if (!name) throw new XmlSyntaxError("XML mal formado");
    const attributes = nameEnd === -1 ? (Object.create(null) as Record<string, string>) : parseAttributes(body.slice(nameEnd));
    this.handler.open(localName(name), attributes, selfClosing);
    if (selfClosing) this.handler.close(localName(name));
    return end + 1;
  }
}

function skipTo(buffer: string, from: number, terminator: string): number {
  const end = buffer.indexOf(terminator, from);
  return end === -1 ? -1 : end + terminator.length;
}
