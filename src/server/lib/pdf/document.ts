// PDF infrastructure (issue 20; issue 21 reuses it for receipts): pages of a known size, text that
// never overflows its box and never crashes the document, on pdf-lib's standard fonts. No
// business rules here: what goes on a label or a manifest is decided by its module.
//
// pdf-lib's standard fonts (Helvetica…) encode WinAnsi only: drawing a character outside it
// (an emoji, most non-Latin scripts, a control character) throws. Every text passes through
// `pdfSafeText` first: characters the font has stay, accented letters it lacks lose the accent,
// control characters become spaces and anything else becomes "?".
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";

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

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

export interface PdfKit {
  doc: PDFDocument;
  fonts: PdfFonts;
}

/** A new document with Helvetica and Helvetica-Bold embedded, and its title and author set. */
export async function createPdf(meta: { title: string; author: string }): Promise<PdfKit> {
  const doc = await PDFDocument.create();
  doc.setTitle(pdfSafeText(meta.title));
  doc.setAuthor(pdfSafeText(meta.author));
  doc.setProducer(pdfSafeText(meta.author));
  doc.setCreator(pdfSafeText(meta.author));
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
  return { doc, fonts: { regular, bold } };
}

const characterSets = new WeakMap<PDFFont, Set<number>>();
function characterSet(font: PDFFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

// eslint-disable-next-line no-control-regex -- the characters replaced on purpose
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;

/**
 * The text as `font` can draw it (see the header). Without a font: the WinAnsi subset every
 * standard font shares (Latin-1 and the usual punctuation), for metadata.
 */
export function pdfSafeText(text: string, font?: PDFFont): string {
  const has = font ? characterSet(font) : null;
  const drawable = (cp: number) => (has ? has.has(cp) : (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp));
  let out = "";
  for (const ch of text.normalize("NFC").replace(CONTROL, " ")) {
    const cp = ch.codePointAt(0)!;
    if (drawable(cp)) {
      out += ch;
      continue;
    }
    // "ő" → "o": the letter without its mark when the font has the letter.
    const base = ch.normalize("NFD").replace(/\p{M}+/gu, "");
    out += base && [...base].every((c) => drawable(c.codePointAt(0)!)) ? base : "?";
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
  font: PDFFont;
  /** Shrink down to this size before cutting the text with "…" (default: size, no shrinking). */
  minSize?: number;
  color?: ReturnType<typeof rgb>;
  align?: "left" | "center" | "right";
}

/** The text cut to `maxWidth` at `size`, with "…" when it did not fit. */
export function truncateToWidth(text: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  const chars = [...text];
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
  const text = pdfSafeText(raw, font);
  let size = box.size;
  const minSize = Math.min(box.minSize ?? box.size, box.size);
  // A text's width grows in proportion to its size: the size that fits is found in one step.
  const natural = font.widthOfTextAtSize(text, size);
  if (natural > maxWidth) size = Math.max(minSize, Math.floor(((size * maxWidth) / natural) * 10) / 10);
  const fitted = truncateToWidth(text, font, size, maxWidth);
  const width = font.widthOfTextAtSize(fitted, size);
  const x = box.align === "center" ? box.x + (maxWidth - width) / 2 : box.align === "right" ? box.x + maxWidth - width : box.x;
  page.drawText(fitted, { x, y: box.y, size, font, color: box.color ?? BLACK });
  return size;
}

/** The text broken into lines no wider than maxWidth (a word longer than a line is cut), at most maxLines. */
export function wrapLines(raw: string, font: PDFFont, size: number, maxWidth: number, maxLines: number): string[] {
  const text = pdfSafeText(raw, font).replace(/\s+/g, " ").trim();
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
    line = word;
    // A single word wider than the line: cut it into pieces that fit.
    while (font.widthOfTextAtSize(line, size) > maxWidth && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > maxWidth) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
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
    page.drawText(line, { x: box.x, y, size: box.size, font: box.font, color: box.color ?? BLACK });
    y -= box.size * 1.2;
  }
  return y;
}
