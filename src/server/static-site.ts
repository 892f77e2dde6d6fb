// The browser app served by the API server: dist/client as static files (Brotli copies, a year's
// cache for hashed assets); for every page path its HTML — prerendered at build time for the
// public pages (dist/client/.pages, vite.config.ts), index.html for the staff panels — with
// <link rel="modulepreload"> for that page's chunks (read from Vite's manifest) and the brand
// overrides (with BRAND_* set, the public pages are rendered again with that brand at start, in a
// worker, lib/site-render.ts); the app's 'Página no encontrada' page with status 404 for any other path (the page
// list is shared with the client router, shared/page-routes.ts), and the Spanish JSON 404 for
// unknown /api and /objects addresses. Registered last by buildApp (app.ts).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import type { Config } from "./config";
import { errorBody } from "./errors";
import { renderSite, SSR_DIR, ssrEntryOf } from "./lib/site-render";
import {
  NOT_FOUND_PAGE,
  pagePathOf,
  PRERENDERED_DIR,
  PUBLIC_PAGE_PATHS,
  prerenderedFileOf,
  STAFF_PAGE_PATHS,
  type PagePath,
} from "../shared/page-routes";

/** The built browser app, its pages with their preloads, and the Spanish 404 of every other path. */
export async function registerStaticSite(
  app: FastifyInstance,
  deps: { staticDir?: string; config: Pick<Config, "brand" | "brandOverridden"> },
): Promise<void> {
  const indexFile = deps.staticDir ? path.join(deps.staticDir, "index.html") : undefined;
  // Replaced whole once a rebranded server's own render is ready (handlers read it per request).
  let pages: SitePages | undefined;
  if (deps.staticDir && indexFile && existsSync(indexFile)) {
    const staticDir = deps.staticDir;
    const site = siteOf(staticDir, deps.config);
    pages = site.pages(site.buildPage);
    if (deps.config.brandOverridden) {
      renderWithBrand(app, staticDir, { template: site.shell, brandData: brandDataOf(deps.config) }, (rendered) => {
        pages = site.pages((page) => rendered[prerenderedFileOf(page)]);
      });
    }
    await app.register(fastifyStatic, {
      root: deps.staticDir,
      index: false,
      wildcard: true,
      // The build writes a Brotli copy of each script, style sheet and picture (vite.config.ts).
      preCompressed: true,
      // Vite's build manifest (.vite/), the prerendered pages (.pages/) and the server bundle
      // that renders them (.ssr/) are for the server only: the browser gets the pages at their
      // own addresses.
      allowedPath: (pathName) => ![".vite", PRERENDERED_DIR, SSR_DIR].some((dir) => pathName.startsWith(`/${dir}/`)),
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

  if (pages) {
    app.get("/", (_request, reply) =>
      reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(pages!.page.get("/")!.prerendered),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith("/api/") || url === "/api" || url.startsWith("/objects/")) {
      return reply.status(404).send(errorBody("NOT_FOUND", "Recurso no encontrado"));
    }
    if ((request.method === "GET" || request.method === "HEAD") && pages) {
      // The browser app owns every other path: its pages answer 200, anything else its own
      // 'Página no encontrada' page with a real 404, so search engines and link checkers see it.
      const pathname = url.split(/[?#]/)[0];
      const page = pagePathOf(pathname);
      const html = page
        ? // The prerendered HTML was drawn for the path as written in the list; another spelling
          // the router accepts (/Calculadora/) gets the page rendered in the browser instead.
          (pathname === page ? pages.page.get(page)!.prerendered : pages.page.get(page)!.shell)
        : pages.notFound;
      return reply
        .status(page ? 200 : 404)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-cache")
        .send(html);
    }
    return reply.status(404).send(errorBody("NOT_FOUND", "Página no encontrada"));
  });
}

interface SitePages {
  /** Each page: its prerendered HTML (index.html for the staff panels) and the bare shell. */
  page: Map<PagePath, { prerendered: string; shell: string }>;
  notFound: string;
}

type PrerenderedKey = (typeof PUBLIC_PAGE_PATHS)[number] | typeof NOT_FOUND_PAGE;

/**
 * The site's shell (index.html with the brand overrides), the build's prerendered HTML of a
 * page, and every page's HTML from a source of prerendered pages (a page it lacks gets the
 * shell, rendered in the browser). With the brand overridden the build's HTML (drawn with the
 * default brand) cannot be used, or the browser would find other names than it renders: the
 * server renders its own (renderWithBrand) and serves the shell until then (decision 110).
 */
function siteOf(staticDir: string, config: Pick<Config, "brand" | "brandOverridden">) {
  const shell = injectBrand(readFileSync(path.join(staticDir, "index.html"), "utf8"), config);
  const buildPage = (page: PrerenderedKey): string | undefined => {
    const file = path.join(staticDir, PRERENDERED_DIR, prerenderedFileOf(page));
    return !config.brandOverridden && existsSync(file) ? readFileSync(file, "utf8") : undefined;
  };
  const withPreloads = pagePreloads(staticDir);
  const pages = (prerenderedOf: (page: PrerenderedKey) => string | undefined): SitePages => {
    const page = new Map<PagePath, { prerendered: string; shell: string }>();
    for (const route of PUBLIC_PAGE_PATHS) {
      const html = prerenderedOf(route);
      page.set(route, { prerendered: withPreloads(html ?? shell, route, html !== undefined), shell: withPreloads(shell, route, false) });
    }
    for (const route of STAFF_PAGE_PATHS) {
      const html = withPreloads(shell, route, false);
      page.set(route, { prerendered: html, shell: html });
    }
    const notFound = prerenderedOf(NOT_FOUND_PAGE);
    return { page, notFound: withPreloads(notFound ?? shell, NOT_FOUND_PAGE, notFound !== undefined) };
  };
  return { shell, buildPage, pages };
}

/**
 * A rebranded server's own prerendered pages: the build's server bundle renders them with the
 * configured brand in a worker, in the background once the app is ready (the shell is served
 * meanwhile, so the start is not slowed), and `use` takes them. Any failure leaves the shell,
 * with a warning: the site works as before, without the early paint.
 */
function renderWithBrand(
  app: FastifyInstance,
  staticDir: string,
  page: { template: string; brandData: string },
  use: (pages: Record<string, string>) => void,
) {
  const entry = ssrEntryOf(staticDir);
  const stop = new AbortController();
  app.addHook("onReady", async () => {
    if (!existsSync(entry)) {
      app.log.warn({ entry }, "the build has no server bundle: the rebranded pages render in the browser");
      return;
    }
    const started = performance.now();
    renderSite({ entry, ...page, signal: stop.signal }).then(
      (rendered) => {
        use(rendered);
        app.log.info({ pages: Object.keys(rendered).length, ms: Math.round(performance.now() - started) }, "public pages rendered with the configured brand");
      },
      (error: unknown) => {
        if (!stop.signal.aborted) app.log.warn({ err: error }, "could not render the pages with the configured brand: they render in the browser");
      },
    );
  });
  app.addHook("onClose", async () => stop.abort());
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
 * Adds to a page's HTML <link rel="modulepreload"> for the page's own chunk and everything it
 * imports, read from Vite's manifest: the browser fetches them alongside the entry script
 * instead of after it has run (no request chain before the page is ready). Inicio is in the
 * entry itself and gets its picture. A prerendered page paints without them: they are fetched
 * at low priority, after what the first paint needs, like its entry script (decision 110).
 */
function pagePreloads(
  staticDir: string,
): (html: string, page: PagePath | typeof NOT_FOUND_PAGE, prerendered: boolean) => string {
  const homeHint = existsSync(path.join(staticDir, HOME_PICTURE))
    ? `<link rel="preload" as="image" href="${HOME_PICTURE}" fetchpriority="high">`
    : "";
  const manifestFile = path.join(staticDir, ".vite", "manifest.json");
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, ManifestChunk>)
    : undefined;
  const inIndex = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest?.[key];
    if (!chunk || chunk.isEntry || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  for (const chunk of Object.values(manifest ?? {})) {
    if (chunk.isEntry) for (const imported of chunk.imports ?? []) collect(imported, inIndex);
  }
  return (html, page, prerendered) => {
    if (page === "/") return homeHint ? html.replace("</head>", `${homeHint}</head>`) : html;
    const key = pageModuleOf(page);
    if (!manifest?.[key]) return html;
    const files = new Set<string>();
    for (const start of [key, ...LAZY_PAGE_COMPANIONS]) collect(start, files);
    const links = [...files]
      .filter((file) => !inIndex.has(file))
      .map((file) => `<link rel="modulepreload"${prerendered ? ' fetchpriority="low"' : ""} crossorigin href="/${file}">`)
      .join("");
    return html.replace("</head>", `${links}</head>`);
  };
}

/** The page module of a page by the client's naming: every back-office section is pages/admin. */
function pageModuleOf(page: PagePath | typeof NOT_FOUND_PAGE): string {
  if ((STAFF_PAGE_PATHS as readonly string[]).includes(page)) return "pages/admin.tsx";
  return `pages/${page.replace(/^\//, "")}.tsx`;
}

/** The brand as the page carries it: JSON that cannot close its script tag. */
const brandDataOf = (config: Pick<Config, "brand">) => JSON.stringify(config.brand).replace(/</g, "\\u003c");

/**
 * Puts brand overrides in the page as inert JSON the browser reads at start; the server's own
 * render reads the same text (renderWithBrand), so both draw the same brand.
 */
function injectBrand(html: string, config: Pick<Config, "brand" | "brandOverridden">): string {
  if (!config.brandOverridden) return html;
  return html.replace("</head>", `<script id="brand-data" type="application/json">${brandDataOf(config)}</script></head>`);
}
