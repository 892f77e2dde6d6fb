// /robots.txt and /sitemap.xml with absolute addresses built from configuration only: PUBLIC_URL,
// else http://localhost:PORT (docs/decisions/100). Never from the request's Host header, which
// anyone can set and which a day of caching would hand to every later visitor and crawler.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import type { Config } from "../../config";
import { PUBLIC_PAGE_PATHS } from "../../../shared/page-routes";

/** The sitemap's pages: the app's public pages (one list with the router and the prerender). */
export const PUBLIC_PATHS: readonly string[] = PUBLIC_PAGE_PATHS;

/** This site's absolute origin as configured; the sitemap protocol needs absolute addresses. */
export function configuredOrigin(config: Pick<Config, "publicUrl" | "port">): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);

export function registerSeoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const origin = configuredOrigin(ctx.config);
  const robots = `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
  const urls = PUBLIC_PATHS.map((p) => `  <url><loc>${escapeXml(`${origin}${p}`)}</loc></url>`).join("\n");
  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;

  app.get("/robots.txt", (_request, reply) => {
    reply.type("text/plain; charset=utf-8").header("cache-control", "public, max-age=86400");
    return robots;
  });

  app.get("/sitemap.xml", (_request, reply) => {
    reply.type("application/xml; charset=utf-8").header("cache-control", "public, max-age=86400");
    return sitemap;
  });
}
