// npm run bench:all: `npm run bench` on both databases, two runs each (issue 37), one after the
// other, then one table of every figure: a column per run, the budget beside it, ✓ or ✗ where the
// figure has a budget. Each run still prints its own table and writes its JSON.
//
//   npm run bench:all -- --postgres-url postgres://user:password@127.0.0.1:5432/db [bench options]
//
// Without --postgres-url, DATABASE_URL is used; without either, only PGlite runs (and the table
// says so). --runs N changes the two runs per database. Every other option goes to each run
// unchanged (--clients, --trackings, --no-browser, ...). The table is written to
// bench-results/all-<date>.md as well.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { numberArg, stringArg } from "./args";

const RUNS = numberArg("runs", 2);
const POSTGRES_URL = stringArg("postgres-url", process.env.DATABASE_URL ?? "");
/** The options that belong to this script, with their values: the rest goes to bench/run.ts. */
const OWN = new Set(["--runs", "--postgres-url", "--tables"]);

interface Row {
  label: string;
  value: string;
  budget: string;
}
interface RunFigures {
  date: string;
  machine: string;
  database: string;
  loadAtStart?: number[];
  table?: Row[];
}

function passedOptions(): string[] {
  const argv = process.argv.slice(2);
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (OWN.has(argv[i])) i++;
    else out.push(argv[i]);
  }
  return out;
}

/**
 * "budget ≤ 500 ms: met (asked after 90 ms, …)" → the budget's words, whether this run met it
 * (undefined: no verdict) and the run's own note after the verdict.
 */
function splitVerdict(budget: string): { words: string; met?: boolean; note: string } {
  const m = /^(.*?):\s*(met|NOT MET)\b\s*(.*)$/.exec(budget);
  const words = (m ? m[1] : budget).replace(/^budget\s+/, "");
  return m ? { words, met: m[2] === "met", note: m[3] } : { words, note: "" };
}

/** One markdown table: the figures in the order they were first printed, a column per run. */
function combinedTable(runs: { name: string; figures: RunFigures }[]): string {
  const labels: string[] = [];
  for (const { figures } of runs) for (const row of figures.table ?? []) if (!labels.includes(row.label)) labels.push(row.label);
  const cell = (text: string) => text.replaceAll("|", "\\|");
  const out = [`| figure | ${runs.map((r) => r.name).join(" | ")} | budget |`, `|---|${runs.map(() => "---|").join("")}---|`];
  for (const label of labels) {
    // A budget that differs by database (the server's RSS) is named per run.
    const budgets = new Map<string, string[]>();
    const cells = runs.map(({ name, figures }) => {
      const row = figures.table?.find((r) => r.label === label);
      if (!row) return "—";
      const verdict = splitVerdict(row.budget);
      if (verdict.words) budgets.set(verdict.words, [...(budgets.get(verdict.words) ?? []), name]);
      const note = verdict.note ? ` ${verdict.note}` : "";
      return `${row.value}${note}${verdict.met === undefined ? "" : verdict.met ? " ✓" : " ✗"}`;
    });
    const words = budgets.size > 1 ? [...budgets].map(([text, names]) => `${names.join(", ")}: ${text}`).join("; ") : ([...budgets.keys()][0] ?? "");
    out.push(`| ${cell(label)} | ${cells.map(cell).join(" | ")} | ${cell(words)} |`);
  }
  return out.join("\n");
}

/** --tables a.json,b.json: the table of runs already made (bench-results/latest-<db>.json), without running. */
const SAVED = stringArg("tables", "");

function main(): void {
  if (SAVED) {
    const runs = SAVED.split(",").map((file) => {
      const figures = JSON.parse(readFileSync(file, "utf8")) as RunFigures;
      return { name: figures.database, figures };
    });
    console.log(combinedTable(runs));
    return;
  }
  const dir = path.resolve(".tmp", `bench-all-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const databases = POSTGRES_URL ? ["pglite", "postgres"] : ["pglite"];
  const runs: { name: string; figures: RunFigures }[] = [];
  try {
    for (const database of databases) {
      for (let run = 1; run <= RUNS; run++) {
        const out = path.join(dir, `${database}-${run}.json`);
        const env = { ...process.env };
        if (database === "postgres") env.DATABASE_URL = POSTGRES_URL;
        else delete env.DATABASE_URL;
        console.log(`\n== ${database}, run ${run} of ${RUNS} (load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")})`);
        const child = spawnSync(process.execPath, ["--import", "tsx", "bench/run.ts", ...passedOptions(), "--out", out], { env, stdio: "inherit" });
        if (child.status !== 0) throw new Error(`bench/run.ts on ${database} (run ${run}) ended with ${child.status ?? child.signal}`);
        runs.push({ name: `${database} ${run}`, figures: JSON.parse(readFileSync(out, "utf8")) as RunFigures });
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const first = runs[0].figures;
  const heading = [
    `Express Import benchmark, every run — ${first.date}`,
    `Machine: ${first.machine}, ${os.hostname()}`,
    `Runs: ${runs.map((r) => `${r.name} at ${r.figures.date.slice(11, 16)} UTC, load ${(r.figures.loadAtStart ?? []).join(" ")}`).join("; ")}`,
    POSTGRES_URL ? "" : "PostgreSQL not measured: give --postgres-url or DATABASE_URL.",
  ].filter(Boolean);
  const text = `${heading.join("\n")}\n\n${combinedTable(runs)}\n`;
  console.log(`\n${text}`);
  mkdirSync("bench-results", { recursive: true });
  const file = path.join("bench-results", `all-${first.date.slice(0, 16).replace(":", "")}.md`);
  writeFileSync(file, text);
  console.log(`Table written to ${file}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
