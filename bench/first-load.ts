// The first-load JavaScript of a page, as `npm run bench` has always measured it for / ("JS a
// visitor downloads on / (gzip)"): every /assets/*.js the page's HTML names (the entry script
// and its modulepreload links), each gzipped on its own with Node's default level, added up.
// The bench, the bundle report (bench/bundle.ts) and the journey that holds the budget
// (tests/e2e/first-load.test.ts) share it, so the three cannot drift apart.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** First-load JavaScript of / (issue 37 item 5; 120 kB before). */
export const FIRST_LOAD_BUDGET_KB = 100;

/** The scripts a page's HTML loads before it runs: its script and modulepreload addresses, in order, once each. */
export function firstLoadScripts(html: string): string[] {
  return [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]))];
}

/** Gzipped bytes of one built file (its address under the build folder, e.g. /assets/index-x.js). */
export function gzipBytes(staticDir: string, file: string): number {
  return gzipSync(readFileSync(path.join(staticDir, file))).length;
}

/** The first load of the built index.html (the entry chunk with what it preloads), in gzipped kB. */
export function firstLoadOfIndex(staticDir: string): { files: string[]; kb: number } {
  const files = firstLoadScripts(readFileSync(path.join(staticDir, "index.html"), "utf8"));
  return { files, kb: files.reduce((sum, file) => sum + gzipBytes(staticDir, file), 0) / 1024 };
}
