// node scripts/decision-status.mjs: gives each decision in docs/decisions the line
// `**Date:** YYYY-MM-DD · **Status:** …` right under its title (the only change it makes), for
// the files without one. The date is the day git first recorded the file; the status is
// "accepted", or "amended by N" / "superseded by N" where a later decision changed it (the table
// below, read from the decisions' own "Later." and "Superseded in part" notes).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const DIR = "docs/decisions";
const LATER = {
  "001": "amended by 097",
  "051": "amended by 111",
  "074": "amended by 166",
  "081": "amended by 099",
  "084": "amended by 150",
  "102": "amended by 166",
  "125": "amended by 143",
};

let changed = 0;
for (const name of readdirSync(DIR).filter((f) => /^\d{3}-.*\.md$/.test(f)).sort()) {
  const file = path.join(DIR, name);
  const lines = readFileSync(file, "utf8").split("\n");
  if (!lines[0].startsWith("# ") || lines[1]?.startsWith("**Date:**")) continue;
  const added = execFileSync("git", ["log", "--diff-filter=A", "--format=%as", "--", file], { encoding: "utf8" }).trim().split("\n");
  const date = added[added.length - 1];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`${file}: not in git yet`);
  lines.splice(1, 0, `**Date:** ${date} · **Status:** ${LATER[name.slice(0, 3)] ?? "accepted"}`);
  writeFileSync(file, lines.join("\n"));
  changed++;
}
console.log(`${changed} decisions dated`);
