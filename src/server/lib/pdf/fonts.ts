// The fonts PDFs draw text with (issue 31, decision 151): Noto, from npm packages under the SIL
// Open Font License, so every script the name rule accepts in practice prints as written
// (shared/text-rules.ts: any letter, with marks). In order of preference, per character:
//   Noto Sans            Latin (Vietnamese and every accent), Greek, Cyrillic, Devanagari, ₡
//   Noto Sans Hebrew     Hebrew
//   Noto Naskh Arabic    Arabic, Persian, Urdu letters
//   Noto Sans Hans       Chinese (GB 2312), Japanese kana
// A character none of them has prints as "\uFFFD" (the replacement character), never as a
// look-alike. Files are read, parsed (fontkit, for widths and shaping) and kept on first use.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import type { Font } from "@pdf-lib/fontkit";

export type Weight = "regular" | "bold";

export interface FontSource {
  /** Stable key: the family and weight ("noto-sans-bold"). */
  key: string;
  /** TrueType outlines (glyf) or CFF: they are embedded differently (document.ts). */
  outlines: "glyf" | "cff";
  bytes(): Buffer;
  font(): Font;
  /**
   * OpenType features turned off (a new object each call: fontkit writes into it), so that the
   * PDF's text reads back as written (search, copy, pdftotext). A PDF maps each glyph to one text:
   * Noto Sans's 'ccmp' draws "ị" as the glyph of "i" plus a dot, which then reads back as "i", so
   * it is off (the precomposed glyph is drawn). Right-to-left fonts draw no ligatures: a
   * ligature's text reads back reversed from a right-to-left line ("الله" as "اهلل"); the letters
   * keep their joining forms.
   * The features that only position glyphs (GPOS's 'kern', 'mark'…, none of them in GSUB) are off
   * too: what is drawn and measured is the glyphs chosen and their advance widths, never their
   * positions (pdf-lib writes glyph ids; widthWith adds advance widths), and positioning was most
   * of the time a layout took (a 1 000-row manifest: 13 s of CPU, issue 37, decision 235).
   */
  features(): Record<string, boolean>;
}

const require = createRequire(import.meta.url);

type Kind = "latin" | "rtl" | "cjk";

/** The fonts/ folder of a font package (its main file is dist/index.cjs). */
const fontsFolder = (main: string) => path.join(path.dirname(main), "..", "fonts");
const LATIN = fontsFolder(require.resolve("@embedpdf/fonts-latin"));
const HEBREW = fontsFolder(require.resolve("@embedpdf/fonts-hebrew"));
const ARABIC = fontsFolder(require.resolve("@embedpdf/fonts-arabic"));
const CHINESE = fontsFolder(require.resolve("@embedpdf/fonts-sc"));

/** A feature table's tags (fontkit parses GSUB and GPOS; its types do not declare them). */
type FeatureTable = { featureList: { tag: string }[] } | undefined;
const tagsOf = (table: FeatureTable) => new Set((table?.featureList ?? []).map((f) => f.tag));

/** The font's features that only position glyphs: in GPOS and not in GSUB, so they never choose a glyph. */
function positioningOnly(font: Font): string[] {
  const tables = font as unknown as { GSUB?: FeatureTable; GPOS?: FeatureTable };
  const substitutions = tagsOf(tables.GSUB);
  return [...tagsOf(tables.GPOS)].filter((tag) => !substitutions.has(tag));
}

function source(folder: string, file: string, outlines: FontSource["outlines"], kind: Kind): FontSource {
  let bytes: Buffer | undefined;
  let font: Font | undefined;
  let positioning: string[] | undefined;
  const load = () => (bytes ??= readFileSync(path.join(folder, file)));
  const parsed = () => (font ??= fontkit.create(load()));
  return {
    key: file.replace(/\.[ot]tf$/, "").toLowerCase(),
    outlines,
    bytes: load,
    font: parsed,
    features: (): Record<string, boolean> => {
      const off: Record<string, boolean> = kind === "rtl" ? { liga: false, rlig: false, dlig: false, clig: false } : kind === "latin" ? { ccmp: false } : {};
      for (const tag of (positioning ??= positioningOnly(parsed()))) off[tag] = false;
      return off;
    },
  };
}

/** The fallback chain per weight: the first font with a glyph for a character draws it. */
export const FONT_CHAINS: Record<Weight, FontSource[]> = {
  regular: [
    source(LATIN, "NotoSans-Regular.ttf", "glyf", "latin"),
    source(HEBREW, "NotoSansHebrew-Regular.ttf", "glyf", "rtl"),
    source(ARABIC, "NotoNaskhArabic-Regular.ttf", "glyf", "rtl"),
    source(CHINESE, "NotoSansHans-Regular.otf", "cff", "cjk"),
  ],
  bold: [
    source(LATIN, "NotoSans-Bold.ttf", "glyf", "latin"),
    source(HEBREW, "NotoSansHebrew-Bold.ttf", "glyf", "rtl"),
    source(ARABIC, "NotoNaskhArabic-Bold.ttf", "glyf", "rtl"),
    source(CHINESE, "NotoSansHans-Bold.otf", "cff", "cjk"),
  ],
};

/** What prints for a character no font has. */
export const MISSING = "\uFFFD";

/** The font of the chain that draws the code point, or undefined. */
export function fontFor(chain: FontSource[], codePoint: number): FontSource | undefined {
  return chain.find((s) => s.font().hasGlyphForCodePoint(codePoint));
}

/** Width in font units of `text` drawn with one font (the advance widths of its shaped glyphs, as pdf-lib draws them). */
export function unitsWith(source: FontSource, text: string): number {
  let units = 0;
  for (const glyph of source.font().layout(text, source.features()).glyphs) units += glyph.advanceWidth;
  return units;
}

/** Font units as points at `size`. */
export const pointsOf = (source: FontSource, units: number, size: number): number => (units * size) / source.font().unitsPerEm;

export { fontkit };
