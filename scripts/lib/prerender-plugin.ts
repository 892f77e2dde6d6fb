// Vite plugin behind `vite build` (vite.config.ts): once the browser build is written, builds
// src/client/entry-server.tsx for Node (a Vite SSR build into <outDir>/.ssr/, kept with the build:
// a server with its own brand renders its pages with it at start, static-site.ts), renders every
// public page and the not-found page with it in a worker (server/lib/site-render.ts), and writes
// each as index.html with the markup inside #root and the page's own title and description, into
// dist/client/.pages/ (static-site.ts serves them; the browser hydrates them, main.tsx). Part of
// the build itself, so `npm run build`, the e2e set-up (vite's build() API) and the Lighthouse run
// all get it. The bundle imports react and the rest from node_modules: the build folder must stay
// inside the project (dist/client, .tmp/...), as every one of ours does.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { PRERENDERED_DIR } from "../../src/shared/page-routes.ts";
import { renderSite, SSR_DIR, ssrEntryOf } from "../../src/server/lib/site-render.ts";

export function prerenderPages(): Plugin {
  let config: ResolvedConfig | undefined;
  let outDir: string | undefined;
  return {
    name: "express-import:prerender",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(options) {
      outDir = options.dir;
    },
    async closeBundle() {
      if (!config || !outDir) return;
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: "warn",
        build: { ssr: "entry-server.tsx", outDir: path.join(outDir, SSR_DIR), emptyOutDir: true },
      });
      // The bundle is ES modules whatever package.json surrounds the build folder.
      await writeFile(path.join(outDir, SSR_DIR, "package.json"), '{ "type": "module" }\n');
      const pages = await renderSite({ entry: ssrEntryOf(outDir), template: await readFile(path.join(outDir, "index.html"), "utf8") });
      await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
      for (const [file, html] of Object.entries(pages)) await writeFile(path.join(outDir, PRERENDERED_DIR, file), html);
    },
  };
}
