// npm run lighthouse: builds the app, starts the production server on a fresh embedded database,
// and runs Lighthouse 12 (mobile) through npx with Debian Chromium on /, /calculadora and
// /rastreo, printing the four scores of each page beside the budgets.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { startProductionServer, type ServerProcess } from "../scripts/lib/processes";
import path from "node:path";

const PAGES = ["/", "/calculadora", "/rastreo"];
const BUDGET: Record<string, number> = { performance: 95, accessibility: 100, "best-practices": 95, seo: 95 };

async function main() {
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
    console.log(`\n${"page".padEnd(16)} ${Object.keys(BUDGET).map((k) => k.padEnd(16)).join("")}`);
    for (const page of PAGES) {
      const out = path.join(root, `lh-${page.replace(/\W/g, "_") || "home"}.json`);
      // Lighthouse now and then aborts a page (NO_NAVSTART, a Chromium start-up race): one retry.
      type Report = { categories: Record<string, { score: number | null }>; runtimeError?: { code: string } };
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
      if (typeof result === "string") {
        console.log(`${page.padEnd(16)} ${result}`);
        failed = true;
        continue;
      }
      const cells = Object.entries(BUDGET).map(([key, budget]) => {
        const score = Math.round(((result as Report).categories[key]?.score ?? 0) * 100);
        if (score < budget) failed = true;
        return `${score}${score >= budget ? "" : ` (<${budget})`}`.padEnd(16);
      });
      console.log(`${page.padEnd(16)} ${cells.join("")}`);
    }
    console.log(`\nBudgets: ${Object.entries(BUDGET).map(([k, v]) => `${k} ≥ ${v}`).join(", ")}`);
    console.log(failed ? "Some budgets are not met." : "Every budget is met.");
  } finally {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
