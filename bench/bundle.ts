// node --import tsx bench/bundle.ts [--top N]: what each public page's first load carries. Builds
// the browser app into .tmp/ (the same `vite build` as `npm run build`, plus a plugin that keeps
// each chunk's modules and their rendered bytes), then prints for /, /calculadora and /rastreo
// the scripts the page loads before it runs (the entry and its preloads, as the server adds
// them from Vite's manifest) with raw, gzip and Brotli bytes each, the first load of / as the
// bench measures it (bench/first-load.ts) beside its budget, and the N largest modules of
// the entry chunk (and what each other chunk holds). A look inside, like a bundle visualiser,
// without one more dependency.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { build, type Plugin } from "vite";
import { FIRST_LOAD_BUDGET_KB, firstLoadOfIndex, gzipBytes } from "./first-load";
import { numberArg } from "./args";

const PAGES = { "/": null, "/calculadora": "pages/calculadora.tsx", "/rastreo": "pages/rastreo.tsx" } as const;
/** Fetched with every page but Inicio (src/server/static-site.ts, LAZY_PAGE_COMPANIONS). */
const COMPANIONS = ["lib/query-provider.tsx"];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

function moduleSizes(into: Map<string, Map<string, number>>): Plugin {
  return {
    name: "bench:module-sizes",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const modules = new Map<string, number>();
        for (const [id, info] of Object.entries(output.modules)) modules.set(id, info.renderedLength);
        into.set(output.fileName, modules);
      }
    },
  };
}

const short = (id: string) =>
  id.includes("node_modules") ? id.replace(/.*node_modules\/((@[^/]+\/)?[^/]+)\/.*/, "$1 (package)") : path.relative(process.cwd(), id.replace(/\?.*$/, ""));

async function main() {
  const top = numberArg("top", 25);
  const outDir = path.resolve(".tmp", `bundle-${process.pid}`);
  mkdirSync(outDir, { recursive: true });
  const sizes = new Map<string, Map<string, number>>();
  try {
    await build({ logLevel: "warn", build: { outDir, emptyOutDir: true }, plugins: [moduleSizes(sizes)] });
    const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestChunk>;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    const closure = (key: string, into: Set<string>) => {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) return;
      into.add(chunk.file);
      for (const imported of chunk.imports ?? []) closure(imported, into);
    };
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
    for (const [page, module] of Object.entries(PAGES)) {
      const files = new Set<string>([entry.file]);
      for (const imported of entry.imports ?? []) closure(imported, files);
      if (module) for (const key of [module, ...COMPANIONS]) closure(key, files);
      let raw = 0;
      let gz = 0;
      let br = 0;
      console.log(`\n${page}: ${files.size} script(s) before the page runs`);
      console.log(`  ${"file".padEnd(44)}${"raw".padStart(10)}${"gzip".padStart(10)}${"brotli".padStart(10)}`);
      for (const file of files) {
        const bytes = readFileSync(path.join(outDir, file));
        const sizes3 = [bytes.length, gzipBytes(outDir, `/${file}`), brotliCompressSync(bytes).length];
        raw += sizes3[0];
        gz += sizes3[1];
        br += sizes3[2];
        const inside = file === entry.file ? [] : [...new Set([...(sizes.get(file)?.keys() ?? [])].map(short))];
        const what = inside.length > 4 ? `${inside.slice(0, 4).join(", ")} +${inside.length - 4}` : inside.join(", ");
        console.log(`  ${file.padEnd(44)}${sizes3.map((n) => kb(n).padStart(10)).join("")}  ${what}`);
      }
      console.log(`  ${"total".padEnd(44)}${[raw, gz, br].map((n) => kb(n).padStart(10)).join("")}`);
    }
    const judged = firstLoadOfIndex(outDir);
    console.log(
      `\nJS a visitor downloads on / (gzip, as npm run bench measures it): ${judged.kb.toFixed(1)} kB in ${judged.files.length} file(s); ` +
        `budget ≤ ${FIRST_LOAD_BUDGET_KB} kB: ${judged.kb <= FIRST_LOAD_BUDGET_KB ? "met" : "NOT MET"}`,
    );
    const entryModules = sizes.get(entry.file);
    if (entryModules) {
      const grouped = new Map<string, number>();
      for (const [id, length] of entryModules) grouped.set(short(id), (grouped.get(short(id)) ?? 0) + length);
      console.log(`\nLargest modules of ${entry.file} (rendered bytes, before compression):`);
      for (const [name, length] of [...grouped].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${String(length).padStart(8)}  ${name}`);
    }
    if (judged.kb > FIRST_LOAD_BUDGET_KB) process.exitCode = 1;
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
