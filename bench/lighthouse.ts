// npm run lighthouse: builds the app, starts the production server on a fresh embedded database,
// and runs Lighthouse 12 (mobile: simulated slow 4G, 4× CPU) through npx with Debian Chromium
// on /, /calculadora and /rastreo, `--runs N` times (3 by default: the budget holds in each
// run, not on average), printing the four scores and the first contentful paint of each page
// beside the budgets; exits 1 when any budget is missed in any run. `--save DIR` keeps each run's
// report there (run-page.json), to see what a score below budget came from.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { startProductionServer, type ServerProcess } from "../scripts/lib/processes";
import os from "node:os";
import path from "node:path";

const PAGES = ["/", "/calculadora", "/rastreo"];
const BUDGET: Record<string, number> = { performance: 95, accessibility: 100, "best-practices": 95, seo: 95 };
/** First contentful paint, simulated mobile (issue 17). */
const FCP_BUDGET_MS = 1500;

function runsOption(argv: string[]): number {
  const at = argv.indexOf("--runs");
  const value = at >= 0 ? Number(argv[at + 1]) : 3;
  if (!Number.isInteger(value) || value < 1) throw new Error("--runs takes a whole number ≥ 1");
  return value;
}

async function main() {
  const runs = runsOption(process.argv.slice(2));
  const saveAt = process.argv.indexOf("--save");
  const saveDir = saveAt >= 0 ? path.resolve(process.argv[saveAt + 1] ?? ".tmp/lighthouse-reports") : undefined;
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  const root = path.resolve(".tmp", `lighthouse-${process.pid}`);
  mkdirSync(root, { recursive: true });
  let server: ServerProcess | undefined;
  let failed = false;
  try {
    const staticDir = path.join(root, "client");
    const build = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--outDir", staticDir, "--emptyOutDir"], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (build.status !== 0) throw new Error("vite build failed");
    server = await startProductionServer({
      DATA_DIR: path.join(root, "data"),
      STATIC_DIR: staticDir,
      ADMIN_PASSWORD: "lighthouse-clave",
      EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
    });
    const base = server.baseUrl;
    // The performance score follows Total Blocking Time, which Lighthouse simulates from the tasks
    // it saw ×4: on a busy machine it rises with the load. Each run prints Lighthouse's own CPU
    // benchmark and the load average beside it (decision 228).
    console.log(`\n${"run page".padEnd(20)} ${[...Object.keys(BUDGET), "FCP", "TBT", "CPU index", "load"].map((k) => k.padEnd(16)).join("")}`);
    for (let round = 1; round <= runs; round++) for (const page of PAGES) {
      const out = path.join(root, `lh-${page.replace(/\W/g, "_") || "home"}.json`);
      // Lighthouse now and then aborts a page (NO_NAVSTART, a Chromium start-up race): one retry.
      type Report = {
        categories: Record<string, { score: number | null }>;
        audits: Record<string, { numericValue?: number }>;
        runtimeError?: { code: string };
        environment?: { benchmarkIndex?: number };
      };
      const attempt = (): Report | string => {
        const run = spawnSync(
          "npx",
          [
            "--yes",
            "lighthouse@12",
            base + page,
            "--quiet",
            "--output=json",
            `--output-path=${out}`,
            "--only-categories=performance,accessibility,best-practices,seo",
            "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-dev-shm-usage",
          ],
          { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" }, stdio: ["ignore", "ignore", "inherit"] },
        );
        if (run.status !== 0) return `lighthouse failed (exit ${run.status})`;
        const report = JSON.parse(readFileSync(out, "utf8")) as Report;
        return report.runtimeError ? `lighthouse failed (${report.runtimeError.code})` : report;
      };
      let result = attempt();
      if (typeof result === "string") {
        console.error(`${page}: ${result}, retrying once`);
        result = attempt();
      }
      const label = `${round} ${page}`.padEnd(20);
      if (saveDir && typeof result !== "string") copyFileSync(out, path.join(saveDir, `${round}-${page.replace(/\W/g, "_") || "home"}.json`));
      if (typeof result === "string") {
        console.log(`${label} ${result}`);
        failed = true;
        continue;
      }
      const cells = Object.entries(BUDGET).map(([key, budget]) => {
        const score = Math.round(((result as Report).categories[key]?.score ?? 0) * 100);
        if (score < budget) failed = true;
        return `${score}${score >= budget ? "" : ` (<${budget})`}`.padEnd(16);
      });
      const fcp = Math.round(result.audits["first-contentful-paint"]?.numericValue ?? Number.POSITIVE_INFINITY);
      if (!(fcp <= FCP_BUDGET_MS)) failed = true;
      cells.push(`${(fcp / 1000).toFixed(2)} s${fcp <= FCP_BUDGET_MS ? "" : ` (>${FCP_BUDGET_MS / 1000} s)`}`.padEnd(16));
      cells.push(`${Math.round(result.audits["total-blocking-time"]?.numericValue ?? 0)} ms`.padEnd(16));
      cells.push(`${Math.round(result.environment?.benchmarkIndex ?? 0)}`.padEnd(16), os.loadavg()[0].toFixed(1));
      console.log(`${label} ${cells.join("")}`);
    }
    console.log(
      `\nBudgets, in each of ${runs} run(s): ${Object.entries(BUDGET).map(([k, v]) => `${k} ≥ ${v}`).join(", ")}, FCP ≤ ${FCP_BUDGET_MS / 1000} s`,
    );
    console.log(failed ? "Some budgets are not met." : "Every budget is met.");
  } finally {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
