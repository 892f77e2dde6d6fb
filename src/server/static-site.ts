// The browser app served by the API server: dist/client as static files (Brotli copies, a year's
// cache for hashed assets), index.html for every page path with <link rel="modulepreload"> for that
// page's chunks (read from Vite's manifest) and the brand overrides, and the Spanish 404 for
// unknown /api and /objects addresses. Registered last by buildApp (app.ts).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import type { Config } from "./config";
import { errorBody } from "./errors";

/** The built browser app, its pages with their preloads, and the Spanish 404 of every other path. */
export async function registerStaticSite(
  app: FastifyInstance,
  deps: { staticDir?: string; config: Pick<Config, "brand" | "brandOverridden"> },
): Promise<void> {
  const indexFile = deps.staticDir ? path.join(deps.staticDir, "index.html") : undefined;
  let indexHtml: string | undefined;
  let pageHtml = new Map<string, string>();
  if (deps.staticDir && indexFile && existsSync(indexFile)) {
    indexHtml = injectBrand(readFileSync(indexFile, "utf8"), deps.config);
    pageHtml = pagesWithPreloads(indexHtml, deps.staticDir);
    await app.register(fastifyStatic, {
      root: deps.staticDir,
      index: false,
      wildcard: true,
      // The build writes a Brotli copy of each script, style sheet and picture (vite.config.ts).
      preCompressed: true,
      // Vite's build manifest (.vite/) is for the server only; the browser never needs it.
      allowedPath: (pathName) => !pathName.startsWith("/.vite/"),
      setHeaders(res, filePath) {
        // Vite puts content hashes in /assets names: cache them for a year. Pictures and the icon
        // keep their names when they change, so a week, then revalidated with their ETag.
        res.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "public, max-age=604800",
        );
      },
    });
  }

  if (indexHtml) {
    const html = pageHtml.get(pageModuleFor("/")) ?? indexHtml;
    app.get("/", (_request, reply) =>
      reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(html),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith("/api/") || url === "/api" || url.startsWith("/objects/")) {
      return reply.status(404).send(errorBody("NOT_FOUND", "Recurso no encontrado"));
    }
    if ((request.method === "GET" || request.method === "HEAD") && indexHtml) {
      // The browser app owns every other path, including its own 404 page.
      const html = pageHtml.get(pageModuleFor(url)) ?? indexHtml;
      return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(html);
    }
    return reply.status(404).send(errorBody("NOT_FOUND", "Página no encontrada"));
  });
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** Inicio's largest picture (its LCP element), fetched with the page rather than after the script. */
const HOME_PICTURE = "/images/hero-importacion.svg";
/** Every lazily loaded page is fetched together with the query client's provider (src/client/app.tsx). */
const LAZY_PAGE_COMPANIONS = ["lib/query-provider.tsx"];

/**
 * index.html for each page path, with <link rel="modulepreload"> for the page's own chunk and
 * everything it imports, read from Vite's manifest: the browser fetches them alongside the
 * entry script instead of after it has run (no request chain before the first paint). Keyed
 * by page module (see pageModuleFor); Inicio is in the entry itself and gets its picture.
 */
function pagesWithPreloads(indexHtml: string, staticDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  if (existsSync(path.join(staticDir, HOME_PICTURE))) {
    const hint = `<link rel="preload" as="image" href="${HOME_PICTURE}" fetchpriority="high">`;
    pages.set(pageModuleFor("/"), indexHtml.replace("</head>", `${hint}</head>`));
  }
  const manifestFile = path.join(staticDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>;
  const inIndex = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  for (const chunk of Object.values(manifest)) {
    if (chunk.isEntry) for (const imported of chunk.imports ?? []) collect(imported, inIndex);
  }
  for (const key of Object.keys(manifest)) {
    if (!/^pages\/[a-z0-9-]+\.tsx$/.test(key) || key === pageModuleFor("/")) continue;
    const files = new Set<string>();
    for (const start of [key, ...LAZY_PAGE_COMPANIONS]) collect(start, files);
    const links = [...files]
      .filter((file) => !inIndex.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join("");
    pages.set(key, indexHtml.replace("</head>", `${links}</head>`));
  }
  return pages;
}

/** The page module of a path by the client's naming: / is home, /admin/tracking is admin-tracking. */
function pageModuleFor(url: string): string {
  const pathname = url.split(/[?#]/)[0].replace(/^\/+|\/+$/g, "");
  return `pages/${pathname ? pathname.replace(/\//g, "-") : "home"}.tsx`;
}

/** Puts brand overrides in the page as inert JSON the browser reads at start. */
function injectBrand(html: string, config: Pick<Config, "brand" | "brandOverridden">): string {
  if (!config.brandOverridden) return html;
  const json = JSON.stringify(config.brand).replace(/</g, "\\u003c");
  return html.replace("</head>", `<script id="brand-data" type="application/json">${json}</script></head>`);
}
