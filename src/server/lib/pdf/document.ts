// PDF infrastructure (issue 20; issue 21 reuses it for receipts): pages of a known size, text that
// never overflows its box and never crashes the document. No business rules here: what goes on a
// label or a manifest is decided by its module.
//
// Text is drawn with embedded Noto fonts (fonts.ts, decision 151) so names in any script the
// name rule accepts in practice print as written, and "₡" prints. Each line is cut into runs of
// one font and one direction (bidi.ts). The document only records the text while pages are laid
// out; its save() then embeds, for each font used, a subset holding just the characters drawn
// (harfbuzz's hb-subset, shaping tables kept) and draws the runs: a receipt with Chinese, Arabic
// and Hebrew names stays a few tens of kilobytes although the Chinese font alone is 8 MB.
// Every text passes through `pdfSafeText` first: control characters become spaces, invisible
// format characters no font has are dropped, and a character no font has becomes "\uFFFD".
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import subsetFont from "subset-font";
import { FONT_CHAINS, MISSING, fontFor, fontkit, pointsOf, unitsWith, type FontSource, type Weight } from "./fonts";
import { visualRuns } from "./bidi";

/** Points per millimetre (a PDF point is 1/72 inch). */
export const PT_PER_MM = 72 / 25.4;
export const mm = (value: number): number => value * PT_PER_MM;

/** Page sizes in points, portrait: [width, height]. */
export const PAGE_SIZES = {
  A4: [595.28, 841.89] as [number, number],
  /** The 100 × 150 mm (4 × 6 in) thermal label. */
  LABEL_100X150: [mm(100), mm(150)] as [number, number],
};

export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.35, 0.35, 0.35);

interface TextOp {
  page: PDFPage;
  x: number;
  y: number;
  size: number;
  color: ReturnType<typeof rgb>;
  source: FontSource;
  text: string;
}

/** A run of a line in display order and its width in its font's units. */
interface MeasuredRun {
  source: FontSource;
  text: string;
  units: number;
}

/** A weight of the document's text: measures text, and records what is drawn until the document is saved. */
export class PdfFace {
  /**
   * Each text's runs and their widths, laid out once per document (issue 37): fitting a cell
   * measures the same text three or four times (its natural width, the fit, the drawn width, the
   * draw itself), and a font's layout (shaping) is the costly part of a PDF of many rows (decision 235).
   */
  private readonly measured = new Map<string, MeasuredRun[]>();

  constructor(
    readonly weight: Weight,
    private readonly ops: TextOp[],
  ) {}

  private get chain(): FontSource[] {
    return FONT_CHAINS[this.weight];
  }

  private runs(text: string): MeasuredRun[] {
    let runs = this.measured.get(text);
    if (!runs) {
      runs = visualRuns(text, this.chain).map((run) => ({ source: run.source, text: run.text, units: unitsWith(run.source, run.text) }));
      this.measured.set(text, runs);
    }
    return runs;
  }

  /** The text as this face can draw it (see `pdfSafeText`). */
  safe(text: string): string {
    return pdfSafeText(text, this.chain);
  }

  /** Width in points of an already safe text. */
  widthOfTextAtSize(text: string, size: number): number {
    let width = 0;
    for (const run of this.runs(text)) width += pointsOf(run.source, run.units, size);
    return width;
  }

  /** Records a safe line at (x, y), its runs in display order. */
  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; color?: ReturnType<typeof rgb> }): void {
    let x = at.x;
    for (const run of this.runs(text)) {
      this.ops.push({ page, x, y: at.y, size: at.size, color: at.color ?? BLACK, source: run.source, text: run.text });
      x += pointsOf(run.source, run.units, at.size);
    }
  }
}

export interface PdfFonts {
  regular: PdfFace;
  bold: PdfFace;
}

export interface PdfKit {
  /** Its save() first embeds the fonts' subsets and draws the recorded text. */
  doc: PDFDocument;
  fonts: PdfFonts;
}

/** A new document with the regular and bold faces, and its title and author set. */
export async function createPdf(meta: { title: string; author: string }): Promise<PdfKit> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(pdfSafeText(meta.title));
  doc.setAuthor(pdfSafeText(meta.author));
  doc.setProducer(pdfSafeText(meta.author));
  doc.setCreator(pdfSafeText(meta.author));
  const ops: TextOp[] = [];
  const save = doc.save.bind(doc);
  doc.save = async (options) => {
    await drawRecorded(doc, ops.splice(0));
    return save(options);
  };
  return { doc, fonts: { regular: new PdfFace("regular", ops), bold: new PdfFace("bold", ops) } };
}

/** Embeds one subset per font used (only the characters drawn with it) and draws the runs. */
async function drawRecorded(doc: PDFDocument, ops: TextOp[]): Promise<void> {
  const used = new Map<FontSource, Set<string>>();
  for (const op of ops) {
    const chars = used.get(op.source) ?? new Set<string>();
    for (const ch of op.text) chars.add(ch);
    used.set(op.source, chars);
  }
  const embedded = new Map<FontSource, PDFFont>();
  for (const [source, chars] of used) {
    const subset = await subsetFont(source.bytes(), [...chars].join(""), { targetFormat: "sfnt" });
    // TrueType subsets go through pdf-lib's own subsetter too (it keeps only the glyphs the
    // shaped text uses); pdf-lib's subsetter breaks CFF fonts, which are embedded as subset here.
    embedded.set(source, await doc.embedFont(subset, { subset: source.outlines === "glyf", features: source.features() }));
  }
  for (const op of ops) op.page.drawText(op.text, { x: op.x, y: op.y, size: op.size, font: embedded.get(op.source)!, color: op.color });
}

// eslint-disable-next-line no-control-regex -- the characters replaced on purpose
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;

/**
 * The text as the fonts of `chain` can draw it (see the header): NFC, control characters as
 * spaces, a character no font has as its letters without the composition when the fonts have
 * those (a base letter and a combining mark), else "\uFFFD"; invisible format characters
 * (zero-width space, direction marks) no font has are dropped. Without a chain: the WinAnsi
 * subset (Latin-1 and the usual punctuation) with "?" for the rest, for the document's metadata.
 */
export function pdfSafeText(text: string, chain?: FontSource[]): string {
  const drawable = (cp: number) =>
    chain ? fontFor(chain, cp) !== undefined : (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);
  let out = "";
  for (const ch of text.normalize("NFC").replace(CONTROL, " ")) {
    const cp = ch.codePointAt(0)!;
    if (drawable(cp)) {
      out += ch;
      continue;
    }
    if (/\p{Cf}/u.test(ch)) continue;
    const parts = ch.normalize("NFD");
    if (parts !== ch && [...parts].every((c) => drawable(c.codePointAt(0)!))) out += parts;
    else if (chain) out += MISSING;
    else {
      // Metadata: "ő" → "o", the letter without its mark when WinAnsi has the letter.
      const base = parts.replace(/\p{M}+/gu, "");
      out += base && [...base].every((c) => drawable(c.codePointAt(0)!)) ? base : "?";
    }
  }
  return out;
}

/** WinAnsi's characters outside Latin-1 (€, quotes, dashes, bullet, ellipsis, ™…). */
const WIN_ANSI_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c,
  0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

export interface TextBox {
  x: number;
  /** The baseline of the (first) line. */
  y: number;
  maxWidth: number;
  size: number;
  font: PdfFace;
  /** Shrink down to this size before cutting the text with "…" (default: size, no shrinking). */
  minSize?: number;
  color?: ReturnType<typeof rgb>;
  align?: "left" | "center" | "right";
}

const graphemeSegmenter = new Intl.Segmenter("es", { granularity: "grapheme" });
/** User-perceived characters: a cut never separates a letter from its marks. */
const graphemes = (text: string): string[] => Array.from(graphemeSegmenter.segment(text), (g) => g.segment);

/** The (safe) text cut to `maxWidth` at `size`, with "…" when it did not fit. */
export function truncateToWidth(text: string, font: PdfFace, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  const chars = graphemes(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (font.widthOfTextAtSize(`${chars.slice(0, mid).join("").trimEnd()}…`, size) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? "" : `${chars.slice(0, low).join("").trimEnd()}…`;
}

/**
 * One line of text that never leaves its box: shrunk (down to minSize) and then cut with "…".
 * Returns the size used.
 */
export function drawFittedText(page: PDFPage, raw: string, box: TextBox): number {
  const { font, maxWidth } = box;
  const text = font.safe(raw);
  let size = box.size;
  const minSize = Math.min(box.minSize ?? box.size, box.size);
  // A text's width grows in proportion to its size: the size that fits is found in one step.
  const natural = font.widthOfTextAtSize(text, size);
  if (natural > maxWidth) size = Math.max(minSize, Math.floor(((size * maxWidth) / natural) * 10) / 10);
  const fitted = truncateToWidth(text, font, size, maxWidth);
  const width = font.widthOfTextAtSize(fitted, size);
  const x = box.align === "center" ? box.x + (maxWidth - width) / 2 : box.align === "right" ? box.x + maxWidth - width : box.x;
  font.draw(page, fitted, { x, y: box.y, size, color: box.color });
  return size;
}

/** The text broken into lines no wider than maxWidth (a word longer than a line is cut), at most maxLines. */
export function wrapLines(raw: string, font: PdfFace, size: number, maxWidth: number, maxLines: number): string[] {
  const text = font.safe(raw).replace(/\s+/g, " ").trim();
  if (!text) return [];
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = graphemes(word);
    // A single word wider than the line: cut it into pieces that fit.
    while (rest.length > 1 && font.widthOfTextAtSize(rest.join(""), size) > maxWidth) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut).join(""), size) > maxWidth) cut--;
      lines.push(rest.slice(0, cut).join(""));
      rest = rest.slice(cut);
    }
    line = rest.join("");
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = truncateToWidth(`${kept[maxLines - 1]} ${lines[maxLines]}`, font, size, maxWidth);
  if (!kept[maxLines - 1].endsWith("…")) kept[maxLines - 1] = truncateToWidth(`${kept[maxLines - 1]}…`, font, size, maxWidth);
  return kept;
}

/** Draws wrapped text (at most maxLines, line height 1.2 × size); returns the y below the last line. */
export function drawWrappedText(page: PDFPage, raw: string, box: TextBox & { maxLines: number }): number {
  const lines = wrapLines(raw, box.font, box.size, box.maxWidth, box.maxLines);
  let y = box.y;
  for (const line of lines) {
    box.font.draw(page, line, { x: box.x, y, size: box.size, color: box.color });
    y -= box.size * 1.2;
  }
  return y;
}
