// The server's half of `npm run build` (decision 165): bundles src/server/main.ts and the operator
// scripts into plain JavaScript in dist/server, so production runs `node dist/server/main.js`
// without the TypeScript loader (tsx stays for development and the tests). The packages in
// node_modules are left as imports (found from dist/server upwards, like the sources find them);
// only the project's own code is bundled. The files the code finds next to itself at run time
// are copied beside the bundle:
//   migrations/      src/server/db/migrations (db/client.ts: new URL("./migrations", import.meta.url))
//   xls-worker.mjs   src/server/lib/xlsx/xls-worker.mjs (xls-reader.ts starts it as a worker thread)
// The PDF fonts are found through their packages (require.resolve) and the browser build through
// STATIC_DIR or ../../dist/client, the same from dist/server/main.js as from src/server/main.ts.
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { build, type BuildOptions } from "esbuild";

/** The Node versions the output must run on: the lowest that package.json's engines allows. */
const TARGET = "node20.19";

/** Output name → source: the server and the commands docs/operations.md has operators run. */
export const SERVER_ENTRIES: Record<string, string> = {
  main: "src/server/main.ts",
  backup: "scripts/backup.ts",
  restore: "scripts/restore.ts",
  "staff-recover": "scripts/staff-recover.ts",
  "audit-verify": "scripts/audit-verify.ts",
  seed: "scripts/seed.ts",
};

/** Files the bundle reads or starts next to itself: source (from the project root) → name in the output. */
export const RUNTIME_FILES: Record<string, string> = {
  "src/server/db/migrations": "migrations",
  "src/server/lib/xlsx/xls-worker.mjs": "xls-worker.mjs",
};

/** How the server is bundled (the start-cost test bundles main.ts the same way to read what it loads at start). */
export const BUNDLE_OPTIONS = {
  bundle: true,
  // Shared modules in chunks beside the entries (not in a sub-folder): a module that finds a
  // file with new URL("./…", import.meta.url) finds it in outDir wherever it was bundled. A
  // module imported with import() becomes a chunk of its own, loaded when first asked for.
  splitting: true,
  chunkNames: "chunk-[hash]",
  format: "esm",
  platform: "node",
  target: TARGET,
  packages: "external",
  // Stack traces in the logs name the TypeScript files (node --enable-source-maps in `npm run serve`).
  sourcemap: "linked",
  logLevel: "warning",
  legalComments: "none",
} satisfies BuildOptions;

export async function buildServer(options: { root?: string; outDir?: string } = {}): Promise<{ outDir: string }> {
  const root = path.resolve(options.root ?? ".");
  const outDir = path.resolve(root, options.outDir ?? "dist/server");
  rmSync(outDir, { recursive: true, force: true });
  await build({
    ...BUNDLE_OPTIONS,
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, source]) => [name, path.join(root, source)])),
    outdir: outDir,
  });
  for (const [source, name] of Object.entries(RUNTIME_FILES)) {
    cpSync(path.join(root, source), path.join(outDir, name), { recursive: true });
  }
  return { outDir };
}

if (process.argv[1] && path.basename(process.argv[1]) === "build-server.ts") {
  const started = Date.now();
  const { outDir } = await buildServer({ outDir: process.argv[2] });
  console.log(`server built in ${path.relative(process.cwd(), outDir) || "."} (${Date.now() - started} ms)`);
}
