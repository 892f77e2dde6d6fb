// A small streaming XML tokenizer for the parts of a .xlsx the import reads (workbook, relations,
// shared strings, sheets). It is fed decoded text chunk by chunk and calls back open/close/text,
// so a sheet never has to sit in memory as one string. It expands only the five predefined and
// numeric entities and refuses DOCTYPE (OOXML has none; entity tricks live there); element names
// lose their namespace prefix (some writers use <x:c>), attributes keep theirs (r:id).
//
// Linear in its input whatever the input (docs/decisions/101): each chunk is searched once from
// where the previous one stopped. Between chunks it keeps only state — the mode (text, tag,
// comment, processing instruction, CDATA), the quote a tag is in, the pieces of an unfinished tag
// (at most MAX_TAG_CHARS) — and a carry of a few characters: a possible entity at the end of a
// text run, the start of '<!--' or '<![CDATA[', the start of a terminator. Text and CDATA are
// handed over as they arrive. No regular expression runs over input of unbounded length, and no
// search runs past the end of the text run or value it is for. `charsExamined` counts what every
// loop and search looked at, so tests prove the linearity without timing it.

export interface XmlHandler {
  open(name: string, attributes: Record<string, string>, selfClosing: boolean): void;
  close(name: string): void;
  text(value: string): void;
}

export class XmlSyntaxError extends Error {}

/** A tag longer than this is not a real OOXML tag. */
export const MAX_TAG_CHARS = 1024 * 1024;
/** Longest entity body between '&' and ';' ("#x10FFFF" is 8; room for leading zeros). A longer one is text. */
export const MAX_ENTITY_BODY = 32;

const NAMED_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

const LT = 60;
const GT = 62;
const AMP = 38;
const SEMI = 59;
const EQ = 61;
const SLASH = 47;
const DQ = 34;
const SQ = 39;
const HASH = 35;

const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const endsName = (c: number) => isSpace(c) || c === EQ || c === SLASH || c === DQ || c === SQ;
/** Characters an entity body can hold: '#', digits, letters. */
const isBodyChar = (c: number) => c === HASH || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** The value of `&body;`, or undefined when the body is not one of the entities XML predefines. */
function entityValue(body: string): string | undefined {
  if (body.charCodeAt(0) !== HASH) return Object.hasOwn(NAMED_ENTITIES, body) ? NAMED_ENTITIES[body] : undefined;
  const hex = body[1] === "x";
  const digits = body.slice(hex ? 2 : 1);
  if (!(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) return undefined;
  const code = parseInt(digits, hex ? 16 : 10);
  return code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/** Characters looked at, for the tests of linearity (`XmlScanner.charsExamined`). */
interface Work {
  n: number;
}

/** Expands the entities of text[from, to) in one pass; anything else after '&' stays as written. */
export function decodeXmlEntities(text: string, from = 0, to = text.length, work: Work = { n: 0 }): string {
  let amp = indexBefore(text, "&", from, to, work);
  if (amp === -1) return text.slice(from, to);
  let out = "";
  let copied = from;
  while (amp !== -1) {
    // The body can only be '#', letters and digits, so this scan stops at the next '&' at the latest.
    let end = amp + 1;
    while (end < to && end <= amp + MAX_ENTITY_BODY && isBodyChar(text.charCodeAt(end))) end++;
    work.n += end - amp;
    if (end > amp + 1 && end < to && text.charCodeAt(end) === SEMI) {
      const value = entityValue(text.slice(amp + 1, end));
      if (value !== undefined) {
        out += text.slice(copied, amp) + value;
        copied = end + 1;
      }
    }
    amp = indexBefore(text, "&", end, to, work);
  }
  return out + text.slice(copied, to);
}

/**
 * text.indexOf(search, from) limited to [from, to): a plain indexOf would run on to the next match
 * in the rest of the chunk or tag, once per text run or attribute value — quadratic.
 */
function indexBefore(text: string, search: string, from: number, to: number, work: Work): number {
  if (from >= to) return -1;
  const found = (to === text.length ? text : text.slice(0, to)).indexOf(search, from);
  work.n += (found === -1 ? to : found + 1) - from;
  return found;
}

/** Where a text run ending at `to` may still be cut inside an entity: its last '&', or `to`. */
function entityTailStart(data: string, from: number, to: number, work: Work): number {
  for (let i = to - 1; i >= from && i >= to - 1 - MAX_ENTITY_BODY; i--) {
    work.n++;
    const c = data.charCodeAt(i);
    if (c === AMP) return i;
    if (!isBodyChar(c)) return to;
  }
  return to;
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(":");
  return colon === -1 ? qualified : qualified.slice(colon + 1);
}

/**
 * name="value" or name='value' pairs in one pass; stray words, signs and quoted strings without a
 * name are skipped. No prototype: an attribute called __proto__ is just a key.
 */
function parseAttributes(source: string, from: number, work: Work): Record<string, string> {
  const attributes = Object.create(null) as Record<string, string>;
  const n = source.length;
  let i = from;
  while (i < n) {
    const c = source.charCodeAt(i);
    work.n++;
    if (isSpace(c) || c === EQ || c === SLASH) {
      i++;
      continue;
    }
    if (c === DQ || c === SQ) {
      const close = indexBefore(source, source[i], i + 1, n, work);
      i = close === -1 ? n : close + 1;
      continue;
    }
    const nameStart = i;
    while (i < n && !endsName(source.charCodeAt(i))) i++;
    let j = i;
    while (j < n && isSpace(source.charCodeAt(j))) j++;
    work.n += j - nameStart;
    // A word without '=' is skipped; the loop goes on from its end (spaces are looked at twice at most).
    if (source.charCodeAt(j) !== EQ) continue;
    j++;
    const valueStart = j;
    while (j < n && isSpace(source.charCodeAt(j))) j++;
    work.n += j - valueStart;
    const quote = source.charCodeAt(j);
    if (quote !== DQ && quote !== SQ) {
      i = j;
      continue;
    }
    const close = indexBefore(source, source[j], j + 1, n, work);
    if (close === -1) break;
    attributes[source.slice(nameStart, i)] = decodeXmlEntities(source, j + 1, close, work);
    i = close + 1;
  }
  return attributes;
}

type Mode = "text" | "tag" | "comment" | "pi" | "cdata";
const TERMINATORS = { comment: "-->", pi: "?>", cdata: "]]>" } as const;
const COMMENT_OPEN = "<!--";
const CDATA_OPEN = "<![CDATA[";

export class XmlScanner {
  private mode: Mode = "text";
  /** Unconsumed characters at the end of the last chunk (a few at most), scanned again with the next. */
  private carry = "";
  /** The pieces of a tag whose '>' has not arrived yet, and their length. */
  private tagParts: string[] = [];
  private tagLength = 0;
  /** The quote (code) a tag's scan is inside of, or 0. */
  private quote = 0;
  private readonly work: Work = { n: 0 };

  constructor(private readonly handler: XmlHandler) {}

  /** Characters looked at so far, counting each search's span; proportional to the input. */
  get charsExamined(): number {
    return this.work.n;
  }

  write(chunk: string): void {
    if (!chunk) return;
    const data = this.carry ? this.carry + chunk : chunk;
    this.carry = "";
    this.scan(data, false);
  }

  end(): void {
    const data = this.carry;
    this.carry = "";
    this.scan(data, true);
    if (this.mode !== "text" || this.carry) throw new XmlSyntaxError("XML incompleto");
  }

  private scan(data: string, final: boolean): void {
    let pos = 0;
    while (pos < data.length) {
      switch (this.mode) {
        case "text":
          pos = this.scanText(data, pos, final);
          break;
        case "tag":
          pos = this.scanTag(data, pos);
          break;
        default:
          pos = this.scanUntilTerminator(data, pos, final);
      }
    }
  }

  /** Text up to the next '<', then the markup's opening; returns where to go on (data.length: done). */
  private scanText(data: string, pos: number, final: boolean): number {
    const lt = data.indexOf("<", pos);
    const textEnd = lt === -1 ? data.length : lt;
    this.work.n += (lt === -1 ? data.length : lt + 1) - pos;
    if (lt === -1) {
      // The run may go on in the next chunk: keep back only what could be the start of an entity.
      const handOver = final ? textEnd : entityTailStart(data, pos, textEnd, this.work);
      if (handOver > pos) this.handler.text(decodeXmlEntities(data, pos, handOver, this.work));
      this.carry = data.slice(handOver);
      return data.length;
    }
    if (lt > pos) this.handler.text(decodeXmlEntities(data, pos, lt, this.work));
    return this.openMarkup(data, lt, final);
  }

  /** Decides what the markup at `lt` is; keeps it as carry while too few characters have arrived. */
  private openMarkup(data: string, lt: number, final: boolean): number {
    const waitForMore = () => {
      this.carry = data.slice(lt);
      return data.length;
    };
    this.work.n += Math.min(CDATA_OPEN.length, data.length - lt);
    if (lt + 1 >= data.length) return waitForMore();
    const next = data[lt + 1];
    if (next === "?") {
      this.mode = "pi";
      return lt + 2;
    }
    if (next !== "!") {
      this.mode = "tag";
      return lt + 1;
    }
    if (data.startsWith(COMMENT_OPEN, lt)) {
      this.mode = "comment";
      return lt + COMMENT_OPEN.length;
    }
    if (data.startsWith(CDATA_OPEN, lt)) {
      this.mode = "cdata";
      return lt + CDATA_OPEN.length;
    }
    // '<!' begins a comment, CDATA or a declaration (DOCTYPE, ENTITY…), which OOXML never has.
    const start = data.slice(lt, lt + CDATA_OPEN.length);
    if (COMMENT_OPEN.startsWith(start) || CDATA_OPEN.startsWith(start)) {
      if (final) throw new XmlSyntaxError("XML incompleto");
      return waitForMore();
    }
    throw new XmlSyntaxError("DOCTYPE no permitido");
  }

  /** Looks for the tag's '>' outside quoted values, from where the last chunk stopped. */
  private scanTag(data: string, from: number): number {
    const n = data.length;
    let quote = this.quote;
    let i = from;
    while (i < n) {
      if (quote) {
        const close = data.indexOf(quote === DQ ? '"' : "'", i);
        if (close === -1) {
          i = n;
          break;
        }
        quote = 0;
        i = close + 1;
        continue;
      }
      const c = data.charCodeAt(i);
      if (c === GT) break;
      if (c === DQ || c === SQ) quote = c;
      else if (c === LT) throw new XmlSyntaxError("XML mal formado");
      i++;
    }
    this.work.n += Math.min(i + 1, n) - from;
    this.tagLength += i - from;
    if (this.tagLength > MAX_TAG_CHARS) throw new XmlSyntaxError("Etiqueta XML demasiado larga");
    if (i === n) {
      this.tagParts.push(data.slice(from, n));
      this.quote = quote;
      return n;
    }
    const piece = data.slice(from, i);
    const inner = this.tagParts.length > 0 ? this.tagParts.join("") + piece : piece;
    this.tagParts = [];
    this.tagLength = 0;
    this.quote = 0;
    this.mode = "text";
    this.emitTag(inner);
    return i + 1;
  }

  private emitTag(inner: string): void {
    if (inner.startsWith("/")) {
      this.work.n += inner.length;
      this.handler.close(localName(inner.slice(1).trim()));
      return;
    }
    const selfClosing = inner.endsWith("/");
    const body = selfClosing ? inner.slice(0, -1) : inner;
    let nameEnd = 0;
    while (nameEnd < body.length && !isSpace(body.charCodeAt(nameEnd))) nameEnd++;
    this.work.n += nameEnd;
    const name = localName(body.slice(0, nameEnd));
    if (!name) throw new XmlSyntaxError("XML mal formado");
    this.handler.open(name, parseAttributes(body, nameEnd, this.work), selfClosing);
    if (selfClosing) this.handler.close(name);
  }

  /** Comments and processing instructions are skipped, CDATA handed over as text, up to their end. */
  private scanUntilTerminator(data: string, from: number, final: boolean): number {
    const mode = this.mode as keyof typeof TERMINATORS;
    const terminator = TERMINATORS[mode];
    const end = data.indexOf(terminator, from);
    this.work.n += (end === -1 ? data.length : end + terminator.length) - from;
    if (end === -1) {
      if (final) throw new XmlSyntaxError("XML incompleto");
      // The last characters may be the start of the terminator: they wait for the next chunk.
      const keep = Math.max(from, data.length - (terminator.length - 1));
      if (mode === "cdata" && keep > from) this.handler.text(data.slice(from, keep));
      this.carry = data.slice(keep);
      return data.length;
    }
    if (mode === "cdata" && end > from) this.handler.text(data.slice(from, end));
    this.mode = "text";
    return end + terminator.length;
  }
}
