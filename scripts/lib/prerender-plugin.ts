// Vite plugin behind `vite build` (vite.config.ts): once the browser build is written, builds
// src/client/entry-server.tsx for Node (a Vite SSR build into a scratch folder of the project,
// so its imports resolve from node_modules), renders every public page and the not-found page
// with it, and writes each as index.html with the markup inside #root and the page's own
// title and description, into dist/client/.pages/ (static-site.ts serves them; the browser
// hydrates them, main.tsx). Part of the build itself, so `npm run build`, the e2e set-up
// (vite's build() API) and the Lighthouse run all get it.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin, type ResolvedConfig } from "vite";
import { NOT_FOUND_PAGE, PRERENDERED_DIR, PUBLIC_PAGE_PATHS, prerenderedFileOf } from "../../src/shared/page-routes.ts";
import type { PrerenderedPage } from "../../src/client/entry-server";

/** A path no route matches: renders the app's '404 Page Not Found'. */
const UNKNOWN_PATH = "/__pagina-inexistente";

export function prerenderPages({ projectRoot }: { projectRoot: string }): Plugin {
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
      const scratch = path.join(projectRoot, ".tmp", `prerender-${process.pid}-${Date.now()}`);
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: "warn",
          build: { ssr: "entry-server.tsx", outDir: scratch, emptyOutDir: true },
        });
        const entry = pathToFileURL(path.join(scratch, "entry-server.js")).href;
        const { renderPage } = (await import(entry)) as { renderPage: (path: string) => Promise<PrerenderedPage> };
        const template = await readFile(path.join(outDir, "index.html"), "utf8");
        await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
        for (const page of [...PUBLIC_PAGE_PATHS, NOT_FOUND_PAGE] as const) {
          const rendered = await renderPage(page === NOT_FOUND_PAGE ? UNKNOWN_PATH : page);
          await writeFile(path.join(outDir, PRERENDERED_DIR, prerenderedFileOf(page)), fillTemplate(template, rendered));
        }
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * index.html with the page's markup in #root and its title and description in the head. The
 * page paints without its scripts now, so the entry script is fetched at low priority: it no
 * longer competes with the style sheet and the pictures of the first paint (the server marks
 * the page's chunk preloads the same way, static-site.ts).
 */
export function fillTemplate(template: string, page: PrerenderedPage): string {
  const rootTag = '<div id="root"></div>';
  if (!template.includes(rootTag)) throw new Error(`index.html has no empty ${rootTag}`);
  let html = template.replace(rootTag, () => `<div id="root">${page.html}</div>`);
  html = html.replace(/<script type="module" /g, '<script type="module" fetchpriority="low" ');
  if (page.title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title!)}</title>`);
  if (page.description) {
    html = html.replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, (_m, open: string, close: string) => open + escapeHtml(page.description!) + close);
  }
  return html;
}
