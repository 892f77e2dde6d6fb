// The built site as the server hands it out (registerStaticSite in static-site.ts): each public
// page's prerendered HTML, unknown paths the not-found page with a 404; each page's HTML
// asks for that page's chunks (read from Vite's manifest) and Inicio's for its hero picture;
// the manifest itself is not served; hashed assets are immutable, pictures cached a week; the
// build's Brotli copies are sent as they are.
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { createTestDatabase, type TestDatabase } from "./test/database";
import { TEST_ADMIN_PASSWORD } from "./test/app";
import { SERVER_BRAND_GLOBAL } from "../shared/brand";

const INDEX =
  '<!doctype html><html lang="es"><head><script type="module" crossorigin src="/assets/index-a1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-c1.css"></head><body><div id="root"></div></body></html>';

// The shape Vite writes: the entry, two pages, shared chunks, and the query provider every
// lazy page is fetched with.
const MANIFEST = {
  "index.html": { file: "assets/index-a1.js", isEntry: true, imports: ["_shared-e1.js"], dynamicImports: ["pages/calculadora.tsx"] },
  "_shared-e1.js": { file: "assets/shared-e1.js" },
  "pages/calculadora.tsx": {
    file: "assets/calculadora-b2.js",
    isDynamicEntry: true,
    imports: ["index.html", "_kit-k1.js", "_shared-e1.js"],
    dynamicImports: ["features/product-analysis/product-assistant.tsx"],
  },
  "_kit-k1.js": { file: "assets/kit-k1.js", imports: ["index.html", "_icons-i1.js"] },
  "_icons-i1.js": { file: "assets/icons-i1.js" },
  "features/product-analysis/product-assistant.tsx": { file: "assets/product-assistant-p1.js", isDynamicEntry: true },
  "pages/admin.tsx": { file: "assets/admin-a1.js", isDynamicEntry: true, imports: ["index.html"] },
  "pages/not-found.tsx": { file: "assets/not-found-n1.js", isDynamicEntry: true, imports: ["index.html"] },
  "lib/query-provider.tsx": { file: "assets/query-provider-q1.js", isDynamicEntry: true, imports: ["index.html", "_query-q2.js"] },
  "_query-q2.js": { file: "assets/query-q2.js", imports: ["index.html"] },
};

/** What the build's prerender step writes for a page (dist/client/.pages/<name>.html). */
const prerendered = (text: string) => INDEX.replace('<div id="root"></div>', `<div id="root"><h1>${text}</h1></div>`);

/**
 * A stand-in for the build's server bundle (.ssr/entry-server.js, prerender plugin): draws two
 * pages with the brand the server's render worker hands it, as the real one does (the e2e
 * journey tests/e2e/prerender.test.ts runs the real one).
 */
const SSR_BUNDLE = `export async function prerenderSite(template) {
  const brand = JSON.parse(globalThis[${JSON.stringify(SERVER_BRAND_GLOBAL)}] ?? '{"name":"Express Import"}');
  const page = (text) => template.replace('<div id="root"></div>', '<div id="root"><h1>' + text + '</h1><p>' + brand.name + '</p></div>');
  return { "calculadora.html": page("Cotiza tu Envío"), "not-found.html": page("Página no encontrada") };
}
`;

const SCRIPT = `export const words = ${JSON.stringify("palabra ".repeat(400))};`;

let database: TestDatabase;
let app: FastifyInstance;
let staticDir: string;

beforeAll(async () => {
  staticDir = mkdtempSync(path.join(os.tmpdir(), "ei-static-"));
  for (const dir of ["assets", "images", ".vite"]) mkdirSync(path.join(staticDir, dir));
  writeFileSync(path.join(staticDir, "index.html"), INDEX);
  mkdirSync(path.join(staticDir, ".pages"));
  writeFileSync(path.join(staticDir, ".pages", "home.html"), prerendered("Inicio"));
  writeFileSync(path.join(staticDir, ".pages", "calculadora.html"), prerendered("Cotiza tu Envío"));
  writeFileSync(path.join(staticDir, ".pages", "not-found.html"), prerendered("Página no encontrada"));
  writeFileSync(path.join(staticDir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
  mkdirSync(path.join(staticDir, ".ssr"));
  writeFileSync(path.join(staticDir, ".ssr", "package.json"), '{ "type": "module" }');
  writeFileSync(path.join(staticDir, ".ssr", "entry-server.js"), SSR_BUNDLE);
  writeFileSync(path.join(staticDir, "assets", "index-a1.js"), "document.title = 'x';");
  writeFileSync(path.join(staticDir, "assets", "big-b1.js"), SCRIPT);
  // Marked, to tell the build's copy from one compressed on the fly.
  writeFileSync(path.join(staticDir, "assets", "big-b1.js.br"), brotliCompressSync(`${SCRIPT}\n// copia de la build`));
  writeFileSync(path.join(staticDir, "images", "hero-importacion.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/test-data", EXCHANGE_RATE_URLS: "http://127.0.0.1:9/x" });
  ({ app } = await buildApp({ config, database, adminPassword: TEST_ADMIN_PASSWORD, staticDir }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

const rebrandedConfig = () =>
  loadConfig({ NODE_ENV: "test", DATA_DIR: ".tmp/test-data", EXCHANGE_RATE_URLS: "http://127.0.0.1:9/x", BRAND_NAME: "Otra Marca" });

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload"(?: fetchpriority="low")? crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe("page HTML", () => {
  it("preloads a page's chunk and everything it imports, with the query provider, but nothing the entry already loads", async () => {
    const res = await app.inject({ method: "GET", url: "/calculadora?ref=EXABC123" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(preloadsOf(res.body).sort()).toEqual(
      ["/assets/calculadora-b2.js", "/assets/kit-k1.js", "/assets/icons-i1.js", "/assets/query-provider-q1.js", "/assets/query-q2.js"].sort(),
    );
    // Lazily loaded parts of the page stay lazy; the hints go in the head.
    expect(res.body).not.toContain("product-assistant");
    expect(res.body.indexOf("modulepreload")).toBeLessThan(res.body.indexOf("</head>"));
  });

  it("maps every back-office section to the one back-office module", async () => {
    for (const url of ["/admin", "/admin/tracking", "/admin/mensajes"]) {
      const res = await app.inject({ method: "GET", url });
      expect(preloadsOf(res.body), url).toContain("/assets/admin-a1.js");
    }
  });

  it("gives Inicio its hero picture early and a page without chunks or prerendered HTML the plain page", async () => {
    const home = await app.inject({ method: "GET", url: "/" });
    expect(home.body).toContain('<link rel="preload" as="image" href="/images/hero-importacion.svg" fetchpriority="high">');
    expect(preloadsOf(home.body)).toEqual([]);
    const faq = await app.inject({ method: "GET", url: "/faq" });
    expect(faq.statusCode).toBe(200);
    expect(faq.body).toBe(INDEX);
  });
});

describe("prerendered pages and the 404", () => {
  it("serves a public page's prerendered HTML, with its chunks preloaded", async () => {
    for (const url of ["/calculadora", "/calculadora?ref=EXABC123"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"><h1>Cotiza tu Envío</h1></div>');
      expect(preloadsOf(res.body)).toContain("/assets/calculadora-b2.js");
      // The page paints without its scripts: they wait behind what the paint needs.
      expect(res.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/calculadora-b2.js">');
    }
    const home = await app.inject({ method: "GET", url: "/" });
    expect(home.body).toContain("<h1>Inicio</h1>");
  });

  it("answers an unknown path 404 with the app's own 'Página no encontrada' page and its chunk", async () => {
    for (const url of ["/no-existe", "/calculadora/extra", "/admin/otra-cosa", "/rastreo.php"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body).toContain("<h1>Página no encontrada</h1>");
      expect(preloadsOf(res.body)).toContain("/assets/not-found-n1.js");
    }
    const head = await app.inject({ method: "HEAD", url: "/no-existe" });
    expect(head.statusCode).toBe(404);
  });

  it("answers 200 for every page of the router, the staff panels rendered in the browser", async () => {
    for (const url of ["/rastreo", "/avisos-tracking", "/tracking-whatsapp", "/admin", "/admin/tracking", "/admin/", "/Calculadora/"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it("renders the pages again with the configured brand when it is overridden, and serves them once ready", async () => {
    const { app: rebranded } = await buildApp({ config: rebrandedConfig(), database, adminPassword: TEST_ADMIN_PASSWORD, staticDir });
    try {
      // The build's HTML (default brand) is never served; the server's own render replaces the shell.
      await vi.waitFor(
        async () => {
          const page = await rebranded.inject({ method: "GET", url: "/calculadora" });
          expect(page.body).toContain('<div id="root"><h1>Cotiza tu Envío</h1><p>Otra Marca</p></div>');
        },
        { timeout: 20_000, interval: 50 },
      );
      const page = await rebranded.inject({ method: "GET", url: "/calculadora" });
      expect(page.statusCode).toBe(200);
      // The browser reads the same brand to hydrate it, and the page's scripts wait behind the paint.
      expect(page.body).toContain('<script id="brand-data" type="application/json">{"name":"Otra Marca"');
      expect(page.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/calculadora-b2.js">');
      const missing = await rebranded.inject({ method: "GET", url: "/no-existe" });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain("<h1>Página no encontrada</h1><p>Otra Marca</p>");
      // A page the render did not give (here: not in the stand-in bundle) is drawn in the browser.
      const faq = await rebranded.inject({ method: "GET", url: "/faq" });
      expect(faq.body).toContain('<div id="root"></div>');
      expect(faq.body).toContain("Otra Marca");
    } finally {
      await rebranded.close();
    }
  });

  it("serves the plain page, rendered in the browser, when the brand's render fails, and starts all the same", async () => {
    const brokenDir = mkdtempSync(path.join(os.tmpdir(), "ei-static-broken-"));
    cpSync(staticDir, brokenDir, { recursive: true });
    writeFileSync(path.join(brokenDir, ".ssr", "entry-server.js"), 'export async function prerenderSite() { throw new Error("roto"); }');
    const warnings: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void warnings.push(line) });
    const { app: rebranded } = await buildApp({ config: rebrandedConfig(), database, adminPassword: TEST_ADMIN_PASSWORD, staticDir: brokenDir, logger });
    try {
      await rebranded.ready();
      await vi.waitFor(() => expect(warnings.join("")).toContain("could not render the pages with the configured brand"), { timeout: 20_000 });
      const page = await rebranded.inject({ method: "GET", url: "/calculadora" });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).toContain("Otra Marca");
      expect(page.body).not.toContain("Cotiza tu Envío");
    } finally {
      await rebranded.close();
      rmSync(brokenDir, { recursive: true, force: true });
    }
  });

  it("does not serve the prerendered files at their own addresses, nor the bundle that renders them", async () => {
    const res = await app.inject({ method: "GET", url: "/.pages/calculadora.html" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("Cotiza tu Envío");
    const bundle = await app.inject({ method: "GET", url: "/.ssr/entry-server.js" });
    expect(bundle.statusCode).toBe(404);
    expect(bundle.body).not.toContain("prerenderSite");
  });
});

describe("static files", () => {
  it("does not serve Vite's manifest", async () => {
    const res = await app.inject({ method: "GET", url: "/.vite/manifest.json" });
    expect(res.body).not.toContain("calculadora-b2.js");
  });

  it("caches hashed assets for a year and pictures for a week", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/index-a1.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const picture = await app.inject({ method: "GET", url: "/images/hero-importacion.svg" });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers["cache-control"]).toBe("public, max-age=604800");
  });

  it("sends the build's Brotli copy to browsers that take it, and compresses for the others", async () => {
    const br = await app.inject({ method: "GET", url: "/assets/big-b1.js", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${SCRIPT}\n// copia de la build`);
    const gzip = await app.inject({ method: "GET", url: "/assets/big-b1.js", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
  });
});
