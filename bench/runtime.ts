// node --import tsx bench/runtime.ts [--runs N]: the production runtime against the development
// loader (decision 165). Per run, in a fresh process each:
//   import   the time and resident memory to import the whole server (src/server/app.ts and all
//            it imports, no database opened): under tsx from the sources, and plain node on the
//            same code bundled like `npm run build` bundles it;
//   healthy  start to the first 200 from /api/health and the memory then, on a migrated PGlite
//            copy: `node --import tsx src/server/main.ts` against `npm run serve`'s command.
// Runs alternate between the two so a busy machine weighs on both alike; medians are printed.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { BUNDLE_OPTIONS, buildServer } from "../scripts/build-server";
import { createMigratedPgliteDir } from "../src/server/test/database";
import { freePort } from "../src/server/test/free-port";
import { rssMb, waitForHealth } from "../scripts/lib/processes";
import { numberArg } from "./args";

const RUNS = numberArg("runs", 5);
const root = path.resolve(".tmp", `bench-runtime-${process.pid}`);
const IMPORT_PROBE = `
const started = performance.now();
await import(process.argv[1]);
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, rssMb: process.memoryUsage().rss / 1048576 }));
process.exit(0);
`;

function importOnce(args: string[], module: string): { ms: number; rssMb: number } {
  const run = spawnSync(process.execPath, [...args, "--input-type=module", "-e", IMPORT_PROBE, module], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split("\n").pop()!) as { ms: number; rssMb: number };
}

async function healthyOnce(command: string[], template: string, staticDir: string): Promise<{ ms: number; rssMb: number }> {
  const dataDir = path.join(root, "data-run");
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(template, dataDir, { recursive: true });
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, command, {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      ENV_FILE: "none",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      ADMIN_PASSWORD: "bench-clave-runtime",
      LOG_LEVEL: "warn",
      EXCHANGE_RATE_URLS: "http://127.0.0.1:9/sin-red",
    },
    stdio: "ignore",
  });
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, 120_000);
  const ms = performance.now() - started;
  const rss = rssMb(child.pid!);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  return { ms, rssMb: rss };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (runs: { ms: number; rssMb: number }[]) =>
  `${(median(runs.map((r) => r.ms)) / 1000).toFixed(2)} s, ${median(runs.map((r) => r.rssMb)).toFixed(0)} MB ` +
  `(time ${runs.map((r) => (r.ms / 1000).toFixed(2)).join(" / ")})`;

mkdirSync(root, { recursive: true });
try {
  const appBundle = path.join(root, "app");
  // Bundled as `npm run build` bundles (split: what the server imports with import() is not loaded here).
  await build({ ...BUNDLE_OPTIONS, entryPoints: { app: "src/server/app.ts" }, outdir: appBundle, sourcemap: false });
  // Bundled under .tmp so the packages resolve from the project's node_modules.
  const { outDir } = await buildServer({ outDir: path.join(root, "server") });
  const staticDir = path.join(root, "static");
  mkdirSync(staticDir);
  writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><html><head><title>EI</title></head><body></body></html>");
  const template = path.join(root, "data-template");
  await createMigratedPgliteDir(path.join(template, "pglite"));

  const results: Record<string, { ms: number; rssMb: number }[]> = {
    "import, tsx": [],
    "import, compiled": [],
    "healthy, tsx": [],
    "healthy, compiled": [],
  };
  for (let run = 0; run < RUNS; run++) {
    results["import, tsx"].push(importOnce(["--import", "tsx"], path.resolve("src/server/app.ts")));
    results["import, compiled"].push(importOnce([], path.join(appBundle, "app.js")));
    results["healthy, tsx"].push(await healthyOnce(["--import", "tsx", "src/server/main.ts"], template, staticDir));
    results["healthy, compiled"].push(await healthyOnce(["--enable-source-maps", path.join(outDir, "main.js")], template, staticDir));
  }
  console.log(`Node ${process.version}, ${RUNS} runs each, medians:`);
  for (const [name, runs] of Object.entries(results)) console.log(`  ${name.padEnd(18)} ${summary(runs)}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
