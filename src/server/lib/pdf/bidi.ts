// Right-to-left text in a PDF line (issue 31, decision 151): a small part of the Unicode
// bidirectional algorithm, enough for names and addresses. The line is cut into runs of one
// embedding level and one font, and the runs are put in display order (rule L2). Inside a
// right-to-left run fontkit's layout shapes the letters (Arabic joining) and reverses the glyphs
// itself, so each run keeps its logical text. Not handled: explicit embeddings and isolates
// (their control characters are dropped before), mirrored brackets, Arabic-Indic digits.
import { fontFor, type FontSource } from "./fonts";

export interface Run {
  source: FontSource;
  /** Logical order; the font's layout orders a right-to-left script's glyphs. */
  text: string;
  level: number;
}

const RTL = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
type Kind = "R" | "L" | "EN" | "M" | "N";

function kindOf(ch: string): Kind {
  if (/\p{M}/u.test(ch)) return "M";
  if (RTL.test(ch) && /[\p{L}\p{N}]/u.test(ch)) return "R";
  if (/\p{L}/u.test(ch)) return "L";
  if (/\p{Nd}/u.test(ch)) return "EN";
  return "N";
}

/** The embedding level of every character (0 left-to-right, 1 right-to-left, 2 left-to-right inside it). */
export function bidiLevels(chars: string[]): number[] {
  const kinds = chars.map(kindOf);
  const firstStrong = kinds.find((k) => k === "R" || k === "L");
  const paragraph = firstStrong === "R" ? 1 : 0;
  const ltr = paragraph === 1 ? 2 : 0;
  const levels = new Array<number>(chars.length).fill(paragraph);
  // Strong characters and numbers first; a number after right-to-left text is part of it (W2, W7).
  let lastStrong: "R" | "L" = paragraph === 1 ? "R" : "L";
  kinds.forEach((kind, i) => {
    if (kind === "R") levels[i] = 1;
    else if (kind === "L") levels[i] = ltr;
    else if (kind === "EN") levels[i] = lastStrong === "R" ? 2 : ltr;
    if (kind === "R" || kind === "L") lastStrong = kind;
  });
  // The direction a neighbour gives a neutral: numbers count as right-to-left inside it (N1).
  const direction = (i: number): "R" | "L" | undefined => {
    const kind = kinds[i];
    if (kind === "R") return "R";
    if (kind === "L") return "L";
    if (kind === "EN") return levels[i] === 2 ? "R" : "L";
    return undefined;
  };
  const outside = paragraph === 1 ? "R" : "L";
  for (let i = 0; i < chars.length; i++) {
    if (kinds[i] !== "N") continue;
    let j = i;
    while (j < chars.length && kinds[j] === "N") j++;
    let before: "R" | "L" | undefined;
    for (let b = i - 1; b >= 0 && !before; b--) before = direction(b);
    let after: "R" | "L" | undefined;
    for (let a = j; a < chars.length && !after; a++) after = direction(a);
    before ??= outside;
    after ??= outside;
    const level = before === after ? (before === "R" ? 1 : ltr) : paragraph;
    for (let k = i; k < j; k++) levels[k] = level;
    i = j - 1;
  }
  // A mark takes its base's level.
  kinds.forEach((kind, i) => {
    if (kind === "M" && i > 0) levels[i] = levels[i - 1];
  });
  return levels;
}

/**
 * The line as runs in display order, left to right, each drawn with the first font of `chain`
 * that has its characters. Every character must be drawable by some font of the chain.
 */
export function visualRuns(text: string, chain: FontSource[]): Run[] {
  const chars = [...text];
  const levels = bidiLevels(chars);
  const runs: Run[] = [];
  let current: Run | undefined;
  chars.forEach((ch, i) => {
    const cp = ch.codePointAt(0)!;
    const kind = kindOf(ch);
    const keep = current && current.level === levels[i] && kind !== "R" && kind !== "L" && current.source.font().hasGlyphForCodePoint(cp);
    const source = keep ? current!.source : (fontFor(chain, cp) ?? chain[0]);
    if (current && current.level === levels[i] && current.source === source) current.text += ch;
    else runs.push((current = { source, text: ch, level: levels[i] }));
  });
  // L2: from the highest level down to 1, reverse every sequence of runs at that level or above.
  const highest = Math.max(0, ...runs.map((r) => r.level));
  for (let level = highest; level >= 1; level--) {
    for (let i = 0; i < runs.length; i++) {
      if (runs[i].level < level) continue;
      let j = i;
      while (j < runs.length && runs[j].level >= level) j++;
      runs.splice(i, j - i, ...runs.slice(i, j).reverse());
      i = j;
    }
  }
  return runs;
}
